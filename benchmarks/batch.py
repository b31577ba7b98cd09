"""The compiled batch kernels against the scalar engine and OpenSpiel: actions per CPU second.

One process, CPU time (``time.process_time``), interleaved slices: every round runs one
slice of every loop of a table, each round starting one loop later, so that a slower
period of the shared machine touches every loop alike. Figures are medians over the
rounds with their range; ratios are medians of the per-round ratios.

Table 1, per game (Wizard 4 players, One Card 3 players, Bid Whist, Oh Hell 4 players)
and batch size (1, 64, 1,024, 4,096, 16,384), player actions per CPU second:

- *scalar engine*: random whole games through the game module's ``legal_actions`` and
  ``apply``, deals included;
- *in-kernel random*: ``sim.play(k)``, the kernel's uniform random policy, many steps a
  call, ``auto_reset``, no record;
- *one step a call*: ``sim.step(sim.random_actions())`` with ``auto_reset``, no record
  (and at 4,096 games once more with the record ``state_of`` needs, the default);
- *mask and actions exchanged*: ``mask = sim.legal_mask()``, the caller's choice (the
  first legal action, plus noise), ``sim.step(actions)``: the reinforcement-learning
  path; the choice's own CPU time is measured apart and not counted;
- *OpenSpiel native*: ``pyspiel.evaluate_bots`` with uniform random bots, whole games in
  C++ (``oh_hell`` 4 players, 12 deals, for Wizard and Oh Hell; ``crazy_eights`` for One
  Card; ``bridge`` played out, not scored double-dummy, for Bid Whist). Its player
  actions per game are counted in a Python loop over the same games.

Table 2: the vector environment, Wizard 4 players, 4,096 environments, observations and
masks from the kernel, heuristic (and random) opponents played in the kernel, the
learner's choice excluded: agent steps per CPU second, returning a copy of the
observations (the default) and the environment's own array (``copy=False``).

Table 4: where the time of one such step goes (heuristic opponents, a copy): the
CPU time of each part of ``env.step`` per step, measured by timing the environment's own
calls in place over many steps: the learner's action (validated and applied in the
kernel), the other seats' play (in the kernel), the observations (written by the kernel,
then copied), the action masks, and the rest (rewards, ended games, the arguments).

Table 3: rollouts of sampled worlds from one view, sampling included: the worlds of a
decision's view drawn in the kernel (``Simulator.from_view``) and played to the end of
the deal by the kernel's heuristic, in deal-rollouts per CPU second, against the scalar
``PimcBot``'s (one ``sample_world`` and one heuristic playout each), on the views of
Wizard (4 players, 5 rounds), Bid Whist, One Card and Oh Hell decisions.

    python benchmarks/batch.py            # about four minutes of CPU
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
import numpy as np

import tricktaking as tt
from tricktaking.arena import deal_config
from tricktaking.batch import Simulator
from tricktaking.batch.envs import BatchVectorEnv, OpponentKind
from tricktaking.bots import PimcBot
from tricktaking.engine import PlayerView

Slice = Callable[[float], tuple[int, float]]
"""Runs a loop for about the given CPU seconds; returns what it counted and the CPU time."""

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
WORLD_GAMES = {
    "Wizard, 4 players, 5 rounds": "wizard",
    "Bid Whist, 1 hand": "bid-whist",
    "One Card, 4 players, 1 hand": "one-card",
    "Oh Hell, 1 hand": "oh-hell",
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


def kernel_slice(config: object, size: int) -> Slice:
    """The kernel's random policy, many steps a call, no record."""
    sim = Simulator(config, size=size, seed=size, auto_reset=True, record=False)
    steps = max(1, 200_000 // size)

    def run(seconds: float) -> tuple[int, float]:
        actions, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            sim.play(steps)
            actions += steps * size  # every row acts: auto_reset keeps them all going
        return actions, elapsed

    return run


def step_slice(config: object, size: int, *, record: bool = False) -> Slice:
    """One step a call: ``sim.step(sim.random_actions())``."""
    sim = Simulator(config, size=size, seed=size, auto_reset=True, record=record)

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            sim.step(sim.random_actions())
            steps += 1
        return steps * size, elapsed

    return run


def exchanged_slice(config: object, size: int) -> Slice:
    """The mask out, the caller's actions in, every step; the caller's CPU time left out."""
    sim = Simulator(config, size=size, seed=size, auto_reset=True, record=False)
    noise = np.random.default_rng(size)

    def run(seconds: float) -> tuple[int, float]:
        steps, start, choosing = 0, time.process_time(), 0.0
        while (elapsed := time.process_time() - start - choosing) < seconds:
            mask = sim.legal_mask()
            began = time.process_time()
            actions = (mask + noise.random(mask.shape, dtype=np.float32)).argmax(axis=1)
            choosing += time.process_time() - began
            sim.step(actions)
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


def vector_env_slice(size: int, opponents: OpponentKind, copy: bool) -> Slice:
    """Agent steps of the vector environment (Wizard, 4 players); the choice left out."""
    env = BatchVectorEnv(tt.WizardConfig(players=4), num_envs=size, opponents=opponents, copy=copy)
    _, infos = env.reset(seed=0)
    noise = np.random.default_rng(0)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal infos
        steps, start, choosing = 0, time.process_time(), 0.0
        while (elapsed := time.process_time() - start - choosing) < seconds:
            began = time.process_time()
            mask = infos["action_mask"]
            actions = (mask + noise.random(mask.shape, dtype=np.float32)).argmax(axis=1)
            choosing += time.process_time() - began
            _, _, _, _, infos = env.step(actions)
            steps += 1
        return steps * size, elapsed

    return run


def step_profile_table(size: int, steps: int) -> None:
    """Table 4: the CPU time of each part of a vector-environment step."""
    env = BatchVectorEnv(tt.WizardConfig(players=4), num_envs=size, opponents="heuristic")
    _, infos = env.reset(seed=0)
    spent: dict[str, list[float]] = {}

    def timed(part: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            began = time.process_time()
            try:
                return call(*args, **kwargs)
            finally:
                spent[part][-1] += time.process_time() - began

        return run

    parts = {
        "the learner's action": (env.simulator, "step"),
        "the other seats' play": (env, "_others_play"),
        "observations and their copy": (env, "_observations"),
        "action masks": (env, "action_masks"),
    }
    for part, (owner, name) in parts.items():
        setattr(owner, name, timed(part, getattr(owner, name)))
    whole: list[float] = []
    noise = np.random.default_rng(0)
    for _ in range(steps):
        mask = infos["action_mask"]
        actions = (mask + noise.random(mask.shape, dtype=np.float32)).argmax(axis=1)
        for part in parts:
            spent.setdefault(part, []).append(0.0)
        began = time.process_time()
        _, _, _, _, infos = env.step(actions)
        whole.append(time.process_time() - began)
    spent["the rest"] = [
        total - sum(spent[part][i] for part in parts) for i, total in enumerate(whole)
    ]
    spent["the whole step"] = whole
    print(f"\nOne step of the vector environment, Wizard 4 players, {size:,} environments")
    print("| part | CPU ms a step (median) | share |")
    print("|---|---:|---:|")
    total = statistics.median(whole)
    for part, values in spent.items():
        median = statistics.median(values)
        print(f"| {part} | {median * 1e3:.2f} | {median / total:.0%} |")


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


def kernel_worlds_slice(views: list[PlayerView], size: int) -> Slice:
    """Worlds of each view drawn in the kernel and played out by its heuristic."""
    turn = itertools.cycle(views)

    def run(seconds: float) -> tuple[int, float]:
        rollouts, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            sim = Simulator.from_view(next(turn), size=size, seed=rollouts, record=False)
            sim.play(10**9, "heuristic", to_end_of_deal=True)
            rollouts += size
        return rollouts, elapsed

    return run


def scalar_worlds_slice(views: list[PlayerView]) -> Slice:
    """The scalar PimcBot's rollouts: a sampled world and a heuristic playout each."""
    turn = itertools.cycle(views)
    bot = PimcBot(seed=1)

    def run(seconds: float) -> tuple[int, float]:
        rollouts, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            seen = next(turn)
            budget = 8 * len(seen.legal_actions)
            bot.evaluate(seen, budget)  # one world and one playout per iteration
            rollouts += budget
        return rollouts, elapsed

    return run


def measure(slices: dict[str, Slice], seconds: float, rounds: int) -> dict[str, list[float]]:
    """What every slice counts per CPU second, one figure per round, interleaved."""
    for run in slices.values():
        run(seconds / 10)  # warm up
    rates: dict[str, list[float]] = {name: [] for name in slices}
    names = list(slices)
    for index in range(rounds):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            counted, elapsed = slices[name](seconds)
            rates[name].append(counted / elapsed)
    return rates


def ratio(mine: list[float], theirs: list[float]) -> str:
    """The median of the per-round ratios (each round's slices ran close in time)."""
    return f"{statistics.median(a / b for a, b in zip(mine, theirs, strict=True)):,.1f}"


def throughput_table(pyspiel: Any, sizes: tuple[int, ...], seconds: float, rounds: int) -> None:
    """Table 1: every game, loop and batch size."""
    print("| game | loop | player actions/s (median) | range | × scalar | × OpenSpiel |")
    print("|---|---|---:|---|---:|---:|")
    for game, config in GAMES.items():
        slices: dict[str, Slice] = {"scalar engine": scalar_slice(config)}
        if pyspiel is not None:
            name, parameters = SPIEL[game]
            slices[f"OpenSpiel {name} native"] = spiel_slice(pyspiel, name, parameters)
        for size in sizes:
            slices[f"in-kernel random, batch {size:,}"] = kernel_slice(config, size)
            slices[f"one step a call, batch {size:,}"] = step_slice(config, size)
            if size == 4096:
                slices[f"one step a call, recorded, batch {size:,}"] = step_slice(
                    config, size, record=True
                )
            slices[f"mask and actions exchanged, batch {size:,}"] = exchanged_slice(config, size)
        rates = measure(slices, seconds, rounds)
        spiel = next((values for name, values in rates.items() if "OpenSpiel" in name), None)
        for loop, values in rates.items():
            median, spread = bench.spread(values)
            versus = ratio(values, rates["scalar engine"])
            versus_spiel = ratio(values, spiel) if spiel is not None else "—"
            print(f"| {game} | {loop} | {median} | {spread} | {versus} | {versus_spiel} |")


def vector_env_table(size: int, seconds: float, rounds: int) -> None:
    """Table 2: the vector environment's agent steps."""
    kinds: tuple[OpponentKind, ...] = ("heuristic", "random")
    slices = {
        f"{opponents} opponents, {'a copy' if copy else 'its own array'}": vector_env_slice(
            size, opponents, copy
        )
        for opponents in kinds
        for copy in (True, False)
    }
    rates = measure(slices, seconds, rounds)
    print(f"\nVector environment, Wizard 4 players, {size:,} environments (the choice left out)")
    print("| opponents, observations | agent steps/s (median) | range |")
    print("|---|---:|---|")
    for name, values in rates.items():
        median, spread = bench.spread(values)
        print(f"| {name} | {median} | {spread} |")


def worlds_table(size: int, views: int, seconds: float, rounds: int) -> None:
    """Table 3: rollouts of sampled worlds, sampling included."""
    print(f"\nRollouts of sampled worlds, sampling included ({size:,} worlds a view)")
    print("| game | kernel deal-rollouts/s (median) | range | scalar PimcBot | × scalar |")
    print("|---|---:|---|---:|---:|")
    for name, game in WORLD_GAMES.items():
        seen = decision_views(deal_config(game), views, seed=5)
        rates = measure(
            {"kernel": kernel_worlds_slice(seen, size), "scalar": scalar_worlds_slice(seen)},
            seconds,
            rounds,
        )
        median, spread = bench.spread(rates["kernel"])
        scalar, _ = bench.spread(rates["scalar"])
        versus = ratio(rates["kernel"], rates["scalar"])
        print(f"| {name} | {median} | {spread} | {scalar} | {versus} |")


def main(argv: list[str] | None = None) -> None:
    """Print the four tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny slices and one round")
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--table", type=int, choices=(1, 2, 3, 4), action="append", help="only these"
    )
    parser.add_argument("--game", action="append", help="only games whose name starts so")
    options = parser.parse_args(argv)
    seconds, rounds = (0.02, 1) if options.quick else (options.seconds, options.rounds)
    tables = options.table or [1, 2, 3, 4]
    if options.game:
        for chosen in (GAMES, WORLD_GAMES):
            for name in list(chosen):
                if not any(name.startswith(prefix) for prefix in options.game):
                    del chosen[name]
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: PLC0415
    except ImportError:
        pyspiel = None
        print("OpenSpiel is not installed: no OpenSpiel column")
    if 1 in tables:
        throughput_table(pyspiel, (1, 64) if options.quick else SIZES, seconds, rounds)
    if 2 in tables:
        vector_env_table(64 if options.quick else 4096, seconds, rounds)
    if 3 in tables:
        worlds_table(16 if options.quick else 256, 2 if options.quick else 20, seconds * 2, rounds)
    if 4 in tables:
        step_profile_table(64 if options.quick else 4096, 5 if options.quick else 400)


if __name__ == "__main__":
    main()
