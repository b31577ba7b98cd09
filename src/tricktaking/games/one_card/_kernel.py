"""One Card's compiled batch kernel (``rules/one_card.md``): every config, 2 to 4 players.

Card numbers are the ``rl`` card indexes: ``6 * suit + rank`` for the suited cards
(suits S H D C, ranks 9 to A), 24 for the joker; a card's number is its play's action
index, and a hand is a ``uint64`` mask of them, so its bits run in hand order. A deck
lists the 25 card numbers top first, then two draws the game does not use.

The row holds the auction (the passed seats, the high bid and its bidder), the contract
once the auction ends with a bid, the trump suit once the bidder has led, the direction
of a no-bid hand, the trick in progress and each seat's card points of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

import numpy as np

from tricktaking.actions import Deal
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.games.one_card import MAX_BID, OneCardConfig, OneCardPhase, new_game
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
    add_cards,
    apply_row,
    below,
    cards_at,
    clear_row,
    compiled,
    deal_row,
    dealing_order,
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

__all__ = ["CARDS", "KERNEL", "OneCardParams"]

CARDS = (*(Card.parse(rank + suit.value) for suit in Suit for rank in "9TJQKA"), Card.parse("JK"))
"""The card of each card number."""
if sorted(CARDS, key=repr) != sorted(Deck.one_card().cards, key=repr):  # pragma: no cover
    raise RuntimeError("the kernel's card numbers are not One Card's deck")
_NUMBER = {card: number for number, card in enumerate(CARDS)}

MAX_SEATS = 4

# the game's own int columns, after the header
DEALER = HEADER
CENTRE = HEADER + 1  # the One Card's number
PASSED = HEADER + 2  # a mask of the seats that passed in the auction
HIGH = HEADER + 3  # the high bid so far, -1 for none
BIDDER = HEADER + 4  # the seat of the high bid, -1 for none
CONTRACT = HEADER + 5  # the contract of a bid hand once the auction is over, else -1
TRUMP = HEADER + 6  # a suit 0 to 3, -1 for none (yet)
DOWNTOWN = HEADER + 7  # 1 once a no-bid hand is reversed
LEADER = HEADER + 8
PLAYED = HEADER + 9  # cards in the trick in progress
LED = HEADER + 10  # the suit to follow, NOT_YET or FREE
BEST = HEADER + 11  # the seat winning the trick so far
STRENGTH = HEADER + 12  # the strength of its card
TRICKS = HEADER + 13  # tricks completed this hand
POINTS = HEADER + 14  # card points captured this hand, one per seat
WON = POINTS + MAX_SEATS  # tricks won this hand, one per seat
TRICK = WON + MAX_SEATS  # the trick's card numbers in play order
INTS_WIDTH = TRICK + MAX_SEATS

# the card columns
HANDS = 0  # one per seat
GONE = MAX_SEATS  # the cards of the completed tricks of this hand
CARDS_WIDTH = MAX_SEATS + 1

NOT_YET = -1  # nothing led yet
FREE = -2  # a joker led in a no-bid hand: nothing to follow (OC-10.2)

# the game's phases, as indexes of OneCardPhase
_DEAL, _BID, _PLAY, _CHOOSE, _OVER = range(5)
if [phase.name for phase in OneCardPhase] != ["DEAL", "BID", "PLAY", "CHOOSE_DIRECTION", "OVER"]:
    raise RuntimeError("the kernel's phases are not One Card's")  # pragma: no cover

JOKER = 24
_JOKER_BIT = np.uint64(1 << JOKER)
_SUIT_MASKS = np.array([0b111111 << (6 * s) for s in range(4)], np.uint64)
# OC-2.3: K, Q and J are worth 1, the joker 3
_POINTS = np.array([(0, 0, 1, 1, 1, 0)[c % 6] for c in range(24)] + [3], np.int64)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_PASS = 25  # the action index of a pass; the bids follow it
_TEN, _KING = 1, 4  # rank indexes

FIELDS = (
    *TABLE_FIELDS,
    "direction",
    "passed",
    "high_bid",
    "high_bidder",
    "points",
    "centre",
)
"""The observation fields :func:`observe_row` reads, by position."""


class OneCardParams(NamedTuple):
    """A One Card config as the kernel reads it.

    Attributes:
        players: The number of seats.
        action_size: The size of the ``rl`` action space.
        deck_size: 25.
        draw0: 0: a deal draws nothing besides its shuffle.
        draw1: 0.
        first_dealer: The dealer of hand 1.
        target: The total a player must reach to win.
        hand_size: The cards dealt to each seat.
        min_bid: The lowest opening bid.
        bid0: The action index of a bid of 0 points (the bids start at ``min_bid``).
        direction0: The action index of choosing uptown; downtown follows it.
        enough: The heuristic's strength of hand (long suit, its tops, the joker) to bid.
    """

    players: int
    action_size: int
    deck_size: int
    draw0: int
    draw1: int
    first_dealer: int
    target: int
    hand_size: int
    min_bid: int
    bid0: int
    direction0: int
    enough: int


def params(config: OneCardConfig) -> OneCardParams:
    """The kernel's parameters for ``config``."""
    n = config.players
    bid0 = _PASS + 1 - config.min_bid
    direction0 = bid0 + MAX_BID + 1
    return OneCardParams(
        players=n,
        action_size=direction0 + 2,
        deck_size=25,
        draw0=0,
        draw1=0,
        first_dealer=config.first_dealer,
        target=config.target,
        hand_size=config.hand_size,
        min_bid=config.min_bid,
        bid0=bid0,
        direction0=direction0,
        enough=6 + 8 // n,
    )


