"""A bot that plays a seat of a served table from another process, over the protocol only.

``tricktaking bot URL --bot ismcts`` opens the seat's link like any other client: a
WebSocket, ``hello``, then a ``move`` whenever the seat is to act. It knows nothing but
what the server sends that seat: each message's ``view`` is read back into the game's
view class (:func:`view_from_dict`, the inverse of ``view.to_dict()``) and handed to a
bot of :mod:`tricktaking.bots`, so any bot, or any program that speaks the protocol,
can sit at a table on another machine.

It trusts the server no more than the server trusts its clients. Every frame is read
with the library's bounded JSON reader (:func:`read_frame`, through
:func:`tricktaking.records.read_json`: at most
:data:`MAX_FRAME_BYTES`, nesting at most :data:`MAX_DEPTH` levels, numbers of at most 20
digits, no ``NaN``, no repeated key); a frame that is malformed, oversized, too deep or
that lies (a welcome without its ``seq``, a view of another seat, legal actions that are
not the view's, another seat's action) ends the bot with a :class:`RemoteBotError`,
one line, never a traceback. Before it acts, the bot checks that its view is one the
engine gives (:func:`~tricktaking.worlds.sample_world` finds a full state that gives
exactly that view, legal actions and phase included) and that every legal action is
its own seat's. A server that never answers is tried :data:`ATTEMPTS` times, each
connection within :data:`CONNECT_SECONDS`; one that accepts the socket but says
nothing for :data:`READ_SECONDS` after a ``hello`` or a ``move`` is given up on.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking.web.remote_bot import read_frame, socket_url, view_from_dict
    >>> state = tt.new_game(tt.WizardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> seen = tt.view(state, 1)
    >>> view_from_dict(seen.to_dict()) == seen
    True
    >>> socket_url("http://127.0.0.1:8000/play/abc")
    'ws://127.0.0.1:8000/ws/abc'
    >>> read_frame('{"type": "hint", "action": "1 bid 0", "seq": 1}')["action"]
    '1 bid 0'
"""

# pyright: strict
from __future__ import annotations

import asyncio
import enum
import json
import time
import types
import typing
from collections.abc import Callable, Mapping
from typing import Final, NoReturn, TypeVar, cast
from urllib.parse import urlsplit

import attrs
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

import tricktaking as tt
from tricktaking.actions import Deal, SeatAction
from tricktaking.arguments import callable_argument, count_argument, real_argument
from tricktaking.bots import bot_from_spec, check_bot_spec
from tricktaking.cards import Card
from tricktaking.engine import Action, PlayerView, game_of_view
from tricktaking.errors import RecordError, TricktakingError, safe_repr
from tricktaking.plugins import FORGED_VIEW_ERRORS
from tricktaking.records import read_json
from tricktaking.views import JSONValue, TableView
from tricktaking.worlds import InconsistentViewError, sample_world

__all__ = [
    "ATTEMPTS",
    "CONNECT_SECONDS",
    "MAX_DEPTH",
    "MAX_FRAME_BYTES",
    "READ_SECONDS",
    "RECONNECTS",
    "RemoteBotError",
    "play",
    "play_seat",
    "read_frame",
    "socket_url",
    "view_from_dict",
]

MAX_FRAME_BYTES: Final = 1024 * 1024
"""The largest frame the bot reads (a welcome with 200 missed events is about 60 KB)."""

MAX_DEPTH: Final = 32
"""The deepest nesting of a frame the bot reads (a view nests five levels)."""

CONNECT_SECONDS: Final = 10.0
"""How long one connection attempt (TCP and the WebSocket handshake) may take."""

READ_SECONDS: Final = 30.0
"""How long the server may take to answer a ``hello`` (its welcome) or a ``move``."""

ATTEMPTS: Final = 5
"""Connection attempts before giving up on a server that never answered at all."""

RECONNECTS: Final = 30
"""Attempts in a row to reconnect to a server that did answer, once it drops."""

REFUSALS: Final = 3
"""Moves refused in a row (``stale``, ``illegal``...) before the bot gives up."""

