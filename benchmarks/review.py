"""The review's cost: CPU time of one solved position by cards in hand, and of a deal's review.

One process, CPU time (``time.process_time``), interleaved: every round solves one
position of every (game, cards left) cell in turn, each round starting one cell later, so
that a slower period of the shared machine touches every cell alike. Positions are card
plays of games between heuristic bots (seeded), taken where the fullest hand holds
exactly N cards; each is solved once (``solver.card_values``), so the figures are cold
solves, as the review makes them. Each figure is the median over the rounds with the
lowest and highest beside it.

Table 1: milliseconds of ``solver.card_values`` per position, by game and N.
Table 2: seconds of ``analysis.review`` of one whole game between heuristic bots (Wizard
4 players: 15 deals of 1 to 15 cards; One Card 3 players and Bid Whist to their targets;
Oh Hell 4 players: one deal of 12 cards), at ``max_cards_left`` = each N: what a bound
costs a review.

    python benchmarks/review.py                  # N = 4, 6, 8; a few minutes of CPU
    python benchmarks/review.py --sizes 8,10     # larger hands: far slower
    python benchmarks/review.py --quick          # a smoke run
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable

import tricktaking as tt
from tricktaking import analysis, records, solver
from tricktaking.engine import GameState
from tricktaking.simulate import game_states
from tricktaking.tricks import Play

GAMES: list[tuple[str, object, int]] = [
    ("Wizard, 4 players", tt.WizardConfig(players=4), 4),
    ("One Card, 3 players", tt.OneCardConfig(players=3), 3),
    ("Bid Whist", tt.BidWhistConfig(), 4),
    ("Oh Hell, 4 players", tt.OhHellConfig(players=4, hand_size=12), 4),
]
"""(label, configuration, seats) of each game measured."""


def _cards_left(state: GameState[object]) -> int:
    return max(len(hand) for hand in state.round.hands)


def _positions(
    config: object, seats: int, sizes: list[int], count: int
) -> dict[int, list[GameState[object]]]:
    """``count`` card-play positions of each size, from seeded games between bots."""
    found: dict[int, list[GameState[object]]] = {size: [] for size in sizes}
    seed = 0
    while any(len(states) < count for states in found.values()) and seed < 400:
        states = list(game_states(config, ["heuristic"] * seats, seed))
        for before, action in zip(states, states[-1].history.to_tuple(), strict=False):
            size = _cards_left(before)
            if isinstance(action, Play) and size in found and len(found[size]) < count:
                found[size].append(before)
        seed += 1
    return found


def _game(config: object, seats: int) -> records.GameRecord:
    """The record of a whole game between heuristic bots (seed 0)."""
    return records.GameRecord.from_state(list(game_states(config, ["heuristic"] * seats, 0))[-1])


def _timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _cell(values: list[float], scale: float, digits: int) -> str:
    if not values:
        return "—"
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid * scale:.{digits}f} [{low * scale:.{digits}f}–{high * scale:.{digits}f}]"


def main(argv: list[str] | None = None) -> None:
    """Print both tables (``--quick``: a smoke run of small positions)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument(
        "--sizes", default="4,6,8", help="the cards left measured, comma-separated (4,6,8)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="positions per cell (5)")
    args = parser.parse_args(argv)
    sizes = [2, 4] if args.quick else [int(size) for size in args.sizes.split(",")]
    rounds = 2 if args.quick else args.rounds
    cells = [
        (label, size, state)
        for label, config, seats in GAMES
        for size, states in _positions(config, seats, sizes, rounds).items()
        for state in states[:rounds]
    ]
    for label, _, _ in GAMES:  # compile each game's kernel before any timing
        warm = next(state for name, _, state in cells if name == label)
        solver.card_values(warm)
    times: dict[tuple[str, int], list[float]] = {}
    by_cell: dict[tuple[str, int], list[GameState[object]]] = {}
    for label, size, state in cells:
        by_cell.setdefault((label, size), []).append(state)
    keys = list(by_cell)
    for turn in range(rounds):
        for offset in range(len(keys)):
            key = keys[(turn + offset) % len(keys)]
            if turn < len(by_cell[key]):
                state = by_cell[key][turn]
                times.setdefault(key, []).append(
                    _timed(functools.partial(solver.card_values, state))
                )
    print("Table 1: ms of solver.card_values per position (median [min–max]), by cards left\n")
    print("| game | " + " | ".join(f"N = {size}" for size in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for label, _, _ in GAMES:
        row = [_cell(times.get((label, size), []), 1000, 2) for size in sizes]
        print(f"| {label} | " + " | ".join(row) + " |")
    print("\nTable 2: s of analysis.review of a whole game, by max_cards_left\n")
    print("| game | " + " | ".join(f"N = {size}" for size in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    reviews: dict[tuple[str, int], list[float]] = {}
    deals = {label: _game(config, seats) for label, config, seats in GAMES}
    for turn in range(3 if not args.quick else 1):
        order = [(label, size) for label, _, _ in GAMES for size in sizes]
        for offset in range(len(order)):
            label, size = order[(turn + offset) % len(order)]
            record = deals[label]
            reviews.setdefault((label, size), []).append(
                _timed(functools.partial(analysis.review, record, max_cards_left=size))
            )
    for label, _, _ in GAMES:
        row = [_cell(reviews.get((label, size), []), 1, 2) for size in sizes]
        print(f"| {label} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
