"""How much one server, one address and one connection may use.

Every resource a client can make the server spend has a bound here: open tables (in
all and per client address), how long a table may wait for a move, how many messages a
connection may send, how many hints a seat and an address may ask for, how far a
connection's reader may fall behind, how long a decision or a hint may search and how
many of each run at once.

Example:
    >>> from tricktaking.web.limits import Limits, RateLimit
    >>> Limits().max_tables >= Limits().max_tables_per_address
    True
    >>> bucket = RateLimit(rate=1.0, burst=2)
    >>> [bucket.allow(now=0.0) for _ in range(3)]
    [True, True, False]
    >>> from tricktaking.web.limits import RateLimits
    >>> per_seat = RateLimits(rate=1.0, burst=1)
    >>> per_seat.allow("a", now=0.0), per_seat.allow("a", now=0.0), per_seat.allow("b", now=0.0)
    (True, False, True)
"""

# pyright: strict
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Hashable
from typing import TypeVar

import attrs

from tricktaking.bots import BOT_KINDS

__all__ = [
    "CLOSE_FLOOD",
    "CLOSE_GOING_AWAY",
    "CLOSE_NOT_FOUND",
    "CLOSE_ORIGIN",
    "CLOSE_SLOW",
    "Limits",
    "RateLimit",
    "RateLimits",
]

CLOSE_GOING_AWAY = 1001
"""The close code when the server shuts down."""
CLOSE_SLOW = 4008
"""The close code for a connection that reads its messages too slowly (or not at all)."""
CLOSE_FLOOD = 4029
"""The close code for a connection that sends more messages than its rate limit."""
CLOSE_ORIGIN = 4403
"""The close code for a socket opened from a page of another origin or a foreign host."""
CLOSE_NOT_FOUND = 4404
"""The close code for a link that leads to no table."""


_N = TypeVar("_N", int, float)


def _positive(instance: object, attribute: attrs.Attribute[_N], value: _N) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be positive, not {value}")


_QUICK_KINDS = ("heuristic", "random")