_RETRY_SECONDS: Final = 1.0
_CLOSE_REFUSED: Final = 1008  # policy violation: what the server sent breaks the protocol
_FATAL_CODES: Final = frozenset({"not_found", "version", "spectator", "forbidden", "malformed"})
_FATAL_CLOSES: Final = {
    1009: "the server sent a frame over the bot's limit",
    4029: "the server closed the socket: too many messages",
    4403: "the server refused this page's origin or host",
    4404: "the link leads to no table",
}


class RemoteBotError(TricktakingError, ValueError):
    """A link the bot cannot play, or a server that does not keep to the protocol.

    Example:
        >>> from tricktaking.web.remote_bot import RemoteBotError, socket_url
        >>> socket_url("ftp://host/play/x")
        Traceback (most recent call last):
        ...
        tricktaking.web.remote_bot.RemoteBotError: not a table link: 'ftp://host/play/x'
    """


def _refuse(what: str) -> NoReturn:
    raise RemoteBotError(what)


def socket_url(link: str) -> str:
    """The WebSocket address of a table link (``http(s)://host/play/TOKEN``).

    Raises:
        RemoteBotError: If ``link`` is not such a link.

    Example:
        >>> from tricktaking.web.remote_bot import socket_url
        >>> socket_url("https://cards.example/play/abc")
        'wss://cards.example/ws/abc'
    """
    if not isinstance(cast("object", link), str):
        raise RemoteBotError(f"a table link is a str, not {safe_repr(link)}")
    try:
        parts = urlsplit(link)
        port = parts.port
    except ValueError:
        raise RemoteBotError(f"not a table link: {safe_repr(link)}") from None
    path = parts.path.rstrip("/").split("/")
    shape = parts.scheme in ("http", "https") and parts.hostname and len(path) >= 3
    if not shape or path[-2] != "play" or not path[-1] or port == 0:
        raise RemoteBotError(f"not a table link: {safe_repr(link)}")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{'/'.join(path[:-2])}/ws/{path[-1]}"


def read_frame(text: str | bytes) -> dict[str, JSONValue]:
    """One server frame, read with the library's bounded JSON reader: a JSON object.

    Raises:
        RemoteBotError: If it is binary, over :data:`MAX_FRAME_BYTES`, not JSON, nested
            deeper than :data:`MAX_DEPTH`, has a number of more than 20 digits, ``NaN``
            or a repeated key, or is not an object.

    Example:
        >>> from tricktaking.web.remote_bot import read_frame
        >>> read_frame('{"type": "event", "seq": 3}')
        {'type': 'event', 'seq': 3}
        >>> read_frame("[1, 2, 3]")
        Traceback (most recent call last):
        ...
        tricktaking.web.remote_bot.RemoteBotError: the server sent a frame that is not a JSON object
        >>> read_frame('{"seq": NaN}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tricktaking.web.remote_bot.RemoteBotError: the server sent a frame that is not JSON (...)
    """
    if not isinstance(text, str):
        _refuse("the server sent a binary frame; the protocol's frames are text")
    if len(text) > MAX_FRAME_BYTES:
        _refuse(f"the server sent a frame over {MAX_FRAME_BYTES:,} bytes")
    try:
        value = read_json(text, max_depth=MAX_DEPTH, subject="the frame")
    except RecordError as error:
        raise RemoteBotError(f"the server sent a frame that is not JSON ({error})") from None
    if not isinstance(value, dict):
        _refuse("the server sent a frame that is not a JSON object")
    return cast("dict[str, JSONValue]", value)


