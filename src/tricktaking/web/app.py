"""The ASGI application: the lobby, the table and replay pages, the JSON API and the socket.

Routes (all described on the protocol page):

- ``GET /`` the lobby; ``GET /play/{link}`` the table page of a seat or spectator link;
  ``GET /replay/{link}`` the replay viewer of a finished game; ``/static/...`` assets.
- ``GET /api/games``: games, their options, bot kinds and the server's capabilities.
- ``POST /api/tables``: create a table; answers the secret links.
- ``GET /api/replay/{link}``: the record and replay frames of a finished game.
- ``GET /api/review/{link}``: a finished game's review against perfect play
  (:mod:`tricktaking.analysis`), computed once in a worker process and kept.
- ``GET /api/record/{link}``: the record of what a seat saw (a seat link only).
- ``WS /ws/{link}``: the live protocol.

Example:
    >>> from tricktaking.web.app import create_app
    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app(bot_delay=0), "http://localhost") as client:
    ...     client.get("/api/games").json()["protocol"]
    1
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from collections import OrderedDict
from collections.abc import AsyncGenerator, Awaitable, Callable
from pathlib import Path
from typing import Final, cast

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import tricktaking as tt
from tricktaking.bots import BOT_KINDS
from tricktaking.errors import ConfigError
from tricktaking.views import JSONValue
from tricktaking.web.guard import Guard
from tricktaking.web.hub import Hub
from tricktaking.web.limits import Limits
from tricktaking.web.options import build_config, game_options, seat_count
from tricktaking.web.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    replay_frames,
)
from tricktaking.web.seat_record import seat_record_route
from tricktaking.web.sockets import Sockets, refuse_socket
from tricktaking.web.store import Store
from tricktaking.web.tables import HUMAN, Table, Tokens
from tricktaking.web.workers import Workers

__all__ = ["MAX_BODY_BYTES", "SECURITY_HEADERS", "create_app"]

MAX_BODY_BYTES = 16_384
"""The largest HTTP request body the API reads."""

STATIC = Path(__file__).with_name("static")


SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    ),
    (b"referrer-policy", b"no-referrer"),  # the secret links never leave in a Referer
    (b"x-content-type-options", b"nosniff"),
)
"""Headers added to every HTTP answer: only the server's own scripts, no framing."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in cast("list[tuple[bytes, bytes]]", scope.get("headers", [])):
        if key == name:
            return value.decode("latin-1")
    return None


