"""What reading a record costs: hostile records, and legal records of growing length.

Run ``python benchmarks/records_scaling.py`` (``--quick`` for a smoke run).

1. A hostile record of about 50 MB whose action 0 is illegal, followed by millions of
   tokens: the CPU time and the extra memory (``tracemalloc`` peak) until
   ``records.loads`` rejects it, once with the default ``max_size`` (refused by size)
   and once with ``max_size`` raised above it (refused at action 0 by the streaming
   replay, without reading the rest).
2. Legal records of 10k, 100k and 1M actions (one long game, cut at that many
   actions): the CPU time of ``records.loads`` per action. Sizes are interleaved
   (10k, 100k, 1M, 10k, ...) so that drifts of a shared machine hit all of them; the
   median of the repetitions is reported with its spread (min to max). Flat cost per
   action means linear time.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence

import tricktaking as tt
from tricktaking import records
from tricktaking._json_reader import Reader
from tricktaking.errors import RecordError

MiB = 1024 * 1024


def long_game(config: object, actions: int, seed: int = 0) -> tt.GameState[object]:
    """The state after ``actions`` actions of one seeded random game (fewer if it ends)."""
    rng = random.Random(seed)
    state = tt.new_game(config)
    for _ in range(actions):
        if tt.is_over(state):
            break
        if tt.actor(state) is tt.CHANCE:
            action: object = tt.deal(state, rng.getrandbits(64))
        else:
            action = rng.choice(tt.legal_actions(state))
        state = tt.apply(state, action)
    return state


def hostile_record(megabytes: int) -> str:
    """A record of about ``megabytes`` MB whose first action is illegal."""
    state = long_game(tt.OneCardConfig(players=3, target=1_000_000), 200)
    data = json.loads(records.dumps(state))
    tokens = data["actions"]
    filler = [*tokens[1:]] * (megabytes * MiB // (len(json.dumps(tokens)) or 1) + 1)
    data["actions"] = ["0 play JK", *filler]
    return json.dumps(data)


def measure(call: Callable[[], object]) -> tuple[float, float, str]:
    """CPU seconds, peak extra MiB (tracemalloc) and the outcome of ``call``."""
    gc.collect()
    tracemalloc.start()
    start = time.process_time()
    try:
        call()
        outcome = "accepted"
    except RecordError as error:
        outcome = f"RecordError: {str(error)[:70]}"
    seconds = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] / MiB
    tracemalloc.stop()
    return seconds, peak, outcome


def hostile_table(megabytes: int) -> None:
    """Print the cost of rejecting a hostile record."""
    text = hostile_record(megabytes)
    size = len(text) / 1e6
    print(f"\nHostile record: {size:.1f} MB, action 0 illegal\n")
    print("| max_size | CPU s | extra MiB | outcome |")
    print("|---|---|---|---|")
    raw = text.encode()
    for label, data, limit in (
        ("default (16 MiB)", text, records.MAX_SIZE),
        ("128 MiB", text, 128 * MiB),
        ("128 MiB, as bytes", raw, 128 * MiB),
    ):
        seconds, peak, outcome = measure(functools.partial(records.loads, data, max_size=limit))
        print(f"| {label} | {seconds:.3f} | {peak:.1f} | {outcome} |")


GAMES: list[tuple[str, object]] = [
    ("Wizard, 3 players (one full game)", tt.WizardConfig(players=3)),
    ("One Card, 3 players, target 1,000,000", tt.OneCardConfig(players=3, target=1_000_000)),
    ("Bid Whist, target 1,000,000", tt.BidWhistConfig(target=1_000_000)),
]


def read_only(text: str, parse: Callable[[str], object]) -> int:
    """Read and parse every action token of a record as ``loads`` does, applying none.

    The reader's share of ``loads``: if it is flat per action and ``loads`` is not, the
    growth is in the engine's ``apply``.
    """
    reader = Reader(text, records.MAX_DEPTH)
    count = 0
    for key in reader.members():
        if key != "actions":
            reader.skip_value()
            continue
        for _ in reader.elements():
            parse(reader.string())
            count += 1
    return count


def scaling_table(sizes: Sequence[int], repeats: int, games: str = "") -> None:
    """Print the cost per action of loading legal records of each size."""
    print("\nLegal records: CPU µs per action of records.loads (median, min to max)\n")
    print("| game | actions | MB | µs per action | spread | reading only µs | peak MiB |")
    print("|---|---|---|---|---|---|---|")
    for name, config in GAMES:
        if games not in name:
            continue
        final = long_game(config, max(sizes))
        texts = {}
        for size in sizes:
            cut = _cut(final, size)
            if cut is not None:
                texts[size] = records.dumps(cut)
        times: dict[int, list[float]] = {size: [] for size in texts}
        reading: dict[int, list[float]] = {size: [] for size in texts}
        for _ in range(repeats):
            for size, text in texts.items():
                gc.collect()
                start = time.process_time()
                records.loads(text, max_size=1 << 40)
                times[size].append((time.process_time() - start) / size * 1e6)
                start = time.process_time()
                read_only(text, tt.game_of(final).rules.parse_action)
                reading[size].append((time.process_time() - start) / size * 1e6)
        for size, text in texts.items():
            peak = measure(functools.partial(records.loads, text, max_size=1 << 40))[1]
            median = statistics.median(times[size])
            spread = f"{min(times[size]):.1f} to {max(times[size]):.1f}"
            read = statistics.median(reading[size])
            print(
                f"| {name} | {size:,} | {len(text) / 1e6:.1f} | {median:.1f} | {spread} "
                f"| {read:.1f} | {peak:.0f} |"
            )


def _cut(final: tt.GameState[object], size: int) -> tt.GameState[object] | None:
    """The state after the first ``size`` actions of ``final``'s game, replayed."""
    actions = final.history.to_tuple()
    if len(actions) < size:
        return None
    state = tt.new_game(final.config)
    for action in actions[:size]:
        state = tt.apply(state, action)
    return state


def main(argv: Sequence[str] | None = None) -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, one repetition")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default="", help="only the games whose name has this")
    parser.add_argument("--no-hostile", action="store_true", help="skip the hostile record")
    args = parser.parse_args(argv)
    if args.quick:
        hostile_table(1)
        scaling_table([200, 2_000], 1)
    else:
        if not args.no_hostile:
            hostile_table(50)
        scaling_table([10_000, 100_000, 1_000_000], args.repeats, args.games)


if __name__ == "__main__":
    main()
