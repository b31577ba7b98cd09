"""A small version of the long property run of world sampling (benchmarks/worlds_property.py)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import tricktaking as tt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))


def property_run() -> ModuleType:
    """benchmarks/worlds_property.py, imported from its folder."""
    return importlib.import_module("worlds_property")


def test_the_property_run_finds_no_failure_in_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run = property_run()
    figures = tmp_path / "figures.json"
    assert run.main(["--states", "8", "--worlds", "2", "--json", str(figures)]) == 0
    out = capsys.readouterr().out
    assert "FAILURE" not in out
    report = json.loads(figures.read_text(encoding="utf-8"))
    assert set(report) == {"wizard", "one-card", "bid-whist"}
    for game, seats in (("wizard", 6), ("one-card", 4), ("bid-whist", 4)):
        assert report[game]["failures"] == []
        assert report[game]["states_per_seat"] == {str(seat): 8 for seat in range(seats)}
        assert report[game]["worlds"] == 2 * 8 * seats
    assert sum(report[game]["views_with_several_worlds"] for game in report) > 0


def test_a_leaking_sampler_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    run = property_run()

    class Cheat:
        """A 'sampler' that returns the real state: views and legality hold, but it leaks."""

        def __init__(self, state: object) -> None:
            self.state = state

        def sample(self, seed: int) -> object:
            return self.state

    config = tt.WizardConfig(players=4)
    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, seed=1))
    while tt.view(state, 0).round_number < 4:
        seat = tt.actor(state)
        state = tt.apply(
            state,
            tt.deal(state, seed=2) if seat is tt.CHANCE else tt.legal_actions(state)[0],
        )
    monkeypatch.setattr(run, "world_sampler", lambda view: Cheat(state))
    monkeypatch.setattr(run, "sample_world", lambda view, seed: state)
    tally = run.Tally()
    run.check_view(state, 0, config, worlds=3, seed=1, tally=tally)
    assert tally.failures == [f"every world copies the real cards: {config!r} seat 0"]
