"""``tricktaking serve``: run the web table with uvicorn.

The server binds to loopback unless told otherwise. Any other address exposes the
tables to a network: :func:`serve` then needs ``expose=True`` (``--expose``), prints what
it exposes, answers only the host names it is given (``--allow-host``), and asks for the
table secret from :data:`SECRET_VARIABLE` when it is set. The server speaks plain HTTP:
serve it to others through a TLS reverse proxy (see the web table how-to), and tell it
the origin players use (``--origin https://cards.example``) and the proxy's address
(``--trusted-proxy``), whose ``X-Forwarded-For`` then gives each player's address.

A stopping server (``SIGTERM``, Ctrl-C) closes every socket with the code 1001 (going
away) before uvicorn closes what is left; its worker processes exit with it, and also
when it is killed outright.

Example:
    >>> from tricktaking.web.server import DEFAULT_DB, is_loopback
    >>> DEFAULT_DB, is_loopback("127.0.0.1"), is_loopback("0.0.0.0")
    ('tricktaking-tables.sqlite3', True, False)
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Final, cast

import uvicorn
from starlette.applications import Starlette

from tricktaking.errors import TricktakingError
from tricktaking.web.app import create_app
from tricktaking.web.guard import LOOPBACK_NAMES, Guard
from tricktaking.web.limits import CLOSE_GOING_AWAY, Limits
from tricktaking.web.protocol import MAX_MESSAGE_BYTES
from tricktaking.web.sockets import Sockets

__all__ = [
    "DEFAULT_DB",
    "GRACE_SECONDS",
    "PING_SECONDS",
    "SECRET_VARIABLE",
    "ExposureError",
    "exposure_notice",
    "is_loopback",
    "serve",
]

DEFAULT_DB: Final = "tricktaking-tables.sqlite3"
"""The database file ``tricktaking serve`` uses when ``--db`` is not given."""

SECRET_VARIABLE: Final = "TRICKTAKING_TABLE_SECRET"
"""The environment variable holding the table secret (kept out of the process list)."""

GRACE_SECONDS: Final = 1
"""How long a stopping server (``SIGTERM``, Ctrl-C) lets open connections finish."""

PING_SECONDS: Final = 15.0
"""The WebSocket ping interval and timeout, in seconds (a socket silent longer is closed)."""

_GOING_AWAY_SECONDS: Final = 0.5  # of the grace: every socket told 1001 before uvicorn cuts it


class ExposureError(TricktakingError, ValueError):
    """A non-loopback address without ``--expose``.

    Example:
        >>> from tricktaking.web.server import ExposureError
        >>> issubclass(ExposureError, ValueError)
        True
    """


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) is this machine only.

    Example:
        >>> from tricktaking.web.server import is_loopback
        >>> is_loopback("localhost"), is_loopback("::1"), is_loopback("192.168.1.4")
        (True, True, False)
    """
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def exposure_notice(host: str, port: int, guard: Guard) -> str:
    """What a server bound to ``host`` exposes, said plainly.

    Example:
        >>> from tricktaking.web.guard import Guard
        >>> from tricktaking.web.server import exposure_notice
        >>> print(exposure_notice("0.0.0.0", 8000, Guard(hosts=["cards.lan"])))
        ... # doctest: +ELLIPSIS
        Exposed: every table, lobby and replay on 0.0.0.0:8000 ...
    """
    secret = (
        "table creation needs the table secret"
        if guard.secret is not None
        else f"ANYONE who reaches it can open tables (set {SECRET_VARIABLE} to require a secret)"
    )
    return (
        f"Exposed: every table, lobby and replay on {host}:{port} to whoever can reach this "
        f"address; host names answered: {', '.join(sorted(guard.names))}; {secret}; "
        "links travel in cleartext HTTP: serve others through a TLS reverse proxy."
    )


class _Server(uvicorn.Server):
    """uvicorn's server, closing the app's sockets with 1001 first when it stops.

    uvicorn itself would close them with 1012 (service restart), which the protocol
    does not promise. ``app`` is made by :func:`~tricktaking.web.create_app`.
    """

    def __init__(self, app: Starlette, host: str, port: int) -> None:
        super().__init__(
            uvicorn.Config(
                app,
                host=host,
                port=port,
                log_level="warning",
                ws_max_size=4 * MAX_MESSAGE_BYTES,
                ws_ping_interval=PING_SECONDS,
                ws_ping_timeout=PING_SECONDS,
                timeout_graceful_shutdown=GRACE_SECONDS,
                # the client address and scheme come from the Guard's trusted proxies
                # only (uvicorn would trust X-Forwarded-For from 127.0.0.1 by default)
                proxy_headers=False,
            )
        )
        self.sockets: Sockets = cast("Sockets", app.state.sockets)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        # every socket is told 1001 (within half a second), then uvicorn stops as it does
        for server in self.servers:  # no new connection meanwhile
            server.close()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(_GOING_AWAY_SECONDS):
                await self.sockets.close_all(CLOSE_GOING_AWAY)
        await super().shutdown(sockets)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = DEFAULT_DB,
    *,
    bot_delay: float = 0.4,
    expose: bool = False,
    allow_hosts: Sequence[str] = (),
    origins: Sequence[str] = (),
    trusted_proxies: Sequence[str] = (),
    limits: Limits | None = None,
) -> None:  # pragma: no cover - blocks; tested through a subprocess
    """Serve the lobby and the tables on ``host:port`` until interrupted.

    Every accepted action is committed to ``db`` before it is answered, and a restart
    resumes every open table. ``SIGTERM`` stops it within about two seconds.

    Args:
        host: The address to bind (loopback unless ``expose``).
        port: The port to bind.
        db: The SQLite file of the tables.
        bot_delay: Seconds before each bot move or deal.
        expose: Whether a non-loopback ``host`` may be bound.
        allow_hosts: Other host names to answer.
        origins: The origins the tables are served under besides the server's own (a
            reverse proxy's ``https://cards.example``).
        trusted_proxies: Addresses or networks of reverse proxies whose
            ``X-Forwarded-For`` gives the client's address.
        limits: The server's bounds.

    Raises:
        ExposureError: If ``host`` is not loopback and ``expose`` is false.
        GuardError: If an origin or a proxy address does not read.

    Example:
        >>> from tricktaking.web.server import serve
        >>> import inspect
        >>> list(inspect.signature(serve).parameters)[:3]
        ['host', 'port', 'db']
    """
    names = list(allow_hosts)
    if not is_loopback(host):
        if not expose:
            raise ExposureError(
                f"{host} is not a loopback address: serving on it exposes the tables to a "
                "network; pass --expose to do so (and --allow-host NAME for each name "
                "people will use)"
            )
        unspecified = host in ("0.0.0.0", "::")
        names += [] if unspecified else [host]
    guard = Guard(
        hosts=names,
        secret=os.environ.get(SECRET_VARIABLE) or None,
        origins=origins,
        trusted_proxies=trusted_proxies,
    )
    print(f"tricktaking web table on http://{host}:{port}/ (tables in {db})", flush=True)
    if not is_loopback(host):
        print(exposure_notice(host, port, guard), flush=True)
    app = create_app(db, bot_delay=bot_delay, limits=limits, guard=guard)
    _Server(app, host, port).run()
