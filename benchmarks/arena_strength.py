"""Search bots against the heuristic bots, over duplicate deals (:mod:`tricktaking.arena`).

For each game and each search kind, ``deals`` duplicate deals of
:func:`~tricktaking.arena.deal_config` are played with the search bot and the game's
heuristic bot on alternate seats (in Bid Whist, one team each; the seatings swap them).
It prints each arena table, the games per second (wall clock) and the CPU time of the
search bot's decisions (those with more than one legal action), so the budget per decision
can be checked. The search bots read the deal's rules (its target included) from their
views. Run it on a quiet machine; ``--quick`` is a smoke test.

``--opponent ismcts`` compares with the ISMCTS bot at its default budget instead of the
heuristic bot. The kind ``batch-pimc`` is :class:`~tricktaking.batch.bots.BatchPimcBot`
(its playouts in one NumPy batch, the ``batch`` and ``rl`` extras) with a budget of
``--seconds`` CPU seconds per decision in sets of ``--worlds`` worlds.

Usage::

    python benchmarks/arena_strength.py --kinds ismcts,pimc --iterations 50 --deals 500
    python benchmarks/arena_strength.py --kinds batch-pimc --seconds 0.1 --opponent ismcts
    python benchmarks/arena_strength.py --combine results/*.json

``--combine`` pools the deals of several runs' JSON files (runs with different seeds hold
independent deals) and prints, per game and bot, the pooled mean difference with its 95 %
interval, the games per second and the CPU time per search decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktaking._progress import Progress
from tricktaking._runs import mean_and_error
from tricktaking.arena import Z_95, arena, deal_config
from tricktaking.bots import Bot, IsmctsBot, PimcBot
from tricktaking.engine import Action, PlayerView

_KINDS = {"ismcts": IsmctsBot, "pimc": PimcBot}

DECISION_TIMES: list[float] = []
"""CPU seconds of each timed decision in this process."""


class _TimedBot:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def act(self, view: PlayerView) -> Action:
        start = time.process_time()
        action = self.bot.act(view)
        if len(view.legal_actions) > 1:
            DECISION_TIMES.append(time.process_time() - start)
        return action


class Search:
    """A factory of search bots with a fixed iteration budget, named ``kind@iterations``."""

    def __init__(
        self,
        kind: str,
        iterations: int,
        *,
        seconds: float = 0.1,
        worlds: int = 32,
    ) -> None:
        self.kind = kind
        self.iterations = iterations
        self.seconds = seconds
        self.worlds = worlds
        budget = f"{round(1000 * seconds)}ms" if kind == "batch-pimc" else f"{iterations}"
        self.__name__ = f"{kind}@{budget}"

    def __call__(self, seed: int) -> Bot:
        if self.kind == "batch-pimc":
            from tricktaking.batch.bots import BatchPimcBot  # noqa: PLC0415 (NumPy extra)

            batched = BatchPimcBot(seed, worlds=self.worlds, seconds=self.seconds)
            return _TimedBot(batched)
        bot = _KINDS[self.kind](seed, iterations=self.iterations)
        return _TimedBot(bot)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def combine(paths: Sequence[str]) -> str:
    """The pooled statistics of several runs' JSON files, one line per game and search bot."""
    pooled: dict[tuple[str, str], list[Any]] = {}
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        pooled.setdefault((data["game"], data["bots"][0]["bot"]), []).append(data)
    lines = [
        "| game | bot | deals | difference | 95% interval | ahead / level / behind "
        "| games/s | games per CPU s | CPU ms per decision: mean, p99, max |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for (game, bot), runs in sorted(pooled.items()):
        values = [deal["differences"][0] for run in runs for deal in run["results"]]
        mean, error = mean_and_error(values)
        games = sum(run["games"] for run in runs)
        seconds = sum(run["seconds"] for run in runs)
        timed = [run for run in runs if "cpu_seconds" in run]
        cpu_rate = (
            f"{sum(run['games'] for run in timed) / sum(run['cpu_seconds'] for run in timed):.2f}"
            if timed
            else "-"
        )
        counts = (
            sum(v > 0 for v in values),
            sum(v == 0 for v in values),
            sum(v < 0 for v in values),
        )
        times = [ms for run in runs for ms in run.get("decision_cpu_ms", [])]
        decisions = (
            f"{sum(times) / len(times):.1f}, {_percentile(times, 0.99):.1f}, {max(times):.1f}"
            if times
            else "-"
        )
        lines.append(
            f"| {game} | {bot} | {len(values)} | {mean:+.2f} | "
            f"{mean - Z_95 * error:+.2f} … {mean + Z_95 * error:+.2f} | "
            f"{' / '.join(map(str, counts))} | {games / seconds:.2f} | {cpu_rate} | {decisions} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default="ismcts,pimc", help="search kinds to measure")
    parser.add_argument("--games", default="wizard,one-card,bid-whist")
    parser.add_argument("--iterations", type=int, default=50, help="per decision")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument(
        "--opponent", default="heuristic", help="the bot kind to compare with (default heuristic)"
    )
    parser.add_argument("--seconds", type=float, default=0.1, help="batch-pimc: CPU s per decision")
    parser.add_argument("--worlds", type=int, default=32, help="batch-pimc: worlds per set")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json-dir", default=None, help="write each result here as JSON")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 deals, 5 iterations")
    parser.add_argument("--combine", nargs="+", metavar="JSON", help="pool earlier runs' results")
    args = parser.parse_args(argv)
    if args.combine:
        print(combine(args.combine))
        return
    deals, iterations = (2, 5) if args.quick else (args.deals, args.iterations)
    for game in args.games.split(","):
        for kind in args.kinds.split(","):
            DECISION_TIMES.clear()
            config = deal_config(game)
            search = Search(kind, iterations, seconds=args.seconds, worlds=args.worlds)
            start, cpu_start = time.perf_counter(), time.process_time()
            with Progress(deals, sys.stderr, f"{game} {search.__name__}") as progress:
                result = arena(
                    config,
                    [search, args.opponent],
                    deals=deals,
                    seed=args.seed,
                    chunk_size=1,
                    progress=progress,
                )
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu_start
            print(result.table())
            times = DECISION_TIMES
            print(
                f"{result.games} games in {seconds:.0f} s: {result.games / seconds:.2f} games/s "
                f"({result.games / cpu:.2f} per CPU second); "
                f"{search.__name__} decisions: {len(times)}, CPU ms mean "
                f"{1000 * sum(times) / max(1, len(times)):.1f}, p99 "
                f"{1000 * _percentile(times, 0.99):.1f}, max {1000 * max(times, default=0):.1f}\n",
                flush=True,
            )
            if args.json_dir:
                path = Path(args.json_dir) / f"{game}-{search.__name__}-seed{args.seed}.json"
                data = result.to_dict()
                data["seconds"] = seconds
                data["cpu_seconds"] = cpu
                data["decision_cpu_ms"] = [round(1000 * t, 2) for t in times]
                path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
