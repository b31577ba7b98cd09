"""The hidden part of an Oh Hell view: the other hands and the stock under the turn-up."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.exact_bids import bid_layout
from tricktaking.games.oh_hell import RULES, OhHellConfig, OhHellView, legal_plays
from tricktaking.plugins import WorldLayout, WorldsPlugin

__all__ = ["WORLDS"]


def layout(view: OhHellView, config: OhHellConfig) -> WorldLayout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    stock = len(config.deck) - view.hand_size * view.players
    # a dealer drawn by chance is part of the first deal (OH-4.1, OH-14.5)
    drawn = view.round_number == 1 and config.first_dealer is None
    return bid_layout(
        view, config, RULES, legal_plays, stock=stock, drawn_dealer=view.dealer if drawn else None
    )


WORLDS = WorldsPlugin.typed(OhHellView, OhHellConfig, kit.view_config, layout)
"""How world sampling reads this game's views."""
