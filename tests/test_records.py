"""Game records: golden files, round trips and strict rejection of corrupted records."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking import RecordError, records
from tricktaking.testing import playout

GOLDEN = sorted((Path(__file__).parent / "records").glob("*.json"))


def _data(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _actions(data: dict[str, object]) -> list[str]:
    actions = data["actions"]
    assert isinstance(actions, list)
    return [str(action) for action in actions]


def test_there_are_two_golden_records_per_game_one_with_options() -> None:
    games = [str(_data(path)["game"]) for path in GOLDEN]
    assert sorted(games) == sorted(tt.available_games() * 2)


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_records_load_replay_and_reproduce_their_scores(path: Path) -> None:
    data = _data(path)
    with path.open(encoding="utf-8") as handle:
        record = records.load(handle)
    final = record.final_state()
    assert list(tt.scores(final)) == data["scores"]
    assert list(tt.winners(final)) == data["winners"]
    assert tt.is_over(final)
    assert records.dumps(final, seats=record.seats, indent=1) == path.read_text().rstrip("\n")
    states = list(records.replay(record))
    assert len(states) == len(record.actions) + 1


def _corrupt(data: dict[str, object], actions: list[str]) -> str:
    return json.dumps({**data, "actions": actions})


def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        records.loads(text)
    return caught.value


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_changed_card_is_rejected_at_its_index(path: Path) -> None:
    data = _data(path)
    actions = _actions(data)
    record = records.loads(json.dumps(data))
    states = list(records.replay(record))
    index = next(i for i, token in enumerate(actions) if " play " in token)
    seat = int(actions[index].split()[0])
    other = next(
        card
        for hand in states[index].round.hands
        for card in hand
        if card not in states[index].round.hands[seat]
    )
    changed = [*actions[:index], f"{seat} play {other}", *actions[index + 1 :]]
    error = _error(_corrupt(data, changed))
    assert error.index == index
    assert "does not hold" in str(error)


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_truncated_action_list_is_rejected(path: Path) -> None:
    data = _data(path)
    actions = _actions(data)
    error = _error(_corrupt(data, actions[:-1]))
    assert error.index == len(actions) - 1
    assert "stored result" in str(error)


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_wrong_seat_is_rejected_at_its_index(path: Path) -> None:
    data = _data(path)
    actions = _actions(data)
    index = 1
    seat, rest = actions[index].split(" ", 1)
    wrong = [*actions[:index], f"{(int(seat) + 1) % 3} {rest}", *actions[index + 1 :]]
    error = _error(_corrupt(data, wrong))
    assert error.index == index
    assert "turn" in str(error)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ("[]", "not a tricktaking record"),
        ('{"format": "tricktaking-record", "version": 99}', "version 99"),
        ('{"format": "tricktaking-record", "version": 1, "game": "chess"}', "unknown game"),
    ],
)
def test_malformed_records(text: str, message: str) -> None:
    assert message in str(_error(text))


def test_bad_config_and_bad_tokens() -> None:
    final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=1)), 1)[-1]
    data = json.loads(records.dumps(final))
    assert "configuration" in str(_error(json.dumps({**data, "config": {"players": 9}})))
    assert _error(json.dumps({**data, "actions": ["deal", *data["actions"][1:]]})).index == 0
    assert _error(json.dumps({**data, "actions": [*data["actions"][:2], 7]})).index == 2
    assert "seats" in str(_error(json.dumps({**data, "seats": ["a"]})))


def test_dump_and_load_files() -> None:
    final = playout(tt.new_game(tt.OneCardConfig(players=2, target=3)), 4)[-1]
    buffer = io.StringIO()
    records.dump(final, buffer, seats=["me", "you"])
    buffer.seek(0)
    record = records.load(buffer)
    assert record.seats == ("me", "you")
    assert record.final_state() == final
    assert record.game == "one-card"
    with pytest.raises(ValueError, match="seats"):
        records.dumps(final, seats=["only one"])


def test_unfinished_games_round_trip_too() -> None:
    state = playout(tt.new_game(tt.BidWhistConfig()), 2)[10]
    assert records.loads(records.dumps(state)).final_state() == state


LONG_GAMES = [tt.WizardConfig(players=3), tt.OneCardConfig(players=3), tt.BidWhistConfig(target=21)]


@pytest.mark.parametrize("config", LONG_GAMES, ids=lambda config: type(config).__name__)
def test_a_load_shares_one_action_object_per_distinct_token(config: object) -> None:
    # Every full pass of the cyclic collector walks every object a replay keeps, so
    # equal actions share one object; deals are unique and are not remembered.
    final = playout(tt.new_game(config), seed=3)[-1]
    actions = records.loads(records.dumps(final)).actions
    assert actions == final.history.to_tuple()
    first: dict[str, tt.Action] = {}
    for action in actions:
        if isinstance(action, tt.Deal):
            continue
        assert first.setdefault(str(action), action) is action
    deals = [action for action in actions if isinstance(action, tt.Deal)]
    assert len({id(deal) for deal in deals}) == len(deals)
    assert len(first) < len(actions) - len(deals)  # some tokens repeat


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_load_with_its_shared_tokens_full_or_spelled_otherwise_is_the_same(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = path.read_text(encoding="utf-8")
    expected = records.loads(text)
    data = _data(path)
    lower = json.dumps({**data, "actions": [token.lower() for token in _actions(data)]})
    assert records.loads(lower) == expected
    monkeypatch.setattr(records, "_SHARED_TOKENS", 3)  # the bound reached at once
    assert records.loads(text) == expected
    monkeypatch.setattr(records, "_SHARED_TOKEN_LENGTH", 0)  # no token short enough
    assert records.loads(text) == expected
