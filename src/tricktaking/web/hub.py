"""The live side of the server: tables in memory, their clients, bots and persistence.

The :class:`Hub` is the only place that changes a table. A change is checked and
applied once, appended to the store, then told to every client: all without waiting,
so nothing is ever sent (or awaited) while a table's lock is held. Each client has its
own :class:`~tricktaking.web.outbox.Outbox`; one that cannot keep up is dropped alone.
Bots decide in :class:`~tricktaking.web.workers.Workers`, off the event loop, while no
lock is held; a decision is taken on only if the table has not moved meanwhile.

Open tables are bounded (in all and per client address); an open table that waits
longer than ``idle_seconds`` expires, and a finished one leaves memory after
``finished_seconds`` (its links still open its replay, read back from the store).

Example:
    >>> from tricktaking.web.hub import Hub
    >>> import asyncio
    >>> from tricktaking.web.store import Store
    >>> async def demo() -> int:
    ...     hub = Hub(Store(":memory:"), bot_delay=0)
    ...     table = hub.create("one-card", {"players": 2}, ["random", "random"], seed=1)
    ...     await hub.idle(table)
    ...     await hub.close()
    ...     return table.seq
    >>> asyncio.run(demo()) > 10
    True
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Mapping, Sequence
from typing import cast

import attrs

import tricktaking as tt
from tricktaking.bots import make_bot
from tricktaking.engine import Action, GameState, PlayerView
from tricktaking.views import JSONValue
from tricktaking.web.limits import CLOSE_GOING_AWAY, Limits, RateLimits
from tricktaking.web.options import build_config
from tricktaking.web.outbox import Client, Outbox
from tricktaking.web.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    phrases,
    public_view,
    say,
    seat_view,
)
from tricktaking.web.recap import deal_events, deal_summaries, refused_choices
from tricktaking.web.store import Store
from tricktaking.web.tables import HUMAN, JOURNAL, Table, link_key
from tricktaking.web.workers import Workers

__all__ = ["ARCHIVE_CACHE", "MAX_MISSED_EVENTS", "Client", "Hub", "Link"]

_LOG = logging.getLogger(__name__)

MAX_MISSED_EVENTS = JOURNAL
"""The most missed events a ``welcome`` lists; a client further behind just redraws."""

ARCHIVE_CACHE = 32
"""How many finished tables read back from the store stay in memory."""

_SWEEP_SECONDS = 5.0


def _phrases(
    state: GameState[object], seen: dict[str, JSONValue], refused: Mapping[str, str]
) -> JSONValue:
    """What players say for the tokens of a view and for the refused choices beside them."""
    said = phrases(state, seen)
    parse = tt.game_of(state).rules.parse_action
    said.update((token, say(parse(token))) for token in refused)
    return cast("JSONValue", said)


@attrs.frozen
class Link:
    """Where a secret link leads: a table and a seat (``None`` for the spectator link).

    Example:
        >>> from tricktaking.web.hub import Link
        >>> from tricktaking.web.tables import Table
        >>> import tricktaking as tt
        >>> table = Table.create(tt.OneCardConfig(players=2), ["human", "random"])
        >>> Link(table, None).seat is None
        True
    """

    table: Table
    seat: int | None


class Hub:
    """The tables of one server.

    Args:
        store: Where every accepted action is committed before anyone hears of it.
        bot_delay: Seconds to wait before each deal or bot move (0 in tests).
        limits: The server's bounds.
        workers: Where bots and hints are computed (made from ``limits`` if not given).

    Example:
        >>> from tricktaking.web.hub import Hub
        >>> from tricktaking.web.store import Store
        >>> store = Store(":memory:")
        >>> hub = Hub(store, bot_delay=0)
        >>> hub.find("no such link") is None, hub.tables
        (True, {})
        >>> store.close()
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.4,
        limits: Limits | None = None,
        workers: Workers | None = None,
    ) -> None:
        self.store: Store = store
        self.bot_delay: float = bot_delay
        self.limits: Limits = limits or Limits()
        self.workers: Workers = workers or Workers(self.limits)
        self.tables: dict[str, Table] = {}
        self._archive: OrderedDict[str, Table] = OrderedDict()
        self._links: dict[str, Link] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._clients: dict[str, dict[Client, Outbox]] = {}
        self._seats: dict[Outbox, int | None] = {}
        self._presence: set[Outbox] = set()
        self._rematches: dict[str, Table] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._closing = False
        self._hints: set[asyncio.Task[str]] = set()
        self._seat_hints = RateLimits(self.limits.hint_rate, self.limits.hint_burst)
        self._address_hints = RateLimits(
            self.limits.address_hint_rate, self.limits.address_hint_burst
        )

    @property
    def can_hint(self) -> bool:
        """Whether the server can suggest moves (the ``hint`` capability)."""
        return True

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self._locks[table.id] = asyncio.Lock()
        self._clients[table.id] = {}
        self._links[table.spectator_key] = Link(table, None)
        for seat, key in enumerate(table.keys):
            if key is not None:
                self._links[key] = Link(table, seat)
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    @staticmethod
    def _keys(table: Table) -> list[str]:
        return [table.spectator_key, *(key for key in table.keys if key is not None)]

    def _remove(self, table: Table) -> None:
        """Take a table out of memory (its clients are closed; the store keeps it)."""
        self.tables.pop(table.id, None)
        self._rematches.pop(table.id, None)
        self._locks.pop(table.id, None)
        for key in self._keys(table):
            self._links.pop(key, None)
        for outbox in self._clients.pop(table.id, {}).values():
            self._seats.pop(outbox, None)
            self._presence.discard(outbox)
            outbox.drop(CLOSE_GOING_AWAY)
        runner = self._runners.pop(table.id, None)
        if runner is not None:
            runner.cancel()

    def resume(self) -> int:
        """Load every open stored table and restart its bots; return how many there are."""
        for table in self.store.load_open():
            self._add(table)
            self._wake(table)
        return len(self.tables)

    def open_tables(self, address: str | None = None) -> int:
        """How many unfinished tables are in play (opened from ``address``, if given)."""
        return sum(
            1
            for table in self.tables.values()
            if not table.over and (address is None or table.address == address)
        )

    def create(
        self,
        game: str,
        options: Mapping[str, object],
        kinds: Sequence[str],
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        address: str = "",
    ) -> Table:
        """Open a new table, store it and start its bots.

        Raises:
            KeyError: If the game is unknown.
            ConfigError: If the options, the seats or the names are invalid.
            ProtocolError: ``too_many_tables`` beyond the limits (in all or for ``address``).
        """
        if self.open_tables() >= self.limits.max_tables:  # before any work
            raise ProtocolError("too_many_tables", "the server has as many tables as it takes")
        table = Table.create(
            build_config(game, options), kinds, names=names, seed=seed, address=address
        )
        return self._open(table)

    def _open(self, table: Table) -> Table:
        if self.open_tables() >= self.limits.max_tables:
            raise ProtocolError("too_many_tables", "the server has as many tables as it takes")
        if self.open_tables(table.address) >= self.limits.max_tables_per_address:
            raise ProtocolError(
                "too_many_tables",
                f"at most {self.limits.max_tables_per_address} open tables per address",
            )
        self.store.create(table)  # stored first: a table that cannot be stored never opens
        self._add(table)
        self._wake(table)
        return table

    def find(self, link: str) -> Link | None:
        """The table and seat behind a secret link token, or ``None``.

        A finished table no longer in memory is read back from the store. Links are
        looked up by their key (:func:`~tricktaking.web.tables.link_key`) alone.
        """
        key = link_key(link)
        found = self._links.get(key)
        if found is not None:
            return found
        stored = self.store.table_of(key)
        if stored is None or stored[1] != "over":
            return None
        table_id = stored[0]
        table = self._archive.get(table_id)
        if table is None:
            table = self.store.load(table_id)
            self._archive[table_id] = table
            while len(self._archive) > ARCHIVE_CACHE:
                self._archive.popitem(last=False)
        self._archive.move_to_end(table_id)
        seat = None if key == table.spectator_key else table.keys.index(key)
        return Link(table, seat)

    def _wake(self, table: Table) -> None:
        if self._closing or table.id not in self.tables:
            return
        runner = self._runners.get(table.id)
        if runner is None or runner.done():
            self._runners[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    async def idle(self, table: Table) -> None:
        """Wait until the table's bots and deals have moved as far as they can."""
        while (runner := self._runners.get(table.id)) is not None and not runner.done():
            await runner
        for outbox in list(self._clients.get(table.id, {}).values()):
            await outbox.flush()

    async def close(self) -> None:
        """Stop the bots (their moves so far are stored), the clients and the store."""
        self._closing = True
        tasks: list[asyncio.Task[None]] = list(self._runners.values())
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for hint in self._hints:
            hint.cancel()
        for task in tasks:
            task.cancel()
        self.workers.close()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        outboxes = [box for clients in self._clients.values() for box in clients.values()]
        await asyncio.gather(*(box.close(CLOSE_GOING_AWAY) for box in outboxes))
        self.store.close()

    async def _run(self, table: Table) -> None:
        while not self._closing:
            # always yield: a quick bot decides without waiting, and a table of bots
            # must not keep the event loop to itself
            await asyncio.sleep(self.bot_delay)
            if tt.actor(table.state) is tt.CHANCE:
                async with self._locks[table.id]:
                    self._commit(table, table.deal())
                continue
            seat = table.bot_seat()
            if seat is None:
                return
            moment = table.state
            view = tt.view(moment, seat)
            # decided off the loop, with no lock held: the table stays open to everyone
            try:
                action = await self.workers.decide(
                    table.kinds[seat], table.game, table.bot_seed(seat), view
                )
            except Exception:  # a dead worker or the bot's own bug: the table plays on
                _LOG.exception("the %s bot at seat %s failed", table.kinds[seat], seat)
                action = make_bot("random", table.game, table.bot_seed(seat)).act(view)
            async with self._locks[table.id]:
                if table.state is moment:
                    self._commit(table, action)

    def _commit(self, table: Table, action: Action, after: GameState[object] | None = None) -> None:
        """Store, take on and tell: nothing here waits, so no lock is held across a send."""
        if after is None:
            after = tt.apply(table.state, action)
        self.store.append(table, action, after)  # raises: not stored, so not accepted
        before = table.accept(action, after)
        self._broadcast(table, before)

    def _broadcast(self, table: Table, before: GameState[object]) -> None:
        entry = table.journal[-1]
        messages: dict[int | None, dict[str, JSONValue]] = {}
        ended = bool(table.ends) and table.ends[-1] is table.state
        for outbox in list(self._clients[table.id].values()):
            seat = self._seats[outbox]
            if seat not in messages:
                seen = self._view(table, seat)
                refused = refused_choices(table.state, seat)
                messages[seat] = {
                    "type": "event",
                    "seq": entry.seq,
                    "actor": entry.actor,
                    "action": entry.told(seat),
                    "said": entry.said(seat),
                    "view": seen,
                    "say": _phrases(table.state, seen, refused),
                    "refused": cast("JSONValue", refused),
                    "winners": list(tt.winners(table.state)),
                }
                if ended:
                    messages[seat]["summary"] = deal_summaries(table, seat, -1)[0]
            outbox.put(messages[seat])

    def _connected(self, table: Table) -> list[JSONValue]:
        """Whether each human seat has a client connected (``None`` for a bot's seat)."""
        present = {self._seats.get(box) for box in self._clients.get(table.id, {}).values()}
        return [
            (seat in present) if kind == HUMAN else None for seat, kind in enumerate(table.kinds)
        ]

    def _tell_presence(self, table: Table) -> None:
        """Send who is connected to the clients of ``table`` that asked to know."""
        message: dict[str, JSONValue] = {"type": "presence", "connected": self._connected(table)}
        for outbox in list(self._clients.get(table.id, {}).values()):
            if outbox in self._presence:
                outbox.put(message)

    @staticmethod
    def _view(table: Table, seat: int | None) -> dict[str, JSONValue]:
        return public_view(table.state) if seat is None else seat_view(table.state, seat)

    def leave(self, link: Link, client: Client) -> None:
        """Forget a disconnected client."""
        outbox = self._clients.get(link.table.id, {}).pop(client, None)
        if outbox is not None:
            self._seats.pop(outbox, None)
            self._presence.discard(outbox)
            outbox.stop()
            self._tell_presence(link.table)

    def welcome(self, link: Link, since: int | None) -> dict[str, JSONValue]:
        """The ``welcome`` message for a client of ``link`` that has seen up to ``since``.

        Missed events are told as they were told then (from the table's journal), and so
        are the current deal's events (``deal_events``), so that a page opened late draws
        the whole deal; ``deals`` sums up every finished deal.
        """
        table = link.table
        game = tt.get_game(table.game)
        seq = table.seq
        events: list[JSONValue] = []
        journal = table.journal[-MAX_MISSED_EVENTS:]
        seen = self._view(table, link.seat)
        if since is not None and 0 <= since < seq and journal and journal[0].seq <= since + 1:
            events = [
                {"seq": entry.seq, "action": entry.told(link.seat), "said": entry.said(link.seat)}
                for entry in journal
                if entry.seq > since
            ]
        refused = refused_choices(table.state, link.seat)
        connected = self._connected(table)
        if link.seat is not None:
            connected[link.seat] = True  # this client, about to be subscribed
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table": table.id,
            "game": table.game,
            "title": game.title,
            "rules": game.summary,
            "role": "spectator" if link.seat is None else "seat",
            "seat": link.seat,
            "seats": [
                {
                    "seat": seat,
                    "name": name,
                    "kind": kind,
                    "team": None if game.team_count is None else game.team_of(seat),
                    "connected": connected[seat],
                }
                for seat, (name, kind) in enumerate(zip(table.names, table.kinds, strict=True))
            ],
            "capabilities": {"hint": self.can_hint},
            "seq": seq,
            "events": events,
            "deal_events": deal_events(table, link.seat),
            "deals": deal_summaries(table, link.seat),
            "waited": round(time.monotonic() - table.touched, 1),
            "over": table.over,
            "winners": list(tt.winners(table.state)),
            "view": seen,
            "say": _phrases(table.state, seen, refused),
            "refused": cast("JSONValue", refused),
        }

    async def join(
        self, link: Link, client: Client, since: int | None, *, presence: bool = False
    ) -> Outbox:
        """Queue the ``welcome`` and subscribe the client to the table's events.

        With ``presence``, the client also hears who is connected whenever that changes.
        Nothing is sent here: the client's outbox (returned) writes it.
        """
        table = link.table
        clients = self._clients.get(table.id)
        outbox = clients.get(client) if clients is not None else None
        if outbox is None:
            outbox = Outbox(
                client,
                size=self.limits.send_queue,
                write_timeout=self.limits.write_timeout,
                on_drop=lambda code: self.leave(link, client),
            )
        if clients is None:  # a finished table read back from the store: no live events
            outbox.put(self.welcome(link, since))
            return outbox
        async with self._locks[table.id]:
            outbox.put(self.welcome(link, since))
            if not outbox.dropped:
                clients[client] = outbox
                self._seats[outbox] = link.seat
                if presence:
                    self._presence.add(outbox)
                self._tell_presence(table)
        return outbox

    async def move(self, link: Link, token: str, seq: int | None) -> None:
        """Play a seat's move: check and apply it once, commit it, then tell everyone.

        Raises:
            ProtocolError: If the move is refused; nothing has changed then.
        """
        if link.seat is None:
            raise ProtocolError("spectator", "a spectator link cannot move")
        table = link.table
        lock = self._locks.get(table.id)
        if lock is None:
            raise ProtocolError("game_over", "the game is over")
        async with lock:
            action, after = table.human_action(link.seat, token, seq)
            self._commit(table, action, after)
        self._wake(table)

    def rematch(self, link: Link, outbox: Outbox | None = None, *, address: str = "") -> Table:
        """Open the finished table of ``link`` again and tell each of its clients its link.

        The new table has the same game, options, seats and names and a new seed; asking
        twice gives the same table.

        Raises:
            ProtocolError: ``spectator``, ``not_over`` before the end, or
                ``too_many_tables``.
        """
        if link.seat is None:
            raise ProtocolError("spectator", "a spectator link cannot ask for a rematch")
        old = link.table
        if not old.over:
            raise ProtocolError("not_over", "a rematch opens when the game is over")
        again = self._rematches.get(old.id)
        if again is None:
            again = self._open(
                Table.create(
                    old.state.config, old.kinds, names=old.names, address=address or old.address
                )
            )
            self._rematches[old.id] = again
        told = dict(self._clients.get(old.id, {}))
        targets = [(box, self._seats[box]) for box in told.values()]
        if outbox is not None and outbox not in told.values():  # a table read back
            targets.append((outbox, link.seat))
        tokens = again.tokens
        assert tokens is not None  # a table this server just opened knows its tokens
        for box, seat in targets:
            token = tokens.spectator if seat is None else tokens.seats[seat]
            box.put({"type": "rematch", "table": again.id, "link": f"/play/{token}"})
        return again

    def hint(self, link: Link, address: str = "") -> Awaitable[str]:
        """Start computing the suggested move for the link's seat (a canonical token).

        The checks are made at once, the search runs in the hints' own workers: the task
        returned gives the token. Hints are limited per seat (over all of a link's
        sockets), per client ``address``, and in all (``hint_backlog``); beyond a limit
        the hint is refused, and costs nothing. The computation goes on if the caller
        stops waiting for it (its budget stays counted until it ends).

        Raises:
            ProtocolError: ``spectator``, ``not_your_turn`` or ``rate_limited``.

        Example:
            >>> import asyncio
            >>> from tricktaking.web.hub import Hub
            >>> from tricktaking.web.limits import Limits
            >>> from tricktaking.web.store import Store
            >>> from tricktaking.web.workers import Workers
            >>> async def demo() -> str:
            ...     limits = Limits(hint_burst=1)
            ...     hub = Hub(Store(":memory:"), bot_delay=0, limits=limits,
            ...               workers=Workers(limits, processes=False))
            ...     table = hub.create("oh-hell", {"players": 3, "hand_size": 1,
            ...                        "first_dealer": 0}, ["human"] * 3, seed=1)
            ...     await hub.idle(table)
            ...     link = hub.find(table.tokens.seats[1])
            ...     token = await hub.hint(link)
            ...     try:
            ...         hub.hint(link)
            ...     except Exception as error:
            ...         token += f"; then {error.code}"
            ...     await hub.close()
            ...     return token
            >>> asyncio.run(demo())  # doctest: +ELLIPSIS
            '1 bid ...; then rate_limited'
        """
        if link.seat is None:
            raise ProtocolError("spectator", "a spectator link has no hints")
        table = link.table
        if tt.actor(table.state) != link.seat or table.over:
            raise ProtocolError("not_your_turn", f"it is not seat {link.seat}'s turn")
        if len(self._hints) >= self.limits.hint_backlog:
            raise ProtocolError("rate_limited", "the server is busy with hints: ask again soon")
        if not self._address_hints.allow(address):
            raise ProtocolError("rate_limited", "too many hints from your address: wait a moment")
        if not self._seat_hints.allow((table.id, link.seat)):
            raise ProtocolError("rate_limited", "too many hints: wait a moment")
        task = asyncio.get_running_loop().create_task(
            self._suggest(tt.view(table.state, link.seat))
        )
        self._hints.add(task)
        task.add_done_callback(self._hint_done)
        return task

    async def _suggest(self, view: PlayerView) -> str:
        try:
            return str(await self.workers.hint(view))
        except Exception:  # a dead worker or the search's own bug: the asker is answered
            _LOG.exception("the hint search for seat %s failed", view.seat)
            raise ProtocolError("rate_limited", "no hint now: ask again soon") from None

    def _hint_done(self, task: asyncio.Task[str]) -> None:
        self._hints.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a client that left does not leave it unread

    async def _sweep(self) -> None:
        """Expire idle open tables, let finished ones leave memory, checkpoint the store."""
        while True:
            await asyncio.sleep(_SWEEP_SECONDS)
            self.sweep()
            await asyncio.to_thread(self.store.checkpoint)

    def sweep(self, now: float | None = None) -> list[str]:
        """Expire and unload what has waited too long; return the ids taken out.

        Example:
            >>> import asyncio
            >>> from tricktaking.web.hub import Hub
            >>> from tricktaking.web.limits import Limits
            >>> from tricktaking.web.store import Store
            >>> async def demo() -> bool:
            ...     hub = Hub(Store(":memory:"), limits=Limits(idle_seconds=60))
            ...     table = hub.create("one-card", {"players": 2}, ["human", "human"])
            ...     await hub.idle(table)
            ...     gone = hub.sweep(now=table.touched + 61)
            ...     await hub.close()
            ...     return gone == [table.id] and hub.tables == {}
            >>> asyncio.run(demo())
            True
        """
        moment = time.monotonic() if now is None else now
        gone: list[str] = []
        for table in list(self.tables.values()):
            runner = self._runners.get(table.id)
            if runner is not None and not runner.done():
                continue  # bots at work: not idle
            if table.over:
                if moment - table.touched > self.limits.finished_seconds:
                    gone.append(table.id)
                    self._remove(table)
            elif moment - table.touched > self.limits.idle_seconds:
                self.store.expire(table.id)
                gone.append(table.id)
                self._remove(table)
        return gone
