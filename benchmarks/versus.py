"""Compare this checkout's engine with an earlier revision's, in one process.

Run ``python benchmarks/versus.py`` (about a minute and a half; ``--rev`` picks the
earlier revision, by default ``0a25739``, main before the architecture, hardening and
representation work; ``--quick`` for a smoke run).

The earlier revision's ``src/tricktaking`` is exported with ``git archive`` into a
temporary directory and imported under another name (``tricktaking_then``: every
``tricktaking`` in its sources renamed), so both engines run side by side in this
process. For each game, whole random games and decisions only (from dealt states) run
through each game module in interleaved slices of CPU time, as in ``bench.py``; each
figure is a median with the lowest and highest slice, and each ratio the median of the
ratios of slices of the same round. ``--bots`` adds whole games between the heuristic
bots through each revision's top-level package (``tt.view``, the bot's ``act``,
``tt.apply``: the loop of ``simulate`` and of the search bots' playouts).
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import attrs
import bench

DEFAULT_REVISION = "0a25739"
"""Main before the architecture, hardening and representation work: the baseline."""

THEN = "tricktaking_then"


def export_revision(revision: str, into: Path) -> None:
    """Write ``revision``'s package into ``into`` as the package :data:`THEN`."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "archive", revision, "src/tricktaking"],
        cwd=root,
        check=True,
        capture_output=True,
    ).stdout
    name = re.compile(r"\btricktaking\b")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            source = tar.extractfile(member) if member.isfile() else None
            if source is None:
                continue
            relative = Path(member.name).relative_to("src/tricktaking")
            target = into / THEN / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            data = source.read()
            if target.suffix == ".py":
                data = name.sub(THEN, data.decode()).encode()
            target.write_bytes(data)


def games_then(into: Path) -> Any:
    """The earlier revision's ``games`` package."""
    if str(into) not in sys.path:
        sys.path.insert(0, str(into))
    return importlib.import_module(f"{THEN}.games")


def package_then(into: Path) -> Any:
    """The earlier revision's top-level package, with its bots."""
    games_then(into)
    importlib.import_module(f"{THEN}.bots")
    return importlib.import_module(THEN)


def functions_of(module: Any) -> bench.Functions:
    """A game module's own functions."""
    return bench.Functions(
        module.new_game, module.legal_actions, module.apply, module.deal, module.is_over
    )


def dealt_states_of(functions: bench.Functions, config: object) -> list[Any]:
    """The states just after each deal of two seeded random games, for either engine."""
    dealt: list[Any] = []
    for seed in (11, 12):
        rng = random.Random(seed)
        new_game, legal_actions, apply, deal, is_over = functions
        state = new_game(config)
        while not is_over(state):
            legal = legal_actions(state)
            if legal:
                state = apply(state, rng.choice(legal))
            else:
                state = apply(state, deal(state, rng.getrandbits(63)))
                dealt.append(state)
    return dealt


def main(argv: Sequence[str] | None = None) -> None:
    """Print the comparison tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=DEFAULT_REVISION, help="the earlier git revision")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument(
        "--bots", action="store_true", help="also whole games between heuristic bots"
    )
    args = parser.parse_args(argv)
    slice_seconds, rounds = (0.02, 3) if args.quick else (0.25, 15)
    with tempfile.TemporaryDirectory() as directory:
        export_revision(args.rev, Path(directory))
        then = games_then(Path(directory))
        loops: dict[str, bench.Loop] = {}
        labels: list[tuple[str, str]] = []
        for label, name, config in bench.GAMES:
            module_name = name.replace("-", "_")
            old_module = getattr(then, module_name)
            old_config = getattr(old_module, type(config).__name__)(**_options(config))
            new = bench.module_functions(name)
            old = functions_of(old_module)
            loops[f"{label}, whole game, now"] = bench.whole_game(new, config)
            loops[f"{label}, whole game, {args.rev}"] = bench.whole_game(old, old_config)
            loops[f"{label}, decisions only, now"] = bench.decisions_only(
                new, dealt_states_of(new, config)
            )
            loops[f"{label}, decisions only, {args.rev}"] = bench.decisions_only(
                old, dealt_states_of(old, old_config)
            )
            labels += [(label, "whole game"), (label, "decisions only")]
            if args.bots:
                loops[f"{label}, bot-driven, now"] = bench.bot_driven(name, config)
                loops[f"{label}, bot-driven, {args.rev}"] = bench.bot_driven(
                    name, old_config, package_then(Path(directory))
                )
                labels.append((label, "bot-driven"))
        rates = bench.measure(loops, slice_seconds, rounds)
    print(
        f"Player actions per CPU second through the game modules: median of {rounds}"
        f" interleaved slices of {slice_seconds} s, lowest–highest; ratio now / {args.rev}."
    )
    print()
    print(f"| game | loop | now | {args.rev} | ratio | lowest–highest |")
    print("|---|---|---:|---:|---:|---:|")
    for label, loop in labels:
        now, then_key = f"{label}, {loop}, now", f"{label}, {loop}, {args.rev}"
        ratio, ratio_range = bench.spread(bench.ratios(rates, now, then_key), 3)
        print(
            f"| {label} | {loop} | {bench.spread(rates[now])[0]} |"
            f" {bench.spread(rates[then_key])[0]} | {ratio} | {ratio_range} |"
        )


def _options(config: object) -> dict[str, object]:
    """A configuration's options by name, to build the same one in the earlier engine."""
    return attrs.asdict(cast("Any", config), recurse=False)


if __name__ == "__main__":
    main()
