"""The live socket of each client: every frame read, answered, and closed as documented.

A socket's frames are read as they arrive, whatever is being computed for it: a hint is
asked for in a task of its own (one at a time per socket) and answered when it is ready,
so a socket waiting for a hint still reads, and one that floods is counted and closed
with :data:`~tricktaking.web.limits.CLOSE_FLOOD` and a real close frame. Every close
this module starts is awaited before the handler returns, so a client always sees the
documented code (never a bare TCP close, 1006).

:class:`Sockets` also knows every open socket, so that a stopping server can close them
all with :data:`~tricktaking.web.limits.CLOSE_GOING_AWAY` before its ASGI server cuts
them off (uvicorn would send 1012).

Example:
    >>> from tricktaking.web.app import create_app
    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app(bot_delay=0), "http://localhost") as client:
    ...     with client.websocket_connect("ws://localhost/ws/no-such-link") as ws:
    ...         ws.receive_json()["code"]
    'not_found'
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable

from starlette.types import Receive, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from tricktaking.views import JSONValue
from tricktaking.web.guard import Guard
from tricktaking.web.hub import Hub, Link
from tricktaking.web.limits import CLOSE_FLOOD, CLOSE_NOT_FOUND, CLOSE_ORIGIN, Limits, RateLimit
from tricktaking.web.outbox import Outbox
from tricktaking.web.protocol import (
    Hello,
    Hint,
    Move,
    ProtocolError,
    Rematch,
    parse_client_message,
)

__all__ = ["Sockets", "refuse_socket"]

_CLOSE_SECONDS = 1.0  # a peer that does not read cannot hold a close up for longer


async def refuse_socket(receive: Receive, send: Send) -> None:
    """Accept a socket only to close it at once with 4403, as the protocol says.

    (Refusing the handshake instead would show a client an HTTP 403, not the code.)

    Example:
        >>> import asyncio
        >>> from starlette.types import Message
        >>> from tricktaking.web.sockets import refuse_socket
        >>> sent: list[Message] = []
        >>> async def receive() -> Message:
        ...     return {"type": "websocket.connect"}
        >>> async def send(message: Message) -> None:
        ...     sent.append(message)
        >>> asyncio.run(refuse_socket(receive, send))
        >>> sent
        [{'type': 'websocket.accept'}, {'type': 'websocket.close', 'code': 4403}]
    """
    if (await receive())["type"] == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": CLOSE_ORIGIN})


class _Socket:
    """A WebSocket as a protocol client."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.closed = asyncio.Event()

    async def send(self, message: dict[str, JSONValue]) -> None:
        await self.socket.send_text(json.dumps(message))

    async def close(self, code: int) -> None:
        self.closed.set()  # the reading side stops too
        await self.socket.close(code=code)


class _Connection:
    """One socket's link, client address, outbox (once it has said hello) and limits."""

    def __init__(self, link: Link, client: _Socket, limits: Limits, address: str) -> None:
        self.link = link
        self.address = address
        self.client = client
        self.write_timeout = limits.write_timeout
        self.outbox: Outbox | None = None
        self.messages = RateLimit(limits.message_rate, limits.message_burst)
        self.hinting: asyncio.Task[None] | None = None

    async def send(self, message: dict[str, JSONValue]) -> None:
        if self.outbox is not None:
            self.outbox.put(message)
            return
        try:  # before hello: this client's own handler waits, nobody else
            async with asyncio.timeout(self.write_timeout):
                await self.client.send(message)
        except Exception:
            self.client.closed.set()

    async def close(self, code: int) -> None:
        """Close the socket with ``code`` and wait (a bounded time) until it is sent."""
        if self.outbox is not None:
            self.outbox.drop(code)
            await self.outbox.flush()
            return
        with contextlib.suppress(Exception):
            async with asyncio.timeout(_CLOSE_SECONDS):
                await self.client.close(code)

    def stop(self) -> None:
        """The socket has gone: stop writing and forget its pending hint."""
        if self.hinting is not None:
            self.hinting.cancel()
        if self.outbox is not None:
            self.outbox.stop()


