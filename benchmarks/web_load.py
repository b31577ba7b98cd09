"""A bounded loopback load test of the web table (not run in CI's timing).

Starts ``tricktaking.web.serve`` as a subprocess on a free loopback port with a fresh
SQLite file, then, from one asyncio client process:

- opens ``--heuristic-tables`` Wizard tables (3 seats: one human, two heuristic bots)
  whose human seat is played by a client over the protocol: at each turn it asks a hint
  (with ``--hints on``) and waits for the answer (a hint or ``rate_limited``), thinks
  ``--think`` seconds (1 s, a quick person; 0 makes it a stress test of the server's
  throughput), plays and times the move: from sending ``move`` to receiving the
  ``event`` that carries it (the server commits to SQLite before it answers);
- opens ``--search-tables`` tables of ISMCTS bots only, each watched by a spectator who
  times each turn: from one event to the next (the bot delay and the search);
- connects ``--slow-readers`` raw sockets that say ``hello`` over and over and never
  read (the server must drop them without stalling anyone);
- asks ``GET /api/games`` every 100 ms and times it (the lobby).

The clients start 3 s after the tables open (the search worker's start is not timed).
After ``--seconds`` it prints the accepted moves per second, the p50/p99 latency of a
human move, of a hint and of the lobby, the ISMCTS tables' turn times, the server's
resident memory (its own and its worker processes') and the errors (a refused move, a
dropped socket of a player or spectator, or a gap in the sequence numbers; a hint
refused as ``rate_limited`` is counted apart: the server bounds its hints on purpose).

``--hints both`` (the default) runs the load twice, each on a fresh server: without
hints, then with every human seat asking one at each of its turns, and compares the
ISMCTS tables' turns. The run fails (exit 1) on any error, on a human-move p99 of 150 ms
or more, a lobby p99 of 100 ms or more, or ISMCTS turns whose mean grows by more than
half with the other tables' hints (they have their own worker and budget).

All clients come from one address, so the server of the run lifts the per-address
limits (tables and hints) that would otherwise count them as one player.

Run: ``nice -n 19 python benchmarks/web_load.py`` (defaults: 50 + 10 tables, 60
WebSocket clients and 5 slow readers, for 60 s a run); ``--quick`` for a short smoke run.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
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
HUMAN_P99_MS = 150.0
LOBBY_P99_MS = 100.0
SEARCH_SLOWDOWN = 1.5  # the most the ISMCTS turns' mean may grow with others' hints
HINT = json.dumps({"type": "hint"})
WARM_UP_SECONDS = 3.0  # between opening the tables and the clients' start: not timed


class Tally:
    """What the clients saw."""

    def __init__(self) -> None:
        self.events = 0
        self.errors: list[str] = []
        self.latencies: list[float] = []
        self.lobby: list[float] = []
        self.hints: list[float] = []
        self.hints_refused = 0
        self.search_turns: list[float] = []
        self.slow_dropped = 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _post(base: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
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
    """A spectator of a search table: check every event, time each bot's turn."""
    try:
        async with connect(url) as ws:
            seq = int(str((await _hello(ws))["seq"]))
            last = time.perf_counter()
            while (left := deadline - time.monotonic()) > 0:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=left)
                except TimeoutError:
                    break
                message = json.loads(raw)
                seq = _check(message, seq, tally)
                now = time.perf_counter()
                if message["type"] == "event" and message["actor"] != "chance":
                    tally.search_turns.append(now - last)
                last = now
    except Exception as error:  # a dropped socket is an error of the run
        tally.errors.append(f"spectator: {error!r}")


async def ask_hint(ws: ClientConnection, tally: Tally) -> None:
    """Ask a hint and wait for its answer (nobody else moves meanwhile: it is our turn)."""
    started = time.perf_counter()
    await ws.send(HINT)
    while True:
        answer = json.loads(await ws.recv())
        if answer["type"] == "hint":
            tally.hints.append(time.perf_counter() - started)
            return
        if answer["type"] == "error" and answer["code"] == "rate_limited":
            tally.hints_refused += 1
            return
        if answer["type"] == "error":
            tally.errors.append(f"hint: {answer['message']}")
            return


