"""Bid Whist's compiled batch kernel (``rules/bid_whist.md``): every config.

Card numbers are the ``rl`` card indexes: ``13 * suit + rank`` for the suited cards
(suits S H D C, ranks 2 to A), 52 for the red joker and 53 for the black joker, the
canonical hand order. A hand is a ``uint64`` mask of them. A deck lists 54 card
numbers top first, then two unused draws. The row's phase is the index of its
``BidWhistPhase``; the score columns hold each seat's team score (as ``tt.scores``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

import numpy as np

from tricktaking.actions import Deal
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.games.bid_whist import BidWhistConfig, new_game
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

__all__ = ["CARDS", "KERNEL", "BidWhistParams"]

CARDS = (
    *(Card.parse(rank + suit.value) for suit in Suit for rank in "23456789TJQKA"),
    Card.parse("RJ"),
    Card.parse("BJ"),
)
"""The card of each card number."""
if sorted(CARDS, key=repr) != sorted(Deck.bid_whist().cards, key=repr):  # pragma: no cover
    raise RuntimeError("the kernel's card numbers are not Bid Whist's deck")
_NUMBER = {card: number for number, card in enumerate(CARDS)}

PLAYERS = 4
DECK = 54
HAND = 12  # cards per hand, and tricks per hand (BW-5.1, BW-9.3)
KITTY = 6

# phases, as indexes of BidWhistPhase
_DEAL, _BID, _CHOOSE, _DISCARD, _PLAY, _OVER = range(6)

# the rl action indexes: cards (plays and discards), then the calls and choices
PASS = 54
BID0 = 55  # the bid of strength 3 (1U); strength 3 * level + mode (U 0, D 1, NT 2)
TRUMP0 = 76  # trump S, H, D, C
DIRECTION0 = 80  # uptown, downtown
ACTIONS = 82
_NO_TRUMP = 2  # the mode of a no-trump bid
_DOWNTOWN = 1  # the mode of a downtown bid
_TOP_STRENGTH = 23  # 7 no trump
_CALL_WIDTH = 1 + _TOP_STRENGTH - 2  # a pass and the 21 bids
_NOT_YET = -1  # no suit to follow yet: nothing, or only jokers in no trump

# the game's own int columns, after the header
DEALER = HEADER
CALLS = HEADER + 1  # calls made in the auction
HIGH = HEADER + 2  # the high bid's strength, -1 for none
DECLARER = HEADER + 3  # the high bidder, -1 for none
TRUMP = HEADER + 4  # a suit 0 to 3, -1 for none (no trump, or not yet named)
DOWN = HEADER + 5  # 1 when the hand is played downtown
DISCARDS = HEADER + 6  # cards discarded (kitty exchange)
LEADER = HEADER + 7
PLAYED = HEADER + 8  # cards in the trick in progress
LED = HEADER + 9  # the suit to follow, or _NOT_YET
BEST = HEADER + 10  # the seat winning the trick so far
STRENGTH = HEADER + 11  # the strength of its card
TRICKS = HEADER + 12  # tricks completed this hand
CALL_OF = HEADER + 13  # each seat's call: -1 none yet, 0 pass, else 1 + bid strength - 3
WON = CALL_OF + PLAYERS  # tricks won this hand, per seat
TRICK = WON + PLAYERS  # the trick's card numbers in play order
INTS_WIDTH = TRICK + PLAYERS

# the card columns
HANDS = 0  # one per seat
KITTY_CARDS = PLAYERS  # the kitty as dealt
DISCARDED = PLAYERS + 1  # the declarer's discards (kitty exchange)
GONE = PLAYERS + 2  # the cards of the completed tricks of this hand
CARDS_WIDTH = PLAYERS + 3

_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_JOKERS = np.uint64(0b11 << 52)
_RED_JOKER = 52
_SUIT_MASKS = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], np.uint64)
_ACE = 12  # a rank index


def _ranks_mask(*ranks: int) -> np.uint64:
    return np.uint64(sum(1 << (13 * suit + rank) for suit in range(4) for rank in ranks))


_ACES = _ranks_mask(_ACE)
_ACES_AND_KINGS = _ranks_mask(_ACE, 11)
_UPTOWN_TOP = _ranks_mask(10, 11, _ACE)  # Q K A
_DOWNTOWN_TOP = _ranks_mask(_ACE, 0, 1)  # A 2 3

FIELDS = (
    *TABLE_FIELDS,
    "direction",
    "calls",
    "contract",
    "declarer",
    "kitty",
    "discards",
)
"""The observation fields :func:`observe_row` reads, by position."""


class BidWhistParams(NamedTuple):
    """A Bid Whist config as the kernel reads it.

    Attributes:
        players: 4.
        action_size: 82.
        deck_size: 54.
        draw0: 0 (a deal draws nothing besides its shuffle).
        draw1: 0.
        first_dealer: The dealer of hand 1.
        target: The score (or its negative) that ends the game.
        min_bid: The lowest bid level.
        exchange: 1 if the declarer takes up the kitty and discards six cards.
        nt_double: 1 if no-trump contracts score double.
        declarer_leads: 1 if the declarer leads trick 1, 0 for the seat left of the dealer.
    """

    players: int
    action_size: int
    deck_size: int
    draw0: int
    draw1: int
    first_dealer: int
    target: int
    min_bid: int
    exchange: int
    nt_double: int
    declarer_leads: int


def params(config: BidWhistConfig) -> BidWhistParams:
    """The kernel's parameters for ``config`` (BW-3.1)."""
    return BidWhistParams(
        players=PLAYERS,
        action_size=ACTIONS,
        deck_size=DECK,
        draw0=0,
        draw1=0,
        first_dealer=config.first_dealer,
        target=config.target,
        min_bid=config.min_bid,
        exchange=int(config.kitty == "exchange"),
        nt_double=int(config.nt_double),
        declarer_leads=int(config.first_lead == "declarer"),
    )


