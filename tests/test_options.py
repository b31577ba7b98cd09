"""Each game's options as players choose them: kinds, help in plain words, enforced bounds."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

import pytest

import tricktaking as tt
from tricktaking.errors import ConfigError
from tricktaking.options import (
    NO_LIMIT,
    GameOption,
    game_options,
    option_bounds,
    range_text,
    seat_option_help,
)

OPTIONS = [(game, option) for game in tt.available_games() for option in game_options(game)]
IDS = [f"{game}-{option.name}" for game, option in OPTIONS]


def _builds(game: str, values: dict[str, object]) -> bool:
    make = cast("Callable[..., object]", tt.get_game(game).config_type)
    try:
        make(**values)
    except ConfigError:
        return False
    return True


def _with(players: int) -> dict[str, object]:
    return {} if players == 0 else {"players": players}


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=IDS)
def test_each_number_accepts_exactly_its_bounds(game: str, option: GameOption) -> None:
    if option.kind not in ("int", "optional-int"):
        assert not option.bounds
        return
    assert option.bounds, option
    for players, (low, high) in option.bounds.items():
        base = {**_with(players), **({"schedule": "up"} if option.name == "max_hand_size" else {})}
        assert _builds(game, {**base, option.name: low})
        assert not _builds(game, {**base, option.name: low - 1})
        if high < NO_LIMIT:
            assert _builds(game, {**base, option.name: high})
            assert not _builds(game, {**base, option.name: high + 1})
        else:
            assert _builds(game, {**base, option.name: 10**15})


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=IDS)
def test_each_help_is_written_for_players(game: str, option: GameOption) -> None:
    text = " ".join([option.help, option.when_left_out, *option.notes])
    assert text.strip(), option
    for code in (":attr:", ":class:", "``", "None", "//", "h_max", "H_max", "_", "(", "…"):
        if code == "(" and "(first)" in text:
            continue
        assert code not in text, (code, text)
    assert not re.search(r"\b[A-Z]{2}-\d", text), text  # no rule clause numbers
    assert not re.search(r"\b\d+ to \d+", option.help), text  # the range is printed apart


def test_kinds_defaults_and_choices_come_from_the_configuration() -> None:
    by_name = {option.name: option for option in game_options("oh-hell")}
    assert by_name["players"].default == tt.OhHellConfig().players == 3
    assert by_name["schedule"].kind == "optional-choice"
    assert by_name["schedule"].choices == ("up", "down", "up_down", "down_up")
    assert by_name["hand_size"].kind == "optional-int"
    assert by_name["off_bid_penalty"].kind == "bool"
    assert by_name["hand_size"].when_left_out == "draw the hand size by chance"
    assert by_name["max_hand_size"].notes == ("Only with a schedule.",)


def test_a_number_that_a_default_forbids_is_probed_where_it_is_allowed() -> None:
    by_name = {option.name: option for option in game_options("oh-hell")}
    assert by_name["max_hand_size"].bounds[4] == (1, 12)


def test_bounds_follow_the_other_options() -> None:
    assert option_bounds("wizard", "rounds", {"players": 6}) == (1, 10)
    assert option_bounds("oh-hell", "hand_size", {"players": 7, "num_suits": 2}) == (1, 3)
    assert option_bounds("wizard", "rounds", {"players": 99}) is None
    assert option_bounds("oh-hell", "exact_bonus", {}) == (0, NO_LIMIT)


def test_the_range_is_said_per_number_of_players_where_it_changes() -> None:
    assert range_text({3: (1, 20), 4: (1, 15)}) == "1 to 20 with 3 players, 15 with 4"
    assert range_text({3: (0, 2), 4: (1, 3)}) == "0 to 2 with 3 players, 1 to 3 with 4"
    assert range_text({0: (1, 1_000_000)}) == "1 to 1,000,000"
    assert range_text({}) == ""


def test_every_game_is_in_the_players_help() -> None:
    text = seat_option_help(tt.available_games())
    assert text == "Bid Whist 4, Oh Hell 3 to 7 (default 3), One Card 2 to 4 (default 3), " + (
        "Wizard 3 to 6 (default 4)"
    )


def test_the_suggested_seats_agree_with_every_configuration_default() -> None:
    """A game whose configuration has a default number of players suggests that number."""
    for game in tt.available_games():
        declared = tt.get_game(game)
        players = next((option for option in game_options(game) if option.name == "players"), None)
        if players is not None and players.default is not None:
            assert declared.default_players in (None, players.default), game
    assert tt.OhHellConfig().players == tt.get_game("oh-hell").default_players == 3
    for game in ("wizard", "one-card"):  # WZ-3.1, OC-3.1: players is required
        players = next(option for option in game_options(game) if option.name == "players")
        assert players.default is None
