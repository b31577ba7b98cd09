"""The environments follow Gymnasium's and PettingZoo's conventions where upstream tools meet
them: render modes, seeds, the end of an AEC game, registered ids with default
configurations, and the turn-based route to a parallel environment."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

import tricktaking as tt
from tricktaking.rl import ActionIndexError, TricktakingAECEnv, TricktakingEnv, supported_games
from tricktaking.rl.envs import GYMNASIUM_ID, gymnasium_id, register_gymnasium_envs

SRC = Path(__file__).resolve().parents[1] / "src"
CONFIG = tt.OneCardConfig(players=3)


def play_out(env: TricktakingAECEnv) -> None:
    """Play the game to its end with the first legal action; every agent steps out."""
    for _ in env.agent_iter():
        obs, _, done, _, _ = env.last()
        assert obs is not None
        env.step(None if done else int(np.flatnonzero(obs["action_mask"])[0]))


# ---------------------------------------------------------------------------------------
# Render modes


def test_human_rendering_prints_the_text_view(capsys: pytest.CaptureFixture[str]) -> None:
    single = TricktakingEnv(CONFIG, render_mode="human")
    single.reset(seed=2)
    assert "seat 0 hand:" in capsys.readouterr().out  # rendered by reset, as Gymnasium's are
    assert single.render() is None
    assert "seat 0 hand:" in capsys.readouterr().out
    aec = TricktakingAECEnv(CONFIG, render_mode="human")
    aec.reset(seed=2)
    aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out.count("hand:") == 2


@pytest.mark.parametrize("mode", ["rgb_array", "rgb_array_list", "depth_array"])
def test_a_render_mode_no_table_draws_warns_and_renders_nothing(mode: str) -> None:
    for make in (TricktakingEnv, TricktakingAECEnv):
        with pytest.warns(UserWarning, match=f"render_mode '{mode}'") as record:
            env = make(CONFIG, render_mode=mode)
        assert record[0].filename == __file__  # the warning points at the caller
        assert env.render_mode is None
        env.reset(seed=1)
        assert env.render() is None


def test_gymnasium_make_with_rgb_array_builds_a_working_env() -> None:
    # what Stable-Baselines3's make_vec_env does with an id
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env = gymnasium.make(GYMNASIUM_ID, config=CONFIG, render_mode="rgb_array")
    assert any("rgb_array" in str(warning.message) for warning in caught)
    obs, _ = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape
    assert env.render_mode is None


# ---------------------------------------------------------------------------------------
# Seeds


def test_the_gymnasium_seed_determines_the_game_and_the_aec_seed_may_be_negative() -> None:
    one, two = TricktakingEnv(CONFIG), TricktakingEnv(CONFIG)
    assert np.array_equal(one.reset(seed=0)[0], two.reset(seed=0)[0])
    assert one.np_random_seed == 0
    aec = TricktakingAECEnv(CONFIG)
    aec.reset(seed=-5)  # a deal's seed is any int; only Gymnasium's RNG needs 0 or more
    assert aec.state_of_game.history[0] == tt.deal(
        tt.new_game(CONFIG), tt.seeding.derive_seed(-5, "deal", 0)
    )


# ---------------------------------------------------------------------------------------
# The end of an AEC game


def test_after_the_game_last_reports_the_end_and_step_warns() -> None:
    env = TricktakingAECEnv(CONFIG)
    env.reset(seed=3)
    play_out(env)
    assert env.agents == [] and tt.is_over(env.state_of_game)
    obs, reward, terminated, truncated, info = env.last()
    assert obs is not None
    assert np.array_equal(obs["observation"], env.observe(env.agent_selection)["observation"])
    assert (reward, terminated, truncated, info) == (0.0, True, False, {})
    assert env.last(observe=False)[0] is None
    final = env.state_of_game
    for action in (None, 0):
        with pytest.warns(UserWarning, match="reset"):
            env.step(action)
    assert env.state_of_game is final and env.agents == []
    env.reset(seed=3)
    assert env.agents == env.possible_agents


def test_a_terminated_agent_may_only_step_none() -> None:
    env = TricktakingAECEnv(tt.WizardConfig(players=3, rounds=1))
    env.reset(seed=1)
    while not tt.is_over(env.state_of_game):
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    agents = list(env.agents)
    with pytest.raises(ActionIndexError, match="only action is None"):
        env.step(0)
    assert env.agents == agents
    env.step(None)
    assert len(env.agents) == len(agents) - 1


# ---------------------------------------------------------------------------------------
# Registered ids


@pytest.mark.parametrize("game", supported_games())
def test_every_game_has_an_id_that_makes_its_default_configuration(game: str) -> None:
    declaration = tt.get_game(game)
    env = gymnasium.make(gymnasium_id(game), illegal_action="terminate")
    config = env.spec.kwargs["config"] if env.spec is not None else None
    assert type(config) is declaration.config_type
    players = len(tt.scores(tt.new_game(config)))
    assert players == (declaration.default_players or declaration.seat_range.start)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(warning.message) for warning in caught] == []


def test_registering_again_changes_nothing() -> None:
    before = dict(gymnasium.registry)
    ids = register_gymnasium_envs()
    assert ids == (GYMNASIUM_ID, *(gymnasium_id(game) for game in supported_games()))
    assert dict(gymnasium.registry) == before


def test_the_reference_page_lists_every_id() -> None:
    text = (SRC.parent / "docs" / "reference" / "rl.md").read_text(encoding="utf-8")
    for env_id in register_gymnasium_envs():
        assert f"`{env_id}`" in text


def test_a_fresh_process_makes_an_id_that_names_the_module() -> None:
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('tricktaking.rl:tricktaking/OneCard-v1')\n"
        "obs, info = env.reset(seed=1)\n"
        "print(env.spec.id, obs.shape == env.observation_space.shape)\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    ).stdout
    assert out.split() == ["tricktaking/OneCard-v1", "True"]


# ---------------------------------------------------------------------------------------
# Multi-agent trainers: the turn-based parallel route


def test_the_turn_based_parallel_conversion_passes_the_parallel_api_test() -> None:
    env = turn_based_aec_to_parallel(TricktakingAECEnv(tt.WizardConfig(players=3, rounds=2)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=200)
    assert [str(warning.message) for warning in caught] == []


def test_a_parallel_game_is_played_by_the_agent_whose_mask_is_set() -> None:
    env = turn_based_aec_to_parallel(TricktakingAECEnv(CONFIG))
    observations, _ = env.reset(seed=4)
    while env.agents:
        actions = {
            agent: int(np.flatnonzero(obs["action_mask"])[0])
            for agent, obs in observations.items()
            if obs["action_mask"].any()
        }
        assert len(actions) == 1  # one seat acts at a time
        observations, _, _, _, _ = env.step(actions)
    assert tt.is_over(env.unwrapped.state_of_game)


def test_the_cycle_parallel_conversion_is_refused() -> None:
    # the trick's winner leads the next one: seats do not act in a fixed cycle
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(TricktakingAECEnv(CONFIG))


def test_the_terminate_illegal_route_passes_the_parallel_seed_test() -> None:
    from pettingzoo.test import parallel_seed_test
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    def make() -> object:
        # the seed test samples any action for every agent: an illegal one ends the game
        wrapped = TerminateIllegalWrapper(
            TricktakingAECEnv(tt.WizardConfig(players=3, rounds=2)), illegal_reward=-1
        )
        return turn_based_aec_to_parallel(wrapped)

    parallel_seed_test(make, num_cycles=200)
