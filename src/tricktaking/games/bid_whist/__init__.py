"""Bid Whist, for four players in two teams, to ``rules/bid_whist.md`` (clauses ``BW-*``).

Teams {0, 2} and {1, 3} sit opposite each other. Each player makes one call in a single
round of bidding: a level (books over six) and a mode, uptown, downtown or no trump. The
declarer names trump (or, in no trump, the direction); the two jokers are the top trumps.
The six-card kitty is the bidding team's first book, or with ``kitty="exchange"`` is taken
into the declarer's hand before six discards. Only the bidding team scores.

The game's rules are :class:`BidWhistRules`, and :data:`RULES` its one instance, whose
methods this module exports as the precisely typed engine functions (``new_game``,
``apply``, ``legal_actions``, ...). The pure rule helpers are ``effective_suit``,
``led_suit``, ``legal_plays``, ``trick_winner`` and ``hand_score``.

Example:
    >>> from tricktaking.games import bid_whist
    >>> state = bid_whist.new_game(bid_whist.BidWhistConfig())
    >>> state = bid_whist.apply(state, bid_whist.deal(state, seed=1))
    >>> [str(action) for action in bid_whist.legal_actions(state)[:4]]
    ['1 pass', '1 bid 1U', '1 bid 1D', '1 bid 1NT']
    >>> bid_whist.hand_score(level=4, books=10, no_trump=False, nt_double=False)
    4
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

import attrs

from tricktaking import kit
from tricktaking.actions import ChooseDirection, ChooseTrump, Deal, Pass, parse_seat
from tricktaking.cards import SUITED_RANKS, Card, Direction, Rank, Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.errors import NotationError, Violation, safe_repr
from tricktaking.history import History
from tricktaking.tricks import Play, Trick, effective_suit, follow_suit, left_of
from tricktaking.views import (
    JSONValue,
    TableView,
    Zone,
    actions_to_json,
    cards_to_json,
    config_json,
    replacement,
    table_json,
)

__all__ = [
    "MAX_LEVEL",
    "RULES",
    "Bid",
    "BidMode",
    "BidWhistAction",
    "BidWhistCall",
    "BidWhistConfig",
    "BidWhistPhase",
    "BidWhistRules",
    "BidWhistState",
    "BidWhistView",
    "ChooseDirection",
    "ChooseTrump",
    "Deal",
    "Discard",
    "FirstLead",
    "KittyRule",
    "Pass",
    "Play",
    "actor",
    "apply",
    "check",
    "deal",
    "effective_suit",
    "hand_score",
    "is_over",
    "led_suit",
    "legal_actions",
    "legal_plays",
    "new_game",
    "parse_action",
    "partner",
    "rank_strength",
    "scores",
    "team_of",
    "trick_winner",
    "view",
    "winners",
    "winning_team",
    "with_zones",
    "zones",
]

MAX_LEVEL = 7
"""The highest bid level, all thirteen books (BW-7.2)."""

PLAYERS = 4
HAND_SIZE = 12
KITTY_SIZE = 6

KittyRule: TypeAlias = Literal["book", "exchange"]
"""``"book"``: the kitty is the bidding team's unseen first book; ``"exchange"``: the
declarer takes it up and discards six cards, which form that book (BW-8.2, BW-8.3)."""

FirstLead: TypeAlias = Literal["left_of_dealer", "declarer"]
"""Who leads trick 1 (BW-9.1)."""

_DECK = Deck.bid_whist()
_DECK_ORDERS = kit.sorted_orders(_DECK)


@attrs.frozen(kw_only=True)
class BidWhistConfig:
    """The options of a Bid Whist game (BW-3.1), validated when built (BW-3.2).

    Args:
        first_dealer: The dealer of hand 1, a seat 0 to 3.
        target: The game ends when a team has at least ``+target`` or at most
            ``-target`` points; 1 to 1,000,000.
        min_bid: The lowest bid level, 1 to 7.
        kitty: ``"book"`` or ``"exchange"``.
        nt_double: Whether no-trump contracts score double, made or set.
        first_lead: ``"left_of_dealer"`` or ``"declarer"``.

    Raises:
        ConfigError: If an option is outside its allowed values.

    Example:
        >>> from tricktaking.games.bid_whist import BidWhistConfig
        >>> BidWhistConfig(min_bid=3, kitty="exchange").min_bid
        3
        >>> BidWhistConfig(min_bid=8)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: min_bid must be 1 to 7, not 8
    """

    first_dealer: int = 0
    target: int = 7
    min_bid: int = 1
    kitty: KittyRule = "book"
    nt_double: bool = False
    first_lead: FirstLead = "left_of_dealer"

    @property
    def players(self) -> int:
        """Always four seats, in two partnerships (BW-1.1)."""
        return PLAYERS

    def __attrs_post_init__(self) -> None:
        kit.exact_options(self, ints=("first_dealer", "target", "min_bid"))
        kit.exact_options(self, strs=("kitty", "first_lead"))
        kit.seat_option("first_dealer", self.first_dealer, PLAYERS)
        kit.int_option("target", self.target, 1, kit.MAX_TARGET)
        kit.int_option("min_bid", self.min_bid, 1, MAX_LEVEL)
        kit.choice_option("kitty", self.kitty, ("book", "exchange"))
        kit.choice_option("nt_double", self.nt_double, (True, False))
        kit.choice_option("first_lead", self.first_lead, ("left_of_dealer", "declarer"))


class BidMode(kit.GameEnum):
    """The mode of a bid, in rising order at the same level (BW-7.3).

    Example:
        >>> from tricktaking.games.bid_whist import BidMode
        >>> [mode.token for mode in BidMode]
        ['U', 'D', 'NT']
    """

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"
    NO_TRUMP = "no_trump"

    @property
    def token(self) -> str:
        """The short token, ``U``, ``D`` or ``NT``."""
        return _MODE_TOKENS[self]


_MODE_TOKENS = {BidMode.UPTOWN: "U", BidMode.DOWNTOWN: "D", BidMode.NO_TRUMP: "NT"}
_MODE_BY_TOKEN = {token: mode for mode, token in _MODE_TOKENS.items()}
_MODE_RANK = {BidMode.UPTOWN: 0, BidMode.DOWNTOWN: 1, BidMode.NO_TRUMP: 2}


class BidWhistPhase(kit.Phase):
    """Where a Bid Whist game stands.

    Example:
        >>> from tricktaking.games.bid_whist import BidWhistPhase
        >>> BidWhistPhase.DISCARD.value
        'discard'
    """

    DEAL = "deal"
    """The next action is the chance :class:`~tricktaking.actions.Deal`."""
    BID = "bid"
    """The auction, one call each, left of the dealer first (BW-7)."""
    CHOOSE = "choose"
    """The declarer names trump, or the direction in no trump (BW-8.1)."""
    DISCARD = "discard"
    """With the kitty exchange, the declarer discards six cards (BW-8.3)."""
    PLAY = "play"
    """Trick play."""
    OVER = "over"
    """A team has reached the target or its negative."""


@attrs.frozen
class Bid:
    """A Bid Whist bid: ``level`` books over six, in a ``mode`` (BW-7.2).

    Bids compare by level and then by mode: ``Bid.strength`` orders them (BW-7.3).

    Example:
        >>> from tricktaking.games.bid_whist import Bid, BidMode
        >>> str(Bid(3, 4, BidMode.NO_TRUMP))
        '3 bid 4NT'
        >>> Bid(1, 3, BidMode.NO_TRUMP).strength < Bid(2, 4, BidMode.UPTOWN).strength
        True
    """

    seat: int = attrs.field(validator=kit.exact_int)
    level: int = attrs.field(validator=kit.exact_int)
    mode: BidMode = attrs.field(validator=kit.member_of(BidMode))

    @property
    def strength(self) -> int:
        """A number that orders bids by level, then uptown < downtown < no trump."""
        return 3 * self.level + _MODE_RANK[self.mode]

    def __str__(self) -> str:
        return f"{self.seat} bid {self.level}{self.mode.token}"


@attrs.frozen
class Discard:
    """The declarer discarding one card after taking up the kitty (BW-8.3).

    Example:
        >>> from tricktaking.games.bid_whist import Discard
        >>> from tricktaking.cards import Card
        >>> str(Discard(2, Card.parse("3C")))
        '2 discard 3C'
    """

    seat: int = attrs.field(validator=kit.exact_int)
    card: Card = attrs.field(validator=kit.library_card)

    def __str__(self) -> str:
        return f"{self.seat} discard {self.card}"


BidWhistCall: TypeAlias = Bid | Pass
"""A call in the auction."""

BidWhistAction: TypeAlias = Deal | Bid | Pass | ChooseTrump | ChooseDirection | Discard | Play
"""Every action of a Bid Whist game."""


@kit.state_class
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class BidWhistState(kit.State):
    """The complete, immutable state of a Bid Whist game.

    Attributes:
        config: The game's options.
        phase: The current phase.
        round: The current hand; an empty hand 0 before the first deal, and the
            completed hand until the next deal.
        kitty: The six undealt cards (hidden; with the exchange, taken into the
            declarer's hand after the second choice).
        discards: The declarer's discards so far (seen by the declarer only).
        calls: The auction's calls so far, in order.
        contract: The winning bid once the auction is over, else ``None``.
        trump: The trump suit once named, else ``None`` (and always in no trump).
        direction: The hand's direction once known.
        team_scores: The scores of team {0, 2} and team {1, 3}.
        score_sheet: Each completed hand's team score changes, oldest first.
        history: Every action applied, deals included.

    Example:
        >>> from tricktaking.games.bid_whist import BidWhistConfig, new_game
        >>> new_game(BidWhistConfig()).team_scores
        (0, 0)
    """

    config: BidWhistConfig
    phase: BidWhistPhase
    kitty: tuple[Card, ...]
    discards: tuple[Card, ...]
    calls: tuple[BidWhistCall, ...]
    contract: Bid | None
    trump: Suit | None
    direction: Direction
    team_scores: tuple[int, int]
    score_sheet: History[tuple[int, int]]
    history: History[BidWhistAction]

    @property
    def declarer(self) -> int | None:
        """The seat that won the auction, once it is over."""
        return None if self.contract is None else self.contract.seat

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores per seat; partners share their team's score (BW-1.4)."""
        a, b = self.team_scores
        return (a, b, a, b)

    @property
    def no_trump(self) -> bool:
        """Whether the contract is a no-trump contract."""
        return self.contract is not None and self.contract.mode is _NO_TRUMP_MODE


@attrs.frozen(kw_only=True)
class BidWhistView(TableView[BidWhistPhase, BidWhistAction]):
    """What one seat may see of a Bid Whist game.

    The kitty and the discards are shown only to the declarer, and only with the
    exchange once the kitty is taken up; with ``kitty="book"`` nobody ever sees them.

    Example:
        >>> from tricktaking.games.bid_whist import BidWhistConfig, apply, deal, new_game, view
        >>> state = new_game(BidWhistConfig())
        >>> v = view(apply(state, deal(state, seed=2)), 3)
        >>> len(v.hand), v.kitty, v.actor
        (12, (), 1)
    """

    config: BidWhistConfig
    """The rules everyone at the table knows, as the game's configuration."""
    calls: tuple[BidWhistCall, ...]
    """The auction's calls so far, in order."""
    contract: Bid | None
    """The winning bid once the auction is over, else ``None``."""
    direction: Direction
    """Uptown or downtown, by the contract's mode or the declarer's choice in no trump."""
    kitty: tuple[Card, ...]
    """The kitty, shown only to the declarer and only after an exchange pickup."""
    discards: tuple[Card, ...]
    """The declarer's discards, shown to the declarer only."""
    team_scores: tuple[int, int]
    """Cumulative scores of team {0, 2} and team {1, 3}."""

    @property
    def hand_number(self) -> int:
        """Deprecated alias of :attr:`~tricktaking.views.TableView.round_number` (gone in 0.3)."""
        warnings.warn(
            "BidWhistView.hand_number is deprecated; use round_number",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.round_number

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as plain JSON data: the table fields, then Bid Whist's own.

        ``"hand_number"`` repeats ``"round_number"`` and is deprecated (removed in 0.3).

        Example:
            >>> from tricktaking.games.bid_whist import BidWhistConfig, new_game, view
            >>> view(new_game(BidWhistConfig()), 0).to_dict()["team_scores"]
            [0, 0]
        """
        contract = self.contract
        data = table_json("bid-whist", self)
        data["config"] = config_json(self.config)
        data["calls"] = actions_to_json(self.calls)
        data["contract"] = None if contract is None else str(contract)
        data["direction"] = self.direction.value
        data["kitty"] = cards_to_json(self.kitty)
        data["discards"] = cards_to_json(self.discards)
        data["team_scores"] = list(self.team_scores)
        data["hand_number"] = self.round_number
        return data


# Enum members used in function bodies, read once: on Python 3.11 every
# ``Enum.MEMBER`` lookup goes through EnumType.__getattr__ (~100 ns).
_DOWNTOWN_MODE = BidMode.DOWNTOWN
_NO_TRUMP_MODE = BidMode.NO_TRUMP
_BID_PHASE = BidWhistPhase.BID
_CHOOSE_PHASE = BidWhistPhase.CHOOSE
_DEAL_PHASE = BidWhistPhase.DEAL
_DISCARD_PHASE = BidWhistPhase.DISCARD
_OVER_PHASE = BidWhistPhase.OVER
_PLAY_PHASE = BidWhistPhase.PLAY
_DOWNTOWN = Direction.DOWNTOWN
_UPTOWN = Direction.UPTOWN
_ACE_RANK = Rank.ACE
_RED_JOKER_RANK = Rank.RED_JOKER


_replace = kit.copier(BidWhistState)
# every hand has four calls: a copy of exactly these fields, cheaper than _replace's
_with_call = kit.copier(BidWhistState, "calls", "history")


# ---------------------------------------------------------------------------------------
# Rule helpers


def partner(seat: int) -> int:
    """The partner of ``seat``, opposite (BW-1.2).

    Example:
        >>> from tricktaking.games.bid_whist import partner
        >>> partner(1)
        3
    """
    return (seat + 2) % PLAYERS


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for {0, 2}, 1 for {1, 3} (BW-1.2).

    Example:
        >>> from tricktaking.games.bid_whist import team_of
        >>> team_of(2), team_of(3)
        (0, 1)
    """
    return seat % 2


def led_suit(trick: Trick, trump: Suit | None) -> Suit | None:
    """The suit to follow (BW-10.2), ``None`` while there is none yet.

    With trump: the effective suit of the first card (a joker lead is a trump lead).
    In no trump (``trump=None``): the suit of the first suited card.

    Example:
        >>> from tricktaking.games.bid_whist import led_suit
        >>> from tricktaking.cards import Card, Suit
        >>> from tricktaking.tricks import Play, Trick
        >>> trick = Trick(leader=1, plays=(Play(1, Card.parse("RJ")), Play(2, Card.parse("7C"))))
        >>> led_suit(trick, None), led_suit(trick, Suit.HEARTS)
        (<Suit.CLUBS: 'C'>, <Suit.HEARTS: 'H'>)
    """
    return _led(trick.plays, trump)


def _led(plays: tuple[Play, ...], trump: Suit | None) -> Suit | None:
    if not plays:
        return None
    if trump is not None:
        return effective_suit(plays[0].card, trump)
    for play in plays:
        if play.card.suit is not None:
            return play.card.suit
    return None


def legal_plays(hand: tuple[Card, ...], trick: Trick, trump: Suit | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (BW-10.4 to BW-10.6).

    Example:
        >>> from tricktaking.games.bid_whist import legal_plays
        >>> from tricktaking.cards import Card, format_cards, parse_cards
        >>> from tricktaking.tricks import Play, Trick
        >>> heart = Trick(leader=1, plays=(Play(1, Card.parse("4H")),))
        >>> format_cards(legal_plays(parse_cards("BJ 9H KS"), heart, None))
        '9H'
        >>> format_cards(legal_plays(parse_cards("BJ KS"), heart, None))
        'BJ KS'
    """
    return _legal_cards(hand, trick.plays, trump)


def _legal_cards(
    hand: tuple[Card, ...], plays: tuple[Play, ...], trump: Suit | None
) -> tuple[Card, ...]:
    return follow_suit(hand, _led(plays, trump), trump)


def rank_strength(rank: Rank, direction: Direction) -> int:
    """A suited rank's strength in ``direction``, 0 to 12, the Ace best both ways (BW-2.3).

    Example:
        >>> from tricktaking.games.bid_whist import rank_strength
        >>> from tricktaking.cards import Direction, Rank
        >>> rank_strength(Rank.ACE, Direction.DOWNTOWN), rank_strength(Rank.TWO, Direction.DOWNTOWN)
        (12, 11)
    """
    index = SUITED_RANKS.index(rank)
    if direction is _UPTOWN or rank is _ACE_RANK:
        return index
    return 11 - index


def _strength(card: Card, trump: Suit | None, direction: Direction, led: Suit | None) -> int:
    if card.suit is None:  # BW-2.4, BW-2.5
        if trump is None:
            return -1
        return 200 if card.rank is _RED_JOKER_RANK else 199
    if card.suit is trump:
        return 100 + rank_strength(card.rank, direction)
    if card.suit is led:
        return rank_strength(card.rank, direction)
    return -1


# strength per (trump, direction, suit to follow): the winner of a trick is its maximum
_STRENGTH = kit.strength_tables(_DECK, _strength)


def _trick_strength(
    plays: tuple[Play, ...], trump: Suit | None, direction: Direction
) -> Mapping[Card, int]:
    return _STRENGTH[trump, direction, _led(plays, trump)]


def trick_winner(trick: Trick, trump: Suit | None, direction: Direction) -> int:
    """The seat winning ``trick`` so far, or its winner once complete (BW-11).

    With trump, the highest trump wins (``RJ``, ``BJ``, then the suit in ``direction``),
    else the highest card of the suit to follow. In no trump (``trump=None``) the
    highest card of the suit to follow wins and the jokers never win.

    Raises:
        ValueError: If the trick has no plays, or holds only jokers in no trump.

    Example:
        >>> from tricktaking.games.bid_whist import trick_winner
        >>> from tricktaking.cards import Direction, Suit, parse_cards
        >>> from tricktaking.tricks import Play, Trick
        >>> trick = Trick(leader=1, plays=tuple(Play((1 + i) % 4, card) for i, card in
        ...     enumerate(parse_cards("5D 3D KD AD"))))
        >>> trick_winner(trick, Suit.CLUBS, Direction.DOWNTOWN)
        0
    """
    if trick.plays and trump is None and _led(trick.plays, trump) is None:
        raise ValueError("a no-trump trick of jokers only has no winner yet")
    return kit.trick_winner(trick.plays, _trick_strength, trump, direction)


def winning_team(team_scores: tuple[int, int], target: int) -> int | None:
    """The team that has won (0 for {0, 2}, 1 for {1, 3}), or ``None`` to play on.

    The game ends when a team has at least ``+target`` or at most ``-target``; the team
    with the higher score wins (BW-13.1, BW-13.2).

    Example:
        >>> from tricktaking.games.bid_whist import winning_team
        >>> winning_team((9, -6), 7), winning_team((5, -8), 7), winning_team((5, -6), 7)
        (0, 0, None)
    """
    if all(abs(score) < target for score in team_scores):
        return None
    return 0 if team_scores[0] > team_scores[1] else 1


def hand_score(*, level: int, books: int, no_trump: bool, nt_double: bool) -> int:
    """The bidding team's score for a hand (BW-12.2 to BW-12.4).

    ``books`` counts the kitty book. Made (``books >= 6 + level``) scores ``books - 6``;
    set scores ``-level``; with ``nt_double`` a no-trump result is doubled.

    Example:
        >>> from tricktaking.games.bid_whist import hand_score
        >>> hand_score(level=3, books=10, no_trump=True, nt_double=True)
        8
        >>> hand_score(level=3, books=8, no_trump=True, nt_double=True)
        -6
    """
    score = books - 6 if books >= 6 + level else -level
    return 2 * score if no_trump and nt_double else score


# ---------------------------------------------------------------------------------------
# Interned actions

_PLAYS = kit.card_actions(Play, _DECK, seats=PLAYERS)
_DISCARDS = kit.card_actions(Discard, _DECK, seats=PLAYERS)
_BIDS = tuple(
    tuple(Bid(seat, level, mode) for level in range(1, MAX_LEVEL + 1) for mode in BidMode)
    for seat in range(PLAYERS)
)
_PASSES = tuple(Pass(seat) for seat in range(PLAYERS))
_TRUMPS = kit.ladder(ChooseTrump, Suit, seats=PLAYERS)
_DIRECTIONS = kit.ladder(ChooseDirection, Direction, seats=PLAYERS)


# ---------------------------------------------------------------------------------------
# The rules


def _high_bid(calls: tuple[BidWhistCall, ...]) -> Bid | None:
    """The high bid of ``calls``: the last bid, as each bid beats the one before (BW-7.4)."""
    return next((call for call in reversed(calls) if isinstance(call, Bid)), None)


def _caller(state: BidWhistState) -> int:
    return (state._dealer + 1 + len(state.calls)) % PLAYERS


def _dealer_must_bid(state: BidWhistState) -> bool:
    """After three passes the dealer may not pass (BW-7.5)."""
    calls = state.calls
    return len(calls) == 3 and _high_bid(calls) is None


def _contract(state: BidWhistState) -> Bid:
    """The contract, which every phase after the auction has."""
    if state.contract is None:  # pragma: no cover - the auction's end sets it (BW-7.6)
        raise RuntimeError(f"no contract in the {state.phase.value} phase")
    return state.contract


def _after_choice(state: BidWhistState) -> BidWhistState:
    """Take up the kitty (exchange) or start play, with the right leader (BW-8, BW-9.1)."""
    declarer = _contract(state).seat
    config = state.config
    leader = declarer if config.first_lead == "declarer" else left_of(state._dealer, PLAYERS)
    if config.kitty == "exchange":
        hands = state._hands
        hand = sort_cards((*hands[declarer], *state.kitty))
        return kit.with_leader(
            state, leader, phase=_DISCARD_PHASE, _hands=kit.replace_at(hands, declarer, hand)
        )
    return kit.with_leader(state, leader, phase=_PLAY_PHASE)


def _picked_up(state: BidWhistState) -> bool:
    """Whether the declarer has taken the kitty into hand (BW-8.3)."""
    return (
        state.config.kitty == "exchange"
        and state.contract is not None
        and state.phase is not _CHOOSE_PHASE
    )


class BidWhistRules(kit.GameRules[BidWhistState, BidWhistConfig, BidWhistAction, BidWhistView]):
    """Bid Whist's rules: the hooks of :class:`~tricktaking.kit.GameRules` for the game.

    - ``deal``: the 54 cards shuffled by the seed and dealt as BW-5.2 says, six left as
      the kitty.
    - ``legal_actions`` in this order: pass, then bids from the lowest legal one up
      (level, then U, D, NT); trump choices S, H, D, C; directions uptown, downtown;
      discards and plays in hand order.
    - ``view``: the seat's own hand, the calls, the tricks and the scores; the kitty and
      the discards only to the declarer after an exchange pickup.
    - ``zones``: each hand, seen by its owner; the kitty, seen by nobody (once taken up
      with the exchange its cards are in the declarer's hand, and the discards are seen
      by the declarer only); the played cards.
    - ``is_over`` once a team has reached ``+target`` or ``-target`` (BW-13.1);
      ``scores`` per seat, partners sharing their team's (BW-1.4); ``winners`` the two
      seats of the winning team (BW-13.2).

    Example:
        >>> from tricktaking.games.bid_whist import RULES, BidWhistConfig
        >>> state = RULES.new_game(BidWhistConfig(min_bid=7))
        >>> state = RULES.apply(state, RULES.deal(state, seed=1))
        >>> [str(action) for action in RULES.legal_actions(state)]
        ['1 pass', '1 bid 7U', '1 bid 7D', '1 bid 7NT']
    """

    title = "Bid Whist"
    config_type = BidWhistConfig
    state_type = BidWhistState
    view_type = BidWhistView
    view_fields: tuple[str, ...] = (
        "config",
        "calls",
        "contract",
        "direction",
        "kitty",
        "discards",
        "team_scores",
    )
    actions: tuple[type, ...] = (Deal, Bid, Pass, ChooseTrump, ChooseDirection, Discard, Play)
    deal_phase: enum.Enum = _DEAL_PHASE
    play_phase: enum.Enum = _PLAY_PHASE
    over_phase: enum.Enum = _OVER_PHASE

    def _new_state(self, config: BidWhistConfig) -> BidWhistState:
        return BidWhistState(
            config=config,
            phase=_DEAL_PHASE,
            round=kit.empty_round(config.first_dealer, PLAYERS),
            kitty=(),
            discards=(),
            calls=(),
            contract=None,
            trump=None,
            direction=_UPTOWN,
            team_scores=(0, 0),
            score_sheet=History(),
            history=History(),
        )

    def _deal_from(self, state: BidWhistState, seed: int) -> Deal:
        dealer = kit.next_dealer(state.config.first_dealer, state._number, PLAYERS)
        first = left_of(dealer, PLAYERS)
        return kit.deal_round(_DECK, seed, players=PLAYERS, hand_size=HAND_SIZE, first_seat=first)

    def _legal(self, state: BidWhistState) -> tuple[BidWhistAction, ...]:
        phase = state.phase
        if phase is _PLAY_PHASE:
            seat = state._turn
            cards = _legal_cards(state._hands[seat], state._plays, state.trump)
            return kit.actions_for(_PLAYS[seat], cards)
        if phase is _BID_PHASE:
            seat = _caller(state)
            high = _high_bid(state.calls)
            lowest = 3 * state.config.min_bid if high is None else high.strength + 1
            bids = _BIDS[seat][max(0, lowest - 3) :]
            return bids if _dealer_must_bid(state) else (_PASSES[seat], *bids)
        declarer = state.declarer
        if declarer is None:
            return ()
        if phase is _CHOOSE_PHASE:
            return _DIRECTIONS[declarer] if state.no_trump else _TRUMPS[declarer]
        if phase is _DISCARD_PHASE:
            discards = _DISCARDS[declarer]
            return tuple(discards[card] for card in dict.fromkeys(state._hands[declarer]))
        return ()

    def _to_act(self, state: BidWhistState) -> int | None:
        return _caller(state) if state.phase is _BID_PHASE else state.declarer

    def _playable(self, state: BidWhistState, seat: int) -> tuple[Card, ...]:
        return _legal_cards(state._hands[seat], state._plays, state.trump)

    def _unplayable(self, state: BidWhistState, seat: int, card: Card) -> kit.Problem:
        trump = state.trump
        return kit.follow_problem(seat, _led(state._plays, trump), trump, "BW-10.4")

    def _problem(self, state: BidWhistState, action: BidWhistAction) -> kit.Problem | None:
        phase = state.phase
        match action:
            case Bid() | Pass():
                if phase is not _BID_PHASE:
                    return Violation.WRONG_PHASE, "calls are made only in the auction"
                problem = kit.turn_problem(action.seat, _caller(state), phase.value)
                if problem is not None:
                    return problem
                if isinstance(action, Pass):
                    if _dealer_must_bid(state):
                        return Violation.MUST_BID, "after three passes the dealer must bid (BW-7.5)"
                    return None
                if not 1 <= action.level <= MAX_LEVEL:
                    return Violation.BID_OUT_OF_RANGE, "a bid level is 1 to 7 (BW-7.2)"
                if action.level < state.config.min_bid:
                    return Violation.BID_TOO_LOW, f"the lowest level is {state.config.min_bid}"
                high = _high_bid(state.calls)
                if high is not None and action.strength <= high.strength:
                    return Violation.BID_TOO_LOW, f"a bid must beat the high bid {high.level}" + (
                        f"{high.mode.token} (BW-7.4)"
                    )
                return None
            case ChooseTrump(seat=seat) | ChooseDirection(seat=seat):
                if phase is not _CHOOSE_PHASE:
                    return Violation.WRONG_PHASE, "the second choice follows the auction"
                problem = kit.turn_problem(seat, state.declarer, phase.value)
                if problem is not None:
                    return problem
                if isinstance(action, ChooseTrump) == state.no_trump:
                    wanted = "a direction" if state.no_trump else "a trump suit"
                    return Violation.INVALID_CHOICE, f"the contract needs {wanted} (BW-8.1)"
                return None
            case Discard(seat=seat, card=card):
                if phase is not _DISCARD_PHASE:
                    return Violation.WRONG_PHASE, "discards follow the kitty pickup"
                problem = kit.turn_problem(seat, state.declarer, phase.value)
                if problem is not None:
                    return problem
                if card not in state._hands[seat]:
                    return Violation.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}"
                return None
            case _:  # plays and deals are the kit's
                return None

    def _deal_problem(self, state: BidWhistState, deal: Deal) -> kit.Problem | None:
        return kit.deal_problem(
            deal,
            deck=_DECK,
            orders=_DECK_ORDERS,
            players=PLAYERS,
            hand_size=HAND_SIZE,
            stock_size=KITTY_SIZE,
            dealer=kit.next_dealer(state.config.first_dealer, state._number, PLAYERS),
        )

    def _dealt(self, state: BidWhistState, deal: Deal) -> BidWhistState:
        number = state._number
        dealer = kit.next_dealer(state.config.first_dealer, number, PLAYERS)
        return _replace(
            kit.start_round(state, number + 1, dealer, kit.dealt_hands(deal, _DECK)),
            phase=_BID_PHASE,
            kitty=deal.stock,
            discards=(),
            calls=(),
            contract=None,
            trump=None,
            direction=_UPTOWN,
            history=state.history.append(deal),
        )

    def _advance(self, state: BidWhistState, action: BidWhistAction) -> BidWhistState:
        history = state.history.append(action)
        match action:
            case Bid() | Pass():
                calls = state.calls + (action,)  # noqa: RUF005  (faster: hot path)
                if len(calls) < PLAYERS:
                    return _with_call(state, calls=calls, history=history)
                contract = _high_bid(calls)
                if contract is None:  # pragma: no cover - the dealer may not pass (BW-7.5)
                    raise RuntimeError("an auction of four passes")
                direction = _DOWNTOWN if contract.mode is _DOWNTOWN_MODE else _UPTOWN
                return _replace(
                    state,
                    phase=_CHOOSE_PHASE,
                    calls=calls,
                    contract=contract,
                    direction=direction,
                    history=history,
                )
            case ChooseTrump(suit=suit):
                return _after_choice(_replace(state, trump=suit, history=history))
            case ChooseDirection(direction=direction):
                return _after_choice(_replace(state, direction=direction, history=history))
            case Discard(seat=seat, card=card):
                hands = state._hands
                discards = (*state.discards, card)
                done = len(discards) == KITTY_SIZE
                return _replace(
                    state,
                    phase=_PLAY_PHASE if done else _DISCARD_PHASE,
                    _hands=kit.replace_at(hands, seat, kit.without_card(hands[seat], card)),
                    discards=discards,
                    history=history,
                )
            case _:  # pragma: no cover - the kit applies plays and deals itself
                raise TypeError(f"{action!r} is not a Bid Whist call")

    def _play(self, state: BidWhistState, play: Play) -> BidWhistState:
        played, done = kit.play_card(
            state, play, state.history.append(play), _trick_strength, state.trump, state.direction
        )
        if done is None or len(played._tricks) < HAND_SIZE:
            return played
        contract = _contract(state)
        team = team_of(contract.seat)
        won = played._won
        books = 1 + won[team] + won[team + 2]  # BW-12.1: the kitty book
        config = state.config
        score = hand_score(
            level=contract.level, books=books, no_trump=state.no_trump, nt_double=config.nt_double
        )
        change = (score, 0) if team == 0 else (0, score)
        totals = (state.team_scores[0] + change[0], state.team_scores[1] + change[1])
        over = winning_team(totals, config.target) is not None
        return _replace(
            played,
            phase=_OVER_PHASE if over else _DEAL_PHASE,
            team_scores=totals,
            score_sheet=state.score_sheet.append(change),
        )

    def _winners(self, state: BidWhistState) -> tuple[int, ...]:
        team = winning_team(state.team_scores, state.config.target)
        return () if team is None else (team, team + 2)

    def _view_values(self, state: BidWhistState, seat: int) -> tuple[object, ...]:
        sees_kitty = _picked_up(state) and seat == state.declarer
        return (
            state.config,
            state.calls,
            state.contract,
            state.direction,
            state.kitty if sees_kitty else (),
            state.discards if sees_kitty else (),
            state.team_scores,
        )

    def _parse_own(self, text: str) -> BidWhistAction | None:
        words = text.split()
        if len(words) != 3 or words[1].lower() not in ("bid", "discard"):
            return None
        seat = parse_seat(words[0])
        if words[1].lower() == "discard":
            return Discard(seat, Card.parse(words[2]))
        value = words[2].upper()
        level, token = value[:1], value[1:]
        if level in _LEVEL_DIGITS and token in _MODE_BY_TOKEN:
            return Bid(seat, int(level), _MODE_BY_TOKEN[token])
        raise NotationError(
            f"{safe_repr(text)} is not a Bid Whist bid such as '3 bid 4U', '4D' or '4NT'"
        )

    def _table_zones(self, state: BidWhistState) -> tuple[Zone, ...]:
        if _picked_up(state) and state.declarer is not None:
            return (Zone("discards", state.discards, frozenset({state.declarer})),)
        return (Zone("kitty", state.kitty, frozenset()),)

    def _hidden_changes(
        self, state: BidWhistState, cards: Mapping[str, tuple[Card, ...]]
    ) -> dict[str, object]:
        return {
            "kitty": replacement(cards, "kitty", state.kitty),
            "discards": replacement(cards, "discards", state.discards),
        }


_LEVEL_DIGITS = frozenset("0123456789")  # ASCII only: str.isdigit accepts '¹' too

RULES = BidWhistRules()
"""The one instance of BidWhistRules, whose methods are this module's engine functions."""

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
