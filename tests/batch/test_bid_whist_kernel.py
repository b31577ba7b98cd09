"""Bid Whist's compiled kernel against the engine and the heuristic bot, in every config variant."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import tricktaking as tt
from tricktaking import rl
from tricktaking.batch import Simulator, differences
from tricktaking.bots import BidWhistBot
from tricktaking.games.bid_whist import BidWhistPhase

# between them every value of every option: kitty, nt_double, min_bid 1 to 4 and 7,
# both first leads, targets from 1 to 11 and every first dealer
VARIANTS = [
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer", first_dealer=3),
    tt.BidWhistConfig(min_bid=4, nt_double=True, target=5, first_dealer=1),
    tt.BidWhistConfig(kitty="exchange", nt_double=True, min_bid=7, target=9),
    tt.BidWhistConfig(target=1, first_lead="declarer", first_dealer=2),
    tt.BidWhistConfig(
        kitty="exchange",
        nt_double=True,
        min_bid=3,
        target=11,
        first_lead="declarer",
        first_dealer=2,
    ),
    tt.BidWhistConfig(min_bid=2, target=3, first_dealer=3),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_random_games_match_the_engine(config: tt.BidWhistConfig) -> None:
    assert differences(config, size=60, seed=13) == ()


def heuristic_mismatches(
    config: tt.BidWhistConfig, size: int, seed: int
) -> tuple[Counter[str], list[str]]:
    """Play ``size`` games half by the kernel's heuristic, half at random, to their end;
    then compare every decision's kernel heuristic with the scalar bot on the same view.

    Returns the decisions compared per phase, and a line per mismatch.
    """
    sim = Simulator(config, size=size, seed=seed)
    coin = np.random.default_rng(seed)
    chosen: list[np.ndarray] = []
    while not sim.done.all():
        heuristic = sim.heuristic_actions()
        chosen.append(heuristic)
        sim.step(np.where(coin.random(size) < 0.5, heuristic, sim.random_actions()))
    bot = BidWhistBot()
    compared: Counter[str] = Counter()
    mismatches: list[str] = []
    for row in range(size):
        step = 0
        for state in sim.replay(row):
            seat = tt.actor(state)
            if not isinstance(seat, int):
                continue
            view = tt.view(state, seat)
            expected = rl.action_index(view, bot.act(view))
            compared[view.phase.value] += 1
            if chosen[step][row] != expected:
                mismatches.append(f"row {row}, step {step}: {chosen[step][row]} != {expected}")
            step += 1
    return compared, mismatches


def test_the_kernel_heuristic_decides_as_the_bot_in_every_phase_and_variant() -> None:
    compared: Counter[str] = Counter()
    for index, config in enumerate(VARIANTS):
        counts, mismatches = heuristic_mismatches(config, size=8, seed=index)
        assert mismatches == [], config
        compared += counts
    phases = {BidWhistPhase.BID, BidWhistPhase.CHOOSE, BidWhistPhase.DISCARD, BidWhistPhase.PLAY}
    assert set(compared) == {phase.value for phase in phases}
    assert min(compared.values()) >= 50 and sum(compared.values()) >= 3000, compared


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_observations_equal_the_encoded_views_at_every_step(config: tt.BidWhistConfig) -> None:
    sim = Simulator(config, size=3, seed=8)
    coin = np.random.default_rng(8)
    seen: list[tuple[np.ndarray, np.ndarray]] = []  # each step's: a seat's, the actor's
    while True:
        seen.append((sim.observe(len(seen) % 4), sim.observe()))
        if sim.done.all():
            break
        heuristic = sim.heuristic_actions()
        sim.step(np.where(coin.random(sim.size) < 0.5, heuristic, sim.random_actions()))
    for row in range(sim.size):
        deciding = [s for s in sim.replay(row) if tt.actor(s) is not tt.CHANCE]
        finished = deciding[-1]  # a row that is over stays so: its last state at later steps
        for step, (some_seat, acting) in enumerate(seen):
            state = deciding[step] if step < len(deciding) else finished
            assert np.array_equal(some_seat[row], rl.encode(tt.view(state, step % 4))), step
            actor = tt.actor(state)
            if isinstance(actor, int):
                assert np.array_equal(acting[row], rl.encode(tt.view(state, actor))), step


def test_worlds_sampled_in_the_discards_and_the_play_of_a_later_hand_load() -> None:
    from tricktaking.worlds import sample_world

    config = tt.BidWhistConfig(kitty="exchange", target=20, first_dealer=1)
    sim = Simulator(config, size=1, seed=3)
    views: dict[BidWhistPhase, tt.PlayerView] = {}
    while len(views) < 2 and not sim.done[0]:  # the declarer discarding, then a seat playing
        view = tt.view(sim.state_of(0), int(sim.actor[0]))
        if view.round_number >= 2 and view.phase in (BidWhistPhase.DISCARD, BidWhistPhase.PLAY):
            views.setdefault(view.phase, view)
        sim.step(sim.heuristic_actions())
    assert len(views) == 2
    worlds = [sample_world(view, seed=seed) for view in views.values() for seed in range(3)]
    seats = [view.seat for view in views.values() for _ in range(3)]
    loaded = Simulator.from_states(worlds, seed=4)
    assert [loaded.state_of(row) for row in range(len(worlds))] == worlds
    observed = loaded.observe(seats)
    for row, (world, seat) in enumerate(zip(worlds, seats, strict=True)):
        view = tt.view(world, seat)
        assert np.array_equal(loaded.legal_mask()[row], rl.action_mask(view))
        assert np.array_equal(observed[row], rl.encode(view))
    while not loaded.done.all():
        loaded.step(loaded.heuristic_actions())
    assert [tt.scores(loaded.state_of(row)) for row in range(len(worlds))] == [
        tuple(scores) for scores in loaded.scores.tolist()
    ]


def test_a_loaded_state_replays_and_converts_back() -> None:
    config = tt.BidWhistConfig(kitty="exchange", first_dealer=2)
    sim = Simulator(config, size=20, seed=6)
    for _ in range(9):  # into the discards and the play
        sim.step(sim.heuristic_actions())
    states = [sim.state_of(row) for row in range(sim.size)]
    again = Simulator.from_states(states, seed=1)
    assert [again.state_of(row) for row in range(sim.size)] == states
    assert np.array_equal(again.legal_mask(), sim.legal_mask())
    assert np.array_equal(again.observe(), sim.observe())
