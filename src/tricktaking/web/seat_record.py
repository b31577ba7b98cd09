"""``GET /api/record/{link}``: the record of what a seat saw, for its player to download.

A seat's link answers its perspective record (:func:`tricktaking.records.dumps` with
``seat=``): its own cards, every public action, the cards played as they were revealed,
and nothing any other seat holds, during the game or after it. The spectator link, which
has no seat, answers ``404 no_seat``. The record is written off the event loop.

Example:
    >>> from tricktaking.web.seat_record import seat_record_route
    >>> callable(seat_record_route(lambda token: None))
    True
"""

# pyright: strict
from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tricktaking import records
from tricktaking.web.hub import Link

__all__ = ["file_name", "seat_record_route"]


def file_name(game: str, table: int | str, seat: int) -> str:
    """The name a downloaded record is saved under.

    Example:
        >>> from tricktaking.web.seat_record import file_name
        >>> file_name("oh-hell", 3, 0)
        'oh-hell-table-3-seat-0.json'
    """
    return f"{game}-table-{table}-seat-{seat}.json"


def seat_record_route(
    find: Callable[[str], Link | None],
) -> Callable[[Request], Awaitable[Response]]:
    """The route of ``GET /api/record/{link}``, finding links with ``find``.

    Example:
        >>> from tricktaking.web.seat_record import seat_record_route
        >>> callable(seat_record_route(lambda token: None))
        True
    """

    async def seat_record(request: Request) -> Response:
        link = find(str(request.path_params["link"]))
        if link is None:
            return JSONResponse(
                {"type": "error", "code": "not_found", "message": "this link leads to no table"},
                status_code=404,
            )
        seat = link.seat
        if seat is None:
            return JSONResponse(
                {
                    "type": "error",
                    "code": "no_seat",
                    "message": "a spectator link has no seat: its game is in the replay",
                },
                status_code=404,
            )
        table = link.table
        state, names = table.state, table.names
        text = await run_in_threadpool(records.dumps, state, seat=seat, seats=names, indent=1)
        name = file_name(table.game, table.id, seat)
        return Response(
            text,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    return seat_record