class _Reader:
    """Reads JSON data back into the attrs types of one game's view."""

    def __init__(self, game: str) -> None:
        declared = tt.get_game(game)
        rules = declared.rules
        self.parse = rules.parse_action
        returned = declared.view_type or typing.get_type_hints(rules.view)["return"]
        self.view_type = cast("type", returned)
        attrs.resolve_types(self.view_type)
        self.phase: type[enum.Enum] | None = None
        for base in getattr(self.view_type, "__orig_bases__", ()):
            if typing.get_origin(base) is TableView:
                self.phase = cast("type[enum.Enum]", typing.get_args(base)[0])

    def view(self, data: Mapping[str, JSONValue]) -> PlayerView:
        return cast("PlayerView", self.instance(self.view_type, data))

    def instance(self, kind: type, data: Mapping[str, JSONValue]) -> object:
        attrs.resolve_types(kind)  # its annotations may be strings
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", kind))
        values = {
            field.alias: self.value(field.type, data[field.name])
            for field in fields
            if field.init and field.name in data
        }
        return kind(**values)

    def value(self, kind: object, data: JSONValue) -> object:
        if isinstance(kind, TypeVar):  # the view's phase or action type parameter
            if kind.__name__.startswith("_P") and self.phase is not None:
                return self.phase(data)
            return self.parse(str(data))
        origin = typing.get_origin(kind)
        arguments = typing.get_args(kind)
        if origin in (typing.Union, types.UnionType):
            if data is None:
                return None
            return self.value(next(arg for arg in arguments if arg is not type(None)), data)
        if origin is tuple:
            items = cast("list[JSONValue]", data)
            if len(arguments) == 2 and arguments[1] is Ellipsis:
                return tuple(self.value(arguments[0], item) for item in items)
            return tuple(self.value(arg, item) for arg, item in zip(arguments, items, strict=True))
        if kind is Card:
            return Card.parse(str(data))
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return kind(data)
        if isinstance(kind, type) and attrs.has(kind):
            if isinstance(data, str):  # an action, as its canonical token
                return self.parse(data)
            return self.instance(kind, cast("Mapping[str, JSONValue]", data))
        return data


# what reading a forged view's fields raises, and what a view nested too deep or a
# Union no member of which fits raises here
_UNREADABLE = (*FORGED_VIEW_ERRORS, RecursionError, StopIteration)


def view_from_dict(data: Mapping[str, JSONValue]) -> PlayerView:
    """The view whose ``to_dict()`` is ``data`` (the ``view`` of a seat's message).

    Raises:
        RemoteBotError: If ``data`` is not a seat's view of a registered game.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.remote_bot import view_from_dict
        >>> seen = tt.view(tt.new_game(tt.OneCardConfig(players=2)), 0)
        >>> view_from_dict(seen.to_dict()) == seen
        True
    """
    try:
        game = data["game"]
        if not isinstance(game, str):
            raise TypeError(f"'game' is {safe_repr(game)}")
        return _Reader(game).view(data)
    except _UNREADABLE as error:
        raise RemoteBotError(f"a view that does not read back: {safe_repr(str(error))}") from None


def _field(message: Mapping[str, JSONValue], key: str, kind: type, what: str) -> JSONValue:
    """``message[key]`` if it is of ``kind`` (an ``int`` never a ``bool``), else an error."""
    value = message.get(key)
    if type(value) is bool or not isinstance(value, kind):
        _refuse(f"the server sent {what} whose {key!r} is {safe_repr(value, 60)}")
    return value


def _seq(message: Mapping[str, JSONValue], what: str) -> int:
    seq = cast("int", _field(message, "seq", int, what))
    if seq < 0:
        _refuse(f"the server sent {what} whose 'seq' is {seq}")
    return seq


