"""Datasets: one decision per move of a seat, alike from a full record and from the seat's own."""

from __future__ import annotations

import json

import pytest

import tricktaking as tt
from tricktaking.agents import decisions
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.records import GameRecord, PerspectiveRecord
from tricktaking.testing import playout

from ._positions import CONFIGS


@pytest.mark.parametrize("config", CONFIGS[::2], ids=repr)
def test_every_move_of_a_seat_is_a_decision_and_its_record_gives_the_same(config: object) -> None:
    final = playout(tt.new_game(config), seed=4)[-1]
    record = GameRecord.from_state(final)
    found = list(decisions([record]))
    moves = [action for action in record.actions if not isinstance(action, tt.Deal)]
    assert len(found) == len(moves)
    for seat in range(len(record.seats)):
        own = list(decisions([record], seat=seat))
        seen = list(decisions([PerspectiveRecord.from_state(final, seat)]))
        assert own == seen and all(decision.seat == seat for decision in own)
        assert all(decision.move in decision.legal for decision in own)
        assert all(decision.score == tt.scores(final)[seat] for decision in own)
    line = json.loads(json.dumps(found[0].to_dict()))
    assert line["move"] == found[0].move and line["prompt"].startswith("You are seat")
    fields = ["game", "seat", "round_number", "prompt", "legal", "move", "gained", "score", "won"]
    assert list(found[0].to_dict()) == fields and line["legal"] == list(found[0].legal)
    assert found[0].to_messages()[1]["content"] == found[0].prompt


def test_the_points_of_a_deal_belong_to_its_decisions() -> None:
    final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=3)), seed=2)[-1]
    by_deal = {
        (d.seat, d.round_number): d.gained for d in decisions([GameRecord.from_state(final)])
    }
    totals = [sum(gained for (seat, _), gained in by_deal.items() if seat == s) for s in range(3)]
    assert totals == list(tt.scores(final))


def test_wrong_seats_and_records_are_refused() -> None:
    record = GameRecord.from_state(tt.new_game(tt.WizardConfig(players=3)))
    with pytest.raises(ArgumentError):
        list(decisions([record], seat=5))
    with pytest.raises(ArgumentTypeError):
        list(decisions([record], seat="0"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        list(decisions(["a record"]))  # type: ignore[list-item]
