"""The strength benchmark script runs (a smoke test: no strength or timing is asserted)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "arena_strength.py"


def test_the_strength_benchmark_prints_a_table_per_game_and_kind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    spec = importlib.util.spec_from_file_location("arena_strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    strength.main(["--quick", "--games", "one-card", "--json-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert out.count("One Card: 2 deals × 2 seatings = 4 games") == 2
    assert "ismcts@5 decisions:" in out and "pimc@5 decisions:" in out
    data = json.loads((tmp_path / "one-card-ismcts@5-seed0.json").read_text())
    assert data["deals"] == 2 and data["decision_cpu_ms"]
