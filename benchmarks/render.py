"""What a picture costs: CPU time of ``render.svg``, ``render.text`` and ``deal_svg``.

Run ``python benchmarks/render.py`` (``--quick`` for a smoke run). For each game it takes
the views of every seat at states spread over a seeded random game, and the finished
deals of its record, then times the three renderers in interleaved slices (one slice of
each in turn, repeated), so a change in machine load hits them alike. It prints, per
game and renderer, the median CPU time of one picture in milliseconds with the lowest
and highest slice.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

import tricktaking as tt
from tricktaking.records import GameRecord
from tricktaking.render import deal_count, deal_svg, svg, text
from tricktaking.testing import playout

GAMES: list[tuple[str, object]] = [
    ("Wizard, 4 players", tt.WizardConfig(players=4)),
    ("One Card, 3 players", tt.OneCardConfig(players=3)),
    ("Bid Whist, kitty exchange", tt.BidWhistConfig(kitty="exchange")),
]


def _slice(work: Sequence[Callable[[], object]]) -> float:
    """CPU seconds per item of ``work``."""
    start = time.process_time()
    for item in work:
        item()
    return (time.process_time() - start) / len(work)


def measure(config: object, views: int, repeats: int, deals: int) -> dict[str, list[float]]:
    """Seconds per picture of each renderer, one entry per repetition."""
    states = playout(tt.new_game(config), seed=1)
    players = len(tt.scores(states[0]))
    step = max(1, len(states) // views)
    seen = [tt.view(state, seat) for state in states[::step] for seat in range(players)]
    record = GameRecord.from_state(states[-1])
    finished = range(min(deals, deal_count(record)))
    work: dict[str, list[Callable[[], object]]] = {
        "svg(view)": [partial(svg, v) for v in seen],
        "text(view)": [partial(text, v) for v in seen],
        "deal_svg(record, i)": [partial(deal_svg, record, i) for i in finished],
    }
    times: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(repeats):
        for name, items in work.items():
            times[name].append(_slice(items))
    return times


def main(argv: Sequence[str] | None = None) -> None:
    """Print one table of renderer costs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few views, 2 repeats")
    args = parser.parse_args(argv)
    views, repeats, deals = (2, 1, 1) if args.quick else (40, 7, 1000)
    print("| game | renderer | median ms | lowest–highest ms |")
    print("| --- | --- | ---: | ---: |")
    for title, config in GAMES:
        for name, seconds in measure(config, views, repeats, deals).items():
            low, high = min(seconds) * 1e3, max(seconds) * 1e3
            median = statistics.median(seconds) * 1e3
            print(f"| {title} | {name} | {median:.2f} | {low:.2f}–{high:.2f} |")


if __name__ == "__main__":
    main()