def _search_kind(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    searching = [kind for kind in BOT_KINDS if kind not in _QUICK_KINDS]
    if type(value) is not str or value not in searching:
        kinds = ", ".join(searching)
        raise ValueError(f"{attribute.name} must be one of {kinds}, not {value!r}")


@attrs.frozen(kw_only=True)
class Limits:
    """The server's bounds (the defaults suit a table among friends on one machine).

    Example:
        >>> from tricktaking.web.limits import Limits
        >>> Limits(max_tables=10).max_tables
        10
        >>> Limits(send_queue=0)
        Traceback (most recent call last):
        ...
        ValueError: send_queue must be positive, not 0
    """

    max_tables: int = attrs.field(default=200, validator=_positive)
    """Open (unfinished) tables on the server."""
    max_tables_per_address: int = attrs.field(default=20, validator=_positive)
    """Open tables created from one client address."""
    idle_seconds: float = attrs.field(default=6 * 3600.0, validator=_positive)
    """How long an unfinished table may wait for a move before it expires."""
    finished_seconds: float = attrs.field(default=600.0, validator=_positive)
    """How long a finished table stays in memory (its replay is served from the store)."""
    send_queue: int = attrs.field(default=256, validator=_positive)
    """Messages waiting for one connection before it is dropped as too slow."""
    write_timeout: float = attrs.field(default=10.0, validator=_positive)
    """Seconds one message may take to be written before the connection is dropped."""
    message_rate: float = attrs.field(default=20.0, validator=_positive)
    """Messages per second a connection may send on average ..."""
    message_burst: int = attrs.field(default=60, validator=_positive)
    """... and at once; beyond that it is closed with :data:`CLOSE_FLOOD`."""
    hint_rate: float = attrs.field(default=0.5, validator=_positive)
    """Hints per second a seat may ask for on average (over all the sockets of its link) ..."""
    hint_burst: int = attrs.field(default=3, validator=_positive)
    """... and at once; beyond that a hint is refused (``rate_limited``)."""
    address_hint_rate: float = attrs.field(default=2.0, validator=_positive)
    """Hints per second one client address may ask for on average (over all its seats) ..."""
    address_hint_burst: int = attrs.field(default=8, validator=_positive)
    """... and at once; beyond that a hint is refused (``rate_limited``)."""
    hint_backlog: int = attrs.field(default=4, validator=_positive)
    """Hints waiting or being computed on the server at once; one more is ``rate_limited``."""
    hint_seconds: float = attrs.field(default=1.0, validator=_positive)
    """The CPU seconds one hint may take."""
    hint_workers: int = attrs.field(default=1, validator=_positive)
    """How many worker processes compute hints (apart from the bots' searches)."""
    hint_kind: str = attrs.field(default="ismcts", validator=_search_kind)
    """The search bot kind that computes hints, one of ``tricktaking.bots.BOT_KINDS``."""
    decision_seconds: float = attrs.field(default=2.0, validator=_positive)
    """The CPU seconds one search bot's move may take."""
    search_workers: int = attrs.field(default=1, validator=_positive)
    """How many worker processes run the bots' searches (so at most this many at once)."""
    review_seconds: float = attrs.field(default=20.0, validator=_positive)
    """The wall-clock seconds one game's review (``GET /api/review/{link}``) may take;
    the positions it leaves are marked not solved."""
    review_max_cards_left: int = attrs.field(default=6, validator=_positive)
    """The largest hand the replay's review solves (see :func:`tricktaking.analysis.review`)."""
    review_backlog: int = attrs.field(default=4, validator=_positive)
    """Reviews waiting or being computed at once; one more is refused (``rate_limited``)."""
    review_cache: int = attrs.field(default=64, validator=_positive)
    """How many finished games' reviews the server keeps in memory."""


@attrs.define
class RateLimit:
    """A token bucket: ``burst`` at once, then ``rate`` per second.

    Example:
        >>> from tricktaking.web.limits import RateLimit
        >>> bucket = RateLimit(rate=2.0, burst=1)
        >>> bucket.allow(now=0.0), bucket.allow(now=0.1), bucket.allow(now=0.6)
        (True, False, True)
    """

    rate: float
    burst: int
    _tokens: float = attrs.field(init=False)
    _stamp: float | None = attrs.field(init=False, default=None)

    def __attrs_post_init__(self) -> None:
        self._tokens = float(self.burst)

    def _refill(self, moment: float) -> None:
        if self._stamp is not None:
            elapsed = max(0.0, moment - self._stamp)
            self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        self._stamp = moment

    def full(self, now: float | None = None) -> bool:
        """Whether the bucket has all its ``burst`` again (as if it had never been used)."""
        self._refill(time.monotonic() if now is None else now)
        return self._tokens >= self.burst

    def allow(self, now: float | None = None) -> bool:
        """Take a token if there is one; return whether the message may go on."""
        self._refill(time.monotonic() if now is None else now)
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


@attrs.define
class RateLimits:
    """One :class:`RateLimit` per key (a seat's link, a client address), in bounded memory.

    At most ``size`` keys are remembered: beyond that the buckets that are full again (as
    good as new) are forgotten first, then the least recently used.

    Example:
        >>> from tricktaking.web.limits import RateLimits
        >>> limits = RateLimits(rate=1.0, burst=1, size=2)
        >>> [limits.allow(key, now=0.0) for key in ("a", "b", "a", "c")]
        [True, True, False, True]
        >>> len(limits)
        2
    """

    rate: float
    burst: int
    size: int = 10_000
    _buckets: OrderedDict[Hashable, RateLimit] = attrs.field(
        init=False, factory=OrderedDict[Hashable, RateLimit]
    )

    def __len__(self) -> int:
        return len(self._buckets)

    def allow(self, key: Hashable, now: float | None = None) -> bool:
        """Take a token from ``key``'s bucket if it has one; return whether it had."""
        moment = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = RateLimit(self.rate, self.burst)
        self._buckets.move_to_end(key)
        allowed = bucket.allow(moment)
        if len(self._buckets) > self.size:
            self._trim(moment, keep=key)
        return allowed

    def _trim(self, now: float, keep: Hashable) -> None:
        for key in [key for key, bucket in self._buckets.items() if bucket.full(now)]:
            if key != keep:
                del self._buckets[key]
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)  # the least recently used: never ``keep``
