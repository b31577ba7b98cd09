"""``GET /api/review/{link}``: a finished game's review, computed once off the event loop."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any, cast

import pytest
from starlette.testclient import TestClient

from tricktaking import records
from tricktaking.tricks import Play

from .conftest import Served
from .test_app import open_table, token

pytest.importorskip("numba", reason="the review needs the batch extra")

Message = dict[str, object]


@pytest.fixture
def client(served: Served) -> Iterator[TestClient]:
    with served() as client:
        yield client


def _finished(client: TestClient, options: Message) -> Message:
    """An Oh Hell table of bots, played to its end."""
    links = open_table(client, "oh-hell", options, ["heuristic"] * 3, seed=3)
    deadline = time.monotonic() + 20
    while client.get("/api/replay/" + token(links["spectator"])).status_code == 409:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.02)
    return links


def test_a_finished_game_is_reviewed_card_by_card_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tricktaking.web.workers

    calls: list[object] = []
    solve = tricktaking.web.workers._review

    def counted(*args: Any) -> dict[str, object]:
        calls.append(args)
        return solve(*args)

    monkeypatch.setattr(tricktaking.web.workers, "_review", counted)
    links = _finished(client, {"players": 3, "hand_size": 3})
    answer = client.get("/api/review/" + token(links["spectator"]))
    assert answer.status_code == 200, answer.text
    review = cast("Message", answer.json()["review"])
    assert review["format"] == "tricktaking-review" and review["finished"] is True
    deals = cast("list[Message]", review["deals"])
    plays = [play for deal in deals for play in cast("list[Message]", deal["plays"])]
    replay = client.get("/api/replay/" + token(links["spectator"])).json()
    record = records.loads(json.dumps(replay["record"]))
    assert [play["card"] for play in plays] == [
        str(action.card) for action in record.actions if isinstance(action, Play)
    ]
    assert all(play["verdict"] in ("best", "inaccuracy", "blunder") for play in plays)
    again = client.get("/api/review/" + token(links["spectator"]))
    assert again.json()["review"] == review
    assert len(calls) == 1  # kept, not solved again


def test_the_review_opens_only_when_the_game_is_over(client: TestClient) -> None:
    links = open_table(client, "oh-hell", {"players": 3}, ["human"] * 3)
    answer = client.get("/api/review/" + token(links["spectator"]))
    assert (answer.status_code, answer.json()["code"]) == (409, "not_over")
    assert client.get("/api/review/nothing").status_code == 404
    assert client.get("/api/review/" + "x" * 5000).status_code == 404
