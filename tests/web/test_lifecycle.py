"""Tables come and go: finished ones leave memory (their links still open the replay),
idle ones expire, a restart loads only the unfinished ones, and the guards' edge cases."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import tricktaking as tt
from tricktaking.views import JSONValue
from tricktaking.web.guard import Guard, GuardError
from tricktaking.web.hub import ARCHIVE_CACHE, Hub
from tricktaking.web.limits import CLOSE_GOING_AWAY, Limits, RateLimit
from tricktaking.web.outbox import Outbox
from tricktaking.web.protocol import ProtocolError
from tricktaking.web.store import Store

from ._links import token

Served = Callable[..., AbstractContextManager[TestClient]]
TWO_HUMANS = {"game": "one-card", "options": {"players": 2}, "seats": ["human"] * 2}


def _read_codes(ws: WebSocketTestSession, codes: list[str]) -> None:
    while True:
        codes.append(str(ws.receive_json()["code"]))


class Recorder:
    """A client that keeps every message."""

    def __init__(self) -> None:
        self.messages: list[dict[str, JSONValue]] = []
        self.closed: list[int] = []

    async def send(self, message: dict[str, JSONValue]) -> None:
        self.messages.append(message)

    async def close(self, code: int) -> None:
        self.closed.append(code)


def test_a_finished_table_leaves_memory_and_comes_back_for_its_replay(tmp_path: Path) -> None:
    async def play() -> None:
        hub = Hub(Store(tmp_path / "t.sqlite3"), bot_delay=0, limits=Limits(finished_seconds=1))
        table = hub.create("one-card", {"players": 2, "target": 1}, ["human", "random"], seed=2)
        link = hub.find(token(table, 0))
        assert link is not None
        watcher = Recorder()
        await hub.join(link, watcher, None)
        while not table.over:
            await hub.idle(table)
            if tt.actor(table.state) == 0:
                await hub.move(link, str(tt.legal_actions(table.state)[0]), None)
        await hub.idle(table)
        assert hub.sweep(now=table.touched + 0.5) == []
        assert hub.sweep(now=table.touched + 2) == [table.id]
        assert table.id not in hub.tables
        back = hub.find(token(table, 0))
        assert back is not None and back.table is not table and back.table.over
        assert back.table.state == table.state
        assert hub.find(token(table, None)) is not None
        assert hub.find(token(table, 0)).table is back.table  # type: ignore[union-attr]
        late = Recorder()
        box = await hub.join(back, late, None)
        await box.flush()
        assert late.messages[0]["over"] is True
        with pytest.raises(ProtocolError, match="over"):
            await hub.move(back, "0 pass", None)
        again = hub.rematch(back, box)
        await box.flush()
        assert late.messages[-1]["type"] == "rematch"
        assert hub.rematch(back) is again
        spectator = hub.find(token(table, None))
        assert spectator is not None
        with pytest.raises(ProtocolError):
            hub.rematch(spectator)
        box.stop()
        await hub.close()

    asyncio.run(play())


def test_the_archive_keeps_a_bounded_number_of_tables(tmp_path: Path) -> None:
    async def play() -> int:
        hub = Hub(Store(tmp_path / "t.sqlite3"), bot_delay=0, limits=Limits(finished_seconds=1))
        hub.limits = Limits(max_tables=1000, max_tables_per_address=1000, finished_seconds=1)
        tables = [
            hub.create("one-card", {"players": 2, "target": 1}, ["random", "random"], seed=seed)
            for seed in range(ARCHIVE_CACHE + 2)
        ]
        for table in tables:
            await hub.idle(table)
        hub.sweep(now=max(table.touched for table in tables) + 5)
        for table in tables:
            assert hub.find(token(table, None)) is not None
        size = len(hub._archive)
        await hub.close()
        return size

    assert asyncio.run(play()) == ARCHIVE_CACHE


def test_an_idle_table_expires_and_is_not_loaded_again(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"

    async def first() -> tuple[str, str]:
        hub = Hub(Store(path), bot_delay=0, limits=Limits(idle_seconds=60))
        idle = hub.create("one-card", {"players": 2}, ["human", "human"], seed=1)
        kept = hub.create("one-card", {"players": 2}, ["human", "human"], seed=2)
        await hub.idle(idle)
        await hub.idle(kept)
        kept.touched = idle.touched + 100
        watcher = Recorder()
        link = hub.find(token(idle, None))
        assert link is not None
        await hub.join(link, watcher, None)
        assert hub.sweep(now=idle.touched + 61) == [idle.id]
        await asyncio.sleep(0)
        assert watcher.closed == [CLOSE_GOING_AWAY]
        assert hub.find(token(idle, None)) is None
        await hub.close()
        return idle.id, kept.id

    async def second() -> list[str]:
        hub = Hub(Store(path), bot_delay=0)
        assert hub.resume() == 1
        ids = list(hub.tables)
        await hub.close()
        return ids

    _, kept = asyncio.run(first())
    assert asyncio.run(second()) == [kept]


def test_the_limits_refuse_what_they_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        Limits(write_timeout=0)
    bucket = RateLimit(rate=1.0, burst=1)
    assert bucket.allow()
    assert not bucket.allow()

    async def play() -> None:
        hub = Hub(Store(":memory:"), bot_delay=0, limits=Limits(max_tables=1))
        hub.create("one-card", {"players": 2}, ["human", "human"])
        with pytest.raises(ProtocolError, match="as many tables"):
            hub.create("one-card", {"players": 2}, ["human", "human"])
        await hub.close()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        (None, False),
        ("localhost", True),
        ("LOCALHOST:80", True),
        ("[::1]:8000", True),
        ("[::1", False),
        ("cards.lan:8000", True),
        ("evil.example", False),
    ],
)
def test_hosts(host: str | None, allowed: bool) -> None:
    assert Guard(hosts=["Cards.LAN"]).host_allowed(host) is allowed


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),
        ("http://localhost:8000", True),
        ("HTTP://LOCALHOST:8000", True),
        ("http://localhost:1", False),
        ("https://localhost:8000", False),
        ("http://127.0.0.1:8000", False),
        ("https://cards.lan", True),
        ("https://cards.lan:443", True),
        ("http://cards.lan", False),
        ("https://cards.lan:8443", False),
        ("null", False),
        ("file://localhost", False),
        ("http://[::1", False),
        ("http://localhost:99999", False),
        ("http://evil.example", False),
    ],
)
def test_an_origin_is_the_served_one_or_a_configured_one(origin: str | None, allowed: bool) -> None:
    guard = Guard(origins=["https://cards.lan/"])
    assert guard.origin_allowed(origin, "http://localhost:8000") is allowed


@pytest.mark.parametrize("origin", ["cards.lan", "ftp://cards.lan", "https://cards.lan/play", ""])
def test_a_configured_origin_must_be_an_origin(origin: str) -> None:
    with pytest.raises(GuardError, match="scheme://host"):
        Guard(origins=[origin])


@pytest.mark.parametrize(
    "arguments",
    [
        {"origins": "https://cards.lan"},
        {"origins": [3]},
        {"trusted_proxies": None},
        {"hosts": [None]},
        {"origins": ["\ud800"]},
    ],
)
def test_a_guard_takes_lists_of_strings(arguments: dict[str, object]) -> None:
    with pytest.raises(GuardError):
        Guard(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("proxy", ["localhost", "10.0.0.0/33", ""])
def test_a_trusted_proxy_must_be_an_address(proxy: str) -> None:
    with pytest.raises(GuardError, match="IP address or network"):
        Guard(trusted_proxies=[proxy])


def test_an_outbox_closed_by_the_server_stops_writing() -> None:
    async def play() -> tuple[list[int], bool]:
        client = Recorder()
        box = Outbox(client, size=4, write_timeout=1.0)
        box.put({"type": "event"})
        await box.flush()
        await box.close(CLOSE_GOING_AWAY)
        box.put({"type": "event"})  # after the close: dropped silently
        box.drop(CLOSE_GOING_AWAY)  # twice: nothing more
        return client.closed, len(client.messages) == 1

    assert asyncio.run(play()) == ([CLOSE_GOING_AWAY], True)


def test_an_outbox_whose_peer_is_gone_is_dropped() -> None:
    class Gone:
        async def send(self, message: dict[str, JSONValue]) -> None:
            raise ConnectionResetError

        async def close(self, code: int) -> None:
            raise ConnectionResetError

    async def play() -> list[int]:
        dropped: list[int] = []
        box = Outbox(Gone(), size=4, write_timeout=1.0, on_drop=dropped.append)
        box.put({"type": "event"})
        await box.flush()
        return dropped

    assert len(asyncio.run(play())) == 1


def test_a_slow_write_drops_the_client() -> None:
    class Slow:
        closed: list[int]

        def __init__(self) -> None:
            self.closed = []

        async def send(self, message: dict[str, JSONValue]) -> None:
            await asyncio.sleep(10)

        async def close(self, code: int) -> None:
            self.closed.append(code)

    async def play() -> list[int]:
        client = Slow()
        box = Outbox(client, size=4, write_timeout=0.05)
        box.put({"type": "event"})
        await box.flush()
        return client.closed

    assert asyncio.run(play()) == [4008]


def test_a_socket_to_a_foreign_host_name_is_closed(served: Served) -> None:
    with served() as client:
        links = client.post(
            "/api/tables",
            json={"game": "one-card", "options": {"players": 2}, "seats": ["human"] * 2},
        ).json()
        token = str(links["spectator"]).rsplit("/", 1)[-1]
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect("ws://rebound.example/ws/" + token) as ws,
        ):
            ws.receive_text()
        assert closed.value.code == 4403


def test_a_flood_before_hello_is_closed_too(served: Served) -> None:
    with served(limits=Limits(message_burst=3, message_rate=0.01)) as client:
        links = client.post(
            "/api/tables",
            json={"game": "one-card", "options": {"players": 2}, "seats": ["human"] * 2},
        ).json()
        token = str(links["spectator"]).rsplit("/", 1)[-1]
        with client.websocket_connect("/ws/" + token) as ws:
            for _ in range(4):
                ws.send_text('{"type": "move", "action": "0 pass"}')
            codes: list[str] = []
            with pytest.raises(WebSocketDisconnect) as closed:
                _read_codes(ws, codes)
        assert codes == ["hello_first"] * 3
        assert closed.value.code == 4029


def test_a_table_is_stored_before_its_first_action() -> None:
    from tricktaking.web.tables import Table

    store = Store(":memory:")
    table = Table.create(tt.OneCardConfig(players=2), ["random", "random"], seed=1)
    table.accept(table.deal())
    with pytest.raises(ValueError, match="before its first action"):
        store.create(table)
    with pytest.raises(KeyError):
        store.load("nothing")
    store.close()
