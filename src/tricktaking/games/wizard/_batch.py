"""Wizard's batch rules (``rules/wizard.md``): every config, 3 to 6 players.

Card numbers: the 52 suited cards in the ``rl`` order (``13 * suit + rank``, suits S H D
C, ranks 2 to A) are 0 to 51, the four Wizards 52 to 55 and the four Jesters 56 to 59. A
hand is a ``uint64`` mask of card numbers; the ``rl`` action of a card is its number,
52 for any Wizard and 53 for any Jester.
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
    kth_bit,
    lowest_bit,
    mask_of,
    one_hot,
)
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.games.wizard import WizardConfig

__all__ = ["RULES", "WizardBatch"]

# phases, as indexes of WizardPhase
DEAL, CHOOSE_TRUMP, BID, PLAY, OVER = range(5)
NOT_YET, FREE = -1, -2  # the suit to follow before any suited card, and after a Wizard

_SUITED = tuple(Card.parse(rank + suit.value) for suit in Suit for rank in "23456789TJQKA")
CARDS = (*_SUITED, *(Card.parse("WZ"),) * 4, *(Card.parse("JE"),) * 4)
"""The card of each card number."""
if sorted(CARDS, key=repr) != sorted(Deck.wizard().cards, key=repr):  # pragma: no cover
    raise RuntimeError("the batch card numbers are not Wizard's deck")
_SUIT_MASKS = np.array([mask_of(range(13 * s, 13 * s + 13)) for s in range(4)], dtype=np.uint64)
_WIZARDS = mask_of(range(52, 56))
_JESTERS = mask_of(range(56, 60))
_SPECIALS = _WIZARDS | _JESTERS
# the cards of the suit to follow, by suit to follow + 2: none while free or not yet
_FOLLOW_MASKS = np.array([0, 0, *(int(mask) for mask in _SUIT_MASKS)], dtype=np.uint64)
_SUITED_BITS = mask_of(range(52))
_BIT_52 = mask_of([52])
_BIT_53 = mask_of([53])
# the suit a card sets to follow (WZ-10.1): its suit; free after a Wizard; not yet for a Jester
_SUIT = np.array([c // 13 for c in range(52)] + [FREE, NOT_YET], dtype=np.int64)
# a card's strength in its trick (WZ-11): its rank if of the led suit, plus 100 if trump;
# the first Wizard is strongest (later ones tie and lose); a Jester is weakest
_BASE = np.array([c % 13 for c in range(52)] + [1000, -1], dtype=np.int64)
# the bit of a suited card; the bits among which a Wizard or Jester play takes the lowest
_CARD_BIT = np.array([1 << c for c in range(52)] + [0, 0], dtype=np.uint64)
_SPECIAL_BITS = np.array([0] * 52 + [int(_WIZARDS), int(_JESTERS)], dtype=np.uint64)
# the suit a card is trump in: never, for a Wizard or Jester (-1 means no trump)
_TRUMP_SUIT = np.array([c // 13 for c in range(52)] + [-9, -9], dtype=np.int64)
# the strength of a card neither trump nor of the led suit: a Wizard or Jester keeps its own
_OFF = np.array([-1] * 52 + [1000, -1], dtype=np.int64)


class WizardBatch:
    """The arrays of ``size`` Wizard games of one config.

    Attributes:
        config: The games' config.
        players: The number of seats.
        action_size: The size of the ``rl`` action space.
        deck_size: 60.
        phase: Each row's phase, as an index of ``WizardPhase``.
        actor: The seat to act.
        number: The round number (0 before the first deal).
        dealer: The dealer of the round.
        trump: The trump suit (0 to 3 for S, H, D, C), -1 for none.
        turn_up: The turn-up card's action index, -1 for none.
        hands: ``(size, players)`` masks of card numbers.
        bids: ``(size, players)`` bids, -1 until made.
        won: ``(size, players)`` tricks won this round.
        leader: The leader of the trick in progress.
        played: The number of cards in the trick in progress.
        trick: ``(size, players)`` the action indexes of the trick's cards, in play order.
        led: The suit to follow, -1 before any suited card, -2 after a Wizard.
        best: The seat winning the trick so far.
        strength: The strength of its card.
        tricks: The number of tricks completed this round.
        scores: ``(size, players)`` cumulative scores.
        done: Whether each game is over.
    """

    deck_size = 60
    draws: tuple[int, ...] = ()

    def __init__(self, config: WizardConfig, size: int) -> None:
        n = config.players
        self.config = config
        self.players = n
        self.size = size
        self.max_bid = 60 // n
        self.action_size = 54 + self.max_bid + 1 + 4
        self.total_rounds = config.total_rounds
        self._bid0 = 54
        self._trump0 = 54 + self.max_bid + 1
        ints = np.zeros(size, np.int64)
        self.phase = ints.copy()
        self.actor = ints.copy()
        self.number = ints.copy()
        self.dealer = ints.copy()
        self.trump = ints - 1
        self.turn_up = ints - 1
        self.leader = ints.copy()
        self.played = ints.copy()
        self.led = ints + NOT_YET
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
        # flat views of the (size, players) arrays: one-dimensional takes are the fastest
        # way to reach one seat's entry in every row
        self._hands = self.hands.reshape(-1)
        self._trick = self.trick.reshape(-1)
        self._won = self.won.reshape(-1)
        self._bids = self.bids.reshape(-1)

    # -- the BatchCore protocol ------------------------------------------------------

    def reset(self, rows: Ints) -> None:
        """Set ``rows`` to new games, each waiting for its first deal."""
        self.phase[rows] = DEAL
        self.number[rows] = 0
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

        ``dealer`` dealt deal ``number``; the next round's dealer follows from its number.
        """
        self.number[rows] = number
        self.dealer[rows] = dealer
        self.scores[rows] = scores

    def dealing(self) -> Ints:
        """The rows waiting for a deal."""
        return np.flatnonzero(self.phase == DEAL)

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Deal each deck to its row: the next round (WZ-5.3, WZ-6)."""
        n = self.players
        number = self.number[rows] + 1
        dealer = (self.config.first_dealer + number - 1) % n
        first = (dealer + 1) % n
        self.number[rows] = number
        self.dealer[rows] = dealer
        seats = (first[:, None] + np.arange(n)) % n
        for r in np.unique(number).tolist():
            group = number == r
            self.hands[rows[group][:, None], seats[group]] = dealt_masks(decks[group], r, n)
        dealt_all = number * n
        has_turn_up = dealt_all < 60
        turn_up = np.where(has_turn_up, decks[np.arange(len(rows)), np.minimum(dealt_all, 59)], -1)
        wizard = (turn_up >= 52) & (turn_up < 56)
        self.trump[rows] = np.where((turn_up >= 0) & (turn_up < 52), turn_up // 13, -1)
        self.turn_up[rows] = np.where(turn_up < 52, turn_up, np.where(wizard, 52, 53))
        self.phase[rows] = np.where(wizard, CHOOSE_TRUMP, BID)
        self.actor[rows] = np.where(wizard, dealer, first)
        self.bids[rows] = -1
        self.won[rows] = 0
        self.leader[rows] = first
        self.played[rows] = 0
        self.led[rows] = NOT_YET
        self.strength[rows] = -2
        self.tricks[rows] = 0
        self.gone[rows] = 0
        self.trick_bits[rows] = 0

    def legal_mask(self, rows: Ints) -> Bools:
        """The legal actions of each row's actor, as ``rl`` action indexes."""
        phase = self.phase[rows]
        out = np.zeros((len(rows), self.action_size), np.bool_)
        playing = phase == PLAY
        if playing.all():
            allowed = self._playable(rows)
            out[:, :52] = bit_columns(allowed, 52)
            out[:, 52] = (allowed & _WIZARDS) != 0
            out[:, 53] = (allowed & _JESTERS) != 0
            return out
        where = np.flatnonzero(playing)
        if len(where):
            allowed = self._playable(rows[where])
            out[where, :52] = bit_columns(allowed, 52)
            out[where, 52] = (allowed & _WIZARDS) != 0
            out[where, 53] = (allowed & _JESTERS) != 0
        where = np.flatnonzero(phase == BID)
        if len(where):
            out[where, self._bid0 : self._bid0 + self.max_bid + 1] = self._biddable(rows[where])
        where = np.flatnonzero(phase == CHOOSE_TRUMP)
        out[where, self._trump0 : self._trump0 + 4] = True
        return out

    def is_legal(self, rows: Ints, actions: Ints) -> Bools:
        """Whether each action (an index in range) is legal for its row's actor."""
        playing = self.phase[rows] == PLAY
        if playing.all():
            bits = _CARD_BIT.take(actions, mode="clip") | _SPECIAL_BITS.take(actions, mode="clip")
            legal: Bools = (actions < 54) & ((self._playable(rows) & bits) != 0)
            return legal
        legal = self.legal_mask(rows)[np.arange(len(rows)), actions]
        return legal

    def random_actions(self, rows: Ints, rng: np.random.Generator) -> Ints:
        """A uniformly random legal action of each row's actor."""
        phase = self.phase[rows]
        playing = phase == PLAY
        if playing.all():
            return self._random_plays(rows, rng)
        actions = np.zeros(len(rows), np.int64)
        where = np.flatnonzero(playing)
        if len(where):
            actions[where] = self._random_plays(rows[where], rng)
        where = np.flatnonzero(phase == BID)
        if len(where):
            actions[where] = self._random_bids(rows[where], rng)
        where = np.flatnonzero(phase == CHOOSE_TRUMP)
        actions[where] = self._trump0 + (rng.random(len(where)) * 4).astype(np.int64)
        return actions

    def _random_bids(self, rows: Ints, rng: np.random.Generator) -> Ints:
        number = self.number[rows]
        forbidden = np.full(len(rows), -1, np.int64)
        if self.config.bid_rule == "hook":
            others = np.maximum(self.bids[rows], 0).sum(axis=1)
            hooked = (self.actor[rows] == self.dealer[rows]) & (others <= number)
            forbidden = np.where(hooked, number - others, -1)
        count = number + 1 - (forbidden >= 0)
        bid = (rng.random(len(rows)) * count).astype(np.int64)
        # skip the forbidden bid: the bids above it move up by one
        bid += (forbidden >= 0) & (bid >= forbidden)
        return self._bid0 + bid

    def _random_plays(self, rows: Ints, rng: np.random.Generator) -> Ints:
        allowed = self._playable(rows)
        # one bit per distinct card: the suited cards, then 52 for Wizards, 53 for Jesters
        distinct = (
            (allowed & _SUITED_BITS)
            | np.where((allowed & _WIZARDS) != 0, _BIT_52, np.uint64(0))
            | np.where((allowed & _JESTERS) != 0, _BIT_53, np.uint64(0))
        )
        count = np.bitwise_count(distinct)
        k = (rng.random(len(rows)) * count).astype(np.int64)
        return kth_bit(distinct, k)

    def _playable(self, rows: Ints) -> npt.NDArray[np.uint64]:
        at: Ints | slice = slice(None) if len(rows) == self.size else rows
        hand = self._hands.take(rows * self.players + self.actor[at])
        led = self.led[at]
        suit = _FOLLOW_MASKS.take(led + 2)
        # WZ-10.3: the suit to follow and the specials when the hand holds that suit
        allowed: npt.NDArray[np.uint64] = np.where(
            (hand & suit) != 0, hand & (suit | _SPECIALS), hand
        )
        return allowed

    def _biddable(self, rows: Ints) -> Bools:
        number = self.number[rows]
        levels = np.arange(self.max_bid + 1)
        allowed = levels[None, :] <= number[:, None]
        if self.config.bid_rule == "hook":
            # WZ-7.5: the dealer may not make the bids total the round's tricks
            others = np.maximum(self.bids[rows], 0).sum(axis=1)
            hooked = (self.actor[rows] == self.dealer[rows]) & (others <= number)
            forbidden = np.where(hooked, number - others, -1)
            allowed &= levels[None, :] != forbidden[:, None]
        return allowed

    def step(self, rows: Ints, actions: Ints) -> None:
        """Apply each row's legal action."""
        phase = self.phase[rows]
        playing = phase == PLAY
        if playing.all():
            self._play(rows, actions)
            return
        for handler, value in ((self._play, PLAY), (self._bid, BID), (self._choose, CHOOSE_TRUMP)):
            where = np.flatnonzero(phase == value)
            if len(where):
                handler(rows[where], actions[where])

    def _choose(self, rows: Ints, actions: Ints) -> None:
        self.trump[rows] = actions - self._trump0
        self.phase[rows] = BID
        self.actor[rows] = (self.dealer[rows] + 1) % self.players

    def _bid(self, rows: Ints, actions: Ints) -> None:
        actor = self.actor[rows]
        self._bids[rows * self.players + actor] = actions - self._bid0
        last = actor == self.dealer[rows]
        self.actor[rows] = np.where(last, self.leader[rows], (actor + 1) % self.players)
        self.phase[rows[last]] = PLAY

    def _play(self, rows: Ints, actions: Ints) -> None:
        n = self.players
        # every row at once (the common case) reads whole arrays instead of gathering
        at: Ints | slice = slice(None) if len(rows) == self.size else rows
        seat = self.actor[at]
        flat = rows * n + seat
        hand = self._hands.take(flat)
        # a suited card's bit, or the lowest of the hand's Wizard or Jester bits
        card = _CARD_BIT.take(actions) | lowest_bit(hand & _SPECIAL_BITS.take(actions))
        self._hands[flat] = hand ^ card
        self.trick_bits[at] |= card
        played = self.played[at]
        self._trick[rows * n + played] = actions
        suit = _SUIT.take(actions)
        led = self.led[at]
        led = np.where(led == NOT_YET, suit, led)
        self.led[at] = led
        strength = _BASE.take(actions)
        # WZ-11: a trump adds 100; a suited card of neither trump nor the led suit never wins
        strength = np.where(
            _TRUMP_SUIT.take(actions) == self.trump[at],
            strength + 100,
            np.where(suit == led, strength, _OFF.take(actions)),
        )
        before = self.strength[at]
        better = strength > before
        self.best[at] = np.where(better, seat, self.best[at])
        self.strength[at] = np.where(better, strength, before)
        played = played + 1
        self.played[at] = played
        self.actor[at] = np.where(seat == n - 1, 0, seat + 1)
        complete = played == n
        if complete.any():
            self._complete(rows[complete])

    def _complete(self, rows: Ints) -> None:
        winner = self.best[rows]
        self._won[rows * self.players + winner] += 1
        self.leader[rows] = winner
        self.actor[rows] = winner
        self.played[rows] = 0
        self.led[rows] = NOT_YET
        self.strength[rows] = -2
        self.gone[rows] |= self.trick_bits[rows]
        self.trick_bits[rows] = 0
        tricks = self.tricks[rows] + 1
        self.tricks[rows] = tricks
        ended = tricks == self.number[rows]
        if ended.any():
            self._score(rows[ended])

    def _score(self, rows: Ints) -> None:
        bids = self.bids[rows]
        won = self.won[rows]
        score = np.where(won == bids, 20 + 10 * won, -10 * np.abs(won - bids))
        self.scores[rows] += score.astype(np.int32)
        over = self.number[rows] == self.total_rounds
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
            scores=by_seat(self.scores, rows, seats) / 100.0,
        )
        at = layout.at
        out[:, at["total_rounds"]] = self.total_rounds
        one_hot(out, at["turn_up"], self.turn_up[rows])
        bids = by_seat(self.bids, rows, seats)
        width = self.max_bid + 1
        made = np.flatnonzero(bids.reshape(-1) >= 0)
        row, seat = np.divmod(made, self.players)
        out[row, at["bids"] + seat * width + bids.reshape(-1)[made]] = 1.0
        return out

    def deal_action(self, state: GameState[object], deck: Ints) -> Deal:
        """The scalar deal of ``deck`` for ``state`` (WZ-5.3)."""
        n = self.players
        number = state.round.number + 1
        dealer = (self.config.first_dealer + number - 1) % n
        return Deal.from_deck(
            [CARDS[int(card)] for card in deck],
            players=n,
            first_seat=(dealer + 1) % n,
            hand_size=number,
        )

    def deck_of(self, row: int, deal: Deal) -> Ints:
        """The deck that :meth:`deal` turns into ``deal`` at ``row``."""
        n = self.players
        number = int(self.number[row]) + 1
        first = (self.config.first_dealer + number) % n
        numbers = _Numbering()
        order = [deal.hands[(first + k) % n][k // n] for k in range(number * n)]
        return np.array([numbers.take(card) for card in (*order, *deal.stock)], np.int64)


def _card_counts(out: npt.NDArray[np.float32], at: int, masks: npt.NDArray[np.uint64]) -> None:
    """Write each row's count of every distinct card of ``masks`` at column ``at``."""
    out[:, at : at + 52] = bit_columns(masks, 52)
    out[:, at + 52] = np.bitwise_count(masks & _WIZARDS)
    out[:, at + 53] = np.bitwise_count(masks & _JESTERS)


class _Numbering:
    """Gives each card its card number, the identical Wizards and Jesters in turn."""

    def __init__(self) -> None:
        self._next = {Card.parse("WZ"): 52, Card.parse("JE"): 56}

    def take(self, card: Card) -> int:
        if card in self._next:
            number = self._next[card]
            self._next[card] = number + 1
            return number
        return _SUITED.index(card)


RULES = TypedRules(WizardConfig, WizardBatch)
"""Wizard's batch rules, named by its declaration."""
"""Wizard's batch rules, the plug-in :func:`~tricktaking.batch.rules_for` finds."""
