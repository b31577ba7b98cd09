"""Wizard's learning plug-in: its calls in action-index order and its observation fields."""

from __future__ import annotations

from tricktaking.actions import Action, ChooseTrump
from tricktaking.cards import Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.games.wizard import Bid, WizardPhase, WizardView
from tricktaking.plugins import (
    ActionIndex,
    FieldSink,
    LearningSpec,
    Observation,
    ObservationTables,
)
from tricktaking.views import PlayerView

__all__ = ["LEARNING"]

_REL = "by relative seat"


def _calls(players: int) -> tuple[Action, ...]:
    bids = [Bid(0, tricks) for tricks in range(60 // players + 1)]
    return (*bids, *(ChooseTrump(0, suit) for suit in Suit))


def _fields(out: FieldSink, n: int, space: ActionIndex) -> None:
    top = 60 // n
    c = len(_CARDS)
    out.add("total_rounds", 1, "the number of rounds in this game", 0, 60 // n)
    out.add("turn_up", c, "one-hot turned-up card; all 0 when there is none")
    out.add("bids", n * (top + 1), f"for each seat {_REL}, its bid 0 … {top} one-hot; 0 before it")


def _encode(out: Observation, view: PlayerView, tables: ObservationTables) -> None:
    if not isinstance(view, WizardView):
        raise TypeError(f"expected a WizardView, not {type(view).__name__}")
    at, rel = tables.offsets, tables.rel
    out[at["total_rounds"]] = view.total_rounds
    if view.turn_up is not None:
        out[at["turn_up"] + tables.card[view.turn_up]] = 1.0
    width = 60 // view.players + 1
    for seat, bid in enumerate(view.bids):
        if bid is not None:
            out[at["bids"] + rel(seat) * width + bid] = 1.0


_CARDS = sort_cards(set(Deck.wizard()))

LEARNING = LearningSpec(
    cards=_CARDS,
    phases=tuple(WizardPhase),
    score_scale=100.0,
    max_tricks=lambda players: 60 // players,
    calls=_calls,
    fields=_fields,
    encode=_encode,
)
"""Wizard's plug-in for :mod:`tricktaking.rl`."""
