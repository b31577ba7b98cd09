"""Wizard, for 3 to 6 players, to the rules of ``rules/wizard.md`` (clauses ``WZ-*``).

Round r deals r cards to each player; the top card of the stock is turned up for trump
(a Wizard lets the dealer choose). Everyone bids the exact number of tricks they will
take; Wizards win, Jesters lose, and an exact bid scores ``20 + 10 * tricks``.

The game's rules are :class:`WizardRules`, and :data:`RULES` its one instance, whose
methods this module exports as functions: ``new_game``, ``deal``, ``apply``, ``check``,
``legal_actions``, ``actor``, ``view``, ``is_over``, ``scores``, ``winners``,
``parse_action``, ``zones`` and ``with_zones`` are the precisely typed versions of the
top-level functions. ``led_suit``, ``trick_winner``, ``legal_plays`` and ``round_score``
are the pure rule helpers.

Example:
    >>> from tricktaking.actions import Deal
    >>> from tricktaking.cards import parse_cards
    >>> from tricktaking.deck import Deck
    >>> from tricktaking.games import wizard
    >>> state = wizard.new_game(wizard.WizardConfig(players=3, rounds=1))
    >>> top = parse_cards("AH WZ 7C JE")
    >>> rest = list(Deck.wizard())
    >>> for card in top:
    ...     rest.remove(card)
    >>> d = Deal.from_deck(top + tuple(rest), players=3, first_seat=1, hand_size=1)
    >>> state = wizard.apply(state, d)
    >>> state.trump is None, wizard.actor(state)
    (True, 1)
    >>> for action in ["1 bid 0", "2 bid 1", "0 bid 0", "1 play AH", "2 play WZ", "0 play 7C"]:
    ...     state = wizard.apply(state, wizard.parse_action(action))
    >>> state.scores, wizard.winners(state)
    ((20, 20, 30), (2,))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

import attrs

from tricktaking import kit
from tricktaking.actions import ChooseTrump, Deal
from tricktaking.arguments import is_exact_int
from tricktaking.cards import SUITED_RANKS, Card, Direction, Rank, Suit
from tricktaking.deck import Deck
from tricktaking.errors import ConfigError, safe_repr
from tricktaking.exact_bids import ExactBid, ExactBidRules, co_winners
from tricktaking.history import History
from tricktaking.tricks import Play, Trick, left_of
from tricktaking.views import JSONValue, TableView, config_json, table_json

__all__ = [
    "RULES",
    "Bid",
    "BidRule",
    "ChooseTrump",
    "Deal",
    "Play",
    "WizardAction",
    "WizardConfig",
    "WizardPhase",
    "WizardRules",
    "WizardState",
    "WizardView",
    "actor",
    "apply",
    "check",
    "co_winners",
    "deal",
    "is_over",
    "led_suit",
    "legal_actions",
    "legal_plays",
    "new_game",
    "parse_action",
    "round_score",
    "scores",
    "trick_winner",
    "view",
    "winners",
    "with_zones",
    "zones",
]

BidRule: TypeAlias = Literal["free", "hook"]
"""``"free"``: any bid; ``"hook"``: the dealer may not make the bids total the tricks."""

_DECK = Deck.wizard()
_DECK_ORDERS = kit.sorted_orders(_DECK)


@attrs.frozen(kw_only=True)
class WizardConfig:
    """The options of a Wizard game (WZ-3.1), validated when built (WZ-3.2).

    Args:
        players: 3 to 6 seats.
        first_dealer: The dealer of round 1, a seat.
        rounds: ``None`` for the full game of ``60 // players`` rounds, or the number of
            rounds to play (1 … ``60 // players``), with their normal hand sizes.
        bid_rule: ``"free"`` or ``"hook"`` (WZ-7.4, WZ-7.5).

    Raises:
        ConfigError: If an option is outside its allowed values.

    Example:
        >>> from tricktaking.games.wizard import WizardConfig
        >>> WizardConfig(players=4).total_rounds
        15
        >>> WizardConfig(players=4, rounds=16)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: rounds must be None or 1 to 15 with 4 players, not 16
    """

    players: int
    first_dealer: int = 0
    rounds: int | None = None
    bid_rule: BidRule = "free"

    def __attrs_post_init__(self) -> None:
        kit.exact_options(self, ints=("players", "first_dealer"), optional_ints=("rounds",))
        kit.exact_options(self, strs=("bid_rule",))
        kit.int_option("players", self.players, 3, 6)
        kit.seat_option("first_dealer", self.first_dealer, self.players)
        full = 60 // self.players
        if self.rounds is not None and (
            not is_exact_int(self.rounds) or not 1 <= self.rounds <= full
        ):
            raise ConfigError(
                f"rounds must be None or 1 to {full} with {self.players} players, "
                f"not {safe_repr(self.rounds)}"
            )
        kit.choice_option("bid_rule", self.bid_rule, ("free", "hook"))

    @property
    def total_rounds(self) -> int:
        """The number of rounds the game plays (WZ-5.1)."""
        return 60 // self.players if self.rounds is None else self.rounds


class WizardPhase(kit.Phase):
    """Where a Wizard game stands.

    Example:
        >>> from tricktaking.games.wizard import WizardPhase
        >>> WizardPhase.BID.value
        'bid'
    """

    DEAL = "deal"
    """The next action is the chance :class:`~tricktaking.actions.Deal`."""
    CHOOSE_TRUMP = "choose_trump"
    """A Wizard was turned up; the dealer names trump (WZ-6.4)."""
    BID = "bid"
    """Players bid in turn, left of the dealer first (WZ-7.1)."""
    PLAY = "play"
    """Trick play."""
    OVER = "over"
    """The last round has been scored."""


@attrs.frozen
class Bid(ExactBid):
    """A Wizard bid: the number of tricks the seat will take exactly.

    Example:
        >>> from tricktaking.games.wizard import Bid
        >>> str(Bid(2, 3))
        '2 bid 3'
    """


WizardAction: TypeAlias = Deal | ChooseTrump | Bid | Play
"""Every action of a Wizard game."""


@kit.state_class
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class WizardState(kit.State):
    """The complete, immutable state of a Wizard game.

    Build it with ``new_game`` and advance it with ``apply``. It holds hidden
    information (every hand and the stock): give players a ``view`` instead.

    Attributes:
        config: The game's options.
        phase: The current phase.
        round: The current round; before the first deal an empty round 0, and after a
            round ends the completed round until the next deal.
        stock: The undealt cards of the round; ``stock[0]`` is the turn-up card.
        trump: The round's trump suit, or ``None`` (no trump, or not yet chosen).
        bids: Each seat's bid this round, ``None`` until made.
        scores: Cumulative scores per seat.
        score_sheet: The round scores of every completed round, oldest first.
        history: Every action applied, deals included.

    Example:
        >>> from tricktaking.games.wizard import WizardConfig, new_game
        >>> state = new_game(WizardConfig(players=5))
        >>> state.phase, state.round.number, state.scores
        (<WizardPhase.DEAL: 'deal'>, 0, (0, 0, 0, 0, 0))
    """

    config: WizardConfig
    phase: WizardPhase
    stock: tuple[Card, ...]
    trump: Suit | None
    bids: tuple[int | None, ...]
    scores: tuple[int, ...]
    score_sheet: History[tuple[int, ...]]
    history: History[WizardAction]

    @property
    def turn_up(self) -> Card | None:
        """The turned-up card of the round, public (WZ-6.1), or ``None``."""
        return self.stock[0] if self.stock else None


@attrs.frozen(kw_only=True)
class WizardView(TableView[WizardPhase, WizardAction]):
    """What one seat may see of a Wizard game (no other hand, no stock but the turn-up).

    Example:
        >>> from tricktaking.games.wizard import WizardConfig, apply, deal, new_game, view
        >>> state = new_game(WizardConfig(players=3))
        >>> state = apply(state, deal(state, seed=3))
        >>> v = view(state, 1)
        >>> len(v.hand), v.hand_sizes, v.actor
        (1, (1, 1, 1), 1)
        >>> sorted(v.to_dict())[:4]
        ['actor', 'bids', 'config', 'dealer']
    """

    config: WizardConfig
    """The rules everyone at the table knows, as the game's configuration."""
    total_rounds: int
    """The number of rounds the game plays."""
    turn_up: Card | None
    """The turned-up card of the round (public, WZ-6.1), or ``None``."""
    bids: tuple[int | None, ...]
    """Each seat's bid this round, ``None`` until made."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as plain JSON data: the table fields, then Wizard's own.

        ``"round"`` repeats ``"round_number"`` and is deprecated (removed in 0.3).

        Example:
            >>> from tricktaking.games.wizard import WizardConfig, new_game, view
            >>> import json
            >>> json.loads(json.dumps(view(new_game(WizardConfig(players=3)), 0).to_dict()))["game"]
            'wizard'
        """
        data = table_json("wizard", self)
        data["config"] = config_json(self.config)
        data["total_rounds"] = self.total_rounds
        data["turn_up"] = None if self.turn_up is None else str(self.turn_up)
        data["bids"] = list(self.bids)
        data["round"] = self.round_number
        return data


# Enum members used in function bodies, read once: on Python 3.11 every
# ``Enum.MEMBER`` lookup goes through EnumType.__getattr__ (~100 ns).
_UPTOWN = Direction.UPTOWN
_WIZARD_RANK = Rank.WIZARD
_BID_PHASE = WizardPhase.BID
_CHOOSE_TRUMP_PHASE = WizardPhase.CHOOSE_TRUMP
_DEAL_PHASE = WizardPhase.DEAL
_OVER_PHASE = WizardPhase.OVER
_PLAY_PHASE = WizardPhase.PLAY

# ---------------------------------------------------------------------------------------
# Rule helpers (pinned API)


def led_suit(trick: Trick) -> Suit | None:
    """The suit to follow in ``trick`` (WZ-10.1).

    ``None`` while no suited card has been played (only Jesters, or nothing yet) and
    for the rest of the trick once a Wizard precedes every suited card.

    Example:
        >>> from tricktaking.games.wizard import led_suit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play, Trick
        >>> led_suit(Trick(leader=0, plays=(Play(0, Card.parse("JE")), Play(1, Card.parse("7D")))))
        <Suit.DIAMONDS: 'D'>
        >>> led_suit(Trick(leader=0, plays=(Play(0, Card.parse("WZ")), Play(1, Card.parse("7D")))))
    """
    return _led(trick.plays)


def _led(plays: tuple[Play, ...]) -> Suit | None:
    for play in plays:
        card = play.card
        if card.suit is not None:
            return card.suit
        if card.rank is _WIZARD_RANK:
            return None
    return None


def _strength(card: Card, trump: Suit | None, direction: Direction, led: Suit | None) -> int:
    if card.rank is _WIZARD_RANK:
        return 1000
    if card.suit is None or card.suit not in (trump, led):
        return -1
    return SUITED_RANKS.index(card.rank) + (100 if card.suit is trump else 0)


# strength of each card given (trump, suit to follow): WZ > trump > led suit > the rest,
# so that "first WZ, else highest trump, else highest of the suit" (WZ-11) is one max.
# Wizard has no direction: every key uses UPTOWN.
_STRENGTH = kit.strength_tables(_DECK, _strength, (Direction.UPTOWN,))


def _trick_strength(plays: tuple[Play, ...], trump: Suit | None) -> Mapping[Card, int]:
    return _STRENGTH[trump, _UPTOWN, _led(plays)]


def trick_winner(trick: Trick, trump: Suit | None) -> int:
    """The seat winning ``trick`` so far, or its winner once complete (WZ-11).

    The first Wizard wins; else the highest trump; else the highest card of the suit
    to follow; a trick of Jesters only goes to the first Jester.

    Raises:
        ValueError: If the trick has no plays.

    Example:
        >>> from tricktaking.games.wizard import trick_winner
        >>> from tricktaking.cards import Card, Suit
        >>> from tricktaking.tricks import Play, Trick
        >>> trick = Trick(leader=0, plays=tuple(
        ...     Play(seat, Card.parse(token)) for seat, token in enumerate("TS KS 2H AS".split())))
        >>> trick_winner(trick, Suit.HEARTS), trick_winner(trick, None)
        (2, 3)
    """
    return kit.trick_winner(trick.plays, _trick_strength, trump)


def legal_plays(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (WZ-10), in hand order.

    Example:
        >>> from tricktaking.games.wizard import legal_plays
        >>> from tricktaking.cards import Card, format_cards, parse_cards
        >>> from tricktaking.tricks import Play, Trick
        >>> nine_led = Trick(leader=0, plays=(Play(0, Card.parse("9H")),))
        >>> format_cards(legal_plays(parse_cards("3H KS WZ JE"), nine_led))
        '3H WZ JE'
    """
    return _legal_cards(hand, trick.plays)


def _legal_cards(hand: tuple[Card, ...], plays: tuple[Play, ...]) -> tuple[Card, ...]:
    led = _led(plays)
    if led is None or _SUITS[led].isdisjoint(hand):
        return hand
    return tuple(filter(_MAY_FOLLOW[led].__contains__, hand))


# the cards of each suit, and the cards that may be played when it is led and held
_SUITS = {suit: frozenset([card for card in _DECK.cards if card.suit is suit]) for suit in Suit}
_MAY_FOLLOW = {
    suit: _SUITS[suit] | {card for card in _DECK.cards if card.suit is None} for suit in Suit
}


def round_score(bid: int, taken: int) -> int:
    """A round's score: ``20 + 10 * taken`` if exact, else ``-10`` per trick off (WZ-12.1).

    Example:
        >>> from tricktaking.games.wizard import round_score
        >>> round_score(4, 4), round_score(5, 3), round_score(0, 0)
        (60, -20, 20)
    """
    return 20 + 10 * taken if taken == bid else -10 * abs(taken - bid)


# ---------------------------------------------------------------------------------------
# The rules

# legal_actions hands out the same objects every time
_PLAYS = kit.card_actions(Play, _DECK, seats=6)


class WizardRules(ExactBidRules[WizardState, WizardConfig, WizardAction, WizardView]):
    """Wizard's rules: the exact-bid family's machine with Wizard's deck, deal and scores.

    - ``deal``: the 60 cards shuffled by the seed and dealt as WZ-5.3 says, from the
      dealer's left; the next card is turned up (WZ-6.1), and a Wizard turned up lets
      the dealer name trump (WZ-6.4).
    - ``legal_actions``: each distinct action once, in this order: trump choices S, H, D,
      C; bids from 0 up; plays in hand order (a hand with two Wizards lists ``play WZ``
      once).
    - ``view``: the seat's own hand, the turn-up card and everything public.
    - ``zones``: each hand, seen by its owner; the turn-up card, seen by everyone; the rest
      of the stock, seen by nobody; the played cards.
    - ``is_over`` once the last round is scored (WZ-13.1); ``scores`` are the cumulative
      totals (WZ-12.2); ``winners`` every seat with the top total (WZ-13.2).

    Example:
        >>> from tricktaking.games.wizard import RULES, WizardConfig
        >>> state = RULES.new_game(WizardConfig(players=3))
        >>> state = RULES.apply(state, RULES.deal(state, seed=3))
        >>> [str(action) for action in RULES.legal_actions(state)] in (
        ...     ['1 bid 0', '1 bid 1'], ['0 trump S', '0 trump H', '0 trump D', '0 trump C'])
        True
    """

    title = "Wizard"
    config_type = WizardConfig
    state_type = WizardState
    view_type = WizardView
    view_fields: tuple[str, ...] = ("config", "total_rounds", "turn_up", "bids")
    actions: tuple[type, ...] = (Deal, ChooseTrump, Bid, Play)
    deal_phase: enum.Enum = _DEAL_PHASE
    play_phase: enum.Enum = _PLAY_PHASE
    over_phase: enum.Enum = _OVER_PHASE
    bid_type: type[ExactBid] = Bid
    bid_phase: enum.Enum = _BID_PHASE
    choose_phase: enum.Enum | None = _CHOOSE_TRUMP_PHASE
    seats = 6
    most_tricks = 20
    bid_range = "a bid in round {r} is 0 to {r} (WZ-7.2)"
    hook_rule = "with the hook rule the dealer may not make the bids total {r} (WZ-7.5)"
    choose_rule = "trump is chosen only after a Wizard turn-up"

    def _new_state(self, config: WizardConfig) -> WizardState:
        n = config.players
        return WizardState(
            config=config,
            phase=_DEAL_PHASE,
            round=kit.empty_round(config.first_dealer, n),
            stock=(),
            trump=None,
            bids=(None,) * n,
            scores=(0,) * n,
            score_sheet=History(),
            history=History(),
        )

    def _deal_from(self, state: WizardState, seed: int) -> Deal:
        n = state.config.players
        dealer = kit.next_dealer(state.config.first_dealer, state._number, n)
        return kit.deal_round(
            _DECK, seed, players=n, hand_size=state._number + 1, first_seat=left_of(dealer, n)
        )

    def _deal_problem(self, state: WizardState, deal: Deal) -> kit.Problem | None:
        r = state._number + 1
        n = state.config.players
        return kit.deal_problem(
            deal,
            deck=_DECK,
            orders=_DECK_ORDERS,
            players=n,
            hand_size=r,
            stock_size=60 - r * n,
            dealer=self._dealer_of(state, deal),
        )

    def _dealer_of(self, state: WizardState, deal: Deal) -> int:
        config = state.config  # the deal passes left after every round (WZ-4.2)
        return kit.next_dealer(config.first_dealer, state._number, config.players)

    def _legal(self, state: WizardState) -> tuple[WizardAction, ...]:
        if state.phase is not _PLAY_PHASE:
            return self._calls(state)
        seat = state._turn
        cards = _legal_cards(state._hands[seat], state._plays)
        # Each distinct card is one action. Only Wizards and Jesters repeat, and they sort
        # last, Wizards first, so one of the last two pairs repeats if any pair does.
        n = len(cards)
        if n > 1 and (cards[-1] is cards[-2] or (n > 2 and cards[-2] is cards[-3])):
            cards = tuple(dict.fromkeys(cards))
        return kit.actions_for(_PLAYS[seat], cards)

    def _unplayable(self, state: WizardState, seat: int, card: Card) -> kit.Problem:
        return kit.follow_problem(seat, _led(state._plays), state.trump, "WZ-10.3")

    def _playable(self, state: WizardState, seat: int) -> tuple[Card, ...]:
        return _legal_cards(state._hands[seat], state._plays)

    def _strengths(self, plays: tuple[Play, ...], trump: Suit | None) -> Mapping[Card, int]:
        return _trick_strength(plays, trump)

    def _turn_up(self, card: Card | None) -> tuple[WizardPhase, Suit | None]:
        # a Wizard lets the dealer choose trump, a Jester means none (WZ-6.2 to WZ-6.4),
        # and so does an empty stock (WZ-6.5)
        if card is not None and card.rank is _WIZARD_RANK:
            return _CHOOSE_TRUMP_PHASE, None
        return _BID_PHASE, None if card is None else card.suit

    def _hand_size(self, state: WizardState) -> int:
        return state._number  # round r deals r cards (WZ-5.2)

    def _deals(self, state: WizardState) -> int:
        return state.config.total_rounds

    def _deck_of(self, state: WizardState) -> Deck:
        return _DECK

    def _deal_score(self, state: WizardState, bid: int, taken: int) -> int:
        return round_score(bid, taken)

    def _view_values(self, state: WizardState, seat: int) -> tuple[object, ...]:
        config = state.config
        return config, config.total_rounds, state.turn_up, state.bids


RULES = WizardRules()
"""The one instance of WizardRules, whose methods are this module's engine functions."""

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
