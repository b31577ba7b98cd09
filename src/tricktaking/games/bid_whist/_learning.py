"""Bid Whist's learning plug-in: its calls in action-index order and its observation fields."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.actions import Action, ChooseDirection, ChooseTrump, Pass
from tricktaking.cards import Direction, Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.games.bid_whist import (
    MAX_LEVEL,
    Bid,
    BidMode,
    BidWhistPhase,
    BidWhistView,
    Discard,
)
from tricktaking.plugins import ActionIndex, FieldSink, LearningSpec, Observation, ObservationTables
from tricktaking.views import PlayerView, view_of

__all__ = ["LEARNING"]

_REL = "by relative seat"


def _calls(players: int) -> tuple[Action, ...]:
    bids = [Bid(0, level, mode) for level in range(1, MAX_LEVEL + 1) for mode in BidMode]
    return (
        Pass(0),
        *bids,
        *(ChooseTrump(0, suit) for suit in Suit),
        *(ChooseDirection(0, way) for way in Direction),
    )


def _fields(out: FieldSink, n: int, space: ActionIndex) -> None:
    start, stop = kit.name_range(space, "pass", "bid 7NT")
    c = len(_CARDS)
    out.add("direction", 1, "1 when the hand is played downtown, else 0")
    out.add(
        "calls",
        n * (stop - start),
        f"for each seat {_REL}, its call one-hot: pass, 1U, 1D, 1NT, … 7NT; 0 before it",
    )
    out.add("contract", stop - start - 1, "one-hot contract 1U, 1D, 1NT, … 7NT")
    out.add("declarer", n, f"one-hot declarer, {_REL}")
    out.add("kitty", c, "count of each kitty card this seat sees (declarer, exchange)")
    out.add("discards", c, "count of each card this seat has discarded (declarer, exchange)")


def _encode(out: Observation, seen: PlayerView, tables: ObservationTables) -> None:
    view = view_of(BidWhistView, seen)
    at, rel, space = tables.offsets, tables.rel, tables.space
    out[at["direction"]] = view.direction is Direction.DOWNTOWN
    first = len(_CARDS)  # the index of pass; the bids follow it
    width = 1 + 3 * MAX_LEVEL
    for call in view.calls:
        out[at["calls"] + rel(call.seat) * width + space.index(call) - first] = 1.0
    contract = view.contract
    if contract is not None:
        out[at["contract"] + space.index(contract) - first - 1] = 1.0
        out[at["declarer"] + rel(contract.seat)] = 1.0
    card = tables.card
    for held in view.kitty:
        out[at["kitty"] + card[held]] += 1.0
    for held in view.discards:
        out[at["discards"] + card[held]] += 1.0


_CARDS = sort_cards(set(Deck.bid_whist()))

LEARNING = LearningSpec(
    cards=_CARDS,
    phases=tuple(BidWhistPhase),
    score_scale=7.0,
    max_tricks=lambda players: 12,
    calls=_calls,
    fields=_fields,
    encode=_encode,
    discard_phase=BidWhistPhase.DISCARD,
    discard=Discard,
)
"""Bid Whist's plug-in for :mod:`tricktaking.rl`."""
