"""The hidden part of a One Card view: the other hands and the One Card in the centre."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.actions import ChooseDirection
from tricktaking.cards import Card, Rank
from tricktaking.engine import Action
from tricktaking.games.one_card import OneCardConfig, OneCardPhase, OneCardView, legal_plays
from tricktaking.plugins import WorldLayout, WorldsPlugin
from tricktaking.tricks import Trick

__all__ = ["WORLDS"]

_Phase = OneCardPhase


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


def layout(view: OneCardView, config: OneCardConfig) -> WorldLayout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    centre = () if view.centre is None else (view.centre,)

    def follow(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
        return legal_plays(hand, trick, view.trump)  # trump is fixed by trick 1's lead

    return kit.deal_layout(
        view,
        config,
        follow=follow,
        actions=_actions(view, config.hand_size),
        complete=view.phase in (_Phase.DEAL, _Phase.OVER),
        shown=centre,
        # face down until the hand is complete (OC-5.3)
        stock_zone=None if centre else ("centre", 1),
    )


WORLDS = WorldsPlugin.typed(OneCardView, OneCardConfig, kit.view_config, layout)
"""How world sampling reads this game's views."""
