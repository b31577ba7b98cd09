"""The live side of the server: tables in memory, their clients, bots and persistence.

The :class:`Hub` is the only place that changes a table. Each change happens under the
table's lock in this order: check, apply, commit to the store, then tell every client
its own version of the event. Bots and deals are driven by one task per table.

Example:
    >>> import asyncio
    >>> import tricktaking as tt
    >>> from tricktaking.web.store import Store
    >>> async def demo() -> int:
    ...     hub = Hub(Store(":memory:"), bot_delay=0)
    ...     table = hub.create("one-card", {"players": 2}, ["random", "random"], seed=1)
    ...     await hub.idle(table)
    ...     return table.seq
    >>> asyncio.run(demo()) > 10
    True
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, cast, runtime_checkable

import attrs

import tricktaking as tt
from tricktaking.engine import Action, GameState, PlayerView
from tricktaking.views import JSONValue
from tricktaking.web.options import build_config
from tricktaking.web.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    action_for,
    event_message,
    public_view,
    seat_view,
)
from tricktaking.web.store import Store
from tricktaking.web.tables import Table

__all__ = ["MAX_MISSED_EVENTS", "Client", "Hub", "Link", "suggester"]

MAX_MISSED_EVENTS = 200
"""The most missed events a ``welcome`` lists; a client further behind just redraws."""


@runtime_checkable
class Client(Protocol):
    """Something that can receive protocol messages (a WebSocket, or a test double).

    Example:
        >>> class Printer:
        ...     async def send(self, message: dict[str, JSONValue]) -> None:
        ...         print(message["type"])
        >>> isinstance(Printer(), Client)
        True
    """

    async def send(self, message: dict[str, JSONValue]) -> None:
        """Send one message; raise if the client is gone."""
        ...


@attrs.frozen
class Link:
    """Where a secret link leads: a table and a seat (``None`` for the spectator link).

    Example:
        >>> import tricktaking as tt
        >>> table = Table.create(tt.OneCardConfig(players=2), ["human", "random"])
        >>> Link(table, None).seat is None
        True
    """

    table: Table
    seat: int | None


def suggester() -> Callable[[PlayerView], object] | None:
    """``tricktaking.bots.suggest`` if this version of the library has it, else ``None``.

    Example:
        >>> suggester() is None or callable(suggester())
        True
    """
    found = getattr(importlib.import_module("tricktaking.bots"), "suggest", None)
    return cast("Callable[[PlayerView], object] | None", found if callable(found) else None)


class Hub:
    """The tables of one server.

    Args:
        store: Where every accepted action is committed before anyone hears of it.
        bot_delay: Seconds to wait before each deal or bot move (0 in tests).

    Example:
        >>> hub = Hub(Store(":memory:"), bot_delay=0)
        >>> hub.find("no such link") is None, hub.tables
        (True, {})
    """

    def __init__(self, store: Store, *, bot_delay: float = 0.4) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._links: dict[str, Link] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._clients: dict[str, dict[Client, int | None]] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._suggest = suggester()
        self._closing = False

    @property
    def can_hint(self) -> bool:
        """Whether the server can suggest moves (the ``hint`` capability)."""
        return self._suggest is not None

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self._locks[table.id] = asyncio.Lock()
        self._clients[table.id] = {}
        self._links[table.spectator] = Link(table, None)
        for seat, link in enumerate(table.links):
            if link is not None:
                self._links[link] = Link(table, seat)

    def resume(self) -> int:
        """Load every stored table and restart its bots; return how many there are."""
        for table in self.store.load_all():
            self._add(table)
            self._wake(table)
        return len(self.tables)

    def create(
        self,
        game: str,
        options: Mapping[str, object],
        kinds: Sequence[str],
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> Table:
        """Open a new table, store it and start its bots.

        Raises:
            KeyError: If the game is unknown.
            ConfigError: If the options or the seats are invalid.
        """
        table = Table.create(build_config(game, options), kinds, names=names, seed=seed)
        self.store.save(table)
        self._add(table)
        self._wake(table)
        return table

    def find(self, link: str) -> Link | None:
        """The table and seat behind a secret link token, or ``None``."""
        return self._links.get(link)

    def _wake(self, table: Table) -> None:
        runner = self._runners.get(table.id)
        if runner is None or runner.done():
            self._runners[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    async def idle(self, table: Table) -> None:
        """Wait until the table's bots and deals have moved as far as they can."""
        while (runner := self._runners.get(table.id)) is not None and not runner.done():
            await runner

    async def close(self) -> None:
        """Stop the bots (their moves so far are stored) and close the store."""
        self._closing = True
        for runner in self._runners.values():
            runner.cancel()
        for runner in self._runners.values():
            with contextlib.suppress(asyncio.CancelledError):
                await runner
        self.store.close()

    async def _run(self, table: Table) -> None:
        while not self._closing:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self._locks[table.id]:
                action = table.automatic_action()
                if action is None:
                    return
                await self._commit(table, action)
            await asyncio.sleep(0)

    async def _commit(self, table: Table, action: Action) -> None:
        before = table.accept(action)
        try:
            self.store.save(table)
        except Exception:
            table.state = before  # not stored, so not accepted
            raise
        await self._broadcast(table, before, action)

    async def _broadcast(self, table: Table, before: GameState[object], action: Action) -> None:
        clients = self._clients[table.id]
        messages: dict[int | None, dict[str, JSONValue]] = {}
        for client, seat in list(clients.items()):
            if seat not in messages:
                messages[seat] = event_message(before, action, table.state, seat)
            await self._send(table, client, messages[seat])

    async def _send(self, table: Table, client: Client, message: dict[str, JSONValue]) -> None:
        try:
            async with asyncio.timeout(10):  # unlike wait_for, never swallows a cancel
                await client.send(message)
        except Exception:  # a client that cannot be reached is dropped; it may reconnect
            self._clients[table.id].pop(client, None)

    def leave(self, link: Link, client: Client) -> None:
        """Forget a disconnected client."""
        self._clients[link.table.id].pop(client, None)

    def welcome(self, link: Link, since: int | None) -> dict[str, JSONValue]:
        """The ``welcome`` message for a client of ``link`` that has seen up to ``since``."""
        table = link.table
        state = table.state
        seq = table.seq
        events: list[JSONValue] = []
        if since is not None and 0 <= since < seq and seq - since <= MAX_MISSED_EVENTS:
            actions = state.history.to_tuple()[since:]
            events = [
                {"seq": since + 1 + index, "action": action_for(state, action, link.seat)}
                for index, action in enumerate(actions)
            ]
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table": table.id,
            "game": table.game,
            "title": tt.get_game(table.game).title,
            "role": "spectator" if link.seat is None else "seat",
            "seat": link.seat,
            "seats": [
                {"seat": seat, "name": name, "kind": kind}
                for seat, (name, kind) in enumerate(zip(table.names, table.kinds, strict=True))
            ],
            "capabilities": {"hint": self.can_hint},
            "seq": seq,
            "events": events,
            "over": table.over,
            "view": public_view(state) if link.seat is None else seat_view(state, link.seat),
        }

    async def join(self, link: Link, client: Client, since: int | None) -> None:
        """Send the ``welcome`` and subscribe the client to the table's events."""
        async with self._locks[link.table.id]:
            await client.send(self.welcome(link, since))
            self._clients[link.table.id][client] = link.seat

    async def move(self, link: Link, token: str, seq: int | None) -> None:
        """Play a seat's move: check it, apply it, commit it, then tell everyone.

        Raises:
            ProtocolError: If the move is refused; nothing has changed then.
        """
        if link.seat is None:
            raise ProtocolError("spectator", "a spectator link cannot move")
        table = link.table
        async with self._locks[table.id]:
            action = table.human_action(link.seat, token, seq)
            await self._commit(table, action)
        self._wake(table)

    async def hint(self, link: Link) -> str:
        """The suggested move for the link's seat, as a canonical token.

        Raises:
            ProtocolError: ``unsupported`` without a suggest API, ``spectator`` or
                ``not_your_turn``.
        """
        if self._suggest is None:
            raise ProtocolError("unsupported", "this server has no hints")
        if link.seat is None:
            raise ProtocolError("spectator", "a spectator link has no hints")
        table = link.table
        if tt.actor(table.state) != link.seat:
            raise ProtocolError("not_your_turn", f"it is not seat {link.seat}'s turn")
        seen = tt.view(table.state, link.seat)
        suggest = self._suggest
        result = await asyncio.to_thread(suggest, seen)
        # suggest ranks the legal actions, best first: (Suggestion(action, value, visits), ...)
        best: object = result
        if isinstance(best, (tuple, list)):
            ranked = cast("Sequence[object]", best)
            if not ranked:
                raise ProtocolError("unsupported", "no suggestion for this position")
            best = ranked[0]
        return str(getattr(best, "action", best))
