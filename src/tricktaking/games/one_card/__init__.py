"""One Card, for 2 to 4 players, to the rules of ``rules/one_card.md`` (clauses ``OC-*``).

A 25-card pack (9 to A in four suits and a joker) is dealt out but for one face-down
centre card, *the One Card*, which goes to the winner of the last trick. Players bid
points in an auction; the bidder's first lead names trump. K, Q and J are worth 1 point,
the joker 3, and the pack holds 15. Without a bid the hand is played without trump, and
the player who captures the joker may turn the suits downtown for the rest of the hand.

The game's rules are :class:`OneCardRules`, and :data:`RULES` its one instance, whose
methods this module exports as the precisely typed engine functions (``new_game``,
``apply``, ``legal_actions``, ...). The pure rule helpers are ``effective_suit``,
``led_suit``, ``legal_plays``, ``trick_winner`` and ``card_points``.

Example:
    >>> from tricktaking.cards import Card
    >>> from tricktaking.games import one_card
    >>> state = one_card.new_game(one_card.OneCardConfig(players=3))
    >>> state = one_card.apply(state, one_card.deal(state, seed=1))
    >>> one_card.legal_actions(state)[:3]
    (Pass(seat=1), Bid(seat=1, points=7), Bid(seat=1, points=8))
    >>> one_card.card_points(Card.parse("JK")), one_card.card_points(Card.parse("KH"))
    (3, 1)
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Mapping, Sequence
from typing import Final, TypeAlias

import attrs

from tricktaking import kit
from tricktaking.actions import ChooseDirection, Deal, Pass
from tricktaking.cards import Card, Direction, Rank, Suit
from tricktaking.deck import Deck
from tricktaking.errors import Violation
from tricktaking.history import History
from tricktaking.tricks import Play, Trick, effective_suit, follow_suit, left_of, seats_from
from tricktaking.views import (
    JSONValue,
    TableView,
    Zone,
    actions_to_json,
    config_json,
    replacement,
    table_json,
)

__all__ = [
    "MAX_BID",
    "RULES",
    "Bid",
    "ChooseDirection",
    "Deal",
    "OneCardAction",
    "OneCardCall",
    "OneCardConfig",
    "OneCardPhase",
    "OneCardRules",
    "OneCardState",
    "OneCardView",
    "Pass",
    "Play",
    "actor",
    "apply",
    "card_points",
    "check",
    "deal",
    "effective_suit",
    "game_winner",
    "hand_scores",
    "is_over",
    "led_suit",
    "legal_actions",
    "legal_plays",
    "new_game",
    "parse_action",
    "scores",
    "trick_winner",
    "view",
    "winners",
    "with_zones",
    "zones",
]

MAX_BID = 15
"""The highest bid, and the points in the pack (OC-2.3, OC-7.2)."""

_DECK = Deck.one_card()
_DECK_ORDERS = kit.sorted_orders(_DECK)
_JOKER = Card.parse("JK")
_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


@attrs.frozen(kw_only=True)
class OneCardConfig:
    """The options of a One Card game (OC-3.1), validated when built (OC-3.2).

    Args:
        players: 2 to 4 seats.
        first_dealer: The dealer of hand 1, a seat.
        target: The total a player must reach to win, 1 to 1,000,000.

    Raises:
        ConfigError: If an option is outside its allowed values.

    Example:
        >>> from tricktaking.games.one_card import OneCardConfig
        >>> config = OneCardConfig(players=3)
        >>> config.hand_size, config.min_bid, config.target
        (8, 7, 30)
    """

    players: int
    first_dealer: int = 0
    target: int = 30

    def __attrs_post_init__(self) -> None:
        kit.exact_options(self, ints=("players", "first_dealer", "target"))
        kit.int_option("players", self.players, 2, 4)
        kit.seat_option("first_dealer", self.first_dealer, self.players)
        kit.int_option("target", self.target, 1, kit.MAX_TARGET)

    @property
    def hand_size(self) -> int:
        """The number of cards dealt to each player, 12, 8 or 6 (OC-5.1)."""
        return 24 // self.players

    @property
    def min_bid(self) -> int:
        """The lowest opening bid, 8, 7 or 6 points (OC-7.2)."""
        return 10 - self.players


class OneCardPhase(kit.Phase):
    """Where a One Card game stands.

    Example:
        >>> from tricktaking.games.one_card import OneCardPhase
        >>> OneCardPhase("choose_direction")
        <OneCardPhase.CHOOSE_DIRECTION: 'choose_direction'>
    """

    DEAL = "deal"
    """The next action is the chance :class:`~tricktaking.actions.Deal`."""
    BID = "bid"
    """The point auction (OC-7)."""
    PLAY = "play"
    """Trick play."""
    CHOOSE_DIRECTION = "choose_direction"
    """In a no-bid hand, the joker's captor chooses uptown or downtown (OC-8.3)."""
    OVER = "over"
    """A player has won."""


