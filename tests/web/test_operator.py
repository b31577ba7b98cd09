"""The server for an operator: what a review found, each with the test that shows it fixed.

Hints have their own workers and budget (per seat, per address, in all) and never stop
a socket's reads; a flood is closed with 4029 and a real close frame, a stopping server
says 1001; worker processes die with the server however it dies; the database is its
owner's only and holds no secret link; the per-address cap sees through a trusted proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, closing
from pathlib import Path
from typing import cast

import pytest
from starlette.testclient import TestClient

pytest.importorskip("websockets", reason="the web extra is not installed")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import tricktaking as tt
import tricktaking.web.workers
from tricktaking.engine import Action, PlayerView
from tricktaking.web import create_app
from tricktaking.web.guard import Guard
from tricktaking.web.hub import Hub
from tricktaking.web.limits import CLOSE_FLOOD, CLOSE_GOING_AWAY, Limits
from tricktaking.web.store import FILE_MODE, Store
from tricktaking.web.tables import Table, link_key
from tricktaking.web.workers import Workers

from ._links import token
from ._live import free_port, link_token, live, open_table, serving

Served = Callable[..., AbstractContextManager[TestClient]]
Message = dict[str, object]
# Oh Hell with a fixed dealer: seat 1 acts first, whatever the deal
OH_HELL_OPTIONS: dict[str, object] = {"players": 3, "hand_size": 1, "first_dealer": 0}
OH_HELL = {"game": "oh-hell", "options": OH_HELL_OPTIONS}


def _until_my_turn(ws: ClientConnection) -> Message:
    ws.send(json.dumps({"type": "hello", "protocol": 1}))
    message = cast("Message", json.loads(ws.recv(timeout=5)))
    while cast("Message", message["view"])["actor"] != cast("Message", message["view"])["seat"]:
        message = json.loads(ws.recv(timeout=5))
    return message


def _read_until_closed(ws: ClientConnection) -> None:
    with pytest.raises(ConnectionClosed):  # noqa: PT012 - read whatever comes first
        while True:
            ws.recv(timeout=5)


def _slow_hints(monkeypatch: pytest.MonkeyPatch, seconds: float) -> threading.Event:
    """Hints that take ``seconds`` (or until the event is set): the first legal action."""
    release = threading.Event()

    def hint(view: PlayerView, budget: float, kind: str) -> Action:
        release.wait(seconds)
        return view.legal_actions[0]

    monkeypatch.setattr(tricktaking.web.workers, "_hint", hint)
    return release


def test_a_flood_of_hints_is_read_and_closed_with_4029_and_a_close_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A socket waiting for a hint used to stop reading: the flood was never counted."""
    _slow_hints(monkeypatch, 30)
    with live() as (host, _):
        links = open_table(host, {**OH_HELL, "seats": ["human"] * 3})
        with connect(f"ws://{host}/ws/{link_token(links, 1)}", open_timeout=5) as ws:
            _until_my_turn(ws)
            started = time.monotonic()
            with contextlib.suppress(ConnectionClosed):  # the server closes it midway
                for _ in range(1000):
                    ws.send('{"type": "hint"}')
            _read_until_closed(ws)
            # well before the 30 s hint ends (a loaded machine takes seconds to send 1,000)
            assert time.monotonic() - started < 20
            assert ws.close_code == CLOSE_FLOOD
            assert ws.protocol.close_rcvd is not None  # a real close frame, not 1006


def test_a_socket_waiting_for_a_hint_still_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    release = _slow_hints(monkeypatch, 30)
    with live() as (host, _):
        links = open_table(host, {**OH_HELL, "seats": ["human"] * 3})
        with connect(f"ws://{host}/ws/{link_token(links, 1)}", open_timeout=5) as ws:
            turn = _until_my_turn(ws)
            ws.send('{"type": "hint"}')
            ws.send('{"type": "hint"}')
            refused = json.loads(ws.recv(timeout=2))
            assert (refused["type"], refused["code"]) == ("error", "rate_limited")
            move = cast("list[str]", cast("Message", turn["view"])["legal_actions"])[0]
            ws.send(json.dumps({"type": "move", "action": move}))
            event = json.loads(ws.recv(timeout=2))
            assert (event["type"], event["action"]) == ("event", move)
            release.set()
            hint = json.loads(ws.recv(timeout=5))
            assert (hint["type"], hint["seq"]) == ("hint", turn["seq"])


