"""What the kernel tests share: the check that every heuristic decision is the scalar bot's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import tricktaking as tt
from tricktaking.bots import Bot, RandomBot
from tricktaking.engine import GameState
from tricktaking.tricks import Play


def compare_heuristic(
    config: object,
    *,
    size: int = 24,
    seed: int = 3,
    tag: Callable[[GameState[object], int], list[str]] = lambda state, seat: [],
) -> Counter[str]:
    """Play ``size`` games with a mix of heuristic and random actions, checking every decision.

    At every step, each acting row's kernel heuristic action must be the action the
    game's scalar heuristic bot takes on the view of the seat to act, and its
    observation ``rl.encode`` of that view. Returns the decisions checked, by phase and
    by the tags ``tag`` gives each (state, seat).
    """
    # imported here, not above: pytest loads this file before it can report the folder
    # skipped where the batch extra is not installed
    import numpy as np

    from tricktaking import rl
    from tricktaking.batch import Simulator

    sim = Simulator(config, size=size, seed=seed)
    coin = np.random.default_rng(seed)
    share = np.linspace(0.3, 1.0, sim.size)
    make_bot = sim.game.heuristic_bot
    assert make_bot is not None
    bot = make_bot(0)
    states = [sim.state_of(row) for row in range(sim.size)]
    decisions: Counter[str] = Counter()
    while not sim.done.all():
        heuristic = sim.heuristic_actions()
        observed = sim.observe()
        acting = np.flatnonzero(~sim.done).tolist()
        for row in acting:
            state = states[row]
            seat = tt.actor(state)
            assert isinstance(seat, int)
            view = tt.view(state, seat)
            assert heuristic[row] == rl.action_index(view, bot.act(view)), (row, str(state))
            assert np.array_equal(observed[row], rl.encode(view)), (row, str(state))
            decisions[str(getattr(state, "phase", "?"))] += 1
            decisions.update(tag(state, seat))
        actions = np.where(coin.random(sim.size) < share, heuristic, sim.random_actions())
        sim.step(actions)
        for row in acting:  # the engine's state after the same action, and the kernel's deal
            state = tt.apply(states[row], rl.action_from_index(states[row], int(actions[row])))
            states[row] = sim.state_of(row) if tt.actor(state) is tt.CHANCE else state
    assert states == [sim.state_of(row) for row in range(sim.size)]
    return decisions


@pytest.fixture
def heuristic_check() -> Callable[..., Counter[str]]:
    """:func:`compare_heuristic`, for the kernel tests of every game."""
    return compare_heuristic


def decisions_in_a_whole_game(config: object, bot: Bot) -> int:
    """Seat 0's decisions with a choice in a whole game of ``bot`` against random bots.

    Every action goes through ``tt.apply``, which refuses an illegal one.
    """
    state = tt.new_game(config)
    others = RandomBot(2)
    decisions = 0
    while (seat := tt.actor(state)) is not None:
        if seat is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=len(state.history)))
            continue
        assert isinstance(seat, int)
        seen = tt.view(state, seat)
        if seat == 0:
            decisions += len(seen.legal_actions) > 1
            state = tt.apply(state, bot.act(seen))
        else:
            state = tt.apply(state, others.act(seen))
    assert tt.is_over(state)
    return decisions


def first_card_play(config: object, most_cards: int = 1_000, seed: int = 3) -> GameState[object]:
    """The first state with a choice among card plays and at most ``most_cards`` in the hands.

    The bids and plays before it are a random bot's.
    """
    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, seed=seed))
    others = RandomBot(seed)
    while True:
        seat = tt.actor(state)
        if seat is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=seed))
            continue
        assert isinstance(seat, int)
        seen = tt.view(state, seat)
        legal = seen.legal_actions
        plays = len(legal) > 1 and all(isinstance(action, Play) for action in legal)
        if plays and sum(seen.hand_sizes) <= most_cards:
            return state
        state = tt.apply(state, others.act(seen))


@pytest.fixture
def whole_game() -> Callable[[object, Bot], int]:
    """:func:`decisions_in_a_whole_game`, for the tests of every search bot."""
    return decisions_in_a_whole_game


@pytest.fixture
def card_play() -> Callable[..., GameState[object]]:
    """:func:`first_card_play`, for the tests of the card-play bots."""
    return first_card_play
