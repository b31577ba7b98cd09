"""Game records: versioned JSON that replays a game exactly.

A record holds the format version, the game's name and configuration, the seat names,
every action's canonical token (deals included) and the final scores and winners.
:func:`loads` replays every action through :func:`~tricktaking.engine.apply`, strictly:
the first action that does not parse or is illegal raises
:class:`~tricktaking.errors.RecordError` naming its
index, and stored scores that the replay does not reproduce are an error too.

The API mirrors :mod:`json`: :func:`dumps`/:func:`loads` for text, :func:`dump`/:func:`load`
for files.

Example:
    >>> from tricktaking.records import dumps, loads
    >>> import tricktaking as tt
    >>> from tricktaking.testing import playout
    >>> final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=2)), seed=5)[-1]
    >>> text = dumps(final, seats=["Ann", "Bob", "Cy"])
    >>> record = loads(text)
    >>> record.game, record.seats, record.final_state() == final
    ('wizard', ('Ann', 'Bob', 'Cy'), True)
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Final, cast

import attrs

from tricktaking._json_reader import Reader
from tricktaking.actions import Deal
from tricktaking.arguments import is_exact_int
from tricktaking.engine import (
    Action,
    Game,
    GameState,
    apply,
    game_of,
    get_game,
    new_game,
    scores,
    winners,
)
from tricktaking.errors import RecordError, TricktakingError, safe_repr, safe_str
from tricktaking.views import JSONValue

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_SIZE",
    "VERSION",
    "GameRecord",
    "dump",
    "dumps",
    "load",
    "loads",
    "replay",
]

FORMAT: Final = "tricktaking-record"
"""The value of every record's ``"format"`` field."""

VERSION: Final = 1
"""The record format version this library writes (and the newest it reads)."""


@attrs.frozen(kw_only=True)
class GameRecord:
    """A loaded (and replayed) game record.

    Attributes:
        game: The registry name of the game.
        config: The game's configuration.
        seats: The seat names, index = seat.
        actions: Every action in order, deals included.
        scores: The scores at the end of the record.
        winners: The winners at the end of the record (``()`` if the game is unfinished).

    Example:
        >>> from tricktaking.records import GameRecord
        >>> import tricktaking as tt
        >>> record = GameRecord.from_state(tt.new_game(tt.OneCardConfig(players=2)))
        >>> record.seats, record.actions
        (('seat 0', 'seat 1'), ())
    """

    game: str
    config: object
    seats: tuple[str, ...]
    actions: tuple[Action, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def from_state(
        cls, state: GameState[object], *, seats: Sequence[str] | None = None
    ) -> GameRecord:
        """The record of the game that led to ``state``.

        Args:
            state: Any state of a registered game; its history is recorded.
            seats: Seat names; ``"seat 0"``, ``"seat 1"``, … by default.
        """
        count = len(scores(state))
        names = tuple(seats) if seats is not None else tuple(f"seat {i}" for i in range(count))
        if len(names) != count or not all(type(name) is str for name in names):
            raise RecordError(f"seats must be {count} names (strings)")
        return cls(
            game=game_of(state).name,
            config=state.config,
            seats=names,
            actions=state.history.to_tuple(),
            scores=scores(state),
            winners=winners(state),
        )

    def states(self) -> Iterator[GameState[object]]:
        """Every state of the game: the new game, then one after each action."""
        return replay(self)

    def final_state(self) -> GameState[object]:
        """The state after the last action.

        Example:
            >>> from tricktaking.records import GameRecord
            >>> import tricktaking as tt
            >>> GameRecord.from_state(tt.new_game(tt.BidWhistConfig())).final_state().phase
            <BidWhistPhase.DEAL: 'deal'>
        """
        return _last(replay(self))

    def to_json(self) -> dict[str, JSONValue]:
        """The record as JSON data, in the current format version."""
        config = attrs.asdict(cast("attrs.AttrsInstance", self.config))
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "config": cast("dict[str, JSONValue]", config),
            "seats": list(self.seats),
            "actions": [str(action) for action in self.actions],
            "scores": list(self.scores),
            "winners": list(self.winners),
        }