def _hints(client: TestClient, tokens: list[str], asks: int) -> list[str]:
    """Each socket (in order) asks ``asks`` hints; the answers' types or error codes."""
    answers: list[str] = []
    sockets = [client.websocket_connect(f"/ws/{link}") for link in tokens]
    try:
        for ws in sockets:
            ws.__enter__()
            ws.send_text(json.dumps({"type": "hello", "protocol": 1}))
            message = ws.receive_json()
            while message["view"]["actor"] != message["view"]["seat"] and message["seq"] < 1:
                message = ws.receive_json()
        for ws in sockets:
            for _ in range(asks):
                ws.send_text('{"type": "hint"}')
                answer = ws.receive_json()
                answers.append(answer.get("code", answer["type"]))
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    return answers


def test_a_seat_has_one_hint_budget_over_all_its_sockets(served: Served) -> None:
    with served(limits=Limits(hint_burst=2, hint_rate=0.001)) as client:
        links = client.post("/api/tables", json={**OH_HELL, "seats": ["human"] * 3}).json()
        seat = link_token(links, 1)
        assert _hints(client, [seat, seat, seat], 1) == ["hint", "hint", "rate_limited"]


def test_an_address_has_a_hint_budget_over_all_its_tables(served: Served) -> None:
    limits = Limits(address_hint_burst=2, address_hint_rate=0.001)
    with served(limits=limits) as client:
        seats = [
            link_token(
                client.post("/api/tables", json={**OH_HELL, "seats": ["human"] * 3}).json(), 1
            )
            for _ in range(3)
        ]
        assert _hints(client, seats, 1) == ["hint", "hint", "rate_limited"]


def test_the_hint_backlog_bounds_the_hints_computed_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = _slow_hints(monkeypatch, 30)

    async def play() -> str:
        limits = Limits(hint_backlog=1)
        hub = Hub(
            Store(":memory:"), bot_delay=0, limits=limits, workers=Workers(limits, processes=False)
        )
        tables = [hub.create("oh-hell", OH_HELL_OPTIONS, ["human"] * 3) for _ in range(2)]
        links = []
        for table in tables:
            await hub.idle(table)
            link = hub.find(token(table, 1))
            assert link is not None
            links.append(link)
        first = hub.hint(links[0], "a")
        try:
            hub.hint(links[1], "b")
        except tt.TricktakingError as error:
            refusal = str(error)
        release.set()
        await first
        await hub.close()
        return refusal

    assert "busy with hints" in asyncio.run(play())