# -- dealing -------------------------------------------------------------------------------


@inlined
def _new_trick(ints: Ints, row: int, leader: int) -> None:
    ints[row, LEADER] = leader
    ints[row, PLAYED] = 0
    ints[row, LED] = _NOT_YET
    ints[row, STRENGTH] = -2


@inlined
def _open_hand(ints: Ints, cards: Cards, row: int, dealer: int) -> None:
    """Clear the auction, the choices and the tricks for a hand ``dealer`` deals."""
    ints[row, DEALER] = dealer
    ints[row, CALLS] = 0
    ints[row, HIGH] = -1
    ints[row, DECLARER] = -1
    ints[row, TRUMP] = -1
    ints[row, DOWN] = 0
    ints[row, DISCARDS] = 0
    ints[row, TRICKS] = 0
    for seat in range(PLAYERS):
        ints[row, CALL_OF + seat] = -1
        ints[row, WON + seat] = 0
    _new_trick(ints, row, (dealer + 1) % PLAYERS)
    cards[row, DISCARDED] = _ZERO
    cards[row, GONE] = _ZERO


@implement(reset_row, BidWhistParams)
def _reset(game: BidWhistParams, ints: Ints, cards: Cards, row: int) -> None:
    clear_row(ints, cards, row)
    ints[row, STATUS] = DEALING
    ints[row, PHASE] = _DEAL
    _open_hand(ints, cards, row, game.first_dealer)


@implement(resume_row, BidWhistParams)
def _resume(
    game: BidWhistParams, ints: Ints, cards: Cards, row: int, number: int, dealer: int
) -> None:
    ints[row, DEALER] = dealer


@implement(deal_row, BidWhistParams)
def _deal(game: BidWhistParams, ints: Ints, cards: Cards, row: int, deck: Int64s) -> None:
    number = ints[row, NUMBER] + 1
    dealer = (game.first_dealer + number - 1) % PLAYERS  # BW-4.2
    first = (dealer + 1) % PLAYERS
    for seat in range(PLAYERS):
        cards[row, HANDS + seat] = _ZERO
    for k in range(PLAYERS * HAND):  # BW-5.2: one at a time, left of the dealer first
        cards[row, HANDS + (first + k) % PLAYERS] |= _ONE << np.uint64(deck[k])
    kitty = _ZERO
    for k in range(PLAYERS * HAND, DECK):
        kitty |= _ONE << np.uint64(deck[k])
    cards[row, KITTY_CARDS] = kitty
    ints[row, NUMBER] = number
    _open_hand(ints, cards, row, dealer)
    ints[row, STATUS] = ACTING
    ints[row, PHASE] = _BID
    ints[row, ACTOR] = first  # BW-7.1


