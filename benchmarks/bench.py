"""Benchmark the engines: random playouts and the cost of the hot functions.

Run ``python benchmarks/bench.py`` (add ``--quick`` for a short run). It prints Markdown
tables:

1. For each game, random full-game playouts: games per second and player actions per
   second. Chance deals are included in the loop, every action goes through the
   validated ``apply``, and a seeded ``random.Random`` chooses among ``legal_actions``.
2. Median microseconds of ``legal_actions``, ``apply`` and ``view`` on mid-game states.
3. If ``open_spiel`` is installed (it is never a dependency of tricktaking), the same
   loop over OpenSpiel's ``oh_hell`` for 4 players, a whole game being 12 deals of 1 to
   12 tricks, and two ratios: whole games (player actions per second, dealing included)
   and decisions only (bids and plays from already-dealt states).

Each throughput figure is the best of several timed repetitions, which filters out
noise from other processes; the repetitions of the figures that are compared (the games
of table 1, and the four loops of table 3) are interleaved, so that drift in the
machine's speed during the run touches them alike.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, TypeAlias

import attrs

from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.testing import playout

GAMES: list[tuple[str, ModuleType, object]] = [
    ("Wizard, 4 players, full game", wizard, wizard.WizardConfig(players=4)),
    ("Wizard, 3 players, full game", wizard, wizard.WizardConfig(players=3)),
    ("One Card, 3 players, to 30", one_card, one_card.OneCardConfig(players=3)),
    ("One Card, 4 players, to 30", one_card, one_card.OneCardConfig(players=4)),
    ("Bid Whist, default options", bid_whist, bid_whist.BidWhistConfig()),
    (
        "Bid Whist, exchange, to 11",
        bid_whist,
        bid_whist.BidWhistConfig(kitty="exchange", target=11, min_bid=3),
    ),
]


def random_game(rules: Any, config: object, rng: random.Random) -> int:
    """Play one game with uniformly random legal actions; return the player actions."""
    new_game, apply, deal = rules.new_game, rules.apply, rules.deal
    legal_actions, is_over = rules.legal_actions, rules.is_over
    choice = rng.choice
    state = new_game(config)
    actions = 0
    while True:
        legal = legal_actions(state)
        if legal:  # a seat is to act
            state = apply(state, choice(legal))
            actions += 1
        elif is_over(state):
            return actions
        else:  # a chance node: the next deal
            state = apply(state, deal(state, rng.getrandbits(63)))


Loop: TypeAlias = Callable[[random.Random], int]
"""One random playout (or batch of them) with a given generator; returns player actions."""


def throughputs(
    loops: Mapping[str, Loop], seconds: float, repeats: int
) -> dict[str, tuple[float, float]]:
    """Best (games per second, player actions per second) of each loop.

    The repetitions are interleaved (every loop once, then every loop again, ...), so
    that drift in the machine's speed during the run affects all loops alike and the
    figures of different loops can be compared.
    """
    best = dict.fromkeys(loops, (0.0, 0.0))
    for repeat in range(repeats):
        for name, play_one in loops.items():
            rng = random.Random(2026 + repeat)
            games = actions = 0
            start = time.perf_counter()
            while (elapsed := time.perf_counter() - start) < seconds:
                actions += play_one(rng)
                games += 1
            if actions / elapsed > best[name][1]:
                best[name] = (games / elapsed, actions / elapsed)
    return best


def median_microseconds(calls: Callable[[int], object], count: int) -> float:
    """Median time of one call, in microseconds, from 7 batches of ``count`` calls."""
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for index in range(count):
            calls(index)
        samples.append((time.perf_counter() - start) / count * 1e6)
    return statistics.median(samples)


def function_costs(rules: Any, config: object) -> tuple[float, float, float]:
    """Median µs of legal_actions, apply and view over the mid-game states of a game.

    Each call gets a fresh copy of its state (made before timing), so neither
    ``legal_actions`` nor the validation in ``apply`` can reuse a memo of the state's
    legal actions: these are the costs of a first call.
    """
    states = [s for s in playout(rules.new_game(config), 7) if isinstance(rules.actor(s), int)]
    middle = states[len(states) // 3 : 2 * len(states) // 3]
    count = 2000
    actions = [rules.legal_actions(state)[0] for state in middle]

    def fresh() -> list[Any]:
        return [attrs.evolve(middle[i % len(middle)]) for i in range(count)]

    copies = [fresh() for _ in range(7)]

    def timed(call: Callable[[Any, int], object]) -> float:
        batches = iter(copies)
        samples = []
        for _ in range(7):
            batch = next(batches)
            start = time.perf_counter()
            for index in range(count):
                call(batch[index], index)
            samples.append((time.perf_counter() - start) / count * 1e6)
        return statistics.median(samples)

    legal = timed(lambda state, index: rules.legal_actions(state))
    copies = [fresh() for _ in range(7)]
    applied = timed(lambda state, index: rules.apply(state, actions[index % len(actions)]))
    seen = median_microseconds(lambda index: rules.view(middle[index % len(middle)], 0), count)
    return legal, applied, seen


def comparison_rows(seconds: float, repeats: int) -> list[str]:
    """Wizard beside OpenSpiel's oh_hell, if it is installed, with the two ratios."""
    loops: dict[str, Loop] = {
        "whole": functools.partial(random_game, wizard, wizard.WizardConfig(players=4)),
        "decisions": wizard_decisions(),
    }
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        loops["spiel whole"], loops["spiel decisions"] = open_spiel_loops(pyspiel)
    rates = {name: actions for name, (_, actions) in throughputs(loops, seconds, repeats).items()}
    rows = [
        "| engine | loop | player actions/s |",
        "|---|---|---:|",
        f"| tricktaking Wizard, 4 players, 15 rounds | whole game | {rates['whole']:,.0f} |",
        f"| tricktaking Wizard, 4 players | decisions only | {rates['decisions']:,.0f} |",
    ]
    if pyspiel is None:
        return [*rows, "", "OpenSpiel is not installed: no side-by-side comparison."]
    return [
        *rows[:2],
        f"| OpenSpiel oh_hell, 4 players, 12 deals | whole game | {rates['spiel whole']:,.0f} |",
        f"| OpenSpiel oh_hell, 4 players | decisions only | {rates['spiel decisions']:,.0f} |",
        *rows[2:],
        "",
        "Ratio, whole games (tricktaking / OpenSpiel): "
        f"**{rates['whole'] / rates['spiel whole']:.2f}**",
        "",
        "Ratio, decisions only (tricktaking / OpenSpiel): "
        f"**{rates['decisions'] / rates['spiel decisions']:.2f}**",
    ]


