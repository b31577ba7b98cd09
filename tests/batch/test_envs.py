"""The batch vector environment follows Gymnasium's vector-environment conventions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import tricktaking as tt
from tricktaking import rl
from tricktaking.batch import BatchActionError
from tricktaking.batch.envs import BatchVectorEnv
from tricktaking.errors import ArgumentError, ArgumentTypeError

CONFIG = tt.WizardConfig(players=4, rounds=2)


def rollout(env: BatchVectorEnv, seed: int, steps: int) -> list[tuple[object, ...]]:
    obs, infos = env.reset(seed=seed)
    out: list[tuple[object, ...]] = [(obs.copy(), infos["action_mask"].copy())]
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        mask = infos["action_mask"]
        actions = (rng.random(mask.shape) + mask).argmax(axis=1)
        obs, rewards, terminations, truncations, infos = env.step(actions)
        out.append((obs.copy(), rewards.copy(), terminations.copy(), truncations.copy()))
    return out


def test_spaces_shapes_and_types() -> None:
    env = BatchVectorEnv(CONFIG, num_envs=8, seat=1)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, infos = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert isinstance(env.single_observation_space, gymnasium.spaces.Box)
    assert isinstance(env.single_action_space, gymnasium.spaces.Discrete)
    assert obs.shape == (8, *env.single_observation_space.shape)
    assert infos["action_mask"].shape == (8, env.single_action_space.n)
    for _ in range(20):
        actions = env.simulator.random_actions()
        assert env.action_space.contains(actions)
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert env.observation_space.contains(obs)
        assert rewards.shape == terminations.shape == truncations.shape == (8,)
        assert rewards.dtype == np.float64 and terminations.dtype == np.bool_
        assert (env.simulator.actor == 1).all()  # every game waits for the learner


def test_seeded_rollouts_are_reproducible_and_data_is_not_reused() -> None:
    first = rollout(BatchVectorEnv(CONFIG, num_envs=6), seed=5, steps=30)
    second = rollout(BatchVectorEnv(CONFIG, num_envs=6), seed=5, steps=30)
    for one, two in zip(first, second, strict=True):
        for a, b in zip(one, two, strict=True):
            assert np.array_equal(np.asarray(a), np.asarray(b))
    env = BatchVectorEnv(CONFIG, num_envs=4)
    obs, _ = env.reset(seed=1)
    again, *_ = env.step(env.simulator.random_actions())
    assert again is not obs and not np.shares_memory(again, obs)


def test_observations_are_the_learners_encoded_view() -> None:
    env = BatchVectorEnv(CONFIG, num_envs=4, seat=2, record=True)
    obs, infos = env.reset(seed=2)
    for _ in range(5):
        for row in range(4):
            view = tt.view(env.simulator.state_of(row), 2)
            assert np.array_equal(obs[row], rl.encode(view))
            assert np.array_equal(infos["action_mask"][row], rl.action_mask(view))
        obs, _, _, _, infos = env.step(env.simulator.random_actions())


def test_episode_rewards_add_up_to_the_final_score_and_games_reset() -> None:
    env = BatchVectorEnv(CONFIG, num_envs=5, seat=0, record=True)
    env.reset(seed=9)
    at = rl.layout_for("wizard", 4).field("scores").offset  # the learner's own score
    total = np.zeros(5)
    finished = np.zeros(5, np.bool_)
    for _ in range(40):
        _, rewards, terminations, _, infos = env.step(env.simulator.random_actions())
        total += np.where(finished, 0, rewards)
        for row in np.flatnonzero(terminations & ~finished):
            assert infos["final_obs"][row][at] * 100 == pytest.approx(total[row])
            finished[row] = True
        if finished.all():
            break
    assert finished.all()
    assert not env.simulator.done.any()


def test_illegal_actions_and_bad_seats_raise() -> None:
    with pytest.raises(ValueError, match="seat"):
        BatchVectorEnv(CONFIG, num_envs=2, seat=4)
    env = BatchVectorEnv(CONFIG, num_envs=2)
    env.reset()
    with pytest.raises(BatchActionError):
        env.step(np.full(2, 73))
    with pytest.raises(ArgumentError, match="one seed per row"):
        env.reset(seed=[4])  # one seed per game, or one for all
    with pytest.raises(ArgumentError, match="seat"):
        BatchVectorEnv(CONFIG, num_envs=2, seat=-1)
    refused: list[dict[str, Any]] = [
        {"opponents": "pimc"},
        {"opponents": ["random"]},
        {"opponents": "policy"},
    ]
    for bad in refused:
        with pytest.raises(ArgumentError):
            BatchVectorEnv(CONFIG, num_envs=2, **bad)
    mistyped: list[dict[str, Any]] = [{"opponents": 3}, {"opponent_policy": 3}, {"seat": 1.0}]
    for bad_types in mistyped:
        with pytest.raises(ArgumentTypeError):
            BatchVectorEnv(CONFIG, num_envs=2, **bad_types)
    with pytest.raises(ArgumentError, match="situation"):
        BatchVectorEnv(CONFIG, num_envs=2, encoding="infostate")


def test_per_game_seeds_make_each_game_depend_on_its_own_seed() -> None:
    two = BatchVectorEnv(CONFIG, num_envs=2, opponents="heuristic")
    three = BatchVectorEnv(CONFIG, num_envs=3, opponents="heuristic")
    obs_two, _ = two.reset(seed=[7, 8])
    obs_three, _ = three.reset(seed=[1, 8, 2])
    assert np.array_equal(obs_two[1], obs_three[1])
    assert not np.array_equal(obs_two[0], obs_three[0])


def test_opponents_play_by_kind_and_by_a_batched_policy() -> None:
    asked: list[int] = []

    def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        asked.append(len(masks))
        assert observations.shape[0] == masks.shape[0]
        chosen: np.ndarray = masks.argmax(axis=1)
        return chosen

    env = BatchVectorEnv(
        CONFIG,
        num_envs=4,
        seat=1,
        opponents=["policy", "random", "heuristic", "policy"],
        opponent_policy=first_legal,
        record=True,
    )
    _, infos = env.reset(seed=3)
    for _ in range(30):
        _, _, _, _, infos = env.step(infos["action_mask"].argmax(axis=1))
        assert (env.simulator.actor == 1).all()
    assert asked and max(asked) <= 2  # once per round of decisions, the two policy games


def states(env: BatchVectorEnv) -> list[tt.GameState[object]]:
    return [env.simulator.state_of(row) for row in range(env.num_envs)]


@pytest.mark.parametrize("failure", ["illegal", "raises"])
def test_a_failing_opponent_policy_leaves_every_game_as_it_was(failure: str) -> None:
    failing = [False]

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        if failing[0]:
            if failure == "raises":
                raise RuntimeError("the policy broke")
            return np.full(len(masks), -1, np.int64)
        chosen: np.ndarray = masks.argmax(axis=1)
        return chosen

    def env() -> BatchVectorEnv:
        return BatchVectorEnv(
            CONFIG, num_envs=3, seat=0, opponents="policy", opponent_policy=policy, record=True
        )

    tried, clean = env(), env()
    _, infos = tried.reset(seed=5)
    clean.reset(seed=5)
    ended = 0
    for _ in range(25):  # games end and start again on the way
        actions = infos["action_mask"].argmax(axis=1)
        before = states(tried)
        failing[0] = True
        with pytest.raises(BatchActionError if failure == "illegal" else RuntimeError):
            tried.step(actions)
        assert states(tried) == before
        failing[0] = False
        obs, rewards, over, _, infos = tried.step(actions)
        expected = clean.step(actions)
        assert np.array_equal(obs, expected[0]) and np.array_equal(rewards, expected[1])
        ended += int(over.sum())
    assert ended
    before = states(tried)
    failing[0] = True
    with pytest.raises(BatchActionError if failure == "illegal" else RuntimeError):
        tried.reset(seed=9)
    assert states(tried) == before


def test_an_illegal_action_can_end_its_game_instead() -> None:
    env = BatchVectorEnv(CONFIG, num_envs=3, illegal_action="terminate", illegal_reward=-5.0)
    _, infos = env.reset(seed=1)
    actions = infos["action_mask"].argmax(axis=1)
    actions[1] = 73  # illegal in the bidding
    _, rewards, terminations, _, infos = env.step(actions)
    assert terminations.tolist() == [False, True, False]
    assert rewards[1] == -5.0 and infos["final_info"]["illegal_action"][1]
    with pytest.raises(BatchActionError):
        env.step(np.zeros(2, np.int64))


def test_final_infos_are_shaped_as_gymnasiums_add_info_shapes_them() -> None:
    env = BatchVectorEnv(
        tt.OneCardConfig(players=2, target=1), num_envs=6, illegal_action="terminate"
    )
    _, infos = env.reset(seed=2)
    illegal_seen = ended_seen = False
    for turn in range(200):
        actions = infos["action_mask"].argmax(axis=1)
        if turn == 3:
            actions[4] = env.action_masks().shape[1]  # outside the action space
        _, _, over, _, infos = env.step(actions)
        if not over.any():
            continue
        ended_seen = True
        expected: dict[str, Any] = {}
        for row in np.flatnonzero(over).tolist():
            info: dict[str, Any] = {"action_mask": infos["final_info"]["action_mask"][row]}
            if infos["final_info"].get("_illegal_action", np.zeros(6, bool))[row]:
                info["illegal_action"] = True
                illegal_seen = True
            entry = {"final_obs": infos["final_obs"][row], "final_info": info}
            expected = env._add_info(expected, entry, row)
        assert expected.keys() | {"action_mask"} == infos.keys()
        assert np.array_equal(expected["_final_obs"], infos["_final_obs"])
        assert all(
            (a is None and b is None) or np.array_equal(a, b)
            for a, b in zip(expected["final_obs"], infos["final_obs"], strict=True)
        )
        for key, value in expected["final_info"].items():
            given = infos["final_info"][key]
            assert given.dtype == value.dtype and np.array_equal(given, value), key
    assert ended_seen and illegal_seen


def test_make_vec_makes_it_for_every_registered_id() -> None:
    import gymnasium

    from tricktaking.rl.envs import register_gymnasium_envs

    for env_id in register_gymnasium_envs()[1:]:
        env = gymnasium.make_vec(env_id, num_envs=3, vectorization_mode="vector_entry_point")
        assert isinstance(env.unwrapped, BatchVectorEnv)
        obs, infos = env.reset(seed=[1, 2, 3])  # type: ignore[arg-type]  # one per game
        assert obs.shape[0] == 3 and infos["action_mask"].any(axis=1).all()
        env.close()