# -- legal actions ---------------------------------------------------------------------------


@inlined
def _lowest_bid(game: BidWhistParams, ints: Ints, row: int) -> int:
    """The strength of the lowest legal bid (BW-7.2, BW-7.4); above 7 NT for none."""
    high = ints[row, HIGH]
    return 3 * game.min_bid if high < 0 else high + 1


@inlined
def _may_pass(ints: Ints, row: int) -> bool:
    """A pass is legal except for a dealer after three passes (BW-7.5)."""
    may: bool = ints[row, CALLS] < 3 or ints[row, HIGH] >= 0
    return may


@inlined
def _no_trump(ints: Ints, row: int) -> bool:
    """Whether the high bid is (or the contract is) a no-trump bid."""
    no_trump: bool = ints[row, HIGH] % 3 == _NO_TRUMP
    return no_trump


@inlined
def _playable(ints: Ints, cards: Cards, row: int) -> np.uint64:
    """The cards the actor may play (BW-10.3 to BW-10.6)."""
    hand: np.uint64 = cards[row, HANDS + ints[row, ACTOR]]
    led: int = ints[row, LED]
    if led >= 0:
        follow: np.uint64 = _SUIT_MASKS[led]
        if ints[row, TRUMP] == led:  # BW-10.1: the jokers are trumps
            follow |= _JOKERS
        if hand & follow:
            return hand & follow
    return hand


@inlined
def _cards_to_act(ints: Ints, cards: Cards, row: int) -> np.uint64:
    """The cards the actor may play or discard (BW-8.3: any of the declarer's 18)."""
    if ints[row, PHASE] == _DISCARD:
        hand: np.uint64 = cards[row, HANDS + ints[row, ACTOR]]
        return hand
    return _playable(ints, cards, row)


@implement(legal_row, BidWhistParams)
def _legal(game: BidWhistParams, ints: Ints, cards: Cards, row: int, out: Bools) -> int:
    phase = ints[row, PHASE]
    if phase in (_PLAY, _DISCARD):
        return flag_cards(out, row, _cards_to_act(ints, cards, row))
    if phase == _BID:
        count = 0
        if _may_pass(ints, row):
            out[row, PASS] = True
            count += 1
        for strength in range(_lowest_bid(game, ints, row), _TOP_STRENGTH + 1):
            out[row, BID0 + strength - 3] = True
            count += 1
        return count
    if _no_trump(ints, row):  # BW-8.1: the direction, else the trump suit
        out[row, DIRECTION0] = True
        out[row, DIRECTION0 + 1] = True
        return 2
    for suit in range(4):
        out[row, TRUMP0 + suit] = True
    return 4


@implement(is_legal_row, BidWhistParams)
def _is_legal(game: BidWhistParams, ints: Ints, cards: Cards, row: int, action: int) -> bool:
    phase = ints[row, PHASE]
    if phase in (_PLAY, _DISCARD):
        return action < DECK and bool((_cards_to_act(ints, cards, row) >> np.uint64(action)) & _ONE)
    if phase == _BID:
        if action == PASS:
            return _may_pass(ints, row)
        return BID0 <= action < TRUMP0 and action - BID0 + 3 >= _lowest_bid(game, ints, row)
    if _no_trump(ints, row):
        return DIRECTION0 <= action < DIRECTION0 + 2
    return TRUMP0 <= action < DIRECTION0


# -- applying actions ------------------------------------------------------------------------


@inlined
def _call(ints: Ints, row: int, action: int) -> None:
    seat = ints[row, ACTOR]
    ints[row, CALL_OF + seat] = action - PASS
    if action != PASS:
        ints[row, HIGH] = action - BID0 + 3
        ints[row, DECLARER] = seat
    calls = ints[row, CALLS] + 1
    ints[row, CALLS] = calls
    if calls < PLAYERS:
        ints[row, ACTOR] = (seat + 1) % PLAYERS
        return
    # BW-7.6: the dealer's call ends the auction; BW-6.2: a downtown contract plays downtown
    ints[row, PHASE] = _CHOOSE
    ints[row, ACTOR] = ints[row, DECLARER]
    ints[row, DOWN] = 1 if ints[row, HIGH] % 3 == _DOWNTOWN else 0


