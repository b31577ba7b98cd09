"""The compiled rules of the exact-bid games, Wizard and Oh Hell, as one machine.

Both games deal a growing or scheduled hand, turn up trump, bid tricks in turn (the
dealer last, under the hook kept off the total), play follow-suit tricks the winner
leads, and score each seat on whether it took exactly its bid. Their differences are
the data of :class:`ExactBidParams`: Wizard's Wizards and Jesters (card numbers 52 to
59) and its trump choice on a Wizard turn-up, who is dealt first, each deal's hand
size (or a drawn one) and dealer, and the scoring formula's four numbers.

Card numbers: the 52 suited cards are ``13 * suit + rank`` (suits S H D C, ranks 2 to
A), the canonical sort order; Wizard's four Wizards are 52 to 55 and its four Jesters 56
to 59. A hand is a ``uint64`` mask of card numbers, so its bits run in the order the
engine sorts a hand.

Each game's kernel builds the parameters from its config (rules ``rules/wizard.md`` and
``rules/oh_hell.md``; the clause comments below name both) and declares its
:class:`~tricktaking.kernel_kit.Kernel` with :func:`declare_kernel`, which gives it this
module's widths and fields; a new exact-bid game can do the same. Needs NumPy and numba:
``pip install 'tricktaking[batch]'``.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking.batch import kernel_for
    >>> from tricktaking.exact_bid_kernel import INTS_WIDTH
    >>> kernel_for(tt.get_game("oh-hell")).ints_width == INTS_WIDTH
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from tricktaking.actions import Deal
from tricktaking.cards import Card
from tricktaking.engine import GameState
from tricktaking.extras import MissingExtraError, missing_modules

if missing_modules("numpy"):
    raise MissingExtraError(__name__, "batch")  # pragma: no cover - depends on the extras

import numpy as np

from tricktaking.kernel_kit import (
    ACTING,
    ACTOR,
    DEALING,
    HEADER,
    NUMBER,
    OVER,
    PHASE,
    SCORES,
    STATUS,
    TABLE_FIELDS,
    Bools,
    Cards,
    Floats,
    Int64s,
    Ints,
    Kernel,
    apply_row,
    below,
    cards_at,
    clear_row,
    compiled,
    deal_row,
    equivalent_row,
    flag_cards,
    held_row,
    heuristic_row,
    implement,
    inlined,
    is_legal_row,
    kth_bit,
    legal_row,
    lowest_bit,
    observe_row,
    place_row,
    popcount,
    random_row,
    reset_row,
    resume_row,
    state_after_deals,
)

__all__ = [
    "CARDS_WIDTH",
    "DOWN_UP",
    "FIELDS",
    "FIXED",
    "GROWING",
    "INTS_WIDTH",
    "SHRINKING",
    "UP_DOWN",
    "ExactBidParams",
    "declare_kernel",
]

MAX_SEATS = 7

# the game's own int columns, after the header
DEALER = HEADER
TRUMP = HEADER + 1  # a suit 0 to 3, -1 for none (yet)
TURN_UP = HEADER + 2  # a card number, -1 for none
HAND_SIZE = HEADER + 3
LEADER = HEADER + 4
PLAYED = HEADER + 5  # cards in the trick in progress
LED = HEADER + 6  # the suit to follow, or one of the two below
BEST = HEADER + 7  # the seat winning the trick so far
STRENGTH = HEADER + 8  # the strength of its card
TRICKS = HEADER + 9  # tricks completed this deal
STAGE = HEADER + 10  # the kernel's own phase (PHASE holds the game's)
BIDS = HEADER + 11  # one per seat, -1 until made
WON = BIDS + MAX_SEATS  # tricks won this deal, one per seat
TRICK = WON + MAX_SEATS  # the trick's card numbers in play order
INTS_WIDTH = TRICK + MAX_SEATS
"""The number of ``int32`` columns of a row."""

# the card columns
HANDS = 0  # one per seat
GONE = MAX_SEATS  # the cards of the completed tricks of this deal
CARDS_WIDTH = MAX_SEATS + 1
"""The number of ``uint64`` columns of a row."""

NOT_YET = -1  # no suited card yet (only Jesters, or none), WZ-10.1
FREE = -2  # a Wizard came first: nothing to follow, WZ-10.1

# the kernel's phases (_set_phase writes the game's own phase index beside)
_DEAL, _CHOOSE, _BID, _PLAY, _OVER = range(5)

_WIZARDS = np.uint64(0xF << 52)
_JESTERS = np.uint64(0xF << 56)
_SPECIALS = _WIZARDS | _JESTERS
_SUITED = np.uint64((1 << 52) - 1)
_SUIT_MASKS = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], np.uint64)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_A_WIZARD = 52  # the action index of a Wizard, and its bit in a mask of distinct plays
_A_JESTER = 53

# how a deal's hand size follows from its number (ExactBidParams.sizes)
GROWING = 0
"""Deal ``r`` deals ``r`` cards (Wizard, WZ-5.3)."""
FIXED = 1
"""Every deal deals ``largest`` cards, or a number ``draw0`` draws when that is 0."""
SHRINKING = 2
"""Deals shrink from ``largest`` cards to one."""
UP_DOWN = 3
"""Deals grow from one card to ``largest``, then shrink back to one."""
DOWN_UP = 4
"""Deals shrink from ``largest`` cards to one, then grow back."""

# Oh Hell's suit index (C, D, S, H: OH-2.5) as a suit of the card numbers (S, H, D, C)
_SUIT_OF_INDEX = np.array([3, 2, 0, 1], np.int64)

FIELDS = (
    *TABLE_FIELDS,
    "total",
    "hand_size",
    "turn_up",
    "bids",
)
"""The observation fields :func:`~tricktaking.kernel_kit.observe_row` reads, by position
(``total`` is the game's number of deals, its name the game's own)."""


class ExactBidParams(NamedTuple):
    """An exact-bid game's config as the kernel reads it.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> from tricktaking.exact_bid_kernel import GROWING, ExactBidParams
        >>> game = kernel_for(tt.get_game("wizard")).params(tt.WizardConfig(players=4))
        >>> isinstance(game, ExactBidParams), game.sizes == GROWING, game.deals
        (True, True, 15)
    """

    players: int
    """The number of seats."""
    action_size: int
    """The size of the ``rl`` action space."""
    deck_size: int
    """The physical cards a deal shuffles."""
    draw0: int
    """The outcomes of the hand-size draw (0 for none)."""
    draw1: int
    """The outcomes of the dealer draw (0 for none)."""
    bid0: int
    """The action index of a bid of 0."""
    max_bid: int
    """The highest bid of the action space."""
    trump0: int
    """The action index of choosing spades after a Wizard turn-up (-1 for none)."""
    specials: int
    """1 if the deck has Wizards and Jesters (card numbers 52 to 59)."""
    deal_from_left: int
    """1 if the seat left of the dealer is dealt first, 0 for seat 0."""
    first_dealer: int
    """The first dealer, -1 if drawn (then ``draw1`` draws it)."""
    deals: int
    """The number of deals of a game."""
    sizes: int
    """How each deal's hand size follows from its number, one of :data:`GROWING`,
    :data:`FIXED`, :data:`SHRINKING`, :data:`UP_DOWN` and :data:`DOWN_UP`."""
    largest: int
    """The largest hand of a schedule, or the fixed hand size (0 for a drawn one)."""
    suits: int
    """0 for Wizard's deck (a deck lists card numbers), else the number of suits of Oh
    Hell's deck (a deck lists its rank-major card indexes, OH-2.5)."""
    hook: int
    """1 if the dealer may not make the bids total the hand size."""
    exact_base: int
    """Points for an exact bid."""
    exact_per_trick: int
    """Points per trick for an exact bid."""
    miss_per_trick: int
    """Points per trick taken for a missed bid."""
    miss_per_difference: int
    """Points per trick of difference for a missed bid."""
    score_scale: float
    """What the observation divides scores by."""
    top: int
    """The highest rank index in use."""
    trump_top: float
    """The heuristic's tricks for the top trump."""
    trump_second: float
    """The heuristic's tricks for the second trump."""
    trump_third: float
    """The heuristic's tricks for the third trump."""
    trump_fourth: float
    """The heuristic's tricks for the fourth trump."""
    trump_other: float
    """The heuristic's tricks for any lower trump."""
    plain_top: float
    """The heuristic's tricks for another suit's top card (the others below the second
    count nothing)."""
    plain_second: float
    """The heuristic's tricks for another suit's second card."""
    wizard_value: float
    """The heuristic's tricks for a Wizard."""
    share: float
    """The factor of ``plain_value`` (high cards are worth less at a fuller table)."""


