"""What a hostile or careless client cannot do to the server: each finding of a review.

A client that reads nothing, or floods, stalls nobody and is dropped with a close code;
hints are rate-limited; search bots never block the event loop; tables are bounded;
another origin cannot open tables, a foreign host name gets nothing; a resume tells
events as they were told; bad input is refused before anything is stored.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import signal
import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import cast

import pytest
import uvicorn
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

pytest.importorskip("websockets", reason="the web extra is not installed")
from websockets.sync.client import connect

import tricktaking as tt
from tricktaking.views import JSONValue
from tricktaking.web import create_app
from tricktaking.web.hub import Hub
from tricktaking.web.limits import CLOSE_FLOOD, CLOSE_ORIGIN, CLOSE_SLOW, Limits
from tricktaking.web.store import Store
from tricktaking.web.workers import Workers

from ._links import token
from ._live import Deaf, free_port, link_token, open_table, serving

Served = Callable[..., AbstractContextManager[TestClient]]
Message = dict[str, object]
JSON = {"content-type": "application/json"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def live(request: pytest.FixtureRequest) -> Iterator[str]:
    """A real uvicorn server on a free loopback port, in a thread (limits from a marker)."""
    marker = request.node.get_closest_marker("limits")
    limits = Limits(**marker.kwargs) if marker is not None else Limits()
    port = free_port()
    app = create_app(":memory:", bot_delay=0, limits=limits)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


WIZARD_HUMANS = {"game": "wizard", "options": {"players": 3}, "seats": ["human"] * 3}


def _frame(text: str) -> bytes:
    """A masked client text frame (RFC 6455)."""
    payload = text.encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    length = len(payload)
    header = (
        bytes([0x81, 0x80 | length])
        if length < 126
        else bytes([0x81, 0xFE]) + struct.pack("!H", length)
    )
    return header + mask + masked


def _raw_socket(host: str, token: str) -> socket.socket:
    """A WebSocket opened by hand, with a tiny receive buffer, that never reads."""
    name, port = host.split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((name, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws/{token} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    return raw


@pytest.mark.limits(message_burst=100_000, message_rate=100_000.0, write_timeout=1.0)
def test_a_client_that_reads_nothing_stalls_nobody(live: str) -> None:
    links = open_table(
        live, {"game": "wizard", "options": {"players": 3}, "seats": ["human", "random", "random"]}
    )
    deaf = _raw_socket(live, link_token(links, None))
    hello = _frame(json.dumps({"type": "hello", "protocol": 1}))
    deaf.settimeout(0.5)
    sent = 0
    with contextlib_suppress_oserror():
        for _ in range(20_000):
            deaf.sendall(hello)
            sent += 1
    started = time.monotonic()
    with connect(f"ws://{live}/ws/{link_token(links, 0)}", open_timeout=5) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1}))
        welcome = json.loads(ws.recv(timeout=2))
        assert welcome["type"] == "welcome"
        view = welcome["view"]
        while view["actor"] != 0:
            view = json.loads(ws.recv(timeout=2))["view"]
        ws.send(json.dumps({"type": "move", "action": view["legal_actions"][0]}))
        event = json.loads(ws.recv(timeout=2))
        assert (event["type"], event["actor"]) == ("event", 0)
    assert time.monotonic() - started < 3
    assert sent > 0
    deaf.close()


class contextlib_suppress_oserror:  # noqa: N801 - reads as the statement it is
    """Stop writing once the server drops the flooding socket."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return exc[0] is not None and issubclass(cast("type", exc[0]), OSError)


def test_a_flooding_client_is_closed_with_a_code(served: Served) -> None:
    with served() as client:
        links = client.post("/api/tables", json=WIZARD_HUMANS).json()
        with client.websocket_connect("/ws/" + link_token(links, 1)) as ws:
            for _ in range(200):
                ws.send_text(json.dumps({"type": "hello", "protocol": 1}))
            with pytest.raises(WebSocketDisconnect) as closed:
                _read_until_closed(ws)
        assert closed.value.code == CLOSE_FLOOD