@inlined
def _choose(game: BidWhistParams, ints: Ints, cards: Cards, row: int, action: int) -> None:
    if action < DIRECTION0:  # BW-8.1
        ints[row, TRUMP] = action - TRUMP0
    else:
        ints[row, DOWN] = action - DIRECTION0
    declarer = ints[row, DECLARER]
    leader = declarer if game.declarer_leads else (ints[row, DEALER] + 1) % PLAYERS  # BW-9.1
    _new_trick(ints, row, leader)
    if game.exchange:  # BW-8.3: the kitty joins the declarer's hand
        cards[row, HANDS + declarer] |= cards[row, KITTY_CARDS]
        ints[row, PHASE] = _DISCARD
        ints[row, ACTOR] = declarer
    else:
        ints[row, PHASE] = _PLAY
        ints[row, ACTOR] = leader


@inlined
def _discard(ints: Ints, cards: Cards, row: int, action: int) -> None:
    bit = _ONE << np.uint64(action)
    cards[row, HANDS + ints[row, ACTOR]] ^= bit
    cards[row, DISCARDED] |= bit
    discards = ints[row, DISCARDS] + 1
    ints[row, DISCARDS] = discards
    if discards == KITTY:
        ints[row, PHASE] = _PLAY
        ints[row, ACTOR] = ints[row, LEADER]


@compiled
def _led_after(card: int, led: int, trump: int) -> int:
    """The suit to follow once ``card`` is down (BW-10.2)."""
    if led != _NOT_YET:
        return led
    if card >= _RED_JOKER:  # a joker lead is a trump lead; in no trump nothing yet
        return trump
    return card // 13


@compiled
def _rank_strength(rank: int, down: int) -> int:
    """A suited rank's strength, 0 to 12, the Ace best both ways (BW-2.3)."""
    if down == 0 or rank == _ACE:
        return rank
    return 11 - rank


@compiled
def _strength(card: int, led: int, trump: int, down: int) -> int:
    """A card's strength in its trick once it is down (BW-11): higher wins.

    The jokers are the top trumps, the red one first (BW-2.4), and never win in no
    trump (BW-2.5); a card of neither trump nor the suit to follow never wins.
    """
    if card >= _RED_JOKER:
        return 200 + _RED_JOKER - card if trump >= 0 else -1
    suit = card // 13
    value = _rank_strength(card % 13, down)
    if suit == trump:
        return 100 + value
    return value if suit == led else -1


@inlined
def _place_in_suit(card: int, trump: int, down: int) -> tuple[int, int]:
    """The suit a card follows as (4 for a joker in no trump), and its strength there.

    A joker is a trump in a trump contract (BW-10.1); in no trump both jokers are alike,
    neither following a suit nor ever winning (BW-2.5).
    """
    if card >= _RED_JOKER:
        return (4, 0) if trump < 0 else (trump, _strength(card, trump, trump, down))
    suit = card // 13
    return suit, _strength(card, suit, trump, down)


@implement(equivalent_row, BidWhistParams)
def _equivalent(
    game: BidWhistParams, ints: Ints, cards: Cards, row: int, action: int, other: int
) -> bool:
    """Two cards of one suit, no card between them able to meet them (BW-2.3 to BW-2.5, BW-11).

    The jokers go with the trumps, in the contract's order; "able to meet them": in another
    hand or in the trick in progress.
    """
    if ints[row, PHASE] != _PLAY or action >= DECK or other >= DECK:
        return False
    trump = ints[row, TRUMP]
    down = ints[row, DOWN]
    suit, one = _place_in_suit(action, trump, down)
    other_suit, two = _place_in_suit(other, trump, down)
    if suit != other_suit:
        return False
    seat = ints[row, ACTOR]
    live = cards_at(ints, row, TRICK, ints[row, PLAYED])
    for holder in range(PLAYERS):
        if holder != seat:
            live |= cards[row, HANDS + holder]
    while live != _ZERO:
        card = lowest_bit(live)
        live &= live - _ONE
        place, strength = _place_in_suit(card, trump, down)
        if place == suit and min(one, two) < strength < max(one, two):
            return False
    return True


