"""Durability: one appended row per accepted action, committed before anyone hears of it."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import tricktaking as tt
from tricktaking.views import JSONValue
from tricktaking.web.hub import Hub
from tricktaking.web.store import Store
from tricktaking.web.tables import Table

from ._links import token


def _play(store: Store, table: Table, moves: int) -> None:
    """Take ``moves`` human moves (the first legal one), with every deal and bot move."""
    for _ in range(moves):
        while (action := table.automatic_action()) is not None:
            store.append(table, action, tt.apply(table.state, action))
            table.accept(action)
        action = tt.legal_actions(table.state)[0]
        store.append(table, action, tt.apply(table.state, action))
        table.accept(action)


def test_a_stored_table_comes_back_at_its_last_action(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    table = Table.create(tt.WizardConfig(players=3, rounds=2), ["human", "random", "human"])
    store.create(table)
    _play(store, table, 3)
    store.close()
    again = Store(tmp_path / "tables.sqlite3")
    (back,) = again.load_open()
    again.close()
    assert back.state == table.state
    assert (back.id, back.kinds, back.keys, back.spectator_key, back.seed, back.names) == (
        table.id,
        table.kinds,
        table.keys,
        table.spectator_key,
        table.seed,
        table.names,
    )
    assert list(back.journal) == list(table.journal)


def test_the_store_only_appends(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    table = Table.create(tt.OneCardConfig(players=2), ["human", "random"], seed=2)
    store.create(table)
    with closing(sqlite3.connect(path)) as db:
        (head,) = db.execute("SELECT head FROM web_tables").fetchone()
    _play(store, table, 4)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT head FROM web_tables").fetchone() == (head,)
        rows = db.execute("SELECT seq, token FROM web_actions ORDER BY seq").fetchall()
    store.close()
    assert rows == [
        (seq, str(action)) for seq, action in enumerate(table.state.history.to_tuple(), 1)
    ]


def test_a_finished_table_is_not_loaded_at_start(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    table = Table.create(tt.OneCardConfig(players=2, target=1), ["random", "random"], seed=4)
    store.create(table)
    while (action := table.automatic_action()) is not None:
        store.append(table, action, tt.apply(table.state, action))
        table.accept(action)
    assert table.over
    assert store.load_open() == []
    assert store.table_of(table.spectator_key) == (table.id, "over")
    assert store.load(table.id).state == table.state
    store.close()


class _Auditor:
    """A client that checks, on every event, that the database already holds it."""

    def __init__(self, path: Path, table_id: str) -> None:
        self.path = path
        self.table_id = table_id
        self.checked: list[int] = []

    async def send(self, message: dict[str, JSONValue]) -> None:
        if message["type"] != "event":
            return
        with closing(sqlite3.connect(self.path)) as db:  # `with connect()` does not close
            (stored,) = db.execute(
                "SELECT max(seq) FROM web_actions WHERE table_id = ?", (self.table_id,)
            ).fetchone()
        assert stored >= message["seq"]
        self.checked.append(int(str(message["seq"])))

    async def close(self, code: int) -> None:
        pass


def test_every_event_is_committed_before_anyone_hears_of_it(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"

    async def play() -> list[int]:
        hub = Hub(Store(path), bot_delay=0)
        table = hub.create("one-card", {"players": 3, "target": 2}, ["human", "random", "random"])
        link = hub.find(token(table, 0))
        assert link is not None
        auditor = _Auditor(path, table.id)
        await hub.join(link, auditor, None)
        while not table.over:
            await hub.idle(table)
            if tt.actor(table.state) == 0:
                await hub.move(link, str(tt.legal_actions(table.state)[-1]), table.seq)
        await hub.idle(table)
        await hub.close()
        return auditor.checked

    checked = asyncio.run(play())
    assert len(checked) > 20
    assert checked == list(range(checked[0], checked[0] + len(checked)))
