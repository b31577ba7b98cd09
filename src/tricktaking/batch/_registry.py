"""Finding a game's batch rules: the plug-in its declaration names."""

from __future__ import annotations

import importlib

from tricktaking.batch_kit import BatchRules
from tricktaking.engine import Game, GameState

__all__ = ["rules_for"]


def rules_for(game: Game[GameState[object], object]) -> BatchRules:
    """The batch rules of the registered ``game``, imported from ``game.batch_rules``.

    Raises:
        ValueError: If the game has no batch rules.
        TypeError: If what ``game.batch_rules`` names is not a
            :class:`~tricktaking.batch_kit.BatchRules`.

    Example:
        >>> from tricktaking.batch import BatchRules, rules_for
        >>> import tricktaking as tt
        >>> isinstance(rules_for(tt.get_game("wizard")), BatchRules)
        True
    """
    where = game.batch_rules
    if where is None:
        raise ValueError(f"the game {game.name!r} has no batch rules (Game.batch_rules)")
    module, _, attribute = where.partition(":")
    rules: object = getattr(importlib.import_module(module), attribute)
    if not isinstance(rules, BatchRules):
        raise TypeError(f"{where} (the batch rules of {game.name!r}) is not a BatchRules")
    return rules