@inlined
def _score(game: BidWhistParams, ints: Ints, row: int) -> None:
    """Score the hand for the bidding team (BW-12) and end the hand or the game (BW-13)."""
    high = ints[row, HIGH]
    team = ints[row, DECLARER] % 2
    books = 1 + ints[row, WON + team] + ints[row, WON + team + 2]  # BW-12.1: the kitty book
    level = high // 3
    score = books - 6 if books >= 6 + level else -level
    if game.nt_double and high % 3 == _NO_TRUMP:  # BW-12.4
        score *= 2
    ints[row, SCORES + team] += score
    ints[row, SCORES + team + 2] += score
    # BW-13.1: a team at +target or -target ends the game
    if abs(ints[row, SCORES]) >= game.target or abs(ints[row, SCORES + 1]) >= game.target:
        ints[row, STATUS] = OVER
        ints[row, PHASE] = _OVER
    else:
        ints[row, STATUS] = DEALING
        ints[row, PHASE] = _DEAL


@inlined
def _play(game: BidWhistParams, ints: Ints, cards: Cards, row: int, action: int) -> None:
    seat = ints[row, ACTOR]
    cards[row, HANDS + seat] ^= _ONE << np.uint64(action)
    played = ints[row, PLAYED]
    ints[row, TRICK + played] = action
    trump = ints[row, TRUMP]
    led = _led_after(action, ints[row, LED], trump)
    ints[row, LED] = led
    strength = _strength(action, led, trump, ints[row, DOWN])
    if strength > ints[row, STRENGTH]:
        ints[row, STRENGTH] = strength
        ints[row, BEST] = seat
    played += 1
    if played < PLAYERS:
        ints[row, PLAYED] = played
        ints[row, ACTOR] = (seat + 1) % PLAYERS
        return
    winner = ints[row, BEST]  # BW-9.2: the winner leads the next trick
    ints[row, WON + winner] += 1
    cards[row, GONE] |= cards_at(ints, row, TRICK, PLAYERS)
    _new_trick(ints, row, winner)
    ints[row, ACTOR] = winner
    tricks = ints[row, TRICKS] + 1
    ints[row, TRICKS] = tricks
    if tricks == HAND:
        _score(game, ints, row)


@implement(apply_row, BidWhistParams)
def _apply(game: BidWhistParams, ints: Ints, cards: Cards, row: int, action: int) -> None:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        _play(game, ints, cards, row, action)
    elif phase == _BID:
        _call(ints, row, action)
    elif phase == _DISCARD:
        _discard(ints, cards, row, action)
    else:
        _choose(game, ints, cards, row, action)


@implement(random_row, BidWhistParams)
def _random(game: BidWhistParams, ints: Ints, cards: Cards, row: int, rng: Cards) -> int:
    phase = ints[row, PHASE]
    if phase in (_PLAY, _DISCARD):
        allowed = _cards_to_act(ints, cards, row)
        return kth_bit(allowed, below(rng, row, popcount(allowed)))
    if phase == _BID:
        lowest = _lowest_bid(game, ints, row)
        bids = _TOP_STRENGTH + 1 - lowest if lowest <= _TOP_STRENGTH else 0
        if not _may_pass(ints, row):
            return BID0 + lowest - 3 + below(rng, row, bids)
        pick = below(rng, row, bids + 1)
        return PASS if pick == 0 else BID0 + lowest - 3 + pick - 1
    if _no_trump(ints, row):
        return DIRECTION0 + below(rng, row, 2)
    return TRUMP0 + below(rng, row, 4)


# -- the heuristic bot: BidWhistBot, from the actor's view only ---------------------------


@compiled
def _runs(hand: np.uint64, down: int) -> tuple[np.uint64, np.uint64, np.uint64]:
    """The suits whose top one, two and three cards in a direction the hand holds.

    Each is a mask of Ace bits (bit ``13 * suit + 12`` for a suit): the top card is
    the Ace both ways, then the King and Queen uptown, the 2 and 3 downtown (BW-2.3).
    """
    ace = hand & _ACES
    second = (hand << np.uint64(12)) if down else (hand << _ONE)
    third = (hand << np.uint64(11)) if down else (hand << np.uint64(2))
    two = ace & second
    return ace, two, two & third


