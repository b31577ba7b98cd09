"""The exact-bid family: a turned-up trump, exact bids with the hook, points per trick.

Wizard and Oh Hell are one machine: each deal, the card after the hands is turned up and
names trump; every seat bids, left of the dealer first and the dealer last, the number of
tricks it will take, and under the hook the dealer may not make the bids total the tricks
of the deal; the cards are played, and each seat scores by its bid and the tricks it
took. :class:`ExactBidRules` states that machine once, on :class:`~tricktaking.kit.GameRules`;
a game of the family is a subclass that gives its differences as data (its bid class, its
phases, the words and clauses of its messages) and a few small hooks: its deck and deal,
its follow rule and trick winner, what a turned-up card decides (a Wizard lets the dealer
choose trump), and a deal's score.

Example:
    >>> from tricktaking import exact_bids
    >>> from tricktaking.games import oh_hell, wizard
    >>> isinstance(wizard.RULES, exact_bids.ExactBidRules), isinstance(oh_hell.RULES,
    ...     exact_bids.ExactBidRules)
    (True, True)
    >>> str(wizard.Bid(2, 3)), isinstance(oh_hell.Bid(2, 3), exact_bids.ExactBid)
    ('2 bid 3', True)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

import attrs

from tricktaking import kit
from tricktaking.actions import Action, ChooseTrump, Deal
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.errors import Violation
from tricktaking.history import History
from tricktaking.kit import _Table
from tricktaking.plugins import (
    CardGroup,
    FieldSink,
    Observation,
    ObservationTables,
    Screen,
    SeatNames,
    TableExtras,
    TerminalPlugin,
    WorldLayout,
)
from tricktaking.tricks import Play, Trick
from tricktaking.views import PlayerView, Zone, replacement

__all__ = [
    "BidView",
    "ExactBid",
    "ExactBidRules",
    "bid_fields",
    "bid_layout",
    "bids_line",
    "co_winners",
    "nearest_bid",
    "play_for_bid",
    "public_calls",
    "table_extras",
    "terminal",
    "write_bids",
]


@attrs.frozen
class ExactBid:
    """A bid of the family: the number of tricks the seat will take, exactly.

    Each game of the family subclasses it as its own ``Bid`` (``wizard.Bid``,
    ``oh_hell.Bid``), so that the door tells the games' bids apart.

    Example:
        >>> from tricktaking.games.oh_hell import Bid
        >>> str(Bid(2, 3)), Bid(2, 3).tricks
        ('2 bid 3', 3)
    """

    seat: int = attrs.field(validator=kit.exact_int)
    tricks: int = attrs.field(validator=kit.exact_int)

    def __str__(self) -> str:
        return f"{self.seat} bid {self.tricks}"


def co_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat whose total is the highest; ties make co-winners (WZ-13.2, OH-13.2).

    Example:
        >>> from tricktaking.exact_bids import co_winners
        >>> co_winners([120, 90, 120]), co_winners([-10, -40, -30])
        ((0, 2), (0,))
    """
    return kit.top_seats(totals)


