"""Memory of keeping, and of hashing, every state of a long game.

Run ``python benchmarks/memory.py`` (``--actions N`` to change the length, 20,000 by
default). It plays one seeded random One Card game for 4 players with a target no game
reaches, keeps every state in a list, then hashes every state (as a transposition table
or a ``set`` of states would), and prints what each step added, measured with
:mod:`tracemalloc`:

- *states kept*: the states themselves (they share hands, tricks and history nodes);
- *after hashing every state*: what the hashing added on top (each history node caches
  one hash, an ``int``; nothing else is kept);
- *peak*: the highest traced memory during the whole run.

The bar is under 50 MB for a 20,000-action game, kept and hashed.
"""

from __future__ import annotations

import argparse
import random
import tracemalloc
from collections.abc import Sequence

import tricktaking as tt
from tricktaking.seeding import derive_seed

MB = 1024 * 1024


def long_game(actions: int, seed: int = 15) -> list[tt.OneCardState]:
    """Every state of a seeded random One Card game, cut after ``actions`` actions."""
    state = tt.new_game(tt.OneCardConfig(players=4, target=10**6))
    rng = random.Random(seed)
    states = [state]
    while len(states) <= actions and not tt.is_over(state):
        if tt.actor(state) is tt.CHANCE:
            action: object = tt.deal(state, derive_seed(seed, "deal", len(states)))
        else:
            action = rng.choice(tt.legal_actions(state))
        state = tt.apply(state, action)
        states.append(state)
    return states


def measure(actions: int) -> tuple[int, float, float, float]:
    """(actions played, MB of the kept states, MB added by hashing them, peak MB)."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        states = long_game(actions)
        kept = tracemalloc.get_traced_memory()[0]
        hashes = {hash(state) for state in states}
        hashed = tracemalloc.get_traced_memory()[0]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(hashes) == len(states)  # every state differs from every other
    played = len(states) - 1
    return played, (kept - base) / MB, (hashed - kept) / MB, (peak - base) / MB


def main(argv: Sequence[str] | None = None) -> None:
    """Print one Markdown table row per length."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--actions", type=int, nargs="+", default=[20_000])
    args = parser.parse_args(argv)
    print("| actions | states kept, MB | added by hashing every state, MB | peak, MB |")
    print("|---:|---:|---:|---:|")
    for length in args.actions:
        played, kept, hashed, peak = measure(length)
        print(f"| {played:,} | {kept:.1f} | {hashed:.1f} | {peak:.1f} |")


if __name__ == "__main__":
    main()