def _read_until_closed(ws: WebSocketTestSession) -> None:
    while True:
        ws.receive_json()


def test_hints_are_rate_limited(served: Served) -> None:
    with served(limits=Limits(hint_burst=2, hint_rate=0.01)) as client:
        links = client.post(
            "/api/tables",
            # Oh Hell with a fixed dealer: seat 1 always acts first, whatever the deal
            json={
                "game": "oh-hell",
                "options": {"players": 3, "hand_size": 1, "first_dealer": 0},
                "seats": ["human"] * 3,
            },
        ).json()
        with client.websocket_connect("/ws/" + link_token(links, 1)) as ws:
            ws.send_text(json.dumps({"type": "hello", "protocol": 1}))
            message = ws.receive_json()
            while message["view"]["actor"] != 1:  # the deal may come after the welcome
                message = ws.receive_json()
            answers = []
            for _ in range(3):
                ws.send_text('{"type": "hint"}')
                answers.append(ws.receive_json())
    assert [answer["type"] for answer in answers] == ["hint", "hint", "error"], answers
    assert answers[-1]["code"] == "rate_limited"


def test_a_slow_outbox_is_dropped_alone() -> None:
    class Listener:
        def __init__(self) -> None:
            self.seqs: list[int] = []

        async def send(self, message: dict[str, JSONValue]) -> None:
            if message["type"] == "event":
                self.seqs.append(int(cast("int", message["seq"])))

        async def close(self, code: int) -> None:
            pass

    async def play() -> tuple[list[int], list[int], int]:
        hub = Hub(Store(":memory:"), bot_delay=0, limits=Limits(send_queue=8, write_timeout=60))
        table = hub.create("one-card", {"players": 2, "target": 3}, ["random", "random"], seed=3)
        link = hub.find(token(table, None))
        assert link is not None
        deaf, listener = Deaf(), Listener()
        await hub.join(link, deaf, None)
        await hub.join(link, listener, None)
        await hub.idle(table)
        seq = table.seq
        await hub.close()
        return deaf.closed, listener.seqs, seq

    closed, seqs, seq = asyncio.run(play())
    assert closed == [CLOSE_SLOW]
    assert seqs == list(range(1, seq + 1))


def test_search_bot_tables_leave_the_lobby_responsive(live: str) -> None:
    for seed in range(3):
        open_table(
            live,
            {"game": "wizard", "options": {"players": 3}, "seats": ["ismcts"] * 3, "seed": seed},
        )
    slowest = 0.0
    deadline = time.monotonic() + 4
    while time.monotonic() < deadline:
        started = time.monotonic()
        urllib.request.urlopen(f"http://{live}/api/games", timeout=5).close()
        slowest = max(slowest, time.monotonic() - started)
        time.sleep(0.05)
    assert slowest < 0.3


def test_open_tables_are_bounded_per_address_and_in_all(served: Served) -> None:
    body = {"game": "one-card", "options": {"players": 2}, "seats": ["human", "human"]}
    with served(limits=Limits(max_tables=4, max_tables_per_address=2)) as client:
        statuses = [client.post("/api/tables", json=body).status_code for _ in range(3)]
        assert statuses == [201, 201, 429]
        assert client.post("/api/tables", json=body).json()["code"] == "too_many_tables"


def test_another_origin_cannot_open_tables_or_sockets(served: Served) -> None:
    body = json.dumps({"game": "one-card", "options": {"players": 2}, "seats": ["random"] * 2})
    with served() as client:
        simple = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
        assert simple.status_code == 415
        foreign = client.post(
            "/api/tables", content=body, headers={**JSON, "origin": "https://evil.example"}
        )
        assert (foreign.status_code, foreign.json()["code"]) == (403, "forbidden")
        links = client.post(
            "/api/tables", content=body, headers={**JSON, "origin": "http://localhost"}
        ).json()
        for origin in ("https://evil.example", "http://localhost:1", "https://localhost"):
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                client.websocket_connect(
                    "/ws/" + link_token(links, None), headers={"origin": origin}
                ) as ws,
            ):
                ws.receive_text()
            assert closed.value.code == CLOSE_ORIGIN


