"""One Card's learning plug-in: its calls in action-index order and its observation fields."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.actions import Action, ChooseDirection, Pass
from tricktaking.cards import Direction, sort_cards
from tricktaking.deck import Deck
from tricktaking.games.one_card import MAX_BID, Bid, OneCardPhase, OneCardView
from tricktaking.plugins import ActionIndex, FieldSink, LearningSpec, Observation, ObservationTables
from tricktaking.views import PlayerView, view_of

__all__ = ["LEARNING"]

_REL = "by relative seat"


def _calls(players: int) -> tuple[Action, ...]:
    bids = [Bid(0, points) for points in range(10 - players, MAX_BID + 1)]
    return (Pass(0), *bids, *(ChooseDirection(0, way) for way in Direction))


def _fields(out: FieldSink, n: int, space: ActionIndex) -> None:
    start, stop = kit.name_range(space, f"bid {10 - n}", "bid 15")
    c = len(_CARDS)
    out.add("direction", 1, "1 when the hand is played downtown, else 0")
    out.add("passed", n, f"1 for each seat {_REL} that has passed in the auction")
    out.add(
        "high_bid",
        stop - start,
        f"one-hot high bid {10 - n} … 15 so far (the contract once the auction is over)",
    )
    out.add("high_bidder", n, f"one-hot seat of the high bid, {_REL}")
    out.add("points", n, f"card points captured this hand, {_REL}", 0, 15)
    out.add("centre", c, "one-hot One Card, once it is shown at the end of the hand")


def _history_fields(out: FieldSink, n: int, space: ActionIndex) -> None:
    start, stop = kit.name_range(space, "pass", "bid 15")
    calls = stop - start
    out.add(
        "history_calls",
        (calls - 1 + n) * (n + calls),
        f"every call of the auction in order, {calls - 1 + n} slots of {n + calls}: "
        f"the caller one-hot {_REL}, then the call one-hot (pass, bid {10 - n} … 15)",
    )


def _encode(out: Observation, view: PlayerView, tables: ObservationTables) -> None:
    game_view = view_of(OneCardView, view)
    at, rel, space = tables.offsets, tables.rel, tables.space
    out[at["direction"]] = game_view.direction is Direction.DOWNTOWN
    high: Bid | None = None
    for call in game_view.calls:
        if isinstance(call, Pass):
            out[at["passed"] + rel(call.seat)] = 1.0
        else:
            high = call
    if high is not None:
        lowest_bid = kit.name_range(space, f"bid {10 - tables.players}", "bid 15")[0]
        out[at["high_bid"] + space.index(high) - lowest_bid] = 1.0
        out[at["high_bidder"] + rel(high.seat)] = 1.0
    for seat, points in enumerate(game_view.points):
        out[at["points"] + rel(seat)] = points
    if game_view.centre is not None:
        out[at["centre"] + tables.card[game_view.centre]] = 1.0


def _encode_history(out: Observation, view: PlayerView, tables: ObservationTables) -> None:
    n, rel, space = tables.players, tables.rel, tables.space
    first = len(_CARDS)  # the index of pass; the bids follow it
    calls = len(range(*kit.name_range(space, "pass", "bid 15")))
    width = n + calls
    for i, call in enumerate(view_of(OneCardView, view).calls):
        slot = tables.offsets["history_calls"] + i * width
        out[slot + rel(call.seat)] = 1.0
        out[slot + n + space.index(call) - first] = 1.0


_CARDS = sort_cards(set(Deck.one_card()))

LEARNING = LearningSpec(
    cards=_CARDS,
    phases=tuple(OneCardPhase),
    score_scale=30.0,
    max_tricks=lambda players: 24 // players,
    calls=_calls,
    fields=_fields,
    encode=_encode,
    history_fields=_history_fields,
    encode_history=_encode_history,
)
"""One Card's plug-in for :mod:`tricktaking.rl`."""
