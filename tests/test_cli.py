"""The tricktaking command line, driven with scripted input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tricktaking import records
from tricktaking.cli import main


def run(argv: list[str], lines: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv, stdin=io.StringIO("".join(line + "\n" for line in lines)))
    return code, capsys.readouterr().out


def test_play_wizard_with_scripted_input_reaches_the_final_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    script = ["nonsense", "QX", "bid 99", "help", *["auto"] * 2000]
    code, out = run(
        ["play", "wizard", "--players", "4", "--seed", "1", "--record", str(record)], script, capsys
    )
    assert code == 0
    assert "not understood: 'nonsense' is not a move; legal moves are: bid 0, bid 1" in out
    assert "illegal (bid_out_of_range)" in out
    assert "legal moves: bid 0, bid 1" in out
    assert "final scores:" in out
    assert out.count("=== deal") == 15
    loaded = records.loads(record.read_text())
    assert list(loaded.scores) == json.loads(record.read_text())["scores"]


@pytest.mark.parametrize("game", ["one-card", "bid-whist"])
def test_play_other_games(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        ["play", game, "--seed", "2", "--target", "5", "--ascii"], ["auto"] * 3000, capsys
    )
    assert code == 0
    assert "final scores:" in out
    assert "♠" not in out


def test_end_of_input_abandons_the_game_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(["play", "wizard", "--seed", "1"], [], capsys)
    assert code == 1
    assert "game abandoned" in out


def test_an_illegal_card_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["play", "wizard", "--seed", "1", "--rounds", "1"], ["0", "AS", "quit"], capsys)
    assert code == 1
    assert "does not hold AS" in out or "not understood" in out


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "one-card", "-n", "20", "--bots", "heuristic,random", "--target", "5"])
    captured = capsys.readouterr()
    assert code == 0
    assert "mean score" in captured.out and "heuristic" in captured.out
    assert "20/20 games" in captured.err


def test_simulate_rejects_too_many_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "wizard", "-n", "1", "--bots", "random,random,random,random,random"]) == 2
    )


def test_replay_and_demo(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    golden = Path(__file__).parent / "records" / "bid_whist_default.json"
    assert main(["replay", str(golden), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "=== deal 1, dealer 0 ===" in out and "won by seat" in out and "final scores" in out
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert main(["demo", "bid-whist", "--seed", "3"]) == 0
    assert "final scores" in capsys.readouterr().out


def test_bad_configuration_is_an_error_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "wizard", "--players", "9"]) == 2
    assert "error: players must be 3 to 6" in capsys.readouterr().out
