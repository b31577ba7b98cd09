"""Which hosts and origins the server answers, and who a client is behind a proxy.

A browser lets any web page send a ``POST`` (``text/plain``, no preflight) to a server
on the user's own machine, and a DNS-rebinding page can even read the answers under
its own host name. So every request must name an allowed ``Host``, and every request
that changes something (a table created, a socket opened) must come from a page of the
server's own origin when the browser says where it comes from (``Origin``): the same
scheme, host and port as the request itself (a page of ``http://localhost:1``, another
local server, is not this server's), or one of the origins the server was told it is
served under (``--origin``, behind a reverse proxy). Table creation also insists on
``application/json``, which no cross-origin page can send without a preflight the server
never grants.

Behind a reverse proxy every request comes from the proxy's address. For the proxies it
is told to trust (``--trusted-proxy``), the server reads the client's address from the
``X-Forwarded-For`` header the proxy adds (and the scheme from ``X-Forwarded-Proto``),
so that the per-address limits apply to each player, not to the proxy.

Example:
    >>> from tricktaking.web.guard import Guard
    >>> guard = Guard()
    >>> guard.host_allowed("localhost:8000"), guard.host_allowed("evil.example")
    (True, False)
    >>> served = "http://127.0.0.1:8000"
    >>> guard.origin_allowed("http://127.0.0.1:8000", served)
    True
    >>> guard.origin_allowed("http://127.0.0.1:1", served)
    False
    >>> guard.origin_allowed("https://evil.example", served)
    False
"""

# pyright: strict
from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from typing import Final, TypeAlias, cast
from urllib.parse import urlsplit

import attrs

from tricktaking.errors import TricktakingError, safe_repr

__all__ = ["LOOPBACK_NAMES", "Guard", "GuardError", "normal_origin"]

LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})
"""The host names allowed by default."""

_Network: TypeAlias = ipaddress.IPv4Network | ipaddress.IPv6Network

_DEFAULT_PORTS: Final = {"http": 80, "https": 443}
_SOCKET_SCHEMES: Final = {"ws": "http", "wss": "https"}


class GuardError(TricktakingError, ValueError):
    """An origin or a proxy address the server cannot be configured with.

    Example:
        >>> from tricktaking.web.guard import Guard
        >>> Guard(origins=["cards.example"])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tricktaking.web.guard.GuardError: an origin is scheme://host[:port]... not 'cards.example'
    """


def _host_name(host: str) -> str | None:
    """The name in a ``Host`` header value (port and IPv6 brackets removed)."""
    try:
        name = urlsplit(f"//{host.strip()}").hostname
    except ValueError:
        return None
    return name


