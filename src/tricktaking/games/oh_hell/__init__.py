"""Oh Hell, for 3 to 7 players, to the rules of ``rules/oh_hell.md`` (clauses ``OH-*``).

Each player gets the same number of cards from a deck of up to 52; the next card is
turned up and its suit is trump. Everyone bids the exact number of tricks they will
take, the dealer last and, under the hook, not so that the bids add up to the hand
size. Each trick taken scores ``points_per_trick`` and an exact bid ``exact_bonus``
more. By default the game is one hand whose size and dealer are drawn by chance, as in
OpenSpiel's ``oh_hell``, against which it is checked move by move.

The game's rules are :class:`OhHellRules`, and :data:`RULES` its one instance, whose
methods this module exports as the precisely typed engine functions (``new_game``,
``apply``, ``legal_actions``, ...). ``trick_winner``, ``legal_plays`` and ``hand_score``
are the pure rule helpers, and ``hand_size_outcomes`` and ``dealer_outcomes`` state the
chance model.

Example:
    >>> from tricktaking.actions import Deal
    >>> from tricktaking.cards import parse_cards
    >>> from tricktaking.games import oh_hell
    >>> config = oh_hell.OhHellConfig(players=3)
    >>> state = oh_hell.new_game(config)
    >>> top = parse_cards("AH 7C 2D 5S")
    >>> rest = [card for card in config.deck if card not in top]
    >>> d = Deal.from_deck(top + tuple(rest), players=3, first_seat=0, hand_size=1, dealer=0)
    >>> state = oh_hell.apply(state, d)
    >>> state.trump, oh_hell.actor(state)
    (<Suit.SPADES: 'S'>, 1)
    >>> for action in ["1 bid 0", "2 bid 0", "0 bid 0", "1 play 7C", "2 play 2D", "0 play AH"]:
    ...     state = oh_hell.apply(state, oh_hell.parse_action(action))
    >>> state.scores, oh_hell.winners(state)
    ((10, 1, 10), (0, 2))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Final, Literal, TypeAlias

import attrs

from tricktaking import kit
from tricktaking.actions import Deal
from tricktaking.cards import SUITED_RANKS, Card, Direction, Suit
from tricktaking.deck import Deck
from tricktaking.errors import ConfigError, Violation, safe_repr
from tricktaking.exact_bids import ExactBid, ExactBidRules, co_winners
from tricktaking.history import History
from tricktaking.seeding import derive_seed, random_below, stream
from tricktaking.tricks import Play, Trick, left_of
from tricktaking.views import JSONValue, TableView, config_json, table_json

__all__ = [
    "RULES",
    "SUIT_ORDER",
    "Bid",
    "BidRule",
    "Deal",
    "OhHellAction",
    "OhHellConfig",
    "OhHellPhase",
    "OhHellRules",
    "OhHellState",
    "OhHellView",
    "Play",
    "Schedule",
    "actor",
    "apply",
    "check",
    "co_winners",
    "deal",
    "dealer_outcomes",
    "hand_score",
    "hand_size_outcomes",
    "is_over",
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

BidRule: TypeAlias = Literal["hook", "free"]
"""``"hook"``: the dealer may not make the bids total the hand size; ``"free"``: any bid."""

Schedule: TypeAlias = Literal["up", "down", "up_down", "down_up"]
"""The pattern of hand sizes of a full game (OH-14.2)."""

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
"""The suits in the order a reduced deck keeps them, and of the card indices (OH-2.2)."""

_SCHEDULES = ("up", "down", "up_down", "down_up")
_MAX_PLAYERS = 7


def _h_max(players: int, deck_size: int) -> int:
    return (deck_size - 1) // players


@attrs.frozen(kw_only=True)
class OhHellConfig:
    """The options of an Oh Hell game (OH-3.1), validated when built (OH-3.2).

    The defaults play one hand of the full deck for three players, with the hand size
    and the dealer drawn by chance: OpenSpiel's ``oh_hell`` (OH-3.5).

    Args:
        players: 3 to 7 seats, at most the deck size less one (OH-1.3).
        num_suits: 1 to 4: the first suits of C, D, S, H (OH-2.2).
        cards_per_suit: 2 to 13: the lowest ranks, from 2 (OH-2.3).
        hand_size: ``None`` to draw the hand size by chance (OH-5.1), or 1 to
            :attr:`h_max`. Must be ``None`` with a ``schedule``.
        first_dealer: ``None`` to draw the (first) dealer by chance (OH-4.1), or a seat.
        bid_rule: ``"hook"`` (OH-7.4) or ``"free"`` (OH-7.6).
        points_per_trick: Points per trick taken, 0 or more (OH-12.1).
        off_bid_penalty: Whether a missed bid loses ``points_per_trick`` per trick of
            difference instead of scoring its tricks (OH-12.3).
        exact_bonus: The bonus for an exact bid, 0 or more (OH-12.1).
        schedule: ``None`` for one hand, or the full game's pattern (OH-14.2).
        max_hand_size: With a schedule, its largest hand (1 to :attr:`h_max`), or
            ``None`` for :attr:`h_max`. Must be ``None`` without a schedule.

    Raises:
        ConfigError: If an option is outside its allowed values.

    Example:
        >>> from tricktaking.games.oh_hell import OhHellConfig
        >>> OhHellConfig(players=4).h_max
        12
        >>> OhHellConfig(players=3, hand_size=18)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: hand_size must be None or 1 to 17 (H_max), not 18
    """

    players: int = 3
    num_suits: int = 4
    cards_per_suit: int = 13
    hand_size: int | None = None
    first_dealer: int | None = None
    bid_rule: BidRule = "hook"
    points_per_trick: int = 1
    off_bid_penalty: bool = False
    exact_bonus: int = 10
    schedule: Schedule | None = None
    max_hand_size: int | None = None

    def __attrs_post_init__(self) -> None:
        kit.exact_options(
            self,
            ints=("players", "num_suits", "cards_per_suit", "points_per_trick", "exact_bonus"),
            optional_ints=("hand_size", "first_dealer", "max_hand_size"),
            strs=("bid_rule",),
        )
        kit.int_option("players", self.players, 3, _MAX_PLAYERS)
        kit.int_option("num_suits", self.num_suits, 1, 4)
        kit.int_option("cards_per_suit", self.cards_per_suit, 2, 13)
        size = self.num_suits * self.cards_per_suit
        if self.players > size - 1:
            raise ConfigError(
                f"{self.players} players need a deck of at least {self.players + 1} cards, "
                f"not {size} (OH-1.3)"
            )
        h_max = _h_max(self.players, size)
        for name in ("hand_size", "max_hand_size"):
            value = object.__getattribute__(self, name)
            if value is not None and not 1 <= value <= h_max:
                raise ConfigError(
                    f"{name} must be None or 1 to {h_max} (H_max), not {safe_repr(value)}"
                )
        if self.first_dealer is not None:
            kit.seat_option("first_dealer", self.first_dealer, self.players)
        kit.choice_option("bid_rule", self.bid_rule, ("hook", "free"))
        for name in ("points_per_trick", "exact_bonus"):
            if object.__getattribute__(self, name) < 0:
                raise ConfigError(f"{name} must be 0 or more, not {safe_repr(getattr(self, name))}")
        kit.choice_option("off_bid_penalty", self.off_bid_penalty, (True, False))
        kit.choice_option("schedule", self.schedule, (None, *_SCHEDULES))
        if self.schedule is None and self.max_hand_size is not None:
            raise ConfigError("max_hand_size needs a schedule")
        if self.schedule is not None and self.hand_size is not None:
            raise ConfigError("hand_size must be None with a schedule (OH-14.1)")

    @property
    def deck(self) -> Deck:
        """The deck in card-index order, so ``deck[i]`` is the card of index ``i`` (OH-2.5).

        Example:
            >>> from tricktaking.games.oh_hell import OhHellConfig
            >>> str(OhHellConfig(players=3, num_suits=2, cards_per_suit=3).deck)
            '2C 2D 3C 3D 4C 4D'
        """
        return _deck(self.num_suits, self.cards_per_suit)

    @property
    def h_max(self) -> int:
        """The largest hand that leaves a turn-up card, ``(N - 1) // players`` (OH-3.1).

        Example:
            >>> from tricktaking.games.oh_hell import OhHellConfig
            >>> [OhHellConfig(players=n).h_max for n in range(3, 8)]
            [17, 12, 10, 8, 7]
        """
        return _h_max(self.players, self.num_suits * self.cards_per_suit)

    @property
    def hand_sizes(self) -> tuple[int | None, ...]:
        """The hand size of each hand of the game; ``None`` for one drawn by chance.

        Example:
            >>> from tricktaking.games.oh_hell import OhHellConfig
            >>> OhHellConfig(players=4, schedule="up_down", max_hand_size=3).hand_sizes
            (1, 2, 3, 2, 1)
            >>> OhHellConfig().hand_sizes
            (None,)
        """
        if self.schedule is None:
            return (self.hand_size,)
        top = self.h_max if self.max_hand_size is None else self.max_hand_size
        up = tuple(range(1, top + 1))
        down = up[::-1]
        return {
            "up": up,
            "down": down,
            "up_down": up + down[1:],
            "down_up": down + up[1:],
        }[self.schedule]

    @property
    def total_hands(self) -> int:
        """The number of hands the game plays (OH-13.1, OH-14.2).

        Example:
            >>> from tricktaking.games.oh_hell import OhHellConfig
            >>> OhHellConfig(players=4, schedule="up_down").total_hands
            23
        """
        return len(self.hand_sizes)

    def card_index(self, card: Card) -> int:
        """The index of ``card`` in this deck (OH-2.5), OpenSpiel's action id for it.

        Raises:
            ValueError: If the card is not in the deck.

        Example:
            >>> from tricktaking.cards import Card
            >>> from tricktaking.games.oh_hell import OhHellConfig
            >>> OhHellConfig().card_index(Card.parse("AS"))
            50
        """
        return _indices(self.num_suits, self.cards_per_suit)[card]


@cache
def _deck(num_suits: int, cards_per_suit: int) -> Deck:
    return Deck(
        tuple(
            Card(rank, suit)
            for rank in SUITED_RANKS[:cards_per_suit]
            for suit in SUIT_ORDER[:num_suits]
        )
    )


@cache
def _indices(num_suits: int, cards_per_suit: int) -> Mapping[Card, int]:
    return _IndexMap({card: i for i, card in enumerate(_deck(num_suits, cards_per_suit))})


class _IndexMap(dict[Card, int]):
    def __missing__(self, card: Card) -> int:
        raise ValueError(f"{card} is not in this deck")


@cache
def _orders(num_suits: int, cards_per_suit: int) -> list[int]:
    return kit.sorted_orders(_deck(num_suits, cards_per_suit))


class OhHellPhase(kit.Phase):
    """Where an Oh Hell game stands.

    Example:
        >>> from tricktaking.games.oh_hell import OhHellPhase
        >>> OhHellPhase.BID.value
        'bid'
    """

    DEAL = "deal"
    """The next action is the chance :class:`~tricktaking.actions.Deal`."""
    BID = "bid"
    """Players bid in turn, left of the dealer first (OH-7.1)."""
    PLAY = "play"
    """Trick play."""
    OVER = "over"
    """The last hand has been scored."""


@attrs.frozen
class Bid(ExactBid):
    """An Oh Hell bid: the number of tricks the seat will take exactly.

    Example:
        >>> from tricktaking.games.oh_hell import Bid
        >>> str(Bid(2, 3))
        '2 bid 3'
    """


OhHellAction: TypeAlias = Deal | Bid | Play
"""Every action of an Oh Hell game."""


@kit.state_class
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class OhHellState(kit.State):
    """The complete, immutable state of an Oh Hell game.

    Build it with ``new_game`` and advance it with ``apply``. It holds hidden
    information (every hand and the stock): give players a ``view`` instead.

    Attributes:
        config: The game's options.
        phase: The current phase.
        round: The current hand; before the first deal an empty hand 0 (whose dealer is
            ``first_dealer``, or 0 while the dealer is still to be drawn).
        stock: The undealt cards of the hand; ``stock[0]`` is the turn-up card.
        trump: The hand's trump suit (``None`` only before the first deal).
        hand_size: The number of cards dealt to each seat this hand (0 before a deal).
        bids: Each seat's bid this hand, ``None`` until made.
        scores: Cumulative scores per seat.
        score_sheet: The hand scores of every completed hand, oldest first.
        history: Every action applied, deals included.

    Example:
        >>> from tricktaking.games.oh_hell import OhHellConfig, new_game
        >>> state = new_game(OhHellConfig(players=5))
        >>> state.phase, state.round.number, state.scores
        (<OhHellPhase.DEAL: 'deal'>, 0, (0, 0, 0, 0, 0))
    """

    config: OhHellConfig
    phase: OhHellPhase
    stock: tuple[Card, ...]
    trump: Suit | None
    hand_size: int
    bids: tuple[int | None, ...]
    scores: tuple[int, ...]
    score_sheet: History[tuple[int, ...]]
    history: History[OhHellAction]

    @property
    def turn_up(self) -> Card | None:
        """The turned-up card of the hand, public (OH-6.1), or ``None`` before a deal."""
        return self.stock[0] if self.stock else None


@attrs.frozen(kw_only=True)
class OhHellView(TableView[OhHellPhase, OhHellAction]):
    """What one seat may see of an Oh Hell game (no other hand, no stock but the turn-up).

    Example:
        >>> from tricktaking.games.oh_hell import OhHellConfig, apply, deal, new_game, view
        >>> state = new_game(OhHellConfig(players=3, hand_size=2))
        >>> state = apply(state, deal(state, seed=3))
        >>> v = view(state, 1)
        >>> len(v.hand), v.hand_sizes, v.hand_size
        (2, (2, 2, 2), 2)
        >>> sorted(v.to_dict())[:4]
        ['actor', 'bids', 'config', 'dealer']
    """

    config: OhHellConfig
    """The rules everyone at the table knows, as the game's configuration."""
    total_hands: int
    """The number of hands the game plays."""
    hand_size: int
    """The number of cards dealt to each seat this hand (0 before the first deal)."""
    turn_up: Card | None
    """The turned-up card of the hand (public, OH-6.1), or ``None``."""
    bids: tuple[int | None, ...]
    """Each seat's bid this hand, ``None`` until made."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as plain JSON data: the table fields, then Oh Hell's own.

        Example:
            >>> from tricktaking.games.oh_hell import OhHellConfig, new_game, view
            >>> import json
            >>> json.loads(json.dumps(view(new_game(OhHellConfig()), 0).to_dict()))["game"]
            'oh-hell'
        """
        data = table_json("oh-hell", self)
        data["config"] = config_json(self.config)
        data["total_hands"] = self.total_hands
        data["hand_size"] = self.hand_size
        data["turn_up"] = None if self.turn_up is None else str(self.turn_up)
        data["bids"] = list(self.bids)
        return data


