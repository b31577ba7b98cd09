"""Reading the fields every view has into one plain table model.

The views of the three games are being unified (the same field names in every game);
this module is the one place that knows the differences that remain, so the renderer
itself reads only :class:`Table`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from tricktaking.cards import Card, Suit
from tricktaking.engine import PlayerView, get_game
from tricktaking.errors import TricktakingError
from tricktaking.tricks import Trick

__all__ = ["RenderError", "Table", "read_view"]


class RenderError(TricktakingError, ValueError):
    """The input cannot be drawn: not a view, bad seat names, an unfinished deal.

    Example:
        >>> from tricktaking.render import RenderError, svg
        >>> try:
        ...     svg("not a view")
        ... except RenderError as error:
        ...     print(error)
        'not a view' is not a player view (it has no to_dict())
    """


@attrs.frozen(kw_only=True)
class Table:
    """Everything the renderer draws, read from a view.

    ``hands`` holds the cards drawn face up for each seat: the viewer's own hand, and
    ``None`` (backs) for the others, unless a finished deal is being replayed.
    """

    game: str
    title: str
    seat: int
    players: int
    phase: str
    round_number: int | None
    dealer: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    trick: Trick
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    trump: Suit | None
    scores: tuple[int, ...] | None
    actor: int | None
    legal_cards: frozenset[Card]
    choices: tuple[str, ...]
    names: tuple[str, ...]
    spectator: bool = False


def _field(view: object, name: str) -> object:
    try:
        return getattr(view, name)
    except AttributeError:
        raise RenderError(f"the view has no {name!r} field") from None


def _int(view: object, name: str) -> int:
    value = _field(view, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RenderError(f"the view's {name!r} must be an int, not {value!r}")
    return value


def _ints(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, tuple) or not all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        raise RenderError(f"the view's {name!r} must be a tuple of ints, not {value!r}")
    return tuple(item for item in value if isinstance(item, int))


def _cards(value: object, name: str) -> tuple[Card, ...]:
    if not isinstance(value, tuple) or not all(isinstance(card, Card) for card in value):
        raise RenderError(f"the view's {name!r} must be a tuple of cards, not {value!r}")
    return tuple(card for card in value if isinstance(card, Card))


def _trick(value: object, name: str) -> Trick:
    if not isinstance(value, Trick):
        raise RenderError(f"the view's {name!r} must be a Trick, not {value!r}")
    return value


def _optional_seat(view: object, name: str) -> int | None:
    value = _field(view, name)
    if value is None:
        return None
    return _int(view, name)


def game_name(view: object) -> str:
    """The registry name of the view's game, from ``to_dict()["game"]``."""
    to_dict = getattr(view, "to_dict", None)
    if not callable(to_dict):
        raise RenderError(f"{view!r} is not a player view (it has no to_dict())")
    data = to_dict()
    name = data.get("game") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise RenderError(f"{view!r} is not a player view (its to_dict() names no game)")
    return name


def _round_number(view: object) -> int | None:
    # Wizard calls it round_number; One Card and Bid Whist still say hand_number.
    for name in ("round_number", "hand_number"):
        if hasattr(view, name):
            return _int(view, name)
    return None


def _scores(view: object, players: int) -> tuple[int, ...] | None:
    if hasattr(view, "scores"):
        return _ints(_field(view, "scores"), "scores")
    if hasattr(view, "team_scores"):
        # Bid Whist before the unified views: partners (seats of the same parity)
        # share their team's score, as tricktaking.scores() reports them.
        teams = _ints(_field(view, "team_scores"), "team_scores")
        return tuple(teams[seat % len(teams)] for seat in range(players)) if teams else None
    return None


def _tricks_won(view: object, tricks: tuple[Trick, ...], players: int) -> tuple[int, ...]:
    if hasattr(view, "tricks_won"):
        return _ints(_field(view, "tricks_won"), "tricks_won")
    won = [0] * players
    for trick in tricks:
        if trick.winner is not None and 0 <= trick.winner < players:
            won[trick.winner] += 1
    return tuple(won)


def _phase(view: object) -> str:
    phase = _field(view, "phase")
    if isinstance(phase, enum.Enum) and isinstance(phase.value, str):
        return phase.value
    if isinstance(phase, str):
        return phase
    raise RenderError(f"the view's 'phase' must be a phase, not {phase!r}")


def _choices(actions: tuple[object, ...]) -> tuple[frozenset[Card], tuple[str, ...]]:
    cards = frozenset(
        card for action in actions if isinstance(card := getattr(action, "card", None), Card)
    )
    # Canonical tokens start with the seat; the rest ("bid 7", "trump S") is the choice.
    words = tuple(
        str(action).partition(" ")[2] or str(action)
        for action in actions
        if not isinstance(getattr(action, "card", None), Card)
    )
    return cards, words


def seat_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """``names`` checked, or ``"seat 0"``, ``"seat 1"``, … by default."""
    if names is None:
        return tuple(f"seat {seat}" for seat in range(players))
    if isinstance(names, str) or len(names) != players:
        raise RenderError(f"names must be a sequence of {players} seat names, not {names!r}")
    if not all(isinstance(name, str) for name in names):
        raise RenderError(f"seat names must be strings, not {names!r}")
    return tuple(names)


def read_view(view: PlayerView, names: Sequence[str] | None = None) -> Table:
    """The :class:`Table` of ``view``, checked field by field.

    Raises:
        RenderError: If ``view`` is not a player view or a field has the wrong type.
    """
    game = game_name(view)
    try:
        title = get_game(game).title
    except KeyError:
        title = game
    hand_sizes = _ints(_field(view, "hand_sizes"), "hand_sizes")
    players = len(hand_sizes)
    if hasattr(view, "players") and _int(view, "players") != players:
        raise RenderError("the view's 'players' does not match its 'hand_sizes'")
    seat = _int(view, "seat")
    if not 0 <= seat < players:
        raise RenderError(f"the view's seat {seat} is not a seat of {players} players")
    tricks_value = _field(view, "tricks")
    if not isinstance(tricks_value, tuple):
        raise RenderError(f"the view's 'tricks' must be a tuple, not {tricks_value!r}")
    tricks = tuple(_trick(trick, "tricks") for trick in tricks_value)
    trump = _field(view, "trump")
    if trump is not None and not isinstance(trump, Suit):
        raise RenderError(f"the view's 'trump' must be a Suit or None, not {trump!r}")
    actions = _field(view, "legal_actions")
    if not isinstance(actions, tuple):
        raise RenderError(f"the view's 'legal_actions' must be a tuple, not {actions!r}")
    legal_cards, choices = _choices(actions)
    hand = _cards(_field(view, "hand"), "hand")
    return Table(
        game=game,
        title=title,
        seat=seat,
        players=players,
        phase=_phase(view),
        round_number=_round_number(view),
        dealer=_int(view, "dealer"),
        hands=tuple(hand if other == seat else None for other in range(players)),
        hand_sizes=hand_sizes,
        trick=_trick(_field(view, "trick"), "trick"),
        tricks=tricks,
        tricks_won=_tricks_won(view, tricks, players),
        trump=trump,
        scores=_scores(view, players),
        actor=_optional_seat(view, "actor"),
        legal_cards=legal_cards,
        choices=choices,
        names=seat_names(names, players),
    )