def normal_origin(text: str) -> str | None:
    """``scheme://host[:port]`` in one spelling (lower case, no default port), or ``None``.

    Example:
        >>> from tricktaking.web.guard import normal_origin
        >>> normal_origin("HTTPS://Cards.Example:443"), normal_origin("http://[::1]:8000")
        ('https://cards.example', 'http://[::1]:8000')
        >>> normal_origin("null") is None, normal_origin("file://x") is None
        (True, True)
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, name = parts.scheme.lower(), parts.hostname
    if scheme not in _DEFAULT_PORTS or not name or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username is not None:
        return None
    host = f"[{name}]" if ":" in name else name
    shown_port = "" if port is None or port == _DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def _names(hosts: Iterable[str]) -> frozenset[str]:
    listed = _strings("hosts", hosts)
    return frozenset(host.strip().lower().strip("[]") for host in listed if host.strip())


def _strings(what: str, values: Iterable[str]) -> list[str]:
    """``values`` as a list of strings, or a :class:`GuardError` (a lone ``str`` included)."""
    given = cast("object", values)
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise GuardError(f"{what} must be a list of strings, not {safe_repr(given)}")
    listed = list(cast("Iterable[object]", given))
    for value in listed:
        if not isinstance(value, str):
            raise GuardError(
                f"{what} must be a list of strings, not one holding {safe_repr(value)}"
            )
    return cast("list[str]", listed)


def _origins(origins: Iterable[str]) -> frozenset[str]:
    normal: set[str] = set()
    for origin in _strings("origins", origins):
        shown = normal_origin(origin)
        if shown is None:
            raise GuardError(
                "an origin is scheme://host[:port], such as https://cards.example, "
                f"not {safe_repr(origin, 80)}"
            )
        normal.add(shown)
    return frozenset(normal)


def _networks(proxies: Iterable[str]) -> frozenset[str]:
    """Each proxy as the network it names, in one spelling (``127.0.0.1/32``)."""
    networks: set[str] = set()
    for proxy in _strings("trusted_proxies", proxies):
        try:
            networks.add(str(ipaddress.ip_network(proxy.strip(), strict=False)))
        except ValueError:
            raise GuardError(
                f"a trusted proxy is an IP address or network (127.0.0.1, 10.0.0.0/8), "
                f"not {safe_repr(proxy, 80)}"
            ) from None
    return frozenset(networks)


def _parse(guard: Guard) -> tuple[_Network, ...]:
    return tuple(ipaddress.ip_network(network) for network in guard.trusted_proxies)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


def _headers(scope: Mapping[str, object]) -> dict[bytes, list[str]]:
    found: dict[bytes, list[str]] = {}
    for key, value in cast("list[tuple[bytes, bytes]]", scope.get("headers", [])):
        found.setdefault(key.lower(), []).append(value.decode("latin-1"))
    return found


@attrs.frozen
class Guard:
    """The host names the server answers to, the origins of its pages, the proxies it trusts.

    Args:
        hosts: Extra allowed host names (a LAN address, a reverse proxy's public name).
        secret: If given, table creation needs it (the ``X-Table-Secret`` header or the
            lobby's ``secret`` field).
        origins: The origins the server is served under besides its own (a reverse
            proxy's ``https://cards.example``); their host names are allowed hosts too.
        trusted_proxies: Addresses or networks of reverse proxies whose
            ``X-Forwarded-For`` (and ``X-Forwarded-Proto``) headers tell the client's
            (kept as networks: ``127.0.0.1`` is ``127.0.0.1/32``).

    Raises:
        GuardError: If an origin or a proxy address does not read.

    Example:
        >>> from tricktaking.web.guard import Guard
        >>> Guard(hosts=["cards.lan"]).host_allowed("cards.lan")
        True
        >>> Guard(origins=["https://cards.example"]).host_allowed("cards.example")
        True
    """

    hosts: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    secret: str | None = None
    origins: frozenset[str] = attrs.field(default=frozenset(), converter=_origins)
    trusted_proxies: frozenset[str] = attrs.field(default=frozenset(), converter=_networks)
    _parsed: tuple[_Network, ...] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(_parse, takes_self=True)
    )

    @property
    def names(self) -> frozenset[str]:
        """Every allowed host name."""
        served = {_host_name(origin.split("://", 1)[1]) for origin in self.origins}
        return LOOPBACK_NAMES | self.hosts | {name for name in served if name is not None}

    def host_allowed(self, host: str | None) -> bool:
        """Whether a ``Host`` header value names an allowed host (any port)."""
        if host is None:
            return False
        name = _host_name(host)
        return name is not None and name in self.names

    def origin_allowed(self, origin: str | None, served: str | None) -> bool:
        """Whether an ``Origin`` header allows a change to the server at ``served``.

        It does when it is absent (not a browser, or a same-origin ``GET``), the same
        scheme, host and port as ``served`` (the request's own origin), or one of
        ``origins``.

        Example:
            >>> from tricktaking.web.guard import Guard
            >>> guard = Guard(origins=["https://cards.example"])
            >>> guard.origin_allowed("https://cards.example", "http://127.0.0.1:8000")
            True
            >>> guard.origin_allowed("http://cards.example", "http://127.0.0.1:8000")
            False
        """
        if origin is None:
            return True  # nothing a page forged
        shown = normal_origin(origin)
        if shown is None:
            return False
        return shown in self.origins or (served is not None and shown == normal_origin(served))

    def _trusted(self, peer: str) -> bool:
        address = _address(peer)
        return address is not None and any(address in network for network in self._parsed)

    @staticmethod
    def _peer(scope: Mapping[str, object]) -> str:
        client = scope.get("client")
        if isinstance(client, (tuple, list)) and client:
            return str(cast("tuple[object, ...]", client)[0])
        return ""

    def client_address(self, scope: Mapping[str, object]) -> str:
        """The client's address: the peer's, or behind a trusted proxy the one it reports.

        ``X-Forwarded-For`` is read from the right: each trusted proxy appends the address
        it heard from, so the first address that is not a trusted proxy is the client's
        (anything further left was written by the client itself and proves nothing).

        Example:
            >>> from tricktaking.web.guard import Guard
            >>> scope = {"client": ("127.0.0.1", 5000),
            ...          "headers": [(b"x-forwarded-for", b"6.6.6.6, 203.0.113.9")]}
            >>> Guard().client_address(scope)
            '127.0.0.1'
            >>> Guard(trusted_proxies=["127.0.0.1"]).client_address(scope)
            '203.0.113.9'
        """
        peer = self._peer(scope)
        if not self._trusted(peer):
            return peer
        forwarded = ",".join(_headers(scope).get(b"x-forwarded-for", []))
        client = peer
        for hop in reversed([hop for hop in forwarded.split(",") if hop.strip()]):
            address = _address(hop)
            if address is None:
                break  # the trusted proxy passed on something unreadable: stop at it
            client = str(address)
            if not self._trusted(client):
                break
        return client

    def served_origin(self, scope: Mapping[str, object]) -> str | None:
        """The origin a request was sent to: its scheme and its ``Host``.

        The scheme is the one a trusted proxy reports (``X-Forwarded-Proto``), if any.

        Example:
            >>> from tricktaking.web.guard import Guard
            >>> scope = {"type": "websocket", "scheme": "ws", "client": ("10.0.0.2", 1),
            ...          "headers": [(b"host", b"cards.example"), (b"x-forwarded-proto", b"https")]}
            >>> Guard().served_origin(scope)
            'http://cards.example'
            >>> Guard(trusted_proxies=["10.0.0.0/8"]).served_origin(scope)
            'https://cards.example'
        """
        headers = _headers(scope)
        host = headers.get(b"host")
        if not host:
            return None
        scheme = str(scope.get("scheme", "http"))
        scheme = _SOCKET_SCHEMES.get(scheme, scheme)
        proto = headers.get(b"x-forwarded-proto")
        if proto and self._trusted(self._peer(scope)):
            scheme = proto[-1].split(",")[-1].strip().lower()
        return normal_origin(f"{scheme}://{host[0]}")

    def change_allowed(self, scope: Mapping[str, object]) -> bool:
        """Whether a request that changes something (``POST``, a socket) may go on.

        Example:
            >>> from tricktaking.web.guard import Guard
            >>> scope = {"scheme": "http", "headers": [(b"host", b"localhost:8000"),
            ...                                        (b"origin", b"http://localhost:1")]}
            >>> Guard().change_allowed(scope)
            False
        """
        served = self.served_origin(scope)
        origins: list[str | None] = [*_headers(scope).get(b"origin", [])] or [None]
        return all(self.origin_allowed(origin, served) for origin in origins)
