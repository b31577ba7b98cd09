"""The tests' oracle: plain minimax over ``tt.apply``, sharing no code with the solver.

Each question is answered from the states' own fields, trying every legal action of
every seat until the deal's tricks are done: slow, and obviously right.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import tricktaking as tt
from tricktaking.testing import playout

PLAY_PHASES = {"play", "choose_direction"}  # One Card reverses between tricks


def in_play(state: Any) -> bool:
    return state.phase.value in PLAY_PHASES


def minimax(state: Any, maximiser: Callable[[int], bool], score: Callable[[Any], int]) -> int:
    """The value of ``state``: the maximiser's seats take the best action, the others the worst."""
    known: dict[Any, int] = {}

    def solve(position: Any) -> int:
        if position in known:
            return known[position]
        if not in_play(position):
            found = score(position)
        else:
            seat = tt.actor(position)
            values = [solve(tt.apply(position, a)) for a in tt.legal_actions(position)]
            found = max(values) if isinstance(seat, int) and maximiser(seat) else min(values)
        known[position] = found
        return found

    return solve(state)


def question(state: Any, seat: int) -> tuple[Callable[[int], bool], Callable[[Any], int]]:
    """Who plays with ``seat`` and what it scores at the end, for each game by its fields."""
    match type(state).__name__:
        case "BidWhistState":

            def tricks(end: Any) -> int:
                won: tuple[int, ...] = end.round.won
                return won[seat] + won[(seat + 2) % 4]

            return (lambda other: other % 2 == seat % 2), tricks
        case "OneCardState":
            return (lambda other: other == seat), (lambda end: end.points[seat])
        case _:
            bid = state.bids[seat]
            return (lambda other: other == seat), (lambda end: int(end.round.won[seat] == bid))


def value(state: Any, seat: int) -> int:
    """The question's value for ``seat``, the rest of the deal only."""
    maximiser, score = question(state, seat)
    exact = type(state).__name__ in ("WizardState", "OhHellState")
    return minimax(state, maximiser, score) - (0 if exact else score(state))


def card_values(state: Any) -> dict[object, int]:
    seat = tt.actor(state)
    assert isinstance(seat, int)
    maximiser, score = question(state, seat)
    exact = type(state).__name__ in ("WizardState", "OhHellState")
    base = 0 if exact else score(state)
    return {
        play: minimax(tt.apply(state, play), maximiser, score) - base
        for play in tt.legal_actions(state)
    }


def forcible(state: Any, seat: int) -> frozenset[int]:
    def exactly(total: int) -> Callable[[Any], int]:
        return lambda end: int(end.round.won[seat] == total)

    return frozenset(
        total
        for total in range(len(state.round.tricks) + len(state.round.hands[0]) + 2)
        if minimax(state, lambda other: other == seat, exactly(total))
    )


CONFIGS: dict[str, list[object]] = {
    "bid-whist": [tt.BidWhistConfig(), tt.BidWhistConfig(kitty="exchange")],
    "wizard": [tt.WizardConfig(players=3, rounds=3), tt.WizardConfig(players=4, rounds=3)],
    "oh-hell": [tt.OhHellConfig(players=3, hand_size=3), tt.OhHellConfig(players=4, hand_size=3)],
    "one-card": [tt.OneCardConfig(players=3), tt.OneCardConfig(players=4)],
}


def endgames(game: str, count: int, seed: int, most_cards: int = 2) -> Iterator[Any]:
    """``count`` random trick-play positions with at most ``most_cards`` cards in a hand."""
    choose = random.Random(seed)
    found = 0
    game_seed = seed
    while found < count:
        config = choose.choice(CONFIGS[game])
        game_seed += 1
        states = [
            s
            for s in playout(tt.new_game(config), game_seed)
            if in_play(s) and max(len(hand) for hand in s.round.hands) <= most_cards
        ]
        choose.shuffle(states)
        for state in states[:4]:
            yield state
            found += 1