async def player(url: str, deadline: float, tally: Tally, think: float, hints: bool) -> None:
    """A human seat: maybe ask a hint, think, play the first legal move; time each move."""
    try:
        async with connect(url) as ws:
            message = await _hello(ws)
            seq = int(str(message["seq"]))
            while time.monotonic() < deadline:
                view = message["view"]
                assert isinstance(view, dict)
                if view["legal_actions"] and message["type"] in ("welcome", "event"):
                    if hints:
                        await ask_hint(ws, tally)
                    await asyncio.sleep(think)
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


async def lobby(base: str, deadline: float, tally: Tally) -> None:
    """Ask for the lobby's games every 100 ms; time each answer."""

    def fetch() -> None:
        urllib.request.urlopen(base + "/api/games", timeout=10).close()

    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            await asyncio.to_thread(fetch)
        except OSError as error:
            tally.errors.append(f"lobby: {error!r}")
        tally.lobby.append(time.perf_counter() - started)
        await asyncio.sleep(0.1)


def _frame(text: str) -> bytes:
    """A masked client text frame (RFC 6455), under 126 bytes."""
    payload = text.encode()
    mask = os.urandom(4)
    return (
        bytes([0x81, 0x80 | len(payload)])
        + mask
        + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    )


async def slow_reader(base: str, token: str, deadline: float, tally: Tally) -> None:
    """A client that says hello over and over and never reads a byte."""
    host, port = base.rsplit("/", 1)[1].split(":")
    key = base64.b64encode(os.urandom(16)).decode()
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.setblocking(False)
    loop = asyncio.get_running_loop()
    try:
        await loop.sock_connect(raw, (host, int(port)))
        request = (
            f"GET /ws/{token} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        )
        await loop.sock_sendall(raw, request.encode())
        hello = _frame(json.dumps({"type": "hello", "protocol": 1}))
        while time.monotonic() < deadline:
            await asyncio.wait_for(loop.sock_sendall(raw, hello), timeout=5)
            await asyncio.sleep(0.02)
    except (OSError, TimeoutError):
        tally.slow_dropped += 1  # the server closed it, or stopped reading it: as it should
    finally:
        raw.close()


async def run(  # noqa: PLR0917 - the run's five numbers and whether humans ask hints
    base: str,
    human_tables: int,
    search_tables: int,
    slow_readers: int,
    seconds: float,
    think: float,
    hints: bool,
) -> Tally:
    ws_base = base.replace("http", "ws", 1) + "/ws/"
    tally = Tally()
    spectators, players, tokens = [], [], []
    for _ in range(search_tables):
        links = _post(base, {**GAME, "seats": ["ismcts"] * 3})
        token = str(links["spectator"]).rsplit("/", 1)[1]
        tokens.append(token)
        spectators.append(ws_base + token)
    for _ in range(human_tables):
        links = _post(base, {**GAME, "seats": ["human", "heuristic", "heuristic"]})
        seats = links["seats"]
        assert isinstance(seats, list)
        players.append(ws_base + str(seats[0]["link"]).rsplit("/", 1)[1])
        tokens.append(str(links["spectator"]).rsplit("/", 1)[1])
    await asyncio.sleep(WARM_UP_SECONDS)  # the search worker starts, the first deals go
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(watch(url, deadline, tally) for url in spectators),
        *(player(url, deadline, tally, think, hints) for url in players),
        *(slow_reader(base, tokens[i % len(tokens)], deadline, tally) for i in range(slow_readers)),
        lobby(base, deadline, tally),
    )
    return tally


