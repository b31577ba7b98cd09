"""The hidden part of a Wizard view: the other hands and the stock under the turn-up."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.cards import Rank
from tricktaking.exact_bids import bid_layout
from tricktaking.games.wizard import RULES, WizardConfig, WizardView, legal_plays
from tricktaking.plugins import WorldLayout, WorldsPlugin

__all__ = ["WORLDS"]


def layout(view: WizardView, config: WizardConfig) -> WorldLayout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    stock = 60 - view.round_number * view.players
    chose = view.turn_up is not None and view.turn_up.rank is Rank.WIZARD  # WZ-6.4
    return bid_layout(view, config, RULES, legal_plays, stock=stock, chose=chose)


WORLDS = WorldsPlugin.typed(WizardView, WizardConfig, kit.view_config, layout)
"""How world sampling reads this game's views."""
