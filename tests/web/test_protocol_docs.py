"""The protocol page's JSON examples are what the server really sends and accepts."""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import cast

import pytest
from starlette.testclient import TestClient

import tricktaking.web.workers
from tricktaking.bots import Suggestion
from tricktaking.engine import PlayerView
from tricktaking.web.protocol import ErrorCode, Hello, Hint, Move, parse_client_message

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "web-protocol.md"
BLOCK = re.compile(r"```\{code-block\} json\n:name: (?P<name>[\w-]+)\n\n(?P<body>.*?)\n```", re.S)
EXAMPLES: dict[str, dict[str, object]] = {
    match["name"]: json.loads(match["body"]) for match in BLOCK.finditer(PAGE.read_text())
}
ALIASES = {"round": "round_number", "hand_number": "round_number"}  # deprecated view keys


def _same(data: object) -> object:
    """``data`` without the random or long parts and old view field names.

    Table ids, link tokens and the seconds ``waited`` are random; of the ``rules`` the
    page shows the first line.
    """
    if isinstance(data, dict):
        items = cast("dict[str, object]", data).items()
        return {
            ALIASES.get(key, key): _same(_shown(key, value))
            for key, value in items
            if key != "table"
        }
    if isinstance(data, list):
        return [_same(item) for item in cast("list[object]", data)]
    if isinstance(data, str) and data.startswith(("/play/", "/replay/")):
        return data.split("/")[1] + "/<token>"
    return data


def _shown(key: str, value: object) -> object:
    if key == "waited":
        return isinstance(value, float)
    if key == "rules":
        return str(value).splitlines()[0]
    return value


def test_the_page_has_every_example() -> None:
    assert set(EXAMPLES) == {
        "http-games",
        "http-create-request",
        "http-create-answer",
        "http-error",
        "client-hello",
        "client-move",
        "client-hint",
        "server-welcome",
        "server-event",
        "server-hint",
        "server-error",
    }


def test_the_client_examples_parse() -> None:
    parsed = [
        parse_client_message(json.dumps(EXAMPLES[f"client-{kind}"]))
        for kind in ("hello", "move", "hint")
    ]
    assert parsed == [Hello(), Move("1 bid 1", 1), Hint()]


def test_the_error_table_lists_every_code() -> None:
    listed = set(re.findall(r"^\| `(\w+)` \|", PAGE.read_text(), re.M))
    assert listed == set(typing.get_args(ErrorCode))


def test_the_server_examples_are_what_the_server_sends(
    monkeypatch: pytest.MonkeyPatch, served: Callable[..., AbstractContextManager[TestClient]]
) -> None:
    def suggest(view: PlayerView, bot: object = None) -> tuple[Suggestion, ...]:
        return tuple(Suggestion(action, 0.5, 1) for action in reversed(view.legal_actions))

    monkeypatch.setattr(tricktaking.web.workers, "suggest", suggest)

    with served() as client:
        games = client.get("/api/games").json()
        games["games"] = [game for game in games["games"] if game["name"] == "wizard"]
        assert _same(games) == _same({**EXAMPLES["http-games"], "capabilities": {"hint": True}})
        refused = client.post(
            "/api/tables", json={**EXAMPLES["http-create-request"], "seats": ["human"] * 2}
        )
        assert refused.json() == EXAMPLES["http-error"]
        created = client.post("/api/tables", json=EXAMPLES["http-create-request"]).json()
        assert _same(created) == _same(EXAMPLES["http-create-answer"])
        with client.websocket_connect("/ws/" + created["seats"][1]["link"].split("/")[-1]) as ws:
            ws.send_text(json.dumps(EXAMPLES["client-hello"]))
            welcome = ws.receive_json()
            assert _same(welcome) == _same(
                {**EXAMPLES["server-welcome"], "capabilities": {"hint": True}}
            )
            ws.send_text(json.dumps(EXAMPLES["client-hint"]))
            assert ws.receive_json() == EXAMPLES["server-hint"]
            ws.send_text(json.dumps({"type": "move", "action": "1 bid 3"}))
            assert ws.receive_json() == EXAMPLES["server-error"]
            ws.send_text(json.dumps(EXAMPLES["client-move"]))
            assert _same(ws.receive_json()) == _same(EXAMPLES["server-event"])
