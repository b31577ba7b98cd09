"""Batch simulators against the scalar engine and OpenSpiel: player actions per CPU second.

One process, CPU time (``time.process_time``), interleaved slices: every round runs one
slice of every loop, each round starting one loop later, so that a slower period of the
machine touches every loop alike. Figures are medians over the rounds with their range.

Loops, per game (Wizard 4 players, One Card 3 players, Bid Whist, Oh Hell 4 players):

- *scalar engine*: random whole games through the game module's ``legal_actions`` and
  ``apply``, deals included (``bench.whole_game``);
- *batch N*: a ``batch.Simulator`` of N games with ``auto_reset``, stepped with its own
  uniform random policy (``sim.step(sim.random_actions())``): N player actions a step,
  every row recorded for ``state_of``;
- *OpenSpiel native*: ``pyspiel.evaluate_bots`` with uniform random bots, whole games in
  C++ (``oh_hell`` 4 players, 12 deals, for Wizard; ``crazy_eights`` for One Card;
  ``bridge`` played out, not scored double-dummy, for Bid Whist; ``oh_hell`` itself, the
  same game, for Oh Hell). Its player actions per game are counted in a Python loop over
  the same games, then divided by the native time.

And the Gymnasium vector environment over the batch (Wizard, 4 players, 4,096
environments): agent steps per second, observations and masks included.

    python benchmarks/batch.py            # about a minute and a half of CPU
    python benchmarks/batch.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import bench

import tricktaking as tt
from tricktaking.batch import Simulator

Slice = Callable[[float], tuple[int, float]]
"""Runs a loop for about the given CPU seconds; returns the player actions and the CPU time."""

GAMES: dict[str, object] = {
    "Wizard, 4 players": tt.WizardConfig(players=4),
    "One Card, 3 players": tt.OneCardConfig(players=3),
    "Bid Whist": tt.BidWhistConfig(),
    "Oh Hell, 4 players": tt.OhHellConfig(players=4),
}
SIZES = (1, 64, 1024, 4096, 16384)
SPIEL: dict[str, tuple[str, dict[str, Any]]] = {
    "Wizard, 4 players": ("oh_hell", {"players": 4}),
    "One Card, 3 players": ("crazy_eights", {"players": 3}),
    "Bid Whist": ("bridge", {"use_double_dummy_result": False}),
    "Oh Hell, 4 players": ("oh_hell", {"players": 4}),
}


def scalar_slice(config: object) -> Slice:
    """Random whole games through the game module's functions."""
    loop = bench.whole_game(bench.module_functions(tt.game_of(tt.new_game(config)).name), config)
    rng = random.Random(7)

    def run(seconds: float) -> tuple[int, float]:
        actions, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            actions += loop(rng)
        return actions, elapsed

    return run


def batch_slice(config: object, size: int) -> Slice:
    """A simulator of ``size`` games with auto-reset, stepped by its random policy."""
    sim = Simulator(config, size=size, seed=size, auto_reset=True)

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            sim.step(sim.random_actions())
            steps += 1
        return steps * size, elapsed

    return run


def spiel_slice(pyspiel: Any, name: str, parameters: dict[str, Any]) -> Slice:
    """``pyspiel.evaluate_bots`` with uniform random bots, whole games."""
    game = pyspiel.load_game(name, parameters)
    players = game.num_players()
    rng = random.Random(11)
    actions = 0
    games = 20
    for _ in range(games):  # player actions per game, counted in Python
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
    per_game = actions / games
    seed = iter(range(1, 1 << 30))

    def run(seconds: float) -> tuple[int, float]:
        played, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            bots = [pyspiel.make_uniform_random_bot(p, next(seed)) for p in range(players)]
            pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seed))
            played += 1
        return round(played * per_game), elapsed

    return run


def vector_env_slice(size: int) -> Slice | None:
    """Agent steps of the batch vector environment (Wizard, 4 players), if it exists."""
    try:
        from tricktaking.batch.envs import BatchVectorEnv  # noqa: PLC0415
    except ImportError:
        return None
    env = BatchVectorEnv(tt.WizardConfig(players=4), num_envs=size, seed=0)
    env.reset(seed=0)
    sim = env.simulator

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            env.step(sim.random_actions())
            steps += 1
        return steps * size, elapsed

    return run


def measure(slices: dict[str, Slice], seconds: float, rounds: int) -> dict[str, list[float]]:
    """Player actions per CPU second of every slice, one figure per round, interleaved."""
    for run in slices.values():
        run(seconds / 10)  # warm up
    rates: dict[str, list[float]] = {name: [] for name in slices}
    names = list(slices)
    for index in range(rounds):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            actions, elapsed = slices[name](seconds)
            rates[name].append(actions / elapsed)
    return rates


def main(argv: list[str] | None = None) -> None:
    """Print one table per game and the vector environment's figure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny slices and one round")
    parser.add_argument("--seconds", type=float, default=0.6, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args(argv)
    seconds, rounds = (0.02, 1) if options.quick else (options.seconds, options.rounds)
    sizes = (1, 64) if options.quick else SIZES
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: PLC0415
    except ImportError:
        pyspiel = None
        print("OpenSpiel is not installed: no OpenSpiel column")
    slices: dict[str, Slice] = {}
    for game, config in GAMES.items():
        slices[f"{game}|scalar"] = scalar_slice(config)
        for size in sizes:
            slices[f"{game}|batch {size:,}"] = batch_slice(config, size)
        if pyspiel is not None:
            name, parameters = SPIEL[game]
            slices[f"{game}|OpenSpiel {name} native"] = spiel_slice(pyspiel, name, parameters)
    envs = vector_env_slice(64 if options.quick else 4096)
    if envs is not None:
        slices["vector env|Wizard 4 players, 4,096 envs"] = envs
    rates = measure(slices, seconds, rounds)
    print("| game | loop | player actions/s (median) | range | × scalar engine | × OpenSpiel |")
    print("|---|---|---:|---|---:|---:|")
    for key, values in rates.items():
        game, loop = key.split("|")
        scalar = rates.get(f"{game}|scalar")
        spiel = [rates[k] for k in rates if k.startswith(f"{game}|OpenSpiel")]
        versus = ratio(values, scalar) if scalar is not None else "—"
        versus_spiel = ratio(values, spiel[0]) if spiel else "—"
        median, spread = bench.spread(values)
        print(f"| {game} | {loop} | {median} | {spread} | {versus} | {versus_spiel} |")


def ratio(mine: list[float], theirs: list[float]) -> str:
    """The median of the per-round ratios (each round's slices ran close in time)."""
    return f"{statistics.median(a / b for a, b in zip(mine, theirs, strict=True)):.2f}"


if __name__ == "__main__":
    main()
