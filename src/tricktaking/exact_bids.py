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
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

import attrs

from tricktaking import kit
from tricktaking.actions import ChooseTrump, Deal, parse_number, parse_seat
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.errors import NotationError, Violation
from tricktaking.history import History
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick
from tricktaking.views import Zone, replacement

__all__ = ["ExactBid", "ExactBidRules", "co_winners"]


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


class _State(Protocol):
    """What the family reads of a state: the kit's parts and the family's own fields."""

    @property
    def config(self) -> _Config: ...
    @property
    def phase(self) -> enum.Enum: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def round(self) -> Round: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def score_sheet(self) -> History[tuple[int, ...]]: ...
    @property
    def history(self) -> History[Any]: ...
    @property
    def _legal(self) -> tuple[Any, ...] | None: ...
    @property
    def _hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def _turn(self) -> int: ...
    @property
    def _dealer(self) -> int: ...
    @property
    def _number(self) -> int: ...
    @property
    def _leader(self) -> int: ...
    @property
    def _plays(self) -> tuple[Play, ...]: ...
    @property
    def _tricks(self) -> tuple[Trick, ...]: ...
    @property
    def _won(self) -> tuple[int, ...]: ...


_S = TypeVar("_S", bound=_State)
_C = TypeVar("_C")
_A = TypeVar("_A")
_V = TypeVar("_V")


class ExactBidRules(kit.GameRules[_S, _C, _A, _V]):
    """The rules of a game of the exact-bid family, on :class:`~tricktaking.kit.GameRules`.

    It bids, chooses trump, deals, scores and shows the turn-up for the game. The
    subclass sets, beside the kit's class attributes, those below, and the hooks
    ``_new_state``, ``_deal_from``, ``_deal_problem``, ``_legal`` (it calls
    :meth:`_calls` outside the play phase), ``_playable``, ``_unplayable``, ``_play`` (it
    ends with :meth:`_scored` once the deal's last trick is played), ``_hand_size``,
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

    # -----------------------------------------------------------------------------------
    # Bids and the trump choice

    def _bidder(self, state: _S) -> int:
        """The seat to bid: left of the dealer first, the dealer last (WZ-7.1, OH-7.1)."""
        n = len(state.bids)
        return (state._dealer + 1 + n - state.bids.count(None)) % n

    def _forbidden_bid(self, state: _S, seat: int) -> int | None:
        """The dealer's bid the hook forbids, if any (WZ-7.5, OH-7.4)."""
        if state.config.bid_rule != "hook" or seat != state._dealer:
            return None
        return kit.hooked_bid(state.bids, self._hand_size(state))

    def _calls(self, state: _S) -> tuple[_A, ...]:
        """The legal bids from 0 up, or the trump choices S, H, D, C; else ``()``."""
        phase = state.phase
        if phase is self.bid_phase:
            seat = self._bidder(state)
            forbidden = self._forbidden_bid(state, seat)
            bids: tuple[Any, ...] = self._bids[seat][: self._hand_size(state) + 1]
            return bids if forbidden is None else tuple(b for b in bids if b.tricks != forbidden)
        if phase is self.choose_phase:
            choices: tuple[Any, ...] = self._choices[state._dealer]
            return choices
        return ()

    def _to_act(self, state: _S) -> int:
        # the bidder, or the dealer naming trump
        return self._bidder(state) if state.phase is self.bid_phase else state._dealer

    def _problem(self, state: _S, action: _A) -> kit.Problem | None:
        phase = state.phase
        if isinstance(action, ExactBid):
            if phase is not self.bid_phase:
                return Violation.WRONG_PHASE, "bids are made only in the bid phase"
            seat, tricks = action.seat, action.tricks
            problem = kit.turn_problem(seat, self._bidder(state), phase.value)
            if problem is not None:
                return problem
            r = self._hand_size(state)
            if not 0 <= tricks <= r:
                return Violation.BID_OUT_OF_RANGE, self.bid_range.format(r=r)
            if tricks == self._forbidden_bid(state, seat):
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
        words = text.split()
        if len(words) != 3 or words[1].lower() != "bid":
            return None
        try:
            bid = self.bid_type(parse_seat(words[0]), parse_number(words[2], "bid"))
        except NotationError as error:
            example = f"{self.article} {self.title} bid such as '2 bid 3'"
            raise NotationError(f"not {example}: {error}") from None
        return cast("_A", bid)

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
