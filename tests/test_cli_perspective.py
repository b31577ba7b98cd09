"""``tricktaking replay`` of a record of what one seat saw: its own cards, none of the others'."""

from __future__ import annotations

from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking import records
from tricktaking.cli import main
from tricktaking.testing import playout


def test_replay_prints_what_the_seat_saw_and_no_hidden_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=2)), seed=5)[-1]
    path = tmp_path / "seen.json"
    path.write_text(records.dumps(final, seat=1), encoding="utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Wizard, 3 players, as seat 1 saw it\n")
    assert "  your hand: 4H\n" in out and "  seat 0: " not in out and "  seat 2: " not in out
    assert "you: bid 1" in out and "--- end of deal 2 ---" in out
    assert "Game over: seat 0 wins." in out


def test_replay_of_a_seats_bid_whist_record_hides_the_declarers_discards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    states = playout(tt.new_game(tt.BidWhistConfig(kitty="exchange")), seed=3)
    declarer = next(a.seat for a in states[-1].history if isinstance(a, tt.bid_whist.Discard))
    path = tmp_path / "seen.json"
    path.write_text(records.dumps(states[len(states) // 2], seat=(declarer + 1) % 4), "utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert f"seat {declarer}: discard a card" in out and "The record stops after" in out
