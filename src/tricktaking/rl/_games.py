"""What the learning interfaces know about each game, read from its declaration.

A game's declaration (:class:`~tricktaking.engine.Game`) carries its ``learning`` plug-in
(:class:`~tricktaking.plugins.LearningSpec`): cards, phases, calls and its own observation
fields. Everything in :mod:`tricktaking.rl` is generic and reads the game-specific parts
from here; a game without the plug-in is refused with a clear error.
"""

from __future__ import annotations

from typing import cast

import attrs

import tricktaking as tt
from tricktaking.engine import Game, GameState
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.plugins import LearningSpec
from tricktaking.rl._args import exact_int

__all__ = ["GameSpec", "learning_game", "spec_for_game", "supported_games"]

_MAX_NAME = 100  # no registry name is longer; a longer one is refused before any lookup


@attrs.frozen(kw_only=True)
class GameSpec:
    """A registered game's learning facts, with its name, title, seats and teams.

    Attributes:
        name: The registry name.
        title: The human name.
        seats: The numbers of seats its configuration accepts.
        shared_scores: Whether partners share a score.
        learning: The game's plug-in.
    """

    name: str
    title: str
    seats: range
    shared_scores: bool
    learning: LearningSpec

    @property
    def cards(self) -> tuple[tt.Card, ...]:
        """Every distinct card of the deck, in canonical order."""
        return self.learning.cards


def supported_games() -> tuple[str, ...]:
    """The registered games that have learning interfaces, sorted.

    Example:
        >>> from tricktaking.rl import supported_games
        >>> supported_games()
        ('bid-whist', 'oh-hell', 'one-card', 'wizard')
    """
    return tuple(name for name in tt.available_games() if tt.get_game(name).learning is not None)


def learning_game(name: object) -> Game[GameState[object], object]:
    """The registered game called ``name``, which must have learning interfaces.

    Raises:
        ArgumentTypeError: If ``name`` is not a ``str``.
        ArgumentError: If no game of that name is registered, or it has no learning
            interface.
    """
    if type(name) is not str:
        raise ArgumentTypeError(f"a game name is a str, not {safe_repr(name)}")
    try:
        game = tt.get_game(name) if len(name) <= _MAX_NAME else None
    except KeyError:
        game = None
    if game is None:
        available = ", ".join(supported_games())
        raise ArgumentError(f"no game named {safe_repr(name)}; available: {available}")
    if game.learning is None:
        raise ArgumentError(f"the game {game.name!r} has no learning interface in tricktaking.rl")
    return game


def spec_for_game(name: object, players: object) -> GameSpec:
    """The spec of the registered game ``name``, checked against the number of seats.

    Raises:
        ArgumentTypeError: If ``name`` is not a ``str`` or ``players`` not an ``int``.
        ArgumentError: If the game is unknown, has no learning interface, or ``players``
            is out of range.
    """
    game = learning_game(name)
    seats = game.seat_range
    count = exact_int(players, "players")
    if count not in seats:
        raise ArgumentError(
            f"{game.name} is played by {seats.start} to {seats.stop - 1} players, "
            f"not {safe_repr(count)}"
        )
    return GameSpec(
        name=game.name,
        title=game.title,
        seats=seats,
        shared_scores=game.team_count is not None,
        learning=cast("LearningSpec", game.learning),  # learning_game checked it
    )