@attrs.define
class _Seat:
    """What the bot knows of its seat, across reconnections."""

    kind: str
    say: Callable[[str], None]
    seat: int | None = None
    seq: int = -1
    refusals: int = 0
    bots: dict[str, Callable[[PlayerView], Action]] = attrs.field(
        factory=dict[str, Callable[[PlayerView], Action]]
    )

    def decide(self, view: PlayerView) -> Action:
        game = game_of_view(view).name
        if game not in self.bots:
            self.bots[game] = bot_from_spec(self.kind, game, seed=view.seat).act
        return self.bots[game](view)

    def welcome(self, message: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
        """The view of a ``welcome``, once it is shown to be this seat's."""
        if message.get("role") != "seat":
            _refuse("the link is a spectator's: give the bot a seat's link")
        seat = cast("int", _field(message, "seat", int, "a welcome"))
        if self.seat is not None and seat != self.seat:
            _refuse(f"the server moved the bot from seat {self.seat} to seat {seat}")
        self.seat = seat
        return self.view(message, "a welcome")

    def view(self, message: Mapping[str, JSONValue], what: str) -> dict[str, JSONValue]:
        """The ``view`` of a welcome or an event, its ``seq`` taken on."""
        seq = _seq(message, what)
        if seq < self.seq:
            _refuse(f"the server's seq went back from {self.seq} to {seq}")
        self.seq = seq
        data = cast("dict[str, JSONValue]", _field(message, "view", dict, what))
        if data.get("seat") != self.seat:
            _refuse(f"the server sent seat {self.seat} the view of {safe_repr(data.get('seat'))}")
        return data

    def check(self, view: PlayerView) -> None:
        """Refuse a view the engine does not give, or legal actions of another seat."""
        for action in view.legal_actions:
            if isinstance(action, Deal) or cast("SeatAction", action).seat != self.seat:
                _refuse(f"the server offers seat {self.seat} the action {safe_repr(str(action))}")
        if game_of_view(view).worlds is None:
            return  # a game with no world model: the seat's own actions are all we can check
        try:
            sample_world(view, seed=0)
        except InconsistentViewError as error:
            raise RemoteBotError(
                f"the server's view is not one the engine gives ({error})"
            ) from None


async def _recv(ws: ClientConnection, deadline: float | None, seconds: float) -> str | bytes:
    """The next frame; by ``deadline`` (a ``time.monotonic()``), if there is one."""
    if deadline is None:
        return await ws.recv()
    try:
        async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
            return await ws.recv()
    except TimeoutError:
        raise RemoteBotError(f"the server did not answer within {seconds:g} s") from None


async def _session(ws: ClientConnection, seat: _Seat, read_seconds: float) -> int:
    """Play over one connection until the game is over; return its last ``seq``."""
    await ws.send(json.dumps({"type": "hello", "protocol": 1}))
    deadline: float | None = time.monotonic() + read_seconds  # the welcome is due
    welcomed = False
    moved_at: int | None = None  # the seq a move was sent at, until it is answered
    while True:
        message = read_frame(await _recv(ws, deadline, read_seconds))
        kind = message.get("type")
        if kind == "error":
            code = _field(message, "code", str, "an error")
            said = safe_repr(message.get("message"), 200)
            if code == "game_over":
                return seat.seq
            if code in _FATAL_CODES:
                _refuse(f"the server refused the bot ({code}): {said}")
            seat.refusals += 1
            if seat.refusals >= REFUSALS:
                _refuse(f"the server refused {seat.refusals} moves in a row; the last: {said}")
            seat.say(f"refused: {said}")
            await ws.send(json.dumps({"type": "hello", "protocol": 1}))  # a fresh view
            deadline, moved_at, welcomed = time.monotonic() + read_seconds, None, False
            continue
        if kind == "welcome":
            data = seat.welcome(message)
            welcomed = True
        elif kind == "event":
            if not welcomed:
                _refuse("the server sent an event before its welcome")
            data = seat.view(message, "an event")
            if message.get("actor") == seat.seat:
                seat.refusals = 0  # a move of ours was taken
        else:
            continue  # a hint, a rematch, a type a later version adds
        if moved_at is None or seat.seq > moved_at:
            deadline, moved_at = None, None  # the welcome, or the answer to the move, came
        view = view_from_dict(data)  # every view must read back, acted on or not
        if data.get("phase") == "over" or message.get("over") is True:
            return seat.seq
        if view.actor != seat.seat or moved_at is not None:
            continue
        seat.check(view)
        if not view.legal_actions:
            _refuse(f"the server says seat {seat.seat} is to act, with no legal action")
        action = await asyncio.to_thread(seat.decide, view)
        await ws.send(json.dumps({"type": "move", "action": str(action), "seq": seat.seq}))
        moved_at, deadline = seat.seq, time.monotonic() + read_seconds


def _closed(error: ConnectionClosed) -> str | None:
    """Why a dropped connection ends the bot, or ``None`` if it should reconnect."""
    for frame in (error.rcvd, error.sent):
        if frame is not None and frame.code in _FATAL_CLOSES:
            return _FATAL_CLOSES[frame.code]
    return None


async def play(
    link: str,
    kind: str = "heuristic",
    *,
    say: Callable[[str], None] = print,
    attempts: int = ATTEMPTS,
    connect_seconds: float = CONNECT_SECONDS,
    read_seconds: float = READ_SECONDS,
) -> int:
    """Play the seat of ``link`` with a ``kind`` bot until the game is over.

    Reconnects (at most :data:`RECONNECTS` times in a row) when a connection drops;
    returns the ``seq`` of the end.

    Args:
        link: The seat's link, ``http(s)://host:port/play/TOKEN``.
        kind: A bot spec (:func:`~tricktaking.bots.bot_from_spec`): a bot kind of
            :mod:`tricktaking.bots`, ``MODULE:CALLABLE`` or a model to seat
            (``text:MODULE:CALLABLE``, ``chat:MODULE:CALLABLE``).
        say: Where progress and refusals are told (one line each).
        attempts: Connection attempts while the server has never answered.
        connect_seconds: How long one connection attempt may take.
        read_seconds: How long the server may take to answer a ``hello`` or a move.

    Raises:
        RemoteBotError: If ``link`` is not a table link, the server stays unreachable
            or silent, or it sends what the protocol does not allow.
        ArgumentError: If ``kind`` names no bot or a number is out of bounds.

    Example:
        >>> import asyncio
        >>> from tricktaking.web.remote_bot import RemoteBotError, play
        >>> try:
        ...     asyncio.run(play("http://127.0.0.1:8000/replay/x"))
        ... except RemoteBotError as error:
        ...     print(error)
        not a table link: 'http://127.0.0.1:8000/replay/x'
    """
    address = socket_url(link)
    check_bot_spec(kind)
    callable_argument("say", say)
    tries = count_argument("attempts", attempts, high=1000)
    connecting = real_argument("connect_seconds", connect_seconds, low=0.0, low_open=True)
    reading = real_argument("read_seconds", read_seconds, low=0.0, low_open=True)
    seat = _Seat(kind, say)
    answered = False
    failures = 0
    while True:
        try:
            async with connect(
                address, open_timeout=connecting, max_size=MAX_FRAME_BYTES, close_timeout=1
            ) as ws:
                answered, failures = True, 0
                try:
                    end = await _session(ws, seat, reading)
                except RemoteBotError:
                    await ws.close(_CLOSE_REFUSED, "the bot refuses what the server sent")
                    raise
                say(f"the game is over (seq {end})")
                return end
        except ConnectionClosed as error:
            fatal = _closed(error)
            if fatal is not None:
                raise RemoteBotError(fatal) from None
            lost = f"connection lost ({error})"
        except InvalidStatus as error:
            status = error.response.status_code
            if 400 <= status < 500:
                raise RemoteBotError(f"{address} refused the socket (HTTP {status})") from None
            lost = f"{address} answered HTTP {status}"
        except InvalidURI as error:
            raise RemoteBotError(f"not a socket address: {error}") from None
        except (OSError, TimeoutError, InvalidHandshake) as error:
            said = " ".join(str(error).split())[:120] or type(error).__name__
            lost = f"no connection ({said})"
        failures += 1
        if failures >= (RECONNECTS if answered else tries):
            never = "" if answered else ", which never answered"
            raise RemoteBotError(f"gave up on {address}{never}: {lost}")
        say(f"{lost}; retrying")
        await asyncio.sleep(_RETRY_SECONDS * min(failures, 5))


def play_seat(link: str, kind: str, say: Callable[[str], None] = print) -> int:
    """``tricktaking bot URL --bot KIND``: play the seat, then return the exit status 0.

    Raises:
        RemoteBotError: As :func:`play` does.

    Example:
        >>> from tricktaking.web.remote_bot import play_seat
        >>> try:
        ...     play_seat("http://127.0.0.1:8000/lobby", "heuristic")
        ... except Exception as error:
        ...     print(error)
        not a table link: 'http://127.0.0.1:8000/lobby'
    """
    asyncio.run(play(link, kind, say=say))
    return 0