class _SecurityHeaders:
    """ASGI middleware: a foreign ``Host`` is refused; every answer gets the headers."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not self.guard.host_allowed(_header(scope, b"host")):
            await refuse_socket(receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self.guard.host_allowed(_header(scope, b"host")):
            refusal = _error(421, "forbidden", "this server does not answer to that host name")
            await refusal(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


def _strings(value: object) -> bool:
    """Whether ``value`` is a list of strings."""
    items = cast("list[object]", value) if isinstance(value, list) else None
    return items is not None and all(isinstance(item, str) for item in items)


def _seat_range(game: str) -> dict[str, JSONValue]:
    """The seat counts ``game`` accepts, and the one the lobby suggests."""
    declared = tt.get_game(game)
    seats = declared.seat_range
    suggested = declared.default_players
    if suggested is None:
        try:
            suggested = seat_count(build_config(game, {}))
        except ConfigError:  # the configuration has no default number of players
            suggested = seats.start
    return {"min": seats.start, "max": seats.stop - 1, "default": suggested}


def _fixed_seats(game: str) -> int | None:
    """The seat count of a game that plays with one number of seats only, else ``None``."""
    seats = tt.get_game(game).seat_range
    return seats.start if len(seats) == 1 else None


def _links(table: Table, tokens: Tokens) -> dict[str, JSONValue]:
    seats: list[JSONValue] = [
        {
            "seat": seat,
            "name": table.names[seat],
            "kind": kind,
            "link": None if tokens.seats[seat] is None else f"/play/{tokens.seats[seat]}",
        }
        for seat, kind in enumerate(table.kinds)
    ]
    return {
        "table": table.id,
        "game": table.game,
        "seats": seats,
        "spectator": f"/play/{tokens.spectator}",
        "replay": f"/replay/{tokens.spectator}",
    }


async def _body(request: Request) -> object:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY_BYTES:
            raise ProtocolError("too_large", f"bodies are limited to {MAX_BODY_BYTES} bytes")
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("malformed", f"not JSON: {error}") from error


class _Handlers:
    """The routes' handlers around one hub (made when the app starts)."""

    def __init__(
        self, db: str | Path, bot_delay: float, limits: Limits, guard: Guard, processes: bool
    ) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.limits = limits
        self.guard = guard
        self.processes = processes
        self._hub: Hub | None = None
        self._workers: Workers | None = None
        self._reviews: OrderedDict[str, asyncio.Task[dict[str, object]]] = OrderedDict()
        self._games: tuple[tuple[str, ...], bytes] | None = None
        self.sockets = Sockets(lambda: self.hub, limits, guard)

    @property
    def hub(self) -> Hub:
        if self._hub is None:
            raise RuntimeError("the app has not started")
        return self._hub

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncGenerator[None]:
        workers = Workers(self.limits, processes=self.processes)
        self._workers = workers
        self._hub = Hub(
            Store(self.db), bot_delay=self.bot_delay, limits=self.limits, workers=workers
        )
        self._hub.resume()
        try:
            yield
        finally:
            for task in self._reviews.values():
                task.cancel()
            self._reviews.clear()
            await self._hub.close()
            self._hub = None
            self._workers = None

    def page(self, name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve_page(request: Request) -> Response:
            link = request.path_params.get("link")
            if link is not None and self.hub.find(str(link)) is None:
                return Response("This link leads to no table.", status_code=404)
            return FileResponse(STATIC / f"{name}.html")

        return serve_page

    async def games(self, request: Request) -> Response:
        names = tt.available_games()
        if self._games is None or self._games[0] != names:  # built once per set of games
            self._games = (names, self._catalogue())
        return Response(self._games[1], media_type="application/json")

    def _catalogue(self) -> bytes:
        return bytes(
            JSONResponse(
                {
                    "protocol": PROTOCOL_VERSION,
                    "capabilities": {"hint": self.hub.can_hint},
                    "seat_kinds": [HUMAN, *BOT_KINDS],
                    "games": [
                        {
                            "name": name,
                            "title": tt.get_game(name).title,
                            "options": game_options(name),
                            "seats": _fixed_seats(name),
                            "seat_range": _seat_range(name),
                        }
                        for name in tt.available_games()
                    ],
                }
            ).body
        )

    async def create(self, request: Request) -> Response:
        if not self.guard.change_allowed(request.scope):
            return _error(403, "forbidden", "tables are opened from this server's own pages")
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return _error(415, "malformed", "the body must be application/json")
        try:
            body = await _body(request)
        except ProtocolError as error:
            return _error(413 if error.code == "too_large" else 400, error.code, str(error))
        if not isinstance(body, dict):
            return _error(400, "malformed", "the body must be a JSON object")
        fields = cast("dict[str, object]", body)
        if self.guard.secret is not None:
            given = request.headers.get("x-table-secret") or fields.get("secret")
            if not isinstance(given, str) or not hmac.compare_digest(
                given.encode("utf-8", "replace"), self.guard.secret.encode()
            ):
                return _error(403, "forbidden", "this server needs its table secret")
        game, options = fields.get("game"), fields.get("options", {})
        kinds, names, seed = fields.get("seats"), fields.get("names"), fields.get("seed")
        if not isinstance(game, str) or game not in tt.available_games():
            return _error(400, "bad_field", f"'game' must be one of {tt.available_games()}")
        if not isinstance(options, dict):
            return _error(400, "bad_field", "'options' must be an object")
        if not _strings(kinds):
            return _error(400, "bad_field", "'seats' must be a list of seat kinds")
        if names is not None and not _strings(names):
            return _error(400, "bad_field", "'names' must be a list of strings")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            return _error(400, "bad_field", "'seed' must be a non-negative integer")
        try:
            table = self.hub.create(
                game,
                cast("dict[str, object]", options),
                cast("list[str]", kinds),
                names=cast("list[str] | None", names),
                seed=seed,
                address=self.guard.client_address(request.scope),
            )
        except ConfigError as error:
            return _error(400, "bad_field", str(error))
        except ProtocolError as error:  # too many tables
            return _error(429, error.code, str(error))
        assert table.tokens is not None  # a table just opened knows its tokens
        return JSONResponse(_links(table, table.tokens), status_code=201)

    def _finished(self, request: Request, what: str) -> Table | Response:
        """The finished table of the request's link, or the refusal to answer."""
        link = self.hub.find(str(request.path_params["link"]))
        if link is None:
            return _error(404, "not_found", "this link leads to no table")
        if not link.table.over:
            return _error(409, "not_over", f"the {what} opens when the game is over")
        return link.table

    async def replay(self, request: Request) -> Response:
        table = self._finished(request, "replay")
        if isinstance(table, Response):
            return table
        record = table.record()
        return JSONResponse(
            {
                "table": table.id,
                "game": table.game,
                "title": tt.get_game(table.game).title,
                "record": record.to_json(),
                "frames": replay_frames(list(record.states())),
            }
        )

    async def review(self, request: Request) -> Response:
        table = self._finished(request, "review")
        if isinstance(table, Response):
            return table
        task = self._reviews.get(table.id)
        if task is None:
            pending = sum(not task.done() for task in self._reviews.values())
            if pending >= self.limits.review_backlog:
                return _error(429, "rate_limited", "the server is busy with other reviews")
            assert self._workers is not None  # made with the hub, when the app starts
            task = asyncio.ensure_future(self._workers.review(table.record()))
            self._reviews[table.id] = task
            while len(self._reviews) > self.limits.review_cache:  # the oldest goes first
                self._reviews.popitem(last=False)
        self._reviews.move_to_end(table.id)
        try:
            review = await asyncio.shield(task)
        except ImportError:
            self._reviews.pop(table.id, None)
            return _error(501, "unsupported", "this server cannot review games (no batch extra)")
        except BaseException:
            self._reviews.pop(table.id, None)  # a later request tries again
            raise
        return JSONResponse({"table": table.id, "game": table.game, "review": review})


def create_app(
    db: str | Path = ":memory:",
    *,
    bot_delay: float = 0.4,
    limits: Limits | None = None,
    guard: Guard | None = None,
    processes: bool = True,
) -> Starlette:
    """The web table's ASGI application, keeping its tables in the SQLite file ``db``.

    Open tables stored in ``db`` are resumed at their last accepted action when the app
    starts (its lifespan), and their bots carry on.

    Args:
        db: The SQLite database file, or ``":memory:"``.
        bot_delay: Seconds before each bot move or deal, so that people can follow.
        limits: The server's bounds (:class:`~tricktaking.web.limits.Limits`).
        guard: The allowed host names and the table secret (loopback names, no secret).
        processes: Whether searches run in worker processes (else in threads: tests).

    Example:
        >>> from tricktaking.web.app import create_app
        >>> from starlette.testclient import TestClient
        >>> with TestClient(create_app(bot_delay=0), "http://localhost") as client:
        ...     client.get("/").status_code, client.get("/play/guess").status_code
        (200, 404)
    """
    handlers = _Handlers(db, bot_delay, limits or Limits(), guard or Guard(), processes)
    routes = [
        Route("/", handlers.page("lobby")),
        Route("/api/games", handlers.games),
        Route("/api/tables", handlers.create, methods=["POST"]),
        Route("/api/replay/{link}", handlers.replay),
        Route("/api/review/{link}", handlers.review),
        # the hub exists once the app has started, so it is looked up on each request
        Route("/api/record/{link}", seat_record_route(lambda token: handlers.hub.find(token))),  # noqa: PLW0108
        Route("/play/{link}", handlers.page("table")),
        Route("/replay/{link}", handlers.page("replay")),
        WebSocketRoute("/ws/{link}", handlers.sockets.serve),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=handlers.lifespan,
        middleware=[Middleware(_SecurityHeaders, guard=handlers.guard)],
    )
    app.state.sockets = handlers.sockets  # a stopping server closes them first (server.py)
    return app
