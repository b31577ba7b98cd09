"""The solver's search on one small ending a game: run once compiled, once as plain Python.

CI runs this module a second time with ``NUMBA_DISABLE_JIT=1`` (as it does the kernels'
``tests/batch/test_kernels_in_python.py``), so the compiled search and the kernels'
``equivalent_row`` count in the coverage, which cannot see compiled code. Each ending
holds two equivalent cards where the game tells any, so that path runs too.
"""

from __future__ import annotations

from typing import Any

import pytest

import tricktaking as tt
from tricktaking import solver
from tricktaking.solver._engine import Position
from tricktaking.tricks import Play

from . import oracle


def ending(game: str) -> Any:
    """The first small card-play ending of ``game`` with two equivalent cards, if any."""
    found = None
    for state in oracle.endgames(game, 40, seed=5, most_cards=3):
        plays = [play for play in tt.legal_actions(state) if isinstance(play, Play)]
        if len(plays) < 2 or len(plays) != len(tt.legal_actions(state)):
            continue
        found = found or state
        loaded = Position(state)
        if any(loaded.equivalent(one, other) for one in plays for other in plays if one != other):
            return state
    assert found is not None
    return found


@pytest.mark.parametrize("game", ["bid-whist", "wizard", "oh-hell", "one-card"])
def test_card_values_are_the_minimax_values(game: str) -> None:
    state = ending(game)
    assert solver.card_values(state) == oracle.card_values(state)
