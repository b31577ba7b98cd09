"""Nothing is lost: a server killed with SIGKILL resumes every table from its database."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import urllib.request
from contextlib import closing
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("websockets", reason="the web extra is not installed")

from websockets.sync.client import ClientConnection, connect

from ._live import free_port, serving

Message = dict[str, object]


def _hello(ws: ClientConnection, since: int | None = None) -> Message:
    ws.send(json.dumps({"type": "hello", "protocol": 1, "since": since}))
    return cast("Message", json.loads(ws.recv(timeout=10)))


def _view(message: Message) -> Message:
    return cast("Message", message["view"])


def _legal(message: Message) -> list[str]:
    return cast("list[str]", _view(message)["legal_actions"])


def _my_turn(ws: ClientConnection, current: Message, seen: list[Message]) -> Message:
    """Read events until it is seat 0's turn; remember every event."""
    while _view(current)["actor"] != 0:
        current = cast("Message", json.loads(ws.recv(timeout=20)))
        assert current["type"] == "event", current
        seen.append(current)
    return current


def _open(base: str, body: dict[str, object]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return cast("dict[str, Any]", json.loads(answer.read()))


def _stored_actions(db: Path) -> dict[str, list[str]]:
    """The action tokens of every table stored in ``db``, in order."""
    with closing(sqlite3.connect(db)) as connection:  # `with connect()` does not close
        rows = connection.execute(
            "SELECT table_id, token FROM web_actions ORDER BY table_id, seq"
        ).fetchall()
    stored: dict[str, list[str]] = {}
    for table, token in rows:
        stored.setdefault(table, []).append(token)
    return stored


def test_a_killed_server_resumes_every_table_and_play_continues(tmp_path: Path) -> None:
    db, port = tmp_path / "tables.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    seen: list[Message] = []
    with serving(db, port) as process:
        bots_only = _open(
            base, {"game": "wizard", "options": {"players": 3}, "seats": ["random"] * 3}
        )
        links = _open(
            base, {"game": "one-card", "options": {"players": 2}, "seats": ["human", "random"]}
        )
        link = links["seats"][0]["link"].rsplit("/", 1)[1]
        with connect(f"ws://127.0.0.1:{port}/ws/{link}") as ws:
            current = _hello(ws)
            for _ in range(6):
                current = _my_turn(ws, current, seen)
                ws.send(json.dumps({"type": "move", "action": _legal(current)[0]}))
                current = json.loads(ws.recv(timeout=10))
                assert current["type"] == "event" and current["actor"] == 0, current
                seen.append(current)
            os.kill(process.pid, signal.SIGKILL)  # right after the reply: no clean shutdown
            process.wait(timeout=10)
    accepted = {int(cast("int", event["seq"])): event["action"] for event in seen}
    stored = _stored_actions(db)
    for seq, action in accepted.items():
        assert action in ("deal", stored[links["table"]][seq - 1])
    assert len(stored[bots_only["table"]]) > 0
    with serving(db, port), connect(f"ws://127.0.0.1:{port}/ws/{link}") as ws:
        welcome = _hello(ws, since=0)
        assert cast("int", welcome["seq"]) >= max(accepted)
        events = cast("list[Message]", welcome["events"])
        replayed = {int(cast("int", event["seq"])): event["action"] for event in events}
        assert {seq: replayed[seq] for seq in accepted} == accepted
        current = _my_turn(ws, welcome, [])
        ws.send(json.dumps({"type": "move", "action": _legal(current)[0]}))
        after = json.loads(ws.recv(timeout=10))
        assert (after["type"], after["seq"]) == ("event", cast("int", current["seq"]) + 1)
        spectator = bots_only["spectator"].rsplit("/", 1)[1]
        with connect(f"ws://127.0.0.1:{port}/ws/{spectator}") as watcher:
            resumed = _hello(watcher)  # the bots' table is back, at least where it was
            assert cast("int", resumed["seq"]) >= len(stored[bots_only["table"]])
    assert (
        _stored_actions(db)[bots_only["table"]][: len(stored[bots_only["table"]])]
        == (stored[bots_only["table"]])
    )