_UPTOWN = Direction.UPTOWN
_BID_PHASE = OhHellPhase.BID
_DEAL_PHASE = OhHellPhase.DEAL
_OVER_PHASE = OhHellPhase.OVER
_PLAY_PHASE = OhHellPhase.PLAY

# ---------------------------------------------------------------------------------------
# Rule helpers (pinned API)


def _strength(card: Card, trump: Suit | None, direction: Direction, led: Suit | None) -> int:
    if card.suit is not trump and card.suit is not led:
        return -1
    return SUITED_RANKS.index(card.rank) + (100 if card.suit is trump else 0)


# strength of each card given (trump, suit to follow): trump > suit led > the rest, so
# "the highest trump, else the highest card of the suit led" (OH-11) is one max.
_STRENGTH = kit.strength_tables(Deck.standard(), _strength, (_UPTOWN,))


def _trick_strength(plays: tuple[Play, ...], trump: Suit | None) -> Mapping[Card, int]:
    return _STRENGTH[trump, _UPTOWN, plays[0].card.suit]


def trick_winner(trick: Trick, trump: Suit | None) -> int:
    """The seat winning ``trick`` so far, or its winner once complete (OH-11).

    The highest trump wins; without a trump, the highest card of the suit led.

    Raises:
        ValueError: If the trick has no plays.

    Example:
        >>> from tricktaking.games.oh_hell import trick_winner
        >>> from tricktaking.cards import Card, Suit
        >>> from tricktaking.tricks import Play, Trick
        >>> trick = Trick(leader=0, plays=tuple(
        ...     Play(seat, Card.parse(token)) for seat, token in enumerate("5D AS 7D 2C".split())))
        >>> trick_winner(trick, Suit.HEARTS), trick_winner(trick, Suit.CLUBS)
        (2, 3)
    """
    return kit.trick_winner(trick.plays, _trick_strength, trump)


