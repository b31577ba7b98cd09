"""The built-in games: each a package whose rules module implements the engine's contract.

Each game is declared once, in its ``declaration`` module (a
:class:`~tricktaking.engine.Game` record and one :func:`~tricktaking.engine.register_game`);
importing this package registers them, so the top-level functions accept their states.

Example:
    >>> from tricktaking.games import wizard
    >>> wizard.WizardConfig(players=4).total_rounds
    15
"""

from __future__ import annotations

from tricktaking.games import bid_whist, oh_hell, one_card, wizard
from tricktaking.games.bid_whist import declaration as _bid_whist_declaration
from tricktaking.games.oh_hell import declaration as _oh_hell_declaration
from tricktaking.games.one_card import declaration as _one_card_declaration
from tricktaking.games.wizard import declaration as _wizard_declaration

__all__ = ["bid_whist", "oh_hell", "one_card", "wizard"]

# the declarations register themselves when imported
_DECLARED = (
    _bid_whist_declaration.GAME,
    _oh_hell_declaration.GAME,
    _one_card_declaration.GAME,
    _wizard_declaration.GAME,
)
