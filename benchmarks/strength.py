"""Search-bot strength: duplicate-deal arena runs of IsmctsBot and PimcBot vs the heuristic.

Usage: ``python benchmarks/strength.py [deals] [iterations] [workers] [games...]``

Each deal is one short game (:func:`tricktaking.arena.deal_config`), played once per
seating; the search bots get the deal's config (so their worlds have the real target)
and a fixed iteration budget. Prints, per game and search bot: deals, the per-deal score
difference (mean, standard error, 95 % interval), games/s and CPU ms per search decision.
"""

from __future__ import annotations

import statistics
import sys
import time
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


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    games = sys.argv[4:] or ["wizard", "one-card", "bid-whist"]
    print(f"deals={deals} iterations={iterations} workers={workers}")
    for game in games:
        config = deal_config(game)
        for kind in ("ismcts", "pimc"):
            searcher = Searcher(kind, iterations, config)
            ms = decision_ms(config, kind, iterations)
            start = time.perf_counter()
            with ProcessPoolExecutor(workers) as pool:
                result = arena(
                    config,
                    [searcher, "heuristic"],
                    deals=deals,
                    seed=2026,
                    executor=pool,
                    chunk_size=2,
                    progress=progress,
                )
            wall = time.perf_counter() - start
            stats = result.bots[0]
            print(
                f"{game:10} {stats.bot:10} deals={deals} diff={stats.difference:+.2f} "
                f"se={stats.standard_error:.2f} "
                f"ci95=({stats.interval[0]:+.2f}, {stats.interval[1]:+.2f}) "
                f"games/s={result.games / wall:.2f} ms/decision={ms:.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