def _last(states: Iterator[GameState[object]]) -> GameState[object]:
    return deque(states, maxlen=1)[0]


def replay(record: GameRecord) -> Iterator[GameState[object]]:
    """Yield the new game and then the state after each of the record's actions.

    Raises:
        RecordError: If an action is illegal, with its index.

    Example:
        >>> from tricktaking.records import GameRecord, replay
        >>> import tricktaking as tt
        >>> record = GameRecord.from_state(tt.new_game(tt.WizardConfig(players=4)))
        >>> [tt.actor(state) for state in replay(record)]
        [<Chance.CHANCE: 'chance'>]
    """
    try:
        state = new_game(record.config)
    except (TypeError, TricktakingError):
        message = f"{safe_repr(record.config)} is not the configuration of a registered game"
        raise RecordError(message) from None
    yield state
    for index, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except TricktakingError as error:
            raise RecordError(
                f"action {index} ({safe_str(action)}) does not replay: {error}", index=index
            ) from error
        yield state


def dumps(
    state: GameState[object], *, seats: Sequence[str] | None = None, indent: int | None = None
) -> str:
    """The record of the game that led to ``state``, as JSON text.

    Example:
        >>> import json
        >>> from tricktaking.records import dumps
        >>> import tricktaking as tt
        >>> json.loads(dumps(tt.new_game(tt.WizardConfig(players=3))))["version"]
        1
    """
    return json.dumps(GameRecord.from_state(state, seats=seats).to_json(), indent=indent)


def dump(
    state: GameState[object],
    fp: IO[str],
    *,
    seats: Sequence[str] | None = None,
    indent: int | None = 1,
) -> None:
    """Write the record of the game that led to ``state`` to a text file.

    Example:
        >>> from tricktaking.records import dump
        >>> import io
        >>> import tricktaking as tt
        >>> buffer = io.StringIO()
        >>> dump(tt.new_game(tt.OneCardConfig(players=2)), buffer)
        >>> buffer.getvalue().startswith("{")
        True
    """
    fp.write(dumps(state, seats=seats, indent=indent))
    fp.write("\n")


MAX_SIZE: Final = 16 * 1024 * 1024
"""The default largest record :func:`loads` and :func:`load` read: 16 MiB.

A Wizard game of 6 players is about 4 KiB, so this holds thousands of games' worth of
actions; pass ``max_size`` to read larger records."""

MAX_DEPTH: Final = 64
"""The default deepest nesting of arrays and objects in a record, the record counting 1.

The record's own fields nest 2 deep; deeper nesting can only be in fields this version
does not know, which are checked (at most 1 MiB each) and ignored."""

_SCALARS = (str, int, bool, type(None))

# The actions parsed once per load and shared (see _Loading.replay): bounded, so that a
# hostile record of distinct tokens costs no more than a legal one.
_SHARED_TOKENS: Final = 4096
_SHARED_TOKEN_LENGTH: Final = 64


def _text(data: object, max_size: int) -> str:
    """The record's text: size-checked, decoded from bytes as :func:`json.loads` would."""
    if isinstance(data, bytes | bytearray):
        if len(data) > max_size:
            raise RecordError(f"the record is larger than {max_size:,} bytes")
        raw = bytes(data)
        encoding = json.detect_encoding(raw)
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            raise RecordError(f"the record is not JSON: its bytes are not {encoding}") from None
    if not isinstance(data, str):
        raise RecordError(f"a record is text or bytes, not {type(data).__name__}")
    if len(data) > max_size:
        raise RecordError(f"the record is larger than {max_size:,} characters")
    return str.__str__(data)


def _string_list(reader: Reader, name: str) -> list[str]:
    items: list[str] = []
    for _ in reader.elements():
        if reader.peek() != '"':
            raise RecordError(f"the record's {name!r} field must hold strings")
        items.append(reader.string())
    return items


def _int_list(reader: Reader, name: str) -> list[int]:
    items: list[int] = []
    for _ in reader.elements():
        value = reader.scalar()
        if not is_exact_int(value):
            raise RecordError(f"the record's {name!r} field must hold integers")
        items.append(value)
    return items


