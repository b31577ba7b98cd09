"""Hypothesis fuzzers of the public API: actions, notation and records.

Each draws hostile input and asserts "success or a documented TricktakingError, the
state unchanged on rejection, ``check`` agreeing with ``apply``". The generators are
those of ``benchmarks/fuzz.py``, whose long-running mode goes much deeper; these are
bounded to a few seconds each for CI.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking import records

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PASSED = ("ok", "typed")


def _script(name: str) -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = _script("fuzz")
GAMES = st.tuples(st.integers(0, len(fuzz.CONFIGS) - 1), st.integers(0, 2))


@FAST
@given(game=GAMES, position=st.floats(0, 1), rng=st.randoms(use_true_random=False))
def test_hostile_actions_on_reachable_states(
    game: tuple[int, int], position: float, rng: random.Random
) -> None:
    states = fuzz.sample_states(*game)
    state = states[int(position * (len(states) - 1))]
    for _ in range(10):
        assert fuzz.action_outcome(state, fuzz.random_action(rng, state)) in PASSED


def test_every_game_and_every_phase_is_fuzzed() -> None:
    # the configurations come from the registry, and their games reach every phase
    names = {tt.game_of(tt.new_game(config)).name for config in fuzz.CONFIGS}
    assert names == set(tt.available_games())
    for index in range(len(fuzz.CONFIGS)):
        phases = {state.phase for state in fuzz.sample_states(index, 0)}
        assert len(phases) >= 3


_DIGITS = st.sampled_from([*fuzz.UNICODE_DIGITS, *"0123456789"])
_WORDS = st.sampled_from(["bid", "pass", "play", "trump", "direction", "discard", "deal", "/"])
_TEXTS = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(_WORDS, st.text(_DIGITS, min_size=1, max_size=6), st.text(max_size=4))).map(
        " ".join
    ),
    st.builds(fuzz.random_text, st.randoms(use_true_random=False)),
    st.text(_DIGITS, min_size=5, max_size=9).map(lambda digits: "1 bid " + digits * 900),
)


@FAST
@given(text=_TEXTS, game=GAMES, position=st.floats(0, 1))
def test_every_parser_reads_or_raises_notation_error(
    text: object, game: tuple[int, int], position: float
) -> None:
    states = fuzz.sample_states(*game)
    state = states[int(position * (len(states) - 1))]
    for name, outcome in fuzz.parser_outcomes(text, (state,)):
        assert outcome in PASSED, name


@FAST
@given(rng=st.randoms(use_true_random=False))
def test_record_mutants_load_or_raise_record_error(rng: random.Random) -> None:
    text = rng.choice(fuzz.sample_records())
    assert fuzz.record_outcome(fuzz.record_mutant(rng, text)) in PASSED


@FAST
@given(data=st.one_of(st.binary(max_size=200), st.text(max_size=200)))
def test_arbitrary_bytes_and_text_are_record_errors(data: str | bytes) -> None:
    assert fuzz.record_outcome(data) == "typed"


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(1, 3000), opener=st.sampled_from(["[", "{", '{"a":', '[{"a":']))
def test_any_nesting_is_refused_without_recursion(depth: int, opener: str) -> None:
    text = '{"format": "tricktaking-record", "extra": ' + opener * depth
    assert fuzz.record_outcome(text) == "typed"


def test_the_sample_records_load() -> None:
    for text in fuzz.sample_records():
        assert records.loads(text).final_state() is not None


def test_the_long_running_driver_reports_no_failures(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        fuzz.main(["--actions", "300", "--records", "30", "--parsers", "100", "--seeds", "1"]) == 0
    )
    assert "untyped exceptions and inconsistencies: 0" in capsys.readouterr().out


def test_the_records_benchmark_prints_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    _script("records_scaling").main(["--quick"])
    out = capsys.readouterr().out
    assert "| 128 MiB |" in out
    assert "RecordError: action 0" in out
    assert "Wizard, 3 players (one full game): a whole game is 710 actions" in out
    assert "| One Card, 3 players, target 1,000,000 | 1,000 |" in out
