"""The batched PIMC bot: legal play, its worlds, determinism, budgets."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tricktaking as tt
from tricktaking.batch import Simulator
from tricktaking.batch.bots import BatchIsmctsBot, BatchPimcBot
from tricktaking.bots import RandomBot, seat_values
from tricktaking.errors import ArgumentError, ArgumentTypeError

SMALL = [
    tt.WizardConfig(players=3, rounds=2),
    tt.OneCardConfig(players=4, target=1),
    tt.BidWhistConfig(target=1),
    tt.OhHellConfig(players=3, hand_size=3),
]


def first_decision(config: object, seed: int = 3) -> tt.PlayerView:
    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, seed=seed))
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return tt.view(state, seat)


@pytest.mark.parametrize("config", SMALL, ids=lambda config: type(config).__name__)
def test_it_plays_legal_moves_in_whole_small_games(config: object) -> None:
    state = tt.new_game(config)
    bot, others = BatchPimcBot(seed=1, worlds=2), RandomBot(2)
    decisions = 0
    while (seat := tt.actor(state)) is not None:
        if seat is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=len(state.history)))
            continue
        assert isinstance(seat, int)
        seen = tt.view(state, seat)
        if seat == 0:
            decisions += len(seen.legal_actions) > 1
            state = tt.apply(state, bot.act(seen))  # apply validates the bot's choice
        else:
            state = tt.apply(state, others.act(seen))
    assert tt.is_over(state) and decisions > 0


def test_the_same_seed_gives_the_same_values_and_another_seed_other_worlds() -> None:
    seen = first_decision(tt.WizardConfig(players=4, rounds=3))
    first = BatchPimcBot(seed=5, worlds=6).evaluate(seen)
    assert BatchPimcBot(seed=5, worlds=6).evaluate(seen) == first
    assert BatchPimcBot(seed=6, worlds=6).evaluate(seen) != first
    assert {hint.action for hint in first} == set(seen.legal_actions)
    assert [hint.value for hint in first] == sorted((hint.value for hint in first), reverse=True)
    assert all(hint.visits == 6 for hint in first)


def test_its_batch_rows_are_worlds_of_its_view_each_tried_with_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = tt.OneCardConfig(players=3)
    seen = first_decision(config)
    made: list[Simulator] = []
    draw = Simulator.from_view

    def spy(view: tt.PlayerView, size: int = 4096, seed: int = 0, **options: object) -> Simulator:
        sim = draw(view, size, seed, **options)  # type: ignore[arg-type]
        made.append(sim)
        return sim

    monkeypatch.setattr(Simulator, "from_view", spy)
    BatchPimcBot(seed=4, worlds=3, rollouts=2).evaluate(seen)
    (sim,) = made
    copies = 2 * len(seen.legal_actions)  # each world once per action and rollout
    assert sim.size == 3 * copies
    worlds = [sim.hidden_of(row) for row in range(sim.size)]
    for first in range(0, sim.size, copies):
        assert all(world == worlds[first] for world in worlds[first : first + copies])
    assert len({repr(worlds[first]) for first in range(0, sim.size, copies)}) == 3


@pytest.mark.parametrize("config", SMALL[:3], ids=lambda config: type(config).__name__)
def test_its_values_are_the_scalar_seat_values_at_the_end_of_the_deal(config: object) -> None:
    sim = Simulator(config, size=8, seed=2)
    number = sim.deal_numbers.copy()
    while (going := ~sim.done & (sim.deal_numbers == number)).any():
        sim.step(sim.random_actions(), where=going)
    ended = [
        next(s for s in [*sim.replay(row)][1:] if tt.actor(s) in (None, tt.CHANCE))
        for row in range(sim.size)
    ]
    bot = BatchPimcBot(win_value=7.0)
    for seat in range(sim.players):
        values = bot._values(sim, seat)
        expected = [seat_values(state, win_value=7.0)[seat] for state in ended]
        assert np.allclose(values, expected)


def test_a_budget_in_seconds_first_plays_a_quarter_of_the_worlds() -> None:
    seen = first_decision(tt.BidWhistConfig())
    hints = BatchPimcBot(worlds=8, seconds=1e-9).evaluate(seen)
    assert {hint.visits for hint in hints} == {2}  # then no time is left


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"worlds": 0}, ArgumentError),
        ({"rollouts": -1}, ArgumentError),
        ({"seconds": 0.0}, ArgumentError),
        ({"seconds": math.inf}, ArgumentError),
        ({"worlds": "8"}, ArgumentTypeError),
        ({"worlds": True}, ArgumentTypeError),
        ({"rollouts": 2.0}, ArgumentTypeError),
        ({"seconds": "0.1"}, ArgumentTypeError),
        ({"win_value": None}, ArgumentTypeError),
        ({"win_value": math.nan}, ArgumentError),
        ({"seed": 1.5}, ArgumentTypeError),
    ],
)
def test_bad_budgets_are_typed_errors(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        BatchPimcBot(**options)  # type: ignore[arg-type]


def test_a_seat_that_is_not_to_act_is_refused() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    state = tt.apply(state, tt.deal(state, seed=1))
    waiting = next(seat for seat in range(3) if seat != tt.actor(state))
    with pytest.raises(ValueError, match="no legal action"):
        BatchPimcBot().evaluate(tt.view(state, waiting))


@pytest.mark.parametrize("config", SMALL, ids=lambda config: type(config).__name__)
def test_the_batched_ismcts_plays_legal_moves_in_whole_small_games(config: object) -> None:
    state = tt.new_game(config)
    bot, others = BatchIsmctsBot(seed=1, iterations=24, batch=8), RandomBot(2)
    decisions = 0
    while (seat := tt.actor(state)) is not None:
        if seat is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=len(state.history)))
            continue
        assert isinstance(seat, int)
        seen = tt.view(state, seat)
        if seat == 0:
            decisions += len(seen.legal_actions) > 1
            state = tt.apply(state, bot.act(seen))  # apply validates the bot's choice
        else:
            state = tt.apply(state, others.act(seen))
    assert tt.is_over(state) and decisions > 0


def test_the_batched_ismcts_is_deterministic_and_spends_its_iterations() -> None:
    seen = first_decision(tt.WizardConfig(players=4, rounds=3))
    first = BatchIsmctsBot(seed=5, iterations=96, batch=32).evaluate(seen)
    assert BatchIsmctsBot(seed=5, iterations=96, batch=32).evaluate(seen) == first
    assert sum(hint.visits for hint in first) == 96
    assert {hint.action for hint in first} == set(seen.legal_actions)
    assert [hint.visits for hint in first] == sorted((hint.visits for hint in first), reverse=True)
    timed = BatchIsmctsBot(seed=5, iterations=1, batch=16, seconds=0.05).evaluate(seen)
    assert sum(hint.visits for hint in timed) >= 16
    refused: list[dict[str, float]] = [
        {"iterations": 0},
        {"batch": 0},
        {"seconds": 0.0},
        {"bias": -1.0},
    ]
    for bad in refused:
        with pytest.raises(ArgumentError):
            BatchIsmctsBot(**bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        BatchIsmctsBot(iterations="8")  # type: ignore[arg-type]
