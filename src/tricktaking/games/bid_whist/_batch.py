"""Bid Whist's batch rules (``rules/bid_whist.md``): every config.

Card numbers are the ``rl`` card indexes: ``13 * suit + rank`` for the suited cards
(suits S H D C, ranks 2 to A), 52 for the red joker and 53 for the black joker. A hand
is a ``uint64`` mask of them. Scores are kept per seat, partners sharing (as
``tt.scores``).
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
from tricktaking.games.bid_whist import BidWhistConfig

__all__ = ["RULES", "BidWhistBatch"]

# phases, as indexes of BidWhistPhase
DEAL, BID, CHOOSE, DISCARD, PLAY, OVER = range(6)
NOT_YET = -1  # no suit to follow yet: nothing or only jokers played in no trump
PLAYERS = 4
DECK = 54  # card numbers are 0 to 53
PASS, BID0, TRUMP0, DIRECTION0 = 54, 55, 76, 80
NO_TRUMP = 2  # the mode of a no-trump bid (uptown 0, downtown 1)

CARDS = (
    *(Card.parse(rank + suit.value) for suit in Suit for rank in "23456789TJQKA"),
    Card.parse("RJ"),
    Card.parse("BJ"),
)
"""The card of each card number."""
if sorted(CARDS, key=repr) != sorted(Deck.bid_whist().cards, key=repr):  # pragma: no cover
    raise RuntimeError("the batch card numbers are not Bid Whist's deck")
_SUIT_MASKS = np.array([mask_of(range(13 * s, 13 * s + 13)) for s in range(4)], dtype=np.uint64)
_JOKERS = mask_of([52, 53])
_SUIT = np.array([c // 13 for c in range(52)] + [-2, -2], dtype=np.int64)
_RANK = np.array([c % 13 for c in range(52)] + [0, 0], dtype=np.int64)
# BW-2.3: downtown the Ace stays highest, then 2, 3, ... K
_DOWN = np.array([12 if r == 12 else 11 - r for r in range(13)], dtype=np.int64)


class BidWhistBatch:
    """The arrays of ``size`` Bid Whist games of one config.

    Attributes:
        config: The games' config.
        players: 4.
        action_size: 82.
        deck_size: 54.
        phase: Each row's phase, as an index of ``BidWhistPhase``.
        actor: The seat to act.
        number: The hand number (0 before the first deal).
        dealer: The dealer of the hand.
        hands: ``(size, 4)`` masks of card numbers.
        kitty: The kitty's mask.
        calls: The number of calls made.
        high: The strength (``3 * level + mode``) of the high bid, -1 for none.
        declarer: The high bidder.
        trump: The trump suit, -1 for none.
        downtown: Whether the hand is played downtown.
        discards: The number of cards discarded (kitty exchange).
        won: ``(size, 4)`` tricks won this hand.
        leader, played, trick, led, best, strength, tricks: The trick in progress.
        team_scores: ``(size, 2)`` the teams' scores.
        scores: ``(size, 4)`` each seat's team score.
        done: Whether each game is over.
    """

    deck_size = 54
    draws: tuple[int, ...] = ()
    players = PLAYERS
    action_size = 82

    def __init__(self, config: BidWhistConfig, size: int) -> None:
        self.config = config
        ints = np.zeros(size, np.int64)
        self.phase = ints.copy()
        self.actor = ints.copy()
        self.number = ints.copy()
        self.dealer = ints.copy()
        self.hands = np.zeros((size, PLAYERS), np.uint64)
        self.kitty = np.zeros(size, np.uint64)
        self.calls = ints.copy()
        self.high = ints.copy()
        self.declarer = ints.copy()
        self.trump = ints.copy()
        self.downtown = np.zeros(size, np.bool_)
        self.discards = ints.copy()
        self.won = np.zeros((size, PLAYERS), np.int64)
        self.leader = ints.copy()
        self.played = ints.copy()
        self.trick = np.zeros((size, PLAYERS), np.int64)
        self.led = ints.copy()
        self.best = ints.copy()
        self.strength = ints.copy()
        self.tricks = ints.copy()
        self.call_of = np.zeros((size, PLAYERS), np.int64)
        self.discarded = np.zeros(size, np.uint64)
        self.gone = np.zeros(size, np.uint64)
        self.trick_bits = np.zeros(size, np.uint64)
        self.team_scores = np.zeros((size, 2), np.int32)
        self.scores = np.zeros((size, PLAYERS), np.int32)
        self.done = np.zeros(size, np.bool_)

    def reset(self, rows: Ints) -> None:
        """Set ``rows`` to new games, each waiting for its first deal."""
        self.phase[rows] = DEAL
        self.number[rows] = 0
        self.team_scores[rows] = 0
        self.scores[rows] = 0
        self.done[rows] = False

    def resume(self, rows: Ints, number: Ints, dealer: Ints, scores: Ints) -> None:
        """Set ``rows`` to wait for deal ``number + 1``, ``number`` deals and ``scores`` on.

        ``dealer`` dealt deal ``number``; the dealer of the next hand follows from its number.
        """
        self.number[rows] = number
        self.dealer[rows] = dealer
        self.scores[rows] = scores
        # partners share their team's total: seat ``t`` of each team holds it
        self.team_scores[rows] = scores[:, :2]

    def dealing(self) -> Ints:
        """The rows waiting for a deal."""
        return np.flatnonzero(self.phase == DEAL)

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Deal each deck to its row: the next hand (BW-5); the auction opens (BW-7.1)."""
        number = self.number[rows] + 1
        dealer = (self.config.first_dealer + number - 1) % PLAYERS
        first = (dealer + 1) % PLAYERS
        seats = (first[:, None] + np.arange(PLAYERS)) % PLAYERS
        self.number[rows] = number
        self.dealer[rows] = dealer
        self.hands[rows[:, None], seats] = dealt_masks(decks, 12, PLAYERS)
        self.kitty[rows] = np.bitwise_or.reduce(
            np.uint64(1) << decks[:, 48:].astype(np.uint64), axis=1
        )
        self.phase[rows] = BID
        self.actor[rows] = first
        self.calls[rows] = 0
        self.high[rows] = -1
        self.declarer[rows] = -1
        self.trump[rows] = -1
        self.downtown[rows] = False
        self.discards[rows] = 0
        self.won[rows] = 0
        self.tricks[rows] = 0
        self.call_of[rows] = -1
        self.discarded[rows] = 0
        self.gone[rows] = 0
        self._new_trick(rows, first)

    def _new_trick(self, rows: Ints, leader: Ints) -> None:
        self.leader[rows] = leader
        self.played[rows] = 0
        self.led[rows] = NOT_YET
        self.strength[rows] = -2
        self.trick_bits[rows] = 0

    def legal_mask(self, rows: Ints) -> Bools:
        """The legal actions of each row's actor, as ``rl`` action indexes."""
        phase = self.phase[rows]
        out = np.zeros((len(rows), self.action_size), np.bool_)
        where = np.flatnonzero(phase == PLAY)
        if len(where):
            out[where, :54] = bit_columns(self._playable(rows[where]), 54)
        where = np.flatnonzero(phase == DISCARD)
        if len(where):
            chosen = rows[where]
            out[where, :54] = bit_columns(self.hands[chosen, self.declarer[chosen]], 54)
        where = np.flatnonzero(phase == BID)
        if len(where):
            chosen = rows[where]
            high = self.high[chosen]
            lowest = np.where(high < 0, 3 * self.config.min_bid, high + 1)
            strengths = np.arange(3, 24)
            out[where, BID0 : BID0 + 21] = strengths[None, :] >= lowest[:, None]
            # BW-7.5: after three passes the dealer must bid
            out[where, PASS] = (self.calls[chosen] < 3) | (high >= 0)
        where = np.flatnonzero(phase == CHOOSE)
        if len(where):
            no_trump = self.high[rows[where]] % 3 == NO_TRUMP
            out[where, TRUMP0 : TRUMP0 + 4] = ~no_trump[:, None]
            out[where, DIRECTION0 : DIRECTION0 + 2] = no_trump[:, None]
        return out

    def _playable(self, rows: Ints) -> np.ndarray[tuple[int], np.dtype[np.uint64]]:
        hand = self.hands.reshape(-1).take(rows * PLAYERS + self.actor[rows])
        led = self.led[rows]
        trump = self.trump[rows]
        # BW-10.1: in a trump contract the jokers follow as trumps
        suit = _SUIT_MASKS[np.maximum(led, 0)] | np.where(
            (trump >= 0) & (led == trump), _JOKERS, np.uint64(0)
        )
        follows = (led >= 0) & ((hand & suit) != 0)
        allowed: np.ndarray[tuple[int], np.dtype[np.uint64]] = np.where(follows, hand & suit, hand)
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
        handlers = (
            (self._play, PLAY),
            (self._call, BID),
            (self._choose, CHOOSE),
            (self._discard, DISCARD),
        )
        for handler, value in handlers:
            where = np.flatnonzero(phase == value)
            if len(where):
                handler(rows[where], actions[where])

    def _call(self, rows: Ints, actions: Ints) -> None:
        seat = self.actor[rows]
        self.call_of[rows, seat] = actions - PASS
        bidding = actions != PASS
        self.high[rows] = np.where(bidding, actions - BID0 + 3, self.high[rows])
        self.declarer[rows] = np.where(bidding, seat, self.declarer[rows])
        calls = self.calls[rows] + 1
        self.calls[rows] = calls
        ended = calls == PLAYERS
        self.phase[rows] = np.where(ended, CHOOSE, BID)
        self.actor[rows] = np.where(ended, self.declarer[rows], (seat + 1) % PLAYERS)
        # BW-6.2: a downtown contract is played downtown
        self.downtown[rows] = ended & (self.high[rows] % 3 == 1)

    def _choose(self, rows: Ints, actions: Ints) -> None:
        choosing_trump = actions < DIRECTION0
        self.trump[rows] = np.where(choosing_trump, actions - TRUMP0, -1)
        self.downtown[rows] = np.where(
            choosing_trump, self.downtown[rows], actions == DIRECTION0 + 1
        )
        declarer = self.declarer[rows]
        leader = declarer if self.config.first_lead == "declarer" else (self.dealer[rows] + 1) % 4
        self._new_trick(rows, leader)
        if self.config.kitty == "exchange":  # BW-8.3
            self.hands[rows, declarer] |= self.kitty[rows]
            self.phase[rows] = DISCARD
            self.actor[rows] = declarer
        else:
            self.phase[rows] = PLAY
            self.actor[rows] = leader

    def _discard(self, rows: Ints, actions: Ints) -> None:
        declarer = self.declarer[rows]
        card = np.uint64(1) << actions.astype(np.uint64)
        self.hands[rows, declarer] &= ~card
        self.discarded[rows] |= card
        discards = self.discards[rows] + 1
        self.discards[rows] = discards
        ended = discards == 6
        self.phase[rows] = np.where(ended, PLAY, DISCARD)
        self.actor[rows] = np.where(ended, self.leader[rows], declarer)

    def _play(self, rows: Ints, actions: Ints) -> None:
        seat = self.actor[rows]
        flat = rows * PLAYERS + seat
        hands = self.hands.reshape(-1)
        hand = hands.take(flat)
        card = np.uint64(1) << actions.astype(np.uint64)
        hands[flat] = hand & ~card
        self.trick_bits[rows] |= card
        played = self.played[rows]
        self.trick[rows, played] = actions
        trump = self.trump[rows]
        suit = _SUIT[actions]
        joker = actions >= 52
        # BW-10.2: the effective suit of the first card, or (no trump) of the first suited card
        effective = np.where(joker, np.where(trump >= 0, trump, NOT_YET), suit)
        led = self.led[rows]
        led = np.where(led == NOT_YET, effective, led)
        self.led[rows] = led
        rank = _RANK[actions]
        value = np.where(self.downtown[rows], _DOWN[rank], rank)
        strength = np.where(
            joker,
            np.where(trump >= 0, 1053 - actions, -1),  # BW-2.4: RJ, then BJ, top trumps
            np.where(suit == trump, 100 + value, np.where(suit == led, value, -1)),
        )
        better = strength > self.strength[rows]
        self.best[rows] = np.where(better, seat, self.best[rows])
        self.strength[rows] = np.maximum(strength, self.strength[rows])
        played += 1
        self.played[rows] = played
        self.actor[rows] = (seat + 1) % PLAYERS
        complete = played == PLAYERS
        if complete.any():
            self._complete(rows[complete])

    def _complete(self, rows: Ints) -> None:
        winner = self.best[rows]
        self.won[rows, winner] += 1
        self.gone[rows] |= self.trick_bits[rows]
        self._new_trick(rows, winner)
        self.actor[rows] = winner
        tricks = self.tricks[rows] + 1
        self.tricks[rows] = tricks
        last = tricks == 12
        if last.any():
            self._score(rows[last])

    def _score(self, rows: Ints) -> None:
        declarer = self.declarer[rows]
        team = declarer % 2
        count = np.arange(len(rows))
        won = self.won[rows]
        books = 1 + won[count, team] + won[count, team + 2]  # BW-12.1
        level = self.high[rows] // 3
        score = np.where(books >= 6 + level, books - 6, -level)
        if self.config.nt_double:
            score = np.where(self.high[rows] % 3 == NO_TRUMP, 2 * score, score)
        self.team_scores[rows, team] += score.astype(np.int32)
        totals = self.team_scores[rows]
        self.scores[rows] = totals[:, [0, 1, 0, 1]]
        target = self.config.target
        over = ((totals >= target) | (totals <= -target)).any(axis=1)
        self.phase[rows] = np.where(over, OVER, DEAL)
        self.done[rows[over]] = True

    def observe(self, rows: Ints, seats: Ints, layout: LayoutOffsets) -> npt.NDArray[np.float32]:
        """The ``"situation"`` observation of each row for its seat in ``seats``."""
        out = np.zeros((len(rows), layout.size), np.float32)
        phase = self.phase[rows]
        hands = by_seat(self.hands, rows, seats)
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
            trump=self.trump[rows],
            scores=by_seat(self.scores, rows, seats) / 7.0,
        )
        at = layout.at
        out[:, at["direction"]] = self.downtown[rows]
        calls = by_seat(self.call_of, rows, seats)
        made = np.flatnonzero(calls.reshape(-1) >= 0)
        row, seat = np.divmod(made, PLAYERS)
        out[row, at["calls"] + seat * 22 + calls.reshape(-1)[made]] = 1.0
        contracted = phase != BID
        high = self.high[rows]
        one_hot(out, at["contract"], np.where(contracted, high - 3, -1))
        one_hot(out, at["declarer"], np.where(contracted, (self.declarer[rows] - seats) % 4, -1))
        if self.config.kitty == "exchange":  # BW-8.3: the declarer sees the kitty once taken up
            sees = (phase != BID) & (phase != CHOOSE) & (seats == self.declarer[rows])
            nothing = np.uint64(0)
            _card_counts(out, at["kitty"], np.where(sees, self.kitty[rows], nothing))
            _card_counts(out, at["discards"], np.where(sees, self.discarded[rows], nothing))
        return out

    def deal_action(self, state: GameState[object], deck: Ints) -> Deal:
        """The scalar deal of ``deck`` for ``state`` (BW-5.2)."""
        dealer = (self.config.first_dealer + state.round.number) % PLAYERS
        return Deal.from_deck(
            [CARDS[int(card)] for card in deck],
            players=PLAYERS,
            first_seat=(dealer + 1) % PLAYERS,
            hand_size=12,
        )

    def deck_of(self, row: int, deal: Deal) -> Ints:
        """The deck that :meth:`deal` turns into ``deal`` at ``row``."""
        first = (self.config.first_dealer + int(self.number[row]) + 1) % PLAYERS
        order = [deal.hands[(first + k) % PLAYERS][k // PLAYERS] for k in range(48)]
        return np.array([CARDS.index(card) for card in (*order, *deal.stock)], np.int64)


def _card_counts(out: npt.NDArray[np.float32], at: int, masks: npt.NDArray[np.uint64]) -> None:
    suited_counts(out, at, masks, 54)


RULES = TypedRules(BidWhistConfig, BidWhistBatch)
"""BidWhist's batch rules, named by its declaration."""
"""Bid Whist's batch rules, the plug-in :func:`~tricktaking.batch.rules_for` finds."""
