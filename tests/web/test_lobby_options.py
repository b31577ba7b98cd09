"""The lobby's options: every option of every game, with help for players and true bounds."""

from __future__ import annotations

import re

import pytest

import tricktaking as tt
from tricktaking.errors import ConfigError
from tricktaking.web.options import build_config, game_options

from .conftest import Served


@pytest.mark.parametrize("game", tt.available_games())
def test_every_number_states_the_range_the_lobby_enforces(game: str) -> None:
    for option in game_options(game):
        help_text = str(option["help"])
        for code in (":attr:", "``", "None", "//", "h_max", "H_max", "_"):
            assert code not in help_text, (game, option)
        assert not re.search(r"\b[A-Z]{2}-\d", help_text), help_text
        if option["kind"] not in ("int", "optional-int"):
            continue
        low, high = option["min"], option["max"]
        assert isinstance(low, int) and isinstance(high, int)
        assert f"{low:,} to " in help_text, (game, option)
        assert f"{high:,}" in help_text, (game, option)
        with pytest.raises(ConfigError):
            build_config(game, {str(option["name"]): low - 1})
        with pytest.raises(ConfigError):
            build_config(game, {str(option["name"]): high + 1})


def test_oh_hell_offers_its_schedule_and_hand_size() -> None:
    options = {option["name"]: option for option in game_options("oh-hell")}
    assert options["schedule"]["kind"] == "optional-choice"
    assert options["schedule"]["choices"] == ["up", "down", "up_down", "down_up"]
    assert options["hand_size"]["kind"] == "optional-int"
    config = build_config("oh-hell", {"players": 5, "schedule": "up_down"})
    assert config.schedule == "up_down"  # type: ignore[attr-defined]
    assert build_config("oh-hell", {"schedule": None}).schedule is None  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="must be one of"):
        build_config("oh-hell", {"schedule": "sideways"})


def test_one_card_target_help_says_the_lobbys_cap() -> None:
    target = next(option for option in game_options("one-card") if option["name"] == "target")
    assert (target["min"], target["max"]) == (1, 300)
    assert "1 to 300" in str(target["help"]) and "1,000,000" not in str(target["help"])


def test_the_catalogue_fixes_seats_only_for_a_game_that_fixes_them(served: Served) -> None:
    with served() as client:
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert {name: game["seats"] for name, game in games.items()} == {
        "bid-whist": 4,
        "oh-hell": None,  # 3 to 7 players, though OhHellConfig() has 3
        "one-card": None,
        "wizard": None,
    }
