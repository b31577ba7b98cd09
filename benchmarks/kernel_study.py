"""Would a compiled kernel pay behind the public functions? The measurement.

Run ``python benchmarks/kernel_study.py`` (about a minute and a half; it compiles the
prototype with mypyc first, which needs a C compiler and setuptools; ``--quick`` for a
smoke run that compiles nothing).

``kernel_prototype.py`` is Wizard's hot path as native-compilable classes over integer
cards (see its docstring). This script compiles a copy of it with mypyc into a temporary
directory and runs, in one process, in interleaved slices of CPU time (as ``bench.py``),
Wizard 4 players, random play:

- *engine*: this package's ``wizard`` module (pure Python), whole games and decisions
  only;
- *prototype, pure* and *prototype, compiled*: the prototype interpreted and compiled;
- *compiled + public layer*: the compiled prototype doing the least that the public
  functions must add to every player action whatever computes the rules: the tuple of
  the seat's interned public actions (memoised on a public state), ``apply``'s identity
  check against it, a public ``History`` node, and one copy of the public
  ``WizardState`` (the engine's positional fast copy). No public hand, card, trick or
  round is built, so this is a lower bound of a kernel behind the public functions;
- *compiled + facade*: a hypothetical design in which a public state is a facade holding
  only the kernel's state and building every public field when first read (as the
  states now build their ``round``): per player action, the tuple of interned public
  actions memoised on a new two-slot facade object, and nothing else;
- OpenSpiel's lean loop and decisions only, if ``open_spiel`` is installed.

The issue ships a kernel only if it is at least twice the pure-Python build on whole
games: the ratios of *compiled + public layer* to the engine and to *pure + public
layer*, and of *compiled + facade* to *pure + facade* (the pure build of that design),
are the figures that decide.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from operator import itemgetter
from pathlib import Path
from types import ModuleType
from typing import Any

import bench

import tricktaking as tt
from tricktaking import kit
from tricktaking._fast import slot_setter
from tricktaking._flat_round import _COPIES  # pyright: ignore[reportPrivateUsage]
from tricktaking.games import wizard
from tricktaking.history import History
from tricktaking.testing import playout

PROTOTYPE = Path(__file__).with_name("kernel_prototype.py")
CONFIG = tt.WizardConfig(players=4)


def load(path: Path, name: str) -> ModuleType:
    """Import the module at ``path`` (a ``.py`` or a compiled extension) as ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:  # pragma: no cover - a path given here exists
        raise ImportError(path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # mypyc's classes look their module up while loading
    spec.loader.exec_module(module)
    return module


def compile_prototype(into: Path) -> ModuleType:
    """The prototype compiled by mypyc, as the module ``kernel_native``."""
    source = into / "kernel_native.py"
    shutil.copyfile(PROTOTYPE, source)
    subprocess.run(
        [sys.executable, "-m", "mypyc", source.name],
        cwd=into,
        check=True,
        capture_output=True,
    )
    (extension,) = into.glob("kernel_native.*.so")
    return load(extension, "kernel_native")


def prototype_loops(kernel: Any) -> tuple[bench.Loop, bench.Loop]:
    """Whole games and decisions only of a prototype module."""
    dealt = kernel.dealt_states(4, 11) + kernel.dealt_states(4, 12)

    def whole(rng: random.Random) -> int:
        played: int = kernel.whole_game(4, rng)
        return played

    def decisions(rng: random.Random) -> int:
        played: int = kernel.decisions(dealt, rng)
        return played

    return whole, decisions


def action_tables() -> list[list[Any]]:
    """Per seat, a public action for each int action: cards 0..59, bids 100+, trump 200+.

    Only the cost of the lookup is measured, so the prototype's card numbering is not
    matched card for card.
    """
    cards = list(wizard._PLAYS[0])
    tables: list[list[Any]] = []
    for seat in range(4):
        table: list[Any] = [None] * 210
        table[:60] = [wizard._PLAYS[seat][cards[min(i, len(cards) - 1)]] for i in range(60)]
        table[100:116] = wizard.RULES._bids[seat][:16]
        table[200:204] = wizard.RULES._choices[seat]
        tables.append(table)
    return tables


def handed_out(listed: tuple[object, ...], rng: random.Random) -> int:
    """A random index into ``listed``, after ``apply``'s check that its action is there."""
    index = rng.randrange(len(listed))
    action = listed[index]
    for known in listed:
        if known is action:
            break
    return index


def with_public_layer(kernel: Any) -> bench.Loop:
    """Whole games of ``kernel`` plus the public layer's least work per player action."""
    public = next(
        state
        for state in playout(wizard.new_game(CONFIG), 3)
        if state.phase is wizard.WizardPhase.PLAY and state._plays
    )
    copy = _COPIES[wizard.WizardState].card
    memo = slot_setter(kit.State, "_legal")  # the memo every kit state has
    tables = action_tables()
    over = kernel.OVER

    def play(rng: random.Random) -> int:
        state = kernel.new_game(4)
        view, history, actions = public, History[object](), 0
        while True:
            legal = kernel.legal_actions(state)
            if legal:
                table = tables[state.actor]
                listed = itemgetter(*legal)(table) if len(legal) > 1 else (table[legal[0]],)
                memo(view, listed)
                index = handed_out(listed, rng)
                state = kernel.apply(state, legal[index])
                history = history.append(listed[index])
                view = copy(view, state.hands, state.trick, state.actor, history)
                actions += 1
            elif state.phase == over:
                return actions
            else:
                state = kernel.deal(state, rng)
                history = history.append(None)
                view = copy(view, state.hands, state.trick, state.actor, history)

    return play


def plain(label: str) -> str:
    """A loop's label as one Markdown table cell."""
    return label.replace(" | ", ", ")


class Facade:
    """The least a public state could be: the kernel's state and the memo of its actions."""

    __slots__ = ("kernel", "legal")

    def __init__(self, kernel: object) -> None:
        self.kernel = kernel
        self.legal: tuple[object, ...] | None = None


def with_facade(kernel: Any) -> bench.Loop:
    """Whole games of ``kernel`` behind a facade state (see the module's docstring)."""
    tables = action_tables()
    over = kernel.OVER

    def play(rng: random.Random) -> int:
        state = kernel.new_game(4)
        actions = 0
        while True:
            legal = kernel.legal_actions(state)
            if legal:
                table = tables[state.actor]
                view = Facade(state)
                view.legal = listed = (
                    itemgetter(*legal)(table) if len(legal) > 1 else (table[legal[0]],)
                )
                index = handed_out(listed, rng)
                state = kernel.apply(state, legal[index])
                actions += 1
            elif state.phase == over:
                return actions
            else:
                state = kernel.deal(state, rng)

    return play


def main(argv: Sequence[str] | None = None) -> None:
    """Print the loops' rates and the ratios that decide whether a kernel pays."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run, nothing compiled")
    args = parser.parse_args(argv)
    slice_seconds, rounds = (0.02, 2) if args.quick else (0.25, 15)
    own = bench.module_functions("wizard")
    loops: dict[str, bench.Loop] = {
        "engine | whole game": bench.whole_game(own, CONFIG),
        "engine | decisions only": bench.decisions_only(own, bench.dealt_states(CONFIG)),
    }
    pure = load(PROTOTYPE, "kernel_pure")
    with tempfile.TemporaryDirectory() as folder:
        kernels: list[tuple[str, Any]] = [("pure", pure)]
        if not args.quick:
            try:
                kernels.append(("compiled", compile_prototype(Path(folder))))
            except (OSError, ValueError, subprocess.CalledProcessError) as error:
                print(f"mypyc could not compile the prototype ({error}); pure figures only.")
        for name, kernel in kernels:
            whole, decisions = prototype_loops(kernel)
            loops[f"prototype, {name} | whole game"] = whole
            loops[f"prototype, {name} | decisions only"] = decisions
            loops[f"{name} + public layer | whole game"] = with_public_layer(kernel)
            loops[f"{name} + facade | whole game"] = with_facade(kernel)
        name = kernels[-1][0]
        spiel = bench.open_spiel_loops_if_installed()
        loops.update(spiel)
        rates = bench.measure(loops, slice_seconds, rounds)
    print(f"Wizard, 4 players: player actions per CPU second, {rounds} interleaved slices")
    print(f"of {slice_seconds} s; median and lowest–highest.")
    print()
    print("| loop | median | lowest–highest |")
    print("|---|---:|---:|")
    for label, values in rates.items():
        print(f"| {plain(label)} | {' | '.join(bench.spread(values))} |")
    pairs: list[tuple[str, str]] = [
        (f"prototype, {name} | whole game", "engine | whole game"),
        (f"prototype, {name} | decisions only", "engine | decisions only"),
        (f"prototype, {name} | whole game", "prototype, pure | whole game"),
        (f"{name} + public layer | whole game", "engine | whole game"),
        (f"{name} + public layer | whole game", f"prototype, {name} | whole game"),
        ("pure + public layer | whole game", "engine | whole game"),
        (f"{name} + facade | whole game", "engine | whole game"),
        ("pure + facade | whole game", "engine | whole game"),
        (f"{name} + public layer | whole game", "pure + public layer | whole game"),
        (f"{name} + facade | whole game", "pure + facade | whole game"),
    ]
    if spiel:
        pairs += [
            (f"prototype, {name} | whole game", bench.SPIEL_WHOLE),
            (f"{name} + public layer | whole game", bench.SPIEL_WHOLE),
            (f"{name} + facade | whole game", bench.SPIEL_WHOLE),
            ("engine | whole game", bench.SPIEL_WHOLE),
        ]
    print()
    print("| ratio | median | lowest–highest |")
    print("|---|---:|---:|")
    for mine, theirs in pairs:
        median, low_high = bench.spread(bench.ratios(rates, mine, theirs), 2)
        print(f"| {plain(mine)} / {plain(theirs)} | {median} | {low_high} |")


if __name__ == "__main__":
    main()
