"""The solver's long exactness run: every technique setting against plain minimax.

Run ``python benchmarks/solver_exactness.py`` (``--endgames N``, default 1000;
``--quick`` for 20). For each game, each question it asks (the seat to act's card
values, every seat's value, and for Wizard and Oh Hell the forcible trick totals) and
each technique setting (all on, each one off, a table of four entries), it solves
``N`` random endgames (at most two cards in a hand) and compares every answer with the
plain minimax over ``tt.apply`` of ``tests/solver/oracle.py``. It prints the counts and
the differences, and exits with status 1 if there is any.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tricktaking as tt
from tricktaking.engine import game_of
from tricktaking.solver import _api
from tricktaking.solver._engine import SETTINGS, Options
from tricktaking.tricks import Play


def _oracle() -> Any:
    """The tests' oracle (tests/solver/oracle.py), loaded from its file."""
    path = Path(__file__).resolve().parents[1] / "tests" / "solver" / "oracle.py"
    spec = importlib.util.spec_from_file_location("solver_oracle", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


oracle = _oracle()


def solved(game: str, state: Any, options: Options) -> dict[str, object]:
    """Each question's answer by the solver for ``state``, under ``options``."""
    engine = game_of(state)
    rules = _api._solver_rules(engine)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    seats = range(len(state.round.hands))
    found: dict[str, object] = {
        "value": [_api._value(engine, rules, state, s, options) for s in seats]
    }
    if all(isinstance(a, Play) for a in tt.legal_actions(state)):
        found["card_values"] = _api._card_values(engine, rules, state, seat, options)
    if game in ("wizard", "oh-hell"):
        found["forcible_tricks"] = _api._forcible_tricks(engine, rules, state, seat, options)
    return found


def expected(game: str, state: Any) -> dict[str, object]:
    """Each question's answer by plain minimax for ``state``."""
    seat = tt.actor(state)
    assert isinstance(seat, int)
    found: dict[str, object] = {
        "value": [oracle.value(state, s) for s in range(len(state.round.hands))]
    }
    if all(isinstance(a, Play) for a in tt.legal_actions(state)):
        found["card_values"] = oracle.card_values(state)
    if game in ("wizard", "oh-hell"):
        found["forcible_tricks"] = oracle.forcible(state, seat)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endgames", type=int, default=1000)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    count = 20 if args.quick else args.endgames
    differences = 0
    print("| game | question | setting | endgames | differences |")
    print("|---|---|---|---|---|")
    for game in ("bid-whist", "wizard", "oh-hell", "one-card"):
        states = list(oracle.endgames(game, count, seed=1000))
        answers = [expected(game, state) for state in states]
        for setting, options in SETTINGS.items():
            counts: dict[str, list[int]] = {}
            for state, right in zip(states, answers, strict=True):
                for name, answer in solved(game, state, options).items():
                    tally = counts.setdefault(name, [0, 0])
                    tally[0] += 1
                    tally[1] += answer != right[name]
            for name, (solved_count, wrong) in counts.items():
                differences += wrong
                print(f"| {game} | {name} | {setting} | {solved_count} | {wrong} |", flush=True)
    print(f"\n{differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
