"""The benchmark script runs (a smoke test: no timing is asserted here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench.py"


def test_the_benchmark_prints_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--quick"])
    out = capsys.readouterr().out
    for game in ("Wizard, 4 players", "One Card, 3 players", "Bid Whist"):
        for loop in ("whole game", "decisions only"):
            assert f"| {game} | {loop} | game module |" in out
            assert f"| {game} | {loop} | tt.* |" in out
        assert f"| {game} | bot-driven whole game | tt.view + bot + tt.apply |" in out
    assert "| game | legal_actions µs | apply µs | view µs |" in out
    assert "no compiled build ships" in out
    assert "OpenSpiel oh_hell, 4 players | whole game (12 deals), lean loop" in out or (
        "OpenSpiel is not installed" in out
    )


def test_the_step_profile_prints_a_table_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("steps", SCRIPT.with_name("steps.py"))
    assert spec is not None and spec.loader is not None
    steps = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(steps)
    steps.main(["--quick"])
    out = capsys.readouterr().out
    for game in ("Wizard", "One Card", "Bid Whist"):
        assert f"{game}, " in out
    assert out.count("| step | per game | µs | share |") == 3
    assert "| card completing a trick |" in out


def load(name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, SCRIPT.with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_world_benchmark_prints_a_row_per_view_and_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load("worlds").main(["--quick"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert out.count("| sample_world |") == 4  # one view per game
    assert out.count("| sampler.sample |") == 4


def test_the_memory_benchmark_prints_a_row_per_length(capsys: pytest.CaptureFixture[str]) -> None:
    load("memory").main(["--actions", "300", "600"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "| actions | states kept, MB | added by hashing every state, MB | peak, MB |" in out
    assert "| 300 |" in out
    assert "| 600 |" in out


def test_the_revision_comparison_prints_a_row_per_game_and_loop(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(SCRIPT.parent))  # versus.py imports bench
    load("versus").main(["--quick", "--bots", "--rev", "HEAD"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    for game in ("Wizard, 4 players", "One Card, 3 players", "Bid Whist"):
        assert f"| {game} | whole game |" in out
        assert f"| {game} | decisions only |" in out
        assert f"| {game} | bot-driven |" in out


def test_the_floor_prints_the_engine_the_floor_and_their_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load("floor").main(["--quick"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "| engine: legal_actions + apply |" in out
    assert "| floor / engine |" in out


def test_the_kernel_study_prints_its_loops_and_ratios(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load("kernel_study").main(["--quick"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    for loop in ("engine, whole game", "prototype, pure, decisions only"):
        assert f"| {loop} |" in out
    assert "| pure + public layer, whole game / engine, whole game |" in out


def test_the_review_benchmark_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba", reason="the solver needs the batch extra")
    spec = importlib.util.spec_from_file_location("review_bench", SCRIPT.with_name("review.py"))
    assert spec is not None and spec.loader is not None
    review = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(review)
    review.main(["--quick"])
    out = capsys.readouterr().out
    assert "Table 1: ms of solver.card_values per position" in out
    assert "Table 2: s of analysis.review of a whole game" in out
    for game in ("Wizard, 4 players", "One Card, 3 players", "Bid Whist", "Oh Hell, 4 players"):
        assert out.count(f"| {game} | ") == 2
