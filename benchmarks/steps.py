"""Where the time of a random game goes: the cost of each kind of step.

Run ``python benchmarks/steps.py`` (``--quick`` for a smoke run). For each game it plays
a few seeded random games, then times every step again on its own: ``legal_actions``,
the random choice and ``apply`` for a player's action, and ``deal``, ``apply`` and the
first ``legal_actions`` for a deal. Each step is timed on fresh copies of its state (so
no memo of legal actions helps), best of seven batches. It prints, per kind of step,
how often it happens per game, its mean cost, and its share of the average cost of one
player action.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from tricktaking._fast import replacer
from tricktaking.actions import CHANCE
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.testing import playout

GAMES: list[tuple[str, ModuleType, Any]] = [
    ("Wizard, 4 players, full game", wizard, wizard.WizardConfig(players=4)),
    ("One Card, 3 players, to 30", one_card, one_card.OneCardConfig(players=3)),
    ("Bid Whist, default options", bid_whist, bid_whist.BidWhistConfig()),
]


def kind_of_step(rules: Any, state: Any) -> str:
    """What the next step of ``state`` is: a deal, a call or choice, or which card."""
    if rules.actor(state) is CHANCE:
        return "deal"
    if state.phase.value != "play":
        return "call or choice"
    after = rules.apply(state, rules.legal_actions(state)[0])
    if after.phase.value in ("deal", "over"):
        return "last card of a deal"
    if not after.round.trick.plays:
        return "card completing a trick"
    return "card in a trick"


def step_cost(rules: Any, state: Any, step: str, copies: int = 20) -> float:
    """Seconds for one ``step`` from ``state``, best of seven batches of fresh copies."""
    fresh: Callable[[Any], Any] = replacer(type(state))
    best = float("inf")
    for batch in range(7):
        states = [fresh(state) for _ in range(copies)]
        rng = random.Random(batch)
        start = time.perf_counter()
        if step == "deal":
            for copy in states:
                rules.legal_actions(rules.apply(copy, rules.deal(copy, rng.getrandbits(63))))
        else:
            for copy in states:
                rules.apply(copy, rng.choice(rules.legal_actions(copy)))
        best = min(best, (time.perf_counter() - start) / copies)
    return best


def profile(rules: Any, config: Any, games: int) -> tuple[float, dict[str, list[float]]]:
    """µs per player action, and the costs (seconds) of every step by kind."""
    costs: dict[str, list[float]] = defaultdict(list)
    for seed in range(games):
        for state in playout(rules.new_game(config), seed):
            if not rules.is_over(state):
                step = kind_of_step(rules, state)
                costs[step].append(step_cost(rules, state, step))
    actions = sum(len(times) for step, times in costs.items() if step != "deal")
    per_action = sum(map(sum, costs.values())) / actions
    return per_action, costs


def main(argv: Sequence[str] | None = None) -> None:
    """Print one table per game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="one short game, for a smoke test")
    args = parser.parse_args(argv)
    for name, rules, config in GAMES:
        games = 1 if args.quick else 3
        short = args.quick and rules is wizard
        played = wizard.WizardConfig(players=4, rounds=2) if short else config
        per_action, costs = profile(rules, played, games)
        actions = sum(len(times) for step, times in costs.items() if step != "deal")
        print(f"{name}: {per_action * 1e6:.2f} µs per player action")
        print()
        print("| step | per game | µs | share |")
        print("|---|---:|---:|---:|")
        for step, times in sorted(costs.items(), key=lambda item: -sum(item[1])):
            share = sum(times) / actions / per_action
            mean = sum(times) / len(times) * 1e6
            print(f"| {step} | {len(times) / games:.1f} | {mean:.2f} | {share:.0%} |")
        print()


if __name__ == "__main__":
    main()
