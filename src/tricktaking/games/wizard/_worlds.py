"""The hidden part of a Wizard view: the other hands and the stock under the turn-up."""

from __future__ import annotations

from tricktaking._world_layout import (
    Layout,
    dealing_builder,
    deck_of,
    hand_zones,
    hidden_cards,
    plays_of,
    seen_cards,
)
from tricktaking.actions import ChooseTrump
from tricktaking.cards import Card, Rank
from tricktaking.engine import Action
from tricktaking.games.wizard import (
    Bid,
    WizardConfig,
    WizardPhase,
    WizardView,
    legal_plays,
    new_game,
)
from tricktaking.plugins import Assignment, WorldsPlugin

__all__ = ["WORLDS"]

_Phase = WizardPhase


def config_of(view: WizardView) -> WizardConfig:
    """The configuration the view carries: everyone at the table knows the rules."""
    return view.config


def _calls(view: WizardView) -> list[Action]:
    """The trump choice after a Wizard turn-up (WZ-6.4) and the bids so far (WZ-7.1)."""
    calls: list[Action] = []
    if view.turn_up is not None and view.turn_up.rank is Rank.WIZARD and view.trump is not None:
        calls.append(ChooseTrump(view.dealer, view.trump))
    n = view.players
    for bidder in ((view.dealer + 1 + k) % n for k in range(n)):
        tricks = view.bids[bidder]
        if tricks is not None:
            calls.append(Bid(bidder, tricks))
    return calls


def layout(view: WizardView, config: WizardConfig) -> Layout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    number = view.round_number
    base = new_game(config)
    if number == 0:
        return Layout((), (), (), (), lambda _: base)
    deck = deck_of(config)
    turn_up = () if view.turn_up is None else (view.turn_up,)
    hidden = hidden_cards(deck, [*seen_cards(view), *turn_up])
    zones, sizes, forbidden = hand_zones(view, hidden, legal_plays)
    zones.append("stock")
    sizes.append(sum(deck.values()) - number * view.players - len(turn_up))
    forbidden.append(frozenset())
    actions = [*_calls(view), *plays_of(view.trick, view.tricks)]

    def stock(assignment: Assignment) -> tuple[Card, ...]:
        return (*turn_up, *assignment["stock"])

    build = dealing_builder(
        view,
        base,
        number,
        complete=view.phase in (_Phase.DEAL, _Phase.OVER),
        stock=stock,
        actions=actions,
    )
    return Layout(tuple(zones), tuple(sizes), hidden, tuple(forbidden), build)


WORLDS = WorldsPlugin.typed(WizardView, WizardConfig, config_of, layout)
"""How world sampling reads this game's views."""
