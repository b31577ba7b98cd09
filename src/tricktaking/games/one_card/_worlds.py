"""The hidden part of a One Card view: the other hands and the One Card in the centre."""

from __future__ import annotations

from tricktaking._world_layout import (
    Layout,
    dealing_builder,
    deck_of,
    hand_zones,
    hidden_cards,
    seen_cards,
)
from tricktaking.actions import ChooseDirection
from tricktaking.cards import Card, Rank
from tricktaking.engine import Action
from tricktaking.games.one_card import (
    OneCardConfig,
    OneCardPhase,
    OneCardView,
    legal_plays,
    new_game,
)
from tricktaking.plugins import Assignment, WorldsPlugin
from tricktaking.tricks import Trick

__all__ = ["WORLDS"]

_Phase = OneCardPhase


def config_of(view: OneCardView) -> OneCardConfig:
    """The configuration the view carries: everyone at the table knows the rules."""
    return view.config


def _actions(view: OneCardView, hand_size: int) -> list[Action]:
    """The public actions after the deal: the calls, then the plays and any reversal."""
    actions: list[Action] = list(view.calls)
    chooses = view.bidder is None and view.phase is not _Phase.CHOOSE_DIRECTION
    for index, done in enumerate(view.tricks):
        actions.extend(done.plays)
        joker = any(card.rank is Rank.JOKER for card in done.cards)
        if chooses and joker and index < hand_size - 1 and done.winner is not None:
            actions.append(ChooseDirection(done.winner, view.direction))  # OC-8.3
    actions.extend(view.trick.plays)
    return actions


def layout(view: OneCardView, config: OneCardConfig) -> Layout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    number = view.round_number
    base = new_game(config)
    if number == 0:
        return Layout((), (), (), (), lambda _: base)
    centre = () if view.centre is None else (view.centre,)
    hidden = hidden_cards(deck_of(config), [*seen_cards(view), *centre])

    def follow(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
        return legal_plays(hand, trick, view.trump)  # trump is fixed by trick 1's lead

    zones, sizes, forbidden = hand_zones(view, hidden, follow)
    if not centre:  # face down until the hand is complete (OC-5.3)
        zones.append("centre")
        sizes.append(1)
        forbidden.append(frozenset())
    actions = _actions(view, config.hand_size)

    def stock(assignment: Assignment) -> tuple[Card, ...]:
        return centre or assignment["centre"]

    build = dealing_builder(
        view,
        base,
        number,
        complete=view.phase in (_Phase.DEAL, _Phase.OVER),
        stock=stock,
        actions=actions,
    )
    return Layout(tuple(zones), tuple(sizes), hidden, tuple(forbidden), build)


WORLDS = WorldsPlugin.typed(OneCardView, OneCardConfig, config_of, layout)
"""How world sampling reads this game's views."""
