"""The solver against plain minimax over ``tt.apply``, on random small endgames of each game.

Every value is the rules' own: the oracle (tests/solver/oracle.py) tries every legal
action of every seat and reads each game's fields itself. A principal line replays
through ``tt.apply`` and scores what the solver says, and bad arguments get typed errors.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tricktaking as tt
from tricktaking import solver
from tricktaking.cards import Direction, Suit
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.tricks import Play

from . import oracle

GAMES = ("bid-whist", "wizard", "oh-hell", "one-card")
ENDGAMES = 100


def endgames(game: str, seed: int = 0) -> list[Any]:
    return list(oracle.endgames(game, ENDGAMES, seed))


def card_positions(game: str) -> list[Any]:
    return [s for s in endgames(game) if all(isinstance(a, Play) for a in tt.legal_actions(s))]


@pytest.mark.parametrize("game", GAMES)
def test_card_values_are_minimax_values(game: str) -> None:
    for state in card_positions(game):
        assert solver.card_values(state) == oracle.card_values(state), state


@pytest.mark.parametrize("game", GAMES)
def test_card_values_list_the_legal_plays_in_order(game: str) -> None:
    for state in card_positions(game)[:20]:
        assert tuple(solver.card_values(state)) == tt.legal_actions(state)


@pytest.mark.parametrize("game", GAMES)
def test_value_for_every_seat_is_its_minimax_value(game: str) -> None:
    for state in endgames(game, seed=1):
        for seat in range(len(state.round.hands)):
            assert solver.value(state, seat) == oracle.value(state, seat), (state, seat)


@pytest.mark.parametrize("game", GAMES)
def test_value_of_the_seat_to_act_is_its_best_card(game: str) -> None:
    for state in card_positions(game):
        assert solver.value(state) == max(solver.card_values(state).values())


@pytest.mark.parametrize("game", GAMES)
def test_a_principal_line_replays_and_scores_the_value(game: str) -> None:
    for state in endgames(game, seed=2):
        seat = tt.actor(state)
        assert isinstance(seat, int)
        maximiser, score = oracle.question(state, seat)
        end = state
        for action in solver.principal_line(state):
            end = tt.apply(end, action)
        assert not oracle.in_play(end)
        exact = game in ("wizard", "oh-hell")
        assert score(end) - (0 if exact else score(state)) == solver.value(state)
        assert maximiser(seat)


@pytest.mark.parametrize("game", ["wizard", "oh-hell"])
def test_forcible_tricks_are_the_totals_minimax_can_force(game: str) -> None:
    for state in endgames(game, seed=3):
        for seat in range(len(state.round.hands)):
            assert solver.forcible_tricks(state, seat) == oracle.forcible(state, seat)


@pytest.mark.parametrize("game", ["wizard", "oh-hell"])
def test_the_bid_is_forcible_when_the_value_is_one(game: str) -> None:
    for state in endgames(game, seed=4):
        for seat in range(len(state.round.hands)):
            made = state.bids[seat] in solver.forcible_tricks(state, seat)
            assert made == (solver.value(state, seat) == 1)


def at_a_lead(state: Any) -> bool:
    return not state.round.trick.plays


def test_the_contract_table_plays_every_contract_for_the_declarer() -> None:
    positions = [s for s in oracle.endgames("bid-whist", 1000, 5) if at_a_lead(s)][:ENDGAMES]
    assert len(positions) == ENDGAMES
    for state in positions:
        table = solver.contract_table(state)
        assert set(table) == {(t, d) for t in (*Suit, None) for d in Direction}
        declarer = state.contract.seat
        assert table[state.trump, state.direction] == oracle.value(state, declarer)
        for (trump, direction), tricks in table.items():
            mode = tt.bid_whist.BidMode
            bid_mode = (
                mode.NO_TRUMP
                if trump is None
                else mode.UPTOWN
                if direction is Direction.UPTOWN
                else mode.DOWNTOWN
            )
            contract = tt.bid_whist.Bid(declarer, state.contract.level, bid_mode)
            under = attrs.evolve(state, contract=contract, trump=trump, direction=direction)
            assert tricks == oracle.value(under, declarer)


# hostile arguments: a typed error, and nothing changed


def one_position(game: str) -> Any:
    return card_positions(game)[0]


@pytest.mark.parametrize("function", [solver.card_values, solver.value, solver.principal_line])
@pytest.mark.parametrize("bad", [None, 3, "state", object()])
def test_what_is_not_a_state_is_a_type_error(function: Any, bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="not the state of a registered game"):
        function(bad)


@pytest.mark.parametrize("game", GAMES)
def test_a_state_out_of_trick_play_is_refused_naming_its_phase(game: str) -> None:
    start = tt.new_game(oracle.CONFIGS[game][0])
    dealt = tt.apply(start, tt.deal(start, seed=1))
    for state in (start, dealt):
        phase = state.phase.value
        for function in (solver.card_values, solver.value, solver.principal_line):
            with pytest.raises(ArgumentError, match=f"in the '{phase}' phase"):
                function(state)


@pytest.mark.parametrize("seat", [-1, 4, 99, 10**100])
def test_a_seat_out_of_range_is_refused(seat: int) -> None:
    state = one_position("bid-whist")
    with pytest.raises(ArgumentError, match="seat must be 0 to 3"):
        solver.value(state, seat)


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_a_seat_of_the_wrong_type_is_a_type_error(seat: object) -> None:
    state = one_position("wizard")
    function: Any
    for function in (solver.value, solver.forcible_tricks):
        if seat is None and function is solver.value:
            continue  # None asks for the seat to act
        with pytest.raises(ArgumentTypeError, match="seat must be an int"):
            function(state, seat)


def test_forcible_tricks_is_for_exact_bids_only() -> None:
    for game in ("bid-whist", "one-card"):
        with pytest.raises(ArgumentError, match="games of exact bids"):
            solver.forcible_tricks(one_position(game), 0)


def test_contract_table_is_for_games_with_contracts_only() -> None:
    for game in ("wizard", "oh-hell", "one-card"):
        with pytest.raises(ArgumentError, match="games with contracts"):
            solver.contract_table(one_position(game))


def test_contract_table_needs_a_seat_to_lead() -> None:
    state = next(s for s in card_positions("bid-whist") if s.round.trick.plays)
    with pytest.raises(ArgumentError, match="needs a seat to lead"):
        solver.contract_table(state)


def reversal(seed: int) -> Any:
    """A One Card position where the joker's winner chooses the direction, or ``None``."""
    choose = random.Random(seed)
    start = tt.new_game(tt.OneCardConfig(players=3))
    state = tt.apply(start, tt.deal(start, seed=seed))
    while state.phase.value == "bid":  # everyone passes: a no-bid hand
        state = tt.apply(state, tt.legal_actions(state)[0])
    while state.phase.value == "play":
        state = tt.apply(state, choose.choice(tt.legal_actions(state)))
    return state if state.phase.value == "choose_direction" else None


def test_a_reversal_to_choose_has_a_value_but_no_card_values() -> None:
    state = next(
        s
        for seed in range(1000)
        if (s := reversal(seed)) is not None and len(s.round.hands[0]) <= 3
    )
    seat = tt.actor(state)
    assert isinstance(seat, int)
    assert solver.value(state) == oracle.value(state, seat)
    with pytest.raises(ArgumentError, match="no card to play"):
        solver.card_values(state)


@pytest.mark.parametrize("game", GAMES)
def test_solving_changes_nothing(game: str) -> None:
    state = one_position(game)
    before = (hash(state), tt.legal_actions(state), state.round)
    solver.card_values(state)
    solver.value(state, 0)
    solver.principal_line(state)
    assert (hash(state), tt.legal_actions(state), state.round) == before
