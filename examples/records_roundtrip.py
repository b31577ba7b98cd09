"""Save a game record, load it back, and replay it trick by trick.

Run ``python examples/records_roundtrip.py``. Loading replays every action through the
validating engine, so a tampered record is rejected with the index of its first bad
action.
"""

from __future__ import annotations

import json
import tempfile
from itertools import pairwise
from pathlib import Path

import tricktaking as tt
from tricktaking import records
from tricktaking.simulate import play_game
from tricktaking.testing import playout


def main() -> None:
    """Play, save, load, replay, and tamper."""
    final = playout(tt.new_game(tt.BidWhistConfig(kitty="exchange")), seed=11)[-1]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        with path.open("w", encoding="utf-8") as handle:
            records.dump(final, handle, seats=["North", "East", "South", "West"])
        with path.open(encoding="utf-8") as handle:
            record = records.load(handle)
        text = path.read_text(encoding="utf-8")
    assert record.final_state() == final
    print(f"{record.game}: {len(record.actions)} actions, scores {record.scores}")
    states = list(records.replay(record))
    for before, after in pairwise(states):
        same_deal = after.round.number == before.round.number
        if same_deal and len(after.round.tricks) > len(before.round.tricks):
            trick = after.round.tricks[-1]
            print(
                f"trick {len(after.round.tricks):2}: {tt.format_cards(trick.cards)}"
                f" -> seat {trick.winner}"
            )
    data = json.loads(text)
    data["actions"][3] = "0 pass" if data["actions"][3] != "0 pass" else "0 bid 7NT"
    try:
        records.loads(json.dumps(data))
    except tt.RecordError as error:
        print(f"tampered record rejected at action {error.index}: {error}")
    print(
        "a bot game's result:",
        play_game(tt.WizardConfig(players=3, rounds=2), ["heuristic"] * 3, 1),
    )


if __name__ == "__main__":
    main()
