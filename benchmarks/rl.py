"""Benchmark the learning interfaces: encodings, masks and environment steps.

Run ``python benchmarks/rl.py`` (``--quick`` for a smoke run); it needs the ``rl``
extra. For each game it prints microseconds per call of ``encode`` (both encodings) and
``action_mask`` on the decision views of seeded random games, and per step of the
PettingZoo environment (``last()`` and ``step()`` of one agent turn) and of the
Gymnasium environment against random bots (one learner step, with the bots' moves).

Every figure is CPU time (``time.process_time``). The measurements run in interleaved
slices, every measurement once per round, so drift in the machine's speed touches them
alike; the table gives the median over the rounds and the lowest and highest.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tricktaking as tt
from tricktaking.rl import TricktakingAECEnv, TricktakingEnv, action_mask, encode
from tricktaking.testing import playout

GAMES: list[tuple[str, object]] = [
    ("Wizard, 4 players", tt.WizardConfig(players=4)),
    ("One Card, 3 players", tt.OneCardConfig(players=3)),
    ("Bid Whist, default options", tt.BidWhistConfig()),
    ("Oh Hell, 4 players", tt.OhHellConfig(players=4, schedule="up_down")),
]

Measure = Callable[[int], None]
"""Runs ``count`` calls of what it measures."""


def decision_views(config: object, count: int) -> list[Any]:
    """The views of the seat to act in seeded random games, ``count`` of them."""
    views: list[Any] = []
    seed = 0
    while len(views) < count:
        for state in playout(tt.new_game(config), seed):
            seat = tt.actor(state)
            if isinstance(seat, int):
                views.append(tt.view(state, seat))
        seed += 1
    return views[:count]


def over_views(views: list[Any], call: Callable[[Any], object]) -> Measure:
    def run(count: int) -> None:
        for index in range(count):
            call(views[index % len(views)])

    return run


def aec_turns(config: object) -> Measure:
    env = TricktakingAECEnv(config)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    games = [0]

    def run(count: int) -> None:
        for _ in range(count):
            if not env.agents:
                games[0] += 1
                env.reset(seed=games[0])
            observation, _, done, _, _ = env.last()
            assert observation is not None
            legal = np.flatnonzero(observation["action_mask"])
            env.step(None if done else int(rng.choice(legal)))

    return run


def gym_steps(config: object) -> Measure:
    env = TricktakingEnv(config, opponents="random")
    rng = np.random.default_rng(0)
    games = [0]
    masks = [env.reset(seed=0)[1]["action_mask"]]  # lists: state the closure updates

    def run(count: int) -> None:
        for _ in range(count):
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(masks[0]))))
            masks[0] = info["action_mask"]
            if done:
                games[0] += 1
                masks[0] = env.reset(seed=games[0])[1]["action_mask"]

    return run


def measure(measures: dict[str, Measure], count: int, rounds: int) -> dict[str, list[float]]:
    """µs per call of each measure, one sample per round, the rounds interleaved."""
    samples: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(rounds):
        for name, run in measures.items():
            start = time.process_time()
            run(count)
            samples[name].append((time.process_time() - start) / count * 1e6)
    return samples


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):,.1f} ({min(values):,.1f}–{max(values):,.1f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    arguments = parser.parse_args(argv)
    count, rounds, decisions = (20, 2, 40) if arguments.quick else (2_000, 9, 500)
    print("µs per call: median over rounds (lowest–highest), CPU time")
    print()
    print(
        "| game | encode situation | encode infostate | action_mask "
        "| PettingZoo turn | Gymnasium step |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, config in GAMES:
        views = decision_views(config, decisions)
        samples = measure(
            {
                "situation": over_views(views, encode),
                "infostate": over_views(views, lambda view: encode(view, "infostate")),
                "mask": over_views(views, action_mask),
                "aec": aec_turns(config),
                "gym": gym_steps(config),
            },
            count,
            rounds,
        )
        print(f"| {name} | " + " | ".join(cell(values) for values in samples.values()) + " |")


if __name__ == "__main__":
    main()
