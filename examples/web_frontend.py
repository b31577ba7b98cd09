"""A JSON "web frontend" sketch: serve player views over HTTP on localhost.

``python examples/web_frontend.py`` serves a One Card game on http://127.0.0.1:8765:

- ``GET /view?seat=0`` returns seat 0's view as JSON (``view.to_dict()``);
- ``POST /move`` with ``{"seat": 0, "move": "QH"}`` plays a move for that seat;
  the bots in the other seats then move until it is a human's turn again.

A web client gets views, never the state: the server keeps the state and each client
sees only what its seat may see. ``--self-test`` starts the server on a free port,
plays a whole game through HTTP requests and stops.
"""

from __future__ import annotations

import json
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import tricktaking as tt
from tricktaking.bots import make_bot
from tricktaking.notation import parse_move
from tricktaking.seeding import derive_seed

HUMANS = {0}


class Table:
    """The server side of one game: the state, the bots and a lock."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.state = tt.new_game(tt.OneCardConfig(players=3, target=10))
        self.bots = {seat: make_bot("heuristic", "one-card", seed + seat) for seat in (1, 2)}
        self.lock = threading.Lock()
        self.advance()

    def advance(self) -> None:
        """Deal and let bots move until a human is to act or the game is over."""
        while not tt.is_over(self.state):
            seat = tt.actor(self.state)
            if not isinstance(seat, int):
                chance = derive_seed(self.seed, len(self.state.history))
                self.state = tt.apply(self.state, tt.deal(self.state, chance))
            elif seat in HUMANS:
                return
            else:
                self.state = tt.apply(self.state, self.bots[seat].act(tt.view(self.state, seat)))

    def move(self, seat: int, text: str) -> tuple[int, dict[str, object]]:
        """Play ``text`` for ``seat``; answer with an HTTP status and a JSON body."""
        with self.lock:
            if tt.actor(self.state) != seat:
                return 409, {"error": f"it is not seat {seat}'s turn"}
            try:
                self.state = tt.apply(self.state, parse_move(self.state, text))
            except (tt.NotationError, tt.IllegalActionError) as error:
                return 400, {"error": str(error)}
            self.advance()
            return 200, dict(tt.view(self.state, seat).to_dict())


def handler_for(table: Table) -> type[BaseHTTPRequestHandler]:
    """A request handler class bound to ``table``."""

    class Handler(BaseHTTPRequestHandler):
        def send_json(self, status: int, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            url = urlparse(self.path)
            seat = int(parse_qs(url.query).get("seat", ["0"])[0])
            if url.path != "/view" or seat not in range(3):
                self.send_json(404, {"error": "use /view?seat=0"})
                return
            with table.lock:
                self.send_json(200, tt.view(table.state, seat).to_dict())

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            status, answer = table.move(int(body.get("seat", -1)), str(body.get("move", "")))
            self.send_json(status, answer)

        def log_message(self, format: str, *args: object) -> None:
            """Stay quiet."""

    return Handler


def request(base: str, path: str, body: dict[str, object] | None = None) -> dict[str, object]:
    """GET (or POST ``body``) as JSON; return the decoded answer, errors included."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(req, timeout=10) as answer:
            result: dict[str, object] = json.loads(answer.read())
    except urllib.error.HTTPError as error:
        result = json.loads(error.read())
    return result


def self_test() -> None:
    """Serve on a free port and play a whole game as seat 0 through HTTP."""
    table = Table(seed=7)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(table))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        print("bad move:", request(base, "/move", {"seat": 0, "move": "fold"})["error"])
        for _ in range(10_000):
            seen = request(base, "/view?seat=0")
            if seen["phase"] == "over":
                break
            legal = seen["legal_actions"]
            assert isinstance(legal, list)
            assert legal
            move = str(legal[0]).split(" ", 1)[1]  # canonical token without the seat
            request(base, "/move", {"seat": 0, "move": move})
        print("final scores:", seen["scores"])
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    if "--self-test" in sys.argv:
        self_test()
    else:
        httpd = ThreadingHTTPServer(("127.0.0.1", 8765), handler_for(Table(seed=1)))
        print("serving on http://127.0.0.1:8765 (GET /view?seat=0, POST /move)")
        httpd.serve_forever()
