"""The remote bot against a hostile server: every bad frame a typed error, never a traceback.

A fake server (the ``websockets`` package's, on a loopback port) answers the bot's
``hello`` with scripted frames: malformed, oversized, deep, lying, or nothing at all.
Each case must end the bot with a :class:`RemoteBotError` whose one-line message says
what was wrong, within its timeouts; and seeded mutations of genuine frames must end
either the game or the bot with that error, never with another exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import random
from collections.abc import Awaitable, Callable
from typing import cast

import pytest

pytest.importorskip("websockets", reason="the web extra is not installed")
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

import tricktaking as tt
import tricktaking.web.remote_bot
from tricktaking.cli import main
from tricktaking.views import JSONValue
from tricktaking.web.options import build_config
from tricktaking.web.remote_bot import MAX_FRAME_BYTES, RemoteBotError, play, read_frame

from ._live import free_port

Frame = str | bytes
Script = Callable[[ServerConnection], Awaitable[None]]


def _genuine() -> dict[str, JSONValue]:
    """A true welcome for seat 1 of an Oh Hell table, seat 1 to bid."""
    config = build_config("oh-hell", {"players": 3, "hand_size": 1, "first_dealer": 0})
    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, seed=1))
    return {
        "type": "welcome", "protocol": 1, "table": "t", "game": "oh-hell", "title": "Oh Hell",
        "role": "seat", "seat": 1,
        "seats": [{"seat": seat, "name": f"P{seat}", "kind": "human"} for seat in range(3)],
        "capabilities": {"hint": False}, "seq": 1, "events": [], "over": False,
        "winners": [], "view": tt.view(state, 1).to_dict(), "say": {},
    }  # fmt: skip


WELCOME = _genuine()


def _welcome(**changes: JSONValue) -> dict[str, JSONValue]:
    message = copy.deepcopy(WELCOME)
    message.update(changes)
    return message


def _view(**changes: JSONValue) -> dict[str, JSONValue]:
    view = cast("dict[str, JSONValue]", copy.deepcopy(WELCOME["view"]))
    view.update(changes)
    return view


def _without(key: str) -> dict[str, JSONValue]:
    message = copy.deepcopy(WELCOME)
    del message[key]
    return message


def _view_without(key: str) -> dict[str, JSONValue]:
    view = _view()
    del view[key]
    return _welcome(view=view)


def _over(seq: int = 2) -> dict[str, JSONValue]:
    """The event of the game's end, for seat 1."""
    view = _view(phase="over", actor=None, legal_actions=[])
    event: dict[str, JSONValue] = {"type": "event", "seq": seq, "actor": 1, "action": "1 bid 0"}
    return {**event, "said": "0", "view": view, "say": {}, "winners": []}


def _lie(**changes: JSONValue) -> Script:
    """A server whose welcome carries the true view with ``changes``."""
    return _frames(_welcome(view=_view(**changes)))


def _frames(*frames: Frame | dict[str, JSONValue], then_close: int | None = 4404) -> Script:
    """A server that answers ``hello`` with ``frames``, answers a move with the end."""

    async def script(ws: ServerConnection) -> None:
        await ws.recv()
        for frame in frames:
            await ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))
        if then_close is None:
            await ws.wait_closed()  # silent from now on, until the bot leaves
            return
        if frames:
            try:
                async with asyncio.timeout(0.3):
                    move = json.loads(await ws.recv())
                if move["type"] == "move":
                    await ws.send(json.dumps(_over(int(move["seq"]) + 1)))
            except TimeoutError:
                pass
        await ws.close(then_close)

    return script


async def _against(script: Script, told: list[str] | None = None) -> int:
    """The bot (a random one) against ``script``, with short timeouts."""

    async def handler(ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):  # the bot may leave at any point
            await script(ws)

    async with serve(handler, "127.0.0.1", 0, max_size=None) as server:
        port = server.sockets[0].getsockname()[1]
        return await play(
            f"http://127.0.0.1:{port}/play/token",
            "random",
            say=(told if told is not None else []).append,
            attempts=2,
            connect_seconds=2,
            read_seconds=0.5,
        )


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tricktaking.web.remote_bot, "_RETRY_SECONDS", 0.01)


def _refused(script: Script) -> str:
    with pytest.raises(RemoteBotError) as refused:
        asyncio.run(asyncio.wait_for(_against(script), 20))
    message = str(refused.value)
    assert "\n" not in message and len(message) < 600, message
    return message


def test_a_true_server_is_played_to_the_end() -> None:
    told: list[str] = []
    assert asyncio.run(_against(_frames(WELCOME), told)) == 2
    assert told == ["the game is over (seq 2)"]


NESTED = "[" * 100_000 + "]" * 100_000  # 200,000 characters: under the frame limit

