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

Then batched PIMC decisions per CPU second (``--pimc-worlds`` worlds, 32 by default), on
decisions of random games of the arena's short configs (``arena.deal_config``):
``BatchPimcBot`` (every world and action in one batch, random rollouts) against the
scalar ``PimcBot`` at the same worlds (``worlds × actions`` playouts), with its
heuristic playouts and with random ones. Each plays the deal out.

    python benchmarks/batch.py            # about a minute and a half of CPU
    python benchmarks/batch.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import bench

import tricktaking as tt
from tricktaking.arena import deal_config
from tricktaking.batch import Simulator
from tricktaking.batch.bots import BatchPimcBot
from tricktaking.bots import PimcBot, RandomBot
from tricktaking.engine import PlayerView

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


PIMC_GAMES = {
    "Wizard, 4 players, 5 rounds": "wizard",
    "One Card, 4 players, 1 hand": "one-card",
    "Bid Whist, 1 hand": "bid-whist",
}


def decision_views(config: object, count: int, seed: int) -> list[PlayerView]:
    """``count`` views of seats to act with a choice, spread over random games."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        state = tt.new_game(config)
        while (seat := tt.actor(state)) is not None:
            if seat is tt.CHANCE:
                state = tt.apply(state, tt.deal(state, rng.randrange(1 << 30)))
                continue
            assert isinstance(seat, int)
            seen = tt.view(state, seat)
            if len(seen.legal_actions) > 1 and rng.random() < 0.2 and len(views) < count:
                views.append(seen)
            state = tt.apply(state, rng.choice(seen.legal_actions))
    return views


def decisions_slice(decide: Callable[[PlayerView], object], views: list[PlayerView]) -> Slice:
    """Decisions on ``views`` in turn: returns the decisions made and the CPU time."""
    turn = itertools.cycle(views)

    def run(seconds: float) -> tuple[int, float]:
        decisions, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            decide(next(turn))
            decisions += 1
        return decisions, elapsed

    return run


def pimc_slices(game: str, worlds: int, views: int) -> dict[str, Slice]:
    """The batched and the scalar PIMC bots, at ``worlds`` worlds, on one game's decisions."""
    config = deal_config(game)
    seen = decision_views(config, views, seed=5)
    batched = BatchPimcBot(seed=1, worlds=worlds)
    heuristic = PimcBot(seed=1)
    randomly = PimcBot(seed=1, playout=lambda _, seed: RandomBot(seed))
    return {
        "BatchPimcBot, random rollouts": decisions_slice(batched.evaluate, seen),
        "PimcBot, heuristic playouts": decisions_slice(
            lambda view: heuristic.evaluate(view, worlds * len(view.legal_actions)), seen
        ),
        "PimcBot, random playouts": decisions_slice(
            lambda view: randomly.evaluate(view, worlds * len(view.legal_actions)), seen
        ),
    }


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
    parser.add_argument("--pimc-worlds", type=int, default=32, help="worlds per PIMC decision")
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
    worlds = 1 if options.quick else options.pimc_worlds
    pimc: dict[str, Slice] = {}
    for name, game in PIMC_GAMES.items():
        for bot, run in pimc_slices(game, worlds, 2 if options.quick else 30).items():
            pimc[f"{name}|{bot}"] = run
    decisions = measure(pimc, seconds * 3, rounds)
    print(f"\nPIMC decisions per CPU second, {worlds} worlds per decision")
    print("| game | bot | decisions/s (median) | range | × scalar PIMC (heuristic playouts) |")
    print("|---|---|---:|---|---:|")
    for key, values in decisions.items():
        game, bot = key.split("|")
        versus = ratio(values, decisions[f"{game}|PimcBot, heuristic playouts"])
        median, spread = bench.spread(values, 1)
        print(f"| {game} | {bot} | {median} | {spread} | {versus} |")


def ratio(mine: list[float], theirs: list[float]) -> str:
    """The median of the per-round ratios (each round's slices ran close in time)."""
    return f"{statistics.median(a / b for a, b in zip(mine, theirs, strict=True)):.2f}"


if __name__ == "__main__":
    main()
