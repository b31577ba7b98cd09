"""``GET /api/record/{link}``: a seat downloads the record of what it saw, and nothing more."""

from __future__ import annotations

import json
from typing import cast

from tricktaking import records
from tricktaking.web.seat_record import file_name

from .conftest import Served

Message = dict[str, object]


def test_a_seat_downloads_what_it_saw_and_its_last_view_is_the_one_it_was_sent(
    served: Served,
) -> None:
    with served() as client:
        body = {
            "game": "bid-whist",
            "options": {"kitty": "exchange"},
            "seats": ["heuristic", "human", "heuristic", "heuristic"],
            "seed": 4,
        }
        links = cast("Message", client.post("/api/tables", json=body).json())
        token = str(cast("list[Message]", links["seats"])[1]["link"]).rsplit("/", 1)[-1]
        with client.websocket_connect(f"/ws/{token}") as ws:
            ws.send_text(json.dumps({"type": "hello", "protocol": 1}))
            welcome = cast("Message", ws.receive_json())
        download = client.get(f"/api/record/{token}")
        assert download.status_code == 200
        assert download.headers["content-type"].startswith("application/json")
        disposition = download.headers["content-disposition"]
        assert disposition.startswith("attachment;") and disposition.endswith('seat-1.json"')
        record = records.loads_perspective(download.text)
        assert record.seat == 1 and record.game == "bid-whist"
        assert record.views[-1].to_dict() == welcome["view"]
        spectator = str(links["spectator"]).rsplit("/", 1)[-1]
        refused = client.get(f"/api/record/{spectator}")
        assert (refused.status_code, refused.json()["code"]) == (404, "no_seat")
        assert client.get("/api/record/no-such-link").json()["code"] == "not_found"


def test_the_file_name_says_the_game_the_table_and_the_seat() -> None:
    assert file_name("bid-whist", "12", 3) == "bid-whist-table-12-seat-3.json"
