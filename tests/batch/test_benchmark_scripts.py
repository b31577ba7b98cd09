"""The batch benchmark scripts run (smoke tests: no timing is asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # the scripts import bench.py beside them
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_batch_benchmark_prints_a_row_per_loop(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    load("batch", monkeypatch).main(["--quick"])
    out = capsys.readouterr().out
    for game in ("Wizard, 4 players", "One Card, 3 players", "Bid Whist", "Oh Hell, 4 players"):
        assert f"| {game} | scalar engine |" in out
        for loop in ("in-kernel random", "one step a call", "mask and actions exchanged"):
            assert f"| {game} | {loop}, batch 64 |" in out
    assert "| heuristic opponents, its own array |" in out
    for game in ("Wizard, 4 players, 5 rounds", "Bid Whist, 1 hand"):
        assert f"| {game} | " in out.split("Rollouts of sampled worlds")[1]
    profile = out.split("One step of the vector environment")[1]
    for part in ("the learner's action", "the other seats' play", "the rest", "the whole step"):
        assert f"| {part} | " in profile


def test_the_long_differential_run_reports_no_difference(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = load("batch_differential", monkeypatch)
    monkeypatch.setattr("sys.argv", ["batch_differential.py", "--games", "12", "--chunk", "4"])
    module.main()
    assert "total differences: 0" in capsys.readouterr().out
