"""Positions of seeded random games for the agents tests: a state, its actor and its view."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import tricktaking as tt
from tricktaking.engine import GameState, PlayerView
from tricktaking.testing import playout

CONFIGS: tuple[object, ...] = (
    tt.WizardConfig(players=4, rounds=6),
    tt.WizardConfig(players=3, rounds=4, bid_rule="hook"),
    tt.OhHellConfig(players=4),
    tt.OneCardConfig(players=3),
    tt.OneCardConfig(players=2, target=10),
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange"),
)
"""A variant or two of every game."""


def positions(config: object, seed: int) -> Iterator[tuple[GameState[object], PlayerView]]:
    """Every state of a random game where a seat is to act, with that seat's view."""
    for state in playout(tt.new_game(config), seed=seed):
        seat = tt.actor(state)
        if isinstance(seat, int):
            yield state, tt.view(state, seat)


def first(
    config: object, accept: Callable[[GameState[object], PlayerView], bool], seeds: int = 20
) -> tuple[GameState[object], PlayerView]:
    """The first position of the first games of ``config`` that ``accept`` takes."""
    for seed in range(seeds):
        for state, seen in positions(config, seed):
            if accept(state, seen):
                return state, seen
    raise LookupError("no such position")