_Config = TypeVar("_Config")


def declare_kernel(
    *,
    title: str,
    config_type: type[_Config],
    params: Callable[[_Config], ExactBidParams],
    deal_action: Callable[[GameState[object], Sequence[int]], Deal],
    deck_of: Callable[[GameState[object], Deal], Sequence[int]],
    numbers: Callable[[_Config], tuple[Card | None, ...]],
    new_game: Callable[[_Config], GameState[object]],
    deals_field: str,
) -> Kernel[_Config]:
    """An exact-bid game's :class:`~tricktaking.kernel_kit.Kernel`, running this module's rules.

    The kernel has this module's widths and :data:`FIELDS`, ``total`` under the game's
    own name ``deals_field``; a sampled world of a later deal starts from ``new_game``
    of the config with the totals as its ``scores``. The other arguments are the
    :class:`~tricktaking.kernel_kit.Kernel`'s own.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> from tricktaking.exact_bid_kernel import declare_kernel
        >>> wizard = kernel_for(tt.get_game("wizard"))
        >>> kernel = declare_kernel(
        ...     title="Wizard",
        ...     config_type=tt.WizardConfig,
        ...     params=wizard.params,
        ...     deal_action=wizard.deal_action,
        ...     deck_of=wizard.deck_of,
        ...     numbers=wizard.numbers,
        ...     new_game=tt.new_game,
        ...     deals_field="total_rounds",
        ... )
        >>> kernel.fields == wizard.fields, "total_rounds" in kernel.fields
        (True, True)
        >>> state = kernel.resumed(tt.WizardConfig(players=3), 2, 1, (30, -10, 20))
        >>> state.round.number, tt.scores(state)
        (2, (30, -10, 20))
    """
    return Kernel(
        title=title,
        config_type=config_type,
        params=params,
        ints_width=INTS_WIDTH,
        cards_width=CARDS_WIDTH,
        deal_action=deal_action,
        deck_of=deck_of,
        numbers=numbers,
        resumed=lambda config, number, dealer, totals: state_after_deals(
            new_game(config), number, dealer, scores=totals
        ),
        fields=tuple(deals_field if name == "total" else name for name in FIELDS),
    )


