"""A live server for the web tests: ``tricktaking serve``'s own, in a thread, and its clients."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import cast

from tricktaking.views import JSONValue
from tricktaking.web import create_app
from tricktaking.web.limits import Limits
from tricktaking.web.server import _Server

Message = dict[str, object]


def free_port() -> int:
    """A loopback port nothing listens on (as far as anyone can tell)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live(limits: Limits | None = None, db: str = ":memory:") -> Iterator[tuple[str, _Server]]:
    """The server as ``tricktaking serve`` runs it, in a thread (searches in threads).

    Yields its ``host:port`` and the server (``server.should_exit = True`` stops it).
    """
    port = free_port()
    app = create_app(db, bot_delay=0, limits=limits, processes=False)
    server = _Server(app, "127.0.0.1", port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}", server
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def serving(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``tricktaking serve --port PORT --db DB`` in a process of its own, once it answers.

    The process is killed at the end if it still runs; its standard error is a pipe.
    """
    command = [sys.executable, "-m", "tricktaking", "serve", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                time.sleep(0.05)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        if process.stderr is not None:
            process.stderr.close()


def open_table(host: str, body: Mapping[str, object]) -> Message:
    """``POST /api/tables`` to the server at ``host`` (``127.0.0.1:PORT``): the links."""
    request = urllib.request.Request(
        f"http://{host}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return cast("Message", json.loads(answer.read()))


def link_token(links: Message, seat: int | None) -> str:
    """The token of ``seat``'s link (the spectator's for ``None``) in a table's links."""
    seats = cast("list[Message]", links["seats"])
    path = links["spectator"] if seat is None else seats[seat]["link"]
    return str(path).rsplit("/", 1)[-1]


class Deaf:
    """A client that never finishes reading a message; it keeps the codes it is closed with."""

    def __init__(self) -> None:
        self.closed: list[int] = []

    async def send(self, message: dict[str, JSONValue]) -> None:
        await asyncio.sleep(3600)

    async def close(self, code: int) -> None:
        self.closed.append(code)
