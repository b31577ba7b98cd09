"""Stepping random games in a batch and through ``tt.apply`` side by side."""

from __future__ import annotations

import numpy as np

import tricktaking as tt
from tricktaking.actions import CHANCE
from tricktaking.batch import Simulator
from tricktaking.rl import action_space


def differences(config: object, size: int, seed: int) -> list[str]:
    """Every difference between the batch and the engine over ``size`` random games."""
    sim = Simulator(config, size=size, seed=seed)
    # half the time the first legal action, so that rare branches (everybody passing,
    # low bids) are reached as often as the uniform policy's common ones
    coin = np.random.default_rng(seed)
    masks: list[np.ndarray] = []
    actors: list[np.ndarray] = []
    while not sim.done.all():
        masks.append(sim.legal_mask().copy())
        actors.append(sim.actor.copy())
        first = masks[-1].argmax(axis=1)
        sim.step(np.where(coin.random(size) < 0.5, first, sim.random_actions()))
    game = tt.game_of(tt.new_game(config)).name
    space = action_space(game, sim.players)
    found: list[str] = []
    for row in range(size):
        step = 0
        state = None
        for state in sim.replay(row):
            actor = tt.actor(state)
            if actor is CHANCE or actor is None:
                continue
            expected = space.mask(tt.legal_actions(state))
            if not np.array_equal(masks[step][row], expected) or actors[step][row] != actor:
                found.append(f"row {row} step {step}: legal sets or actors differ")
                break
            step += 1
        assert state is not None
        if not tt.is_over(state) or step != len(masks) and not sim.done[row]:
            found.append(f"row {row}: the replayed game is not over")
        if tuple(int(x) for x in sim.scores[row]) != tt.scores(state):
            found.append(f"row {row}: scores {sim.scores[row]} != {tt.scores(state)}")
        if any(mask[row].any() for mask in masks[step:]):
            found.append(f"row {row}: legal actions after the game ended")
    return found
