"""The built-in games, each a module that implements :class:`~tricktaking.engine.Rules`.

Importing this package registers them, so the top-level functions accept their states.

Example:
    >>> from tricktaking.games import wizard
    >>> wizard.WizardConfig(players=4).total_rounds
    15
"""

from __future__ import annotations

from tricktaking.engine import Game, register_game
from tricktaking.games import bid_whist, oh_hell, one_card, wizard

__all__ = ["bid_whist", "oh_hell", "one_card", "wizard"]

register_game(
    Game(
        name="wizard",
        title="Wizard",
        config_type=wizard.WizardConfig,
        state_type=wizard.WizardState,
        rules=wizard,
    )
)
register_game(
    Game(
        name="one-card",
        title="One Card",
        config_type=one_card.OneCardConfig,
        state_type=one_card.OneCardState,
        rules=one_card,
    )
)
register_game(
    Game(
        name="bid-whist",
        title="Bid Whist",
        config_type=bid_whist.BidWhistConfig,
        state_type=bid_whist.BidWhistState,
        rules=bid_whist,
    )
)
register_game(
    Game(
        name="oh-hell",
        title="Oh Hell",
        config_type=oh_hell.OhHellConfig,
        state_type=oh_hell.OhHellState,
        rules=oh_hell,
    )
)
