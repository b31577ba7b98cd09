"""Finding a game's batch rules: the one place that maps a registered game to them."""

from __future__ import annotations

import importlib

from tricktaking.batch._protocol import BatchRules
from tricktaking.engine import Game, GameState

__all__ = ["rules_for"]

# Where each game's batch rules live, as "module:attribute". This table is the stand-in
# for a plug-in field of the game's declaration, and nothing else reads a game's name.
_PLUG_INS = {
    "bid-whist": "tricktaking.batch._bid_whist:RULES",
    "one-card": "tricktaking.batch._one_card:RULES",
    "wizard": "tricktaking.batch._wizard:RULES",
}


def rules_for(game: Game[GameState[object], object]) -> BatchRules:
    """The batch rules of the registered ``game``.

    Raises:
        ValueError: If the game has no batch rules.

    Example:
        >>> from tricktaking.batch import rules_for
        >>> import tricktaking as tt
        >>> rules_for(tt.get_game("wizard")).game
        'wizard'
    """
    where = _PLUG_INS.get(game.name)
    if where is None:
        raise ValueError(f"the game {game.name!r} has no batch rules in tricktaking.batch")
    module, _, attribute = where.partition(":")
    rules: BatchRules = getattr(importlib.import_module(module), attribute)
    return rules