def test_a_page_of_another_local_server_cannot_open_tables(served: Served) -> None:
    """Another server on this machine (a notebook, a dev server) is another origin."""
    body = {"game": "one-card", "options": {"players": 2}, "seats": ["random"] * 2}
    with served() as client:
        for origin in ("http://localhost:1", "http://127.0.0.1", "https://localhost"):
            refused = client.post("/api/tables", json=body, headers={"origin": origin})
            assert (refused.status_code, refused.json()["code"]) == (403, "forbidden"), origin
        same = client.post("/api/tables", json=body, headers={"origin": "http://localhost:80"})
        assert same.status_code == 201


def test_a_foreign_host_name_gets_nothing(served: Served) -> None:
    with served() as client:
        answer = client.get("/api/games", headers={"host": "rebound.example"})
        assert (answer.status_code, answer.json()["code"]) == (421, "forbidden")
        assert client.get("/", headers={"host": "rebound.example:8000"}).status_code == 421
        assert client.get("/api/games", headers={"host": "[::1]:8000"}).status_code == 200


def test_a_table_secret_guards_creation() -> None:
    from tricktaking.web.guard import Guard

    body = {"game": "one-card", "options": {"players": 2}, "seats": ["random"] * 2}
    app = create_app(bot_delay=0, guard=Guard(secret="s3cret"), processes=False)
    with TestClient(app, "http://localhost") as client:
        assert client.post("/api/tables", json=body).status_code == 403
        assert client.post("/api/tables", json={**body, "secret": "nope"}).status_code == 403
        answer = client.post("/api/tables", json=body, headers={"x-table-secret": "s3cret"})
        assert answer.status_code == 201


def test_a_resume_tells_events_as_they_were_told() -> None:
    """A Bid Whist discard stays ``??`` to the other seats, whatever came later."""

    async def play() -> tuple[list[str], list[str]]:
        hub = Hub(Store(":memory:"), bot_delay=0)
        table = hub.create("bid-whist", {"kitty": "exchange"}, ["human"] * 4, seed=1)
        rng = random.Random(1)
        told: list[str] = []
        while table.seq < 73:
            await hub.idle(table)
            seat = tt.actor(table.state)
            assert isinstance(seat, int)
            link = hub.find(token(table, seat))
            assert link is not None
            await hub.move(link, str(rng.choice(tt.legal_actions(table.state))), None)
            if table.seq == 7:
                watcher = hub.find(token(table, 1))
                assert watcher is not None
                told = [str(cast("list[Message]", hub.welcome(watcher, 6)["events"])[0]["action"])]
        watcher = hub.find(token(table, 1))
        assert watcher is not None
        resumed = cast("list[Message]", hub.welcome(watcher, 6)["events"])
        await hub.close()
        return told, [str(resumed[0]["action"])]

    told, resumed = asyncio.run(play())
    assert told == ["0 discard ??"]
    assert resumed == told


@pytest.mark.parametrize(
    "names",
    [["\ud800", "Bo"], ["", "Bo"], ["x" * 41, "Bo"], ["a\x07b", "Bo"]],
    ids=["lone-surrogate", "empty", "too-long", "control"],
)
def test_bad_names_are_refused_before_anything_is_stored(served: Served, names: list[str]) -> None:
    text = json.dumps(
        {"game": "one-card", "options": {"players": 2}, "seats": ["random"] * 2, "names": names}
    )
    with served() as client:
        answer = client.post("/api/tables", content=text.encode(), headers=JSON)
        assert (answer.status_code, answer.json()["code"]) == (400, "bad_field")
        games = client.get("/api/games").json()
    assert games["protocol"] == 1