@compiled
def _books(hand: np.uint64, mode: int) -> float:
    """The books the bot expects of ``hand`` in ``mode``, summed as the scalar bot sums.

    Each suit's sure books are its top cards held in an unbroken run, at most three;
    in a trump contract the jokers, the trump suit's length beyond three (0.8 each) and
    the best trump suit count too.
    """
    one, two, three = _runs(hand, 1 if mode == _DOWNTOWN else 0)
    total = popcount(one) + popcount(two) + popcount(three)
    if mode == _NO_TRUMP:
        return float(total)
    jokers = popcount(hand & _JOKERS)
    best = 0.0
    for suit in range(4):
        ace = np.uint64(13 * suit + _ACE)
        top = np.int64(((one >> ace) & _ONE) + ((two >> ace) & _ONE) + ((three >> ace) & _ONE))
        length = popcount(hand & _SUIT_MASKS[suit])
        value = (jokers + top) + (length - 3 if length > 3 else 0) * 0.8
        value += total - top
        best = max(best, value)
    return best


@inlined
def _heuristic_call(game: BidWhistParams, ints: Ints, cards: Cards, row: int) -> int:
    """The lowest bid within the hand's limits (above a partner's by two), else a pass.

    A mode's limit is the level of the hand's books with the partner's 2.5 and the
    kitty's one.
    """
    seat = ints[row, ACTOR]
    hand = cards[row, HANDS + seat]
    uptown = downtown = no_trump = 0
    for mode in range(3):
        limit = int(_books(hand, mode) + 2.5 + 1 - 6)
        if mode == 0:
            uptown = limit
        elif mode == _DOWNTOWN:
            downtown = limit
        else:
            no_trump = limit
    high = ints[row, HIGH]
    floor = high // 3 + 2 if high >= 0 and ints[row, DECLARER] == (seat + 2) % PLAYERS else 0
    lowest = _lowest_bid(game, ints, row)
    for strength in range(lowest, _TOP_STRENGTH + 1):
        level = strength // 3
        mode = strength % 3
        limit = uptown if mode == 0 else downtown if mode == _DOWNTOWN else no_trump
        if floor <= level <= limit:
            return BID0 + strength - 3
    return PASS if _may_pass(ints, row) else BID0 + lowest - 3  # BW-7.5: the dealer bids


@inlined
def _heuristic_choice(ints: Ints, cards: Cards, row: int) -> int:
    """The direction with more top cards, or the suit of most cards (Aces and Kings twice).

    Ties go to the first choice: uptown, or the first suit in S H D C.
    """
    hand = cards[row, HANDS + ints[row, ACTOR]]
    if _no_trump(ints, row):  # the cards of strength 10 or more each way
        uptown = popcount(hand & _UPTOWN_TOP)
        return DIRECTION0 if uptown >= popcount(hand & _DOWNTOWN_TOP) else DIRECTION0 + 1
    best = 0
    best_value = -1
    for suit in range(4):
        suited = hand & _SUIT_MASKS[suit]
        value = popcount(suited) + popcount(suited & _ACES_AND_KINGS)
        if value > best_value:
            best = suit
            best_value = value
    return TRUMP0 + best


@inlined
def _heuristic_discard(ints: Ints, cards: Cards, row: int) -> int:
    """The card least worth keeping: low, not trump, never a joker; the first on a tie."""
    trump = ints[row, TRUMP]
    down = ints[row, DOWN]
    best = -1
    best_value = 0.0
    rest = cards[row, HANDS + ints[row, ACTOR]]
    while rest:
        card = lowest_bit(rest)
        rest &= rest - _ONE
        if card >= _RED_JOKER:
            value = 100.0
        else:
            value = float(_rank_strength(card % 13, down))
            if card // 13 == trump:
                value += 30.0
        if best < 0 or value < best_value:
            best = card
            best_value = value
    return best


@compiled
def _power(card: int, trump: int, down: int) -> float:
    """The bot's worth of a card: the jokers top trumps (nothing in no trump), trumps 20 up."""
    if card >= _RED_JOKER:
        if trump < 0:
            return -1.0
        return 41.0 if card == _RED_JOKER else 40.0
    value = float(_rank_strength(card % 13, down))
    return value + 20.0 if card // 13 == trump else value