@inlined
def _set_phase(game: ExactBidParams, ints: Ints, row: int, phase: int) -> None:
    ints[row, STAGE] = phase
    # the game's phase enum: Oh Hell's has no trump choice
    ints[row, PHASE] = phase if game.trump0 >= 0 or phase < _CHOOSE else phase - 1


@compiled
def _hand_size(game: ExactBidParams, number: int) -> int:
    """Deal ``number``'s hand size, 0 when drawn (WZ-5.3, OH-5.1, OH-14.2)."""
    top = game.largest
    if game.sizes == GROWING:
        return number
    if game.sizes == FIXED:
        return top
    if game.sizes == SHRINKING:
        return top + 1 - number
    if game.sizes == UP_DOWN:
        return number if number <= top else 2 * top - number
    return top + 1 - number if number <= top else number - top + 1


@compiled
def _card_number(game: ExactBidParams, physical: int) -> int:
    """The card number of a physical card a deck lists."""
    if game.suits == 0:
        return physical
    return int(13 * _SUIT_OF_INDEX[physical % game.suits] + physical // game.suits)


@compiled
def _card_index(card: int) -> int:
    """A card's ``rl`` index: its number, 52 for any Wizard, 53 for any Jester."""
    if card < 52:
        return card
    return _A_WIZARD if card < 56 else _A_JESTER


@implement(reset_row, ExactBidParams)
def _reset(game: ExactBidParams, ints: Ints, cards: Cards, row: int) -> None:
    clear_row(ints, cards, row)
    ints[row, STATUS] = DEALING
    ints[row, TRUMP] = -1
    ints[row, TURN_UP] = -1
    ints[row, DEALER] = game.first_dealer  # -1 when the first deal draws it
    _set_phase(game, ints, row, _DEAL)
    for seat in range(MAX_SEATS):
        ints[row, BIDS + seat] = -1


@implement(resume_row, ExactBidParams)
def _resume(
    game: ExactBidParams, ints: Ints, cards: Cards, row: int, number: int, dealer: int
) -> None:
    ints[row, DEALER] = dealer  # the next deal's dealer follows from it (WZ-4.2, OH-14.5)


@implement(deal_row, ExactBidParams)
def _deal(game: ExactBidParams, ints: Ints, cards: Cards, row: int, deck: Int64s) -> None:
    n = game.players
    number = ints[row, NUMBER] + 1
    size = _hand_size(game, number)
    if size == 0:  # OH-5.1: drawn, 1 to H_max
        size = deck[game.deck_size] + 1
    if number == 1:  # WZ-4.1, OH-4.1
        dealer = game.first_dealer if game.first_dealer >= 0 else deck[game.deck_size + 1]
    else:  # WZ-4.2, OH-14.5
        dealer = (ints[row, DEALER] + 1) % n
    first = (dealer + 1) % n
    start = first if game.deal_from_left else 0  # WZ-5.3; OH-5.3 deals seat 0 first
    for seat in range(MAX_SEATS):
        cards[row, HANDS + seat] = _ZERO
    for k in range(size * n):
        seat = (start + k) % n
        cards[row, HANDS + seat] |= _ONE << np.uint64(_card_number(game, deck[k]))
    cards[row, GONE] = _ZERO
    ints[row, NUMBER] = number
    ints[row, HAND_SIZE] = size
    ints[row, DEALER] = dealer
    ints[row, LEADER] = first  # WZ-9.1, OH-9.1
    ints[row, PLAYED] = 0
    ints[row, LED] = NOT_YET
    ints[row, STRENGTH] = -2
    ints[row, TRICKS] = 0
    for seat in range(MAX_SEATS):
        ints[row, BIDS + seat] = -1
        ints[row, WON + seat] = 0
    ints[row, STATUS] = ACTING
    ints[row, ACTOR] = first  # WZ-7.1, OH-7.1
    _set_phase(game, ints, row, _BID)
    ints[row, TRUMP] = -1
    ints[row, TURN_UP] = -1
    if size * n < game.deck_size:  # WZ-6.1, WZ-6.5; OH-5.4 always has one
        turn_up = _card_number(game, deck[size * n])
        ints[row, TURN_UP] = turn_up
        if turn_up < 52:  # WZ-6.2, OH-6.2
            ints[row, TRUMP] = turn_up // 13
        elif turn_up < 56:  # WZ-6.4: the dealer chooses trump first
            ints[row, ACTOR] = dealer
            _set_phase(game, ints, row, _CHOOSE)
        # WZ-6.3: a Jester turn-up leaves no trump


@inlined
def _forbidden_bid(game: ExactBidParams, ints: Ints, row: int) -> int:
    """The bid the hook forbids the row's actor, -1 for none (WZ-7.5, OH-7.4)."""
    if not game.hook or ints[row, ACTOR] != ints[row, DEALER]:
        return -1
    others = 0
    for seat in range(game.players):
        others += max(ints[row, BIDS + seat], 0)
    size = ints[row, HAND_SIZE]
    return size - others if others <= size else -1


@inlined
def _playable(ints: Ints, cards: Cards, row: int) -> np.uint64:
    """The cards the actor may play (WZ-10.2 to WZ-10.5, OH-10.1 to OH-10.4)."""
    hand = cards[row, HANDS + ints[row, ACTOR]]
    led = ints[row, LED]
    if led >= 0:
        follow = hand & _SUIT_MASKS[led]
        if follow != _ZERO:
            return np.uint64(follow | (hand & _SPECIALS))
    return np.uint64(hand)


@compiled
def _distinct(allowed: np.uint64) -> np.uint64:
    """The playable cards as one bit per ``rl`` card action (Wizards at 52, Jesters at 53)."""
    distinct = allowed & _SUITED
    if allowed & _WIZARDS:
        distinct |= _ONE << np.uint64(_A_WIZARD)
    if allowed & _JESTERS:
        distinct |= _ONE << np.uint64(_A_JESTER)
    return distinct


@implement(legal_row, ExactBidParams)
def _legal(game: ExactBidParams, ints: Ints, cards: Cards, row: int, out: Bools) -> int:
    phase = ints[row, STAGE]
    if phase == _PLAY:
        return flag_cards(out, row, _distinct(_playable(ints, cards, row)))
    if phase == _BID:
        forbidden = _forbidden_bid(game, ints, row)
        count = 0
        for bid in range(ints[row, HAND_SIZE] + 1):  # WZ-7.2, OH-7.2
            if bid != forbidden:
                out[row, game.bid0 + bid] = True
                count += 1
        return count
    for suit in range(4):  # WZ-6.4: one of the four suits
        out[row, game.trump0 + suit] = True
    return 4


@implement(is_legal_row, ExactBidParams)
def _is_legal(game: ExactBidParams, ints: Ints, cards: Cards, row: int, action: int) -> bool:
    phase = ints[row, STAGE]
    if phase == _PLAY:
        return action < game.bid0 and bool(
            (_distinct(_playable(ints, cards, row)) >> np.uint64(action)) & _ONE
        )
    if phase == _BID:
        bid = action - game.bid0
        return 0 <= bid <= ints[row, HAND_SIZE] and bid != _forbidden_bid(game, ints, row)
    return game.trump0 >= 0 and game.trump0 <= action < game.trump0 + 4


@inlined
def _card_of(cards: Cards, row: int, seat: int, action: int) -> int:
    """The card number an action plays: a Wizard or Jester is the hand's lowest such."""
    if action == _A_WIZARD:
        return lowest_bit(cards[row, HANDS + seat] & _WIZARDS)
    if action == _A_JESTER:
        return lowest_bit(cards[row, HANDS + seat] & _JESTERS)
    return action


@compiled
def _strength(card: int, led: int, trump: int) -> int:
    """A card's strength in its trick, once it is down (WZ-11, OH-11).

    The first Wizard is strongest (later ones tie and lose); a Jester is weakest (the
    first one wins a trick of Jesters); a trump adds 100; a card of neither trump nor
    the suit to follow never wins.
    """
    if card >= 56:
        return -1
    if card >= 52:
        return 1000
    suit = card // 13
    if suit == trump:
        return 100 + card % 13
    return card % 13 if suit == led else -1


@implement(equivalent_row, ExactBidParams)
def _equivalent(
    game: ExactBidParams, ints: Ints, cards: Cards, row: int, action: int, other: int
) -> bool:
    """Two suited cards of one suit, no card between them able to meet them (WZ-11, OH-11).

    Every Wizard is one action already, and so is every Jester.
    """
    if ints[row, STAGE] != _PLAY or action >= 52 or other >= 52 or action // 13 != other // 13:
        return False
    low = min(action, other)
    high = max(action, other)
    between = ((_ONE << np.uint64(high)) - _ONE) & ~((_ONE << np.uint64(low + 1)) - _ONE)
    seat = ints[row, ACTOR]
    live = cards_at(ints, row, TRICK, ints[row, PLAYED])
    for holder in range(game.players):
        if holder != seat:
            live |= cards[row, HANDS + holder]
    return bool((between & live) == _ZERO)


@compiled
def _led_after(card: int, led: int) -> int:
    """The suit to follow once ``card`` is down (WZ-10.1, OH-10.2)."""
    if led != NOT_YET or card >= 56:
        return led
    return FREE if card >= 52 else card // 13


@inlined
def _score(game: ExactBidParams, ints: Ints, row: int) -> None:
    """Add each seat's deal score (WZ-12.1, OH-12.1) and end the deal or the game."""
    for seat in range(game.players):
        bid = ints[row, BIDS + seat]
        won = ints[row, WON + seat]
        if won == bid:
            points = game.exact_base + game.exact_per_trick * won
        else:
            points = game.miss_per_trick * won + game.miss_per_difference * abs(won - bid)
        ints[row, SCORES + seat] += points
    if ints[row, NUMBER] == game.deals:  # WZ-13.1, OH-13.1, OH-14.7
        ints[row, STATUS] = OVER
        _set_phase(game, ints, row, _OVER)
    else:
        ints[row, STATUS] = DEALING
        _set_phase(game, ints, row, _DEAL)


@inlined
def _play(game: ExactBidParams, ints: Ints, cards: Cards, row: int, action: int) -> None:
    n = game.players
    seat = ints[row, ACTOR]
    card = _card_of(cards, row, seat, action)
    bit = _ONE << np.uint64(card)
    cards[row, HANDS + seat] ^= bit
    played = ints[row, PLAYED]
    ints[row, TRICK + played] = card
    led = _led_after(card, ints[row, LED])
    ints[row, LED] = led
    strength = _strength(card, led, ints[row, TRUMP])
    if strength > ints[row, STRENGTH]:
        ints[row, STRENGTH] = strength
        ints[row, BEST] = seat
    played += 1
    if played < n:
        ints[row, PLAYED] = played
        ints[row, ACTOR] = (seat + 1) % n
        return
    # WZ-9.2, OH-9.2: the winner leads the next trick
    winner = ints[row, BEST]
    ints[row, WON + winner] += 1
    ints[row, LEADER] = winner
    ints[row, ACTOR] = winner
    ints[row, PLAYED] = 0
    ints[row, LED] = NOT_YET
    ints[row, STRENGTH] = -2
    cards[row, GONE] |= cards_at(ints, row, TRICK, n)
    tricks = ints[row, TRICKS] + 1
    ints[row, TRICKS] = tricks
    if tricks == ints[row, HAND_SIZE]:
        _score(game, ints, row)


@implement(apply_row, ExactBidParams)
def _apply(game: ExactBidParams, ints: Ints, cards: Cards, row: int, action: int) -> None:
    phase = ints[row, STAGE]
    if phase == _PLAY:
        _play(game, ints, cards, row, action)
    elif phase == _BID:
        seat = ints[row, ACTOR]
        ints[row, BIDS + seat] = action - game.bid0
        if seat == ints[row, DEALER]:  # WZ-7.6, OH-7.7: the dealer bids last
            ints[row, ACTOR] = ints[row, LEADER]
            _set_phase(game, ints, row, _PLAY)
        else:
            ints[row, ACTOR] = (seat + 1) % game.players
    else:  # WZ-6.4: the trump choice, then the bidding
        ints[row, TRUMP] = action - game.trump0
        ints[row, ACTOR] = ints[row, LEADER]
        _set_phase(game, ints, row, _BID)


@implement(random_row, ExactBidParams)
def _random(game: ExactBidParams, ints: Ints, cards: Cards, row: int, rng: Cards) -> int:
    phase = ints[row, STAGE]
    if phase == _PLAY:
        distinct = _distinct(_playable(ints, cards, row))
        return kth_bit(distinct, below(rng, row, popcount(distinct)))
    if phase == _BID:
        forbidden = _forbidden_bid(game, ints, row)
        count = ints[row, HAND_SIZE] + (1 if forbidden < 0 else 0)
        bid = below(rng, row, count)
        if 0 <= forbidden <= bid:  # skip the forbidden bid
            bid += 1
        return game.bid0 + bid
    return game.trump0 + below(rng, row, 4)


# -- zones, for world sampling: the hands (a stock is not kept) -----------------------


@implement(held_row, ExactBidParams)
def _held(game: ExactBidParams, ints: Ints, cards: Cards, row: int, zone: int) -> np.uint64:
    if zone >= 0:
        return np.uint64(cards[row, HANDS + zone])
    held = cards[row, GONE]
    for seat in range(game.players):
        held |= cards[row, HANDS + seat]
    held |= cards_at(ints, row, TRICK, ints[row, PLAYED])
    if ints[row, TURN_UP] >= 0:
        held |= _ONE << np.uint64(ints[row, TURN_UP])
    return np.uint64(held)


@implement(place_row, ExactBidParams)
def _place(
    game: ExactBidParams, ints: Ints, cards: Cards, row: int, zone: int, held: np.uint64
) -> None:
    cards[row, HANDS + zone] = held


# -- the heuristic bot: WizardBot and OhHellBot, from the actor's view only ------------


@compiled
def _power(game: ExactBidParams, card: int, trump: int) -> float:
    """The heuristic's worth of a card: Wizards 100, Jesters -1, trumps 20 up."""
    if card >= 56:
        return -1.0
    if card >= 52:
        return 100.0
    return (card % 13) + (20.0 if card // 13 == trump else 0.0)


@compiled
def _trump_value(game: ExactBidParams, below_top: int) -> float:
    if below_top == 0:
        return game.trump_top
    if below_top == 1:
        return game.trump_second
    if below_top == 2:
        return game.trump_third
    return game.trump_fourth if below_top == 3 else game.trump_other


@compiled
def _plain_value(game: ExactBidParams, below_top: int) -> float:
    if below_top == 0:
        return game.plain_top
    return game.plain_second if below_top == 1 else 0.0


@compiled
def _expected_tricks(game: ExactBidParams, hand: np.uint64, trump: int) -> float:
    """The tricks the heuristic expects its hand to take, summed in hand order."""
    total = 0.0
    rest = hand
    while rest:
        card = lowest_bit(rest)
        rest &= rest - _ONE
        if card >= 56:
            continue
        if card >= 52:
            total += game.wizard_value
        elif card // 13 == trump:
            total += _trump_value(game, game.top - card % 13)
        else:
            total += _plain_value(game, game.top - card % 13) * game.share
    return total


@inlined
def _heuristic_bid(game: ExactBidParams, ints: Ints, cards: Cards, row: int) -> int:
    """The legal bid nearest the expected tricks, the lower one on a tie."""
    estimate = _expected_tricks(game, cards[row, HANDS + ints[row, ACTOR]], ints[row, TRUMP])
    forbidden = _forbidden_bid(game, ints, row)
    best = -1
    best_distance = 0.0
    for bid in range(ints[row, HAND_SIZE] + 1):
        if bid == forbidden:
            continue
        distance = abs(bid - estimate)
        if best < 0 or distance < best_distance:
            best = bid
            best_distance = distance
    return game.bid0 + best


@compiled
def _heuristic_trump(game: ExactBidParams, hand: np.uint64) -> int:
    """The suit whose cards are worth most (1 + rank / 12 each), the first on a tie."""
    best = 0
    best_value = -1.0
    for suit in range(4):
        value = 0.0
        rest = hand & _SUIT_MASKS[suit]
        while rest:
            card = lowest_bit(rest)
            rest &= rest - _ONE
            value += 1 + (card % 13) / 12
        if value > best_value:
            best = suit
            best_value = value
    return game.trump0 + best


@inlined
def _heuristic_play(game: ExactBidParams, ints: Ints, cards: Cards, row: int) -> int:
    """The classic policy: win cheaply when short of the bid, else duck.

    Candidates are ordered by power, ties in the order of the legal actions (card
    order); the first and last of each group are the ends of that order.
    """
    seat = ints[row, ACTOR]
    trump = ints[row, TRUMP]
    distinct = _distinct(_playable(ints, cards, row))
    want = ints[row, WON + seat] < max(ints[row, BIDS + seat], 0)
    played = ints[row, PLAYED]
    lowest = highest = win_low = win_high = lose_high = -1
    low_power = high_power = win_low_power = win_high_power = lose_high_power = 0.0
    rest = distinct
    while rest:
        action = lowest_bit(rest)
        rest &= rest - _ONE
        card = _card_of(cards, row, seat, action)
        power = _power(game, card, trump)
        if lowest < 0 or power < low_power:
            lowest, low_power = action, power
        if highest < 0 or power >= high_power:
            highest, high_power = action, power
        if played == 0:
            continue
        wins = _strength(card, _led_after(card, ints[row, LED]), trump) > ints[row, STRENGTH]
        if wins:
            if win_low < 0 or power < win_low_power:
                win_low, win_low_power = action, power
            if win_high < 0 or power >= win_high_power:
                win_high, win_high_power = action, power
        elif lose_high < 0 or power >= lose_high_power:
            lose_high, lose_high_power = action, power
    if played == 0:
        return highest if want else lowest
    if want:
        if win_low >= 0:
            return win_low if played == game.players - 1 else win_high
        return lowest
    return lose_high if lose_high >= 0 else win_low


@implement(heuristic_row, ExactBidParams)
def _heuristic(game: ExactBidParams, ints: Ints, cards: Cards, row: int) -> int:
    phase = ints[row, STAGE]
    if phase == _PLAY:
        return _heuristic_play(game, ints, cards, row)
    if phase == _BID:
        return _heuristic_bid(game, ints, cards, row)
    return _heuristic_trump(game, cards[row, HANDS + ints[row, ACTOR]])


# -- observations -------------------------------------------------------------------------


@implement(observe_row, ExactBidParams)
def _observe(
    game: ExactBidParams,
    ints: Ints,
    cards: Cards,
    row: int,
    seat: int,
    offsets: Int64s,
    out: Floats,
) -> None:
    n = game.players
    c = _A_JESTER + 1 if game.specials else 52  # the layout's distinct cards
    phase = ints[row, STAGE]
    out[row, offsets[0] + ints[row, PHASE]] = 1.0
    out[row, offsets[1]] = ints[row, NUMBER]
    out[row, offsets[2] + (ints[row, DEALER] - seat) % n] = 1.0
    if phase not in (_DEAL, _OVER):
        out[row, offsets[3] + (ints[row, ACTOR] - seat) % n] = 1.0
    rest = cards[row, HANDS + seat]
    while rest:
        card = lowest_bit(rest)
        rest &= rest - _ONE
        out[row, offsets[4] + _card_index(card)] += 1.0
    for other in range(n):
        relative = (other - seat) % n
        out[row, offsets[5] + relative] = popcount(cards[row, HANDS + other])
        out[row, offsets[9] + relative] = ints[row, WON + other]
        out[row, offsets[11] + relative] = np.float32(ints[row, SCORES + other] / game.score_scale)
        bid = ints[row, BIDS + other]
        if bid >= 0:
            out[row, offsets[15] + relative * (game.max_bid + 1) + bid] = 1.0
    leader = ints[row, LEADER]
    out[row, offsets[6] + (leader - seat) % n] = 1.0
    for k in range(ints[row, PLAYED]):
        relative = (leader + k - seat) % n
        out[row, offsets[7] + relative * c + _card_index(ints[row, TRICK + k])] = 1.0
    rest = cards[row, GONE]
    while rest:
        card = lowest_bit(rest)
        rest &= rest - _ONE
        out[row, offsets[8] + _card_index(card)] += 1.0
    if ints[row, TRUMP] >= 0:
        out[row, offsets[10] + ints[row, TRUMP]] = 1.0
    out[row, offsets[12]] = game.deals
    if offsets[13] >= 0:
        out[row, offsets[13]] = ints[row, HAND_SIZE]
    if ints[row, TURN_UP] >= 0:
        out[row, offsets[14] + _card_index(ints[row, TURN_UP])] = 1.0
