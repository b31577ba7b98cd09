"""OpenSpiel's IS-MCTS bot at a tricktaking Oh Hell table (``benchmarks/openspiel_seat.py``).

The seat rebuilds OpenSpiel's ``oh_hell`` state from a tricktaking state by the Oh Hell
cross-check's mapping (OH-15): these tests check that every legal move maps both ways
at every step of random hands, and that whole hands play through the seat.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

import tricktaking as tt
from tricktaking.bots import RandomBot
from tricktaking.games import oh_hell
from tricktaking.games.oh_hell import OhHellConfig, OhHellState
from tricktaking.seeding import derive_seed

pytest.importorskip("pyspiel", reason="OpenSpiel (package open_spiel) is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

CONFIGS = [
    OhHellConfig(players=4),
    OhHellConfig(players=3, hand_size=5, first_dealer=1),
    OhHellConfig(players=5, num_suits=3, cards_per_suit=9, off_bid_penalty=True),
    OhHellConfig(players=7, num_suits=2, cards_per_suit=13, points_per_trick=2),
]


def seat() -> ModuleType:
    """benchmarks/openspiel_seat.py, imported from its folder."""
    return importlib.import_module("openspiel_seat")


def hand(config: OhHellConfig, seed: int) -> list[OhHellState]:
    """Every state of one hand from the deal on, random legal moves."""
    state = oh_hell.new_game(config)
    state = oh_hell.apply(state, oh_hell.deal(state, derive_seed(seed, "deal")))
    bot = RandomBot(seed)
    states = [state]
    while not oh_hell.is_over(state):
        actor = oh_hell.actor(state)
        assert isinstance(actor, int)
        state = oh_hell.apply(state, bot.act(tt.view(state, actor)))
        states.append(state)
    return states


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_oh_15_every_legal_move_maps_both_ways_at_every_step(config: OhHellConfig) -> None:
    for seed in range(3):
        for state in hand(config, seed)[:-1]:
            spiel = seat().spiel_state(state)
            by_id = seat().spiel_actions(state)
            assert spiel.current_player() == oh_hell.actor(state)
            assert sorted(by_id) == spiel.legal_actions()
            assert sorted(by_id.values(), key=str) == sorted(oh_hell.legal_actions(state), key=str)
            for action_id, action in by_id.items():
                # our move then the mapping is the mapping then OpenSpiel's move
                after = spiel.clone()
                after.apply_action(action_id)
                rebuilt = seat().spiel_state(oh_hell.apply(state, action))
                assert rebuilt.history() == after.history()


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_oh_15_a_finished_hand_scores_alike_on_both_engines(config: OhHellConfig) -> None:
    final = hand(config, 7)[-1]
    spiel = seat().spiel_state(final)
    assert spiel.is_terminal()
    assert [int(value) for value in spiel.returns()] == list(oh_hell.scores(final))


def test_a_whole_hand_plays_through_the_seat_with_every_move_legal() -> None:
    config = OhHellConfig(players=4, hand_size=3)
    state = oh_hell.new_game(config)
    state = oh_hell.apply(state, oh_hell.deal(state, 11))
    bots = [seat().OpenSpielIsmctsBot(seed, seconds=0.005) for seed in range(4)]
    while not oh_hell.is_over(state):
        actor = oh_hell.actor(state)
        assert isinstance(actor, int)
        action = bots[actor].act(tt.view(state, actor))
        assert action in oh_hell.legal_actions(state)
        state = oh_hell.apply(state, action)
    assert seat().spiel_state(state).is_terminal()
    searched = [count for bot in bots for count in bot.simulations]
    assert searched and min(searched) >= seat().LEAST_SIMULATIONS


def test_bots_sharing_costs_calibrate_once_per_number_of_moves_left() -> None:
    config = OhHellConfig(players=3, hand_size=2)
    state = oh_hell.new_game(config)
    state = oh_hell.apply(state, oh_hell.deal(state, 3))
    costs: dict[int, tuple[float, int]] = {}
    first = seat().OpenSpielIsmctsBot(1, seconds=0.005, costs=costs)
    actor = oh_hell.actor(state)
    assert isinstance(actor, int)
    first.act(tt.view(state, actor))
    assert first.simulations[0] == seat().CALIBRATION and len(first.simulations) == 2
    second = seat().OpenSpielIsmctsBot(2, seconds=0.005, costs=costs)
    second.act(tt.view(state, actor))
    assert len(second.simulations) == 1  # the same moves left: no calibration again
    assert len(costs) == 1


def test_a_state_before_the_deal_has_no_openspiel_state() -> None:
    with pytest.raises(seat().SeatError, match="needs one dealt hand, not 0"):
        seat().spiel_state(oh_hell.new_game(OhHellConfig(players=4)))
