"""Durable tables: every accepted action is appended to SQLite before anyone is told.

A table is stored once when it opens (its id, its seats and links, and the head of its
record: the game and configuration with no actions yet); after that each accepted
action is one new row, appended and committed in one transaction before the reply.
Nothing already stored is ever rewritten, but for the table's status (``open``, then
``over`` in the same transaction as its last action, or ``expired``). A restart loads
the open tables only and rebuilds each from its rows; a finished table is read back
when its link is used (for its replay).

The file is created readable by its owner only (``0600``; SQLite gives its ``-wal`` and
``-shm`` files the same mode), and it holds no secret link: only each link's key
(:func:`~tricktaking.web.tables.link_key`, a SHA-256), so a copy of it opens no seat. A
database written by an earlier version, with the tokens in clear, is migrated when it
is opened: the tokens are replaced by their keys and overwritten on disk
(``secure_delete``), and the file's mode is narrowed to ``0600``.

WAL mode with ``synchronous=NORMAL``: a committed move survives the server process
being killed at any moment (``SIGKILL`` included); only a crash of the operating system
or a power cut may lose the last moves before it (the database stays consistent). The
WAL is not checkpointed by the commits themselves (a checkpoint syncs the file, which
can take a disk's worst case on the event loop): :meth:`Store.checkpoint` does it, on
its own connection, from a worker thread.

Example:
    >>> from tricktaking.web.store import Store
    >>> import tricktaking as tt
    >>> from tricktaking.web.tables import Table
    >>> store = Store(":memory:")
    >>> table = Table.create(tt.OneCardConfig(players=2), ("human", "random"), seed=1)
    >>> store.create(table)
    >>> deal = table.automatic_action()
    >>> store.append(table, deal, table.accept(deal))
    >>> [t.seq for t in store.load_open()]
    [1]
    >>> store.close()
"""

# pyright: strict
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
from pathlib import Path
from typing import Final, Literal, TypeAlias, cast

import tricktaking as tt
from tricktaking.engine import Action, GameState
from tricktaking.web.tables import Table, link_key

__all__ = ["FILE_MODE", "SCHEMA_VERSION", "Status", "Store"]

FILE_MODE: Final = 0o600
"""The mode of a database file the store creates (``0600``, for its owner only)."""

SCHEMA_VERSION: Final = 1
"""The database's ``user_version``: 1 since links are stored as their keys (0 before)."""

Status: TypeAlias = Literal["open", "over", "expired"]
"""A stored table's status."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS web_tables (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    head TEXT NOT NULL,
    status TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS web_actions (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS web_links (
    token TEXT PRIMARY KEY,  -- the link's key (its SHA-256), never the token itself
    table_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS web_tables_status ON web_tables (status);
"""


