"""Benchmark world sampling: how many worlds per second ``sample_world`` draws.

Run ``python benchmarks/worlds.py`` (``--quick`` for a short run). For a mid-round
4-player Wizard view, a mid-hand One Card view and a mid-hand Bid Whist view, it times

- ``sample_world(view, seed)``: everything from the view (reading the constraints,
  counting, drawing, replaying the round through ``apply``);
- ``sampler.sample(seed)`` on a :func:`~tricktaking.worlds.world_sampler` built once:
  what a search bot pays per iteration (drawing and replaying only).

Each figure is the median of several slices of CPU time (``time.process_time``), with
the slices of all figures interleaved so that drift in the machine's speed touches
them alike; the spread is the lowest and highest slice.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable, Sequence

import tricktaking as tt
from tricktaking.engine import PlayerView
from tricktaking.testing import playout
from tricktaking.worlds import sample_world, world_sampler


def mid_view(config: object, seed: int, number: int, share: float) -> PlayerView:
    """The view of the seat to act ``share`` of the way through deal ``number``."""
    states = playout(tt.new_game(config), seed, max_actions=20_000)
    in_deal = [
        s
        for s in states
        if getattr(tt.view(s, 0), "round_number", None) == number
        and isinstance(tt.actor(s), int)
        and s.round.tricks
    ]
    state = in_deal[int(share * (len(in_deal) - 1))]
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return tt.view(state, seat)


VIEWS: list[tuple[str, Callable[[], PlayerView]]] = [
    ("Wizard, 4 players, round 8", lambda: mid_view(tt.WizardConfig(players=4), 3, 8, 0.5)),
    ("One Card, 4 players", lambda: mid_view(tt.OneCardConfig(players=4), 3, 1, 0.5)),
    ("Bid Whist, default", lambda: mid_view(tt.BidWhistConfig(), 3, 1, 0.5)),
    (
        "Oh Hell, 4 players, 10 cards",
        lambda: mid_view(tt.OhHellConfig(players=4, hand_size=10, first_dealer=0), 3, 1, 0.5),
    ),
]


def rate(draw: Callable[[int], object], count: int) -> float:
    """Worlds per CPU second over ``count`` draws."""
    start = time.process_time()
    for seed in range(count):
        draw(seed)
    return count / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--draws", type=int, default=2000, help="draws per slice")
    parser.add_argument("--slices", type=int, default=7, help="slices per figure")
    args = parser.parse_args(argv)
    count, slices = (50, 3) if args.quick else (args.draws, args.slices)
    loops: dict[str, Callable[[int], object]] = {}
    for name, make in VIEWS:
        view = make()
        sampler = world_sampler(view)
        loops[f"{name} | sample_world"] = functools.partial(sample_world, view)
        loops[f"{name} | sampler.sample"] = sampler.sample
    results: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(slices):
        for name, loop in loops.items():
            results[name].append(rate(loop, count))
    print("| view | call | worlds/s (median) | slowest slice | fastest slice |")
    print("|---|---|---:|---:|---:|")
    for name, rates in results.items():
        print(
            f"| {name} | {statistics.median(rates):,.0f} | {min(rates):,.0f} | {max(rates):,.0f} |"
        )


if __name__ == "__main__":
    main()
