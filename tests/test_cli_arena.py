"""``tricktaking arena``: the table on stdout, progress on stderr, JSON, argument errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking.arena import arena, deal_config
from tricktaking.cli import main


def test_arena_prints_the_table_and_writes_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "arena.json"
    argv = ["arena", "bid-whist", "--bots", "heuristic,random", "-n", "3", "--seed", "2"]
    code = main([*argv, "--json", str(target)])
    captured = capsys.readouterr()
    assert code == 0
    expected = arena(deal_config("bid-whist"), ["heuristic", "random"], deals=3, seed=2)
    assert captured.out == expected.table() + "\n"
    assert json.loads(target.read_text()) == json.loads(expected.to_json())
    # stderr is not a terminal here: complete progress lines, the last with the rate
    lines = captured.err.splitlines()
    assert "\r" not in captured.err
    assert lines[-2].startswith("deals 3/3 (100%) ")
    assert lines[-1].startswith("6 games in ") and lines[-1].endswith(" games/s")


def test_arena_options_and_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "wizard", "--players", "3", "--rounds", "2", "-n", "4", "--jobs", "2"]
    assert main(argv) == 0
    expected = arena(tt.WizardConfig(players=3, rounds=2), ["heuristic", "random"], deals=4)
    assert capsys.readouterr().out == expected.table() + "\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bid-whist", "--bots", "heuristic,clever"], "error: no 'clever' bot for 'bid-whist'"),
        (["bid-whist", "--bots", "heuristic"], "error: an arena needs at least two different"),
        (
            ["one-card", "--bots", "random,random,random,random,heuristic"],
            "error: one-card has 4 seats; give 1 to 4 bots",
        ),
        (["bid-whist", "--players", "4"], "error: bid-whist has no option 'players'"),
        (["wizard", "--rounds", "99"], "error: rounds must be None or 1 to 15"),
        (["wizard", "-n", "0"], "error: argument -n: must be 1 to 1,000,000,000, not 0"),
        (["wizard", "--jobs", "0"], "error: argument --jobs: must be 1 to 256, not 0"),
    ],
)
def test_arena_argument_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv, "-n" if "-n" not in argv else "--seed", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)
    assert captured.err.count("\n") == 1  # no progress line for a run that never started


def test_arena_unwritable_json_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no" / "such" / "dir.json"
    assert main(["arena", "one-card", "-n", "2", "--json", str(missing)]) == 2
    assert capsys.readouterr().err.startswith("error: [Errno 2]")


def test_arena_unknown_game_is_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "chess"]) == 2
    assert "error: argument game: invalid choice: 'chess'" in capsys.readouterr().err