class Sockets:
    """The ``/ws/{link}`` endpoint of one app, and every socket it has open.

    Args:
        hub: The app's hub (asked for at each connection: it exists once the app runs).
        limits: The message rate and write timeout of a socket.
        guard: Which pages may open a socket, and where a client's address comes from.

    Example:
        >>> from tricktaking.web.app import create_app
        >>> from tricktaking.web.sockets import Sockets
        >>> sockets = create_app(bot_delay=0).state.sockets
        >>> isinstance(sockets, Sockets), len(sockets)
        (True, 0)
    """

    def __init__(self, hub: Callable[[], Hub], limits: Limits, guard: Guard) -> None:
        self._hub = hub
        self.limits: Limits = limits
        self.guard: Guard = guard
        self._open: set[_Connection] = set()

    def __len__(self) -> int:
        return len(self._open)

    async def close_all(self, code: int) -> None:
        """Close every open socket with ``code``, each close frame sent before this returns.

        Example:
            >>> from starlette.testclient import TestClient
            >>> from starlette.websockets import WebSocketDisconnect
            >>> from tricktaking.web.app import create_app
            >>> app = create_app(bot_delay=0)
            >>> body = {"game": "one-card", "options": {"players": 2}, "seats": ["human"] * 2}
            >>> with TestClient(app, "http://localhost") as client:
            ...     spectator = client.post("/api/tables", json=body).json()["spectator"]
            ...     with client.websocket_connect("ws://localhost/ws/" + spectator[6:]) as ws:
            ...         ws.send_json({"type": "hello", "protocol": 1})
            ...         _ = ws.receive_json()
            ...         client.portal.call(app.state.sockets.close_all, 1001)
            ...         try:
            ...             ws.receive_json()
            ...         except WebSocketDisconnect as closed:
            ...             print(closed.code)
            1001
        """
        await asyncio.gather(*(connection.close(code) for connection in list(self._open)))

    async def serve(self, websocket: WebSocket) -> None:
        """Serve one socket until the client leaves or is dropped."""
        if not self.guard.change_allowed(websocket.scope):
            await refuse_socket(websocket.receive, websocket.send)
            return
        await websocket.accept()
        hub = self._hub()
        client = _Socket(websocket)
        link = hub.find(str(websocket.path_params["link"]))
        if link is None:
            refusal = ProtocolError("not_found", "this link leads to no table")
            with contextlib.suppress(Exception):
                async with asyncio.timeout(self.limits.write_timeout):
                    await client.send(refusal.to_message(None))
                    await websocket.close(code=CLOSE_NOT_FOUND)
            return
        connection = _Connection(
            link, client, self.limits, self.guard.client_address(websocket.scope)
        )
        self._open.add(connection)
        try:
            await self._read(websocket, connection)
        except asyncio.CancelledError:
            # the server is stopping and its grace is over: the socket just closes (an
            # error here would only print a traceback per open socket)
            return
        finally:
            self._open.discard(connection)
            hub.leave(link, client)
            connection.stop()  # also when the hub never subscribed it

    async def _read(self, websocket: WebSocket, connection: _Connection) -> None:
        """Answer frames until the client leaves or is dropped."""
        closed = asyncio.ensure_future(connection.client.closed.wait())
        try:
            while True:
                receiving = asyncio.ensure_future(websocket.receive())
                await asyncio.wait({receiving, closed}, return_when=asyncio.FIRST_COMPLETED)
                if not receiving.done():
                    receiving.cancel()
                    return
                frame = receiving.result()
                if frame["type"] == "websocket.disconnect":
                    return
                if not connection.messages.allow():
                    await connection.close(CLOSE_FLOOD)
                    return
                await self._handle(connection, frame.get("text") or frame.get("bytes"))
        except WebSocketDisconnect:
            return
        finally:
            closed.cancel()

    async def _handle(self, connection: _Connection, raw: object) -> None:
        """Answer one frame (a hint is answered later, by a task of its own)."""
        link = connection.link
        hub = self._hub()
        try:
            if not isinstance(raw, (str, bytes)):
                raise ProtocolError("malformed", "empty frame")
            message = parse_client_message(raw)
            match message:
                case Hello(since=since, presence=presence):
                    connection.outbox = await hub.join(
                        link, connection.client, since, presence=presence
                    )
                case _ if connection.outbox is None:
                    raise ProtocolError("hello_first", "send hello first")
                case Move(action=token, seq=seq):
                    await hub.move(link, token, seq)
                case Hint():
                    if connection.hinting is not None and not connection.hinting.done():
                        raise ProtocolError("rate_limited", "a hint is on its way: wait for it")
                    seq = link.table.seq
                    suggestion = hub.hint(link, connection.address)
                    connection.hinting = asyncio.create_task(
                        self._answer_hint(connection, suggestion, seq)
                    )
                case Rematch():
                    hub.rematch(link, connection.outbox, address=connection.address)
        except ProtocolError as error:
            await connection.send(error.to_message(link.table.seq))

    @staticmethod
    async def _answer_hint(connection: _Connection, suggestion: Awaitable[str], seq: int) -> None:
        try:
            # shielded: a socket that leaves stops waiting, the hint's budget stays counted
            token = await asyncio.shield(suggestion)
        except ProtocolError as error:
            await connection.send(error.to_message(connection.link.table.seq))
            return
        await connection.send({"type": "hint", "action": token, "seq": seq})
