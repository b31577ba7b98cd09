"""Reading the table fields every view has into one plain model, :class:`Table`.

Every game's view has the same table fields (:class:`~tricktaking.views.PlayerView`);
the renderer reads them here once, so the drawing code sees only :class:`Table`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import cast

import attrs

from tricktaking.cards import Card, Suit
from tricktaking.engine import get_game
from tricktaking.errors import safe_repr
from tricktaking.render._errors import RenderError
from tricktaking.tricks import Trick
from tricktaking.views import PlayerView

__all__ = ["Table", "game_name", "read_view", "seat_names"]


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


def game_name(view: object) -> str:
    """The registry name of the view's game, from ``to_dict()["game"]``."""
    to_dict = getattr(view, "to_dict", None)
    if not callable(to_dict):
        raise RenderError(f"{safe_repr(view)} is not a player view (it has no to_dict())")
    data: object = to_dict()
    name = cast("dict[str, object]", data).get("game") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise RenderError(f"{safe_repr(view)} is not a player view (its to_dict() names no game)")
    return name


def _phase(phase: object) -> str:
    if isinstance(phase, enum.Enum) and isinstance(phase.value, str):
        return phase.value
    raise RenderError(f"the view's phase must be a phase enum, not {safe_repr(phase)}")


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
    given: object = names  # callers may pass anything; check it
    if not isinstance(given, Sequence) or isinstance(given, str) or len(given) != players:
        raise RenderError(
            f"names must be a sequence of {players} seat names, not {safe_repr(names)}"
        )
    if not all(isinstance(name, str) for name in names):
        raise RenderError(f"seat names must be strings, not {safe_repr(names)}")
    return tuple(names)


def read_view(view: PlayerView, names: Sequence[str] | None = None) -> Table:
    """The :class:`Table` of ``view``: its table fields, checked where they meet.

    Raises:
        RenderError: If ``view`` is not a player view.
    """
    game = game_name(view)
    try:
        title = get_game(game).title
    except KeyError:
        title = game
    try:
        seat, players, hand_sizes = view.seat, view.players, tuple(view.hand_sizes)
        hand, legal_actions = tuple(view.hand), tuple(view.legal_actions)
        phase, round_number, dealer = _phase(view.phase), view.round_number, view.dealer
        trick, tricks, tricks_won = view.trick, tuple(view.tricks), tuple(view.tricks_won)
        trump, scores, actor = view.trump, tuple(view.scores), view.actor
    except AttributeError as error:
        raise RenderError(f"{safe_repr(view)} is not a player view: {error}") from None
    if not 0 <= seat < players or {len(hand_sizes), len(tricks_won), len(scores)} != {players}:
        raise RenderError(
            f"the view's seat {seat}, hand sizes, tricks won and scores do not fit "
            f"{players} players"
        )
    legal_cards, choices = _choices(legal_actions)
    return Table(
        game=game,
        title=title,
        seat=seat,
        players=players,
        hands=tuple(hand if other == seat else None for other in range(players)),
        hand_sizes=hand_sizes,
        legal_cards=legal_cards,
        choices=choices,
        names=seat_names(names, players),
        phase=phase,
        round_number=round_number,
        dealer=dealer,
        trick=trick,
        tricks=tricks,
        tricks_won=tricks_won,
        trump=trump,
        scores=scores,
        actor=actor,
    )
