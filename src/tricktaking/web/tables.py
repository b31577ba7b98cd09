"""One game table on the server: its state, seats, links and bots.

A :class:`Table` owns the state of one game. Seats are ``"human"`` (played through a
secret link) or a bot kind of :mod:`tricktaking.bots`. A table keeps only the keys of its
secret links (:func:`link_key`, their SHA-256), which is all the store writes: the
tokens themselves (:attr:`Table.tokens`) are known only to the table just opened, to be
handed to its players once. :meth:`Table.automatic_action` is
the next deal or bot move, :meth:`Table.human_action` checks a move sent by a seat's
client and applies it (once: the state after it comes back with it);
:meth:`Table.accept` takes an action on. Persistence is the caller's job (see
:mod:`tricktaking.web.store`), so that it happens before anyone is told.

Each accepted action is also journaled as every viewer was told of it (see
:func:`~tricktaking.web.protocol.action_for`), so that a client resuming later hears
the same words it would have heard live, not what the table knows now.

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

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from typing import cast

import attrs

import tricktaking as tt
from tricktaking import records
from tricktaking.actions import Deal, SeatAction
from tricktaking.bots import BOT_KINDS, Bot, make_bot
from tricktaking.engine import Action, GameState, deal_ended
from tricktaking.errors import ConfigError, IllegalActionError, NotationError
from tricktaking.seeding import derive_seed
from tricktaking.views import JSONValue
from tricktaking.web.protocol import ProtocolError, action_for, hidden_cards, say

__all__ = [
    "HUMAN",
    "JOURNAL",
    "MAX_NAME_LENGTH",
    "Journaled",
    "Table",
    "Tokens",
    "check_name",
    "link_key",
]

HUMAN = "human"
"""The seat kind of a seat played by a person through its link."""

MAX_NAME_LENGTH = 40
"""The longest seat name (in characters)."""

JOURNAL = 200
"""How many recent actions a table keeps as they were told (what a resume can replay).

The journal also reaches back to the current deal's first action, however long ago."""


