"""Oh Hell's compiled kernel against the engine and the scalar heuristic bot, in every variant."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

import tricktaking as tt
from tricktaking.batch import Simulator, differences

VARIANTS = [
    tt.OhHellConfig(),
    tt.OhHellConfig(players=4, hand_size=3, first_dealer=1),
    tt.OhHellConfig(players=5, num_suits=2, cards_per_suit=7),
    tt.OhHellConfig(players=3, num_suits=1, cards_per_suit=5, first_dealer=2),
    tt.OhHellConfig(
        players=3,
        schedule="up_down",
        max_hand_size=4,
        bid_rule="free",
        off_bid_penalty=True,
        points_per_trick=2,
        exact_bonus=5,
    ),
    tt.OhHellConfig(players=7, schedule="down_up", num_suits=3, cards_per_suit=9),
    tt.OhHellConfig(players=6, schedule="up", first_dealer=5, max_hand_size=3),
    tt.OhHellConfig(players=4, schedule="down", max_hand_size=5, exact_bonus=0),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_random_games_match_the_engine(config: tt.OhHellConfig) -> None:
    assert differences(config, size=60, seed=11) == ()


def test_the_drawn_hand_size_and_dealer_are_uniform() -> None:
    config = tt.OhHellConfig(players=4)
    sim = Simulator(config, size=12_000, seed=3)
    # the first bidder, left of the dealer, may bid 0 to the hand size
    hand_sizes = sim.legal_mask()[:, 52:].sum(axis=1) - 1
    counts = np.bincount(hand_sizes, minlength=config.h_max + 1)
    assert counts[0] == 0 and len(counts) == config.h_max + 1
    assert counts[1:].min() > 0.8 * sim.size / config.h_max
    dealers = np.bincount((sim.actor - 1) % 4, minlength=4)
    assert dealers.min() > 0.9 * sim.size / 4


def test_a_game_replays_and_converts_back() -> None:
    config = tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=8)
    sim = Simulator(config, size=20, seed=6)
    for _ in range(4):
        sim.step(sim.random_actions())
    states = [sim.state_of(row) for row in range(sim.size)]
    again = Simulator.from_states(states, seed=1)
    assert [again.state_of(row) for row in range(sim.size)] == states
    assert np.array_equal(again.legal_mask(), sim.legal_mask())


@pytest.mark.parametrize(
    "config",
    [
        tt.OhHellConfig(players=4, hand_size=6, first_dealer=0),
        tt.OhHellConfig(
            players=5, num_suits=3, cards_per_suit=8, schedule="up_down", bid_rule="free"
        ),
        tt.OhHellConfig(players=3, schedule="down", max_hand_size=9),
    ],
    ids=repr,
)
def test_the_heuristic_actions_are_the_scalar_bots(
    config: tt.OhHellConfig, heuristic_check: Callable[..., Counter[str]]
) -> None:
    decisions = heuristic_check(config)
    assert sum(decisions.values()) >= 300, decisions
