"""One Card's batch rules (``rules/one_card.md``): every config, 2 to 4 players.

Card numbers are the ``rl`` card indexes: ``6 * suit + rank`` for the suited cards
(suits S H D C, ranks 9 to A), 24 for the joker. A hand is a ``uint64`` mask of them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tricktaking.actions import Deal
from tricktaking.batch_kit import (
    Bools,
    Ints,
    LayoutOffsets,
    TypedRules,
    bit_columns,
    by_seat,
    common_fields,
    dealt_masks,
    mask_of,
    one_hot,
    random_bit,
    sample_mask,
    suited_counts,
)
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.games.one_card import MAX_BID, OneCardConfig

__all__ = ["RULES", "OneCardBatch"]

# phases, as indexes of OneCardPhase
DEAL, BID, PLAY, CHOOSE_DIRECTION, OVER = range(5)
FREE = -2  # no suit to follow: a joker led in a no-bid hand
JOKER = 24
DECK = 25  # card numbers are 0 to 24

CARDS = (*(Card.parse(rank + suit.value) for suit in Suit for rank in "9TJQKA"), Card.parse("JK"))
"""The card of each card number."""
if sorted(CARDS, key=repr) != sorted(Deck.one_card().cards, key=repr):  # pragma: no cover
    raise RuntimeError("the batch card numbers are not One Card's deck")
_SUIT_MASKS = np.array([mask_of(range(6 * s, 6 * s + 6)) for s in range(4)], dtype=np.uint64)
_JOKER_BIT = mask_of([JOKER])
_SUIT = np.array([c // 6 for c in range(24)] + [FREE], dtype=np.int64)
_RANK = np.array([c % 6 for c in range(24)] + [0], dtype=np.int64)
_POINTS = np.array([(0, 0, 1, 1, 1, 0)[c % 6] for c in range(24)] + [3], dtype=np.int64)


class OneCardBatch:
    """The arrays of ``size`` One Card games of one config.

    Attributes:
        config: The games' config.
        players: The number of seats.
        action_size: The size of the ``rl`` action space.
        deck_size: 25.
        phase: Each row's phase, as an index of ``OneCardPhase``.
        actor: The seat to act.
        number: The hand number (0 before the first deal).
        dealer: The dealer of the hand.
        centre: The One Card's card number.
        hands: ``(size, players)`` masks of card numbers.
        passed: A mask of the seats that passed in the auction.
        high: The high bid, -1 for none.
        bidder: The bidder, -1 in a no-bid hand (or during the auction).
        trump: The trump suit, -1 for none (yet).
        downtown: Whether the plain suits rank downtown (after a reversal).
        points: ``(size, players)`` hand points so far.
        leader, played, trick, led, best, strength, tricks: The trick in progress.
        joker_out: The joker is in the trick in progress.
        scores: ``(size, players)`` cumulative scores.
        done: Whether each game is over.
    """

    deck_size = 25
    draws: tuple[int, ...] = ()

    def __init__(self, config: OneCardConfig, size: int) -> None:
        n = config.players
        self.config = config
        self.players = n
        self.hand_size = config.hand_size
        self._pass = 25
        self._bid0 = 26 - config.min_bid  # the index of bid b is _bid0 + b
        self._direction0 = 26 + MAX_BID - config.min_bid + 1
        self.action_size = self._direction0 + 2
        ints = np.zeros(size, np.int64)
        self.phase = ints.copy()
        self.actor = ints.copy()
        self.number = ints.copy()
        self.dealer = ints.copy()
        self.centre = ints.copy()
        self.hands = np.zeros((size, n), np.uint64)
        self.passed = ints.copy()
        self.high = ints.copy()
        self.bidder = ints.copy()
        self.trump = ints.copy()
        self.downtown = np.zeros(size, np.bool_)
        self.points = np.zeros((size, n), np.int64)
        self.leader = ints.copy()
        self.played = ints.copy()
        self.trick = np.zeros((size, n), np.int64)
        self.led = ints.copy()
        self.best = ints.copy()
        self.strength = ints.copy()
        self.gained = ints.copy()
        self.joker_out = np.zeros(size, np.bool_)
        self.tricks = ints.copy()
        self.won = np.zeros((size, n), np.int64)
        self.gone = np.zeros(size, np.uint64)
        self.trick_bits = np.zeros(size, np.uint64)
        self.scores = np.zeros((size, n), np.int32)
        self.done = np.zeros(size, np.bool_)

    def reset(self, rows: Ints) -> None:
        """Set ``rows`` to new games, each waiting for its first deal."""
        self.phase[rows] = DEAL
        self.number[rows] = 0
        self.scores[rows] = 0
        self.done[rows] = False

    def resume(self, rows: Ints, number: Ints, dealer: Ints, scores: Ints) -> None:
        """Set ``rows`` to wait for deal ``number + 1``, ``number`` deals and ``scores`` on.

        ``dealer`` dealt deal ``number``; the dealer of the next hand follows from its number.
        """
        self.number[rows] = number
        self.dealer[rows] = dealer
        self.scores[rows] = scores

    def dealing(self) -> Ints:
        """The rows waiting for a deal."""
        return np.flatnonzero(self.phase == DEAL)

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Deal each deck to its row: the next hand (OC-5), the auction opens (OC-7.1)."""
        n = self.players
        number = self.number[rows] + 1
        dealer = (self.config.first_dealer + number - 1) % n
        first = (dealer + 1) % n
        seats = (first[:, None] + np.arange(n)) % n
        self.number[rows] = number
        self.dealer[rows] = dealer
        self.hands[rows[:, None], seats] = dealt_masks(decks, self.hand_size, n)
        self.centre[rows] = decks[:, 24]
        self.phase[rows] = BID
        self.actor[rows] = first
        self.passed[rows] = 0
        self.high[rows] = -1
        self.bidder[rows] = -1
        self.trump[rows] = -1
        self.downtown[rows] = False
        self.points[rows] = 0
        self.tricks[rows] = 0
        self.won[rows] = 0
        self.gone[rows] = 0
        self._new_trick(rows, first)

    def _new_trick(self, rows: Ints, leader: Ints) -> None:
        self.leader[rows] = leader
        self.played[rows] = 0
        self.led[rows] = -1
        self.strength[rows] = -2
        self.gained[rows] = 0
        self.joker_out[rows] = False
        self.trick_bits[rows] = 0

    def legal_mask(self, rows: Ints) -> Bools:
        """The legal actions of each row's actor, as ``rl`` action indexes."""
        phase = self.phase[rows]
        out = np.zeros((len(rows), self.action_size), np.bool_)
        where = np.flatnonzero(phase == PLAY)
        if len(where):
            out[where, :25] = bit_columns(self._playable(rows[where]), 25)
        where = np.flatnonzero(phase == BID)
        if len(where):
            high = self.high[rows[where]]
            lowest = np.where(high < 0, self.config.min_bid, high + 1)
            levels = np.arange(self.config.min_bid, MAX_BID + 1)
            out[where, self._pass] = True
            out[where, 26 : self._direction0] = levels[None, :] >= lowest[:, None]
        where = np.flatnonzero(phase == CHOOSE_DIRECTION)
        out[where, self._direction0 : self._direction0 + 2] = True
        return out

    def _playable(self, rows: Ints) -> np.ndarray[tuple[int], np.dtype[np.uint64]]:
        hand = self.hands.reshape(-1).take(rows * self.players + self.actor[rows])
        led = self.led[rows]
        trump = self.trump[rows]
        bid_hand = self.bidder[rows] >= 0
        # OC-10.1: in a bid hand the joker follows as a trump
        suit = _SUIT_MASKS[np.maximum(led, 0)] | np.where(
            bid_hand & (led == trump), _JOKER_BIT, np.uint64(0)
        )
        follows = (led >= 0) & ((hand & suit) != 0)
        allowed = np.where(follows, hand & suit, hand)
        # OC-6.3: the bidder may not lead the joker to trick 1
        banned = bid_hand & (trump < 0)
        allowed = np.where(banned, allowed & ~_JOKER_BIT, allowed)
        return allowed

    def is_legal(self, rows: Ints, actions: Ints) -> Bools:
        """Whether each action (an index in range) is legal for its row's actor."""
        playing = self.phase[rows] == PLAY
        legal = np.zeros(len(rows), np.bool_)
        where = np.flatnonzero(playing)
        if len(where):  # a play: the card's bit among the playable cards
            chosen = actions[where]
            bit = np.uint64(1) << np.minimum(chosen, 63).astype(np.uint64)
            legal[where] = (chosen < DECK) & ((self._playable(rows[where]) & bit) != 0)
        where = np.flatnonzero(~playing)
        if len(where):
            legal[where] = self.legal_mask(rows[where])[np.arange(len(where)), actions[where]]
        return legal

    def random_actions(self, rows: Ints, rng: np.random.Generator) -> Ints:
        """A uniformly random legal action of each row's actor."""
        playing = self.phase[rows] == PLAY
        actions = np.zeros(len(rows), np.int64)
        where = np.flatnonzero(playing)
        if len(where):  # a play: a random bit of the playable cards
            actions[where] = random_bit(self._playable(rows[where]), rng)
        where = np.flatnonzero(~playing)
        if len(where):
            actions[where] = sample_mask(self.legal_mask(rows[where]), rng)
        return actions

    def step(self, rows: Ints, actions: Ints) -> None:
        """Apply each row's legal action."""
        phase = self.phase[rows]
        for handler, value in (
            (self._play, PLAY),
            (self._call, BID),
            (self._turn, CHOOSE_DIRECTION),
        ):
            where = np.flatnonzero(phase == value)
            if len(where):
                handler(rows[where], actions[where])

    def _turn(self, rows: Ints, actions: Ints) -> None:
        self.downtown[rows] = actions - self._direction0 == 1
        self.phase[rows] = PLAY

    def _call(self, rows: Ints, actions: Ints) -> None:
        n = self.players
        seat = self.actor[rows]
        passing = actions == self._pass
        passed = np.where(passing, self.passed[rows] | (1 << seat), self.passed[rows])
        high = np.where(passing, self.high[rows], actions - self._bid0)
        self.passed[rows] = passed
        self.high[rows] = high
        self.bidder[rows] = np.where(passing, self.bidder[rows], seat)  # the high bidder so far
        passes = np.zeros(len(rows), np.int64)
        for other in range(n):
            passes += (passed >> other) & 1
        won = (high >= 0) & ((high == MAX_BID) | (passes == n - 1))
        nobody = (high < 0) & (passes == n)
        ended = won | nobody
        following = seat.copy()
        for step in range(n, 0, -1):  # the first seat clockwise that has not passed (OC-7.1)
            candidate = (seat + step) % n
            following = np.where((passed >> candidate) & 1, following, candidate)
        no_bid_leader = (self.dealer[rows] + n // 2) % n
        leader = np.where(won, self.bidder[rows], no_bid_leader)
        self.actor[rows] = np.where(ended, leader, following)
        self.phase[rows] = np.where(ended, PLAY, BID)
        self.leader[rows] = np.where(ended, leader, self.leader[rows])
        # during the auction bidder holds the high bidder; a no-bid hand has none
        self.bidder[rows] = np.where(nobody, -1, self.bidder[rows])
        # until the auction ends, "bidder >= 0" must not read as a bid hand in play
        self.trump[rows] = -1

    def _play(self, rows: Ints, actions: Ints) -> None:
        n = self.players
        seat = self.actor[rows]
        flat = rows * n + seat
        hands = self.hands.reshape(-1)
        hand = hands.take(flat)
        card = np.uint64(1) << actions.astype(np.uint64)
        hands[flat] = hand & ~card
        self.trick_bits[rows] |= card
        bid_hand = self.bidder[rows] >= 0
        trump = self.trump[rows]
        trump = np.where(bid_hand & (trump < 0), _SUIT[actions], trump)  # OC-6.2
        self.trump[rows] = trump
        played = self.played[rows]
        self.trick[rows, played] = actions
        joker = actions == JOKER
        effective = np.where(joker, np.where(bid_hand, trump, FREE), _SUIT[actions])
        led = np.where(played == 0, effective, self.led[rows])
        self.led[rows] = led
        rank = _RANK[actions]
        plain = np.where(self.downtown[rows], 5 - rank, rank)
        strength = np.where(
            joker,
            np.where(bid_hand, 99, 1000),
            np.where(
                bid_hand & (_SUIT[actions] == trump),
                100 + rank,
                np.where(_SUIT[actions] == led, plain, -1),
            ),
        )
        better = strength > self.strength[rows]
        self.best[rows] = np.where(better, seat, self.best[rows])
        self.strength[rows] = np.maximum(strength, self.strength[rows])
        self.gained[rows] += _POINTS[actions]
        self.joker_out[rows] |= joker
        played += 1
        self.played[rows] = played
        self.actor[rows] = (seat + 1) % n
        complete = played == n
        if complete.any():
            self._complete(rows[complete])

    def _complete(self, rows: Ints) -> None:
        winner = self.best[rows]
        self.points[rows, winner] += self.gained[rows]
        reverse = self.joker_out[rows] & (self.bidder[rows] < 0)
        self.won[rows, winner] += 1
        self.gone[rows] |= self.trick_bits[rows]
        self._new_trick(rows, winner)
        self.actor[rows] = winner
        tricks = self.tricks[rows] + 1
        self.tricks[rows] = tricks
        last = tricks == self.hand_size
        self.phase[rows] = np.where(reverse & ~last, CHOOSE_DIRECTION, PLAY)  # OC-8.3, OC-8.4
        if last.any():
            self._score(rows[last], winner[last])

    def _score(self, rows: Ints, winner: Ints) -> None:
        self.points[rows, winner] += _POINTS[self.centre[rows]]  # OC-12.2
        points = self.points[rows]
        bidder = self.bidder[rows]
        failed = (bidder >= 0) & (
            points[np.arange(len(rows)), np.maximum(bidder, 0)] < self.high[rows]
        )
        scored = np.where(
            failed[:, None] & (np.arange(self.players)[None, :] == bidder[:, None]), 0, points
        )
        totals = self.scores[rows] + scored
        self.scores[rows] = totals
        top = totals.max(axis=1)
        over = (top >= self.config.target) & ((totals == top[:, None]).sum(axis=1) == 1)
        self.phase[rows] = np.where(over, OVER, DEAL)
        self.done[rows[over]] = True

    def observe(self, rows: Ints, seats: Ints, layout: LayoutOffsets) -> npt.NDArray[np.float32]:
        """The ``"situation"`` observation of each row for its seat in ``seats``."""
        n = self.players
        out = np.zeros((len(rows), layout.size), np.float32)
        phase = self.phase[rows]
        hands = by_seat(self.hands, rows, seats)
        bid_hand = self.bidder[rows] >= 0
        common_fields(
            out,
            layout,
            seats,
            phase=phase,
            acting=(phase != OVER) & (phase != DEAL),
            number=self.number[rows],
            dealer=self.dealer[rows],
            actor=self.actor[rows],
            hands=hands[:, 0],
            counts=_card_counts,
            sizes=np.bitwise_count(hands),
            leader=self.leader[rows],
            played=self.played[rows],
            trick=self.trick[rows],
            gone=self.gone[rows],
            won=by_seat(self.won, rows, seats),
            trump=np.where(bid_hand & (phase != BID), self.trump[rows], -1),
            scores=by_seat(self.scores, rows, seats) / 30.0,
        )
        at = layout.at
        out[:, at["direction"]] = self.downtown[rows]
        passed = (self.passed[rows][:, None] >> ((seats[:, None] + np.arange(n)) % n)) & 1
        out[:, at["passed"] : at["passed"] + n] = passed
        high = self.high[rows]
        one_hot(out, at["high_bid"], np.where(high >= 0, high - self.config.min_bid, -1))
        one_hot(out, at["high_bidder"], np.where(high >= 0, (self.bidder[rows] - seats) % n, -1))
        out[:, at["points"] : at["points"] + n] = by_seat(self.points, rows, seats)
        shown = self.tricks[rows] == self.hand_size  # OC-5.3: shown once the hand is over
        one_hot(out, at["centre"], np.where(shown, self.centre[rows], -1))
        return out

    def deal_action(self, state: GameState[object], deck: Ints) -> Deal:
        """The scalar deal of ``deck`` for ``state`` (OC-5.2)."""
        n = self.players
        dealer = (self.config.first_dealer + state.round.number) % n
        return Deal.from_deck(
            [CARDS[int(card)] for card in deck],
            players=n,
            first_seat=(dealer + 1) % n,
            hand_size=self.hand_size,
        )

    def deck_of(self, row: int, deal: Deal) -> Ints:
        """The deck that :meth:`deal` turns into ``deal`` at ``row``."""
        n = self.players
        first = (self.config.first_dealer + int(self.number[row]) + 1) % n
        order = [deal.hands[(first + k) % n][k // n] for k in range(self.hand_size * n)]
        return np.array([CARDS.index(card) for card in (*order, *deal.stock)], np.int64)


def _card_counts(out: npt.NDArray[np.float32], at: int, masks: npt.NDArray[np.uint64]) -> None:
    suited_counts(out, at, masks, 25)


RULES = TypedRules(OneCardConfig, OneCardBatch)
"""OneCard's batch rules, named by its declaration."""
"""One Card's batch rules, the plug-in :func:`~tricktaking.batch.rules_for` finds."""
