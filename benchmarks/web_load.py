"""A bounded loopback load test of the web table (not run in CI's timing).

Starts ``tricktaking.web.serve`` as a subprocess on a free loopback port with a fresh
SQLite file, then, from one asyncio client process:

- opens ``--bot-tables`` tables of bots only (a full 3-seat Wizard game) and
  watches each through its spectator socket;
- opens ``--human-tables`` tables with one human seat played by a client over the
  protocol, which times each human move: from sending ``move`` to receiving the
  ``event`` that carries it (the server commits to SQLite before it answers).

After ``--seconds`` it prints the accepted moves per second (every action the server
committed and broadcast, bots' and deals included), the p50/p99 latency of a human move,
the number of WebSocket clients and the errors (any refused message, dropped socket or
gap in the sequence numbers). The run fails (exit 1) on any error.

Run: ``python benchmarks/web_load.py`` (defaults: 50 bot tables, 10 human tables, i.e.
60 WebSocket clients, for 60 s); ``--quick`` for a short smoke run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

GAME = {"game": "wizard", "options": {"players": 3}}  # 20 deals: about 700 actions


class Tally:
    """What the clients saw."""

    def __init__(self) -> None:
        self.events = 0
        self.errors: list[str] = []
        self.latencies: list[float] = []


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _post(base: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(base + "/api/tables", data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, object] = json.loads(answer.read())
    return data


async def _hello(ws: ClientConnection) -> dict[str, object]:
    await ws.send(json.dumps({"type": "hello", "protocol": 1}))
    welcome: dict[str, object] = json.loads(await ws.recv())
    return welcome


def _check(message: dict[str, object], seq: int, tally: Tally) -> int:
    """Count an event and check its sequence number; return the new ``seq``."""
    if message["type"] == "error":
        tally.errors.append(str(message["message"]))
        return seq
    if message["type"] == "event":
        tally.events += 1
        new = int(str(message["seq"]))
        if new != seq + 1:
            tally.errors.append(f"sequence gap: {seq} -> {new}")
        return new
    return seq


async def watch(url: str, deadline: float, tally: Tally) -> None:
    """A spectator: receive and check every event until the deadline."""
    try:
        async with connect(url) as ws:
            seq = int(str((await _hello(ws))["seq"]))
            while (left := deadline - time.monotonic()) > 0:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=left)
                except TimeoutError:
                    break
                seq = _check(json.loads(raw), seq, tally)
    except Exception as error:  # a dropped socket is an error of the run
        tally.errors.append(f"spectator: {error!r}")


async def player(url: str, deadline: float, tally: Tally) -> None:
    """A human seat: play the first legal move whenever it is our turn; time each move."""
    try:
        async with connect(url) as ws:
            message = await _hello(ws)
            seq = int(str(message["seq"]))
            while time.monotonic() < deadline:
                view = message["view"]
                assert isinstance(view, dict)
                if view["legal_actions"] and message["type"] in ("welcome", "event"):
                    started = time.perf_counter()
                    await ws.send(
                        json.dumps({"type": "move", "action": view["legal_actions"][0], "seq": seq})
                    )
                    message = json.loads(await ws.recv())
                    seq = _check(message, seq, tally)
                    if message["type"] == "event" and message["actor"] == view["seat"]:
                        tally.latencies.append(time.perf_counter() - started)
                    continue
                left = deadline - time.monotonic()
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(left, 0)))
                except TimeoutError:
                    break
                seq = _check(message, seq, tally)
    except Exception as error:
        tally.errors.append(f"player: {error!r}")


async def run(base: str, bot_tables: int, human_tables: int, seconds: float) -> Tally:
    ws_base = base.replace("http", "ws", 1) + "/ws/"
    tally = Tally()
    spectators, players = [], []
    for _ in range(bot_tables):
        links = _post(base, {**GAME, "seats": ["random", "heuristic", "random"]})
        spectators.append(ws_base + str(links["spectator"]).rsplit("/", 1)[1])
    for _ in range(human_tables):
        links = _post(base, {**GAME, "seats": ["human", "heuristic", "random"]})
        seats = links["seats"]
        assert isinstance(seats, list)
        players.append(ws_base + str(seats[0]["link"]).rsplit("/", 1)[1])
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(watch(url, deadline, tally) for url in spectators),
        *(player(url, deadline, tally) for url in players),
    )
    return tally


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-tables", type=int, default=50)
    parser.add_argument("--human-tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bot-delay", type=float, default=0.1, help="server's pause per bot move")
    parser.add_argument("--quick", action="store_true", help="5 + 2 tables for 5 s")
    args = parser.parse_args(argv)
    if args.quick:
        args.bot_tables, args.human_tables, args.seconds = 5, 2, 5.0
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        code = (
            "from tricktaking.web import serve; "
            f"serve('127.0.0.1', {port}, {str(db)!r}, bot_delay={args.bot_delay})"
        )
        server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            tally = asyncio.run(run(base, args.bot_tables, args.human_tables, args.seconds))
        finally:
            server.terminate()
            server.wait(timeout=30)
    clients = args.bot_tables + args.human_tables
    latencies_ms = [1000 * value for value in tally.latencies]
    print("| tables | WS clients | seconds | moves/s | human moves | p50 ms | p99 ms | errors |")
    print("|---|---|---|---|---|---|---|---|")
    p50 = statistics.median(latencies_ms) if latencies_ms else float("nan")
    p99 = _percentile(latencies_ms, 0.99) if latencies_ms else float("nan")
    print(
        f"| {clients} | {clients} | {args.seconds:.0f} | {tally.events / args.seconds:.0f} "
        f"| {len(latencies_ms)} | {p50:.1f} | {p99:.1f} | {len(tally.errors)} |"
    )
    print(f"bot delay {args.bot_delay} s per move; {args.bot_tables} bot tables watched")
    for error in tally.errors[:10]:
        print("error:", error)
    return 1 if tally.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
