"""Telling a view from a state, and finding the game and number of seats of either."""

from __future__ import annotations

from typing import cast

import tricktaking as tt
from tricktaking import engine
from tricktaking.engine import GameState
from tricktaking.errors import ArgumentTypeError, safe_repr
from tricktaking.plugins import FORGED_VIEW_ERRORS, forged_view_error
from tricktaking.rl._games import GameSpec, spec_for_game
from tricktaking.views import PlayerView

__all__ = ["checked_view", "game_of_view", "spec_of", "table_view"]

_FIELDS = ("seat", "players", "phase", "hand", "hand_sizes", "trick", "tricks", "scores")
_GAME_OF_VIEW_TYPE: dict[type, str] = {}


def table_view(value: object) -> PlayerView | None:
    """``value`` if it is a player view, else ``None``."""
    if type(value) in _GAME_OF_VIEW_TYPE:
        return cast("PlayerView", value)
    if all(hasattr(value, name) for name in _FIELDS) and hasattr(value, "to_dict"):
        return cast("PlayerView", value)
    return None


def checked_view(value: object) -> PlayerView:
    """``value`` if it is a player view.

    Raises:
        ArgumentTypeError: If it is not.
    """
    view = table_view(value)
    if view is None:
        raise ArgumentTypeError(f"expected a player view, not {safe_repr(value)}")
    return view


def game_of_view(view: PlayerView) -> str:
    """The registry name of the game ``view`` belongs to (read once per view type)."""
    kind = type(view)
    name = _GAME_OF_VIEW_TYPE.get(kind)
    if name is None:
        try:
            name = engine.game_of_view(view).name
        except TypeError:
            raise ArgumentTypeError(
                f"{kind.__name__} is not the view of a registered game"
            ) from None
        except (
            FORGED_VIEW_ERRORS
        ) as error:  # a view of a class no game declared, with broken fields
            raise forged_view_error(view, error) from error
        _GAME_OF_VIEW_TYPE[kind] = name
    return name


def spec_of(value: PlayerView | GameState[object]) -> tuple[GameSpec, int]:
    """The spec of the game of a view or state, and its number of seats.

    Raises:
        ArgumentTypeError: If ``value`` is neither a view nor a state of a registered game.
        ArgumentError: If the game has no learning interface.
    """
    view = table_view(value)
    if view is not None:
        return spec_for_game(game_of_view(view), view.players), view.players
    try:
        game = tt.game_of(value)
    except TypeError:
        raise ArgumentTypeError(
            f"expected a player view or a game state, not {safe_repr(value)}"
        ) from None
    players = len(cast("GameState[object]", value).round.hands)
    return spec_for_game(game.name, players), players
