"""Reading the table fields every view has into one plain model, :class:`Table`.

Every game's view has the same table fields (:class:`~tricktaking.views.PlayerView`);
the renderer reads them here once, so the drawing code sees only :class:`Table`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TypeGuard, cast

import attrs

from tricktaking.arguments import is_exact_int
from tricktaking.cards import Card, Suit
from tricktaking.engine import available_games, get_game
from tricktaking.errors import safe_repr, safe_str
from tricktaking.render._errors import RenderError
from tricktaking.tricks import Play, Trick
from tricktaking.views import TABLE_FIELDS, PlayerView

__all__ = ["Table", "game_name", "is_card", "is_tuple", "read_view", "seat_names"]


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
    round_number: int
    dealer: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    trick: Trick
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    trump: Suit | None
    scores: tuple[int, ...]
    actor: int | None
    legal_cards: frozenset[Card]
    choices: tuple[str, ...]
    names: tuple[str, ...]
    spectator: bool = False


_MAX_COUNT = 10**6
"""The largest count a view may hold (cards in a hand, tricks won, a round's number)."""

_MAX_SCORE = 10**15
"""The largest score, either side of zero, a view may hold."""


def game_name(view: object) -> str:
    """The registry name of the view's game: from its class, else ``to_dict()["game"]``."""
    try:
        return game_of_view_class(view)
    except LookupError:
        pass
    to_dict = getattr(view, "to_dict", None)
    if not callable(to_dict):
        raise RenderError(f"{safe_repr(view)} is not a player view (it has no to_dict())")
    data: object = to_dict()
    name = cast("dict[str, object]", data).get("game") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise RenderError(f"{safe_repr(view)} is not a player view (its to_dict() names no game)")
    return name


def game_of_view_class(view: object) -> str:
    """The name of the registered game whose view class ``view`` is an instance of.

    A view's own class names its game without reading any of its fields, which a
    forged view may have replaced.

    Raises:
        LookupError: If no registered game declares the class of ``view``.
    """
    for name in available_games():
        if type(view) is get_game(name).view_type:
            return name
    raise LookupError(type(view).__name__)


def _phase(phase: object) -> str:
    if isinstance(phase, enum.Enum) and isinstance(phase.value, str):
        return phase.value
    raise RenderError(f"the view's phase must be a phase enum, not {safe_repr(phase)}")


def is_tuple(value: object) -> TypeGuard[tuple[object, ...]]:
    """Whether ``value`` is exactly a tuple (a view's sequences all are)."""
    return type(value) is tuple


def _seat_of(value: object, players: int) -> bool:
    """Whether ``value`` is exactly an int, and a seat of ``players``."""
    return is_exact_int(value) and 0 <= value < players


def _int(value: object, field: str, low: int, high: int) -> int:
    if not is_exact_int(value) or not low <= value <= high:
        raise RenderError(
            f"the view's {field} must be an int {low} to {high}, not {safe_repr(value)}"
        )
    return value


def _ints(values: object, field: str, players: int, low: int, high: int) -> tuple[int, ...]:
    if not is_tuple(values) or len(values) != players:
        raise RenderError(
            f"the view's {field} must be a tuple of {players} ints, not {safe_repr(values)}"
        )
    return tuple(_int(value, field, low, high) for value in values)


def is_card(card: object) -> TypeGuard[Card]:
    """Whether ``card`` is a card (its class checks its rank and suit when it is made)."""
    return isinstance(card, Card)


def _cards(cards: object, field: str) -> tuple[Card, ...]:
    if not is_tuple(cards) or not all(is_card(card) for card in cards):
        raise RenderError(f"the view's {field} must be a tuple of cards, not {safe_repr(cards)}")
    return cast("tuple[Card, ...]", cards)


def _trick(trick: object, field: str, players: int) -> Trick:
    """``trick`` if it is a trick of this table: its seats are seats, its cards cards."""
    plays: object = getattr(trick, "plays", None)  # a forged trick may hold anything
    if not (
        isinstance(trick, Trick)
        and _seat_of(trick.leader, players)
        and (trick.winner is None or _seat_of(trick.winner, players))
        and is_tuple(plays)
        and all(isinstance(play, Play) and _seat_of(play.seat, players) for play in plays)
    ):
        raise RenderError(
            f"the view's {field} must be a trick of seats 0 to {players - 1}, "
            f"not {safe_repr(trick)}"
        )
    return trick


def _choices(actions: object) -> tuple[frozenset[Card], tuple[str, ...]]:
    if not is_tuple(actions):
        raise RenderError(f"the view's legal actions must be a tuple, not {safe_repr(actions)}")
    cards = frozenset(card for action in actions if is_card(card := getattr(action, "card", None)))
    words = tuple(
        _choice(action) for action in actions if not is_card(getattr(action, "card", None))
    )
    return cards, words


def _choice(action: object) -> str:
    """The words of an action's token after its seat: ``"bid 7"``, ``"trump S"``.

    An action that cannot write its token (a forged one) is described instead.
    """
    token = safe_str(action)
    seat, _, words = token.partition(" ")
    return words if seat.isdigit() and words else token


def seat_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """``names`` checked, or ``"seat 0"``, ``"seat 1"``, … by default."""
    if names is None:
        return tuple(f"seat {seat}" for seat in range(players))
    given: object = names  # callers may pass anything; check it
    if not isinstance(given, Sequence) or isinstance(given, str) or len(given) != players:
        raise RenderError(
            f"names must be a sequence of {players} seat names, not {safe_repr(names)}"
        )
    if not all(isinstance(name, str) for name in names):
        raise RenderError(f"seat names must be strings, not {safe_repr(names)}")
    return tuple(names)


def read_view(view: PlayerView, names: Sequence[str] | None = None) -> Table:
    """The :class:`Table` of ``view``: its table fields, each checked.

    A view made by a game always passes; one whose fields were replaced (with
    ``attrs.evolve``, say) by values no game makes gets a :class:`RenderError` naming
    the field, before anything is drawn.

    Raises:
        RenderError: If ``view`` is not a player view, or a field does not fit.
    """
    game = game_name(view)
    try:
        title = get_game(game).title
    except KeyError:
        title = game
    fields: dict[str, object] = {}
    for field in TABLE_FIELDS:
        try:
            fields[field] = getattr(view, field)
        except AttributeError:
            raise RenderError(
                f"{safe_repr(view)} is not a player view: it has no {field}"
            ) from None
    players = _int(fields["players"], "players", 1, _MAX_PLAYERS)
    seat = _int(fields["seat"], "seat", 0, players - 1)
    actor = fields["actor"]
    if actor is not None:
        actor = _int(actor, "actor", 0, players - 1)
    trump = fields["trump"]
    if trump is not None and not isinstance(trump, Suit):
        raise RenderError(f"the view's trump must be a suit or None, not {safe_repr(trump)}")
    tricks = fields["tricks"]
    if not is_tuple(tricks):
        raise RenderError(f"the view's tricks must be a tuple of tricks, not {safe_repr(tricks)}")
    legal_cards, choices = _choices(fields["legal_actions"])
    hand = _cards(fields["hand"], "hand")
    return Table(
        game=game,
        title=title,
        seat=seat,
        players=players,
        hands=tuple(hand if other == seat else None for other in range(players)),
        hand_sizes=_ints(fields["hand_sizes"], "hand sizes", players, 0, _MAX_COUNT),
        legal_cards=legal_cards,
        choices=choices,
        names=seat_names(names, players),
        phase=_phase(fields["phase"]),
        round_number=_int(fields["round_number"], "round number", 0, _MAX_COUNT),
        dealer=_int(fields["dealer"], "dealer", 0, players - 1),
        trick=_trick(fields["trick"], "trick", players),
        tricks=tuple(_trick(trick, "tricks", players) for trick in tricks),
        tricks_won=_ints(fields["tricks_won"], "tricks won", players, 0, _MAX_COUNT),
        trump=trump,
        scores=_ints(fields["scores"], "scores", players, -_MAX_SCORE, _MAX_SCORE),
        actor=actor,
    )


_MAX_PLAYERS = 1000
"""More seats than any table has: a bound before anything is drawn per seat."""
