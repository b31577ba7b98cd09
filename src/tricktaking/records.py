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
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Final, cast

import attrs

from tricktaking.engine import (
    Action,
    GameState,
    apply,
    game_of,
    get_game,
    new_game,
    scores,
    winners,
)
from tricktaking.errors import RecordError, TricktakingError
from tricktaking.views import JSONValue

__all__ = ["FORMAT", "VERSION", "GameRecord", "dump", "dumps", "load", "loads", "replay"]

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
        if len(names) != count or not all(isinstance(name, str) for name in names):
            raise ValueError(f"seats must be {count} names")
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
        >>> import tricktaking as tt
        >>> record = GameRecord.from_state(tt.new_game(tt.WizardConfig(players=4)))
        >>> [tt.actor(state) for state in replay(record)]
        [<Chance.CHANCE: 'chance'>]
    """
    state = new_game(record.config)
    yield state
    for index, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except TricktakingError as error:
            raise RecordError(
                f"action {index} ({action}) does not replay: {error}", index=index
            ) from error
        yield state


def dumps(
    state: GameState[object], *, seats: Sequence[str] | None = None, indent: int | None = None
) -> str:
    """The record of the game that led to ``state``, as JSON text.

    Example:
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
        >>> import io
        >>> import tricktaking as tt
        >>> buffer = io.StringIO()
        >>> dump(tt.new_game(tt.OneCardConfig(players=2)), buffer)
        >>> buffer.getvalue().startswith("{")
        True
    """
    fp.write(dumps(state, seats=seats, indent=indent))
    fp.write("\n")


def _field(data: dict[str, object], name: str, kind: type | tuple[type, ...]) -> object:
    if name not in data:
        raise RecordError(f"the record has no {name!r} field")
    value = data[name]
    if not isinstance(value, kind):
        raise RecordError(f"the record's {name!r} field has the wrong type")
    return value


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text and replay it strictly.

    Raises:
        RecordError: If the text is not a record, the game or configuration is unknown or
            invalid, an action does not parse or is illegal (``index`` names it), or the
            stored scores or winners differ from the replay's.

    Example:
        >>> loads('{"format": "something else"}')
        Traceback (most recent call last):
        ...
        tricktaking.errors.RecordError: not a tricktaking record
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise RecordError(f"the record is not JSON: {error}") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a tricktaking record")
    version = _field(data, "version", int)
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise RecordError(f"record version {version} is not supported (newest: {VERSION})")
    name = cast("str", _field(data, "game", str))
    try:
        game = get_game(name)
    except KeyError as error:
        raise RecordError(f"unknown game {name!r}") from error
    config_data = cast("dict[str, object]", _field(data, "config", dict))
    make_config = cast("Callable[..., object]", game.config_type)
    try:
        config = make_config(**config_data)
    except (TypeError, TricktakingError) as error:
        raise RecordError(f"invalid {name} configuration: {error}") from error
    seats = cast("list[object]", _field(data, "seats", list))
    tokens = cast("list[object]", _field(data, "actions", list))
    stored_scores = _field(data, "scores", list)
    stored_winners = _field(data, "winners", list)
    count = len(scores(new_game(config)))
    if len(seats) != count or not all(isinstance(seat, str) for seat in seats):
        raise RecordError(f"the record must name {count} seats")
    actions: list[Action] = []
    for index, token in enumerate(tokens):
        try:
            if not isinstance(token, str):
                raise TypeError("not a string")
            actions.append(game.rules.parse_action(token))
        except (TypeError, TricktakingError) as error:
            message = f"action {index} ({token!r}) is not an action: {error}"
            raise RecordError(message, index=index) from error
    record = GameRecord(
        game=game.name,
        config=config,
        seats=tuple(cast("list[str]", seats)),
        actions=tuple(actions),
        scores=(),
        winners=(),
    )
    final = _last(replay(record))
    result = (list(scores(final)), list(winners(final)))
    if result != (stored_scores, stored_winners):
        raise RecordError(
            f"the stored result (scores {stored_scores}, winners {stored_winners}) is not the "
            f"replay's (scores {result[0]}, winners {result[1]})",
            index=len(tokens),
        )
    return attrs.evolve(record, scores=scores(final), winners=winners(final))


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read and replay a record from a file (see :func:`loads`).

    Example:
        >>> import io
        >>> import tricktaking as tt
        >>> load(io.StringIO(dumps(tt.new_game(tt.WizardConfig(players=3))))).game
        'wizard'
    """
    return loads(fp.read())
