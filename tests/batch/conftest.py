"""What the kernel tests share: the check that every heuristic decision is the scalar bot's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

import tricktaking as tt
from tricktaking import rl
from tricktaking.batch import Simulator
from tricktaking.engine import GameState


def compare_heuristic(
    config: object,
    *,
    size: int = 24,
    seed: int = 3,
    tag: Callable[[GameState[object], int], list[str]] = lambda state, seat: [],
) -> Counter[str]:
    """Play ``size`` games with a mix of heuristic and random actions, checking every decision.

    At every step, each acting row's kernel heuristic action must be the action the
    game's scalar heuristic bot takes on the view of the seat to act, and its
    observation ``rl.encode`` of that view. Returns the decisions checked, by phase and
    by the tags ``tag`` gives each (state, seat).
    """
    sim = Simulator(config, size=size, seed=seed)
    coin = np.random.default_rng(seed)
    share = np.linspace(0.3, 1.0, sim.size)
    make_bot = sim.game.heuristic_bot
    assert make_bot is not None
    bot = make_bot(0)
    states = [sim.state_of(row) for row in range(sim.size)]
    decisions: Counter[str] = Counter()
    while not sim.done.all():
        heuristic = sim.heuristic_actions()
        observed = sim.observe()
        acting = np.flatnonzero(~sim.done).tolist()
        for row in acting:
            state = states[row]
            seat = tt.actor(state)
            assert isinstance(seat, int)
            view = tt.view(state, seat)
            assert heuristic[row] == rl.action_index(view, bot.act(view)), (row, str(state))
            assert np.array_equal(observed[row], rl.encode(view)), (row, str(state))
            decisions[str(getattr(state, "phase", "?"))] += 1
            decisions.update(tag(state, seat))
        actions = np.where(coin.random(sim.size) < share, heuristic, sim.random_actions())
        sim.step(actions)
        for row in acting:  # the engine's state after the same action, and the kernel's deal
            state = tt.apply(states[row], rl.action_from_index(states[row], int(actions[row])))
            states[row] = sim.state_of(row) if tt.actor(state) is tt.CHANCE else state
    assert states == [sim.state_of(row) for row in range(sim.size)]
    return decisions


@pytest.fixture
def heuristic_check() -> Callable[..., Counter[str]]:
    """:func:`compare_heuristic`, for the kernel tests of every game."""
    return compare_heuristic
