"""Search-bot strength: duplicate-deal arena runs of IsmctsBot and PimcBot vs the heuristic.

Usage: ``python benchmarks/strength.py [games...] --deals N --iterations I --seed S``

Each deal is one short game (:func:`tricktaking.arena.deal_config`), played once per
seating; the search bots get the deal's config (so their worlds have the real target)
and a fixed iteration budget. Prints, per game and search bot: deals, the per-deal score
difference (mean, standard error, 95 % interval), games/s and CPU ms per search decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import tricktaking as tt
from tricktaking.arena import arena, deal_config, deal_states
from tricktaking.bots import Bot, IsmctsBot, PimcBot


class Searcher:
    """A picklable factory of search bots with a budget and the game's config."""

    def __init__(self, kind: str, iterations: int, config: object) -> None:
        self.kind = kind
        self.iterations = iterations
        self.config = config
        self.__name__ = f"{kind}-{iterations}"

    def __call__(self, seed: int) -> Bot:
        if self.kind == "ismcts":
            return IsmctsBot(seed, iterations=self.iterations, config=self.config)
        return PimcBot(seed, iterations=self.iterations, config=self.config)


def decision_ms(config: object, kind: str, iterations: int, count: int = 20) -> float:
    """Median CPU milliseconds per search decision on states of random heuristic games."""
    states = [
        state
        for state in deal_states(config, ["heuristic"] * len(tt.scores(tt.new_game(config))), 7)
        if isinstance(tt.actor(state), int) and len(tt.legal_actions(state)) > 1
    ]
    picks = states[:: max(1, len(states) // count)][:count]
    bot = Searcher(kind, iterations, config)(1)
    times = []
    for state in picks:
        seat = tt.actor(state)
        assert isinstance(seat, int)
        seen = tt.view(state, seat)
        start = time.process_time()
        bot.act(seen)
        times.append(1000 * (time.process_time() - start))
    return statistics.median(times)


def progress(done: int, total: int) -> None:
    print(f"  {done}/{total} deals", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=["wizard", "one-card", "bid-whist"])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--iterations", type=int, default=40, help="per search decision")
    parser.add_argument("--workers", type=int, default=2, help="1: no process pool")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--kinds", default="ismcts,pimc", help="search kinds to compare")
    args = parser.parse_args(argv)
    print(f"deals={args.deals} iterations={args.iterations} seed={args.seed}")
    for game in args.games:
        config = deal_config(game)
        for kind in args.kinds.split(","):
            searcher = Searcher(kind, args.iterations, config)
            ms = decision_ms(config, kind, args.iterations)
            start = time.perf_counter()
            pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
            try:
                result = arena(
                    config,
                    [searcher, "heuristic"],
                    deals=args.deals,
                    seed=args.seed,
                    executor=pool,
                    chunk_size=2,
                    progress=progress,
                )
            finally:
                if pool is not None:
                    pool.shutdown()
            wall = time.perf_counter() - start
            stats = result.bots[0]
            low, high = stats.interval
            print(
                f"{game:10} {stats.bot:10} deals={args.deals} diff={stats.difference:+.2f} "
                f"se={stats.standard_error:.2f} ci95=({low:+.2f}, {high:+.2f}) "
                f"games/s={result.games / wall:.2f} ms/decision={ms:.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
