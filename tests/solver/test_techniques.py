"""Each search technique switched off in turn still gives the plain minimax values.

The techniques (alpha-beta cut-offs, the transposition table and its keys without the
tallies, MTD(f)'s zero windows, the bounds from the tricks left, the heuristic move
tried early, equivalent cards searched once, a table small enough to overwrite itself)
change how much is searched, never a value: each setting is checked against the oracle
on the same random endgames.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import tricktaking as tt
from tricktaking.engine import game_of
from tricktaking.solver import _api
from tricktaking.solver._engine import SETTINGS, Options

from . import oracle

GAMES = ("bid-whist", "wizard", "oh-hell", "one-card")
ENDGAMES = 100


@functools.cache
def endgames(game: str) -> tuple[Any, ...]:
    return tuple(oracle.endgames(game, ENDGAMES, seed=11))


@functools.cache
def expected(state: Any) -> tuple[int, ...]:
    return tuple(oracle.value(state, seat) for seat in range(len(state.round.hands)))


def solved(state: Any, seat: int, options: Options) -> int:
    game = game_of(state)
    return _api._value(game, _api._solver_rules(game), state, seat, options)


@pytest.mark.parametrize("setting", sorted(SETTINGS))
@pytest.mark.parametrize("game", GAMES)
def test_every_setting_gives_the_minimax_value_of_every_seat(game: str, setting: str) -> None:
    for state in endgames(game):
        values = tuple(
            solved(state, seat, SETTINGS[setting]) for seat in range(len(state.round.hands))
        )
        assert values == expected(state), state


@pytest.mark.parametrize("setting", sorted(SETTINGS))
@pytest.mark.parametrize("game", ["wizard", "oh-hell"])
def test_every_setting_gives_the_forcible_totals(game: str, setting: str) -> None:
    rules_of = _api._solver_rules
    for state in endgames(game)[:25]:
        seat = tt.actor(state)
        assert isinstance(seat, int)
        found = _api._forcible_tricks(
            game_of(state), rules_of(game_of(state)), state, seat, SETTINGS[setting]
        )
        assert found == oracle.forcible(state, seat)
