"""A bot that plays a seat of a served table from another process, over the protocol only.

``tricktaking bot URL --bot ismcts`` opens the seat's link like any other client: a
WebSocket, ``hello``, then a ``move`` whenever the seat is to act. It knows nothing but
what the server sends that seat: each message's ``view`` is read back into the game's
view class (:func:`view_from_dict`, the inverse of ``view.to_dict()``) and handed to a
bot of :mod:`tricktaking.bots`, so any bot, or any program that speaks the protocol,
can sit at a table on another machine.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking.web.remote_bot import socket_url, view_from_dict
    >>> state = tt.new_game(tt.WizardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> seen = tt.view(state, 1)
    >>> view_from_dict(seen.to_dict()) == seen
    True
    >>> socket_url("http://127.0.0.1:8000/play/abc")
    'ws://127.0.0.1:8000/ws/abc'
"""

# pyright: strict
from __future__ import annotations

import asyncio
import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Final, TypeVar, cast
from urllib.parse import urlsplit

import attrs
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import tricktaking as tt
from tricktaking.bots import make_bot
from tricktaking.cards import Card
from tricktaking.engine import Action, PlayerView
from tricktaking.errors import TricktakingError
from tricktaking.views import JSONValue, TableView

__all__ = ["RemoteBotError", "play", "play_seat", "socket_url", "view_from_dict"]

_RETRY_SECONDS: Final = 1.0
_RETRIES: Final = 30


class RemoteBotError(TricktakingError, ValueError):
    """A link that is not a seat link, or a view that does not read back.

    Example:
        >>> from tricktaking.web.remote_bot import RemoteBotError, socket_url
        >>> socket_url("ftp://host/play/x")
        Traceback (most recent call last):
        ...
        tricktaking.web.remote_bot.RemoteBotError: not a table link: 'ftp://host/play/x'
    """


def socket_url(link: str) -> str:
    """The WebSocket address of a table link (``http(s)://host/play/TOKEN``).

    Raises:
        RemoteBotError: If ``link`` is not such a link.

    Example:
        >>> from tricktaking.web.remote_bot import socket_url
        >>> socket_url("https://cards.example/play/abc")
        'wss://cards.example/ws/abc'
    """
    parts = urlsplit(link)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 3 or path[-2] != "play":
        raise RemoteBotError(f"not a table link: {link!r}")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{'/'.join(path[:-2])}/ws/{path[-1]}"


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
        return _Reader(str(data["game"])).view(data)
    except (KeyError, TypeError, ValueError, StopIteration) as error:
        raise RemoteBotError(f"a view that does not read back: {error}") from error


async def _turns(
    ws: ClientConnection, decide: Callable[[str, PlayerView], Action], say: Callable[[str], None]
) -> int | None:
    """Play until the game is over (return the last ``seq``) or the socket drops (``None``)."""
    seq: int | None = None
    async for frame in ws:
        message = cast("dict[str, JSONValue]", json.loads(frame))
        kind = message.get("type")
        if kind == "error":
            say(f"refused: {message.get('message')}")
            continue
        if kind not in ("welcome", "event"):
            continue
        seq = cast("int", message["seq"])
        data = cast("dict[str, JSONValue]", message["view"])
        if data["phase"] == "over":
            return seq
        if data["actor"] == data["seat"] and data["legal_actions"]:
            view = view_from_dict(data)
            action = await asyncio.to_thread(decide, str(data["game"]), view)
            await ws.send(json.dumps({"type": "move", "action": str(action), "seq": seq}))
    return None


async def play(link: str, kind: str = "heuristic", *, say: Callable[[str], None] = print) -> int:
    """Play the seat of ``link`` with a ``kind`` bot until the game is over.

    Reconnects (resuming from its last ``seq``) when the connection drops; returns the
    ``seq`` of the end.

    Raises:
        RemoteBotError: If ``link`` is not a table link or the server stays unreachable.
        ValueError: If ``kind`` is not a bot kind.

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
    bots: dict[str, Callable[[PlayerView], Action]] = {}

    def decide(game: str, view: PlayerView) -> Action:
        if game not in bots:
            bots[game] = make_bot(kind, game, seed=view.seat).act
        return bots[game](view)

    for _ in range(_RETRIES):
        try:
            async with connect(address, open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": 1}))
                end = await _turns(ws, decide, say)
                if end is not None:
                    say(f"the game is over (seq {end})")
                    return end
        except (OSError, ConnectionClosed, TimeoutError) as error:
            say(f"connection lost ({error}); retrying")
        await asyncio.sleep(_RETRY_SECONDS)
    raise RemoteBotError(f"no answer from {address}")


def play_seat(link: str, kind: str, say: Callable[[str], None] = print) -> int:
    """``tricktaking bot URL --bot KIND``: play the seat, then return the exit status 0.

    Example:
        >>> from tricktaking.web.remote_bot import play_seat
        >>> callable(play_seat)
        True
    """
    asyncio.run(play(link, kind, say=say))
    return 0
