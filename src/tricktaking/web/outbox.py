"""One connection's bounded send queue, written by its own task with a write timeout.

The hub never writes to a socket itself: it puts messages in the connection's outbox
(which never waits), so a table's lock is never held across a network write and one
client that reads slowly, or not at all, delays nobody else. A connection that falls
:attr:`~tricktaking.web.limits.Limits.send_queue` messages behind, or whose write takes
longer than :attr:`~tricktaking.web.limits.Limits.write_timeout`, is dropped with
:data:`~tricktaking.web.limits.CLOSE_SLOW`; it may reconnect and resume.

Example:
    >>> import asyncio
    >>> from tricktaking.views import JSONValue
    >>> from tricktaking.web.outbox import Outbox
    >>> class Printer:
    ...     async def send(self, message: dict[str, JSONValue]) -> None:
    ...         print(message["type"])
    ...     async def close(self, code: int) -> None:
    ...         print("closed", code)
    >>> async def demo() -> None:
    ...     box = Outbox(Printer(), size=2, write_timeout=1.0)
    ...     box.put({"type": "welcome"})
    ...     await box.flush()
    ...     await box.close(1000)
    >>> asyncio.run(demo())
    welcome
    closed 1000
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from tricktaking.views import JSONValue
from tricktaking.web.limits import CLOSE_SLOW

__all__ = ["Client", "Outbox"]

_CLOSE_TIMEOUT = 1.0  # a peer that does not read cannot hold a close up for longer


@runtime_checkable
class Client(Protocol):
    """Something that can receive protocol messages (a WebSocket, or a test double).

    Example:
        >>> from tricktaking.views import JSONValue
        >>> from tricktaking.web.outbox import Client
        >>> class Printer:
        ...     async def send(self, message: dict[str, JSONValue]) -> None:
        ...         print(message["type"])
        ...     async def close(self, code: int) -> None:
        ...         pass
        >>> isinstance(Printer(), Client)
        True
    """

    async def send(self, message: dict[str, JSONValue]) -> None:
        """Send one message; raise if the client is gone."""
        ...

    async def close(self, code: int) -> None:
        """Close the connection with a WebSocket close ``code``."""
        ...


class Outbox:
    """The messages on their way to one client.

    Args:
        client: Where the messages go.
        size: How many messages may wait; one more drops the client.
        write_timeout: Seconds one write may take; longer drops the client.
        on_drop: Called once with the close code when the client is dropped.

    Example:
        >>> import asyncio
        >>> from tricktaking.views import JSONValue
        >>> from tricktaking.web.outbox import Outbox
        >>> class Deaf:
        ...     async def send(self, message: dict[str, JSONValue]) -> None:
        ...         await asyncio.sleep(3600)
        ...     async def close(self, code: int) -> None:
        ...         print("closed", code)
        >>> async def demo() -> bool:
        ...     box = Outbox(Deaf(), size=1, write_timeout=60.0)
        ...     box.put({"type": "event"})
        ...     await asyncio.sleep(0)
        ...     box.put({"type": "event"})
        ...     box.put({"type": "event"})  # one too many
        ...     await box.flush()
        ...     return box.dropped
        >>> asyncio.run(demo())
        closed 4008
        True
    """

    def __init__(
        self,
        client: Client,
        *,
        size: int,
        write_timeout: float,
        on_drop: Callable[[int], None] | None = None,
    ) -> None:
        self.client: Client = client
        self.write_timeout: float = write_timeout
        self.dropped: bool = False
        self._on_drop = on_drop
        self._queue: asyncio.Queue[dict[str, JSONValue]] = asyncio.Queue(maxsize=size)
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self._closer: asyncio.Task[None] | None = None
        self._pending = 0

    def put(self, message: dict[str, JSONValue]) -> None:
        """Queue a message without waiting; a full queue drops the client instead."""
        if self.dropped:
            return
        try:
            self._queue.put_nowait(message)
            self._pending += 1
        except asyncio.QueueFull:
            self.drop(CLOSE_SLOW)

    def drop(self, code: int) -> None:
        """Stop writing, close the connection with ``code`` and tell ``on_drop``."""
        if self.dropped:
            return
        self.dropped = True
        self._writer.cancel()
        self._closer = asyncio.get_running_loop().create_task(self._close(code))
        if self._on_drop is not None:
            self._on_drop(code)

    def stop(self) -> None:
        """Stop writing (the client has gone): nothing more is sent or closed."""
        self.dropped = True
        self._writer.cancel()

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(_CLOSE_TIMEOUT):
                await self.client.close(code)

    async def _write(self) -> None:
        while True:
            message = await self._queue.get()
            try:
                async with asyncio.timeout(self.write_timeout):
                    await self.client.send(message)
            except TimeoutError:
                self.drop(CLOSE_SLOW)
                return
            except Exception:  # the peer is gone: nothing more to write
                self.dropped = True
                if self._on_drop is not None:
                    self._on_drop(CLOSE_SLOW)
                return
            self._pending -= 1

    async def flush(self) -> None:
        """Wait until every queued message is written (or the client is dropped)."""
        while not self.dropped and self._pending:
            await asyncio.sleep(0.001)
        if self._closer is not None:
            await self._closer

    async def close(self, code: int) -> None:
        """Stop writing and close the connection (the server is going away)."""
        if not self.dropped:
            self.dropped = True
            self._writer.cancel()
            await self._close(code)
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
