"""Every kernel path on small batches: run once compiled, and once as plain Python.

CI runs this module a second time with ``NUMBA_DISABLE_JIT=1``: the same kernels then
run as Python, so their lines count in the coverage, which cannot see compiled code.
Each test is small enough for that (the thorough checks are in the kernels' own tests).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

import tricktaking as tt
from tricktaking import rl
from tricktaking.batch import Simulator, differences
from tricktaking.batch.bots import BatchIsmctsBot, BatchPimcBot
from tricktaking.batch.envs import BatchVectorEnv

CONFIGS = [
    tt.WizardConfig(players=3, rounds=3, bid_rule="hook"),
    tt.WizardConfig(players=4, rounds=15, first_dealer=3),
    tt.OhHellConfig(players=4, schedule="up_down", max_hand_size=3, off_bid_penalty=True),
    tt.OhHellConfig(players=3, num_suits=2, cards_per_suit=5),
    tt.OneCardConfig(players=3, target=8),
    tt.OneCardConfig(players=2, target=3, first_dealer=1),
    tt.BidWhistConfig(target=2),
    tt.BidWhistConfig(kitty="exchange", nt_double=True, first_lead="declarer", target=2),
]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_rules_match_the_engine(config: object) -> None:
    assert differences(config, size=6, seed=2) == ()


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_policies_and_the_observations_match_the_scalar_side(
    config: object, heuristic_check: Callable[..., Counter[str]]
) -> None:
    assert sum(heuristic_check(config, size=3, seed=4).values()) > 0


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_states_and_worlds_load_into_rows(config: object) -> None:
    sim = Simulator(config, size=4, seed=5)
    sim.play(7, "heuristic")
    states = [sim.state_of(row) for row in range(4)]
    again = Simulator.from_states(states, seed=1)
    assert [again.state_of(row) for row in range(4)] == states
    seat = tt.actor(states[0])
    if isinstance(seat, int):
        seen = tt.view(states[0], seat)
        worlds = Simulator.from_view(seen, size=4, seed=2, copies=2)
        assert all(tt.view(worlds.state_of(row), seat) == seen for row in range(4))
        assert worlds.hidden_of(0) == worlds.hidden_of(1)
        worlds.play(1000, to_end_of_deal=True)
    auto = Simulator(config, size=2, seed=3, auto_reset=True)
    auto.play(300)
    assert not auto.done.any()


@pytest.mark.parametrize("config", CONFIGS[::2], ids=repr)
def test_the_vector_environment_plays_every_kind_of_opponent(config: object) -> None:
    def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        chosen: np.ndarray = masks.argmax(axis=1)
        return chosen

    env = BatchVectorEnv(
        config,
        num_envs=3,
        opponents=["random", "heuristic", "policy"],
        opponent_policy=first_legal,
        illegal_action="terminate",
    )
    obs, infos = env.reset(seed=[1, 2, 3])
    for _ in range(12):
        actions = infos["action_mask"].argmax(axis=1)
        actions[2] = env.action_masks().shape[1] - 1 if _ % 5 == 4 else actions[2]
        obs, _, _, _, infos = env.step(actions)
    assert obs.shape == (3, rl.layout_for(env.simulator.game.name, env.simulator.players).size)


@pytest.mark.parametrize("config", CONFIGS[::3], ids=repr)
def test_the_batched_search_bots_decide(config: object) -> None:
    sim = Simulator(config, size=1, seed=6)
    state = sim.state_of(0)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    seen = tt.view(state, seat)
    assert BatchPimcBot(seed=1, worlds=2).act(seen) in seen.legal_actions
    assert BatchIsmctsBot(seed=1, iterations=8, batch=4).act(seen) in seen.legal_actions