def _options(reader: Reader) -> dict[str, object]:
    options: dict[str, object] = {}
    for key in reader.members():
        value = reader.scalar()
        if not isinstance(value, _SCALARS):
            raise RecordError(f"the configuration option {safe_repr(key)} has the wrong type")
        options[key] = value
    return options


@attrs.define
class _Loading:
    """A record being read: its fields so far, and the replay once the game is known."""

    fields: dict[str, object] = attrs.field(factory=dict[str, object])
    game: Game[GameState[object], object] | None = None
    config: object = None
    state: GameState[object] | None = None
    count: int = 0

    def read(self, reader: Reader, key: str) -> None:
        """Read the value of the top-level field ``key``."""
        if key == "actions":
            # Streaming needs the game first; reading the tokens to replay them later
            # would cost memory in proportion to the record, so the order is required.
            if not self.start():
                raise RecordError(
                    "the record's 'actions' must come after its 'format', 'version', "
                    "'game', 'config' and 'seats'"
                )
            self.fields[key] = True
            self.replay(_tokens(reader))
            return
        value: object
        match key:
            case "format" | "game":
                value = reader.scalar()
                if type(value) is not str:
                    raise RecordError(f"the record's {key!r} field has the wrong type")
            case "version":
                value = reader.scalar()
                if not is_exact_int(value):
                    raise RecordError("the record's 'version' field has the wrong type")
                if not 1 <= value <= VERSION:
                    raise RecordError(
                        f"record version {value} is not supported (newest: {VERSION})"
                    )
            case "config":
                value = _options(reader)
            case "seats":
                value = _string_list(reader, key)
            case "scores" | "winners":
                value = _int_list(reader, key)
            case _:
                reader.skip_value()  # a field of a later version: checked, then ignored
                return
        self.fields[key] = value
        if key == "format" and value != FORMAT:
            raise RecordError("not a tricktaking record")
        if key == "game":
            self.game = _game(cast("str", value))

    def start(self) -> bool:
        """Check the header fields and start the replay, once all of them are read."""
        if self.state is not None:
            return True
        if not all(name in self.fields for name in ("format", "version", "game", "config")):
            return False
        if "seats" not in self.fields:
            return False
        game = cast("Game[GameState[object], object]", self.game)
        make_config = cast("Callable[..., object]", game.config_type)
        try:
            self.config = make_config(**cast("dict[str, object]", self.fields["config"]))
        except (TypeError, TricktakingError) as error:
            message = f"invalid {game.name} configuration: {safe_str(error, 200)}"
            raise RecordError(message) from None
        self.state = new_game(self.config)
        self.count = len(scores(self.state))
        if len(cast("list[str]", self.fields["seats"])) != self.count:
            raise RecordError(f"the record must name {self.count} seats")
        return True

    def replay(self, tokens: Iterable[tuple[int, str]]) -> None:
        """Parse and apply each token in turn; stop at the first bad one."""
        state = cast("GameState[object]", self.state)
        parse = cast("Game[GameState[object], object]", self.game).rules.parse_action
        # A game has a few hundred distinct tokens besides its deals ("2 play QH"): each
        # is parsed once and its action object shared by every later occurrence, so the
        # replay keeps one object per distinct action rather than one per action (the
        # cyclic garbage collector's full passes walk every object kept).
        parsed: dict[str, Action] = {}
        for index, token in tokens:
            action = parsed.get(token)
            if action is None:
                try:
                    action = parse(token)
                except TricktakingError as error:
                    message = f"action {index} ({safe_repr(token)}) is not an action: {error}"
                    raise RecordError(message, index=index) from None
                if (
                    len(token) <= _SHARED_TOKEN_LENGTH
                    and len(parsed) < _SHARED_TOKENS
                    and not isinstance(action, Deal)
                ):
                    parsed[token] = action
            try:
                state = apply(state, action)
            except TricktakingError as error:
                message = f"action {index} ({safe_str(token)}) does not replay: {error}"
                raise RecordError(message, index=index) from None
        self.state = state


def _tokens(reader: Reader) -> Iterator[tuple[int, str]]:
    """The action tokens, read one at a time as the replay asks for them."""
    for index in reader.elements():
        if reader.peek() != '"':
            raise RecordError(f"action {index} is not a string", index=index)
        yield index, reader.string()


