"""Game records: versioned JSON that replays a game exactly.

A record holds the format version, the game's name and configuration, the seat names,
every action's canonical token (deals included) and the final scores and winners.
:func:`loads` replays every action through :func:`~tricktaking.engine.apply`, strictly:
the first action that does not parse or is illegal raises
:class:`~tricktaking.errors.RecordError` naming its
index, and stored scores that the replay does not reproduce are an error too.

The API mirrors :mod:`json`: :func:`dumps`/:func:`loads` for text, :func:`dump`/:func:`load`
for files.

A *perspective record* (``dumps(state, seat=k)``) holds what one seat saw and nothing
else: its own deals, every public action, the cards played as they were revealed, and
``?`` where a card stayed hidden from it. :func:`loads_perspective` reads it back into the
views that seat had (:func:`replay_views`), checking that the record is one a game gives
from that seat's side.

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
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Final, cast

import attrs

from tricktaking._json_reader import MAX_SKIPPED, Reader
from tricktaking._seen import HIDDEN, rebuild, seen_tokens
from tricktaking.actions import Deal
from tricktaking.arguments import count_argument, is_exact_int
from tricktaking.engine import (
    Action,
    Game,
    GameState,
    PlayerView,
    apply,
    game_of,
    get_game,
    new_game,
    scores,
    view,
    winners,
)
from tricktaking.errors import (
    ArgumentTypeError,
    RecordError,
    TricktakingError,
    safe_repr,
    safe_str,
)
from tricktaking.views import JSONValue

__all__ = [
    "FORMAT",
    "HIDDEN",
    "MAX_DEPTH",
    "MAX_JSON_SIZE",
    "MAX_SIZE",
    "VERSION",
    "GameRecord",
    "PerspectiveRecord",
    "dump",
    "dumps",
    "load",
    "load_perspective",
    "loads",
    "loads_any",
    "loads_perspective",
    "read_json",
    "replay",
    "replay_views",
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
        return _record_json(self, self.actions, {})


def _record_json(
    record: GameRecord | PerspectiveRecord,
    actions: Iterable[object],
    seat: dict[str, JSONValue],
) -> dict[str, JSONValue]:
    """A record's JSON data in the format's order, with ``seat`` after the seats."""
    config = attrs.asdict(cast("attrs.AttrsInstance", record.config))
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "config": cast("dict[str, JSONValue]", config),
        "seats": list(record.seats),
        **seat,
        "actions": [str(action) for action in actions],
        "scores": list(record.scores),
        "winners": list(record.winners),
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
    state: GameState[object],
    *,
    seat: int | None = None,
    seats: Sequence[str] | None = None,
    indent: int | None = None,
) -> str:
    """The record of the game that led to ``state``, as JSON text.

    Args:
        state: Any state of a registered game.
        seat: Write a perspective record of what this seat saw (see
            :class:`PerspectiveRecord`) instead of the whole game.
        seats: Seat names; ``"seat 0"``, ``"seat 1"``, … by default.
        indent: Indent the JSON by this many spaces; ``None`` writes one line.

    Raises:
        RecordError: If ``seats`` are not one name per seat, or ``seat`` is not a seat.

    Example:
        >>> import json
        >>> from tricktaking.records import dumps
        >>> import tricktaking as tt
        >>> json.loads(dumps(tt.new_game(tt.WizardConfig(players=3))))["version"]
        1
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> json.loads(dumps(state, seat=1))["actions"]
        ['deal ?1 / TD / ?1 / QS ?56']
    """
    if seat is not None:
        record = PerspectiveRecord.from_state(state, seat, seats=seats)
        return json.dumps(record.to_json(), indent=indent)
    return json.dumps(GameRecord.from_state(state, seats=seats).to_json(), indent=indent)


def dump(
    state: GameState[object],
    fp: IO[str],
    *,
    seat: int | None = None,
    seats: Sequence[str] | None = None,
    indent: int | None = 1,
) -> None:
    """Write the record of the game that led to ``state`` to a text file (see :func:`dumps`).

    Example:
        >>> from tricktaking.records import dump
        >>> import io
        >>> import tricktaking as tt
        >>> buffer = io.StringIO()
        >>> dump(tt.new_game(tt.OneCardConfig(players=2)), buffer)
        >>> buffer.getvalue().startswith("{")
        True
    """
    fp.write(dumps(state, seat=seat, seats=seats, indent=indent))
    fp.write("\n")


MAX_SIZE: Final = 16 * 1024 * 1024
"""The default largest record :func:`loads` and :func:`load` read: 16 MiB.

A Wizard game of 6 players is about 4 KiB, so this holds thousands of games' worth of
actions; pass ``max_size`` to read larger records."""

MAX_DEPTH: Final = 64
"""The default deepest nesting of arrays and objects in a record, the record counting 1.

