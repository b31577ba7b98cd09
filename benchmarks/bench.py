"""Throughput of random full-game playouts per game.

Run ``python benchmarks/bench.py``; prints games and player actions per second, with
the chance deals included in the loop and validated ``apply`` throughout.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import tricktaking as tt


def _playout(config: object, rng: random.Random) -> int:
    state = tt.new_game(config)
    actions = 0
    while not tt.is_over(state):
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, rng.randrange(1 << 62)))
        else:
            state = tt.apply(state, rng.choice(tt.legal_actions(state)))
            actions += 1
    return actions


def measure(name: str, make_config: Callable[[], object], seconds: float = 3.0) -> str:
    """Play seeded random games for about ``seconds`` and format one table row."""
    rng = random.Random(12345)
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += _playout(make_config(), rng)
        games += 1
    return f"| {name} | {games / elapsed:,.1f} | {actions / elapsed:,.0f} |"


def main() -> None:
    """Print the table."""
    print("| game | games/s | player actions/s |")
    print("|---|---:|---:|")
    print(measure("wizard, 4 players, full game", lambda: tt.WizardConfig(players=4)))


if __name__ == "__main__":
    main()