def _game(name: str) -> Game[GameState[object], object]:
    try:
        game = get_game(name)
    except (KeyError, TricktakingError):
        game = None
    if game is None or game.name != name:  # exactly the registry name, not "WIZARD"
        raise RecordError(f"unknown game {safe_repr(name)}")
    return game


def _require(fields: dict[str, object], name: str) -> object:
    if name not in fields:
        raise RecordError(f"the record has no {name!r} field")
    return fields[name]


def loads(text: str | bytes, *, max_size: int = MAX_SIZE, max_depth: int = MAX_DEPTH) -> GameRecord:
    """Read a record from JSON text and replay it strictly.

    The record is read one field and one action at a time: each action token is
    parsed and applied as it is read, so a record is rejected at its first illegal
    action without reading the rest. For this the ``actions`` field must come after
    ``format``, ``version``, ``game``, ``config`` and ``seats``, as in every record
    this library writes (the other fields may come in any order). JSON types are
    strict: the version, scores and winners are integers (not ``true`` or ``0.0``), the
    game is exactly a registry name, keys do not repeat, and numbers have at most 20
    characters.

    Args:
        text: The record, as text or as UTF-8 (or UTF-16/32) bytes.
        max_size: The largest record accepted, in characters (bytes for ``bytes``).
        max_depth: The deepest nesting of arrays and objects accepted.

    Raises:
        RecordError: If the text is too large or too deep, is not a record, the game or
            configuration is unknown or invalid, an action does not parse or is illegal
            (``index`` names it), or the stored scores or winners differ from the replay's.

    Example:
        >>> from tricktaking.records import loads
        >>> loads('{"format": "something else"}')
        Traceback (most recent call last):
        ...
        tricktaking.errors.RecordError: not a tricktaking record
        >>> loads("[" * 100_000)
        Traceback (most recent call last):
        ...
        tricktaking.errors.RecordError: not a tricktaking record
    """
    reader = Reader(_text(text, max_size), max_depth)
    first = reader.peek()
    if first != "{":
        if first != "[":
            reader.scalar()  # raises unless the text starts with a JSON value
        raise RecordError("not a tricktaking record")
    loading = _Loading()
    for key in reader.members():
        loading.read(reader, key)
    if not reader.at_end():
        reader.fail("extra text after the record")
    fields = loading.fields
    if fields.get("format") != FORMAT:
        raise RecordError("not a tricktaking record")
    for name in ("version", "game", "config", "seats", "actions", "scores", "winners"):
        _require(fields, name)
    final = cast("GameState[object]", loading.state)
    stored = (fields["scores"], fields["winners"])
    result = (list(scores(final)), list(winners(final)))
    if result != stored:
        raise RecordError(
            f"the stored result (scores {safe_repr(stored[0], 200)}, winners "
            f"{safe_repr(stored[1], 200)}) is not the replay's (scores {result[0]}, "
            f"winners {result[1]})",
            index=len(final.history),
        )
    game = cast("Game[GameState[object], object]", loading.game)
    return GameRecord(
        game=game.name,
        config=loading.config,
        seats=tuple(cast("list[str]", fields["seats"])),
        actions=final.history.to_tuple(),
        scores=scores(final),
        winners=winners(final),
    )


def load(
    fp: IO[str] | IO[bytes], *, max_size: int = MAX_SIZE, max_depth: int = MAX_DEPTH
) -> GameRecord:
    """Read and replay a record from a file (see :func:`loads`).

    At most ``max_size + 1`` characters (or bytes) are read, so an endless file such
    as ``/dev/zero`` is refused without reading it all.

    Raises:
        RecordError: As :func:`loads`, and if the file's text cannot be decoded.

    Example:
        >>> from tricktaking.records import dumps, load
        >>> import io
        >>> import tricktaking as tt
        >>> load(io.StringIO(dumps(tt.new_game(tt.WizardConfig(players=3))))).game
        'wizard'
    """
    try:
        data = fp.read(max_size + 1)
    except UnicodeDecodeError as error:
        raise RecordError(f"the record is not text: {error.reason}") from None
    return loads(data, max_size=max_size, max_depth=max_depth)