def test_hints_never_delay_a_bot_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints and the search bots used to share one worker: a bot waited behind hints."""
    release = _slow_hints(monkeypatch, 30)
    state = tt.new_game(tt.OneCardConfig(players=2))
    state = tt.apply(state, tt.deal(state, seed=1))
    seat = tt.actor(state)
    assert isinstance(seat, int)
    view = tt.view(state, seat)

    async def play() -> bool:
        workers = Workers(Limits(search_workers=1, hint_workers=1), processes=False)
        workers.seconds = 0.05
        hint = asyncio.ensure_future(workers.hint(view))
        await asyncio.sleep(0.05)  # the hint holds its worker
        move = await asyncio.wait_for(workers.decide("ismcts", "one-card", 1, view), 10)
        waiting = not hint.done()
        release.set()
        await hint
        workers.close()
        return waiting and move in view.legal_actions

    assert asyncio.run(play())


def test_a_stopping_server_says_1001() -> None:
    with live() as (host, server):
        links = open_table(host, {**OH_HELL, "seats": ["human"] * 3})
        with connect(f"ws://{host}/ws/{link_token(links, None)}", open_timeout=5) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": 1}))
            ws.recv(timeout=5)
            server.should_exit = True
            _read_until_closed(ws)
            assert ws.close_code == CLOSE_GOING_AWAY  # uvicorn alone says 1012
            assert ws.protocol.close_rcvd is not None


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with_children = task / "children"
        if with_children.exists():
            for child in with_children.read_text().split():
                found |= {int(child), *_descendants(int(child))}
    return found


def _alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    return fields[0] != "Z"  # a zombie has exited; only its parent's reaping is left


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_the_workers_exit_when_the_server_is_killed(tmp_path: Path) -> None:
    """After ``kill -9`` the search worker and the resource tracker stayed for minutes."""
    port, host = free_port(), ""
    workers: set[int] = set()
    try:
        with serving(tmp_path / "tables.sqlite3", port) as process:
            host = f"127.0.0.1:{port}"
            body = {"game": "wizard", "options": {"players": 3}, "seats": ["ismcts"] * 3}
            open_table(host, body)
            links = open_table(host, {**OH_HELL, "seats": ["human"] * 3})
            with connect(f"ws://{host}/ws/{link_token(links, 1)}", open_timeout=5) as ws:
                _until_my_turn(ws)
                ws.send('{"type": "hint"}')
                deadline = time.monotonic() + 30
                # a search worker, a hint worker and the resource tracker
                while len(workers) < 3 and time.monotonic() < deadline:
                    workers = _descendants(process.pid)
                    time.sleep(0.1)
                assert len(workers) >= 3, workers
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _alive(pid)]
    finally:
        for pid in workers:  # only if the test failed: leave nothing behind
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, under which a plain ``open`` makes a file readable by all."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _stored_bytes(path: Path) -> bytes:
    return b"".join(
        Path(f"{path}{suffix}").read_bytes()
        for suffix in ("", "-wal", "-shm")
        if Path(f"{path}{suffix}").exists()
    )


@pytest.mark.usefixtures("umask_022")
def test_the_database_is_its_owners_only(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    table = Table.create(tt.OneCardConfig(players=2), ["human", "random"], seed=1)
    store.create(table)
    deal = table.automatic_action()
    assert deal is not None
    store.append(table, deal, table.accept(deal))
    modes = {suffix: _mode(Path(f"{path}{suffix}")) for suffix in ("", "-wal", "-shm")}
    store.close()
    assert modes == {"": FILE_MODE, "-wal": FILE_MODE, "-shm": FILE_MODE}


def test_no_secret_link_is_stored_and_each_still_opens_its_seat_after_a_restart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite3"

    async def first() -> Table:
        hub = Hub(Store(path), bot_delay=0)
        table = hub.create("one-card", {"players": 3}, ["human", "random", "human"], seed=4)
        await hub.idle(table)
        await hub.close()
        return table

    table = asyncio.run(first())
    assert table.tokens is not None
    secrets = [token(table, None), token(table, 0), token(table, 2)]
    stored = _stored_bytes(path)
    assert not [secret for secret in secrets if secret.encode() in stored]
    assert link_key(secrets[1]).encode() in stored

    async def second() -> list[int | None]:
        hub = Hub(Store(path), bot_delay=0)
        assert hub.resume() == 1
        found = [hub.find(secret) for secret in secrets]
        refused = hub.find(link_key(secrets[1]))  # the key is not a link
        await hub.close()
        assert refused is None
        return [None if link is None else link.seat for link in found]

    assert asyncio.run(second()) == [None, 0, 2]


_OLD_SCHEMA = """
CREATE TABLE web_tables (id TEXT PRIMARY KEY, meta TEXT NOT NULL, head TEXT NOT NULL,
                         status TEXT NOT NULL);
