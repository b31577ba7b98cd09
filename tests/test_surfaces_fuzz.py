"""Hostile arguments to the surfaces above the engine get typed errors and change nothing.

Each surface (render, worlds, rl, simulate, arena, bots, the remote bot, records, the
command line) is one test: a seeded, bounded run of ``benchmarks/fuzz_surfaces.py``, whose
long-running mode goes much deeper. A call may return or raise a ``TricktakingError``;
any other exception, a hang, a changed argument, a picture that is not XML or a text a
terminal would obey is a failure, shown with the shortest Python call that reproduces it.
"""

from __future__ import annotations

import importlib.util
import math
import random
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest

from tricktaking.errors import TricktakingError


def _script(name: str) -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs resolves the module's classes through it
    spec.loader.exec_module(module)
    return module


surfaces = _script("fuzz_surfaces")

CALLS = {
    "render": 400,
    "worlds": 150,
    "rl": 120,
    "simulate": 50,
    "arena": 50,
    "bots": 80,
    "remote_bot": 150,
    "records": 120,
    "cli": 80,
}
"""Calls per surface: each surface's test takes a few seconds at most."""

SECONDS = 5.0
"""A call longer than this is a hang (generous: the machine running CI may be loaded)."""


@pytest.mark.parametrize("surface", sorted(CALLS))
def test_hostile_calls_get_typed_errors_and_change_nothing(surface: str) -> None:
    if surface == "rl":
        pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    if surface == "remote_bot":
        pytest.importorskip("websockets", reason="the web extra is not installed")
    found = surfaces.failures(surface, CALLS[surface], seconds=SECONDS, stop=True)
    assert not found, found[0]


def test_every_surface_is_fuzzed_in_ci() -> None:
    assert set(CALLS) == set(surfaces.SURFACES)


def test_the_calls_are_the_same_for_the_same_seed() -> None:
    first = [call.text for call in surfaces.calls("render", 30, seed=4)]
    assert first == [call.text for call in surfaces.calls("render", 30, seed=4)]
    assert first != [call.text for call in surfaces.calls("render", 30, seed=5)]


def test_the_hostile_values_include_each_kind_the_surfaces_must_survive() -> None:
    rng = random.Random(0)
    values = [surfaces.hostile(rng).value for _ in range(2000)]
    kinds = {
        "huge int": any(type(v) is int and v > 10**4300 for v in values),
        "negative": any(type(v) is int and v < 0 for v in values),
        "bool": any(v is True for v in values),
        "nan": any(isinstance(v, float) and math.isnan(v) for v in values),
        "inf": any(v == math.inf for v in values),
        "None": any(v is None for v in values),
        "control character": any(isinstance(v, str) and "\x1b" in v for v in values),
        "U+FFFF": any(isinstance(v, str) and "\uffff" in v for v in values),
        "lone surrogate": any(isinstance(v, str) and "\ud800" in v for v in values),
        "long text": any(isinstance(v, str) and len(v) >= 100_000 for v in values),
    }
    assert all(kinds.values()), kinds


def test_forged_views_replace_one_field_and_keep_the_view_class() -> None:
    rng = random.Random(1)
    forged = [surfaces.forged_view(rng) for _ in range(40)]
    assert all(type(arg.value).__name__.endswith("View") for arg in forged)
    assert sum("attrs.evolve(" in arg.text for arg in forged) > 30


def _raise(error: BaseException) -> object:
    raise error


def _call(run: object, surface: str = "render") -> object:
    return surfaces.Call(surface, "f", (), (), run)


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        (lambda: None, "ok"),
        (lambda: _raise(TricktakingError("bad")), "typed"),
        (lambda: _raise(IndexError("tuple index out of range")), "IndexError: tuple index"),
        (lambda: _raise(ValueError("Exceeds the limit")), "ValueError: Exceeds"),
        (lambda: _raise(RuntimeError("Loud.__str__")), "own"),
    ],
)
def test_an_outcome_tells_typed_errors_from_untyped_ones(run: object, expected: str) -> None:
    assert surfaces.outcome(_call(run)).startswith(expected)


def test_a_warning_is_an_answer_not_a_failure() -> None:
    def warn() -> object:
        warnings.warn("render_mode 'x' is not known: nothing is rendered", stacklevel=1)
        return None

    assert surfaces.outcome(_call(warn)) == "ok"


def test_the_command_line_must_not_raise_even_a_typed_error() -> None:
    found = surfaces.outcome(_call(lambda: _raise(TricktakingError("bad")), "cli"))
    assert found == "TricktakingError out of main"


def test_a_call_that_runs_too_long_is_a_hang() -> None:
    def spin() -> object:
        while True:
            pass

    assert surfaces.outcome(_call(spin), seconds=0.05).startswith("Hang")


def test_a_changed_argument_is_a_failure() -> None:
    names = ["Ann", "Bob"]
    arg = surfaces.Arg(names, "names")
    call = surfaces.Call("render", "f", (arg,), (), lambda: names.append("Cy"))
    assert surfaces.outcome(call).startswith("ChangedInput")


@pytest.mark.parametrize(
    ("picture", "wrong"),
    [("<svg/>", False), ("<svg>\x00</svg>", True), ("<svg>\ud800</svg>", True), (3, True)],
)
def test_a_picture_must_parse_and_encode(picture: object, wrong: bool) -> None:
    assert (surfaces.picture_problem(picture) is not None) is wrong


@pytest.mark.parametrize(
    ("text", "wrong"),
    [("a\nb ♥ \uffff", False), ("\x1b[2J", True), ("\x85", True), ("\udfff", True)],
)
def test_a_text_must_print_without_control_characters(text: str, wrong: bool) -> None:
    assert (surfaces.text_problem(text) is not None) is wrong


def test_the_long_run_reports_counts_and_reproducers(capsys: pytest.CaptureFixture[str]) -> None:
    assert surfaces.main(["--calls", "40", "--surface", "render"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("render: 40 calls, ")
    assert "untyped exceptions, hangs and other failures: 0" in out