The record's own fields nest 2 deep; deeper nesting can only be in fields this version
does not know, which are checked (at most 1 MiB each) and ignored."""

MAX_JSON_SIZE: Final = MAX_SKIPPED
"""The largest text :func:`read_json` reads: 1 MiB (records themselves may be larger)."""

_SCALARS = (str, int, bool, type(None))

# The actions parsed once per load and shared (see _Loading.replay): bounded, so that a
# hostile record of distinct tokens costs no more than a legal one.
_SHARED_TOKENS: Final = 4096
_SHARED_TOKEN_LENGTH: Final = 64


def _limits(max_size: object, max_depth: object) -> None:
    """Refuse limits that are not counts: a typed error before anything is read."""
    count_argument("max_size", max_size, low=0, high=sys.maxsize)
    count_argument("max_depth", max_depth, high=sys.maxsize)


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
            case "seat":
                raise _SeenRecordError(
                    "a record of what one seat saw: read it with records.loads_perspective"
                )
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


class _SeenRecordError(RecordError):
    """A perspective record given to :func:`loads`, which reads whole games."""


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
        ArgumentTypeError: If ``max_size`` or ``max_depth`` is not an ``int``.
        ArgumentError: If ``max_size`` is negative or ``max_depth`` less than 1.

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
    _limits(max_size, max_depth)
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
        ArgumentError: As :func:`loads`, for limits that are not counts.
        ArgumentTypeError: If ``fp`` is not a file (it has no ``read``).

    Example:
        >>> from tricktaking.records import dumps, load
        >>> import io
        >>> import tricktaking as tt
        >>> load(io.StringIO(dumps(tt.new_game(tt.WizardConfig(players=3))))).game
        'wizard'
    """
    data = _read_file("load", fp, max_size, max_depth)
    return loads(data, max_size=max_size, max_depth=max_depth)


def _read_file(function: str, fp: object, max_size: object, max_depth: object) -> str | bytes:
    """At most ``max_size + 1`` characters of an open file, for ``function`` to read."""
    _limits(max_size, max_depth)
    read: object = getattr(fp, "read", None)
    if not callable(read):
        raise ArgumentTypeError(f"{function} reads an open file, not {safe_repr(fp)}")
    try:
        return cast("str | bytes", read(cast("int", max_size) + 1))
    except UnicodeDecodeError as error:
        raise RecordError(f"the record is not text: {error.reason}") from None


def read_json(text: str, *, max_depth: int = MAX_DEPTH, subject: str = "the text") -> object:
    """One JSON value read from hostile text with the reader of :func:`loads`.

    For JSON that is not a record (a web table's frame, a bot's message): at most
    :data:`MAX_JSON_SIZE` characters, nested at most ``max_depth`` levels (checked
    before any parsing), numbers of at most 20 characters, no ``NaN`` or ``Infinity``,
    no repeated key in an object, nothing after the value. ``subject`` names the text
    in the error messages.

    Raises:
        RecordError: If the text breaks any of these bounds or is not JSON.
        ArgumentTypeError: If ``text`` is not a ``str``.
        ArgumentError: If ``max_depth`` is not 1 to 10,000.

    Example:
        >>> from tricktaking.records import read_json
        >>> read_json('{"type": "event", "seq": 3}')
        {'type': 'event', 'seq': 3}
        >>> read_json("[" * 100 + "]" * 100, max_depth=32, subject="the frame")
        Traceback (most recent call last):
        ...
        tricktaking.errors.RecordError: the frame nests deeper than 32 levels at character 32
        >>> read_json('{"seq": NaN}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tricktaking.errors.RecordError: the text is not JSON: a bad value (NaN is not JSON) ...
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"read_json reads a str, not {safe_repr(text)}")
    depth = count_argument("max_depth", max_depth, high=10_000)
    if len(text) > MAX_JSON_SIZE:
        raise RecordError(f"{subject} is larger than {MAX_JSON_SIZE:,} characters")
    reader = Reader(text, depth, subject=subject, outer=0)
    value = reader.skip_value()
    if not reader.at_end():
        reader.fail("extra text after the value")
    return value


@attrs.frozen(kw_only=True)
class PerspectiveRecord:
    """A record of what one seat saw of a game, and the views it had.

    Its actions are the seat's tokens: its own actions and every public one as they are
    (``"2 play QH"``), each deal with the cards the seat saw and ``?N`` for ``N`` it did
    not (``"deal ?3 / 10D QS 2H / ?3 / 7C ?56"``: its own hand, and Wizard's turn-up in the
    stock), and ``?`` for the card of another seat's action it did not see (``"2 discard
    ?"``). The other hands are never written: their cards appear as they are played.

    Attributes:
        game: The registry name of the game.
        config: The game's configuration.
        seats: The seat names, index = seat.
        seat: The seat whose record this is.
        actions: Every action's token as the seat saw it.
        scores: The scores at the end of the record.
        winners: The winners at the end (``()`` if the game is unfinished).
        views: The seat's view before the first action and after each one.

    Example:
        >>> from tricktaking.records import PerspectiveRecord, loads_perspective
        >>> import tricktaking as tt
        >>> from tricktaking.testing import playout
        >>> final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=2)), seed=5)[-1]
        >>> record = PerspectiveRecord.from_state(final, seat=2)
        >>> record.actions[0]
        'deal ?1 / ?1 / JS / WZ ?56'
        >>> loads_perspective(record.to_text()).views == record.views
        True
        >>> record.views[-1] == tt.view(final, 2)
        True
    """

    game: str
    config: object
    seats: tuple[str, ...]
    seat: int
    actions: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    views: tuple[PlayerView, ...] = attrs.field(eq=False, repr=False)

    @classmethod
    def from_state(
        cls, state: GameState[object], seat: int, *, seats: Sequence[str] | None = None
    ) -> PerspectiveRecord:
        """What ``seat`` saw of the game that led to ``state``.

        Raises:
            RecordError: If ``seat`` is not a seat of the game or ``seats`` not one name
                per seat.
        """
        full = GameRecord.from_state(state, seats=seats)
        if type(seat) is not int or not 0 <= seat < len(full.seats):
            raise RecordError(f"seat must be a seat of the game, 0 to {len(full.seats) - 1}")
        states = list(replay(full))
        return cls(
            game=full.game,
            config=full.config,
            seats=full.seats,
            seat=seat,
            actions=tuple(seen_tokens(states, seat)),
            scores=full.scores,
            winners=full.winners,
            views=tuple(view(each, seat) for each in states),
        )

    def to_json(self) -> dict[str, JSONValue]:
        """The record as JSON data: a game record's fields and ``"seat"``."""
        return _record_json(self, self.actions, {"seat": self.seat})

    def to_text(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_json(), indent=indent)


