"""Hostile input to the learning interfaces: every bad argument gets a short, typed error.

A bad type is an :class:`~tricktaking.errors.ArgumentTypeError`, a bad value an
:class:`~tricktaking.errors.ArgumentError` (an action index out of range an
:class:`~tricktaking.rl.ActionIndexError`); an ``int`` too large to print is described,
never converted, and nothing about the environment changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
import pytest

import tricktaking as tt
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError, safe_repr
from tricktaking.rl import (
    ActionIndexError,
    ActionSpace,
    TricktakingAECEnv,
    TricktakingEnv,
    action_from_index,
    action_index,
    action_mask,
    action_space,
    encode,
    layout,
    layout_for,
)

HUGE = 10**5000  # str() of it raises ValueError: the int-to-str digit limit
CONFIG = tt.OneCardConfig(players=3)


def ident(value: object) -> str:
    """A short test id for any parameter (pytest's own would print the huge int)."""
    return safe_repr(value, 30)


def wizard_view() -> tt.PlayerView:
    state = tt.new_game(tt.WizardConfig(players=4))
    return tt.view(tt.apply(state, tt.deal(state, seed=1)), 1)


def raises_short(error: type[Exception], call: Callable[[], object]) -> str:
    """The message of the ``error`` that ``call`` raises, checked to be short."""
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert len(message) < 300, message
    return message


@pytest.mark.parametrize("index", [HUGE, -HUGE, 2**64], ids=ident)
def test_a_huge_action_index_is_an_action_index_error(index: int) -> None:
    message = raises_short(ActionIndexError, lambda: action_from_index(wizard_view(), index))
    assert "bits" in message or str(index) in message


@pytest.mark.parametrize(
    ("game", "players", "error"),
    [
        ("wizard", HUGE, ArgumentError),
        ("wizard", -HUGE, ArgumentError),
        ("wizard", 2, ArgumentError),
        ("wizard", True, ArgumentTypeError),
        ("wizard", 3.0, ArgumentTypeError),
        ("wizard", "3", ArgumentTypeError),
        ("wizard", [3], ArgumentTypeError),
        ("nope", 3, ArgumentError),
        ("x" * 10**6, 3, ArgumentError),
        (3, 3, ArgumentTypeError),
        (None, 3, ArgumentTypeError),
    ],
    ids=ident,
)
def test_bad_games_and_seat_counts_are_typed_errors(
    game: object, players: object, error: type[Exception]
) -> None:
    raises_short(error, lambda: action_space(game, players))  # type: ignore[arg-type]
    raises_short(error, lambda: ActionSpace(game, players))  # type: ignore[arg-type]
    raises_short(error, lambda: layout_for(game, players))  # type: ignore[arg-type]


def test_an_unknown_game_names_the_games_there_are() -> None:
    message = raises_short(ArgumentError, lambda: action_space("nope", 3))
    assert "'nope'" in message and "wizard" in message
    assert not isinstance(ArgumentError("x"), KeyError)


@pytest.mark.parametrize(("encoding", "error"), [("bogus", ArgumentError), (3, ArgumentTypeError)])
def test_an_unknown_encoding_is_a_typed_error(encoding: object, error: type[Exception]) -> None:
    view = wizard_view()
    raises_short(error, lambda: encode(view, encoding))  # type: ignore[arg-type]
    raises_short(error, lambda: layout(view, encoding))  # type: ignore[arg-type]
    raises_short(error, lambda: layout_for("wizard", 3, encoding))  # type: ignore[arg-type]
    raises_short(error, lambda: TricktakingAECEnv(CONFIG, encoding=encoding))  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, object(), 3, "wizard", tt.WizardConfig])
def test_what_is_not_a_view_or_state_is_an_argument_type_error(value: object) -> None:
    raises_short(ArgumentTypeError, lambda: encode(value))  # type: ignore[arg-type]
    raises_short(ArgumentTypeError, lambda: layout(value))  # type: ignore[arg-type]
    raises_short(ArgumentTypeError, lambda: action_mask(value))  # type: ignore[arg-type]
    raises_short(ArgumentTypeError, lambda: action_index(value, tt.Pass(0)))  # type: ignore[arg-type]
    raises_short(ArgumentTypeError, lambda: action_from_index(value, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seat", "error"),
    [(-1, ArgumentError), (3, ArgumentError), (HUGE, ArgumentError), (True, ArgumentTypeError)],
    ids=ident,
)
def test_an_action_for_a_seat_that_is_not_at_the_table_is_refused(
    seat: object, error: type[Exception]
) -> None:
    raises_short(error, lambda: action_space("one-card", 3).action(0, seat))  # type: ignore[arg-type]


@pytest.mark.parametrize("config", [None, object(), tt.WizardConfig, "wizard", 3])
def test_an_environment_needs_a_registered_games_configuration(config: object) -> None:
    raises_short(ArgumentTypeError, lambda: TricktakingAECEnv(config))
    raises_short(ArgumentTypeError, lambda: TricktakingEnv(config))


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"seat": -1}, ArgumentError),
        ({"seat": 3}, ArgumentError),
        ({"seat": HUGE}, ArgumentError),
        ({"seat": True}, ArgumentTypeError),
        ({"seat": 1.0}, ArgumentTypeError),
        ({"illegal_action": "ignore"}, ArgumentError),
        ({"illegal_action": ["raise"]}, ArgumentTypeError),
        ({"illegal_reward": HUGE}, ArgumentError),
        ({"illegal_reward": float("nan")}, ArgumentError),
        ({"illegal_reward": "-1"}, ArgumentTypeError),
        ({"illegal_reward": True}, ArgumentTypeError),
        ({"opponents": "genius"}, ArgumentError),
        ({"opponents": "x" * 10**6}, ArgumentError),
        ({"opponents": 3}, ArgumentTypeError),
        ({"opponents": None}, ArgumentTypeError),
        ({"opponents": ["random"]}, ArgumentError),
        ({"opponents": ["random"] * 10**6}, ArgumentError),
        ({"opponents": ["random", 3]}, ArgumentTypeError),
        ({"opponents": iter(["random", "random"])}, ArgumentTypeError),
        ({"render_mode": 3}, ArgumentTypeError),
        ({"encoding": "bogus"}, ArgumentError),
    ],
    ids=ident,
)
def test_bad_gymnasium_env_options_are_typed_errors(
    options: dict[str, object], error: type[Exception]
) -> None:
    raises_short(error, lambda: TricktakingEnv(CONFIG, **options))  # type: ignore[arg-type]


