"""A custom frontend on the web table's documented protocol (docs: "Web table protocol").

The served table (``tricktaking serve``) has its own page; this script shows how little a
frontend in any language needs: one HTTP POST to open a table and one WebSocket per seat
that sends ``hello`` and ``move`` messages and draws each ``view`` it is sent.

- ``python examples/web_frontend.py http://127.0.0.1:8000/play/<token>`` plays that
  seat in the terminal against a running server (type a legal token, e.g. ``play QH``).
- ``--self-test`` starts a server on a free loopback port, opens a One Card table and
  plays seat 0 automatically (its first legal move) until the game ends.

Needs the web extra: ``pip install 'tricktaking[web]'`` (from a clone: ``pip install '.[web]'``).
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from typing import cast

import uvicorn
from websockets.sync.client import connect

from tricktaking.web import create_app

Message = dict[str, object]


def play(ws_url: str, choose: Callable[[Message], str]) -> Message:
    """Play one seat over the protocol until the game ends; return the last view."""
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1, "since": None}))
        while True:
            message = cast("Message", json.loads(ws.recv(timeout=30)))
            if message["type"] == "error":
                print("refused:", message["message"])
                continue
            view = cast("Message", message["view"])
            if view["phase"] == "over":
                return view
            if message["type"] in ("welcome", "event") and view["legal_actions"]:
                ws.send(json.dumps({"type": "move", "action": choose(view), "seq": message["seq"]}))


def ask(view: Message) -> str:
    """Show the seat's view and read a move from the keyboard."""
    print(f"hand: {' '.join(cast('list[str]', view['hand']))}  trick: {view['trick']}")
    legal = cast("list[str]", view["legal_actions"])
    print("legal:", ", ".join(token.split(" ", 1)[1] for token in legal))
    return f"{view['seat']} {input('your move> ').strip()}"


def self_test() -> None:
    """Serve on a free port, open a table and play seat 0 by its first legal move."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(":memory:", bot_delay=0)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    body = {"game": "one-card", "options": {"players": 3, "target": 5}, "seed": 7,
            "seats": ["human", "heuristic", "heuristic"]}  # fmt: skip
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        links = json.loads(answer.read())
    token = links["seats"][0]["link"].rsplit("/", 1)[1]
    final = play(
        f"ws://127.0.0.1:{port}/ws/{token}",
        lambda view: cast("list[str]", view["legal_actions"])[0],
    )
    print("final scores:", final["scores"])
    server.should_exit = True


if __name__ == "__main__":
    if "--self-test" in sys.argv:
        self_test()
    else:
        page = sys.argv[1]  # http://host:port/play/<token>
        final = play(page.replace("http", "ws", 1).replace("/play/", "/ws/"), ask)
        print("final scores:", final["scores"])