@inlined
def _heuristic_play(ints: Ints, cards: Cards, row: int) -> int:
    """Duck under a winning partner; as declarer draw trumps; else win cheaply.

    Candidates are ordered by power, ties in the order of the legal actions (card
    order): the scalar bot's stable sort, whose ends are the first lowest and the last
    highest of each group.
    """
    seat = ints[row, ACTOR]
    trump: int = ints[row, TRUMP]
    down = ints[row, DOWN]
    played = ints[row, PLAYED]
    allowed = _playable(ints, cards, row)
    partner_wins = (
        played > 0
        and not (trump < 0 and ints[row, LED] == _NOT_YET)  # only jokers: nobody wins yet
        and ints[row, BEST] == (seat + 2) % PLAYERS
    )
    if played == 0 and trump >= 0 and ints[row, DECLARER] % 2 == seat % 2:
        trumps = allowed & (_SUIT_MASKS[trump] | _JOKERS)
        if popcount(trumps) >= 2:  # lead the highest trump
            allowed = trumps
    lowest = highest = win_low = win_high = -1
    low_power = high_power = win_low_power = win_high_power = 0.0
    rest = allowed
    while rest:
        card = lowest_bit(rest)
        rest &= rest - _ONE
        power = _power(card, trump, down)
        if lowest < 0 or power < low_power:
            lowest, low_power = card, power
        if highest < 0 or power >= high_power:
            highest, high_power = card, power
        if played == 0 or (card >= _RED_JOKER and trump < 0):  # a no-trump joker never wins
            continue
        strength = _strength(card, _led_after(card, ints[row, LED], trump), trump, down)
        if strength > ints[row, STRENGTH]:
            if win_low < 0 or power < win_low_power:
                win_low, win_low_power = card, power
            if win_high < 0 or power >= win_high_power:
                win_high, win_high_power = card, power
    if partner_wins:
        return lowest
    if played == 0:
        return highest
    if win_low >= 0:
        return win_low if played == PLAYERS - 1 else win_high
    return lowest


# -- zones, for world sampling: the hands, the kitty and the discards ---------------------

KITTY_ZONE = PLAYERS
"""The kernel's zone of the kitty as dealt (the worlds plug-in's ``"kitty"``)."""
DISCARDS_ZONE = PLAYERS + 1
"""The kernel's zone of the declarer's discards (the worlds plug-in's ``"discards"``)."""


@implement(held_row, BidWhistParams)
def _held(game: BidWhistParams, ints: Ints, cards: Cards, row: int, zone: int) -> np.uint64:
    if zone == KITTY_ZONE:
        return np.uint64(cards[row, KITTY_CARDS])
    if zone == DISCARDS_ZONE:
        return np.uint64(cards[row, DISCARDED])
    if zone >= 0:
        return np.uint64(cards[row, HANDS + zone])
    held = cards[row, GONE] | cards[row, KITTY_CARDS] | cards[row, DISCARDED]
    for seat in range(PLAYERS):
        held |= cards[row, HANDS + seat]
    held |= cards_at(ints, row, TRICK, ints[row, PLAYED])
    return np.uint64(held)


@implement(place_row, BidWhistParams)
def _place(
    game: BidWhistParams, ints: Ints, cards: Cards, row: int, zone: int, held: np.uint64
) -> None:
    if zone == KITTY_ZONE:
        cards[row, KITTY_CARDS] = held
    elif zone == DISCARDS_ZONE:
        # the kitty as dealt, as a world of the defenders' view has it (BW-8.3): the
        # discards, and the declarer's lowest cards for the discards still to come
        cards[row, DISCARDED] = held
        kitty = held
        rest = cards[row, HANDS + ints[row, DECLARER]]
        for _ in range(KITTY - popcount(held)):
            low = rest & (_ZERO - rest)
            kitty |= low
            rest ^= low
        cards[row, KITTY_CARDS] = kitty
    else:
        cards[row, HANDS + zone] = held


@implement(heuristic_row, BidWhistParams)
def _heuristic(game: BidWhistParams, ints: Ints, cards: Cards, row: int) -> int:
    phase = ints[row, PHASE]
    if phase == _PLAY:
        return _heuristic_play(ints, cards, row)
    if phase == _BID:
        return _heuristic_call(game, ints, cards, row)
    if phase == _DISCARD:
        return _heuristic_discard(ints, cards, row)
    return _heuristic_choice(ints, cards, row)