def _owner_only(path: str) -> None:
    """Create ``path`` readable by its owner only, or narrow an existing file to that."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        for name in (path, f"{path}-wal", f"{path}-shm"):
            with contextlib.suppress(OSError):  # not ours to change, or not there
                if stat.S_IMODE(os.stat(name).st_mode) & 0o077:
                    os.chmod(name, FILE_MODE)
        return
    os.close(descriptor)


class Store:
    """A SQLite file (or ``":memory:"``) of tables.

    Args:
        path: The database file; created when missing.

    Example:
        >>> from tricktaking.web.store import Store
        >>> store = Store(":memory:")
        >>> store.load_open(), store.table_of("no such link")
        ([], None)
        >>> store.close()
    """

    def __init__(self, path: str | Path) -> None:
        self.path: str = str(path)
        if self.path != ":memory:":
            _owner_only(self.path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        self._db.executescript(_SCHEMA)
        if version < SCHEMA_VERSION:
            self._migrate()

    def _migrate(self) -> None:
        """Replace every link token stored in clear by its key, in one transaction."""
        self._db.execute("PRAGMA secure_delete=ON")  # the old tokens are overwritten
        self._db.create_function("link_key", 1, link_key, deterministic=True)
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("UPDATE web_links SET token = link_key(token)")
            rows = self._db.execute("SELECT id, meta FROM web_tables").fetchall()
            for table_id, text in rows:
                meta = cast("dict[str, object]", json.loads(text))
                if "links" in meta:
                    links = cast("list[str | None]", meta.pop("links"))
                    meta["keys"] = [None if token is None else link_key(token) for token in links]
                    meta["spectator_key"] = link_key(str(meta.pop("spectator")))
                    self._db.execute(
                        "UPDATE web_tables SET meta = ? WHERE id = ?", (json.dumps(meta), table_id)
                    )
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        if self.path != ":memory:":  # the WAL held the old pages too
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.execute("PRAGMA secure_delete=OFF")

    def checkpoint(self) -> None:
        """Copy the WAL into the database file (safe to call from any thread).

        Example:
            >>> from tricktaking.web.store import Store
            >>> store = Store(":memory:")
            >>> store.checkpoint()
            >>> store.close()
        """
        if self.path == ":memory:":
            return
        with contextlib.closing(sqlite3.connect(self.path, isolation_level=None)) as db:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def create(self, table: Table) -> None:
        """Store a new table (no actions yet) and its links, in one transaction.

        Raises:
            ValueError: If ``table`` has actions already.
        """
        if table.seq:
            raise ValueError("a table is stored before its first action")
        tokens = [table.spectator_key, *(key for key in table.keys if key is not None)]
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO web_tables (id, meta, head, status) VALUES (?, ?, ?, 'open')",
                (table.id, json.dumps(table.meta()), table.record_text()),
            )
            self._db.executemany(
                "INSERT INTO web_links (token, table_id) VALUES (?, ?)",
                [(token, table.id) for token in tokens],
            )

    def append(self, table: Table, action: Action, after: GameState[object]) -> None:
        """Append ``action`` (taking ``table`` to ``after``) as its next row, and commit.

        The table itself is not changed: the caller accepts the action once it is stored.
        """
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO web_actions (table_id, seq, token) VALUES (?, ?, ?)",
                (table.id, table.seq + 1, str(action)),
            )
            if tt.is_over(after):
                self._db.execute("UPDATE web_tables SET status = 'over' WHERE id = ?", (table.id,))

    def expire(self, table_id: str) -> None:
        """Mark an unfinished table expired: it is not loaded again."""
        with self._db:
            self._db.execute(
                "UPDATE web_tables SET status = 'expired' WHERE id = ? AND status = 'open'",
                (table_id,),
            )

    def table_of(self, key: str) -> tuple[str, Status] | None:
        """The id and status of the table behind a link's key, or ``None``."""
        row = self._db.execute(
            "SELECT t.id, t.status FROM web_links l JOIN web_tables t ON t.id = l.table_id "
            "WHERE l.token = ?",
            (key,),
        ).fetchone()
        return None if row is None else (str(row[0]), cast("Status", row[1]))

    def load(self, table_id: str) -> Table:
        """The stored table ``table_id``, rebuilt from its rows.

        Raises:
            KeyError: If no table has that id.
        """
        row = self._db.execute(
            "SELECT meta, head FROM web_tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            raise KeyError(table_id)
        tokens = [
            str(token)
            for (token,) in self._db.execute(
                "SELECT token FROM web_actions WHERE table_id = ? ORDER BY seq", (table_id,)
            )
        ]
        return Table.restore(cast("dict[str, object]", json.loads(row[0])), row[1], tokens)

    def load_open(self) -> list[Table]:
        """Every open (unfinished, unexpired) table at its last committed action."""
        ids = self._db.execute(
            "SELECT id FROM web_tables WHERE status = 'open' ORDER BY rowid"
        ).fetchall()
        return [self.load(str(table_id)) for (table_id,) in ids]

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __del__(self) -> None:
        # A store dropped without close() still closes its connection (Python 3.13
        # warns about a connection collected open).
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()
