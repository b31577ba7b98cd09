"""Bots over the protocol: a view read back from JSON, and a seat played from outside."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import cast

import pytest
import uvicorn

import tricktaking as tt
from tricktaking.cli import main
from tricktaking.web import create_app
from tricktaking.web.options import build_config, game_options
from tricktaking.web.remote_bot import RemoteBotError, play, socket_url, view_from_dict

Message = dict[str, object]


def _config(game: str) -> object:
    names = {str(option["name"]) for option in game_options(game)}
    return build_config(game, {"players": 3} if "players" in names else {})


@pytest.mark.parametrize("game", tt.available_games())
def test_every_view_reads_back_from_its_json(game: str) -> None:
    rng = random.Random(game)
    state = tt.new_game(_config(game))
    for _ in range(150):
        if tt.is_over(state):
            break
        for seat in range(len(tt.scores(state))):
            seen = tt.view(state, seat)
            assert view_from_dict(json.loads(json.dumps(seen.to_dict()))) == seen
        actor = tt.actor(state)
        action: object = (
            tt.deal(state, rng.randrange(2**32))
            if actor is tt.CHANCE
            else rng.choice(tt.legal_actions(state))
        )
        state = tt.apply(state, action)


@pytest.mark.parametrize(
    ("link", "expected"),
    [
        ("http://127.0.0.1:8000/play/abc", "ws://127.0.0.1:8000/ws/abc"),
        ("https://cards.example/tables/play/x_y", "wss://cards.example/tables/ws/x_y"),
    ],
)
def test_links_lead_to_their_sockets(link: str, expected: str) -> None:
    assert socket_url(link) == expected


@pytest.mark.parametrize("link", ["ftp://h/play/x", "http://h/replay/x", "play/x"])
def test_other_links_are_refused(link: str) -> None:
    with pytest.raises(RemoteBotError):
        socket_url(link)


def test_a_bad_view_is_refused() -> None:
    with pytest.raises(RemoteBotError):
        view_from_dict({"game": "no such game"})


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    app = create_app(":memory:", bot_delay=0, processes=False)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def _open(base_url: str, game: str, options: Message, seats: list[str]) -> Message:
    body = {"game": game, "options": options, "seats": seats, "seed": 3}
    request = urllib.request.Request(
        base_url + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return cast("Message", json.loads(answer.read()))


def test_a_search_bot_plays_a_seat_over_the_protocol(base_url: str) -> None:
    links = _open(base_url, "wizard", {"players": 3, "rounds": 2}, ["human", "heuristic", "human"])
    seats = cast("list[Message]", links["seats"])
    told: list[str] = []

    async def both() -> list[int]:
        return list(
            await asyncio.gather(
                play(base_url + str(seats[0]["link"]), "ismcts", say=told.append),
                play(base_url + str(seats[2]["link"]), "random", say=told.append),
            )
        )

    ends = asyncio.run(both())
    assert ends[0] == ends[1] > 10
    assert not any(line.startswith("refused") for line in told)


def test_the_bot_command_plays_a_seat_to_the_end(
    base_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    links = _open(base_url, "one-card", {"players": 2, "target": 1}, ["human", "heuristic"])
    link = base_url + str(cast("list[Message]", links["seats"])[0]["link"])
    assert main(["bot", link, "--bot", "heuristic"]) == 0
    assert "the game is over" in capsys.readouterr().out


def test_the_bot_command_seats_a_text_model(
    base_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    links = _open(
        base_url, "oh-hell", {"players": 3, "hand_size": 3}, ["human", "heuristic", "heuristic"]
    )
    link = base_url + str(cast("list[Message]", links["seats"])[0]["link"])
    assert main(["bot", link, "--bot", "text:tricktaking.agents:ScriptedModel"]) == 0
    assert "the game is over" in capsys.readouterr().out
    assert main(["bot", link, "--bot", "text:no_such_module:chat"]) == 2
    assert "cannot import 'no_such_module'" in capsys.readouterr().err
