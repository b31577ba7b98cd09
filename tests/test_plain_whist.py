"""A 4-player game in partnerships, written on the kit from public names, is at home everywhere.

``examples/plain_whist.py`` declares and registers Plain Whist; nothing in the package
names it. Each test imports it into a copy of the registry, which is restored after.
"""

from __future__ import annotations

import importlib.util
import io
import sys
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

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "plain_whist.py"
REGISTRIES = ("_GAMES", "_BY_STATE", "_BY_CONFIG", "_BY_VIEW", "_BY_ACTION", "_RULES")


@pytest.fixture
def whist(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The example imported (and so registered) for one test; the registry is restored."""
    for registry in REGISTRIES:
        monkeypatch.setattr(engine, registry, dict(getattr(engine, registry)))
    spec = importlib.util.spec_from_file_location("plain_whist", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "plain_whist", module)
    spec.loader.exec_module(module)
    return module


def _midgame(module: ModuleType, plays: int = 6) -> tt.GameState[object]:
    state: tt.GameState[object] = tt.new_game(module.PlainWhistConfig(first_dealer=2))
    state = tt.apply(state, tt.deal(state, seed=5))
    for _ in range(plays):
        state = tt.apply(state, tt.legal_actions(state)[-1])
    return state


def test_the_example_imports_no_private_name() -> None:
    assert "tricktaking._" not in EXAMPLE.read_text(encoding="utf-8")


def test_it_is_short() -> None:
    lines = [line for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(lines) <= 200


def test_it_passes_the_conformance_kit(whist: ModuleType) -> None:
    report = check_conformance(whist.PlainWhistConfig(target=2), games=12)
    assert report.game == "plain-whist"
    assert report.records_checked == 12
    assert report.illegal_checked > 0


def test_the_rules_are_a_kit_subclass_and_partners_share_their_score(whist: ModuleType) -> None:
    assert isinstance(whist.RULES, kit.GameRules)
    final = playout(tt.new_game(whist.PlainWhistConfig(target=3)), 4)[-1]
    scores, winners = tt.scores(final), tt.winners(final)
    assert scores[0] == scores[2] and scores[1] == scores[3]
    assert max(scores) >= 3 and winners in ((0, 2), (1, 3))
    assert records.loads(records.dumps(final)).final_state() == final
    assert tt.get_game("plain-whist").team_of(3) == 1


def test_trumps_go_round_and_the_deal_passes_left(whist: ModuleType) -> None:
    trumps, dealers = [], []
    for state in playout(tt.new_game(whist.PlainWhistConfig(first_dealer=3, target=20)), 2):
        if tt.legal_actions(state) and not state.round.tricks and not state.round.trick.plays:
            trumps.append(state.trump)
            dealers.append(state.round.dealer)
    hearts, diamonds, spades, clubs = (
        tt.Suit.HEARTS,
        tt.Suit.DIAMONDS,
        tt.Suit.SPADES,
        tt.Suit.CLUBS,
    )
    assert trumps[:5] == [hearts, diamonds, spades, clubs, hearts]
    assert dealers[:5] == [3, 0, 1, 2, 3]


def test_a_revoke_is_refused_and_the_state_kept(whist: ModuleType) -> None:
    for state in playout(tt.new_game(whist.PlainWhistConfig()), 3):
        seat, trick = tt.actor(state), state.round.trick
        if not isinstance(seat, int) or not trick.plays:
            continue
        led = trick.plays[0].card.suit
        hand = state.round.hands[seat]
        off = [card for card in hand if card.suit is not led]
        if off and len(off) < len(hand):  # holds the suit led, and another
            break
    else:
        pytest.fail("no seat held the suit led and another")
    revoke = tt.Play(seat, off[0])
    assert tt.check(state, revoke) is tt.Violation.MUST_FOLLOW_SUIT
    with pytest.raises(tt.IllegalActionError, match="the suit to follow"):
        tt.apply(state, revoke)


def test_render_draws_its_extras(whist: ModuleType) -> None:
    picture = render.svg(tt.view(_midgame(whist), 0))
    ET.fromstring(str(picture))
    assert "trump hearts" in picture
    assert "teams: 0 &amp; 2 0, 1 &amp; 3 0" in picture


def test_worlds_sample_it_exactly(whist: ModuleType) -> None:
    seen = tt.view(_midgame(whist), 1)
    sampler = worlds.world_sampler(seen)
    assert sampler.count() > 1
    for seed in range(10):
        world = sampler.sample(seed)
        assert tt.view(world, 1) == seen
        assert world.round.hands[1] == seen.hand


def test_every_bot_plays_it(whist: ModuleType) -> None:
    state = _midgame(whist)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    for kind in BOT_KINDS:
        if kind in COMPILED_BOT_KINDS:  # the game has no batch kernel to search in
            with pytest.raises(ArgumentError, match="has none"):
                make_bot(kind, "plain-whist", seed=1)
            continue
        bot = make_bot(kind, "plain-whist", seed=1)
        assert bot.act(tt.view(state, seat)) in tt.legal_actions(state)


def test_simulate_and_the_arena_run_it(whist: ModuleType) -> None:
    config = whist.PlainWhistConfig(target=2)
    result = simulate(config, ["heuristic", "random"] * 2, games=4, seed=2)
    assert result.games == 4
    assert arena(config, ["heuristic", "random"], deals=2, seed=2).deals == 2


def test_the_command_line_plays_it(whist: ModuleType) -> None:
    for argv in (["rules", "plain-whist"], ["demo", "plain-whist", "--seed", "3"]):
        out = io.StringIO()
        with redirect_stdout(out):
            assert main(argv) == 0, argv
        assert "Plain Whist" in out.getvalue() or "plain-whist" in out.getvalue()
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(
            ["play", "plain-whist", "--seed", "4", "--target", "1"],
            stdin=io.StringIO("auto\n" * 200),
        )
    assert status == 0
    assert "Game over" in out.getvalue()
