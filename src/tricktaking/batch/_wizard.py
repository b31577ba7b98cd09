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
from tricktaking.batch._bits import ONE, bit_columns, dealt_masks, lowest_bit, mask_of
from tricktaking.batch._protocol import Bools, Ints
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.games.wizard import WizardConfig

__all__ = ["RULES", "WizardBatch", "WizardBatchRules"]

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
_RANK = np.array([c % 13 for c in range(52)] + [0, 0], dtype=np.int16)
_SUIT = np.array([c // 13 for c in range(52)] + [FREE, NOT_YET], dtype=np.int8)
# the strength of card action a, with a the suit to follow and trump added at play time
_BASE = np.array([c % 13 for c in range(52)] + [1000, -1], dtype=np.int16)


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

    def __init__(self, config: WizardConfig, size: int) -> None:
        n = config.players
        self.config = config
        self.players = n
        self.max_bid = 60 // n
        self.action_size = 54 + self.max_bid + 1 + 4
        self.total_rounds = config.total_rounds
        self._bid0 = 54
        self._trump0 = 54 + self.max_bid + 1
        self.phase = np.zeros(size, np.int8)
        self.actor = np.zeros(size, np.int8)
        self.number = np.zeros(size, np.int8)
        self.dealer = np.zeros(size, np.int8)
        self.trump = np.full(size, -1, np.int8)
        self.turn_up = np.full(size, -1, np.int8)
        self.hands = np.zeros((size, n), np.uint64)
        self.bids = np.full((size, n), -1, np.int8)
        self.won = np.zeros((size, n), np.int8)
        self.leader = np.zeros(size, np.int8)
        self.played = np.zeros(size, np.int8)
        self.trick = np.zeros((size, n), np.int8)
        self.led = np.full(size, NOT_YET, np.int8)
        self.best = np.zeros(size, np.int8)
        self.strength = np.zeros(size, np.int16)
        self.tricks = np.zeros(size, np.int8)
        self.scores = np.zeros((size, n), np.int32)
        self.done = np.zeros(size, np.bool_)

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
        turn_up = np.where(
            has_turn_up, decks[np.arange(len(rows)), np.minimum(dealt_all, 59)], -1
        )
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

    def legal_mask(self, rows: Ints) -> Bools:
        """The legal actions of each row's actor, as ``rl`` action indexes."""
        phase = self.phase[rows]
        out = np.zeros((len(rows), self.action_size), np.bool_)
        playing = phase == PLAY
        if playing.all():
            self._play_mask(rows, out)
            return out
        where = np.flatnonzero(playing)
        if len(where):
            part = np.zeros((len(where), self.action_size), np.bool_)
            self._play_mask(rows[where], part)
            out[where] = part
        where = np.flatnonzero(phase == BID)
        if len(where):
            self._bid_mask(rows[where], where, out)
        where = np.flatnonzero(phase == CHOOSE_TRUMP)
        out[where, self._trump0 : self._trump0 + 4] = True
        return out

    def _play_mask(self, rows: Ints, out: Bools) -> None:
        hand = self.hands[rows, self.actor[rows]]
        led = self.led[rows]
        suit = _SUIT_MASKS[np.maximum(led, 0)]
        follows = (led >= 0) & ((hand & suit) != 0)
        allowed = np.where(follows, hand & (suit | _SPECIALS), hand)
        out[:, :52] = bit_columns(allowed, 52)
        out[:, 52] = (allowed & _WIZARDS) != 0
        out[:, 53] = (allowed & _JESTERS) != 0

    def _bid_mask(self, rows: Ints, where: Ints, out: Bools) -> None:
        number = self.number[rows]
        levels = np.arange(self.max_bid + 1)
        allowed = levels[None, :] <= number[:, None]
        if self.config.bid_rule == "hook":
            # WZ-7.5: the dealer may not make the bids total the round's tricks
            others = np.maximum(self.bids[rows], 0).sum(axis=1)
            hooked = (self.actor[rows] == self.dealer[rows]) & (others <= number)
            forbidden = np.where(hooked, number - others, -1)
            allowed &= levels[None, :] != forbidden[:, None]
        out[where, self._bid0 : self._bid0 + self.max_bid + 1] = allowed

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
        self.bids[rows, actor] = actions - self._bid0
        last = actor == self.dealer[rows]
        self.actor[rows] = np.where(last, self.leader[rows], (actor + 1) % self.players)
        self.phase[rows[last]] = PLAY

    def _play(self, rows: Ints, actions: Ints) -> None:
        n = self.players
        seat = self.actor[rows]
        hand = self.hands[rows, seat]
        suited = actions < 52
        special = hand & np.where(actions == 52, _WIZARDS, _JESTERS)
        card = np.where(suited, ONE << np.minimum(actions, 51).astype(np.uint64), lowest_bit(special))
        self.hands[rows, seat] = hand ^ card
        played = self.played[rows]
        self.trick[rows, played] = actions
        led = self.led[rows]
        led = np.where(led == NOT_YET, _SUIT[actions], led)
        self.led[rows] = led
        suit = _SUIT[actions]
        strength = _BASE[actions]
        strength = np.where(
            suited & (suit == self.trump[rows]),
            strength + 100,
            np.where(suited & (suit != led), -1, strength),
        )
        better = strength > self.strength[rows]
        self.best[rows] = np.where(better, seat, self.best[rows])
        self.strength[rows] = np.where(better, strength, self.strength[rows])
        played += 1
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
        self.led[rows] = NOT_YET
        self.strength[rows] = -2
        tricks = self.tricks[rows] + 1
        self.tricks[rows] = tricks
        ended = tricks == self.number[rows]
        if ended.any():
            self._score(rows[ended])

    def _score(self, rows: Ints) -> None:
        bids = self.bids[rows].astype(np.int32)
        won = self.won[rows].astype(np.int32)
        self.scores[rows] += np.where(won == bids, 20 + 10 * won, -10 * np.abs(won - bids))
        over = self.number[rows] == self.total_rounds
        self.phase[rows] = np.where(over, OVER, DEAL)
        self.done[rows[over]] = True

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


class WizardBatchRules:
    """Wizard's batch rules: builds a :class:`WizardBatch` for any Wizard config.

    Example:
        >>> from tricktaking.batch._wizard import RULES
        >>> import tricktaking as tt
        >>> RULES.create(tt.WizardConfig(players=4), size=8).action_size
        74
    """

    game = "wizard"

    def create(self, config: object, size: int) -> WizardBatch:
        """``size`` new Wizard games of ``config``, each waiting for its first deal.

        Raises:
            TypeError: If ``config`` is not a :class:`~tricktaking.WizardConfig`.
        """
        if not isinstance(config, WizardConfig):
            raise TypeError(f"Wizard's batch rules need a WizardConfig, not {type(config).__name__}")
        return WizardBatch(config, size)


RULES = WizardBatchRules()
"""Wizard's batch rules, the plug-in :func:`~tricktaking.batch.rules_for` finds."""
