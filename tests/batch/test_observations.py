"""Batched observations equal ``rl.encode`` of each row's view."""

from __future__ import annotations

import numpy as np
import pytest

import tricktaking as tt
from tricktaking import rl
from tricktaking.batch import Simulator

CONFIGS = [
    tt.WizardConfig(players=3, rounds=4),
    tt.WizardConfig(players=4, rounds=6),
    tt.WizardConfig(players=6, bid_rule="hook", first_dealer=2, rounds=4),
    tt.OneCardConfig(players=2, target=10),
    tt.OneCardConfig(players=4, first_dealer=3, target=8),
    tt.BidWhistConfig(target=2),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer", target=2, first_dealer=1),
    tt.OhHellConfig(players=4),
    tt.OhHellConfig(players=3, num_suits=2, cards_per_suit=6, schedule="up_down"),
]


def assert_observations_match(sim: Simulator, rows: range) -> None:
    for seat in range(sim.players):
        batch = sim.observe(seat)
        for row in rows:
            expected = rl.encode(tt.view(sim.state_of(row), seat))
            assert np.array_equal(batch[row], expected), (row, seat)
    acting = sim.observe()
    for row in rows:
        state = sim.state_of(row)
        actor = tt.actor(state)
        if isinstance(actor, int):
            assert np.array_equal(acting[row], rl.encode(tt.view(state, actor)))


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_observations_equal_the_encoded_views(config: object) -> None:
    sim = Simulator(config, size=6, seed=4)
    coin = np.random.default_rng(4)
    step = 0
    while not sim.done.all():
        if step % 5 == 0:
            assert_observations_match(sim, range(3))
        first = sim.legal_mask().argmax(axis=1)  # often pass: no-bid hands, low contracts
        sim.step(np.where(coin.random(sim.size) < 0.5, first, sim.random_actions()))
        step += 1
    assert_observations_match(sim, range(3))


def test_bad_seats_are_refused() -> None:
    sim = Simulator(tt.WizardConfig(players=3), size=2)
    for seats in (3, -1, [0, 5], 1.5):
        with pytest.raises(ValueError, match="seats"):
            sim.observe(seats)