def _descendants(pid: int) -> list[int]:
    """``pid``'s child processes (of any of its threads) and theirs (Linux)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        children = task / "children"
        if children.exists():
            for child in children.read_text().split():
                found += [int(child), *_descendants(int(child))]
    return found


def _rss_mib(pid: int) -> float:
    """The resident memory of ``pid`` and its descendants, in MiB (Linux)."""
    total = 0
    for each in [pid, *_descendants(pid)]:
        for line in Path(f"/proc/{each}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _load(args: argparse.Namespace, hints: bool) -> tuple[Tally, float]:
    """One run on a fresh server: what the clients saw, and the server's memory."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        code = (
            "from tricktaking.web import serve; from tricktaking.web.limits import Limits; "
            f"serve('127.0.0.1', {port}, {str(db)!r}, bot_delay={args.bot_delay}, "
            "limits=Limits(max_tables_per_address=1000, max_tables=1000, "
            "address_hint_rate=1000.0, address_hint_burst=1000))"
        )
        server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            tally = asyncio.run(
                run(
                    base,
                    args.heuristic_tables,
                    args.search_tables,
                    args.slow_readers,
                    args.seconds,
                    args.think,
                    hints,
                )
            )
            rss = _rss_mib(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return tally, rss


def _ms(values: Sequence[float]) -> tuple[float, float]:
    """The p50 and p99 of ``values`` (seconds) in milliseconds (``nan`` if there are none)."""
    if not values:
        return float("nan"), float("nan")
    return 1000 * statistics.median(values), 1000 * _percentile(values, 0.99)


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def _row(label: str, args: argparse.Namespace, tally: Tally, rss: float) -> str:
    human, hint, lobby, turns = (
        _ms(tally.latencies), _ms(tally.hints), _ms(tally.lobby), _ms(tally.search_turns)
    )  # fmt: skip
    asked = len(tally.hints) + tally.hints_refused
    return (
        f"| {label} | {tally.events / args.seconds:.0f} | {len(tally.latencies)} "
        f"| {human[0]:.1f} / {human[1]:.1f} | {len(tally.hints)} of {asked} "
        f"| {hint[0]:.0f} / {hint[1]:.0f} | {lobby[0]:.1f} / {lobby[1]:.1f} "
        f"| {len(tally.search_turns)} | {_mean(tally.search_turns):.2f} / {turns[0] / 1000:.2f} "
        f"/ {turns[1] / 1000:.2f} "
        f"| {rss:.0f} | {len(tally.errors)} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heuristic-tables", type=int, default=50, help="one human client each")
    parser.add_argument("--search-tables", type=int, default=10, help="ISMCTS bots, watched")
    parser.add_argument("--slow-readers", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60.0, help="of each run")
    parser.add_argument("--bot-delay", type=float, default=0.1, help="server's pause per bot move")
    parser.add_argument(
        "--think", type=float, default=1.0, help="a person's seconds before each move (0: none)"
    )
    parser.add_argument(
        "--hints",
        choices=("off", "on", "both"),
        default="both",
        help="whether every human seat asks a hint at each turn (both: one run of each)",
    )
    parser.add_argument("--quick", action="store_true", help="5 + 2 tables, 2 slow readers, 8 s")
    args = parser.parse_args(argv)
    if args.quick:
        args.heuristic_tables, args.search_tables, args.slow_readers = 5, 2, 2
        args.seconds = 8.0
    modes = {"off": [False], "on": [True], "both": [False, True]}[args.hints]
    runs = [(hints, *_load(args, hints)) for hints in modes]
    print(
        "| human seats' hints | moves/s | human moves | human p50 / p99 ms | hints answered "
        "| hint p50 / p99 ms | lobby p50 / p99 ms | ISMCTS turns | ISMCTS turn mean / p50 / p99 s "
        "| server RSS MiB | errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for hints, tally, rss in runs:
        print(_row("asked at every turn" if hints else "none", args, tally, rss))
    print(
        f"{args.heuristic_tables} Wizard tables of a human client and two heuristic bots, "
        f"{args.search_tables} of three ISMCTS bots (watched), {args.slow_readers} slow "
        f"readers, {args.seconds:.0f} s a run; bot delay {args.bot_delay} s, "
        f"{args.think} s of thought per human move"
    )
    failed = False
    for hints, tally, _ in runs:
        for error in tally.errors[:10]:
            print("error:", error)
        human_p99, lobby_p99 = _ms(tally.latencies)[1], _ms(tally.lobby)[1]
        failed |= bool(tally.errors) or not human_p99 < HUMAN_P99_MS
        failed |= not lobby_p99 < LOBBY_P99_MS
        print(
            f"{'with' if hints else 'without'} hints: {tally.slow_dropped} of "
            f"{args.slow_readers} slow readers dropped by the server"
        )
    if len(runs) == 2:
        without, with_hints = (_mean(run[1].search_turns) for run in runs)
        growth = with_hints / without
        print(f"ISMCTS turns with the other tables' hints: {growth:.2f} x their mean without")
        failed |= not growth <= SEARCH_SLOWDOWN
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
