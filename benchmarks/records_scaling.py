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
   action means linear time. More columns attribute any growth: the CPU time of the
   cyclic garbage collector's full passes during the load (each walks every object it
   tracks, and a long replay holds a history node per action), the same load with the
   collector disabled, reading the tokens alone, and how many tracked objects per
   action the finished replay and the returned record hold.
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


def read_only(text: str) -> int:
    """Read every action token of a record as ``loads`` does, parsing and applying none.

    The reader's share of ``loads``: if it is flat per action and ``loads`` is not, the
    growth is in the replay.
    """
    reader = Reader(text, records.MAX_DEPTH)
    count = 0
    for key in reader.members():
        if key != "actions":
            reader.skip_value()
            continue
        for _ in reader.elements():
            reader.string()
            count += 1
    return count


class FullCollections:
    """The cyclic collector's full (generation 2) passes while it is installed: count, CPU s."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.count += 1
            self.seconds += time.process_time() - self._start

    def __enter__(self) -> FullCollections:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


def tracked_per_action(text: str, actions: int) -> tuple[float, float]:
    """The objects the cyclic collector tracks, per action, that a load leaves behind.

    First those the finished replay holds (its final state: the history's nodes and the
    actions), then those the returned record keeps (its actions). Every full collection
    walks all of them, so they set what the collector costs per action.
    """
    gc.collect()
    before = len(gc.get_objects())
    record = records.loads(text, max_size=1 << 40)
    final = record.final_state()  # the replay's state, as loads holds it at its end
    gc.collect()
    during = len(gc.get_objects()) - before - 1  # not counting the list get_objects made
    del final
    gc.collect()
    kept = len(gc.get_objects()) - before - 1
    del record
    return during / actions, kept / actions


def legal_records(config: object, sizes: Sequence[int]) -> dict[int, str]:
    """The records of one long seeded game cut at each size (sizes it reaches only).

    Only the texts are kept: the long game's states are gone before anything is timed,
    so that every load runs on the same small heap.
    """
    final = long_game(config, max(sizes))
    texts = {}
    for size in sizes:
        cut = _cut(final, size)
        if cut is not None:
            texts[size] = records.dumps(cut)
    return texts


def scaling_table(sizes: Sequence[int], repeats: int, games: str = "") -> None:
    """Print the cost per action of loading legal records of each size."""
    print("\nLegal records: CPU µs per action of records.loads (median, min to max)\n")
    print(
        "| game | actions | MB | µs per action | spread | of which full collections µs "
        "| full collections | with gc disabled µs | reading only µs "
        "| tracked objects per action (replay / record) | peak MiB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    shorter: list[str] = []
    for name, config in GAMES:
        if games not in name:
            continue
        texts = legal_records(config, sizes)
        if len(texts) < len(sizes):
            length = len(long_game(config, max(sizes)).history)
            shorter.append(f"{name}: a whole game is {length:,}")
        times: dict[int, list[float]] = {size: [] for size in texts}
        collecting: dict[int, list[float]] = {size: [] for size in texts}
        passes: dict[int, list[int]] = {size: [] for size in texts}
        reading: dict[int, list[float]] = {size: [] for size in texts}
        no_gc: dict[int, list[float]] = {size: [] for size in texts}
        for _ in range(repeats):
            for size, text in texts.items():
                gc.collect()
                with FullCollections() as full:
                    start = time.process_time()
                    records.loads(text, max_size=1 << 40)
                    times[size].append((time.process_time() - start) / size * 1e6)
                collecting[size].append(full.seconds / size * 1e6)
                passes[size].append(full.count)
                start = time.process_time()
                read_only(text)
                reading[size].append((time.process_time() - start) / size * 1e6)
                gc.collect()
                gc.disable()  # how much of the growth is the cyclic collector's full passes
                start = time.process_time()
                records.loads(text, max_size=1 << 40)
                no_gc[size].append((time.process_time() - start) / size * 1e6)
                gc.enable()
        for size, text in texts.items():
            peak = measure(functools.partial(records.loads, text, max_size=1 << 40))[1]
            during, kept = tracked_per_action(text, size)
            median = statistics.median(times[size])
            spread = f"{min(times[size]):.1f} to {max(times[size]):.1f}"
            print(
                f"| {name} | {size:,} | {len(text) / 1e6:.1f} | {median:.2f} | {spread} "
                f"| {statistics.median(collecting[size]):.2f} "
                f"| {statistics.median(passes[size]):.0f} "
                f"| {statistics.median(no_gc[size]):.2f} "
                f"| {statistics.median(reading[size]):.2f} "
                f"| {during:.2f} / {kept:.2f} | {peak:.0f} |"
            )
    for note in shorter:
        print(f"\n{note} actions: no record of the larger sizes.")


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
        # A smoke run (tests/test_fuzz.py runs it): every column, on the shortest records
        # that still show a game shorter than the larger size (Wizard's 710 actions). The
        # heap of whatever runs it (a test session) is frozen first, so that the forced
        # full collections walk the benchmark's own objects, not everything else.
        gc.freeze()
        try:
            hostile_table(1)
            scaling_table([100, 1_000], 1)
        finally:
            gc.unfreeze()
    else:
        if not args.no_hostile:
            hostile_table(50)
        scaling_table([10_000, 100_000, 1_000_000], args.repeats, args.games)


if __name__ == "__main__":
    main()
