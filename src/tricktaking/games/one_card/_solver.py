"""What the exact solver needs to know about One Card: a seat's card points in the hand."""

from __future__ import annotations

from tricktaking.games.one_card import OneCardPhase, OneCardState
from tricktaking.solver_kit import SolverRules

__all__ = ["SOLVER"]


def _points(state: OneCardState, seat: int) -> int:
    return state.points[seat]


SOLVER = SolverRules(
    question="most",
    # the reversal after the joker's trick is a choice within the hand's trick play
    play_phases=frozenset({OneCardPhase.PLAY.value, OneCardPhase.CHOOSE_DIRECTION.value}),
    tally=_points,
)
"""The card points each seat captures, the One Card with the last trick (OC-12.1, OC-12.2)."""