def replay_views(
    record: GameRecord | PerspectiveRecord, seat: int | None = None
) -> Iterator[PlayerView]:
    """The views one seat had over a record: before the first action and after each one.

    Args:
        record: A game record (then ``seat`` says whose views), or a perspective record
            (its own seat's, which ``seat`` may repeat).
        seat: The seat.

    Raises:
        RecordError: If a full record is given no seat, or a seat that is not its seat.

    Example:
        >>> from tricktaking.records import GameRecord, replay_views
        >>> import tricktaking as tt
        >>> from tricktaking.testing import playout
        >>> final = playout(tt.new_game(tt.OneCardConfig(players=2, target=5)), seed=1)[-1]
        >>> views = list(replay_views(GameRecord.from_state(final), seat=1))
        >>> len(views) == len(final.history) + 1, views[-1] == tt.view(final, 1)
        (True, True)
    """
    if isinstance(record, PerspectiveRecord):
        if seat is not None and seat != record.seat:
            raise RecordError(f"a record of what seat {record.seat} saw has no views of {seat}")
        yield from record.views
        return
    if type(seat) is not int or not 0 <= seat < len(record.seats):
        raise RecordError(f"the seat whose views to give: 0 to {len(record.seats) - 1}")
    for state in replay(record):
        yield view(state, seat)


def _perspective_fields(reader: Reader) -> dict[str, object]:
    fields: dict[str, object] = {}
    for key in reader.members():
        if key in fields:
            raise RecordError(f"the record repeats its {key!r} field")
        match key:
            case "format" | "game":
                value = reader.scalar()
                if type(value) is not str:
                    raise RecordError(f"the record's {key!r} field has the wrong type")
            case "version" | "seat":
                value = reader.scalar()
                if type(value) is not int:
                    raise RecordError(f"the record's {key!r} field has the wrong type")
            case "config":
                value = _options(reader)
            case "seats" | "actions":
                value = _string_list(reader, key)
            case "scores" | "winners":
                value = _int_list(reader, key)
            case _:
                reader.skip_value()
                continue
        fields[key] = value
    if not reader.at_end():
        reader.fail("extra text after the record")
    return fields


