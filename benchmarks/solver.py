"""Benchmark the exact solver: CPU time and nodes per second on random deals.

Run ``python benchmarks/solver.py`` (``--quick`` for a short run; ``--deals N`` and
``--cases`` choose what runs). Each case is a random position at a lead, dealt and
played at random from a seed, solved by the question the solver answers there:

- ``bid-whist-8``: Bid Whist with 8 cards left in each hand, every card of the leader
  (``card_values``, one contract);
- ``bid-whist-12``: the same at the first lead of the deal, 12 cards each;
- ``wizard-10`` / ``oh-hell-10``: can the leader end with exactly its bid
  (``value``), 4 players, 10 cards each.

For each case it prints the median and the 90th percentile of the CPU time
(``time.process_time``) of the search, the time to load the state as a kernel row
(replaying its history), the median and the 90th percentile of the nodes searched per
deal, and the nodes searched per second (the summed nodes over the summed search time).
The cases of one deal number run one after another, so that drift in the machine's speed
touches them alike; ``--off`` compares settings of the search the same way, each one
switching off the techniques it names (``--off none relative,ordering,equivalence``). The first
call of a process compiles the search (or loads it from the kernels' disk cache): its
time is printed apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import tricktaking as tt
from tricktaking import solver
from tricktaking.engine import game_of
from tricktaking.solver import _api
from tricktaking.solver._engine import DEFAULT, Options, Position, Solve


def at_lead(config: object, seed: int, cards: int, deal_number: int = 1) -> Any:
    """A random position at a lead with ``cards`` cards in each hand, in deal ``deal_number``."""
    choose = random.Random(seed)
    state: Any = tt.new_game(config)
    while True:
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=choose.randrange(1 << 30)))
            continue
        done = state.round.number >= deal_number and solver.in_trick_play(state)
        if done and len(state.round.hands[0]) <= cards and not state.round.trick.plays:
            return state
        state = tt.apply(state, choose.choice(tt.legal_actions(state)))


def bid_whist(cards: int) -> Callable[[int], Any]:
    return lambda seed: at_lead(tt.BidWhistConfig(), seed, cards)


def wizard(seed: int) -> Any:
    return at_lead(tt.WizardConfig(players=4), seed, 10, deal_number=10)


def oh_hell(seed: int) -> Any:
    return at_lead(tt.OhHellConfig(players=4, hand_size=10), seed, 10)


CASES: dict[str, tuple[Callable[[int], Any], bool]] = {
    # name: (position of a seed, whether every card is valued or only the position)
    "bid-whist-8": (bid_whist(8), True),
    "bid-whist-12": (bid_whist(12), True),
    "wizard-10": (wizard, False),
    "oh-hell-10": (oh_hell, False),
}


def setting(off: str) -> Options:
    """The search's options with the techniques named in ``off`` (comma-separated) off."""
    names = [name for name in off.split(",") if name and name != "none"]
    return attrs.evolve(DEFAULT, **dict.fromkeys(names, False))


def solve(state: Any, every_card: bool, options: Options = DEFAULT) -> tuple[float, float, int]:
    """The CPU seconds to load ``state`` and to search it, and the nodes searched."""
    game = game_of(state)
    rules = _api._solver_rules(game)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    start = time.process_time()
    loaded = Position(state)
    loaded_at = time.process_time()
    question = _api._question_of(game, rules, loaded, seat)
    search = Solve(loaded, question, options)
    if every_card:
        _api.plays_solved(loaded, search, question, options)
    else:
        search.value(loaded.ints, loaded.cards)
    return loaded_at - start, time.process_time() - loaded_at, search.nodes


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two deals of the small cases")
    parser.add_argument("--deals", type=int, default=50, help="deals per case (default 50)")
    parser.add_argument("--cases", nargs="*", choices=sorted(CASES), default=None)
    parser.add_argument(
        "--off",
        nargs="*",
        default=["none"],
        help="settings to compare, each the techniques it switches off, comma-separated "
        "(e.g. none relative,ordering); each deal runs under each in turn",
    )
    args = parser.parse_args(argv)
    settings = {off: setting(off) for off in args.off}
    names = args.cases or (
        ["bid-whist-8", "wizard-10", "oh-hell-10"] if args.quick else list(CASES)
    )
    deals = 2 if args.quick else args.deals
    first: dict[str, float] = {}
    for name in names:  # the first call compiles the search or loads it from the cache
        make, every_card = CASES[name]
        wall = time.perf_counter()
        cpu = time.process_time()
        solve(make(10_000), every_card)
        first[name] = time.process_time() - cpu
        print(
            f"{name}: first call {first[name]:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall"
        )
        for options in settings.values():
            solve(make(10_000), every_card, options)  # each setting once more, untimed
    runs = [(name, off) for name in names for off in settings]
    loads: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
    times: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
    nodes: dict[tuple[str, str], list[int]] = {run: [] for run in runs}
    for seed in range(deals):
        for name, off in runs:
            make, every_card = CASES[name]
            load, searched, counted = solve(make(seed), every_card, settings[off])
            loads[name, off].append(load)
            times[name, off].append(searched)
            nodes[name, off].append(counted)
    print()
    print(
        "| case | off | deals | search median ms | search p90 ms | load median ms "
        "| nodes median | nodes p90 | nodes/s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for run in runs:
        rate = sum(nodes[run]) / max(sum(times[run]), 1e-9)
        print(
            f"| {run[0]} | {run[1]} | {deals} | {1000 * statistics.median(times[run]):.1f} "
            f"| {1000 * percentile(times[run], 0.9):.1f} "
            f"| {1000 * statistics.median(loads[run]):.1f} "
            f"| {statistics.median(nodes[run]):,.0f} | {percentile(nodes[run], 0.9):,} "
            f"| {rate:,.0f} |"
        )


if __name__ == "__main__":
    main()
