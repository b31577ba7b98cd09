"""``python -m tricktaking.solver compile``: the search compiled ahead, game by game."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking.solver import in_trick_play
from tricktaking.solver.__main__ import _small_ending, main

SOLVED = [name for name in tt.available_games() if tt.get_game(name).solver]


def test_with_no_game_named_every_game_with_a_solver_is_made_ready(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compile"]) == 0
    lines = capsys.readouterr().out.splitlines()
    titles = sorted(tt.get_game(name).title for name in SOLVED)
    assert [line.split(":")[0] for line in lines] == titles
    assert all(line.endswith("CPU s)") for line in lines)


@pytest.mark.parametrize("name", SOLVED)
def test_the_ending_solved_is_small_and_in_trick_play(name: str) -> None:
    state = _small_ending(tt.get_game(name))
    assert in_trick_play(state)
    assert max(len(hand) for hand in state.round.hands) <= 2


def test_a_game_without_a_solver_exits_2_naming_the_games_that_have_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compile", "wizard", "chess"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"error: no solver for chess; games: {', '.join(sorted(SOLVED))}\n")


def test_a_missing_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([])
    assert exited.value.code == 2
    assert "usage: python -m tricktaking.solver" in capsys.readouterr().err