def check_name(name: str) -> str:
    """A seat name, checked: 1 to 40 printable characters that UTF-8 can encode.

    Raises:
        ConfigError: If it is empty, too long, has control characters or lone surrogates.

    Example:
        >>> from tricktaking.web.tables import check_name
        >>> check_name(" Ada ")
        'Ada'
        >>> check_name(chr(0xD800))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: a seat name must be text (no lone surrogates)
    """
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise ConfigError("a seat name must be text (no lone surrogates)") from None
    shown = name.strip()
    if not shown or len(shown) > MAX_NAME_LENGTH:
        raise ConfigError(f"a seat name has 1 to {MAX_NAME_LENGTH} characters")
    if any(unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") for char in shown):
        raise ConfigError("a seat name has no control characters")
    return shown


@attrs.frozen
class Journaled:
    """One accepted action as it was told: its ``seq``, its actor, each viewer's words.

    Attributes:
        seq: The action's ``seq``.
        actor: The acting seat, or ``"chance"`` for a deal.
        tokens: The token each seat was told, then (last) the spectators' token.
        says: What each seat was told a player said (see
            :func:`~tricktaking.web.protocol.say`), then the spectators'.

    Example:
        >>> from tricktaking.web.tables import Journaled
        >>> entry = Journaled(1, "chance", ("deal",) * 3, ("deal",) * 3)
        >>> entry.told(None), entry.said(0)
        ('deal', 'deal')
    """

    seq: int
    actor: int | str
    tokens: tuple[str, ...]
    says: tuple[str, ...]

    def told(self, viewer: int | None) -> str:
        """The token ``viewer`` (a seat, or ``None`` for a spectator) was told."""
        return self.tokens[-1 if viewer is None else viewer]

    def said(self, viewer: int | None) -> str:
        """The words ``viewer`` was told the player said."""
        return self.says[-1 if viewer is None else viewer]


def _journaled(before: GameState[object], action: Action, after: GameState[object]) -> Journaled:
    seat = tt.actor(before)
    viewers: list[int | None] = [*range(len(tt.scores(after))), None]
    return Journaled(
        seq=len(after.history),
        actor=seat if isinstance(seat, int) else "chance",
        tokens=tuple(action_for(after, action, viewer) for viewer in viewers),
        says=tuple(say(action, hidden_cards(after, action, viewer)) for viewer in viewers),
    )


def _link_token() -> str:
    # 192 random bits: links cannot be guessed or enumerated
    return secrets.token_urlsafe(24)


def link_key(token: str) -> str:
    """What the server keeps of a secret link token: its SHA-256, in hex.

    A token has 192 random bits, so its key cannot be turned back into it: a copy of the
    database opens no seat. (No salt is needed: nothing about a token can be guessed.)

    Example:
        >>> from tricktaking.web.tables import link_key
        >>> key = link_key("zZAwwRy8ltuVP7OJTbvJsvwVWWGqx8gE")
        >>> len(key), key == link_key("zZAwwRy8ltuVP7OJTbvJsvwVWWGqx8gE")
        (64, True)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen
class Tokens:
    """The secret link tokens of a table just opened: given to its players, never stored.

    Attributes:
        seats: Each human seat's token (``None`` for a bot's seat).
        spectator: The spectator link's token.

    Example:
        >>> from tricktaking.web.tables import Table
        >>> import tricktaking as tt
        >>> table = Table.create(tt.OneCardConfig(players=2), ["human", "random"])
        >>> table.tokens is not None and table.tokens.seats[1] is None
        True
    """

    seats: tuple[str | None, ...]
    spectator: str


@attrs.define(eq=False)
class Table:
    """A game being played on the server.

    Attributes:
        id: The table's public id (shown in the lobby; it grants no access).
        kinds: Each seat's kind: ``"human"`` or a bot kind.
        names: Each seat's display name.
        seed: The master seed of the deals and the bots.
        keys: The key (:func:`link_key`) of each human seat's secret link (``None`` for
            bots).
        spectator_key: The key of the spectator link.
        state: The current state.
        address: The client address that opened the table (for per-address limits).
        journal: At least the last :data:`JOURNAL` actions as each viewer was told of them,
            and every action of the current deal.
        ends: The state at the end of each finished deal, in order.
        touched: When the table last changed (``time.monotonic()``).
        tokens: The secret link tokens, on the table just opened only (``None`` once
            it was read back from the store, which keeps their keys alone).

    Example:
        >>> from tricktaking.web.tables import Table
        >>> import tricktaking as tt
        >>> table = Table.create(tt.WizardConfig(players=3), ["human", "random", "random"])
        >>> table.game, table.kinds[0], table.keys[1] is None, table.over
        ('wizard', 'human', True, False)
    """

    id: str
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    seed: int
    keys: tuple[str | None, ...]
    spectator_key: str
    state: GameState[object]
    address: str = ""
    journal: list[Journaled] = attrs.field(factory=list[Journaled])
    ends: list[GameState[object]] = attrs.field(factory=list[GameState[object]])
    touched: float = attrs.field(factory=time.monotonic)
    tokens: Tokens | None = None

    @classmethod
    def create(
        cls,
        config: object,
        kinds: Sequence[str],
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        address: str = "",
    ) -> Table:
        """A new table for ``config`` with one kind per seat.

        Raises:
            ConfigError: If the kinds do not fit the game's seats, a kind is unknown or a
                name is not a seat name (see :func:`check_name`).

        Example:
            >>> from tricktaking.web.tables import Table
            >>> import tricktaking as tt
            >>> table = Table.create(tt.WizardConfig(players=3), ["human"] * 3)
            >>> len(set(table.keys)), table.seq
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
        if len(shown) != count:
            raise ConfigError(f"give {count} seat names")
        tokens = Tokens(
            seats=tuple(_link_token() if kind == HUMAN else None for kind in kinds),
            spectator=_link_token(),
        )
        return cls(
            id=secrets.token_urlsafe(6),
            kinds=tuple(kinds),
            names=tuple(check_name(name) for name in shown),
            seed=secrets.randbits(62) if seed is None else seed,
            keys=tuple(None if token is None else link_key(token) for token in tokens.seats),
            spectator_key=link_key(tokens.spectator),
            state=state,
            address=address,
            tokens=tokens,
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

    def bot_seat(self) -> int | None:
        """The seat of the bot to act now, or ``None`` (a human's turn, a deal, the end)."""
        seat = tt.actor(self.state)
        return seat if isinstance(seat, int) and self.kinds[seat] != HUMAN else None

    def bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s bot for the decision at the current ``seq``.

        A bot is made afresh for each decision, so a resumed table plays on as before.
        """
        return derive_seed(self.seed, "bot", seat, self.seq)

    def bot(self, seat: int) -> Bot:
        """``seat``'s bot for the decision at the current ``seq``."""
        return make_bot(self.kinds[seat], self.game, self.bot_seed(seat))

    def automatic_action(self) -> Action | None:
        """The next deal or bot move, or ``None`` when a human is to act or the game is over.

        The bot decides here, on the calling thread; the server asks its workers instead.
        """
        seat = tt.actor(self.state)
        if seat is tt.CHANCE:
            return self.deal()
        bot = self.bot_seat()
        return None if bot is None else self.bot(bot).act(tt.view(self.state, bot))

    def deal(self) -> Action:
        """The deal due now (the chance seat is to act), from the table's seed."""
        return tt.deal(self.state, derive_seed(self.seed, "deal", self.seq))

    def human_action(
        self, seat: int, token: str, seq: int | None = None
    ) -> tuple[Action, GameState[object]]:
        """Check a move sent by ``seat``'s client: the action and the state after it.

        The move is applied once, here; the table's state is not changed (see
        :meth:`accept`).

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
            after = tt.apply(self.state, action)
        except IllegalActionError as error:
            raise ProtocolError("illegal", str(error)) from error
        return action, after

    def accept(self, action: Action, after: GameState[object] | None = None) -> GameState[object]:
        """Take the table on by ``action`` (to ``after`` if known); return the state before it."""
        before = self._advance(action, after)
        self.journal.append(_journaled(before, action, self.state))
        if len(self.journal) > 2 * JOURNAL:  # trimmed now and then, not at every action
            del self.journal[: min(len(self.journal) - JOURNAL, self.deal_start())]
        self.touched = time.monotonic()
        return before

    def _advance(self, action: Action, after: GameState[object] | None) -> GameState[object]:
        before = self.state
        self.state = tt.apply(before, action) if after is None else after
        if deal_ended(before, self.state):
            self.ends.append(self.state)
        return before

    def deal_start(self) -> int:
        """The index in :attr:`journal` of the current deal's deal (0 if it is older).

        Example:
            >>> from tricktaking.web.tables import Table
            >>> import tricktaking as tt
            >>> table = Table.create(tt.WizardConfig(players=3), ["random"] * 3, seed=1)
            >>> while not table.ends:
            ...     _ = table.accept(table.automatic_action())
            >>> _ = table.accept(table.automatic_action())  # the second deal
            >>> table.journal[table.deal_start()].seq == len(table.ends[0].history) + 1
            True
        """
        for index in range(len(self.journal) - 1, -1, -1):
            if self.journal[index].actor == "chance":
                return index
        return 0

    def record_text(self) -> str:
        """The game record so far (the format of :mod:`tricktaking.records`)."""
        return records.dumps(self.state, seats=self.names)

    def record(self) -> records.GameRecord:
        """The game record so far.

        Example:
            >>> from tricktaking.web.tables import Table
            >>> import tricktaking as tt
            >>> Table.create(tt.OneCardConfig(players=2), ["human"] * 2).record().actions
            ()
        """
        return records.GameRecord.from_state(self.state, seats=self.names)

    def meta(self) -> dict[str, JSONValue]:
        """Everything but the record that the store keeps to resume the table.

        The links are there as their keys only.

        Example:
            >>> from tricktaking.web.tables import Table
            >>> import tricktaking as tt
            >>> table = Table.create(tt.OneCardConfig(players=2), ["human", "random"])
            >>> assert table.tokens is not None
            >>> stored = str(table.meta())
            >>> table.tokens.spectator in stored, table.spectator_key in stored
            (False, True)
        """
        return {
            "id": self.id,
            "kinds": list(self.kinds),
            "seed": self.seed,
            "keys": list(self.keys),
            "spectator_key": self.spectator_key,
            "address": self.address,
        }

    @classmethod
    def restore(cls, meta: Mapping[str, object], head: str, tokens: Sequence[str]) -> Table:
        """The table stored as ``meta``, the head of its record and its action tokens.

        The actions are replayed strictly, and the last :data:`JOURNAL` of them (and those
        of the current deal) journaled as they were told.

        Raises:
            RecordError: If the head does not load.
            NotationError: If a token does not parse.
            IllegalActionError: If an action does not replay.
        """
        record = records.loads(head)
        table = cls(
            id=str(meta["id"]),
            kinds=tuple(cast("list[str]", meta["kinds"])),
            names=record.seats,
            seed=cast("int", meta["seed"]),
            keys=tuple(cast("list[str | None]", meta["keys"])),
            spectator_key=str(meta["spectator_key"]),
            state=record.final_state(),
            address=str(meta.get("address", "")),
        )
        parse = tt.game_of(table.state).rules.parse_action
        actions = [parse(token) for token in tokens]
        deals = [index for index, action in enumerate(actions) if isinstance(action, Deal)]
        # older actions need no journal, but the current deal's do
        quiet = min(len(actions) - JOURNAL, deals[-1] if deals else 0)
        for index, action in enumerate(actions):
            if index < quiet:
                table._advance(action, None)
            else:
                table.accept(action)
        return table
