"""Worlds drawn in the kernel: the exact fair-shuffle posterior, by brute force and chi-square."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import cast

import attrs
import numpy as np
import pytest

import tricktaking as tt
from tricktaking import rl
from tricktaking.batch import Simulator
from tricktaking.cards import Card
from tricktaking.errors import ArgumentError
from tricktaking.worlds import InconsistentViewError

TESTS = Path(__file__).resolve().parents[1]


def _scalar_world_tests() -> ModuleType:
    """The scalar sampler's tests: their positions, brute force and chi-square test."""
    spec = importlib.util.spec_from_file_location("scalar_world_tests", TESTS / "test_worlds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCALAR = _scalar_world_tests()


@pytest.mark.parametrize("name", sorted(SCALAR.CASES))
def test_worlds_drawn_in_the_kernel_are_the_fair_shuffle_posterior(name: str) -> None:
    for seen, config in SCALAR.pick(name):
        exact: Counter[tuple[tuple[Card, ...], ...]] = SCALAR.brute_force(seen, config)
        draws = 10_000
        sim = Simulator.from_view(seen, size=draws, seed=5)
        zones = tuple(sim.hidden_of(0))
        observed = Counter(
            tuple(sim.hidden_of(row)[zone] for zone in zones) for row in range(draws)
        )
        assert set(observed) <= set(exact)
        total = sum(exact.values())
        statistic, cells, pooled_expected, pooled_observed = 0.0, 0, 0.0, 0
        for key, weight in exact.items():
            expected = draws * weight / total
            if expected < 5:
                pooled_expected += expected
                pooled_observed += observed[key]
                continue
            statistic += (observed[key] - expected) ** 2 / expected
            cells += 1
        if pooled_expected > 0:
            statistic += (pooled_observed - pooled_expected) ** 2 / pooled_expected
            cells += 1
        if cells > 1:
            assert SCALAR.chi_square_p(statistic, cells - 1) > 0.001, (name, statistic, cells)
        for row in range(0, draws, 997):  # every world is a state giving the view back
            world = sim.state_of(row)
            assert tt.view(world, seen.seat) == seen


MIDDLE = [
    (tt.WizardConfig(players=4, rounds=5), 11),
    (tt.WizardConfig(players=6, bid_rule="hook"), 4),
    (tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=8), 9),
    (tt.OhHellConfig(players=3, schedule="down"), 21),
]


def a_position(config: object, actions: int, seed: int = 3) -> tt.PlayerView:
    """The view of the seat to act after ``actions`` first-legal moves from a seeded deal."""
    state = tt.new_game(config)
    for _ in range(actions):
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=seed + len(state.history)))
        else:
            state = tt.apply(state, tt.legal_actions(state)[-1])
    while tt.actor(state) is tt.CHANCE:
        state = tt.apply(state, tt.deal(state, seed=seed))
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return tt.view(state, seat)


@pytest.mark.parametrize(("config", "actions"), MIDDLE, ids=repr)
def test_rows_of_worlds_hold_the_view_and_play_on_exactly(config: object, actions: int) -> None:
    seen = a_position(config, actions)
    sim = Simulator.from_view(seen, size=60, seed=1, copies=3)
    for row in range(60):
        world = sim.state_of(row)
        assert tt.view(world, seen.seat) == seen
        assert np.array_equal(sim.legal_mask()[row], rl.action_mask(seen))
        assert np.array_equal(sim.observe(seen.seat)[row], rl.encode(seen))
    for first in range(0, 60, 3):  # a world's copies are one world
        assert sim.hidden_of(first) == sim.hidden_of(first + 1) == sim.hidden_of(first + 2)
    assert len({repr(sim.hidden_of(first)) for first in range(0, 60, 3)}) > 10
    sim.play(10_000, "heuristic")
    for row in range(0, 60, 7):  # the replay from the world checks every kernel action
        final = sim.state_of(row)
        assert tt.is_over(final) and tt.scores(final) == tuple(sim.scores[row])


def test_the_same_seed_draws_the_same_worlds() -> None:
    seen = a_position(tt.WizardConfig(players=4, rounds=4), 10)
    one = Simulator.from_view(seen, size=30, seed=4)
    two = Simulator.from_view(seen, size=30, seed=4)
    other = Simulator.from_view(seen, size=30, seed=5)
    assert [one.hidden_of(r) for r in range(30)] == [two.hidden_of(r) for r in range(30)]
    assert [one.hidden_of(r) for r in range(30)] != [other.hidden_of(r) for r in range(30)]


def test_bad_arguments_and_forged_views_are_refused() -> None:
    seen = a_position(tt.OhHellConfig(players=4, hand_size=4, first_dealer=0), 3)
    with pytest.raises(ArgumentError, match="copies"):
        Simulator.from_view(seen, size=10, copies=3)
    with pytest.raises(ArgumentError, match="size"):
        Simulator.from_view(seen, size=0)
    with pytest.raises(InconsistentViewError):
        Simulator.from_view(attrs.evolve(cast("tt.OhHellView", seen), trump=None), size=4)
    sim = Simulator.from_view(seen, size=4)
    sim.reset()
    with pytest.raises(ArgumentError, match="no world"):
        sim.hidden_of(0)
