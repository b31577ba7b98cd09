"""The ASGI application: the lobby, the table and replay pages, the JSON API and the socket.

Routes (all described on the protocol page):

- ``GET /`` the lobby; ``GET /play/{link}`` the table page of a seat or spectator link;
  ``GET /replay/{link}`` the replay viewer of a finished game; ``/static/...`` assets.
- ``GET /api/games``: games, their options, bot kinds and the server's capabilities.
- ``POST /api/tables``: create a table; answers the secret links.
- ``GET /api/replay/{link}``: the record and replay frames of a finished game.
- ``WS /ws/{link}``: the live protocol.

Example:
    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app(":memory:", bot_delay=0)) as client:
    ...     client.get("/api/games").json()["protocol"]
    1
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import cast

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import tricktaking as tt
from tricktaking import records
from tricktaking.bots import BOT_KINDS
from tricktaking.errors import ConfigError
from tricktaking.views import JSONValue
from tricktaking.web.hub import Hub, Link
from tricktaking.web.options import build_config, game_options, seat_count
from tricktaking.web.protocol import (
    PROTOCOL_VERSION,
    Hello,
    Hint,
    Move,
    ProtocolError,
    parse_client_message,
    replay_frames,
)
from tricktaking.web.store import Store
from tricktaking.web.tables import HUMAN, Table

__all__ = ["MAX_BODY_BYTES", "create_app"]

MAX_BODY_BYTES = 16_384
"""The largest HTTP request body the API reads."""

STATIC = Path(__file__).with_name("static")


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


class _Socket:
    """A WebSocket as a protocol client."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket

    async def send(self, message: dict[str, JSONValue]) -> None:
        await self.socket.send_text(json.dumps(message))


def _fixed_seats(game: str) -> int | None:
    """The seat count of a game whose default configuration fixes it, else ``None``."""
    try:
        return seat_count(build_config(game, {}))
    except ConfigError:
        return None


def _links(table: Table) -> dict[str, JSONValue]:
    seats: list[JSONValue] = [
        {
            "seat": seat,
            "name": table.names[seat],
            "kind": kind,
            "link": None if table.links[seat] is None else f"/play/{table.links[seat]}",
        }
        for seat, kind in enumerate(table.kinds)
    ]
    return {
        "table": table.id,
        "game": table.game,
        "seats": seats,
        "spectator": f"/play/{table.spectator}",
        "replay": f"/replay/{table.spectator}",
    }


async def _body(request: Request) -> object:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY_BYTES:
            raise ProtocolError("too_large", f"bodies are limited to {MAX_BODY_BYTES} bytes")
    try:
        return json.loads(data)
    except ValueError as error:
        raise ProtocolError("malformed", f"not JSON: {error}") from error


def create_app(db: str | Path = ":memory:", *, bot_delay: float = 0.4) -> Starlette:
    """The web table's ASGI application, keeping its tables in the SQLite file ``db``.

    Tables stored in ``db`` are resumed at their last accepted action when the app
    starts (its lifespan), and their bots carry on.

    Args:
        db: The SQLite database file, or ``":memory:"``.
        bot_delay: Seconds before each bot move or deal, so that people can follow.
    """
    hub_box: list[Hub] = []

    def hub() -> Hub:
        return hub_box[0]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub_box.append(Hub(Store(db), bot_delay=bot_delay))
        hub().resume()
        app.state.hub = hub()
        try:
            yield
        finally:
            await hub().close()
            hub_box.clear()

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve_page(request: Request) -> Response:
            link = request.path_params.get("link")
            if link is not None and hub().find(str(link)) is None:
                return Response("This link leads to no table.", status_code=404)
            return FileResponse(STATIC / f"{name}.html")

        return serve_page

    async def games(request: Request) -> Response:
        return JSONResponse(
            {
                "protocol": PROTOCOL_VERSION,
                "capabilities": {"hint": hub().can_hint},
                "seat_kinds": [HUMAN, *BOT_KINDS],
                "games": [
                    {
                        "name": name,
                        "title": tt.get_game(name).title,
                        "options": game_options(name),
                        "seats": _fixed_seats(name),
                    }
                    for name in tt.available_games()
                ],
            }
        )

    async def create(request: Request) -> Response:
        try:
            body = await _body(request)
        except ProtocolError as error:
            return _error(413 if error.code == "too_large" else 400, error.code, str(error))
        if not isinstance(body, dict):
            return _error(400, "malformed", "the body must be a JSON object")
        fields = cast("dict[str, object]", body)
        game, options = fields.get("game"), fields.get("options", {})
        kinds, names, seed = fields.get("seats"), fields.get("names"), fields.get("seed")
        if not isinstance(game, str) or game not in tt.available_games():
            return _error(400, "bad_field", f"'game' must be one of {tt.available_games()}")
        if not isinstance(options, dict):
            return _error(400, "bad_field", "'options' must be an object")
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            return _error(400, "bad_field", "'seats' must be a list of seat kinds")
        if names is not None and not (
            isinstance(names, list) and all(isinstance(n, str) for n in names)
        ):
            return _error(400, "bad_field", "'names' must be a list of strings")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            return _error(400, "bad_field", "'seed' must be a non-negative integer")
        try:
            table = hub().create(
                game,
                cast("dict[str, object]", options),
                cast("list[str]", kinds),
                names=cast("list[str] | None", names),
                seed=seed,
            )
        except ConfigError as error:
            return _error(400, "bad_field", str(error))
        return JSONResponse(_links(table), status_code=201)

    async def replay(request: Request) -> Response:
        link = hub().find(str(request.path_params["link"]))
        if link is None:
            return _error(404, "not_found", "this link leads to no table")
        table = link.table
        if not table.over:
            return _error(409, "not_over", "the replay opens when the game is over")
        record = records.loads(table.record_text())
        return JSONResponse(
            {
                "table": table.id,
                "game": table.game,
                "title": tt.get_game(table.game).title,
                "record": record.to_json(),
                "frames": replay_frames(list(record.states())),
            }
        )

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        client = _Socket(websocket)
        link = hub().find(str(websocket.path_params["link"]))
        if link is None:
            refusal = ProtocolError("not_found", "this link leads to no table")
            await client.send(refusal.to_message(None))
            await websocket.close(code=4404)
            return
        joined = False
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                joined = await _handle(link, client, frame, joined)
        except WebSocketDisconnect:
            pass
        finally:
            hub().leave(link, client)

    async def _handle(
        link: Link, client: _Socket, frame: dict[str, object], joined: bool
    ) -> bool:
        text = frame.get("text")
        raw = text if isinstance(text, str) else frame.get("bytes")
        try:
            if not isinstance(raw, (str, bytes)):
                raise ProtocolError("malformed", "empty frame")
            message = parse_client_message(raw)
            match message:
                case Hello(since=since):
                    await hub().join(link, client, since)
                    return True
                case _ if not joined:
                    raise ProtocolError("hello_first", "send hello first")
                case Move(action=token, seq=seq):
                    await hub().move(link, token, seq)
                case Hint():
                    token = await hub().hint(link)
                    await client.send({"type": "hint", "action": token, "seq": link.table.seq})
        except ProtocolError as error:
            await client.send(error.to_message(link.table.seq))
        return joined

    routes = [
        Route("/", page("lobby")),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/replay/{link}", replay),
        Route("/play/{link}", page("table")),
        Route("/replay/{link}", page("replay")),
        WebSocketRoute("/ws/{link}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
