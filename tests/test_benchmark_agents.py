"""The reply benchmark runs and reads every reply it meant (a smoke test, no timing)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "agents_replies.py"


def test_the_reply_benchmark_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("agents_replies", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    script.main(["--quick"])
    out = capsys.readouterr().out
    for title in ("Wizard", "Oh Hell", "One Card", "Bid Whist", "all four"):
        row = next(line for line in out.splitlines() if line.startswith(f"| {title} |"))
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[2] == cells[1]  # every game finished
        assert cells[6] == "0"  # nothing misread
