"""One game table on the server: its state, seats, links and bots.

A :class:`Table` owns the state of one game. Seats are ``"human"`` (played through a
secret link) or a bot kind of :mod:`tricktaking.bots`. :meth:`Table.automatic_action` is
the next deal or bot move, :meth:`Table.human_action` checks a move sent by a seat's
client; :meth:`Table.accept` applies an action. Persistence is the caller's job (see
:mod:`tricktaking.web.store`), so that it happens before anyone is told.

Example:
    >>> from tricktaking.web.tables import Table
    >>> import tricktaking as tt
    >>> table = Table.create(tt.OneCardConfig(players=2), ("human", "heuristic"), seed=3)
    >>> while (action := table.automatic_action()) is not None:
    ...     _ = table.accept(action)
    >>> table.seq > 0, tt.actor(table.state) in (0, None)
    (True, True)
"""

# pyright: strict
from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import cast

import attrs

import tricktaking as tt
from tricktaking import records
from tricktaking.actions import Deal, SeatAction
from tricktaking.bots import BOT_KINDS, Bot, make_bot
from tricktaking.engine import Action, GameState
from tricktaking.errors import ConfigError, IllegalActionError, NotationError
from tricktaking.seeding import derive_seed
from tricktaking.views import JSONValue
from tricktaking.web.protocol import ProtocolError

__all__ = ["HUMAN", "Table"]

HUMAN = "human"
"""The seat kind of a seat played by a person through its link."""


def _link_token() -> str:
    # 192 random bits: links cannot be guessed or enumerated
    return secrets.token_urlsafe(24)


@attrs.define(eq=False)
class Table:
    """A game being played on the server.

    Attributes:
        id: The table's public id (shown in the lobby; it grants no access).
        kinds: Each seat's kind: ``"human"`` or a bot kind.
        names: Each seat's display name.
        seed: The master seed of the deals and the bots.
        links: Each human seat's secret link token (``None`` for bots).
        spectator: The secret token of the spectator link.
        state: The current state.

    Example:
        >>> from tricktaking.web.tables import Table
        >>> import tricktaking as tt
        >>> table = Table.create(tt.WizardConfig(players=3), ["human", "random", "random"])
        >>> table.game, table.kinds[0], table.links[1] is None, table.over
        ('wizard', 'human', True, False)
    """

    id: str
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    seed: int
    links: tuple[str | None, ...]
    spectator: str
    state: GameState[object]
    _bots: dict[int, Bot] = attrs.field(factory=dict[int, Bot], alias="bots")

    @classmethod
    def create(
        cls,
        config: object,
        kinds: Sequence[str],
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> Table:
        """A new table for ``config`` with one kind per seat.

        Raises:
            ConfigError: If the kinds do not fit the game's seats or a kind is unknown.

        Example:
            >>> from tricktaking.web.tables import Table
            >>> import tricktaking as tt
            >>> table = Table.create(tt.WizardConfig(players=3), ["human"] * 3)
            >>> len({link for link in table.links}), table.seq
            (3, 0)
        """
        state = tt.new_game(config)
        count = len(tt.scores(state))
        if len(kinds) != count:
            raise ConfigError(f"this game has {count} seats, not {len(kinds)}")
        for kind in kinds:
            if kind != HUMAN and kind not in BOT_KINDS:
                raise ConfigError(f"unknown seat kind {kind!r}; use human or {BOT_KINDS}")
        shown = tuple(names) if names is not None else ()
        if not shown:
            shown = tuple(
                f"{'Player' if kind == HUMAN else kind.title()} {seat}"
                for seat, kind in enumerate(kinds)
            )
        if len(shown) != count or not all(shown):
            raise ConfigError(f"give {count} seat names")
        return cls(
            id=secrets.token_urlsafe(6),
            kinds=tuple(kinds),
            names=tuple(name[:40] for name in shown),
            seed=secrets.randbits(62) if seed is None else seed,
            links=tuple(_link_token() if kind == HUMAN else None for kind in kinds),
            spectator=_link_token(),
            state=state,
        )

    @property
    def seq(self) -> int:
        """How many actions have been accepted so far (the ``seq`` of the last event)."""
        return len(self.state.history)

    @property
    def game(self) -> str:
        """The registry name of the table's game."""
        return tt.game_of(self.state).name

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return tt.is_over(self.state)

    def _bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = make_bot(
                self.kinds[seat], self.game, derive_seed(self.seed, "bot", seat)
            )
        return self._bots[seat]

    def automatic_action(self) -> Action | None:
        """The next deal or bot move, or ``None`` when a human is to act or the game is over."""
        seat = tt.actor(self.state)
        if seat is tt.CHANCE:
            return tt.deal(self.state, derive_seed(self.seed, "deal", self.seq))
        if isinstance(seat, int) and self.kinds[seat] != HUMAN:
            return self._bot(seat).act(tt.view(self.state, seat))
        return None

    def human_action(self, seat: int, token: str, seq: int | None = None) -> Action:
        """Check a move sent by ``seat``'s client; the state is not changed.

        Raises:
            ProtocolError: ``game_over``, ``stale`` (``seq`` is not the current one),
                ``not_your_turn``, ``bad_field`` (the token does not parse or names
                another seat) or ``illegal`` (with the engine's reason).
        """
        if self.over:
            raise ProtocolError("game_over", "the game is over")
        if seq is not None and seq != self.seq:
            raise ProtocolError(
                "stale", f"the table is at seq {self.seq}, the move was chosen at {seq}"
            )
        if tt.actor(self.state) != seat:
            raise ProtocolError("not_your_turn", f"it is not seat {seat}'s turn")
        try:
            action = tt.game_of(self.state).rules.parse_action(token.strip())
        except (NotationError, ValueError) as error:
            raise ProtocolError("bad_field", f"not an action token: {error}") from error
        # every action but the chance deal names its seat
        if isinstance(action, Deal) or cast("SeatAction", action).seat != seat:
            raise ProtocolError("bad_field", f"seat {seat} may only move for seat {seat}")
        try:
            tt.apply(self.state, action)
        except IllegalActionError as error:
            raise ProtocolError("illegal", str(error)) from error
        return action

    def accept(self, action: Action) -> GameState[object]:
        """Apply a checked action; return the state before it."""
        before = self.state
        self.state = tt.apply(before, action)
        return before

    def record_text(self) -> str:
        """The game record so far (the format of :mod:`tricktaking.records`)."""
        return records.dumps(self.state, seats=self.names)

    def meta(self) -> dict[str, JSONValue]:
        """Everything but the record that the store keeps to resume the table."""
        return {
            "id": self.id,
            "kinds": list(self.kinds),
            "seed": self.seed,
            "links": list(self.links),
            "spectator": self.spectator,
        }

    @classmethod
    def restore(cls, meta: Mapping[str, object], record_text: str) -> Table:
        """The table stored as ``meta`` and its record (replayed strictly).

        Raises:
            RecordError: If the record does not replay.
        """
        record = records.loads(record_text)
        return cls(
            id=str(meta["id"]),
            kinds=tuple(cast("list[str]", meta["kinds"])),
            names=record.seats,
            seed=cast("int", meta["seed"]),
            links=tuple(cast("list[str | None]", meta["links"])),
            spectator=str(meta["spectator"]),
            state=record.final_state(),
        )