def open_spiel_loops(
    pyspiel: Any,
) -> tuple[Loop, Loop]:
    """OpenSpiel's oh_hell loops: a whole game of 12 deals, and decisions only."""
    deals = [
        pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": tricks})
        for tricks in range(1, 13)
    ]

    def whole_game(rng: random.Random) -> int:
        actions = 0
        for game in deals:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        return actions

    rng = random.Random(3)
    dealt = []
    for game in deals:
        for _ in range(10):
            state = game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            dealt.append(state)

    def decisions(rng: random.Random) -> int:
        actions = 0
        for start in dealt:
            state = start.clone()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    return whole_game, decisions


def wizard_decisions() -> Loop:
    """Wizard (4 players) played on from already-dealt states: bids and plays only."""
    config = wizard.WizardConfig(players=4)
    dealt = [s for s in playout(wizard.new_game(config), 11) if s.phase is wizard.WizardPhase.BID]
    dealt += [s for s in playout(wizard.new_game(config), 12) if s.phase is wizard.WizardPhase.BID]
    dealt = [s for s in dealt if not s.round.tricks and all(b is None for b in s.bids)]

    def play_deals(rng: random.Random) -> int:
        actions = 0
        for start in dealt:
            state = start
            while legal := wizard.legal_actions(state):
                state = wizard.apply(state, rng.choice(legal))
                actions += 1
        return actions

    return play_deals


def main(argv: Sequence[str] | None = None) -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="short runs, for a smoke test")
    args = parser.parse_args(argv)
    seconds, repeats = (0.3, 1) if args.quick else (2.0, 3)
    print("| game | games/s | player actions/s |")
    print("|---|---:|---:|")
    loops: dict[str, Loop] = {
        name: functools.partial(random_game, rules, config) for name, rules, config in GAMES
    }
    for name, (games, actions) in throughputs(loops, seconds, repeats).items():
        print(f"| {name} | {games:,.1f} | {actions:,.0f} |")
    print()
    print("| game | legal_actions µs | apply µs | view µs |")
    print("|---|---:|---:|---:|")
    for name, rules, config in GAMES[::2]:
        legal, applied, seen = function_costs(rules, config)
        print(f"| {name} | {legal:.2f} | {applied:.2f} | {seen:.2f} |")
    print()
    print("\n".join(comparison_rows(seconds, repeats)))


if __name__ == "__main__":
    main()