@implement(reset_row, OneCardParams)
def _reset(game: OneCardParams, ints: Ints, cards: Cards, row: int) -> None:
    clear_row(ints, cards, row)
    ints[row, STATUS] = DEALING
    ints[row, PHASE] = _DEAL
    ints[row, DEALER] = game.first_dealer  # OC-4.1
    ints[row, LEADER] = (game.first_dealer + 1) % game.players
    ints[row, CENTRE] = -1
    ints[row, HIGH] = -1
    ints[row, BIDDER] = -1
    ints[row, CONTRACT] = -1
    ints[row, TRUMP] = -1
    ints[row, LED] = NOT_YET


@implement(resume_row, OneCardParams)
def _resume(
    game: OneCardParams, ints: Ints, cards: Cards, row: int, number: int, dealer: int
) -> None:
    ints[row, DEALER] = dealer  # the next hand's dealer follows from its number (OC-4.2)


@implement(deal_row, OneCardParams)
def _deal(game: OneCardParams, ints: Ints, cards: Cards, row: int, deck: Int64s) -> None:
    n = game.players
    number = ints[row, NUMBER] + 1
    dealer = (game.first_dealer + number - 1) % n  # OC-4.2
    first = (dealer + 1) % n
    for seat in range(MAX_SEATS):
        cards[row, HANDS + seat] = _ZERO
        ints[row, POINTS + seat] = 0
        ints[row, WON + seat] = 0
    for k in range(game.hand_size * n):  # OC-5.2: one at a time, left of the dealer first
        cards[row, HANDS + (first + k) % n] |= _ONE << np.uint64(deck[k])
    cards[row, GONE] = _ZERO
    ints[row, CENTRE] = deck[game.hand_size * n]  # OC-5.3: the 25th card
    ints[row, NUMBER] = number
    ints[row, DEALER] = dealer
    ints[row, PASSED] = 0
    ints[row, HIGH] = -1
    ints[row, BIDDER] = -1
    ints[row, CONTRACT] = -1
    ints[row, TRUMP] = -1
    ints[row, DOWNTOWN] = 0
    ints[row, LEADER] = first
    ints[row, PLAYED] = 0
    ints[row, LED] = NOT_YET
    ints[row, STRENGTH] = -2
    ints[row, TRICKS] = 0
    ints[row, STATUS] = ACTING
    ints[row, ACTOR] = first  # OC-7.1
    ints[row, PHASE] = _BID


@inlined
def _lowest_bid(game: OneCardParams, ints: Ints, row: int) -> int:
    """The lowest bid the actor may make (OC-7.2)."""
    high = ints[row, HIGH]
    return game.min_bid if high < 0 else high + 1


@inlined
def _playable(ints: Ints, cards: Cards, row: int) -> np.uint64:
    """The cards the actor may play (OC-10.3, OC-10.4, OC-6.3)."""
    hand: np.uint64 = cards[row, HANDS + ints[row, ACTOR]]
    bid_hand = ints[row, CONTRACT] >= 0
    if ints[row, PLAYED] == 0:
        if bid_hand and ints[row, TRUMP] < 0:  # OC-6.3: no joker to open a bid hand
            return hand & ~_JOKER_BIT
        return hand
    led: int = ints[row, LED]
    if led < 0:  # OC-10.2: a joker led in a no-bid hand leaves nothing to follow
        return hand
    suit: np.uint64 = _SUIT_MASKS[led]
    if bid_hand and led == ints[row, TRUMP]:  # OC-10.1: the joker follows as a trump
        suit |= _JOKER_BIT
    follow = hand & suit
    return follow if follow != _ZERO else hand


