"""The hidden part of a Wizard view: the other hands and the stock under the turn-up."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.cards import Rank
from tricktaking.exact_bids import public_calls
from tricktaking.games.wizard import Bid, WizardConfig, WizardPhase, WizardView, legal_plays
from tricktaking.plugins import WorldLayout, WorldsPlugin

__all__ = ["WORLDS"]


def layout(view: WizardView, config: WizardConfig) -> WorldLayout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    turn_up = () if view.turn_up is None else (view.turn_up,)
    chose = view.turn_up is not None and view.turn_up.rank is Rank.WIZARD  # WZ-6.4
    calls = public_calls(view, Bid, chose=chose)
    return kit.deal_layout(
        view,
        config,
        follow=legal_plays,
        actions=[*calls, *kit.plays_of(view.trick, view.tricks)],
        complete=view.phase in (WizardPhase.DEAL, WizardPhase.OVER),
        shown=turn_up,
        stock_zone=("stock", 60 - view.round_number * view.players - len(turn_up)),
    )


WORLDS = WorldsPlugin.typed(WizardView, WizardConfig, kit.view_config, layout)
"""How world sampling reads this game's views."""
