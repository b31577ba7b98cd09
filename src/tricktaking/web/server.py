"""``tricktaking serve``: run the web table with uvicorn.

Example:
    >>> from tricktaking.web.server import DEFAULT_DB
    >>> DEFAULT_DB
    'tricktaking-tables.sqlite3'
"""

# pyright: strict
from __future__ import annotations

from pathlib import Path
from typing import Final

import uvicorn

from tricktaking.web.app import create_app
from tricktaking.web.protocol import MAX_MESSAGE_BYTES

__all__ = ["DEFAULT_DB", "serve"]

DEFAULT_DB: Final = "tricktaking-tables.sqlite3"
"""The database file ``tricktaking serve`` uses when ``--db`` is not given."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = DEFAULT_DB,
    *,
    bot_delay: float = 0.4,
) -> None:  # pragma: no cover - blocks; tested through a subprocess
    """Serve the lobby and the tables on ``host:port`` until interrupted.

    The server binds to loopback unless told otherwise; every accepted action is
    committed to ``db`` before it is answered, and a restart resumes every table.

    Example:
        >>> import inspect
        >>> list(inspect.signature(serve).parameters)
        ['host', 'port', 'db', 'bot_delay']
    """
    print(f"tricktaking web table on http://{host}:{port}/ (tables in {db})", flush=True)
    uvicorn.run(
        create_app(db, bot_delay=bot_delay),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=4 * MAX_MESSAGE_BYTES,
    )
