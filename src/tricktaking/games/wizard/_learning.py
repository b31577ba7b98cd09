"""Wizard's learning plug-in: its calls in action-index order and its observation fields."""

from __future__ import annotations

from tricktaking.actions import Action, ChooseTrump
from tricktaking.cards import Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.exact_bids import bid_fields, write_bids
from tricktaking.games.wizard import Bid, WizardPhase, WizardView
from tricktaking.plugins import ActionIndex, FieldSink, LearningSpec, Observation, ObservationTables
from tricktaking.views import PlayerView, view_of

__all__ = ["LEARNING"]

_CARDS = sort_cards(set(Deck.wizard()))


def _calls(players: int) -> tuple[Action, ...]:
    bids = [Bid(0, tricks) for tricks in range(60 // players + 1)]
    return (*bids, *(ChooseTrump(0, suit) for suit in Suit))


def _fields(out: FieldSink, n: int, space: ActionIndex) -> None:
    out.add("total_rounds", 1, "the number of rounds in this game", 0, 60 // n)
    bid_fields(out, n, len(_CARDS), 60 // n)


def _encode(out: Observation, seen: PlayerView, tables: ObservationTables) -> None:
    view = view_of(WizardView, seen)
    out[tables.offsets["total_rounds"]] = view.total_rounds
    write_bids(out, view, tables, 60 // view.players)


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
