# ruff: noqa: PLR0917, SIM110, RUF005, B905
"""The compiled-kernel study's prototype: Wizard's hot path as plain classes and int cards.

Not part of the package (see ``kernel_study.py`` and the performance page). Cards are
0..59: suit * 13 + (rank - 2) for the 52 suited cards (suits 0..3), 52..55 Wizards,
56..59 Jesters. Actions are ints: a card index to play, BID + n to bid n, CHOOSE + suit
to choose trump. Every class has ``Final`` attributes and every function is typed, so
mypyc compiles the classes as native classes. The code is kept as it was measured:
tuple concatenation (faster than unpacking on Python 3.11) and positional constructors.
"""

from __future__ import annotations

import random
from typing import Final

WIZARD_LOW: Final = 52
JESTER_LOW: Final = 56
BID: Final = 100
CHOOSE: Final = 200

DEAL: Final = 0
CHOOSE_PHASE: Final = 1
BID_PHASE: Final = 2
PLAY: Final = 3
OVER: Final = 4

NO_SUIT: Final = -1
ANY_SUIT: Final = -2  # a Wizard led: no suit to follow


class Node:
    """A history node: the action and the node before it."""

    def __init__(self, previous: Node | None, action: int, length: int) -> None:
        self.previous: Final = previous
        self.action: Final = action
        self.length: Final = length


class State:
    def __init__(
        self,
        players: int,
        phase: int,
        round_number: int,
        dealer: int,
        actor: int,
        trump: int,
        hands: tuple[tuple[int, ...], ...],
        bids: tuple[int, ...],
        won: tuple[int, ...],
        trick: tuple[int, ...],
        leader: int,
        led: int,
        scores: tuple[int, ...],
        history: Node | None,
    ) -> None:
        self.players: Final = players
        self.phase: Final = phase
        self.round_number: Final = round_number
        self.dealer: Final = dealer
        self.actor: Final = actor
        self.trump: Final = trump
        self.hands: Final = hands
        self.bids: Final = bids
        self.won: Final = won
        self.trick: Final = trick
        self.leader: Final = leader
        self.led: Final = led
        self.scores: Final = scores
        self.history: Final = history


def new_game(players: int) -> State:
    zeros = (0,) * players
    return State(
        players, DEAL, 0, players - 1, -1, NO_SUIT, (), zeros, zeros, (), 0, NO_SUIT, zeros, None
    )


def suit_of(card: int) -> int:
    return card // 13 if card < WIZARD_LOW else NO_SUIT


def deal(state: State, rng: random.Random) -> State:
    """Shuffle and deal the next round (the chance step)."""
    players = state.players
    number = state.round_number + 1
    dealer = (state.dealer + 1) % players
    deck = list(range(60))
    rng.shuffle(deck)
    hands = tuple(
        tuple(sorted(deck[seat * number : (seat + 1) * number])) for seat in range(players)
    )
    rest = players * number
    first = (dealer + 1) % players
    phase = BID_PHASE
    actor = first
    trump = NO_SUIT
    if rest < 60:
        turn_up = deck[rest]
        if turn_up < WIZARD_LOW:
            trump = turn_up // 13
        elif turn_up < JESTER_LOW:
            phase = CHOOSE_PHASE
            actor = dealer
    zeros = (0,) * players
    history = Node(state.history, -1, 1 if state.history is None else state.history.length + 1)
    return State(
        players,
        phase,
        number,
        dealer,
        actor,
        trump,
        hands,
        (-1,) * players,
        zeros,
        (),
        first,
        NO_SUIT,
        state.scores,
        history,
    )


def legal_actions(state: State) -> list[int]:
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[state.actor]
        led = state.led
        if led >= 0:
            low = led * 13
            high = low + 13
            follow = [card for card in hand if low <= card < high]
            if follow:
                return follow + [card for card in hand if card >= WIZARD_LOW]
        return list(hand)
    if phase == BID_PHASE:
        return list(range(BID, BID + state.round_number + 1))
    if phase == CHOOSE_PHASE:
        return [CHOOSE, CHOOSE + 1, CHOOSE + 2, CHOOSE + 3]
    return []


def is_legal(state: State, action: int) -> bool:
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[state.actor]
        if action not in hand:
            return False
        led = state.led
        if led < 0 or action >= WIZARD_LOW or action // 13 == led:
            return True
        low = led * 13
        high = low + 13
        for card in hand:
            if low <= card < high:
                return False
        return True
    if phase == BID_PHASE:
        return BID <= action <= BID + state.round_number
    if phase == CHOOSE_PHASE:
        return CHOOSE <= action < CHOOSE + 4
    return False


