"""PIMC over the exact solver: sampled worlds only, each solved, the best total value played."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import tricktaking as tt
from tricktaking import solver
from tricktaking.batch.exact import ExactPimcBot
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.seeding import derive_seed
from tricktaking.tricks import Play
from tricktaking.worlds import world_sampler

ENDINGS = [
    tt.WizardConfig(players=3, rounds=3),
    tt.OneCardConfig(players=3, target=1),
    tt.BidWhistConfig(target=1),
    tt.OhHellConfig(players=3, hand_size=4, first_dealer=0),
]


@pytest.mark.parametrize("config", ENDINGS, ids=lambda config: type(config).__name__)
def test_its_values_are_the_solved_values_of_its_worlds(
    config: object, card_play: Callable[..., tt.GameState[object]]
) -> None:
    state = card_play(config, most_cards=9)
    seen = tt.view(state, tt.actor(state))  # type: ignore[arg-type]
    hints = ExactPimcBot(seed=2, worlds=3).evaluate(seen)
    assert {hint.action for hint in hints} == set(seen.legal_actions)
    assert all(hint.visits == 3 for hint in hints)
    # the same draws, solved here: the bot's mean is the mean of the solver's values
    sampler = world_sampler(seen)
    decision = derive_seed(2, "decision", 1)
    solved = [
        solver.card_values(sampler.sample(derive_seed(decision, "world", k))) for k in range(3)
    ]
    for hint in hints:
        assert isinstance(hint.action, Play)
        assert hint.value == sum(values[hint.action] for values in solved) / 3


def test_the_true_state_is_never_solved_only_worlds_of_the_view(
    card_play: Callable[..., tt.GameState[object]],
) -> None:
    state = card_play(tt.OhHellConfig(players=3, hand_size=4, first_dealer=0), most_cards=8)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    seen = tt.view(state, seat)
    asked: list[object] = []
    real = solver.card_values

    def spy(world: tt.GameState[object]) -> dict[Play, int]:
        asked.append(world)
        assert tt.view(world, seat) == seen
        return real(world)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "card_values", spy)
        ExactPimcBot(seed=1, worlds=4).act(seen)
    assert len(asked) == 4


def test_the_same_seed_plays_alike_and_a_budget_solves_one_world_at_least(
    card_play: Callable[..., tt.GameState[object]],
) -> None:
    state = card_play(tt.BidWhistConfig(target=1), most_cards=8)
    seen = tt.view(state, tt.actor(state))  # type: ignore[arg-type]
    assert ExactPimcBot(seed=4).evaluate(seen) == ExactPimcBot(seed=4).evaluate(seen)
    timed = ExactPimcBot(seed=4, seconds=1e-9).evaluate(seen)
    assert all(hint.visits == 1 for hint in timed)


def test_a_decision_that_is_no_card_play_is_refused() -> None:
    state = tt.new_game(tt.OhHellConfig(players=3, hand_size=3, first_dealer=0))
    state = tt.apply(state, tt.deal(state, seed=1))
    seen = tt.view(state, tt.actor(state))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="cards only"):
        ExactPimcBot().evaluate(seen)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"worlds": 0}, ArgumentError),
        ({"seconds": 0.0}, ArgumentError),
        ({"seconds": "1"}, ArgumentTypeError),
        ({"seed": 1.5}, ArgumentTypeError),
    ],
)
def test_bad_arguments_are_typed_errors(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        ExactPimcBot(**options)  # type: ignore[arg-type]
