"""A game written outside the package, from public names only, is at home everywhere.

``examples/high_card.py`` declares and registers High Card; nothing in the package
names it. Each test imports it into a copy of the registry, which is restored after.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import json
import sys
import warnings
import xml.etree.ElementTree as ET
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

import tricktaking as tt
from tricktaking import engine, kit, records, render, worlds
from tricktaking.arena import arena
from tricktaking.bots import BOT_KINDS, COMPILED_BOT_KINDS, make_bot
from tricktaking.cli import main
from tricktaking.errors import ArgumentError
from tricktaking.simulate import simulate
from tricktaking.testing import check_conformance, playout

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "high_card.py"
REGISTRIES = ("_GAMES", "_BY_STATE", "_BY_CONFIG", "_BY_VIEW", "_BY_ACTION", "_RULES")


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The example imported (and so registered) for one test; the registry is restored."""
    for registry in REGISTRIES:
        monkeypatch.setattr(engine, registry, dict(getattr(engine, registry)))
    spec = importlib.util.spec_from_file_location("high_card", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "high_card", module)
    spec.loader.exec_module(module)
    return module


def _midgame(module: ModuleType) -> tt.GameState[object]:
    state = tt.new_game(module.HighCardConfig(first_dealer=1))
    state = tt.apply(state, tt.deal(state, seed=5))
    return tt.apply(state, tt.legal_actions(state)[0])


def test_the_example_imports_no_private_name() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "tricktaking._" not in text
    assert "from tricktaking._" not in text


def test_it_passes_the_conformance_kit(high_card: ModuleType) -> None:
    assert isinstance(high_card.RULES, kit.GameRules)  # written on the public kit
    report = check_conformance(high_card.HighCardConfig(), games=40)
    assert report.game == "high-card"
    assert report.records_checked == 40
    assert report.illegal_checked > 0


def test_the_top_level_functions_and_records_play_it(high_card: ModuleType) -> None:
    final = playout(tt.new_game(high_card.HighCardConfig()), 3)[-1]
    assert tt.is_over(final) and sum(tt.scores(final)) == 2 and tt.winners(final)
    assert records.loads(records.dumps(final)).final_state() == final
    assert tt.view(final, 0).to_dict()["game"] == "high-card"
    assert engine.game_of_view(tt.view(final, 1)) is high_card.GAME


def test_render_draws_its_extras(high_card: ModuleType) -> None:
    picture = render.svg(tt.view(_midgame(high_card), 0))
    ET.fromstring(str(picture))
    assert "the ace wins" in picture


def test_worlds_sample_and_count_it_exactly(high_card: ModuleType) -> None:
    seen = tt.view(_midgame(high_card), 0)
    # seat 1 led one of its two cards; seat 0 holds two: the other card is seat 1's
    assert worlds.count_worlds(seen) == 1
    for seed in range(20):
        world = worlds.sample_world(seen, seed)
        assert tt.view(world, 0) == seen


def test_every_bot_plays_it(high_card: ModuleType) -> None:
    state = _midgame(high_card)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    for kind in BOT_KINDS:
        if kind in COMPILED_BOT_KINDS:  # the game has no batch kernel to search in
            with pytest.raises(ArgumentError, match="has none"):
                make_bot(kind, "high-card", seed=1)
            continue
        bot = make_bot(kind, "high-card", seed=1)
        assert bot.act(tt.view(state, seat)) in tt.legal_actions(state)


def test_simulate_and_the_arena_run_it(high_card: ModuleType) -> None:
    config = high_card.HighCardConfig()
    assert simulate(config, ["heuristic", "random"], games=6, seed=2).games == 6
    assert arena(config, ["heuristic", "random"], deals=4, seed=2).deals == 4


def test_the_learning_interfaces_encode_it(high_card: ModuleType) -> None:
    rl = pytest.importorskip("tricktaking.rl")
    seen = tt.view(_midgame(high_card), 1)
    assert rl.encode(seen).shape == rl.layout(seen).shape
    from pettingzoo.test import api_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.TricktakingAECEnv(high_card.HighCardConfig()), num_cycles=20)
    # api_test warns of every dict observation (the action-mask convention), nothing else
    assert {str(w.message).split(" ")[0] for w in caught} <= {"Observation"}


def test_the_command_line_plays_it(high_card: ModuleType) -> None:
    for argv in (["games"], ["rules", "high-card"], ["demo", "high-card", "--seed", "3"]):
        out = io.StringIO()
        with redirect_stdout(out):
            assert main(argv) == 0, argv
        assert "High Card" in out.getvalue() or "high-card" in out.getvalue()
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["play", "high-card", "--seed", "4"], stdin=io.StringIO("auto\n" * 6))
    assert status == 0
    assert "Game over" in out.getvalue()


def test_the_registry_is_restored_after_the_example() -> None:
    assert "high-card" not in tt.available_games()


def test_an_installed_package_adds_its_game_through_an_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for registry in REGISTRIES:
        monkeypatch.setattr(engine, registry, dict(getattr(engine, registry)))
    engine._load_entry_points.cache_clear()
    monkeypatch.syspath_prepend(str(EXAMPLE.parent))
    monkeypatch.delitem(sys.modules, "high_card", raising=False)
    entry = importlib.metadata.EntryPoint("high-card", "high_card", engine.ENTRY_POINT_GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [entry] if group else [])
    try:
        assert "high-card" in tt.available_games()
    finally:
        engine._load_entry_points.cache_clear()  # the next test loads the real ones
    assert json.loads(records.dumps(tt.new_game(tt.get_game("high-card").config_type())))