# -- observations -------------------------------------------------------------------------


@implement(observe_row, BidWhistParams)
def _observe(
    game: BidWhistParams,
    ints: Ints,
    cards: Cards,
    row: int,
    seat: int,
    offsets: Int64s,
    out: Floats,
) -> None:
    phase = ints[row, PHASE]
    out[row, offsets[0] + phase] = 1.0
    out[row, offsets[1]] = ints[row, NUMBER]
    out[row, offsets[2] + (ints[row, DEALER] - seat) % PLAYERS] = 1.0
    if phase not in (_DEAL, _OVER):
        out[row, offsets[3] + (ints[row, ACTOR] - seat) % PLAYERS] = 1.0
    add_cards(out, row, offsets[4], cards[row, HANDS + seat])
    for other in range(PLAYERS):
        relative = (other - seat) % PLAYERS
        out[row, offsets[5] + relative] = popcount(cards[row, HANDS + other])
        out[row, offsets[9] + relative] = ints[row, WON + other]
        out[row, offsets[11] + relative] = np.float32(ints[row, SCORES + other] / 7.0)
        call = ints[row, CALL_OF + other]
        if call >= 0:
            out[row, offsets[13] + relative * _CALL_WIDTH + call] = 1.0
    leader = ints[row, LEADER]
    out[row, offsets[6] + (leader - seat) % PLAYERS] = 1.0
    for k in range(ints[row, PLAYED]):
        relative = (leader + k - seat) % PLAYERS
        out[row, offsets[7] + relative * DECK + ints[row, TRICK + k]] = 1.0
    add_cards(out, row, offsets[8], cards[row, GONE])
    if ints[row, TRUMP] >= 0:
        out[row, offsets[10] + ints[row, TRUMP]] = 1.0
    out[row, offsets[12]] = ints[row, DOWN]
    declarer = ints[row, DECLARER]
    if phase != _BID and declarer >= 0:
        out[row, offsets[14] + ints[row, HIGH] - 3] = 1.0
        out[row, offsets[15] + (declarer - seat) % PLAYERS] = 1.0
        # BW-8.3: the declarer sees the kitty and the discards once it is taken up
        if game.exchange and phase != _CHOOSE and seat == declarer:
            add_cards(out, row, offsets[16], cards[row, KITTY_CARDS])
            add_cards(out, row, offsets[17], cards[row, DISCARDED])


# -- the deck <-> the engine's deal ----------------------------------------------------------


def deal_action(state: GameState[object], deck: Sequence[int]) -> Deal:
    """The engine's deal of ``deck`` for ``state``, whose next action is a deal (BW-5.2)."""
    config = cast("BidWhistConfig", state.config)  # the kernel's own game
    dealer = (config.first_dealer + state.round.number) % PLAYERS
    return Deal.from_deck(
        [CARDS[card] for card in deck[:DECK]],
        players=PLAYERS,
        first_seat=(dealer + 1) % PLAYERS,
        hand_size=HAND,
    )


def deck_of(state: GameState[object], deal: Deal) -> list[int]:
    """The deck (card numbers, then two unused draws) that deals ``deal`` after ``state``."""
    config = cast("BidWhistConfig", state.config)
    first = (config.first_dealer + state.round.number + 1) % PLAYERS
    return [_NUMBER[card] for card in dealing_order(deal, first)] + [0, 0]


KERNEL = Kernel(
    title="Bid Whist",
    config_type=BidWhistConfig,
    params=params,
    ints_width=INTS_WIDTH,
    cards_width=CARDS_WIDTH,
    deal_action=deal_action,
    deck_of=deck_of,
    numbers=lambda config: CARDS,
    zones={"kitty": KITTY_ZONE, "discards": DISCARDS_ZONE},
    # partners share their team's total: seats 0 and 1 hold the two teams'
    resumed=lambda config, number, dealer, totals: state_after_deals(
        new_game(config), number, dealer, team_scores=(totals[0], totals[1])
    ),
    fields=FIELDS,
)
"""Bid Whist's batch kernel, named by its declaration."""
