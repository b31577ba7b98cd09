"""Misuses the surface fuzzer found: each gets its typed error, named here one by one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest

import tricktaking as tt
from tricktaking import arena, cli, simulate
from tricktaking.bots import make_bot, seat_values, suggest
from tricktaking.engine import get_game
from tricktaking.errors import ArgumentError, ArgumentTypeError, UnknownGameError
from tricktaking.plugins import legal_choices

WIZARD = tt.WizardConfig(players=3, rounds=1)
ANY: Any = None  # a hostile argument, whatever the parameter's type


def first_bid_view() -> tt.PlayerView:
    state = tt.new_game(WIZARD)
    state = tt.apply(state, tt.deal(state, seed=1))
    return tt.view(state, 1)


def test_an_unknown_game_is_an_unknown_game_error_and_still_a_key_error() -> None:
    with pytest.raises(UnknownGameError, match="no game named 'skat'"):
        get_game("skat")
    assert issubclass(UnknownGameError, KeyError)
    assert issubclass(UnknownGameError, ArgumentError)


@pytest.mark.parametrize("name", [3, None, b"wizard"])
def test_a_game_name_that_is_not_a_str_is_an_argument_type_error(name: object) -> None:
    with pytest.raises(ArgumentTypeError):
        get_game(cast(str, name))


@pytest.mark.parametrize(
    "call",
    [
        lambda: tt.new_game(ANY),
        lambda: tt.game_of(ANY),
        lambda: legal_choices(ANY),
        lambda: make_bot("random", "wizard", 0).act(ANY),
        lambda: make_bot("heuristic", "wizard", 0).act(ANY),
        lambda: suggest(cast(tt.PlayerView, tt.new_game(WIZARD))),
        lambda: arena.seatings(cast(list[str], 1.5)),
        lambda: simulate.play_game(WIZARD, cast(list[str], True), 0),
        lambda: simulate.play_game(WIZARD, ["random", ANY, "random"], 0),
        lambda: seat_values(tt.new_game(WIZARD), win_value=cast(float, b"x")),
    ],
)
def test_what_is_not_the_expected_kind_is_an_argument_type_error(
    call: Callable[[], object],
) -> None:
    with pytest.raises(ArgumentTypeError):
        call()


def test_a_bot_asked_to_act_out_of_turn_gets_an_argument_error() -> None:
    waiting = tt.view(tt.new_game(WIZARD), 0)  # a deal is due: nobody acts
    with pytest.raises(ArgumentError, match="no legal action"):
        make_bot("random", "wizard", 0).act(waiting)


def test_an_oh_hell_bot_refuses_a_view_whose_config_was_replaced() -> None:
    state = tt.new_game(tt.OhHellConfig(players=3, hand_size=2))
    state = tt.apply(state, tt.deal(state, seed=2))
    seat = cast(int, tt.actor(state))
    forged = attrs.evolve(tt.view(state, seat), config=ANY)
    with pytest.raises(ArgumentTypeError, match="config"):
        make_bot("heuristic", "oh-hell", 0).act(forged)


@pytest.mark.parametrize("path", ["a\x00b.json", "\ud800x.json"])
def test_replay_of_a_name_no_file_can_have_is_a_usage_error(
    path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["replay", path]) == 2
    assert "not a file name" in capsys.readouterr().err


def _fuzz_states() -> Callable[[int, int], list[tt.GameState[object]]]:
    """The engine fuzzer's sample games, where the long surface run found these."""
    import importlib.util
    import sys
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "benchmarks"
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location("fuzz", folder / "fuzz.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["fuzz"] = module
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return cast(Callable[[int, int], list[tt.GameState[object]]], module.sample_states)


@pytest.mark.parametrize(
    ("kind", "game", "where", "field", "value"),
    [
        ("heuristic", "one-card", (5, 0, 14, 2), "trick", ()),
        ("heuristic", "oh-hell", (1, 1, 43, 0), "tricks_won", ""),
        ("heuristic", "oh-hell", (3, 1, 20, 1), "trump", False),
        ("heuristic", "one-card", (6, 1, 19, 0), "direction", {}),
        ("pimc", "", (8, 0, 23, 3), "scores", object()),
    ],
)
def test_a_bot_refuses_a_view_with_a_forged_field(
    kind: str, game: str, where: tuple[int, int, int, int], field: str, value: object
) -> None:
    first, second, index, seat = where
    state = _fuzz_states()(first, second)[index]
    changes: dict[str, Any] = {field: value}
    forged = attrs.evolve(cast(Any, tt.view(state, seat)), **changes)
    bot = make_bot(kind, game or tt.game_of(state).name, 0)
    with pytest.raises(ArgumentError):
        bot.act(forged)