def loads_perspective(
    text: str | bytes, *, max_size: int = MAX_SIZE, max_depth: int = MAX_DEPTH
) -> PerspectiveRecord:
    """Read a perspective record and the views its seat had, strictly.

    The hidden cards are filled in with cards the seat could not tell from the real ones
    and the game is replayed through the engine; its views for the seat are the views the
    seat had. The record must be what that seat saw of some game: every action legal, no
    card played twice, every card it saw shown and none it could not see named.

    Raises:
        RecordError: If the text is too large or too deep, is not a perspective record,
            an action does not parse, breaks the rules, names a hidden card or hides a
            seen one (``index`` names the first such action), or the stored scores or
            winners differ from the replay's.
        ArgumentTypeError: If ``max_size`` or ``max_depth`` is not an ``int``.
        ArgumentError: If ``max_size`` is negative or ``max_depth`` less than 1.

    Example:
        >>> from tricktaking.records import dumps, loads_perspective
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> record = loads_perspective(dumps(state, seat=1))
        >>> record.views[-1] == tt.view(state, 1)
        True
        >>> forged = dumps(state, seat=1).replace("?1 / TD", "QH / TD")  # seat 0's card named
        >>> loads_perspective(forged)
        Traceback (most recent call last):
        ...
        tricktaking.errors.RecordError: action 0 (deal QH / TD / ?1 / QS ?56) is not what seat 1 ...
    """
    _limits(max_size, max_depth)
    reader = Reader(_text(text, max_size), max_depth)
    if reader.peek() != "{":
        raise RecordError("not a tricktaking record")
    fields = _perspective_fields(reader)
    if fields.get("format") != FORMAT:
        raise RecordError("not a tricktaking record")
    for name in ("version", "game", "config", "seats", "seat", "actions", "scores", "winners"):
        _require(fields, name)
    version = cast("int", fields["version"])
    if not 1 <= version <= VERSION:
        raise RecordError(f"record version {version} is not supported (newest: {VERSION})")
    game = _game(cast("str", fields["game"]))
    make_config = cast("Callable[..., object]", game.config_type)
    try:
        config = make_config(**cast("dict[str, object]", fields["config"]))
    except (TypeError, TricktakingError) as error:
        raise RecordError(f"invalid {game.name} configuration: {safe_str(error, 200)}") from None
    seats = tuple(cast("list[str]", fields["seats"]))
    count = len(scores(new_game(config)))
    if len(seats) != count:
        raise RecordError(f"the record must name {count} seats")
    seat = cast("int", fields["seat"])
    if not 0 <= seat < count:
        raise RecordError(f"the record's seat must be 0 to {count - 1}, not {seat}")
    actions = tuple(cast("list[str]", fields["actions"]))
    rebuilt = rebuild(config, seat, actions)
    stored = (fields["scores"], fields["winners"])
    result = (list(scores(rebuilt.final)), list(winners(rebuilt.final)))
    if result != stored:
        raise RecordError(
            f"the stored result (scores {safe_repr(stored[0], 200)}, winners "
            f"{safe_repr(stored[1], 200)}) is not the replay's (scores {result[0]}, "
            f"winners {result[1]})",
            index=len(actions),
        )
    return PerspectiveRecord(
        game=game.name,
        config=config,
        seats=seats,
        seat=seat,
        actions=actions,
        scores=scores(rebuilt.final),
        winners=winners(rebuilt.final),
        views=rebuilt.views,
    )


def load_perspective(
    fp: IO[str] | IO[bytes], *, max_size: int = MAX_SIZE, max_depth: int = MAX_DEPTH
) -> PerspectiveRecord:
    """Read a perspective record from a file (see :func:`loads_perspective`).

    Raises:
        RecordError: As :func:`loads_perspective`, and if the file's text cannot be decoded.
        ArgumentError: As :func:`loads_perspective`, for limits that are not counts.
        ArgumentTypeError: If ``fp`` is not a file (it has no ``read``).

    Example:
        >>> from tricktaking.records import dumps, load_perspective
        >>> import io
        >>> import tricktaking as tt
        >>> text = dumps(tt.new_game(tt.BidWhistConfig()), seat=3)
        >>> load_perspective(io.StringIO(text)).seat
        3
    """
    data = _read_file("load_perspective", fp, max_size, max_depth)
    return loads_perspective(data, max_size=max_size, max_depth=max_depth)


def loads_any(
    text: str | bytes, *, max_size: int = MAX_SIZE, max_depth: int = MAX_DEPTH
) -> GameRecord | PerspectiveRecord:
    """Read a record of either kind, as the record says: a whole game's or one seat's.

    A record with a ``"seat"`` field is read by :func:`loads_perspective`, any other by
    :func:`loads`.

    Raises:
        RecordError: As the reader of its kind.
        ArgumentError: As :func:`loads`, for limits that are not counts.

    Example:
        >>> from tricktaking.records import dumps, loads_any
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> [type(loads_any(dumps(state, seat=seat))).__name__ for seat in (None, 0)]
        ['GameRecord', 'PerspectiveRecord']
    """
    try:
        return loads(text, max_size=max_size, max_depth=max_depth)
    except _SeenRecordError:
        return loads_perspective(text, max_size=max_size, max_depth=max_depth)
