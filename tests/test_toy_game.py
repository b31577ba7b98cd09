"""A fourth game from the test suite needs no core change: register it and it plays."""

from __future__ import annotations

import importlib
import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking import engine
from tricktaking.cli import main
from tricktaking.testing import check_conformance, playout

sys.path.insert(0, str(Path(__file__).parent))

toy_game = importlib.import_module("toy_game")  # tests/toy_game.py, beside this file


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register High Card for one test; the registry is as it was afterwards."""
    for registry in ("_GAMES", "_BY_STATE", "_BY_CONFIG"):
        monkeypatch.setattr(engine, registry, dict(getattr(engine, registry)))
    tt.register_game(
        tt.Game(
            name="high-card",
            title="High Card",
            config_type=toy_game.HighCardConfig,
            state_type=toy_game.HighCardState,
            rules=toy_game,
        )
    )


@pytest.mark.usefixtures("high_card")
def test_a_registered_toy_game_passes_the_conformance_kit() -> None:
    report = check_conformance(toy_game.HighCardConfig(), games=40)
    assert report.game == "high-card"
    assert report.records_checked == 40
    assert report.illegal_checked > 0


@pytest.mark.usefixtures("high_card")
def test_the_top_level_functions_play_the_toy_game() -> None:
    final = playout(tt.new_game(toy_game.HighCardConfig()), 3)[-1]
    assert tt.is_over(final)
    assert sum(tt.scores(final)) == 2
    assert tt.winners(final)
    assert tt.view(final, 0).to_dict()["game"] == "high-card"


@pytest.mark.usefixtures("high_card")
def test_the_cli_lists_the_toy_game() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["games"]) == 0
    assert "high-card" in out.getvalue().split()


def test_the_registry_is_restored_after_the_toy_game() -> None:
    assert "high-card" not in tt.available_games()