CREATE TABLE web_actions (table_id TEXT NOT NULL, seq INTEGER NOT NULL, token TEXT NOT NULL,
                          PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
CREATE TABLE web_links (token TEXT PRIMARY KEY, table_id TEXT NOT NULL) WITHOUT ROWID;
"""


@pytest.mark.usefixtures("umask_022")
def test_a_database_of_an_earlier_version_is_migrated(tmp_path: Path) -> None:
    """Tables stored with their tokens in clear still open, and the tokens are gone."""
    path = tmp_path / "old.sqlite3"
    table = Table.create(tt.OneCardConfig(players=2), ["human", "human"], seed=5)
    tokens = [token(table, None), token(table, 0), token(table, 1)]
    old_meta = {
        "id": table.id, "kinds": list(table.kinds), "seed": table.seed,
        "links": tokens[1:], "spectator": tokens[0], "address": "",
    }  # fmt: skip
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(_OLD_SCHEMA)
        db.execute(
            "INSERT INTO web_tables VALUES (?, ?, ?, 'open')",
            (table.id, json.dumps(old_meta), table.record_text()),
        )
        db.executemany("INSERT INTO web_links VALUES (?, ?)", [(t, table.id) for t in tokens])
    os.chmod(path, 0o644)
    assert tokens[1].encode() in path.read_bytes()

    async def resume() -> list[int | None]:
        hub = Hub(Store(path), bot_delay=0)
        assert hub.resume() == 1
        seats = [link.seat if (link := hub.find(secret)) is not None else -1 for secret in tokens]
        await hub.close()
        return seats

    assert asyncio.run(resume()) == [None, 0, 1]
    assert not [secret for secret in tokens if secret.encode() in _stored_bytes(path)]
    assert _mode(path) == FILE_MODE
    assert asyncio.run(resume()) == [None, 0, 1]  # migrated once: opening it again is the same


def _proxied_client(guard: Guard, limits: Limits) -> TestClient:
    app = create_app(bot_delay=0, limits=limits, guard=guard, processes=False)
    return TestClient(app, "http://localhost", client=("10.0.0.2", 40000))


@pytest.mark.parametrize(
    ("trusted", "expected"),
    [(["10.0.0.0/8"], [201, 201, 429]), ([], [201, 429, 429])],
    ids=["through-a-trusted-proxy", "from-anyone-else"],
)
def test_the_per_address_cap_counts_the_address_a_trusted_proxy_reports(
    trusted: list[str], expected: list[int]
) -> None:
    body = {"game": "one-card", "options": {"players": 2}, "seats": ["human"] * 2}
    forwarded = ["203.0.113.1", "198.51.100.7, 203.0.113.2", "203.0.113.1"]
    limits = Limits(max_tables_per_address=1)
    with _proxied_client(Guard(trusted_proxies=trusted), limits) as client:
        statuses = [
            client.post("/api/tables", json=body, headers={"x-forwarded-for": hop}).status_code
            for hop in forwarded
        ]
    assert statuses == expected


def test_behind_a_proxy_its_origin_is_the_served_one() -> None:
    body = {"game": "one-card", "options": {"players": 2}, "seats": ["human"] * 2}
    headers = {"origin": "https://cards.example", "host": "cards.example"}
    with _proxied_client(Guard(origins=["https://cards.example"]), Limits()) as client:
        assert client.post("/api/tables", json=body, headers=headers).status_code == 201
    with _proxied_client(Guard(trusted_proxies=["10.0.0.2"]), Limits()) as client:
        proxied = {**headers, "x-forwarded-proto": "https"}
        assert client.post("/api/tables", json=body, headers=proxied).status_code == 421
    guard = Guard(hosts=["cards.example"], trusted_proxies=["10.0.0.2"])
    with _proxied_client(guard, Limits()) as client:
        assert client.post("/api/tables", json=body, headers=proxied).status_code == 201
        assert client.post("/api/tables", json=body, headers=headers).status_code == 403


def test_a_hint_whose_worker_died_is_refused_not_lost(
    monkeypatch: pytest.MonkeyPatch, served: Served
) -> None:
    def broken(view: PlayerView, budget: float, kind: str) -> Action:
        raise BrokenProcessPool("a worker process died")

    monkeypatch.setattr(tricktaking.web.workers, "_hint", broken)
    with served() as client:
        links = client.post("/api/tables", json={**OH_HELL, "seats": ["human"] * 3}).json()
        assert _hints(client, [link_token(links, 1)], 2) == ["rate_limited"] * 2
