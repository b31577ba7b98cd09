"""Train sb3-contrib's MaskablePPO on One Card, made by Gymnasium id with make_vec_env.

The learner plays seat 0 of two-player One Card to 10 points against the random bot, in
:class:`tricktaking.rl.TricktakingEnv` registered as ``tricktaking/OneCard-v1``.
Stable-Baselines3's ``make_vec_env`` builds the vectorised environments from that id,
and ``MaskablePPO`` reads the legal actions from each environment's ``action_masks()``,
so it never plays an illegal card. Before and after training the policy plays the same
evaluation games (the same deals and bot seeds), and the script prints its mean score
change per game and its win rate.

Needs the ``rl`` extra, ``sb3-contrib`` and a PyTorch build (a CPU one is enough)::

    pip install 'tricktaking[rl]' sb3-contrib

Run ``python examples/train_maskable_ppo.py`` (20,000 steps, a few minutes) or
``--quick`` (a few hundred steps, seconds; too short to learn much, for CI).
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import tricktaking as tt
from tricktaking.rl.envs import TricktakingEnv, gymnasium_id

CONFIG = tt.OneCardConfig(players=2, target=10)
ENV_ID = gymnasium_id("one-card")  # "tricktaking/OneCard-v1"
# make_vec_env asks every environment for "rgb_array" frames, which a card table does not
# draw (the environment would warn and render nothing): ask for no rendering instead.
ENV_KWARGS: dict[str, Any] = {"config": CONFIG, "opponents": "random", "render_mode": None}


def evaluate(model: MaskablePPO, games: int) -> tuple[float, float]:
    """The mean score change per game and the win rate of ``model`` in seat 0.

    Game ``i`` is dealt from seed ``10**6 + i``, so every evaluation plays the same
    deals against the same bots.
    """
    env = gymnasium.make(ENV_ID, **ENV_KWARGS)
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, TricktakingEnv)
    total, wins = 0.0, 0
    for game in range(games):
        observation, _ = env.reset(seed=10**6 + game)
        done = False
        while not done:
            action, _ = model.predict(
                observation, action_masks=unwrapped.action_masks(), deterministic=True
            )
            observation, reward, done, _, _ = env.step(int(action))
            total += float(reward)
        wins += 0 in tt.winners(unwrapped.state_of_game)
    env.close()
    return total / games, wins / games


def main(argv: list[str] | None = None) -> None:
    """Train, evaluating before and after."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few hundred steps (for CI)")
    args = parser.parse_args(argv)
    steps, games = (256, 2) if args.quick else (20_000, 200)
    # A network this small runs fastest on one thread; more only wait for each other.
    torch.set_num_threads(1)

    vec_env = make_vec_env(ENV_ID, n_envs=2, seed=0, env_kwargs=ENV_KWARGS)
    model = MaskablePPO("MlpPolicy", vec_env, n_steps=128, batch_size=64, seed=0, verbose=0)
    score, rate = evaluate(model, games)
    print(f"before training: {score:+.1f} points per game, win rate {rate:.0%}")
    model.learn(total_timesteps=steps)
    score, rate = evaluate(model, games)
    print(f"after {steps} steps: {score:+.1f} points per game, win rate {rate:.0%}")
    vec_env.close()


if __name__ == "__main__":
    main()
