"""One Card's compiled kernel against the engine and the scalar heuristic bot, in every variant."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import tricktaking as tt
from tricktaking import rl
from tricktaking.actions import ChooseDirection, Pass
from tricktaking.batch import Simulator, differences
from tricktaking.bots import OneCardBot
from tricktaking.cards import Direction
from tricktaking.games.one_card import MAX_BID, Bid, OneCardPhase, OneCardState

VARIANTS = [
    tt.OneCardConfig(players=2),
    tt.OneCardConfig(players=2, first_dealer=1, target=50),
    tt.OneCardConfig(players=3, first_dealer=2),
    tt.OneCardConfig(players=3, first_dealer=1, target=60),
    tt.OneCardConfig(players=3, target=1),
    tt.OneCardConfig(players=4, first_dealer=1, target=45),
    tt.OneCardConfig(players=4, first_dealer=3, target=12),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_random_games_match_the_engine(config: tt.OneCardConfig) -> None:
    assert differences(config, size=60, seed=11) == ()


def play_mixed(sim: Simulator, coin: np.random.Generator, heuristic_share: np.ndarray) -> None:
    """One step: each row's heuristic action with its share's probability, else a random one."""
    chosen = coin.random(sim.size) < heuristic_share
    sim.step(np.where(chosen, sim.heuristic_actions(), sim.random_actions()))


def rules_reached(sim: Simulator, row: int) -> Counter[str]:
    """The rare rules game ``row`` went through, by name, from each of its states."""
    seen: Counter[str] = Counter()
    for state in sim.replay(row):
        assert isinstance(state, OneCardState)
        match state.history[-1] if state.history else None:
            case Bid(points=points) if points == MAX_BID:
                seen["a bid of 15 ends the auction (OC-7.6)"] += 1
            case ChooseDirection(direction=Direction.DOWNTOWN):
                seen["a no-bid hand turned downtown (OC-8.3)"] += 1
            case Pass() if state.phase is OneCardPhase.PLAY and state.bidder is None:
                seen["everybody passed: a no-bid hand (OC-7.7)"] += 1
            case _:
                pass
        if state.phase in {OneCardPhase.DEAL, OneCardPhase.OVER} and state.calls:
            bidder, contract = state.bidder, state.contract
            if bidder is not None and contract is not None and state.points[bidder] < contract:
                seen["a failed contract scores 0 (OC-12.3)"] += 1
            top = max(state.scores)
            if top >= state.config.target and state.scores.count(top) > 1:
                seen["a tie at the top plays another hand (OC-13.3)"] += 1
    return seen


def test_the_random_games_reach_every_rare_rule() -> None:
    seen: Counter[str] = Counter()
    for config in (tt.OneCardConfig(players=3), tt.OneCardConfig(players=4, target=2)):
        sim = Simulator(config, size=100, seed=5)
        coin = np.random.default_rng(5)
        share = np.linspace(0.0, 1.0, sim.size)
        while not sim.done.all():
            play_mixed(sim, coin, share)
        for row in range(sim.size):
            state = sim.state_of(row)
            assert tt.is_over(state) and tt.scores(state) == tuple(sim.scores[row])
            seen += rules_reached(sim, row)
    assert len(seen) == 5, seen


HEURISTIC_VARIANTS = [
    tt.OneCardConfig(players=2, first_dealer=1),
    tt.OneCardConfig(players=3),
    tt.OneCardConfig(players=3, first_dealer=2, target=12),
    tt.OneCardConfig(players=4, first_dealer=1, target=20),
]


@pytest.mark.parametrize("config", HEURISTIC_VARIANTS, ids=repr)
def test_the_heuristic_actions_are_the_scalar_bots(config: tt.OneCardConfig) -> None:
    sim = Simulator(config, size=24, seed=3)
    coin = np.random.default_rng(3)
    share = np.linspace(0.3, 1.0, sim.size)  # random calls bid, the bot often passes
    bot = OneCardBot()
    states = [sim.state_of(row) for row in range(sim.size)]
    decisions: Counter[str] = Counter()
    while not sim.done.all():
        heuristic = sim.heuristic_actions()
        observed = sim.observe()
        acting = np.flatnonzero(~sim.done).tolist()
        for row in acting:
            state = states[row]
            seat = tt.actor(state)
            assert isinstance(seat, int) and isinstance(state, OneCardState)
            view = tt.view(state, seat)
            assert heuristic[row] == rl.action_index(view, bot.act(view)), (row, str(state))
            assert np.array_equal(observed[row], rl.encode(view)), (row, str(state))
            decisions[state.phase.value] += 1
            if state.bidder == seat and state.trump is None:
                decisions["the bidder's opening lead"] += 1
            if state.direction is Direction.DOWNTOWN:
                decisions["downtown"] += 1
        actions = np.where(coin.random(sim.size) < share, heuristic, sim.random_actions())
        sim.step(actions)
        for row in acting:  # the engine's state after the same action, and the kernel's deal
            state = tt.apply(states[row], rl.action_from_index(states[row], int(actions[row])))
            states[row] = sim.state_of(row) if tt.actor(state) is tt.CHANCE else state
    assert states == [sim.state_of(row) for row in range(sim.size)]
    # about 12,000 decisions over the variants, in every phase
    assert decisions["bid"] + decisions["play"] + decisions["choose_direction"] >= 1500
    assert len(decisions) == 5, decisions
