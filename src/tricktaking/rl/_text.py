"""A few lines of plain text describing a view: the environments' ``"ansi"`` rendering."""

from __future__ import annotations

from tricktaking.cards import format_cards
from tricktaking.rl._context import TableView, deal_number, seat_scores


def describe(view: TableView) -> str:
    """The deal, phase, trump, trick in progress, scores and the seat's hand."""
    players = len(view.hand_sizes)
    trick = " ".join(f"{play.seat}:{play.card}" for play in view.trick.plays) or "-"
    trump = "none" if view.trump is None else view.trump.value
    scores = " ".join(map(str, seat_scores(view, players)))
    actor = "-" if view.actor is None else str(view.actor)
    return "\n".join(
        [
            f"deal {deal_number(view)}, phase {view.phase.value}, trump {trump}, to act {actor}",
            f"trick (leader {view.trick.leader}): {trick}",
            f"scores: {scores}",
            f"seat {view.seat} hand: {format_cards(view.hand) or '-'}",
        ]
    )
