"""Durable tables: every accepted action is committed to SQLite before anyone is told.

One row per table: its id, the record of its game so far in the format of
:mod:`tricktaking.records` and the few things a record does not hold (seat kinds, the
links, the seed). Each save is one committed transaction in WAL mode with
``synchronous=NORMAL``: a committed move survives the server process being killed at
any moment (``SIGKILL`` included). Only a crash of the operating system or a power cut
may lose the last moves before it (the database stays consistent); that trade keeps a
commit from costing an ``fsync``, about ten times the throughput.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking.web.tables import Table
    >>> store = Store(":memory:")
    >>> table = Table.create(tt.OneCardConfig(players=2), ("human", "random"), seed=1)
    >>> store.save(table)
    >>> [t.id for t in store.load_all()] == [table.id]
    True
"""

# pyright: strict
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import cast

from tricktaking.web.tables import Table

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    record TEXT NOT NULL,
    seq INTEGER NOT NULL
)
"""


class Store:
    """A SQLite file (or ``":memory:"``) of tables.

    Args:
        path: The database file; created when missing.

    Example:
        >>> Store(":memory:").load_all()
        []
    """

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    def save(self, table: Table) -> None:
        """Write ``table`` (its whole record so far) and commit."""
        with self._db:
            self._db.execute(
                "INSERT INTO tables (id, meta, record, seq) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET record = excluded.record, seq = excluded.seq",
                (table.id, json.dumps(table.meta()), table.record_text(), table.seq),
            )

    def load_all(self) -> list[Table]:
        """Every stored table at its last committed action."""
        rows = self._db.execute("SELECT meta, record FROM tables ORDER BY rowid").fetchall()
        return [
            Table.restore(cast("dict[str, object]", json.loads(meta)), record)
            for meta, record in rows
        ]

    def close(self) -> None:
        """Close the database."""
        self._db.close()