CASES: dict[str, tuple[Script, str]] = {
    "not JSON": (_frames("{not json"), "not JSON"),
    "an array": (_frames("[1,2,3]"), "not a JSON object"),
    "a number": (_frames("3"), "not a JSON object"),
    "null": (_frames("null"), "not a JSON object"),
    "a string": (_frames('"welcome"'), "not a JSON object"),
    "200,000 nested brackets": (_frames(NESTED), "nests deeper"),
    "deep objects": (_frames('{"a":' * 5000 + "1" + "}" * 5000), "nests deeper"),
    "a 5,000-digit seq": (_frames('{"type": "welcome", "seq": ' + "9" * 5000 + "}"), "digits"),
    "seq NaN": (_frames('{"type": "welcome", "seq": NaN}'), "not JSON"),
    "seq Infinity": (_frames('{"type": "welcome", "seq": Infinity}'), "not JSON"),
    "seq 1e999": (_frames('{"type": "welcome", "role": "seat", "seat": 1, "seq": 1e999}'), "'seq'"),
    "seq true": (_frames(_welcome(seq=True)), "'seq'"),
    "seq 1.5": (_frames(_welcome(seq=1.5)), "'seq'"),
    "seq -1": (_frames(_welcome(seq=-1)), "'seq'"),
    "a welcome missing seq": (_frames(_without("seq")), "'seq'"),
    "a welcome missing view": (_frames(_without("view")), "'view'"),
    "a welcome missing role": (_frames(_without("role")), "spectator"),
    "a welcome missing seat": (_frames(_without("seat")), "'seat'"),
    "a view missing phase": (_frames(_view_without("phase")), "does not read back"),
    "a view missing actor": (_frames(_view_without("actor")), "'actor'"),
    "a view missing legal_actions": (_frames(_view_without("legal_actions")), "'legal_actions"),
    "a view missing game": (_frames(_view_without("game")), "does not read back"),
    "view null": (_frames(_welcome(view=None)), "'view'"),
    "view a list": (_frames(_welcome(view=[1, 2])), "'view'"),
    "a binary frame": (_frames(b"\xff\xfe\x00"), "binary"),
    "a frame too large": (_frames("x" * (MAX_FRAME_BYTES + 1)), "over the bot's limit"),
    "a repeated key": (_frames('{"type": "welcome", "type": "event"}'), "repeated key"),
    "extra text": (_frames('{"type": "hint"} {"type": "hint"}'), "extra text"),
    "a lone surrogate": (_frames(json.dumps(_welcome(view=_view(game="\ud800")))), "read back"),
    "a spectator's link": (_frames(_welcome(role="spectator", seat=None)), "spectator"),
    "another seat's view": (_lie(seat=2), "the view of 2"),
    "a seat that is a string": (_frames(_welcome(seat="1")), "'seat'"),
    "another seat's action": (_lie(legal_actions=["2 bid 0"]), "seat 1 the action '2 bid 0'"),
    "a card in the bid phase": (_lie(legal_actions=["1 play 4H"]), "not one the engine gives"),
    "a card the seat does not hold": (
        _lie(phase="play", legal_actions=["1 play AS"]),
        "not one the engine gives",
    ),
    "a bid out of range": (_lie(legal_actions=["1 bid 7"]), "not one the engine gives"),
    "its turn with no legal action": (_lie(legal_actions=[]), "engine"),
    "a hand that is a number": (_lie(hand=3), "does not read back"),
    "a hand of non-cards": (_lie(hand=["ZZ"]), "does not read back"),
    "an unknown game": (_lie(game="poker"), "does not read back"),
    "a game that is not a string": (_lie(game=7), "does not read back"),
    "scores that lie": (_lie(scores=[5, 0, 0]), "not one the engine gives"),
    "an event before the welcome": (_frames(_over()), "before its welcome"),
    "a seq that goes back": (
        _frames(_welcome(view=_view(actor=0, legal_actions=[])), {**_over(), "seq": 0}),
        "went back",
    ),
    "a seat that changes": (
        _frames(WELCOME, _welcome(seat=2, view=_view(seat=2))),
        "moved the bot",
    ),
    "an error without a code": (_frames({"type": "error"}), "'code'"),
    "a link to no table": (
        _frames({"type": "error", "code": "not_found", "message": "no"}),
        "not_found",
    ),
    "a close 4404": (_frames(then_close=4404), "leads to no table"),
    "a close 4403": (_frames(then_close=4403), "origin or host"),
    "the type a number": (_frames({"type": 3}, then_close=4404), "leads to no table"),
    "a silent server": (_frames(then_close=None), "did not answer within"),
    "silent after a welcome of its turn": (
        _frames(WELCOME, then_close=None),
        "did not answer within",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_frame_is_a_typed_error_in_one_line(case: str) -> None:
    script, said = CASES[case]
    assert said in _refused(script)


def test_moves_refused_again_and_again_end_the_bot() -> None:
    async def script(ws: ServerConnection) -> None:
        while True:
            hello = json.loads(await ws.recv())
            if hello["type"] == "hello":
                await ws.send(json.dumps(WELCOME))
            else:
                refusal = {"type": "error", "code": "illegal", "message": "no\nway", "seq": 1}
                await ws.send(json.dumps(refusal))

    assert "refused 3 moves in a row" in _refused(script)


def test_a_refused_move_is_chosen_again_on_a_fresh_view() -> None:
    async def script(ws: ServerConnection) -> None:
        refused = False
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "hello":
                await ws.send(json.dumps(WELCOME))
            elif not refused:
                refused = True
                stale = {"type": "error", "code": "stale", "message": "the table moved", "seq": 1}
                await ws.send(json.dumps(stale))
            else:
                await ws.send(json.dumps(_over()))

    told: list[str] = []
    assert asyncio.run(asyncio.wait_for(_against(script, told), 20)) == 2
    assert told == ["refused: 'the table moved'", "the game is over (seq 2)"]


def test_a_server_that_never_answered_is_tried_a_bounded_number_of_times() -> None:
    told: list[str] = []
    link = f"http://127.0.0.1:{free_port()}/play/abc"
    with pytest.raises(RemoteBotError, match="never answered"):
        asyncio.run(play(link, say=told.append, attempts=3, connect_seconds=1))
    assert len(told) == 2 and all(line.endswith("retrying") for line in told)


def test_a_handshake_refused_with_an_http_error_is_not_retried() -> None:
    async def refuse(connection: ServerConnection, request: Request) -> Response:
        return Response(404, "Not Found", Headers(), b"no")

    async def run() -> int:
        async with serve(
            lambda ws: ws.wait_closed(), "127.0.0.1", 0, process_request=refuse
        ) as server:
            port = server.sockets[0].getsockname()[1]
            return await play(f"http://127.0.0.1:{port}/play/x", attempts=5)

    with pytest.raises(RemoteBotError, match="HTTP 404"):
        asyncio.run(run())


@pytest.mark.parametrize(
    "link", ["", "http://", "http://h/play/", "http://h:99999/play/x", "http://h:0/play/x"]
)
def test_a_link_that_is_not_a_seat_link_is_refused(link: str) -> None:
    with pytest.raises(RemoteBotError, match="not a table link"):
        asyncio.run(play(link))


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"kind": "nobody"}, "no 'nobody' bot"),
        ({"kind": ["random"]}, "a bot spec is a str"),
        ({"attempts": 0}, "attempts must be"),
        ({"attempts": True}, "attempts must be an int"),
        ({"connect_seconds": float("nan")}, "connect_seconds"),
        ({"read_seconds": -1}, "read_seconds"),
        ({"say": 3}, "say must be a function"),
    ],
)
def test_bad_arguments_are_typed_errors(arguments: dict[str, object], error: str) -> None:
    with pytest.raises(tt.TricktakingError, match=error):
        asyncio.run(play("http://127.0.0.1:1/play/x", **arguments))  # type: ignore[arg-type]


