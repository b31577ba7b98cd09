"""Reading the game, the number of seats and the common fields from any view or state.

Views of the three games name a few common fields differently (the deal number, the
scores); these accessors are the one place that knows, so the encoders stay generic.
"""

from __future__ import annotations

import enum
from typing import Protocol, cast

import tricktaking as tt
from tricktaking.cards import Card, Suit
from tricktaking.engine import Action, GameState, PlayerView
from tricktaking.rl._games import GameSpec, spec_for_game
from tricktaking.tricks import Trick
from tricktaking.views import JSONValue

__all__ = [
    "TableView",
    "deal_number",
    "game_of_view",
    "seat_scores",
    "spec_of",
    "table_view",
    "tricks_won",
]


class TableView(Protocol):
    """The fields every game's view has, that the encoders read."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> enum.Enum: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> Trick: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    def to_dict(self) -> dict[str, JSONValue]: ...


_FIELDS = ("seat", "phase", "dealer", "hand", "hand_sizes", "trick", "tricks", "trump", "actor")
_GAME_OF_VIEW_TYPE: dict[type, str] = {}


def table_view(value: object) -> TableView | None:
    """``value`` as a :class:`TableView` if it is a player view, else ``None``."""
    kind = type(value)
    if kind in _GAME_OF_VIEW_TYPE:
        return cast("TableView", value)
    if all(hasattr(value, name) for name in _FIELDS) and hasattr(value, "to_dict"):
        return cast("TableView", value)
    return None


def game_of_view(view: TableView) -> str:
    """The registry name of the game ``view`` belongs to (read once per view type)."""
    kind = type(view)
    name = _GAME_OF_VIEW_TYPE.get(kind)
    if name is None:
        game = view.to_dict().get("game")
        if not isinstance(game, str):
            raise TypeError(f"{kind.__name__} is not the view of a registered game")
        name = tt.get_game(game).name
        _GAME_OF_VIEW_TYPE[kind] = name
    return name


def spec_of(value: PlayerView | GameState[object]) -> tuple[GameSpec, int]:
    """The spec of the game of a view or state, and its number of seats.

    Raises:
        TypeError: If ``value`` is neither a view nor a state of a registered game.
        ValueError: If the game has no learning interface.
    """
    view = table_view(value)
    if view is not None:
        players = len(view.hand_sizes)
        return spec_for_game(game_of_view(view), players), players
    game = tt.game_of(value)
    players = len(cast("GameState[object]", value).round.hands)
    return spec_for_game(game.name, players), players


def deal_number(view: TableView) -> int:
    """The number of the current deal in the game (1 for the first; 0 before it)."""
    number = getattr(view, "round_number", None)
    if number is None:
        number = getattr(view, "hand_number", 0)
    return int(cast("int", number))


def seat_scores(view: TableView, players: int) -> tuple[int, ...]:
    """Cumulative scores per seat; a team's score is given to both partners."""
    scores = getattr(view, "scores", None)
    if scores is None:
        scores = getattr(view, "team_scores", ())
    values = tuple(cast("tuple[int, ...]", scores))
    if len(values) == players or not values:
        return values
    teams = len(values)
    return tuple(values[seat % teams] for seat in range(players))


def tricks_won(view: TableView, players: int) -> list[int]:
    """Tricks won so far this deal per seat, counted from the completed tricks."""
    won = [0] * players
    for trick in view.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    return won
