"""The protocol page's bounds and close codes are the server's: each read from the page.

Every row of the Limits table is turned back into numbers and compared with
:class:`~tricktaking.web.limits.Limits` (a row nobody checks fails the test), and every
documented close code is produced by a live server and read, with its close frame, by a
real WebSocket client.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import cast

import pytest
from starlette.testclient import TestClient

pytest.importorskip("websockets", reason="the web extra is not installed")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

import tricktaking.web.workers
from tricktaking.engine import Action, PlayerView
from tricktaking.web import create_app
from tricktaking.web.app import MAX_BODY_BYTES
from tricktaking.web.limits import (
    CLOSE_FLOOD,
    CLOSE_GOING_AWAY,
    CLOSE_NOT_FOUND,
    CLOSE_ORIGIN,
    CLOSE_SLOW,
    Limits,
)
from tricktaking.web.outbox import Outbox
from tricktaking.web.protocol import MAX_MESSAGE_BYTES
from tricktaking.web.server import PING_SECONDS, _Server
from tricktaking.web.tables import MAX_NAME_LENGTH

from ._live import Deaf, link_token, live, open_table
from .test_operator import OH_HELL, _until_my_turn

Served = Callable[..., AbstractContextManager[TestClient]]
PAGE = (Path(__file__).resolve().parents[2] / "docs" / "reference" / "web-protocol.md").read_text()
DEFAULTS = Limits()
WORDS = {"one": 1.0}


def _table(after: str) -> dict[str, str]:
    """The first Markdown table after the text ``after``: its first column to its second."""
    lines = PAGE.split(after, 1)[1].splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("|"))
    rows: dict[str, str] = {}
    for line in lines[start + 2 :]:  # after the header and its rule
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = cells[1]
    return rows


def _numbers(text: str) -> list[float]:
    """The numbers of a cell, in order (``"one"`` included)."""
    found = re.findall(r"\b(one|\d[\d,]*(?:\.\d+)?)\b", text)
    return [WORDS.get(word, 0.0) or float(word.replace(",", "")) for word in found]


def _rate(text: str) -> list[float]:
    """``N per second, B at once`` or ``one per S seconds, B at once``: the rate and burst."""
    count, per, burst = re.fullmatch(r"(\w+) per (\d* ?)seconds?, (\d+) at once", text).groups()  # type: ignore[union-attr]
    return [WORDS.get(count, 0.0) or float(count), float(per or 1), float(burst)]


LIMITS: dict[str, tuple[Callable[[str], list[float]], list[float]]] = {
    "open (unfinished) tables": (
        _numbers,
        [DEFAULTS.max_tables, DEFAULTS.max_tables_per_address],
    ),
    "an unfinished table with no move": (
        lambda text: [_numbers(text)[0] * 3600] if "hours" in text else [],
        [DEFAULTS.idle_seconds],
    ),
    "a finished table in memory": (
        lambda text: [_numbers(text)[0] * 60] if "minutes" in text else [],
        [DEFAULTS.finished_seconds],
    ),
    "messages a socket sends": (_rate, [DEFAULTS.message_rate, 1, DEFAULTS.message_burst]),
    "hints a seat asks, over all the sockets of its link": (
        _rate,
        [1, 1 / DEFAULTS.hint_rate, DEFAULTS.hint_burst],
    ),
    "hints asked from one client address": (
        _rate,
        [DEFAULTS.address_hint_rate, 1, DEFAULTS.address_hint_burst],
    ),
    "hints a socket waits for": (_numbers, [1]),  # and test_a_socket_asks_one_hint_at_a_time
    "hints being computed on the server": (_numbers, [DEFAULTS.hint_backlog]),
    "one hint": (_numbers, [DEFAULTS.hint_seconds, DEFAULTS.hint_workers]),
    "one search bot's move": (_numbers, [DEFAULTS.decision_seconds, DEFAULTS.search_workers]),
    "one game's review": (
        _numbers,
        [DEFAULTS.review_seconds, DEFAULTS.review_max_cards_left, 1],
    ),
    "reviews waiting or being computed": (
        _numbers,
        [DEFAULTS.review_backlog, DEFAULTS.review_cache],
    ),
    "messages waiting for a socket": (_numbers, [DEFAULTS.send_queue]),
    "one write to a socket": (_numbers, [DEFAULTS.write_timeout]),
    "a silent socket": (_numbers, [PING_SECONDS, PING_SECONDS]),
    "seat names": (_numbers, [1, MAX_NAME_LENGTH]),
}


def test_every_documented_limit_is_the_servers() -> None:
    rows = _table("## Limits")
    rows.pop("integer options")  # each option's own: test_every_integer_bound_is_enforced
    assert set(rows) == set(LIMITS), "a row of the Limits table that nobody checks"
    for what, default in rows.items():
        read, expected = LIMITS[what]
        assert read(default) == [float(value) for value in expected], what


def test_the_documented_frame_and_body_limits_are_the_servers() -> None:
    frame = re.search(r"at most (\d+) bytes:\s+a longer one .*? over (\d+) KiB closes", PAGE, re.S)
    body = re.search(r"Bodies over (\d+) KiB are refused", PAGE)
    assert frame is not None and body is not None
    assert int(frame[1]) == MAX_MESSAGE_BYTES
    server = _Server(create_app(bot_delay=0), "127.0.0.1", 1)
    assert int(frame[2]) * 1024 == server.config.ws_max_size
    assert int(body[1]) * 1024 == MAX_BODY_BYTES


def test_every_integer_bound_is_enforced(served: Served) -> None:
    with served() as client:
        for game in client.get("/api/games").json()["games"]:
            for option in game["options"]:
                if option["kind"] not in ("int", "optional-int"):
                    continue
                for value in (option["min"] - 1, option["max"] + 1):
                    body = {
                        "game": game["name"],
                        "options": {option["name"]: value},
                        "seats": ["random"] * (game["seats"] or 3),
                    }
                    answer = client.post("/api/tables", json=body)
                    assert answer.status_code == 400, (game["name"], option["name"], value)


def _live() -> AbstractContextManager[tuple[str, _Server]]:
    return live(Limits(message_burst=5, message_rate=0.01))


def _closed_with(ws: ClientConnection) -> int:
    """Read until the server closes; the code of its close frame (never 1006)."""
    try:
        while True:
            ws.recv(timeout=5)
    except ConnectionClosed:
        pass
    assert ws.protocol.close_rcvd is not None, "no close frame"
    return ws.protocol.close_rcvd.code


def _going_away(host: str, server: _Server, links: dict[str, object]) -> int:
    with connect(f"ws://{host}/ws/{link_token(links, None)}", open_timeout=5) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1}))
        ws.recv(timeout=5)
        server.should_exit = True
        return _closed_with(ws)


def _flood(host: str, server: _Server, links: dict[str, object]) -> int:
    with connect(f"ws://{host}/ws/{link_token(links, None)}", open_timeout=5) as ws:
        for _ in range(10):
            try:
                ws.send(json.dumps({"type": "hello", "protocol": 1}))
            except ConnectionClosed:  # the server may close before the last one is sent
                break
        return _closed_with(ws)


def _foreign_origin(host: str, server: _Server, links: dict[str, object]) -> int:
    url = f"ws://{host}/ws/{link_token(links, None)}"
    with connect(url, open_timeout=5, origin=Origin("http://localhost:1")) as ws:
        return _closed_with(ws)


def _no_table(host: str, server: _Server, links: dict[str, object]) -> int:
    with connect(f"ws://{host}/ws/no-such-link", open_timeout=5) as ws:
        return _closed_with(ws)


def _too_big(host: str, server: _Server, links: dict[str, object]) -> int:
    with connect(f"ws://{host}/ws/{link_token(links, None)}", open_timeout=5) as ws:
        ws.send("x" * (4 * MAX_MESSAGE_BYTES + 1))
        return _closed_with(ws)


def _slow() -> int:
    """The code an outbox closes a client with when it falls behind (a unit: see above)."""

    async def fall_behind() -> list[int]:
        deaf = Deaf()
        outbox = Outbox(deaf, size=1, write_timeout=60)
        for _ in range(3):
            outbox.put({"type": "event"})
            await asyncio.sleep(0)
        await outbox.flush()
        return deaf.closed

    (code,) = asyncio.run(fall_behind())
    return code


LIVE: dict[int, Callable[[str, _Server, dict[str, object]], int]] = {
    CLOSE_GOING_AWAY: _going_away,
    CLOSE_FLOOD: _flood,
    CLOSE_ORIGIN: _foreign_origin,
    CLOSE_NOT_FOUND: _no_table,
    1009: _too_big,
}


def _documented_codes() -> list[int]:
    codes = [int(code) for code in _table("WebSocket close codes")]
    mentioned = re.findall(r"\(close code (\d+)\)", PAGE)
    return codes + [int(code) for code in mentioned]


@pytest.mark.parametrize("code", _documented_codes())
def test_every_documented_close_code_is_what_a_client_reads(code: int) -> None:
    if code == CLOSE_SLOW:  # a client that reads nothing cannot read a close frame either
        assert _slow() == code
        return
    with _live() as (host, server):
        links = open_table(host, {**OH_HELL, "seats": ["human"] * 3})
        assert LIVE[code](host, server, links) == code


def test_the_close_code_constants_are_the_documented_ones() -> None:
    constants = {CLOSE_GOING_AWAY, CLOSE_SLOW, CLOSE_FLOOD, CLOSE_ORIGIN, CLOSE_NOT_FOUND}
    assert constants == {int(code) for code in _table("WebSocket close codes")}


def test_a_socket_asks_one_hint_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def hint(view: PlayerView, seconds: float, kind: str) -> Action:
        release.wait(30)
        return view.legal_actions[0]

    monkeypatch.setattr(tricktaking.web.workers, "_hint", hint)
    with _live() as (host, _):
        links = open_table(host, {**OH_HELL, "seats": ["human"] * 3})
        with connect(f"ws://{host}/ws/{link_token(links, 1)}", open_timeout=5) as ws:
            _until_my_turn(ws)
            ws.send('{"type": "hint"}')
            ws.send('{"type": "hint"}')
            second = cast("dict[str, object]", json.loads(ws.recv(timeout=5)))
            release.set()
            first = cast("dict[str, object]", json.loads(ws.recv(timeout=5)))
    assert (second["code"], first["type"]) == ("rate_limited", "hint")