@attrs.frozen
class Bid:
    """A One Card bid of a number of points (OC-7.2).

    Example:
        >>> from tricktaking.games.one_card import Bid
        >>> str(Bid(1, 9))
        '1 bid 9'
    """

    seat: int = attrs.field(validator=kit.exact_int)
    points: int = attrs.field(validator=kit.exact_int)

    def __str__(self) -> str:
        return f"{self.seat} bid {self.points}"


OneCardCall: TypeAlias = Bid | Pass
"""A call in the auction."""

OneCardAction: TypeAlias = Deal | Bid | Pass | Play | ChooseDirection
"""Every action of a One Card game."""


@kit.state_class
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class OneCardState(kit.State):
    """The complete, immutable state of a One Card game.

    Attributes:
        config: The game's options.
        phase: The current phase.
        round: The current hand; an empty hand 0 before the first deal, and the
            completed hand until the next deal.
        centre: The One Card, face down in the centre (hidden until the hand ends).
        calls: The auction's calls so far, in order.
        bidder: The high bidder once the auction has ended with a bid, else ``None``.
        contract: The bidder's high bid, else ``None``.
        trump: The trump suit once the bidder has led, else ``None``.
        direction: Uptown, or downtown after a reversal in a no-bid hand.
        points: Each seat's card points captured this hand (with the One Card at the end).
        scores: Cumulative scores per seat.
        score_sheet: Each completed hand's scores, oldest first.
        history: Every action applied, deals included.

    Example:
        >>> from tricktaking.games.one_card import OneCardConfig, new_game
        >>> new_game(OneCardConfig(players=2)).scores
        (0, 0)
    """

    config: OneCardConfig
    phase: OneCardPhase
    centre: Card | None
    calls: tuple[OneCardCall, ...]
    bidder: int | None
    contract: int | None
    trump: Suit | None
    direction: Direction
    points: tuple[int, ...]
    scores: tuple[int, ...]
    score_sheet: History[tuple[int, ...]]
    history: History[OneCardAction]

    @property
    def hand_complete(self) -> bool:
        """Whether every trick of the current hand has been played."""
        return len(self._tricks) == self.config.hand_size