@implement(legal_row, OneCardParams)
def _legal(game: OneCardParams, ints: Ints, cards: Cards, row: int, out: Bools) -> int:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        return flag_cards(out, row, _playable(ints, cards, row))
    if phase == _BID:
        out[row, _PASS] = True
        lowest = _lowest_bid(game, ints, row)
        for points in range(lowest, MAX_BID + 1):
            out[row, game.bid0 + points] = True
        return 1 + MAX_BID + 1 - lowest
    out[row, game.direction0] = True
    out[row, game.direction0 + 1] = True
    return 2


@implement(is_legal_row, OneCardParams)
def _is_legal(game: OneCardParams, ints: Ints, cards: Cards, row: int, action: int) -> bool:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        return action < _PASS and bool((_playable(ints, cards, row) >> np.uint64(action)) & _ONE)
    if phase == _BID:
        if action == _PASS:
            return True
        return game.bid0 + _lowest_bid(game, ints, row) <= action <= game.bid0 + MAX_BID
    return game.direction0 <= action < game.direction0 + 2


@inlined
def _call(game: OneCardParams, ints: Ints, row: int, action: int) -> None:
    """A pass or a bid, and the end of the auction it makes (OC-7)."""
    n = game.players
    seat = ints[row, ACTOR]
    if action == _PASS:  # OC-7.4: a pass is final
        ints[row, PASSED] |= 1 << seat
    else:
        ints[row, HIGH] = action - game.bid0
        ints[row, BIDDER] = seat
    passed = ints[row, PASSED]
    passes = popcount(np.uint64(passed))
    high = ints[row, HIGH]
    if high >= 0 and (high == MAX_BID or passes == n - 1):
        # OC-7.5, OC-7.6, OC-7.8: a bid hand; the bidder leads trick 1 (OC-9.1)
        ints[row, CONTRACT] = high
        leader = ints[row, BIDDER]
    elif high < 0 and passes == n:
        # OC-7.7, OC-9.2: a no-bid hand, led by seat (dealer + n // 2) mod n
        leader = (ints[row, DEALER] + n // 2) % n
    else:  # OC-7.1: the next seat clockwise that has not passed
        following = (seat + 1) % n
        while (passed >> following) & 1:
            following = (following + 1) % n
        ints[row, ACTOR] = following
        return
    ints[row, LEADER] = leader
    ints[row, ACTOR] = leader
    ints[row, PHASE] = _PLAY


@inlined
def _strength(ints: Ints, row: int, card: int, led: int) -> int:
    """A card's strength in its trick, once it is down (OC-11, OC-6.4)."""
    trump = ints[row, TRUMP]
    if card == JOKER:
        return 1000 if ints[row, CONTRACT] < 0 else 99  # OC-11.3; OC-6.4: the lowest trump
    suit = card // 6
    rank = card % 6
    if suit == trump:
        return 100 + rank
    if suit != led:
        return -1
    return 5 - rank if ints[row, DOWNTOWN] else rank  # OC-11.4, OC-8.3


@inlined
def _led_by(ints: Ints, row: int, card: int) -> int:
    """The suit to follow when ``card`` is led (OC-10.1, OC-10.2)."""
    if card != JOKER:
        return card // 6
    return ints[row, TRUMP] if ints[row, CONTRACT] >= 0 else FREE


@inlined
def _score(game: OneCardParams, ints: Ints, row: int, winner: int) -> None:
    """The One Card to the last trick's winner, the hand's scores, and the game's end."""
    ints[row, POINTS + winner] += _POINTS[ints[row, CENTRE]]  # OC-12.2
    bidder = ints[row, BIDDER]
    contract = ints[row, CONTRACT]
    top = -1
    count = 0
    for seat in range(game.players):
        points = ints[row, POINTS + seat]
        if contract >= 0 and seat == bidder and points < contract:
            points = 0  # OC-12.3: a failed bidder scores nothing
        total = ints[row, SCORES + seat] + points  # OC-12.6
        ints[row, SCORES + seat] = total
        if total > top:
            top = total
            count = 1
        elif total == top:
            count += 1
    if top >= game.target and count == 1:  # OC-13.2
        ints[row, STATUS] = OVER
        ints[row, PHASE] = _OVER
    else:  # OC-13.3, OC-13.4: another hand
        ints[row, STATUS] = DEALING
        ints[row, PHASE] = _DEAL


@inlined
def _play(game: OneCardParams, ints: Ints, cards: Cards, row: int, card: int) -> None:
    n = game.players
    seat = ints[row, ACTOR]
    cards[row, HANDS + seat] ^= _ONE << np.uint64(card)
    if ints[row, CONTRACT] >= 0 and ints[row, TRUMP] < 0:
        ints[row, TRUMP] = card // 6  # OC-6.2: the bidder's first lead names trump
    played = ints[row, PLAYED]
    ints[row, TRICK + played] = card
    if played == 0:
        ints[row, LED] = _led_by(ints, row, card)
    strength = _strength(ints, row, card, ints[row, LED])
    if strength > ints[row, STRENGTH]:
        ints[row, STRENGTH] = strength
        ints[row, BEST] = seat
    played += 1
    if played < n:
        ints[row, PLAYED] = played
        ints[row, ACTOR] = (seat + 1) % n
        return
    # OC-9.3: the winner takes the trick's points (OC-12.1) and leads the next trick
    winner = ints[row, BEST]
    gained = 0
    joker = False
    for k in range(n):
        down = ints[row, TRICK + k]
        gained += _POINTS[down]
        if down == JOKER:
            joker = True
        cards[row, GONE] |= _ONE << np.uint64(down)
    ints[row, POINTS + winner] += gained
    ints[row, WON + winner] += 1
    ints[row, LEADER] = winner
    ints[row, ACTOR] = winner
    ints[row, PLAYED] = 0
    ints[row, LED] = NOT_YET
    ints[row, STRENGTH] = -2
    tricks = ints[row, TRICKS] + 1
    ints[row, TRICKS] = tricks
    if tricks == game.hand_size:
        _score(game, ints, row, winner)
    elif joker and ints[row, CONTRACT] < 0:  # OC-8.3: the joker's captor may reverse
        ints[row, PHASE] = _CHOOSE


@implement(apply_row, OneCardParams)
def _apply(game: OneCardParams, ints: Ints, cards: Cards, row: int, action: int) -> None:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        _play(game, ints, cards, row, action)
    elif phase == _BID:
        _call(game, ints, row, action)
    else:  # OC-8.3: uptown or downtown for the rest of the hand
        ints[row, DOWNTOWN] = action - game.direction0
        ints[row, PHASE] = _PLAY


@implement(random_row, OneCardParams)
def _random(game: OneCardParams, ints: Ints, cards: Cards, row: int, rng: Cards) -> int:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        allowed = _playable(ints, cards, row)
        return kth_bit(allowed, below(rng, row, popcount(allowed)))
    if phase == _BID:
        lowest = _lowest_bid(game, ints, row)
        k = below(rng, row, 1 + MAX_BID + 1 - lowest)  # pass, or one of the bids
        return _PASS if k == 0 else game.bid0 + lowest + k - 1
    return game.direction0 + below(rng, row, 2)


# -- the heuristic bot: OneCardBot, from the actor's view only ----------------------------


@compiled
def _best_suit(hand: np.uint64) -> int:
    """The suit worth most (its length, plus its ranks / 6), the first on a tie."""
    best = 0
    best_value = -1.0
    for suit in range(4):
        rest = hand & _SUIT_MASKS[suit]
        length = 0
        ranks = 0
        while rest:
            ranks += lowest_bit(rest) % 6
            rest &= rest - _ONE
            length += 1
        value = length + ranks / 6  # the bot's own sum, for its exact ties
        if value > best_value:
            best = suit
            best_value = value
    return best


@inlined
def _heuristic_call(game: OneCardParams, ints: Ints, cards: Cards, row: int) -> int:
    """The lowest bid with a long suit holding a top card, else a pass."""
    hand = cards[row, HANDS + ints[row, ACTOR]]
    suit = hand & _SUIT_MASKS[_best_suit(hand)]
    tops = 0
    rest = suit
    while rest:
        if lowest_bit(rest) % 6 >= _KING:
            tops += 1
        rest &= rest - _ONE
    strength = popcount(suit) + tops + (1 if hand & _JOKER_BIT else 0)
    if strength >= game.enough and tops >= 1:
        return game.bid0 + _lowest_bid(game, ints, row)
    return _PASS


@inlined
def _heuristic_direction(game: OneCardParams, cards: Cards, row: int, seat: int) -> int:
    """Downtown with more nines and tens than aces and kings, else uptown."""
    low = 0
    high = 0
    rest = cards[row, HANDS + seat] & ~_JOKER_BIT
    while rest:
        rank = lowest_bit(rest) % 6
        rest &= rest - _ONE
        if rank <= _TEN:
            low += 1
        elif rank >= _KING:
            high += 1
    return game.direction0 + (1 if low > high else 0)


@inlined
def _power(ints: Ints, row: int, card: int) -> float:
    """The heuristic's worth of a card: rank, 20 more for a trump, less its points / 4."""
    trump = ints[row, TRUMP]
    if card == JOKER:
        return 50.0 if trump < 0 else 19.5
    index = card % 6
    if trump < 0 and ints[row, DOWNTOWN]:
        index = 5 - index
    points: int = _POINTS[card]
    return index + (20.0 if card // 6 == trump else 0.0) - points / 4


@inlined
def _heuristic_play(game: OneCardParams, ints: Ints, cards: Cards, row: int) -> int:
    """The bidder's opening lead names its best suit; else win cheaply or duck.

    Candidates are ordered by power, ties in the order of the legal actions (hand
    order); the first and last of each group are the ends of that order.
    """
    seat = ints[row, ACTOR]
    played = ints[row, PLAYED]
    bidder = ints[row, CONTRACT] >= 0 and ints[row, BIDDER] == seat
    if bidder and ints[row, TRUMP] < 0:  # the opening lead: its best suit's top card
        hand = cards[row, HANDS + seat]
        led = hand & _SUIT_MASKS[_best_suit(hand)]
        top = -1
        while led:
            top = lowest_bit(led)
            led &= led - _ONE
        return top
    points_down = 0
    for k in range(played):
        points_down += _POINTS[ints[row, TRICK + k]]
    want = points_down > 0 or played == 0 or bidder
    lowest = highest = win_low = win_high = lose_high = -1
    low_power = high_power = win_low_power = win_high_power = lose_high_power = 0.0
    rest = _playable(ints, cards, row)
    while rest:
        card = lowest_bit(rest)
        rest &= rest - _ONE
        power = _power(ints, row, card)
        if lowest < 0 or power < low_power:
            lowest, low_power = card, power
        if highest < 0 or power >= high_power:
            highest, high_power = card, power
        if played == 0:
            continue
        if _strength(ints, row, card, ints[row, LED]) > ints[row, STRENGTH]:
            if win_low < 0 or power < win_low_power:
                win_low, win_low_power = card, power
            if win_high < 0 or power >= win_high_power:
                win_high, win_high_power = card, power
        elif lose_high < 0 or power >= lose_high_power:
            lose_high, lose_high_power = card, power
    if played == 0:
        return highest if want else lowest
    if want:
        if win_low >= 0:
            return win_low if played == game.players - 1 else win_high
        return lowest
    return lose_high if lose_high >= 0 else win_low


# -- zones, for world sampling: the hands and the One Card --------------------------------

CENTRE_ZONE = MAX_SEATS
"""The kernel's zone of the One Card (its worlds plug-in calls it ``"centre"``)."""


@implement(held_row, OneCardParams)
def _held(game: OneCardParams, ints: Ints, cards: Cards, row: int, zone: int) -> np.uint64:
    if zone == CENTRE_ZONE:
        return _ONE << np.uint64(ints[row, CENTRE]) if ints[row, CENTRE] >= 0 else _ZERO
    if zone >= 0:
        return np.uint64(cards[row, HANDS + zone])
    held = cards[row, GONE]
    for seat in range(game.players):
        held |= cards[row, HANDS + seat]
    held |= cards_at(ints, row, TRICK, ints[row, PLAYED])
    if ints[row, CENTRE] >= 0:
        held |= _ONE << np.uint64(ints[row, CENTRE])
    return np.uint64(held)


@implement(place_row, OneCardParams)
def _place(
    game: OneCardParams, ints: Ints, cards: Cards, row: int, zone: int, held: np.uint64
) -> None:
    if zone == CENTRE_ZONE:
        ints[row, CENTRE] = lowest_bit(held) if held else -1
    else:
        cards[row, HANDS + zone] = held


@implement(equivalent_row, OneCardParams)
def _equivalent(
    game: OneCardParams, ints: Ints, cards: Cards, row: int, action: int, other: int
) -> bool:
    """No two plays are told equivalent: touching cards score different points (OC-2.3)."""
    return False


@implement(heuristic_row, OneCardParams)
def _heuristic(game: OneCardParams, ints: Ints, cards: Cards, row: int) -> int:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        return _heuristic_play(game, ints, cards, row)
    if phase == _BID:
        return _heuristic_call(game, ints, cards, row)
    return _heuristic_direction(game, cards, row, ints[row, ACTOR])


# -- observations -------------------------------------------------------------------------


@implement(observe_row, OneCardParams)
def _observe(
    game: OneCardParams, ints: Ints, cards: Cards, row: int, seat: int, offsets: Int64s, out: Floats
) -> None:
    n = game.players
    c = JOKER + 1  # the layout's cards
    phase = ints[row, PHASE]
    out[row, offsets[0] + phase] = 1.0
    out[row, offsets[1]] = ints[row, NUMBER]
    out[row, offsets[2] + (ints[row, DEALER] - seat) % n] = 1.0
    if _DEAL < phase < _OVER:  # a seat is to act
        out[row, offsets[3] + (ints[row, ACTOR] - seat) % n] = 1.0
    add_cards(out, row, offsets[4], cards[row, HANDS + seat])
    passed = ints[row, PASSED]
    for other in range(n):
        relative = (other - seat) % n
        out[row, offsets[5] + relative] = popcount(cards[row, HANDS + other])
        out[row, offsets[9] + relative] = ints[row, WON + other]
        out[row, offsets[11] + relative] = np.float32(ints[row, SCORES + other] / 30.0)
        out[row, offsets[13] + relative] = (passed >> other) & 1
        out[row, offsets[16] + relative] = ints[row, POINTS + other]
    leader = ints[row, LEADER]
    out[row, offsets[6] + (leader - seat) % n] = 1.0
    for k in range(ints[row, PLAYED]):
        relative = (leader + k - seat) % n
        out[row, offsets[7] + relative * c + ints[row, TRICK + k]] = 1.0
    add_cards(out, row, offsets[8], cards[row, GONE])
    if ints[row, TRUMP] >= 0:
        out[row, offsets[10] + ints[row, TRUMP]] = 1.0
    out[row, offsets[12]] = ints[row, DOWNTOWN]
    high = ints[row, HIGH]
    if high >= 0:
        out[row, offsets[14] + high - game.min_bid] = 1.0
        out[row, offsets[15] + (ints[row, BIDDER] - seat) % n] = 1.0
    if ints[row, TRICKS] == game.hand_size:  # OC-5.3: shown once the hand is over
        out[row, offsets[17] + ints[row, CENTRE]] = 1.0


# -- the declaration's plug-in ------------------------------------------------------------


def deal_action(state: GameState[object], deck: Sequence[int]) -> Deal:
    """The engine's deal of ``deck`` for ``state``, whose next action is a deal (OC-5.2)."""
    config = cast("OneCardConfig", state.config)  # the kernel's own game
    n = config.players
    dealer = (config.first_dealer + state.round.number) % n
    return Deal.from_deck(
        [CARDS[card] for card in deck[:25]],
        players=n,
        first_seat=(dealer + 1) % n,
        hand_size=config.hand_size,
    )


def deck_of(state: GameState[object], deal: Deal) -> list[int]:
    """The deck (card numbers, then two unused draws) that deals ``deal`` after ``state``."""
    config = cast("OneCardConfig", state.config)
    first = (config.first_dealer + state.round.number + 1) % config.players
    return [_NUMBER[card] for card in dealing_order(deal, first)] + [0, 0]


KERNEL = Kernel(
    title="One Card",
    config_type=OneCardConfig,
    params=params,
    ints_width=INTS_WIDTH,
    cards_width=CARDS_WIDTH,
    deal_action=deal_action,
    deck_of=deck_of,
    numbers=lambda config: CARDS,
    zones={"centre": CENTRE_ZONE},
    resumed=lambda config, number, dealer, totals: state_after_deals(
        new_game(config), number, dealer, scores=totals
    ),
    fields=FIELDS,
)
"""One Card's batch kernel, named by its declaration."""
