"""A bot tournament: one heuristic bot against random bots in every game.

Run ``python examples/tournament.py [games] [--jobs N]``. With ``--jobs`` the games run
on a process pool; the statistics are the same as serially, because every game's seed
is derived from the master seed and its index. For many machines, pass a Dask
``distributed.Client(...).get_executor()`` as the executor instead.
"""

from __future__ import annotations

import sys
from concurrent.futures import Executor, ProcessPoolExecutor

import tricktaking as tt
from tricktaking.simulate import simulate

LINE_UPS: list[tuple[object, list[str]]] = [
    (tt.WizardConfig(players=4), ["heuristic", "random", "random", "random"]),
    (tt.OneCardConfig(players=3), ["heuristic", "random", "random"]),
    (tt.BidWhistConfig(), ["heuristic", "random", "heuristic", "random"]),
]


def run(games: int, executor: Executor | None) -> None:
    """Play every line-up and print its table."""
    for config, bots in LINE_UPS:
        result = simulate(config, bots, games=games, seed=2026, executor=executor)
        print(f"\n{tt.get_game(result.game).title}: {games} games")
        print(result.table())


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    count = int(arguments[0]) if arguments else 40
    if "--jobs" in sys.argv:
        jobs = int(sys.argv[sys.argv.index("--jobs") + 1])
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            run(count, pool)
    else:
        run(count, None)