@attrs.frozen(kw_only=True)
class OneCardView(TableView[OneCardPhase, OneCardAction]):
    """What one seat may see of a One Card game.

    The One Card appears only once the hand's last trick is complete (OC-5.3).

    Example:
        >>> from tricktaking.games.one_card import OneCardConfig, apply, deal, new_game, view
        >>> state = new_game(OneCardConfig(players=3))
        >>> v = view(apply(state, deal(state, seed=2)), 0)
        >>> len(v.hand), v.hand_sizes, v.centre
        (8, (8, 8, 8), None)
    """

    config: OneCardConfig
    """The rules everyone at the table knows, as the game's configuration."""
    calls: tuple[OneCardCall, ...]
    """The auction's calls so far, in order."""
    bidder: int | None
    """The high bidder once the auction ended with a bid, else ``None``."""
    contract: int | None
    """The bidder's contract in points, else ``None``."""
    direction: Direction
    """Uptown, or downtown after a reversal in a no-bid hand (OC-8.3)."""
    centre: Card | None
    """The One Card, shown once the hand's last trick is complete (OC-5.3), else ``None``."""
    points: tuple[int, ...]
    """Card points each seat has captured this hand."""

    @property
    def hand_number(self) -> int:
        """Deprecated alias of :attr:`~tricktaking.views.TableView.round_number` (gone in 0.3)."""
        warnings.warn(
            "OneCardView.hand_number is deprecated; use round_number",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.round_number

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as plain JSON data: the table fields, then One Card's own.

        ``"hand_number"`` repeats ``"round_number"`` and is deprecated (removed in 0.3).

        Example:
            >>> from tricktaking.games.one_card import OneCardConfig, new_game, view
            >>> view(new_game(OneCardConfig(players=2)), 1).to_dict()["game"]
            'one-card'
        """
        data = table_json("one-card", self)
        data["config"] = config_json(self.config)
        data["calls"] = actions_to_json(self.calls)
        data["bidder"] = self.bidder
        data["contract"] = self.contract
        data["direction"] = self.direction.value
        data["centre"] = None if self.centre is None else str(self.centre)
        data["points"] = list(self.points)
        data["hand_number"] = self.round_number
        return data


# Enum members used in function bodies, read once: on Python 3.11 every
# ``Enum.MEMBER`` lookup goes through EnumType.__getattr__ (~100 ns).
_DOWNTOWN = Direction.DOWNTOWN
_UPTOWN = Direction.UPTOWN
_BID_PHASE = OneCardPhase.BID
_CHOOSE_DIRECTION_PHASE = OneCardPhase.CHOOSE_DIRECTION
_DEAL_PHASE = OneCardPhase.DEAL
_OVER_PHASE = OneCardPhase.OVER
_PLAY_PHASE = OneCardPhase.PLAY
_JOKER_RANK = Rank.JOKER


_replace = kit.copier(OneCardState)
# copies of exactly the fields a frequent step changes, cheaper than _replace's
_with_call = kit.copier(OneCardState, "calls", "history")  # a call in the auction
_with_trump = kit.copier(OneCardState, "trump")  # the bidder's first lead names trump
_with_trick = kit.copier(OneCardState, "phase", "points")  # a trick won, the hand goes on


# ---------------------------------------------------------------------------------------
# Rule helpers


def card_points(card: Card) -> int:
    """A card's points: K, Q, J are 1, the joker 3, everything else 0 (OC-2.3).

    Example:
        >>> from tricktaking.games.one_card import card_points
        >>> from tricktaking.cards import parse_cards
        >>> [card_points(card) for card in parse_cards("AS KS QS JS TS 9S JK")]
        [0, 1, 1, 1, 0, 0, 3]
    """
    return _POINTS.get(card.rank, 0)


_POINTS = {Rank.KING: 1, Rank.QUEEN: 1, Rank.JACK: 1, Rank.JOKER: 3}
_POINTS_OF = {card: _POINTS.get(card.rank, 0) for card in _DECK}


def hand_scores(
    points: tuple[int, ...], bidder: int | None, contract: int | None
) -> tuple[int, ...]:
    """What each seat scores for a hand from its hand points (OC-12.3 to OC-12.5).

    Everyone scores their hand points, except a bidder short of the contract, who
    scores 0. ``bidder`` and ``contract`` are ``None`` in a no-bid hand.

    Example:
        >>> from tricktaking.games.one_card import hand_scores
        >>> hand_scores((7, 4, 4), bidder=0, contract=7), hand_scores((7, 4, 4), 0, 8)
        ((7, 4, 4), (0, 4, 4))
    """
    if bidder is not None and contract is not None and points[bidder] < contract:
        return kit.replace_at(points, bidder, 0)
    return points


def game_winner(totals: Sequence[int], target: int) -> int | None:
    """The winner after a hand: the one seat with the top total, if it reaches ``target``.

    ``None`` means another hand is played: nobody has reached the target, or the top
    total is shared (OC-13.2 to OC-13.4).

    Example:
        >>> from tricktaking.games.one_card import game_winner
        >>> game_winner([0, 30, 31], 30), game_winner([12, 31, 31], 30), game_winner([5, 9], 30)
        (2, None, None)
    """
    totals = tuple(totals)  # free for the tuple the engine passes
    top = max(totals)
    if top < target or totals.count(top) > 1:
        return None
    return totals.index(top)


def led_suit(trick: Trick, trump: Suit | None) -> Suit | None:
    """The suit to follow: the effective suit of the card led, if any (OC-10.2).

    Example:
        >>> from tricktaking.games.one_card import led_suit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play, Trick
        >>> led_suit(Trick(leader=0, plays=(Play(0, Card.parse("JK")),)), None)
    """
    return _led(trick.plays, trump)


def _led(plays: tuple[Play, ...], trump: Suit | None) -> Suit | None:
    # effective_suit, inline (as in tricks.follow_suit): on the hot path of every list
    return (plays[0].card.suit or trump) if plays else None


def legal_plays(hand: tuple[Card, ...], trick: Trick, trump: Suit | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (OC-10.4), in hand order.

    The bidder's ban on leading the joker to trick 1 (OC-6.3) is not a follow rule and
    is applied by ``legal_actions``.

    Example:
        >>> from tricktaking.games.one_card import legal_plays
        >>> from tricktaking.cards import Card, Suit, format_cards, parse_cards
        >>> from tricktaking.tricks import Play, Trick
        >>> queen_led = Trick(leader=1, plays=(Play(1, Card.parse("QS")),))
        >>> format_cards(legal_plays(parse_cards("AH JK"), queen_led, Suit.SPADES))
        'JK'
    """
    return follow_suit(hand, led_suit(trick, trump), trump)


def _strength(card: Card, trump: Suit | None, direction: Direction, led: Suit | None) -> int:
    if card.rank is _JOKER_RANK:
        return 1000 if trump is None else 99  # OC-11.3, OC-6.4
    index = _RANKS.index(card.rank)
    if card.suit is trump:
        return 100 + index
    if card.suit is not led:
        return -1
    downtown = trump is None and direction is _DOWNTOWN  # OC-8.3: no-bid hands only
    return 5 - index if downtown else index


# strength per (trump, direction, suit to follow): the winner of a trick is its maximum
_STRENGTH = kit.strength_tables(_DECK, _strength)


def _trick_strength(
    plays: tuple[Play, ...], trump: Suit | None, direction: Direction
) -> Mapping[Card, int]:
    return _STRENGTH[trump, direction, _led(plays, trump)]


def trick_winner(trick: Trick, trump: Suit | None, direction: Direction) -> int:
    """The seat winning ``trick`` so far, or its winner once complete (OC-11).

    With trump (a bid hand) the highest trump wins, A K Q J T 9 then the joker; else the
    highest card of the led suit, uptown. Without trump (a no-bid hand) the joker wins,
    else the highest card of the led suit in ``direction``.

    Raises:
        ValueError: If the trick has no plays.

    Example:
        >>> from tricktaking.games.one_card import trick_winner
        >>> from tricktaking.cards import Card, Direction
        >>> from tricktaking.tricks import Play, Trick
        >>> trick = Trick(leader=0, plays=(Play(0, Card.parse("TD")), Play(1, Card.parse("AD")),
        ...                                Play(2, Card.parse("9D"))))
        >>> trick_winner(trick, None, Direction.UPTOWN)
        1
        >>> trick_winner(trick, None, Direction.DOWNTOWN)
        2
    """
    return kit.trick_winner(trick.plays, _trick_strength, trump, direction)


# ---------------------------------------------------------------------------------------
# Interned actions

_PLAYS = kit.card_actions(Play, _DECK, seats=4)
_BIDS = kit.ladder(Bid, range(MAX_BID + 1), seats=4)
_PASSES = tuple(Pass(seat) for seat in range(4))
# a seat's calls when the lowest bid is ``lowest``: pass, then the bids up to 15
_CALLS: tuple[tuple[tuple[OneCardCall, ...], ...], ...] = tuple(
    tuple((_PASSES[seat], *_BIDS[seat][lowest:]) for lowest in range(MAX_BID + 2))
    for seat in range(4)
)
_DIRECTIONS = kit.ladder(ChooseDirection, Direction, seats=4)  # uptown, then downtown


# ---------------------------------------------------------------------------------------
# The auction


# after each seat, every seat in the order the auction goes round (OC-7.3)
_CALL_ORDER = tuple(tuple(seats_from(left_of(seat, n), n) for seat in range(n)) for n in range(7))


def _auction(state: OneCardState) -> tuple[int, Bid | None, int]:
    """The passed seats (a bit mask), the high bid and the next caller (OC-7.3, OC-7.4).

    The next caller is the first seat clockwise from the last caller that has not passed.
    """
    passed = 0
    high: Bid | None = None
    seat = state._dealer
    for call in state.calls:
        seat = call.seat
        if isinstance(call, Bid):
            high = call
        else:
            passed |= 1 << seat
    n = state.config.players
    for caller in _CALL_ORDER[n][seat]:
        if not passed >> caller & 1:
            return passed, high, caller
    return passed, high, seat


def _lowest_bid(state: OneCardState, high: Bid | None) -> int:
    return state.config.min_bid if high is None else high.points + 1


# ---------------------------------------------------------------------------------------
# The rules


def _joker_lead_banned(state: OneCardState) -> bool:
    """The bidder may not lead the joker to trick 1 (OC-6.3)."""
    return state.bidder is not None and state.trump is None


def _call(state: OneCardState, call: OneCardCall) -> OneCardState:
    passed, high, _ = _auction(state)
    if isinstance(call, Bid):
        high = call
    else:
        passed |= 1 << call.seat
    calls = state.calls + (call,)  # noqa: RUF005  (faster: hot path)
    history = state.history.append(call)
    n = state.config.players
    passes = passed.bit_count()
    if high is not None and (high.points == MAX_BID or passes == n - 1):
        # OC-7.5, OC-7.6: a bid hand; the bidder leads trick 1 and names trump (OC-9.1)
        return kit.with_leader(
            state,
            high.seat,
            phase=_PLAY_PHASE,
            calls=calls,
            bidder=high.seat,
            contract=high.points,
            history=history,
        )
    if high is None and passes == n:
        # OC-7.7, OC-9.2: a no-bid hand, led by seat (dealer + n // 2) mod n
        return kit.with_leader(
            state,
            (state._dealer + n // 2) % n,
            phase=_PLAY_PHASE,
            calls=calls,
            history=history,
        )
    return _with_call(state, calls=calls, history=history)


class OneCardRules(kit.GameRules[OneCardState, OneCardConfig, OneCardAction, OneCardView]):
    """One Card's rules: the hooks of :class:`~tricktaking.kit.GameRules` for the game.

    - ``deal``: the pack shuffled by the seed and dealt as OC-5.2 says, the one card left
      in the centre.
    - ``legal_actions`` in this order: in the auction, pass and then the bids from the
      lowest legal one up to 15; plays in hand order; the reversal choice uptown, then
      downtown.
    - ``view``: the seat's own hand and everything public; the One Card only once the
      hand is complete (OC-5.3).
    - ``zones``: each hand, seen by its owner; the One Card, seen by nobody until the hand
      is complete, then by everyone; the played cards.
    - ``is_over`` once a player has won (OC-13); ``scores`` are the cumulative totals
      (OC-12.6); ``winners`` is the one winner (OC-13.2).

    Example:
        >>> from tricktaking.games.one_card import RULES, OneCardConfig
        >>> state = RULES.new_game(OneCardConfig(players=4))
        >>> state = RULES.apply(state, RULES.deal(state, seed=1))
        >>> [str(action) for action in RULES.legal_actions(state)][:3]
        ['1 pass', '1 bid 6', '1 bid 7']
    """

    title = "One Card"
    config_type = OneCardConfig
    state_type = OneCardState
    view_type = OneCardView
    view_fields: tuple[str, ...] = (
        "config",
        "calls",
        "bidder",
        "contract",
        "direction",
        "centre",
        "points",
    )
    actions: tuple[type, ...] = (Deal, Bid, Pass, Play, ChooseDirection)
    deal_phase: enum.Enum = _DEAL_PHASE
    play_phase: enum.Enum = _PLAY_PHASE
    over_phase: enum.Enum = _OVER_PHASE

    def _new_state(self, config: OneCardConfig) -> OneCardState:
        n = config.players
        return OneCardState(
            config=config,
            phase=_DEAL_PHASE,
            round=kit.empty_round(config.first_dealer, n),
            centre=None,
            calls=(),
            bidder=None,
            contract=None,
            trump=None,
            direction=_UPTOWN,
            points=(0,) * n,
            scores=(0,) * n,
            score_sheet=History(),
            history=History(),
        )

    def _deal_from(self, state: OneCardState, seed: int) -> Deal:
        config = state.config
        n = config.players
        dealer = kit.next_dealer(config.first_dealer, state._number, n)
        return kit.deal_round(
            _DECK, seed, players=n, hand_size=config.hand_size, first_seat=left_of(dealer, n)
        )

    def _legal(self, state: OneCardState) -> tuple[OneCardAction, ...]:
        phase = state.phase
        if phase is _PLAY_PHASE:
            seat = state._turn
            return kit.actions_for(_PLAYS[seat], self._playable(state, seat))
        if phase is _BID_PHASE:
            _, high, seat = _auction(state)
            return _CALLS[seat][_lowest_bid(state, high)]
        if phase is _CHOOSE_DIRECTION_PHASE:
            return _DIRECTIONS[state._leader]
        return ()

    def _to_act(self, state: OneCardState) -> int:
        return _auction(state)[2] if state.phase is _BID_PHASE else state._leader

    def _playable(self, state: OneCardState, seat: int) -> tuple[Card, ...]:
        # OC-10.4, and the joker-lead ban of OC-6.3
        hand = state._hands[seat]
        plays = state._plays
        if plays:
            trump = state.trump
            return follow_suit(hand, _led(plays, trump), trump)
        if _joker_lead_banned(state):  # a lead: the ban is the only restriction
            return tuple([card for card in hand if card.rank is not _JOKER_RANK])
        return hand

    def _unplayable(self, state: OneCardState, seat: int, card: Card) -> kit.Problem:
        if card.rank is _JOKER_RANK and _joker_lead_banned(state):
            return Violation.FORBIDDEN_LEAD, "the bidder may not lead the joker to trick 1 (OC-6.3)"
        return kit.follow_problem(seat, _led(state._plays, state.trump), state.trump, "OC-10.4")

    def _problem(self, state: OneCardState, action: OneCardAction) -> kit.Problem | None:
        phase = state.phase
        match action:
            case Bid() | Pass():
                if phase is not _BID_PHASE:
                    return Violation.WRONG_PHASE, "calls are made only in the auction"
                passed, high, caller = _auction(state)
                seat = action.seat
                if 0 <= seat < state.config.players and passed >> seat & 1:
                    return Violation.ALREADY_PASSED, f"seat {seat} has passed (OC-7.4)"
                problem = kit.turn_problem(seat, caller, phase.value)
                if problem is not None or isinstance(action, Pass):
                    return problem
                points = action.points
                if not 0 <= points <= MAX_BID:
                    return Violation.BID_OUT_OF_RANGE, f"a bid is at most {MAX_BID} points (OC-7.2)"
                lowest = _lowest_bid(state, high)
                if points < lowest:
                    return Violation.BID_TOO_LOW, f"the lowest bid now is {lowest} (OC-7.2)"
                return None
            case ChooseDirection(seat=seat):
                if phase is not _CHOOSE_DIRECTION_PHASE:
                    return (
                        Violation.WRONG_PHASE,
                        "the direction is chosen only after the joker falls",
                    )
                return kit.turn_problem(seat, state._leader, phase.value)
            case _:  # plays and deals are the kit's
                return None

    def _deal_problem(self, state: OneCardState, deal: Deal) -> kit.Problem | None:
        config = state.config
        return kit.deal_problem(
            deal,
            deck=_DECK,
            orders=_DECK_ORDERS,
            players=config.players,
            hand_size=config.hand_size,
            stock_size=1,
            dealer=kit.next_dealer(config.first_dealer, state._number, config.players),
        )

    def _dealt(self, state: OneCardState, deal: Deal) -> OneCardState:
        # a hand starts with no calls, no trump, uptown and no points yet
        config = state.config
        dealer = kit.next_dealer(config.first_dealer, state._number, config.players)
        return _replace(
            kit.start_round(state, state._number + 1, dealer, kit.dealt_hands(deal, _DECK)),
            phase=_BID_PHASE,
            centre=deal.stock[0],
            calls=(),
            bidder=None,
            contract=None,
            trump=None,
            direction=_UPTOWN,
            points=(0,) * config.players,
            history=state.history.append(deal),
        )

    def _advance(self, state: OneCardState, action: OneCardAction) -> OneCardState:
        match action:
            case Bid() | Pass():
                return _call(state, action)
            case ChooseDirection(direction=direction):
                history = state.history.append(action)
                return _replace(state, phase=_PLAY_PHASE, direction=direction, history=history)
            case _:  # pragma: no cover - the kit applies plays and deals itself
                raise TypeError(f"{action!r} is not a One Card call")

    def _play(self, state: OneCardState, play: Play) -> OneCardState:
        trump = state.trump
        if state.bidder is not None and trump is None:
            trump = play.card.suit  # OC-6.2: the bidder's first lead names trump
            state = _with_trump(state, trump=trump)
        played, done = kit.play_card(
            state, play, state.history.append(play), _trick_strength, trump, state.direction
        )
        if done is None:
            return played
        winner = played._leader
        gained = 0
        for each in done.plays:  # a loop beats sum(map(...)) over three or four plays
            gained += _POINTS_OF[each.card]
        points = kit.add_at(state.points, winner, gained) if gained else state.points
        if played._hands[winner]:  # cards left: the hand goes on
            reverse = trump is None and any(each.card is _JOKER for each in done.plays)
            if not (reverse or gained):  # a trick without points: nothing else changes
                return played
            phase = _CHOOSE_DIRECTION_PHASE if reverse else _PLAY_PHASE  # OC-8.3
            return _with_trick(played, phase=phase, points=points)
        if state.centre is not None:
            points = kit.add_at(points, winner, _POINTS_OF[state.centre])  # OC-12.2
        scored = hand_scores(points, state.bidder, state.contract)
        totals = tuple([total + score for total, score in zip(state.scores, scored, strict=True)])
        over = game_winner(totals, state.config.target) is not None
        return _replace(
            played,
            phase=_OVER_PHASE if over else _DEAL_PHASE,
            points=points,
            scores=totals,
            score_sheet=state.score_sheet.append(scored),
        )

    def _winners(self, state: OneCardState) -> tuple[int, ...]:
        winner = game_winner(state.scores, state.config.target)
        return () if winner is None else (winner,)

    def _view_values(self, state: OneCardState, seat: int) -> tuple[object, ...]:
        return (
            state.config,
            state.calls,
            state.bidder,
            state.contract,
            state.direction,
            state.centre if state.hand_complete else None,
            state.points,
        )

    def _parse_own(self, text: str) -> OneCardAction | None:
        return kit.parse_bid(text, Bid, "a One Card bid such as '1 bid 9'")

    def _table_zones(self, state: OneCardState) -> tuple[Zone, ...]:
        centre = () if state.centre is None else (state.centre,)
        return (Zone("centre", centre, None if state.hand_complete else frozenset()),)

    def _hidden_changes(
        self, state: OneCardState, cards: Mapping[str, tuple[Card, ...]]
    ) -> dict[str, object]:
        centre = () if state.centre is None else (state.centre,)
        new_centre = replacement(cards, "centre", centre)
        return {"centre": new_centre[0] if new_centre else None}


RULES = OneCardRules()
"""The one instance of OneCardRules, whose methods are this module's engine functions."""

new_game: Final = RULES.new_game
deal: Final = RULES.deal
apply: Final = RULES.apply
check: Final = RULES.check
legal_actions: Final = RULES.legal_actions
actor: Final = RULES.actor
view: Final = RULES.view
is_over: Final = RULES.is_over
scores: Final = RULES.scores
winners: Final = RULES.winners
parse_action: Final = RULES.parse_action
zones: Final = RULES.zones
with_zones: Final = RULES.with_zones