def legal_plays(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (OH-10), in hand order.

    Example:
        >>> from tricktaking.games.oh_hell import legal_plays
        >>> from tricktaking.cards import Card, format_cards, parse_cards
        >>> from tricktaking.tricks import Play, Trick
        >>> nine_led = Trick(leader=0, plays=(Play(0, Card.parse("9H")),))
        >>> format_cards(legal_plays(parse_cards("3H KS 2H"), nine_led))
        '3H 2H'
        >>> format_cards(legal_plays(parse_cards("KS 4D"), nine_led))
        'KS 4D'
    """
    return _legal_cards(hand, trick.plays)


def _legal_cards(hand: tuple[Card, ...], plays: tuple[Play, ...]) -> tuple[Card, ...]:
    if not plays:
        return hand
    led = plays[0].card.suit
    following = tuple(card for card in hand if card.suit is led)
    return following or hand


def hand_score(
    bid: int,
    taken: int,
    *,
    points_per_trick: int = 1,
    off_bid_penalty: bool = False,
    exact_bonus: int = 10,
) -> int:
    """One player's score for a hand (OH-12.1).

    An exact bid scores ``points_per_trick * taken + exact_bonus``. A missed one scores
    ``points_per_trick * taken``, or with ``off_bid_penalty`` loses ``points_per_trick``
    per trick of difference.

    Example:
        >>> from tricktaking.games.oh_hell import hand_score
        >>> hand_score(2, 2), hand_score(1, 0), hand_score(0, 3)
        (12, 0, 3)
        >>> hand_score(4, 1, off_bid_penalty=True), hand_score(3, 3, points_per_trick=2)
        (-3, 16)
    """
    if taken == bid:
        return points_per_trick * taken + exact_bonus
    if off_bid_penalty:
        return -points_per_trick * abs(taken - bid)
    return points_per_trick * taken


# ---------------------------------------------------------------------------------------
# The chance model


def _next_size(state: OhHellState) -> int | None:
    """The size of the next hand, or ``None`` when it is drawn by chance."""
    return state.config.hand_sizes[state._number]


def _due_dealer(state: OhHellState) -> int | None:
    """The dealer of the next hand, or ``None`` when it is drawn by chance (OH-4.1)."""
    if state._number == 0:
        return state.config.first_dealer
    return left_of(state._dealer, state.config.players)


def _outcomes(fixed: int | None, drawn: Sequence[int]) -> tuple[tuple[int, Fraction], ...]:
    """``fixed`` with probability 1, or when it is ``None`` each of ``drawn`` alike."""
    if fixed is not None:
        return ((fixed, Fraction(1)),)
    chance = Fraction(1, len(drawn))
    return tuple((outcome, chance) for outcome in drawn)


def hand_size_outcomes(state: OhHellState) -> tuple[tuple[int, Fraction], ...]:
    """The hand sizes the next deal may have, each with its probability (OH-5.1).

    With ``hand_size=None`` (and no schedule) the size is uniform over 1 to
    :attr:`OhHellConfig.h_max`; otherwise it is fixed, with probability 1. The deal
    realises the size as the length of its hands.

    Raises:
        IllegalActionError: If the next action is not a deal.

    Example:
        >>> from tricktaking.games.oh_hell import OhHellConfig, hand_size_outcomes, new_game
        >>> outcomes = hand_size_outcomes(new_game(OhHellConfig(players=7)))
        >>> [size for size, _ in outcomes], str(outcomes[0][1])
        ([1, 2, 3, 4, 5, 6, 7], '1/7')
        >>> hand_size_outcomes(new_game(OhHellConfig(hand_size=4)))
        ((4, Fraction(1, 1)),)
    """
    kit.require_deal(state.phase, _DEAL_PHASE, _OVER_PHASE)
    return _outcomes(_next_size(state), range(1, state.config.h_max + 1))


def dealer_outcomes(state: OhHellState) -> tuple[tuple[int, Fraction], ...]:
    """The seats that may deal the next hand, each with its probability (OH-4.1).

    With ``first_dealer=None`` the first dealer is uniform over the seats, and the deal
    names it (``Deal.dealer``); otherwise, and for every later
    hand of a full game (OH-14.5), the dealer is fixed, with probability 1.

    Raises:
        IllegalActionError: If the next action is not a deal.

    Example:
        >>> from tricktaking.games.oh_hell import OhHellConfig, dealer_outcomes, new_game
        >>> [seat for seat, _ in dealer_outcomes(new_game(OhHellConfig(players=4)))]
        [0, 1, 2, 3]
        >>> dealer_outcomes(new_game(OhHellConfig(first_dealer=2)))
        ((2, Fraction(1, 1)),)
    """
    kit.require_deal(state.phase, _DEAL_PHASE, _OVER_PHASE)
    return _outcomes(_due_dealer(state), range(state.config.players))


# ---------------------------------------------------------------------------------------
# The rules

# legal_actions hands out the same objects every time
_PLAYS = kit.card_actions(Play, Deck.standard(), seats=_MAX_PLAYERS)


class OhHellRules(ExactBidRules[OhHellState, OhHellConfig, OhHellAction, OhHellView]):
    """Oh Hell's rules: the hooks of :class:`~tricktaking.kit.GameRules` for the game.

    - ``deal`` draws the next hand by the chance model (OH-4.1, OH-5): the hand size,
      when drawn, uniform over :func:`hand_size_outcomes` (from
      ``derive_seed(seed, "oh-hell", "hand size")``), and the dealer, when drawn, uniform
      over :func:`dealer_outcomes` (from ``derive_seed(seed, "oh-hell", "dealer")``), and
      names it in the deal. The deck, in card-index order, is shuffled by the seed and
      dealt by OH-5.3: card ``d[k]`` to seat ``k % players``, starting with seat 0 whoever
      deals, and ``d[players * r]`` is the turn-up, ``stock[0]``.
    - ``legal_actions``: each distinct action once, bids from 0 up, plays in hand order.
    - ``view``: the seat's own hand, the turn-up card and everything public.
    - ``zones``: each hand, seen by its owner; the turn-up card, seen by everyone; the rest
      of the stock, seen by nobody; the played cards.
    - ``is_over`` once the last hand is scored (OH-13.1, OH-14.7); ``scores`` are all 0
      until a hand is over (OH-12.5, OH-14.6); ``winners`` every seat with the top total
      (OH-13.2).

    Example:
        >>> from tricktaking.games.oh_hell import RULES, OhHellConfig
        >>> state = RULES.new_game(OhHellConfig(hand_size=2, first_dealer=0))
        >>> state = RULES.apply(state, RULES.deal(state, seed=3))
        >>> [str(action) for action in RULES.legal_actions(state)]
        ['1 bid 0', '1 bid 1', '1 bid 2']
    """

    title = "Oh Hell"
    article = "an"
    config_type = OhHellConfig
    state_type = OhHellState
    view_type = OhHellView
    view_fields: tuple[str, ...] = ("config", "total_hands", "hand_size", "turn_up", "bids")
    actions: tuple[type, ...] = (Deal, Bid, Play)
    deal_phase: enum.Enum = _DEAL_PHASE
    play_phase: enum.Enum = _PLAY_PHASE
    over_phase: enum.Enum = _OVER_PHASE
    bid_type: type[ExactBid] = Bid
    bid_phase: enum.Enum = _BID_PHASE
    seats = _MAX_PLAYERS
    most_tricks = 17
    bid_range = "a bid in a hand of {r} is 0 to {r} (OH-7.2)"
    hook_rule = "under the hook the dealer may not make the bids total {r} (OH-7.4)"

    def _new_state(self, config: OhHellConfig) -> OhHellState:
        n = config.players
        dealer = 0 if config.first_dealer is None else config.first_dealer
        return OhHellState(
            config=config,
            phase=_DEAL_PHASE,
            round=kit.empty_round(dealer, n),
            stock=(),
            trump=None,
            hand_size=0,
            bids=(None,) * n,
            scores=(0,) * n,
            score_sheet=History(),
            history=History(),
        )

    def _deal_from(self, state: OhHellState, seed: int) -> Deal:
        config = state.config
        n = config.players
        size = _next_size(state)
        if size is None:
            size = 1 + random_below(stream(derive_seed(seed, "oh-hell", "hand size")), config.h_max)
        dealer: int | None = None
        if _due_dealer(state) is None:
            dealer = random_below(stream(derive_seed(seed, "oh-hell", "dealer")), n)
        return kit.deal_round(
            config.deck, seed, players=n, hand_size=size, first_seat=0, dealer=dealer
        )

    def _deal_problem(self, state: OhHellState, deal: Deal) -> kit.Problem | None:
        config = state.config
        n = config.players
        deck = config.deck
        size = _next_size(state)
        hands = deal.hands
        r = len(hands[0]) if hands else 0
        if size is None:
            if not 1 <= r <= config.h_max:
                return (
                    Violation.BAD_DEAL,
                    f"the deal must give {n} hands of 1 to {config.h_max} cards (OH-5.1)",
                )
            size = r
        return kit.deal_problem(
            deal,
            deck=deck,
            orders=_orders(config.num_suits, config.cards_per_suit),
            players=n,
            hand_size=size,
            stock_size=len(deck) - n * size,
            dealer=_due_dealer(state),
        )

    def _dealer_of(self, state: OhHellState, deal: Deal) -> int:
        due = _due_dealer(state)
        dealer = deal.dealer if due is None else due
        if dealer is None:  # pragma: no cover - the deal was checked: it names the dealer
            raise RuntimeError("a drawn dealer missing from a checked deal")
        return dealer

    def _dealt_fields(self, state: OhHellState, deal: Deal) -> dict[str, object]:
        return {"hand_size": len(deal.hands[0])}

    def _legal(self, state: OhHellState) -> tuple[OhHellAction, ...]:
        if state.phase is not _PLAY_PHASE:
            return self._calls(state)
        seat = state._turn
        return kit.actions_for(_PLAYS[seat], _legal_cards(state._hands[seat], state._plays))

    def _unplayable(self, state: OhHellState, seat: int, card: Card) -> kit.Problem:
        return kit.follow_problem(seat, state._plays[0].card.suit, state.trump, "OH-10.3")

    def _playable(self, state: OhHellState, seat: int) -> tuple[Card, ...]:
        return _legal_cards(state._hands[seat], state._plays)

    def _strengths(self, plays: tuple[Play, ...], trump: Suit | None) -> Mapping[Card, int]:
        return _trick_strength(plays, trump)

    def _hand_size(self, state: OhHellState) -> int:
        return state.hand_size

    def _deals(self, state: OhHellState) -> int:
        return state.config.total_hands

    def _deck_of(self, state: OhHellState) -> Deck:
        return state.config.deck

    def _deal_score(self, state: OhHellState, bid: int, taken: int) -> int:
        config = state.config
        return hand_score(
            bid,
            taken,
            points_per_trick=config.points_per_trick,
            off_bid_penalty=config.off_bid_penalty,
            exact_bonus=config.exact_bonus,
        )

    def _view_values(self, state: OhHellState, seat: int) -> tuple[object, ...]:
        config = state.config
        return config, config.total_hands, state.hand_size, state.turn_up, state.bids


RULES = OhHellRules()
"""The one instance of OhHellRules, whose methods are this module's engine functions."""

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