def winner_offset(trick: tuple[int, ...], trump: int) -> int:
    """The position in the trick of the winning card."""
    best = -1
    best_key = -1
    led = NO_SUIT
    for position, card in enumerate(trick):
        if card < WIZARD_LOW:
            if led == NO_SUIT:
                led = card // 13
            suit = card // 13
            if suit == trump:
                key = 200 + card % 13
            elif suit == led:
                key = 100 + card % 13
            else:
                key = 0
        elif card < JESTER_LOW:
            return position
        else:
            key = -1 if position else 0  # an all-Jester trick goes to its first card
        if key > best_key:
            best_key = key
            best = position
    return best


def apply(state: State, action: int) -> State:
    if not is_legal(state, action):
        raise ValueError(f"illegal action {action}")
    players = state.players
    seat = state.actor
    history = Node(state.history, action, 1 if state.history is None else state.history.length + 1)
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[seat]
        index = hand.index(action)
        hands = state.hands[:seat] + (hand[:index] + hand[index + 1 :],) + state.hands[seat + 1 :]
        trick = state.trick + (action,)
        led = state.led
        if led == NO_SUIT:
            if action < WIZARD_LOW:
                led = action // 13
            elif action < JESTER_LOW:
                led = ANY_SUIT
        if len(trick) < players:
            return State(
                players,
                PLAY,
                state.round_number,
                state.dealer,
                (seat + 1) % players,
                state.trump,
                hands,
                state.bids,
                state.won,
                trick,
                state.leader,
                led,
                state.scores,
                history,
            )
        taker = (state.leader + winner_offset(trick, state.trump)) % players
        won = state.won[:taker] + (state.won[taker] + 1,) + state.won[taker + 1 :]
        if hands[0]:
            return State(
                players,
                PLAY,
                state.round_number,
                state.dealer,
                taker,
                state.trump,
                hands,
                state.bids,
                won,
                (),
                taker,
                NO_SUIT,
                state.scores,
                history,
            )
        scores = tuple(
            score + (20 + 10 * took if took == bid else -10 * abs(took - bid))
            for score, took, bid in zip(state.scores, won, state.bids)
        )
        over = state.round_number * players == 60
        return State(
            players,
            OVER if over else DEAL,
            state.round_number,
            state.dealer,
            -1,
            state.trump,
            hands,
            state.bids,
            won,
            (),
            taker,
            NO_SUIT,
            scores,
            history,
        )
    if phase == BID_PHASE:
        bids = state.bids[:seat] + (action - BID,) + state.bids[seat + 1 :]
        following = (seat + 1) % players
        first = (state.dealer + 1) % players
        return State(
            players,
            PLAY if following == first else BID_PHASE,
            state.round_number,
            state.dealer,
            following,
            state.trump,
            state.hands,
            bids,
            state.won,
            (),
            state.leader,
            NO_SUIT,
            state.scores,
            history,
        )
    return State(
        players,
        BID_PHASE,
        state.round_number,
        state.dealer,
        (state.dealer + 1) % players,
        action - CHOOSE,
        state.hands,
        state.bids,
        state.won,
        (),
        state.leader,
        NO_SUIT,
        state.scores,
        history,
    )


def is_over(state: State) -> bool:
    return state.phase == OVER


def whole_game(players: int, rng: random.Random) -> int:
    """One random game; the player actions made."""
    state = new_game(players)
    actions = 0
    while True:
        legal = legal_actions(state)
        if legal:
            state = apply(state, legal[rng.randrange(len(legal))])
            actions += 1
        elif state.phase == OVER:
            return actions
        else:
            state = deal(state, rng)


def dealt_states(players: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = new_game(players)
    dealt = []
    while state.phase != OVER:
        legal = legal_actions(state)
        if legal:
            state = apply(state, legal[rng.randrange(len(legal))])
        else:
            state = deal(state, rng)
            dealt.append(state)
    return dealt


def decisions(dealt: list[State], rng: random.Random) -> int:
    actions = 0
    for start in dealt:
        state = start
        legal = legal_actions(state)
        while legal:
            state = apply(state, legal[rng.randrange(len(legal))])
            actions += 1
            legal = legal_actions(state)
    return actions
