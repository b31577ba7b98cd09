"""Which hosts and origins the server answers: loopback names unless told otherwise.

A browser lets any web page send a ``POST`` (``text/plain``, no preflight) to a server
on the user's own machine, and a DNS-rebinding page can even read the answers under
its own host name. So every request must name an allowed ``Host``, and every request
that changes something (a table created, a socket opened) must come from a page of an
allowed origin when the browser says where it comes from (``Origin``). Table creation
also insists on ``application/json``, which no cross-origin page can send without a
preflight the server never grants.

Example:
    >>> from tricktaking.web.guard import Guard
    >>> guard = Guard()
    >>> guard.host_allowed("localhost:8000"), guard.host_allowed("evil.example")
    (True, False)
    >>> guard.origin_allowed("http://127.0.0.1:8000"), guard.origin_allowed("https://evil.example")
    (True, False)
"""

# pyright: strict
from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from urllib.parse import urlsplit

import attrs

__all__ = ["LOOPBACK_NAMES", "Guard"]

LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})
"""The host names allowed by default."""


def _host_name(host: str) -> str | None:
    """The name in a ``Host`` header value (port and IPv6 brackets removed)."""
    try:
        name = urlsplit(f"//{host.strip()}").hostname
    except ValueError:
        return None
    return name


def _names(hosts: Iterable[str]) -> frozenset[str]:
    return frozenset(host.strip().lower().strip("[]") for host in hosts if host.strip())


@attrs.frozen
class Guard:
    """The host names the server answers to (``Host``) and that its pages come from.

    Args:
        hosts: Extra allowed host names (a LAN address, a reverse proxy's public name).
        secret: If given, table creation needs it (the ``X-Table-Secret`` header or the
            lobby's ``secret`` field).

    Example:
        >>> from tricktaking.web.guard import Guard
        >>> Guard(hosts=["cards.example"]).host_allowed("cards.example")
        True
    """

    hosts: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    secret: str | None = None

    @property
    def names(self) -> frozenset[str]:
        """Every allowed host name."""
        return LOOPBACK_NAMES | self.hosts

    def host_allowed(self, host: str | None) -> bool:
        """Whether a ``Host`` header value names an allowed host (any port)."""
        if host is None:
            return False
        name = _host_name(host)
        return name is not None and name in self.names

    def origin_allowed(self, origin: str | None) -> bool:
        """Whether an ``Origin`` header allows a change: absent, or an allowed host's page."""
        if origin is None:
            return True  # not a browser, or a same-origin GET: nothing a page forged
        try:
            parts = urlsplit(origin)
            name = parts.hostname
        except ValueError:
            return False
        return parts.scheme in ("http", "https") and name is not None and name in self.names
