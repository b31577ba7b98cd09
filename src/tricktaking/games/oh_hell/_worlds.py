"""The hidden part of an Oh Hell view: the other hands and the stock under the turn-up."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.exact_bids import public_calls
from tricktaking.games.oh_hell import Bid, OhHellConfig, OhHellPhase, OhHellView, legal_plays
from tricktaking.plugins import WorldLayout, WorldsPlugin

__all__ = ["WORLDS"]


def layout(view: OhHellView, config: OhHellConfig) -> WorldLayout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    turn_up = () if view.turn_up is None else (view.turn_up,)
    stock = len(config.deck) - view.hand_size * view.players - len(turn_up)
    return kit.deal_layout(
        view,
        config,
        follow=legal_plays,
        actions=[*public_calls(view, Bid, chose=False), *kit.plays_of(view.trick, view.tricks)],
        complete=view.phase in (OhHellPhase.DEAL, OhHellPhase.OVER),
        shown=turn_up,
        stock_zone=("stock", stock),
        # a dealer drawn by chance is part of the first deal (OH-4.1, OH-14.5)
        drawn_dealer=view.dealer
        if view.round_number == 1 and config.first_dealer is None
        else None,
    )


WORLDS = WorldsPlugin.typed(OhHellView, OhHellConfig, kit.view_config, layout)
"""How world sampling reads this game's views."""