def test_an_opponent_factory_must_make_a_bot() -> None:
    env = TricktakingEnv(CONFIG, opponents=lambda seed: "not a bot")  # type: ignore[arg-type,return-value]
    raises_short(ArgumentTypeError, lambda: env.reset(seed=1))


@pytest.mark.parametrize("action", [HUGE, -1, 37, 2.0, "3", None, True], ids=ident)
def test_a_bad_gymnasium_action_changes_nothing(action: object) -> None:
    env = TricktakingEnv(CONFIG)
    env.reset(seed=4)
    before = env.state_of_game
    raises_short(ActionIndexError, lambda: env.step(action))  # type: ignore[arg-type]
    assert env.state_of_game is before


@pytest.mark.parametrize("action", [HUGE, -1, 37, 2.0, "3", True], ids=ident)
def test_a_bad_aec_action_changes_nothing(action: object) -> None:
    env = TricktakingAECEnv(CONFIG)
    env.reset(seed=4)
    before = env.state_of_game
    raises_short(ActionIndexError, lambda: env.step(action))  # type: ignore[arg-type]
    assert env.state_of_game is before


@pytest.mark.parametrize("agent", ["player_3", "nobody", 0, None, "x" * 10**6], ids=ident)
def test_an_unknown_agent_is_an_argument_error(agent: object) -> None:
    env = TricktakingAECEnv(CONFIG)
    env.reset(seed=1)
    raises_short(ArgumentError, lambda: env.observe(agent))  # type: ignore[arg-type]
    raises_short(ArgumentError, lambda: env.observation_space(agent))  # type: ignore[arg-type]
    raises_short(ArgumentError, lambda: env.action_space(agent))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (-1, ArgumentError),
        (-HUGE, ArgumentError),
        (1.5, ArgumentTypeError),
        ("1", ArgumentTypeError),
        (True, ArgumentTypeError),
        (np.int64(3), ArgumentTypeError),
    ],
    ids=ident,
)
def test_a_gymnasium_seed_is_a_non_negative_int(seed: object, error: type[Exception]) -> None:
    env = TricktakingEnv(CONFIG)
    raises_short(error, lambda: env.reset(seed=seed))  # type: ignore[arg-type]
    assert isinstance(ArgumentError("x"), TricktakingError)


def test_a_huge_non_negative_seed_is_a_seed() -> None:
    env = TricktakingEnv(CONFIG)
    first, _ = env.reset(seed=HUGE)
    again, _ = TricktakingEnv(CONFIG).reset(seed=HUGE)
    assert np.array_equal(first, again)


@pytest.mark.parametrize("seed", [1.5, "1", True, np.int64(3)], ids=ident)
def test_an_aec_seed_is_an_int_of_any_sign_and_size(seed: object) -> None:
    env = TricktakingAECEnv(CONFIG)
    raises_short(ArgumentTypeError, lambda: env.reset(seed=seed))  # type: ignore[arg-type]
    env.reset(seed=-HUGE)
    assert env.agents == env.possible_agents


@pytest.mark.parametrize(
    ("field", "value"),
    [("phase", True), ("bids", 2**64), ("tricks", b"\xff"), ("trump", "")],
    ids=ident,
)
def test_a_view_with_a_forged_field_is_an_argument_error(field: str, value: object) -> None:
    import attrs

    changes: dict[str, Any] = {field: value}  # a value no game makes, of any type
    forged = attrs.evolve(cast("tt.WizardView", wizard_view()), **changes)
    raises_short(ArgumentError, lambda: encode(forged))


def test_an_action_too_large_to_print_is_an_action_index_error() -> None:
    raises_short(ActionIndexError, lambda: action_index(wizard_view(), cast("tt.Action", HUGE)))
