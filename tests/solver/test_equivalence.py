"""Equivalent cards: the kernels' ``equivalent_row`` and the solver's use of it.

Two cards a seat holds are equivalent when no card that ranks between them could meet
them in a trick (none is in another hand or in the trick in progress) and they score
alike: whatever anyone plays next, the rest of the deal goes the same way after either
one. The search then tries only the first, and ``card_values`` values the others by it.
Every pair the kernels call equivalent is checked here against plain minimax: both cards
have the same value for every seat's question.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import tricktaking as tt
from tricktaking.solver import _api
from tricktaking.solver._engine import DEFAULT, Options, Position
from tricktaking.tricks import Play

from . import oracle

ENDGAMES = 150


@functools.cache
def positions(game: str) -> tuple[Any, ...]:
    """Card-play positions with up to three cards a hand, where touching cards occur."""
    found = oracle.endgames(game, ENDGAMES, seed=5, most_cards=3)
    return tuple(
        state for state in found if all(isinstance(play, Play) for play in tt.legal_actions(state))
    )


def equivalent_pairs(state: Any) -> list[tuple[Play, Play]]:
    loaded = Position(state)
    plays = [play for play in tt.legal_actions(state) if isinstance(play, Play)]
    return [
        (first, second)
        for k, first in enumerate(plays)
        for second in plays[k + 1 :]
        if loaded.equivalent(first, second)
    ]


@pytest.mark.parametrize("game", ["bid-whist", "wizard", "oh-hell"])
def test_equivalent_cards_have_one_minimax_value_for_every_seat(game: str) -> None:
    """The orders the kernels tell by: BW-2.3 to BW-2.5 and BW-10.1, WZ-11, OH-11."""
    pairs = 0
    for state in positions(game):
        for first, second in equivalent_pairs(state):
            pairs += 1
            after_first = tt.apply(state, first)
            after_second = tt.apply(state, second)
            for seat in range(len(state.round.hands)):
                assert oracle.value(after_first, seat) == oracle.value(after_second, seat), (
                    state,
                    first,
                    second,
                )
    assert pairs >= 10  # the positions hold touching cards: the check is not empty


def test_one_card_tells_no_cards_equivalent() -> None:
    # its touching cards can score different card points (OC-2.3)
    assert not any(equivalent_pairs(state) for state in positions("one-card"))


def test_a_card_is_never_equivalent_to_a_card_of_another_suit() -> None:
    for game in ("bid-whist", "wizard", "oh-hell"):
        for state in positions(game):
            for first, second in equivalent_pairs(state):
                assert first.card.suit == second.card.suit or None in (
                    first.card.suit,
                    second.card.suit,
                ), (state, first, second)


@pytest.mark.parametrize("game", ["bid-whist", "wizard", "oh-hell"])
def test_card_values_are_the_same_with_and_without_equivalence(game: str) -> None:
    without = Options(equivalence=False)
    for state in positions(game)[:20]:
        rules = _api._solver_rules(tt.get_game(game))
        seat = tt.actor(state)
        assert isinstance(seat, int)
        found = _api._card_values(tt.get_game(game), rules, state, seat, DEFAULT)
        assert found == _api._card_values(tt.get_game(game), rules, state, seat, without)
