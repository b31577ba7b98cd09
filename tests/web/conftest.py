"""Fixtures of the web table tests: an app under Starlette's TestClient and protocol helpers."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import cast

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient, WebSocketTestSession  # noqa: E402

from tricktaking.web import create_app  # noqa: E402

Message = dict[str, object]


@contextmanager
def served(db: str = ":memory:") -> Iterator[TestClient]:
    """A test client of a fresh app whose bots move without delay."""
    with TestClient(create_app(db, bot_delay=0)) as client:
        yield client


def open_table(
    client: TestClient,
    game: str,
    options: dict[str, object],
    seats: Sequence[str],
    seed: int = 1,
) -> Message:
    """Create a table through the API; return its links."""
    answer = client.post(
        "/api/tables", json={"game": game, "options": options, "seats": list(seats), "seed": seed}
    )
    assert answer.status_code == 201, answer.text
    return cast("Message", answer.json())


def token(path: object) -> str:
    """The secret token at the end of a link path."""
    return str(path).rsplit("/", 1)[-1]


def seat_token(links: Message, seat: int) -> str:
    seats = cast("list[Message]", links["seats"])
    return token(seats[seat]["link"])


def receive(ws: WebSocketTestSession) -> Message:
    return cast("Message", ws.receive_json())


def hello(ws: WebSocketTestSession, since: int | None = None) -> Message:
    ws.send_text(json.dumps({"type": "hello", "protocol": 1, "since": since}))
    welcome = receive(ws)
    assert welcome["type"] == "welcome", welcome
    return welcome


def view_of(message: Message) -> Message:
    return cast("Message", message["view"])


def legal(message: Message) -> list[str]:
    return cast("list[str]", view_of(message)["legal_actions"])


def play_until_over(ws: WebSocketTestSession, seat: int, first: Message) -> list[Message]:
    """Play the first legal move whenever it is ``seat``'s turn; return every message."""
    seen = [first]
    current = first
    while view_of(current)["phase"] != "over":
        if view_of(current)["actor"] == seat and legal(current):
            ws.send_text(json.dumps({"type": "move", "action": legal(current)[0]}))
        current = receive(ws)
        assert current["type"] == "event", current
        seen.append(current)
    return seen


class Protocol:
    """The helpers above, as one fixture (test modules cannot import each other)."""

    open_table = staticmethod(open_table)
    token = staticmethod(token)
    seat_token = staticmethod(seat_token)
    receive = staticmethod(receive)
    hello = staticmethod(hello)
    view_of = staticmethod(view_of)
    legal = staticmethod(legal)
    play_until_over = staticmethod(play_until_over)


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A test client of a fresh in-memory app."""
    with served() as test_client:
        yield test_client


@pytest.fixture
def proto() -> Protocol:
    """The protocol helpers."""
    return Protocol()
