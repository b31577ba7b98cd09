"""What the learning interfaces know about each game, read from its declaration.

A game's declaration (:class:`~tricktaking.engine.Game`) carries its ``learning`` plug-in
(:class:`~tricktaking.plugins.LearningSpec`): cards, phases, calls and its own observation
fields. Everything in :mod:`tricktaking.rl` is generic and reads the game-specific parts
from here; a game without the plug-in is refused with a clear error.
"""

from __future__ import annotations

import attrs

import tricktaking as tt
from tricktaking.plugins import LearningSpec

__all__ = ["GameSpec", "spec_for_game", "supported_games"]


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


def spec_for_game(name: str, players: int) -> GameSpec:
    """The spec of the registered game ``name``, checked against the number of seats.

    Raises:
        ValueError: If the game has no learning interface or ``players`` is out of range.
    """
    game = tt.get_game(name)
    learning = game.learning
    if learning is None:
        raise ValueError(f"the game {game.name!r} has no learning interface in tricktaking.rl")
    seats = game.seat_range
    if players not in seats:
        raise ValueError(
            f"{game.name} is played by {seats.start} to {seats.stop - 1} players, not {players}"
        )
    return GameSpec(
        name=game.name,
        title=game.title,
        seats=seats,
        shared_scores=game.team_count is not None,
        learning=learning,
    )
