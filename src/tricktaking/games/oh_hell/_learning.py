"""Oh Hell's learning plug-in: its bids in action-index order and its observation fields.

Every deck of the game is a part of the standard deck, so the action space and the card
fields use the standard deck's 52 cards whatever the configuration; cards a reduced deck
lacks are never legal and never seen.
"""

from __future__ import annotations

from tricktaking.actions import Action
from tricktaking.cards import sort_cards
from tricktaking.deck import Deck
from tricktaking.exact_bids import bid_fields, write_bids
from tricktaking.games.oh_hell import Bid, OhHellPhase, OhHellView
from tricktaking.plugins import ActionIndex, FieldSink, LearningSpec, Observation, ObservationTables
from tricktaking.views import PlayerView, view_of

__all__ = ["LEARNING"]

_CARDS = sort_cards(Deck.standard())


def _most_tricks(players: int) -> int:
    """The largest hand: a card for each seat and a turn-up from 52 (OH-5.5)."""
    return (len(_CARDS) - 1) // players


def _calls(players: int) -> tuple[Action, ...]:
    return tuple(Bid(0, tricks) for tricks in range(_most_tricks(players) + 1))


def _fields(out: FieldSink, n: int, space: ActionIndex) -> None:
    top = _most_tricks(n)
    out.add("total_hands", 1, "the number of hands in this game", 0, 2 * top - 1)
    out.add("hand_size", 1, "the number of cards dealt to each seat this hand", 0, top)
    bid_fields(out, n, len(_CARDS), top, none="before the deal")


def _encode(out: Observation, seen: PlayerView, tables: ObservationTables) -> None:
    view = view_of(OhHellView, seen)
    at = tables.offsets
    out[at["total_hands"]] = view.total_hands
    out[at["hand_size"]] = view.hand_size
    write_bids(out, view, tables, _most_tricks(view.players))


LEARNING = LearningSpec(
    cards=_CARDS,
    phases=tuple(OhHellPhase),
    score_scale=10.0,
    max_tricks=_most_tricks,
    calls=_calls,
    fields=_fields,
    encode=_encode,
)
"""Oh Hell's plug-in for :mod:`tricktaking.rl`."""