def test_the_bot_command_says_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", f"http://127.0.0.1:{free_port()}/play/abc"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: gave up on ") and error.count("\n") == 1


def _mutate(rng: random.Random, value: JSONValue, depth: int = 0) -> JSONValue:
    """``value`` with one random change somewhere inside."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        changed = dict(value)
        if rng.random() < 0.2:
            del changed[key]
        else:
            changed[key] = _mutate(rng, value[key], depth + 1)
        return changed
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        return [*value[:index], _mutate(rng, value[index], depth + 1), *value[index + 1 :]]
    hostile: list[JSONValue] = [
        None, True, 0, -1, 2**63, 1.5, "", "x", "\u0000", "1 bid 0", "2 bid 1", "1 play 4H",
        "AS", "over", [], {}, [None], {"seat": 1}, "chance", "\U0010ffff",
    ]  # fmt: skip
    return rng.choice(hostile)


def _text_mutation(rng: random.Random, text: str) -> str:
    cut = rng.randrange(len(text))
    match rng.randrange(3):
        case 0:
            return text[:cut]
        case 1:
            return text[:cut] + rng.choice(["{", "]", '"', "\\", ",", "NaN", "\x00"]) + text[cut:]
        case _:
            return text[:cut] + text[cut + 1 :]


def test_mutated_frames_end_the_game_or_the_bot_with_a_typed_error() -> None:
    rng = random.Random(33)
    outcomes = {"played": 0, "refused": 0, "more than one line": 0}
    for _ in range(120):
        message = cast("dict[str, JSONValue]", _mutate(rng, WELCOME))
        text = json.dumps(message)
        frames: list[Frame] = [_text_mutation(rng, text) if rng.random() < 0.3 else text]
        try:
            asyncio.run(asyncio.wait_for(_against(_frames(*frames)), 20))
            outcomes["played"] += 1
        except RemoteBotError as error:
            lines = str(error).count("\n") + 1
            outcomes["refused"] += 1
            outcomes["more than one line"] += lines > 1
    assert outcomes["played"] > 20 and outcomes["refused"] > 20, outcomes
    assert outcomes["more than one line"] == 0


def test_read_frame_reads_what_the_server_sends() -> None:
    assert read_frame(json.dumps(WELCOME)) == WELCOME