class _Config(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def bid_rule(self) -> str: ...


class _State(_Table, Protocol):
    """What the family reads of a state: the kit's, and the family's own fields."""

    @property
    def config(self) -> _Config: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def score_sheet(self) -> History[tuple[int, ...]]: ...
    @property
    def history(self) -> History[Any]: ...


_S = TypeVar("_S", bound=_State)
_C = TypeVar("_C")
_A = TypeVar("_A")
_V = TypeVar("_V")


class ExactBidRules(kit.GameRules[_S, _C, _A, _V]):
    """The rules of a game of the exact-bid family, on :class:`~tricktaking.kit.GameRules`.

    It bids, chooses trump, deals, scores and shows the turn-up for the game. The
    subclass sets, beside the kit's class attributes, those below, and the hooks
    ``_new_state``, ``_deal_from``, ``_deal_problem``, ``_legal`` (it calls
    :meth:`_calls` outside the play phase), ``_playable``, ``_unplayable``,
    ``_strengths`` (the card strengths of a trick, from which it plays the trick and
    scores the deal once its last trick is played), ``_hand_size``,
    ``_deal_score``, ``_dealer_of`` and ``_view_values``; ``_turn_up`` and
    ``_dealt_fields`` have defaults. The state has the fields ``stock`` (``stock[0]`` is
    the turn-up card), ``trump``, ``bids``, ``scores``, ``score_sheet`` and ``history``.

    Attributes:
        bid_type: The game's :class:`ExactBid` class.
        bid_phase: The phase of the bidding.
        choose_phase: The phase in which the dealer names trump after a turn-up that
            lets them (see ``_turn_up``), or ``None`` if no turn-up does.
        seats: The most seats the game has.
        most_tricks: The most tricks of a deal, for any number of seats.
        bid_range: The message of a bid out of range, of the hand size ``{r}``.
        hook_rule: The message of a bid the hook forbids, of the hand size ``{r}``.
        choose_rule: The message of a trump choice in another phase.

    Example:
        >>> from tricktaking.games import wizard
        >>> rules = wizard.RULES
        >>> rules.bid_phase, rules.choose_phase
        (<WizardPhase.BID: 'bid'>, <WizardPhase.CHOOSE_TRUMP: 'choose_trump'>)
        >>> rules.bid_range.format(r=3)
        'a bid in round 3 is 0 to 3 (WZ-7.2)'
    """

    bid_type: type[ExactBid]
    bid_phase: enum.Enum
    choose_phase: enum.Enum | None = None
    seats: int
    most_tricks: int
    bid_range: str
    hook_rule: str
    choose_rule: str = ""

    def __init__(self) -> None:
        super().__init__()
        self._bids = kit.ladder(self.bid_type, range(self.most_tricks + 1), self.seats)
        self._choices = kit.ladder(ChooseTrump, Suit, self.seats)
        self._with_bid = kit.copier(self.state_type, "phase", "bids", "history")
        self._strengths_of = self._strengths  # bound once here, not on every play

    # -----------------------------------------------------------------------------------
    # Bids and the trump choice

    def _to_act(self, state: _S) -> int:
        """The seat to bid (the dealer's left first, the dealer last), or the dealer.

        The bidding order is WZ-7.1 and OH-7.1; the dealer names trump after a turn-up
        that lets them.
        """
        if state.phase is not self.bid_phase:
            return state._dealer
        bids = state.bids
        n = len(bids)
        return (state._dealer + 1 + n - bids.count(None)) % n

    def _forbidden_bid(self, state: _S, seat: int, size: int) -> int | None:
        """The dealer's bid the hook forbids in a deal of ``size`` cards (WZ-7.5, OH-7.4)."""
        if state.config.bid_rule != "hook" or seat != state._dealer:
            return None
        return kit.hooked_bid(state.bids, size)

    def _calls(self, state: _S) -> tuple[_A, ...]:
        """The legal bids from 0 up, or the trump choices S, H, D, C; else ``()``."""
        phase = state.phase
        if phase is self.bid_phase:
            seat = self._to_act(state)
            size = self._hand_size(state)
            forbidden = self._forbidden_bid(state, seat, size)
            bids: tuple[Any, ...] = self._bids[seat][: size + 1]
            return bids if forbidden is None else tuple(b for b in bids if b.tricks != forbidden)
        if phase is self.choose_phase:
            choices: tuple[Any, ...] = self._choices[state._dealer]
            return choices
        return ()

    def _problem(self, state: _S, action: _A) -> kit.Problem | None:
        phase = state.phase
        if isinstance(action, ExactBid):
            if phase is not self.bid_phase:
                return Violation.WRONG_PHASE, "bids are made only in the bid phase"
            seat, tricks = action.seat, action.tricks
            problem = kit.turn_problem(seat, self._to_act(state), phase.value)
            if problem is not None:
                return problem
            r = self._hand_size(state)
            if not 0 <= tricks <= r:
                return Violation.BID_OUT_OF_RANGE, self.bid_range.format(r=r)
            if tricks == self._forbidden_bid(state, seat, r):
                return Violation.FORBIDDEN_BID_TOTAL, self.hook_rule.format(r=r)
            return None
        if isinstance(action, ChooseTrump):
            if phase is not self.choose_phase:
                return Violation.WRONG_PHASE, self.choose_rule
            return kit.turn_problem(action.seat, state._dealer, phase.value)
        return None  # plays and deals are the kit's

    def _advance(self, state: _S, action: _A) -> _S:
        history = state.history.append(action)
        if isinstance(action, ExactBid):
            seat = action.seat
            return self._with_bid(
                state,
                phase=self.play_phase if seat == state._dealer else self.bid_phase,
                bids=kit.replace_at(state.bids, seat, action.tricks),
                history=history,
            )
        if not isinstance(action, ChooseTrump):  # pragma: no cover - the kit's own
            raise TypeError(f"{action!r} is not {self.article} {self.title} call")
        return self._copy(state, phase=self.bid_phase, trump=action.suit, history=history)

    def _parse_own(self, text: str) -> _A | None:
        example = f"{self.article} {self.title} bid such as '2 bid 3'"
        return cast("_A | None", kit.parse_bid(text, self.bid_type, example))

    # -----------------------------------------------------------------------------------
    # The deal and its score

    def _dealt(self, state: _S, deal: Deal) -> _S:
        stock = deal.stock
        phase, trump = self._turn_up(stock[0] if stock else None)
        return self._copy(
            kit.start_round(
                state,
                state._number + 1,
                self._dealer_of(state, deal),
                kit.dealt_hands(deal, self._deck_of(state)),
            ),
            phase=phase,
            stock=stock,
            trump=trump,
            bids=(None,) * len(state.bids),
            history=state.history.append(deal),
            **self._dealt_fields(state, deal),
        )

    def _scored(self, state: _S, played: _S) -> _S:
        """``played``, the deal's last trick just taken, with the deal's scores added."""
        bids = tuple(bid for bid in state.bids if bid is not None)
        if len(bids) != len(state.bids):  # pragma: no cover - play starts after the last bid
            raise RuntimeError("a deal scored before every seat bid")
        won = played._won
        scored = tuple([self._deal_score(state, *made) for made in zip(bids, won, strict=True)])
        last = played._number == self._deals(state)
        totals = tuple([total + score for total, score in zip(state.scores, scored, strict=True)])
        return self._copy(
            played,
            phase=self.over_phase if last else self.deal_phase,
            scores=totals,
            score_sheet=state.score_sheet.append(scored),
        )

    # -----------------------------------------------------------------------------------
    # Trick play

    def _play(self, state: _S, play: Play) -> _S:
        played, done = kit.play_card(
            state, play, state.history.append(play), self._strengths_of, state.trump
        )
        if done is None or len(played._tricks) < self._hand_size(state):
            return played
        return self._scored(state, played)

    def _table_zones(self, state: _S) -> tuple[Zone, ...]:
        # the turn-up card is seen by everyone, the rest of the stock by nobody
        stock = state.stock
        return Zone("turn-up", stock[:1], None), Zone("stock", stock[1:], frozenset())

    def _hidden_changes(self, state: _S, cards: Mapping[str, tuple[Card, ...]]) -> dict[str, Any]:
        return {"stock": state.stock[:1] + replacement(cards, "stock", state.stock[1:])}

    # -----------------------------------------------------------------------------------
    # The family's hooks

    def _deals(self, state: _S) -> int:
        """The number of deals the game plays under the state's configuration."""
        raise NotImplementedError

    def _hand_size(self, state: _S) -> int:
        """The number of cards each seat was dealt this deal (the most tricks to bid)."""
        raise NotImplementedError

    def _deck_of(self, state: _S) -> Deck:
        """The game's deck under the state's configuration."""
        raise NotImplementedError

    def _strengths(self, plays: tuple[Play, ...], trump: Suit | None) -> Mapping[Card, int]:
        """Each card's strength in a complete trick of ``plays`` (the strongest wins it)."""
        raise NotImplementedError

    def _deal_score(self, state: _S, bid: int, taken: int) -> int:
        """A seat's score for the deal by its bid and the tricks it took."""
        raise NotImplementedError

    def _dealer_of(self, state: _S, deal: Deal) -> int:
        """The dealer of a checked ``deal``."""
        raise NotImplementedError

    def _turn_up(self, card: Card | None) -> tuple[enum.Enum, Suit | None]:
        """The phase after the deal and the trump a turned-up card (or none) decides."""
        return self.bid_phase, None if card is None else card.suit

    def _dealt_fields(self, state: _S, deal: Deal) -> dict[str, Any]:
        """The game's own fields a deal sets."""
        return {}


# ---------------------------------------------------------------------------------------
# What the family's plug-ins share


class BidView(PlayerView, Protocol):
    """What the family's plug-ins read of a view: the table fields, the turn-up, the bids.

    Example:
        >>> from tricktaking.exact_bids import BidView
        >>> import tricktaking as tt
        >>> seen: BidView = tt.view(tt.new_game(tt.OhHellConfig()), 0)
        >>> seen.turn_up, seen.bids
        (None, (None, None, None))
    """

    @property
    def turn_up(self) -> Card | None:
        """The turned-up card of the deal, or ``None``."""
        ...

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid this deal, ``None`` until made."""
        ...


def public_calls(view: BidView, bid: Callable[[int, int], Action], *, chose: bool) -> list[Action]:
    """The deal's calls a view shows: the dealer's trump choice if ``chose``, then the bids.

    The bids come in bidding order, left of the dealer first; ``bid`` makes the game's
    bid. A worlds plug-in replays them after the deal.

    Example:
        >>> from tricktaking.exact_bids import public_calls
        >>> from tricktaking.games.oh_hell import Bid, OhHellConfig, RULES
        >>> state = RULES.new_game(OhHellConfig(hand_size=3, first_dealer=2))
        >>> state = RULES.apply(state, RULES.deal(state, seed=1))
        >>> state = RULES.apply(state, Bid(0, 1))
        >>> public_calls(RULES.view(state, 1), Bid, chose=False)
        [Bid(seat=0, tricks=1)]
    """
    calls: list[Action] = []
    if chose and view.trump is not None:
        calls.append(ChooseTrump(view.dealer, view.trump))
    n = view.players
    for bidder in ((view.dealer + 1 + k) % n for k in range(n)):
        tricks = view.bids[bidder]
        if tricks is not None:
            calls.append(bid(bidder, tricks))
    return calls


def bid_layout(
    view: BidView,
    config: object,
    rules: ExactBidRules[Any, Any, Any, Any],
    follow: Callable[[tuple[Card, ...], Trick], tuple[Card, ...]],
    *,
    stock: int,
    chose: bool = False,
    drawn_dealer: int | None = None,
) -> WorldLayout:
    """The worlds of a view of the family: the other hands, the stock, then the deal's calls.

    The turn-up card is shown and the rest of the deal's ``stock`` cards (the turn-up
    among them) are hidden; a world replays the :func:`public_calls` (the bids of the
    game of ``rules``, and the trump choice if ``chose``) and the plays. ``follow`` and
    ``drawn_dealer`` are :func:`~tricktaking.kit.deal_layout`'s.

    Example:
        >>> from tricktaking.exact_bids import bid_layout
        >>> from tricktaking.games.oh_hell import OhHellConfig, RULES, legal_plays
        >>> config = OhHellConfig(hand_size=4, first_dealer=0)
        >>> state = RULES.new_game(config)
        >>> seen = RULES.view(RULES.apply(state, RULES.deal(state, seed=1)), 2)
        >>> layout = bid_layout(seen, config, RULES, legal_plays, stock=40)
        >>> layout.zones, layout.sizes
        (('hand 0', 'hand 1', 'stock'), (4, 4, 39))
    """
    turn_up = () if view.turn_up is None else (view.turn_up,)
    calls = public_calls(view, rules.bid_type, chose=chose)
    return kit.deal_layout(
        view,
        config,
        follow=follow,
        actions=[*calls, *kit.plays_of(view.trick, view.tricks)],
        complete=view.phase in (rules.deal_phase, rules.over_phase),
        shown=turn_up,
        stock_zone=("stock", stock - len(turn_up)),
        drawn_dealer=drawn_dealer,
    )


def table_extras(view: BidView, *lines: str) -> TableExtras:
    """What the renderer draws of a family view: the ``lines``, the bids, the turn-up.

    Example:
        >>> from tricktaking.exact_bids import table_extras
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(hand_size=2, first_dealer=0))
        >>> extras = table_extras(tt.view(tt.apply(state, tt.deal(state, 3)), 1), "hand 1")
        >>> extras.lines, extras.seat_notes, extras.groups[0].label
        (('hand 1',), ((), (), ()), 'turn-up')
    """
    notes = tuple(() if bid is None else (f"bid {bid}",) for bid in view.bids)
    groups: tuple[CardGroup, ...] = ()
    if view.turn_up is not None:
        groups = (CardGroup(label="turn-up", cards=(view.turn_up,), zone="turn-up"),)
    return TableExtras(lines=lines, seat_notes=notes, groups=groups)


def bids_line(bids: Sequence[int | None], names: SeatNames) -> str:
    """``bids: you 2, seat 1 0``: the bids made so far, for the terminal game's table.

    Example:
        >>> from tricktaking.exact_bids import bids_line
        >>> bids_line([2, None, 0], lambda seat: "you" if seat == 0 else f"seat {seat}")
        'bids: you 2, seat 2 0'
    """
    made = [f"{names(seat)} {bid}" for seat, bid in enumerate(bids) if bid is not None]
    return f"bids: {', '.join(made) or 'none yet'}"


def _bid_task(action: Action, view: PlayerView) -> str | None:
    return "bid how many tricks you will take" if isinstance(action, ExactBid) else None


def terminal(
    view_type: type[BidView],
    *,
    table: Callable[[PlayerView, SeatNames, Screen], None],
    deal_news: Callable[[PlayerView, SeatNames, Screen], None],
) -> TerminalPlugin:
    """The terminal plug-in of a family game, with the game's ``table`` and ``deal_news``.

    The family adds the task of a bid and, after each deal, how each seat's bid went.

    Example:
        >>> from tricktaking.exact_bids import terminal
        >>> from tricktaking.games.oh_hell import Bid, OhHellView
        >>> plugin = terminal(OhHellView, table=print, deal_news=print)
        >>> plugin.task(Bid(0, 1), None)
        'bid how many tricks you will take'
    """

    def deal_summary(
        view: PlayerView, gained: Sequence[int], names: SeatNames, screen: Screen
    ) -> bool:
        if not isinstance(view, view_type):
            return False
        won, totals = view.tricks_won, view.scores
        for seat, bid in enumerate(view.bids):
            verdict = "made it" if bid == won[seat] else "missed"
            screen(
                f"{names(seat)}: bid {bid}, took {won[seat]} ({verdict}): "
                f"{gained[seat]:+d}, total {totals[seat]}"
            )
        return True

    return TerminalPlugin(
        table=table, task=_bid_task, deal_news=deal_news, deal_summary=deal_summary
    )


_REL = "by relative seat"


def bid_fields(
    out: FieldSink, players: int, cards: int, most_tricks: int, *, none: str = "when there is none"
) -> None:
    """Add the family's observation fields: the turn-up of ``cards`` and every seat's bid.

    ``none`` says when the turn-up field is all 0.

    Example:
        >>> from tricktaking.rl import layout_for
        >>> layout_for("oh-hell", 3).field("bids").length
        54
    """
    out.add("turn_up", cards, f"one-hot turned-up card; all 0 {none}")
    width = most_tricks + 1
    meaning = f"for each seat {_REL}, its bid 0 … {most_tricks} one-hot; 0 before it"
    out.add("bids", players * width, meaning)


def write_bids(
    out: Observation, view: BidView, tables: ObservationTables, most_tricks: int
) -> None:
    """Write the fields of :func:`bid_fields` for ``view``.

    Example:
        >>> from tricktaking.rl import encode, layout_for
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(hand_size=2, first_dealer=0))
        >>> seen = tt.view(tt.apply(state, tt.deal(state, 3)), 1)
        >>> field = layout_for("oh-hell", 3).field("turn_up")
        >>> float(encode(seen)[field.offset : field.offset + field.length].sum())
        1.0
    """
    at, rel = tables.offsets, tables.rel
    if view.turn_up is not None:
        out[at["turn_up"] + tables.card[view.turn_up]] = 1.0
    width = most_tricks + 1
    for seat, bid in enumerate(view.bids):
        if bid is not None:
            out[at["bids"] + rel(seat) * width + bid] = 1.0


def nearest_bid(legal: Sequence[Action], estimate: float) -> Action:
    """The legal bid nearest ``estimate`` tricks, the lower of two as near.

    Example:
        >>> from tricktaking.exact_bids import nearest_bid
        >>> from tricktaking.games.wizard import Bid
        >>> nearest_bid([Bid(1, 0), Bid(1, 1), Bid(1, 3)], 2.0)
        Bid(seat=1, tricks=1)
    """
    bids = [action for action in legal if isinstance(action, ExactBid)]
    return min(bids, key=lambda bid: (abs(bid.tricks - estimate), bid.tricks))


def play_for_bid(
    view: BidView,
    legal: Sequence[Action],
    *,
    power: Callable[[Card], float],
    winner: Callable[[Trick], int],
) -> Action:
    """The play of a seat that wants exactly its bid: win while short of it, else duck.

    :func:`~tricktaking.kit.choose_play` with the card ``power`` and the trick ``winner``
    of the game.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.exact_bids import play_for_bid
        >>> from tricktaking.games.oh_hell import trick_winner
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(hand_size=2, first_dealer=0))
        >>> state = tt.apply(state, tt.deal(state, 3))
        >>> while tt.actor(state) is not None and state.phase.value == "bid":
        ...     state = tt.apply(state, tt.legal_actions(state)[0])
        >>> seen = tt.view(state, tt.actor(state))
        >>> play_for_bid(seen, seen.legal_actions, power=kit.rank_index,
        ...              winner=lambda trick: trick_winner(trick, seen.trump)) in seen.legal_actions
        True
    """
    plays = [action for action in legal if isinstance(action, Play)]
    bid = view.bids[view.seat] or 0
    return kit.choose_play(
        plays,
        view.trick,
        want_win=view.tricks_won[view.seat] < bid,
        power=power,
        winner=winner,
        last=len(view.trick.plays) == view.players - 1,
    )