def test_deep_json_over_the_socket_is_malformed(served: Served) -> None:
    with served() as client:
        links = client.post("/api/tables", json=WIZARD_HUMANS).json()
        with client.websocket_connect("/ws/" + link_token(links, 1)) as ws:
            ws.send_text("[" * 2000 + "]" * 2000)
            assert ws.receive_json()["code"] == "malformed"


def test_every_integer_option_is_bounded(served: Served) -> None:
    with served() as client:
        for game in client.get("/api/games").json()["games"]:
            for option in game["options"]:
                if option["kind"] in ("int", "optional-int"):
                    assert isinstance(option["max"], int), (game["name"], option)
                    body = {
                        "game": game["name"],
                        "options": {option["name"]: option["max"] + 1},
                        "seats": ["random"] * (game["seats"] or 3),
                    }
                    answer = client.post("/api/tables", json=body)
                    assert answer.status_code == 400, (game["name"], option)


def test_sigterm_stops_a_busy_server_within_two_seconds(tmp_path: Path) -> None:
    port = free_port()
    with serving(tmp_path / "tables.sqlite3", port) as process:
        host = f"127.0.0.1:{port}"
        links = [
            open_table(host, {"game": "wizard", "options": {"players": 3}, "seats": ["ismcts"] * 3})
            for _ in range(3)
        ]
        with connect(f"ws://{host}/ws/{link_token(links[0], None)}") as ws:
            ws.send(json.dumps({"type": "hello", "protocol": 1}))
            ws.recv(timeout=5)
            time.sleep(1.5)  # the searches are under way
            started = time.monotonic()
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=10)
            assert time.monotonic() - started < 2.0


def _failing_workers(error: Exception) -> Workers:
    """Workers whose every bot decision and hint raises ``error``."""

    class Failing(Workers):
        async def decide(self, kind: str, game: str, seed: int, view: tt.PlayerView) -> tt.Action:
            raise error

        async def hint(self, view: tt.PlayerView) -> tt.Action:
            raise error

    return Failing(Limits(), processes=False)


def _logged(caplog: pytest.LogCaptureFixture, error: Exception) -> bool:
    """Whether the hub logged failures, each with ``error`` as its traceback's."""
    logged = [record for record in caplog.records if record.name == "tricktaking.web.hub"]
    return bool(logged) and all(
        record.exc_info and record.exc_info[1] is error for record in logged
    )


@pytest.mark.parametrize(
    "error",
    [BrokenExecutor("a worker process died"), ValueError("a bot's bug")],
    ids=["dead worker", "bot's bug"],
)
def test_a_failing_bot_is_logged_and_its_table_plays_on(
    error: Exception, caplog: pytest.LogCaptureFixture
) -> None:
    async def play() -> bool:
        hub = Hub(Store(":memory:"), bot_delay=0, workers=_failing_workers(error))
        table = hub.create("one-card", {"players": 2, "target": 1}, ["ismcts", "ismcts"], seed=1)
        await asyncio.wait_for(hub.idle(table), timeout=30)
        over = table.over
        await hub.close()
        return over

    assert asyncio.run(play())
    assert _logged(caplog, error)


def test_a_hint_whose_search_fails_is_answered_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    from tricktaking.web.protocol import ProtocolError

    error = ValueError("a bot's bug")

    async def ask() -> str:
        hub = Hub(Store(":memory:"), bot_delay=0, workers=_failing_workers(error))
        table = hub.create("one-card", {"players": 2}, ["human", "human"], seed=1)
        await hub.idle(table)
        seat = tt.actor(table.state)
        assert table.tokens is not None and isinstance(seat, int)
        token = table.tokens.seats[seat]
        assert token is not None
        link = hub.find(token)
        assert link is not None
        try:
            await asyncio.wait_for(hub.hint(link), timeout=5)
        except ProtocolError as refused:
            return refused.code
        finally:
            await hub.close()
        return "answered"

    assert asyncio.run(ask()) == "rate_limited"
    (logged,) = [record for record in caplog.records if record.name == "tricktaking.web.hub"]
    assert logged.exc_info is not None and logged.exc_info[1] is error
