"""Oh Hell's batch rules (``rules/oh_hell.md``): every config, 3 to 7 players.

Card numbers are the ``rl`` card indexes of the standard deck (``13 * suit + rank``,
suits S H D C, ranks 2 to A), whatever the configuration's deck: a hand is a ``uint64``
mask of them, and a card's number is its play's action index. A deal's deck holds the
physical card indexes of the configuration's deck (OH-2.5), then two draws: the hand
size less one and the dealer, used where the configuration leaves them to chance
(OH-5.1, OH-4.1).
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
    mask_of,
    one_hot,
    random_bit,
    suited_counts,
)
from tricktaking.cards import Card, sort_cards
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.games.oh_hell import OhHellConfig

__all__ = ["RULES", "OhHellBatch"]

# phases, as indexes of OhHellPhase
DEAL, BID, PLAY, OVER = range(4)

_CARDS = sort_cards(Deck.standard())
_NUMBER = {card: number for number, card in enumerate(_CARDS)}
# the cards of the suit to follow, by suit to follow + 1: none before the lead
_FOLLOW_MASKS = np.array(
    [0, *(int(mask_of(range(13 * s, 13 * s + 13))) for s in range(4))], dtype=np.uint64
)
_SUIT = np.arange(52, dtype=np.int64) // 13
_RANK = np.arange(52, dtype=np.int64) % 13


class OhHellBatch:
    """The arrays of ``size`` Oh Hell games of one config.

    Attributes:
        config: The games' config.
        players: The number of seats.
        action_size: The size of the ``rl`` action space.
        deck_size: The size of the configuration's deck.
        draws: The outcomes of a deal's draws besides the shuffle: hand size, dealer.
        phase: Each row's phase, as an index of ``OhHellPhase``.
        actor: The seat to act.
        number: The hand number (0 before the first deal).
        hand_size: The cards dealt to each seat this hand.
        dealer: The dealer of the hand.
        trump: The trump suit (0 to 3 for S, H, D, C).
        turn_up: The turn-up card's number.
        hands: ``(size, players)`` masks of card numbers.
        bids: ``(size, players)`` bids, -1 until made.
        won: ``(size, players)`` tricks won this hand.
        scores: ``(size, players)`` cumulative scores.
        done: Whether each game is over.
    """

    def __init__(self, config: OhHellConfig, size: int) -> None:
        n = config.players
        self.config = config
        self.players = n
        self.size = size
        self.deck_size = len(config.deck)
        self.draws: tuple[int, ...] = (config.h_max, n)
        self.max_bid = 51 // n  # the action space's, from the standard deck
        self.action_size = 52 + self.max_bid + 1
        self._bid0 = 52
        # each hand's size by hand number less one; 0 where chance draws it
        self._sizes = np.array([fixed or 0 for fixed in config.hand_sizes], np.int64)
        self._physical = np.array([_NUMBER[card] for card in config.deck], np.int64)
        ints = np.zeros(size, np.int64)
        self.phase = ints.copy()
        self.actor = ints.copy()
        self.number = ints.copy()
        self.hand_size = ints.copy()
        self.dealer = ints.copy()
        self.trump = ints - 1
        self.turn_up = ints - 1
        self.leader = ints.copy()
        self.played = ints.copy()
        self.led = ints - 1
        self.best = ints.copy()
        self.strength = ints.copy()
        self.tricks = ints.copy()
        self.hands = np.zeros((size, n), np.uint64)
        self.bids = np.full((size, n), -1, np.int64)
        self.won = np.zeros((size, n), np.int64)
        self.trick = np.zeros((size, n), np.int64)
        self.scores = np.zeros((size, n), np.int32)
        self.done = np.zeros(size, np.bool_)
        self.gone = np.zeros(size, np.uint64)
        self.trick_bits = np.zeros(size, np.uint64)

    # -- the BatchCore protocol ------------------------------------------------------

    def reset(self, rows: Ints) -> None:
        """Set ``rows`` to new games, each waiting for its first deal."""
        self.phase[rows] = DEAL
        self.number[rows] = 0
        self.hand_size[rows] = 0
        self.scores[rows] = 0
        self.done[rows] = False
        self.hands[rows] = 0
        self.bids[rows] = -1
        self.won[rows] = 0
        self.played[rows] = 0
        self.trump[rows] = -1
        self.turn_up[rows] = -1

    def resume(self, rows: Ints, number: Ints, dealer: Ints, scores: Ints) -> None:
        """Set ``rows`` to wait for deal ``number + 1``, ``number`` deals and ``scores`` on.

        ``dealer`` dealt deal ``number``; the seat on its left deals the next hand (OH-5.1).
        """
        self.number[rows] = number
        self.dealer[rows] = dealer
        self.scores[rows] = scores

    def dealing(self) -> Ints:
        """The rows waiting for a deal."""
        return np.flatnonzero(self.phase == DEAL)

    def _size_and_dealer(self, number: Ints, previous: Ints, draws: Ints) -> tuple[Ints, Ints]:
        """The hand size and dealer of hand ``number`` (OH-4.1, OH-5.1, OH-14.5)."""
        config = self.config
        fixed = self._sizes[number - 1]
        size = np.where(fixed > 0, fixed, draws[:, 0] + 1)
        first = draws[:, 1] if config.first_dealer is None else config.first_dealer
        dealer = np.where(number == 1, first, (previous + 1) % self.players)
        return size, dealer

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Deal each deck to its row (OH-5.3): card ``k`` to seat ``k % players``."""
        n = self.players
        number = self.number[rows] + 1
        size, dealer = self._size_and_dealer(number, self.dealer[rows], decks[:, self.deck_size :])
        cards = self._physical[decks[:, : self.deck_size]]
        bits = np.uint64(1) << cards.astype(np.uint64)
        position = np.arange(self.deck_size)
        dealt = position[None, :] < (size * n)[:, None]
        hands = np.zeros((len(rows), n), np.uint64)
        for seat in range(n):
            mine = dealt & (position % n == seat)[None, :]
            hands[:, seat] = np.bitwise_or.reduce(np.where(mine, bits, np.uint64(0)), axis=1)
        self.hands[rows] = hands
        turn_up = cards[np.arange(len(rows)), size * n]
        self.number[rows] = number
        self.hand_size[rows] = size
        self.dealer[rows] = dealer
        self.trump[rows] = turn_up // 13
        self.turn_up[rows] = turn_up
        first = (dealer + 1) % n
        self.phase[rows] = BID
        self.actor[rows] = first
        self.bids[rows] = -1
        self.won[rows] = 0
        self.leader[rows] = first
        self.played[rows] = 0
        self.led[rows] = -1
        self.strength[rows] = -2
        self.tricks[rows] = 0
        self.gone[rows] = 0
        self.trick_bits[rows] = 0

    def legal_mask(self, rows: Ints) -> Bools:
        """The legal actions of each row's actor, as ``rl`` action indexes."""
        phase = self.phase[rows]
        out = np.zeros((len(rows), self.action_size), np.bool_)
        where = np.flatnonzero(phase == PLAY)
        if len(where):
            allowed = self._playable(rows[where])
            out[where, :52] = bit_columns(allowed, 52)
        where = np.flatnonzero(phase == BID)
        if len(where):
            out[where, self._bid0 :] = self._biddable(rows[where])
        return out

    def is_legal(self, rows: Ints, actions: Ints) -> Bools:
        """Whether each action (an index in range) is legal for its row's actor."""
        legal: Bools = self.legal_mask(rows)[np.arange(len(rows)), actions]
        return legal

    def random_actions(self, rows: Ints, rng: np.random.Generator) -> Ints:
        """A uniformly random legal action of each row's actor."""
        phase = self.phase[rows]
        actions = np.zeros(len(rows), np.int64)
        where = np.flatnonzero(phase == PLAY)
        if len(where):
            actions[where] = random_bit(self._playable(rows[where]), rng)
        where = np.flatnonzero(phase == BID)
        if len(where):
            forbidden = self._forbidden(rows[where])
            count = self.hand_size[rows[where]] + 1 - (forbidden >= 0)
            bid = (rng.random(len(where)) * count).astype(np.int64)
            bid += (forbidden >= 0) & (bid >= forbidden)  # skip the forbidden bid
            actions[where] = self._bid0 + bid
        return actions

    def _forbidden(self, rows: Ints) -> Ints:
        """The dealer's bid the hook forbids (OH-7.4), -1 for none."""
        if self.config.bid_rule != "hook":
            return np.full(len(rows), -1, np.int64)
        size = self.hand_size[rows]
        others = np.maximum(self.bids[rows], 0).sum(axis=1)
        hooked = (self.actor[rows] == self.dealer[rows]) & (others <= size)
        forbidden: Ints = np.where(hooked, size - others, -1)
        return forbidden

    def _playable(self, rows: Ints) -> npt.NDArray[np.uint64]:
        hand = self.hands[rows, self.actor[rows]]
        suit = _FOLLOW_MASKS[self.led[rows] + 1]
        # OH-10.3: follow the suit led when the hand holds it
        allowed: npt.NDArray[np.uint64] = np.where((hand & suit) != 0, hand & suit, hand)
        return allowed

    def _biddable(self, rows: Ints) -> Bools:
        levels = np.arange(self.max_bid + 1)
        allowed = levels[None, :] <= self.hand_size[rows][:, None]
        allowed &= levels[None, :] != self._forbidden(rows)[:, None]
        return allowed

    def step(self, rows: Ints, actions: Ints) -> None:
        """Apply each row's legal action."""
        phase = self.phase[rows]
        for handler, value in ((self._play, PLAY), (self._bid, BID)):
            where = np.flatnonzero(phase == value)
            if len(where):
                handler(rows[where], actions[where])

    def _bid(self, rows: Ints, actions: Ints) -> None:
        actor = self.actor[rows]
        self.bids[rows, actor] = actions - self._bid0
        last = actor == self.dealer[rows]
        self.actor[rows] = np.where(last, self.leader[rows], (actor + 1) % self.players)
        self.phase[rows[last]] = PLAY

    def _play(self, rows: Ints, actions: Ints) -> None:
        n = self.players
        seat = self.actor[rows]
        card = np.uint64(1) << actions.astype(np.uint64)
        self.hands[rows, seat] ^= card
        self.trick_bits[rows] |= card
        played = self.played[rows]
        self.trick[rows, played] = actions
        suit = _SUIT[actions]
        led = np.where(played == 0, suit, self.led[rows])
        self.led[rows] = led
        # OH-11: the highest trump, else the highest card of the suit led
        strength = np.where(
            suit == self.trump[rows],
            _RANK[actions] + 100,
            np.where(suit == led, _RANK[actions], -1),
        )
        before = self.strength[rows]
        better = strength > before
        self.best[rows] = np.where(better, seat, self.best[rows])
        self.strength[rows] = np.where(better, strength, before)
        played = played + 1
        self.played[rows] = played
        self.actor[rows] = (seat + 1) % n
        complete = played == n
        if complete.any():
            self._complete(rows[complete])

    def _complete(self, rows: Ints) -> None:
        winner = self.best[rows]
        self.won[rows, winner] += 1
        self.leader[rows] = winner
        self.actor[rows] = winner
        self.played[rows] = 0
        self.led[rows] = -1
        self.strength[rows] = -2
        self.gone[rows] |= self.trick_bits[rows]
        self.trick_bits[rows] = 0
        tricks = self.tricks[rows] + 1
        self.tricks[rows] = tricks
        ended = tricks == self.hand_size[rows]
        if ended.any():
            self._score(rows[ended])

    def _score(self, rows: Ints) -> None:
        config = self.config
        bids = self.bids[rows]
        won = self.won[rows]
        per = config.points_per_trick
        # OH-12.1, OH-12.3
        missed = -per * np.abs(won - bids) if config.off_bid_penalty else per * won
        score = np.where(won == bids, per * won + config.exact_bonus, missed)
        self.scores[rows] += score.astype(np.int32)
        over = self.number[rows] == config.total_hands
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
            acting=(phase == BID) | (phase == PLAY),
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
            scores=by_seat(self.scores, rows, seats) / 10.0,
        )
        at = layout.at
        out[:, at["total_hands"]] = self.config.total_hands
        out[:, at["hand_size"]] = self.hand_size[rows]
        one_hot(out, at["turn_up"], self.turn_up[rows])
        bids = by_seat(self.bids, rows, seats)
        width = self.max_bid + 1
        made = np.flatnonzero(bids.reshape(-1) >= 0)
        row, seat = np.divmod(made, self.players)
        out[row, at["bids"] + seat * width + bids.reshape(-1)[made]] = 1.0
        return out

    def deal_action(self, state: GameState[object], deck: Ints) -> Deal:
        """The scalar deal of ``deck`` for ``state`` (OH-5.3)."""
        n = self.players
        number = np.array([state.round.number + 1])
        size_of, dealer_of = self._size_and_dealer(
            number, np.array([state.round.dealer]), deck[None, self.deck_size :]
        )
        size, dealer = int(size_of[0]), int(dealer_of[0])
        cards = [self.config.deck[int(card)] for card in deck[: self.deck_size]]
        drawn = self.config.first_dealer is None and int(number[0]) == 1
        return Deal(
            hands=tuple(sort_cards(cards[seat : n * size : n]) for seat in range(n)),
            stock=tuple(cards[n * size :]),
            dealer=dealer if drawn else None,
        )

    def deck_of(self, row: int, deal: Deal) -> Ints:
        """The deck that :meth:`deal` turns into ``deal`` at ``row``."""
        n = self.players
        size = len(deal.hands[0])
        order: list[Card] = [deal.hands[k % n][k // n] for k in range(n * size)]
        index = self.config.card_index
        dealer = 0 if deal.dealer is None else deal.dealer
        draws = [size - 1, dealer]
        return np.array([index(card) for card in (*order, *deal.stock)] + draws, np.int64)


def _card_counts(out: npt.NDArray[np.float32], at: int, masks: npt.NDArray[np.uint64]) -> None:
    """Write each row's 0/1 count of every card of ``masks`` at column ``at``."""
    suited_counts(out, at, masks, 52)


RULES = TypedRules(OhHellConfig, OhHellBatch)
"""OhHell's batch rules, named by its declaration."""
"""Oh Hell's batch rules, the plug-in :func:`~tricktaking.batch.rules_for` finds."""
