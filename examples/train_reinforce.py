"""Train a One Card player with REINFORCE, using NumPy only, against the random bot.

The policy is linear and softmax: a score ``W[a] · x`` for every action index ``a`` of
the observation ``x`` (``tricktaking.rl.encode``), softmax over the legal actions only
(the action mask). REINFORCE nudges ``W`` towards the actions of games that scored
more than the running average. The agent plays seat 0 of two-player One Card to 10
points in :class:`tricktaking.rl.TricktakingEnv`, against the random bot.

Before and after training, the policy plays the same evaluation games (the same deals
and the same bot seeds: a duplicate comparison), and the script prints the win rates
with 95% confidence intervals and the paired difference.

Run ``python examples/train_reinforce.py`` (a few minutes) or ``--quick`` (seconds;
too short to learn much, for CI).
"""

from __future__ import annotations

import argparse
import math

import numpy as np
import numpy.typing as npt

import tricktaking as tt
from tricktaking.rl import TricktakingEnv

CONFIG = tt.OneCardConfig(players=2, target=10)
Floats = npt.NDArray[np.float64]


class LinearSoftmaxPolicy:
    """A softmax over the legal actions of linear scores ``W @ [x, 1]``."""

    def __init__(self, observation_size: int, actions: int) -> None:
        self.weights = np.zeros((actions, observation_size + 1))

    def probabilities(self, x: Floats, mask: npt.NDArray[np.bool_]) -> Floats:
        """The probability of each action; 0 for the illegal ones."""
        scores = self.weights @ x
        scores = np.where(mask, scores, -np.inf)
        scores -= scores[mask].max()
        weights = np.exp(scores)
        result: Floats = weights / weights.sum()
        return result

    def act(self, x: Floats, mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> int:
        """An action sampled from the policy."""
        return int(rng.choice(len(mask), p=self.probabilities(x, mask)))


def features(observation: npt.NDArray[np.float32]) -> Floats:
    """The observation with a constant 1 for the bias."""
    return np.append(observation.astype(np.float64), 1.0)


def play_game(
    env: TricktakingEnv,
    policy: LinearSoftmaxPolicy,
    seed: int,
    rng: np.random.Generator,
    trajectory: list[tuple[Floats, npt.NDArray[np.bool_], int]] | None = None,
) -> tuple[bool, float]:
    """One game from ``seed``: whether seat 0 won, and its final score."""
    observation, info = env.reset(seed=seed)
    done = False
    while not done:
        x = features(observation)
        mask = info["action_mask"]
        action = policy.act(x, mask, rng)
        if trajectory is not None:
            trajectory.append((x, mask, action))
        observation, _, done, _, info = env.step(action)
    state = env.state_of_game
    return 0 in tt.winners(state), float(tt.scores(state)[0])


def evaluate(
    env: TricktakingEnv, policy: LinearSoftmaxPolicy, games: int
) -> tuple[npt.NDArray[np.bool_], Floats]:
    """Win flags and final scores over the fixed evaluation games (seeds 10**9 + k)."""
    rng = np.random.default_rng(7)
    results = [play_game(env, policy, 10**9 + game, rng) for game in range(games)]
    return np.array([won for won, _ in results]), np.array([score for _, score in results])


def train(env: TricktakingEnv, policy: LinearSoftmaxPolicy, games: int, rate: float) -> list[float]:
    """REINFORCE with a running-mean baseline; returns the training win rate per tenth."""
    rng = np.random.default_rng(1)
    baseline = 0.0
    wins: list[bool] = []
    for game in range(games):
        trajectory: list[tuple[Floats, npt.NDArray[np.bool_], int]] = []
        won, score = play_game(env, policy, game, rng, trajectory)
        wins.append(won)
        reward = (1.0 if won else -1.0) + score / CONFIG.target
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for x, mask, action in trajectory:
            probabilities = policy.probabilities(x, mask)
            # d log p(action) / d W = (onehot(action) - p) outer x
            gradient = -probabilities
            gradient[action] += 1.0
            policy.weights += rate * advantage * np.outer(gradient, x)
    tenth = max(1, games // 10)
    return [float(np.mean(wins[i : i + tenth])) for i in range(0, games, tenth)]


def interval(wins: npt.NDArray[np.bool_]) -> str:
    """A win rate with its 95% Wilson score interval."""
    n = len(wins)
    p = float(wins.mean())
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{p:.3f} (95% CI {centre - half:.3f} to {centre + half:.3f})"


def paired(before: npt.NDArray[np.bool_], after: npt.NDArray[np.bool_]) -> str:
    """The mean paired difference in wins, with a normal 95% interval."""
    difference = after.astype(float) - before.astype(float)
    mean = float(difference.mean())
    half = 1.96 * float(difference.std(ddof=1)) / math.sqrt(len(difference))
    return f"{mean:+.3f} (95% CI {mean - half:+.3f} to {mean + half:+.3f})"


def main(argv: list[str] | None = None) -> None:
    """Train, evaluate before and after, and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, for CI")
    parser.add_argument("--train", type=int, default=None, help="training games")
    parser.add_argument("--evaluate", type=int, default=None, help="evaluation games")
    parser.add_argument("--rate", type=float, default=0.002, help="learning rate")
    arguments = parser.parse_args(argv)
    training = arguments.train or (30 if arguments.quick else 10_000)
    evaluation = arguments.evaluate or (30 if arguments.quick else 2_000)

    env = TricktakingEnv(CONFIG, seat=0, opponents="random")
    policy = LinearSoftmaxPolicy(env.layout.size, env.actions.size)
    before, before_scores = evaluate(env, policy, evaluation)
    progress = train(env, policy, training, rate=arguments.rate)
    after, after_scores = evaluate(env, policy, evaluation)

    print(f"One Card, 2 players to {CONFIG.target}, against the random bot")
    print(f"training games: {training}; evaluation games (same deals): {evaluation}")
    print("training win rate by tenth: " + " ".join(f"{rate:.2f}" for rate in progress))
    print(f"win rate before training: {interval(before)}")
    print(f"win rate after training:  {interval(after)}")
    print(f"paired difference in wins: {paired(before, after)}")
    print(f"mean final score before {before_scores.mean():.2f}, after {after_scores.mean():.2f}")


if __name__ == "__main__":
    main()
