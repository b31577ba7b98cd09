"""A few lines of plain text describing a view: the environments' ``"ansi"`` rendering."""

from __future__ import annotations

from tricktaking.cards import format_cards
from tricktaking.views import PlayerView


def describe(view: PlayerView) -> str:
    """The deal, phase, trump, trick in progress, scores and the seat's hand."""
    trick = " ".join(f"{play.seat}:{play.card}" for play in view.trick.plays) or "-"
    trump = "none" if view.trump is None else view.trump.value
    scores = " ".join(map(str, view.scores))
    actor = "-" if view.actor is None else str(view.actor)
    return "\n".join(
        [
            f"deal {view.round_number}, phase {view.phase.value}, trump {trump}, to act {actor}",
            f"trick (leader {view.trick.leader}): {trick}",
            f"scores: {scores}",
            f"seat {view.seat} hand: {format_cards(view.hand) or '-'}",
        ]
    )
