"""The hidden part of an Oh Hell view: the other hands and the stock under the turn-up."""

from __future__ import annotations

from collections import Counter

from tricktaking._world_layout import (
    Layout,
    dealing_builder,
    hand_zones,
    hidden_cards,
    plays_of,
    seen_cards,
)
from tricktaking.cards import Card
from tricktaking.engine import Action
from tricktaking.games.oh_hell import (
    Bid,
    OhHellConfig,
    OhHellPhase,
    OhHellView,
    legal_plays,
    new_game,
)
from tricktaking.plugins import Assignment, WorldsPlugin

__all__ = ["WORLDS"]


def config_of(view: OhHellView) -> OhHellConfig:
    """The configuration the view carries: everyone at the table knows the rules."""
    return view.config


def _bids(view: OhHellView) -> list[Action]:
    """The bids so far, left of the dealer first (OH-7.1)."""
    n = view.players
    order = ((view.dealer + 1 + k) % n for k in range(n))
    return [Bid(seat, tricks) for seat in order if (tricks := view.bids[seat]) is not None]


def layout(view: OhHellView, config: OhHellConfig) -> Layout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    if config != view.config:
        raise ValueError("the view was made under another configuration")
    number = view.round_number
    base = new_game(config)
    if number == 0:
        return Layout((), (), (), (), lambda _: base)
    deck = Counter(config.deck)
    turn_up = () if view.turn_up is None else (view.turn_up,)
    hidden = hidden_cards(deck, [*seen_cards(view), *turn_up])
    zones, sizes, forbidden = hand_zones(view, hidden, legal_plays)
    zones.append("stock")
    sizes.append(len(config.deck) - view.hand_size * view.players - len(turn_up))
    forbidden.append(frozenset())

    def stock(assignment: Assignment) -> tuple[Card, ...]:
        return (*turn_up, *assignment["stock"])

    build = dealing_builder(
        view,
        base,
        number,
        complete=view.phase in (OhHellPhase.DEAL, OhHellPhase.OVER),
        stock=stock,
        actions=[*_bids(view), *plays_of(view.trick, view.tricks)],
        # a dealer drawn by chance is part of the first deal (OH-4.1, OH-14.5)
        drawn_dealer=view.dealer if number == 1 and config.first_dealer is None else None,
    )
    return Layout(tuple(zones), tuple(sizes), hidden, tuple(forbidden), build)


WORLDS = WorldsPlugin.typed(OhHellView, OhHellConfig, config_of, layout)
"""How world sampling reads this game's views."""
