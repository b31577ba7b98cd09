"""Durability: the store round-trips tables, and every event is committed before it is sent."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import tricktaking as tt
from tricktaking.views import JSONValue
from tricktaking.web.hub import Hub
from tricktaking.web.store import Store
from tricktaking.web.tables import Table


def test_a_stored_table_comes_back_at_its_last_action(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    table = Table.create(tt.WizardConfig(players=3, rounds=2), ["human", "random", "human"])
    for _ in range(3):
        while (action := table.automatic_action()) is not None:
            table.accept(action)
        table.accept(tt.legal_actions(table.state)[0])
        store.save(table)
    store.close()
    (back,) = Store(tmp_path / "tables.sqlite3").load_all()
    assert back.state == table.state
    assert (back.id, back.kinds, back.links, back.spectator, back.seed, back.names) == (
        table.id,
        table.kinds,
        table.links,
        table.spectator,
        table.seed,
        table.names,
    )


class _Auditor:
    """A client that checks, on every event, that the database already holds it."""

    def __init__(self, path: Path, table_id: str) -> None:
        self.path = path
        self.table_id = table_id
        self.checked: list[int] = []

    async def send(self, message: dict[str, JSONValue]) -> None:
        if message["type"] != "event":
            return
        with sqlite3.connect(self.path) as db:
            (stored,) = db.execute(
                "SELECT seq FROM tables WHERE id = ?", (self.table_id,)
            ).fetchone()
        assert stored == message["seq"]
        self.checked.append(int(stored))


def test_every_event_is_committed_before_anyone_hears_of_it(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"

    async def play() -> list[int]:
        hub = Hub(Store(path), bot_delay=0)
        table = hub.create("one-card", {"players": 3, "target": 2}, ["human", "random", "random"])
        link = hub.find(str(table.links[0]))
        assert link is not None
        auditor = _Auditor(path, table.id)
        await hub.join(link, auditor, None)
        while not table.over:
            await hub.idle(table)
            if tt.actor(table.state) == 0:
                await hub.move(link, str(tt.legal_actions(table.state)[-1]), table.seq)
        await hub.close()
        return auditor.checked

    checked = asyncio.run(play())
    assert len(checked) > 20
    assert checked == list(range(checked[0], checked[0] + len(checked)))
