"""The learning interfaces: action indexes, masks, leak-free encodings, environments.

CI keeps the counts small. ``TRICKTAKING_RL_FULL=1`` runs the counts the issue asks for,
per game: 5,000 leak pairs, 10,000 masked states, and every legal action of 1,000
random games round-tripping through its index.
"""

from __future__ import annotations

import os
import random
import runpy
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import tricktaking as tt
from tricktaking.engine import GameState
from tricktaking.rl import (
    LAYOUT_VERSION,
    ActionIndexError,
    Encoding,
    TricktakingAECEnv,
    TricktakingEnv,
    action_from_index,
    action_index,
    action_mask,
    action_space,
    encode,
    layout,
    layout_for,
    supported_games,
)
from tricktaking.rl.envs import GYMNASIUM_ID
from tricktaking.rl.reference import reference_markdown
from tricktaking.testing import playout

FULL = os.environ.get("TRICKTAKING_RL_FULL") == "1"
LEAK_PAIRS = 5_000 if FULL else 800
MASKED_STATES = 10_000 if FULL else 3_000
ROUND_TRIP_GAMES = 1_000 if FULL else 40

ROOT = Path(__file__).resolve().parents[1]

# The main configurations of each game; random games cycle through them.
CONFIGS: dict[str, list[object]] = {
    "wizard": [
        tt.WizardConfig(players=3, rounds=3),
        tt.WizardConfig(players=4, rounds=4, bid_rule="hook"),
        tt.WizardConfig(players=5, rounds=2),
        tt.WizardConfig(players=6, rounds=10),
    ],
    "one-card": [
        tt.OneCardConfig(players=2, target=10),
        tt.OneCardConfig(players=3, target=10),
        tt.OneCardConfig(players=4, target=10),
    ],
    "bid-whist": [
        tt.BidWhistConfig(target=3),
        tt.BidWhistConfig(target=3, kitty="exchange", nt_double=True),
        tt.BidWhistConfig(target=3, min_bid=4, first_lead="declarer", kitty="exchange"),
    ],
    "oh-hell": [
        tt.OhHellConfig(),
        tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=9, first_dealer=2),
        tt.OhHellConfig(players=4, schedule="up_down", max_hand_size=3, off_bid_penalty=True),
        tt.OhHellConfig(players=7, hand_size=7, bid_rule="free"),
    ],
}
ENV_CONFIGS = [
    tt.WizardConfig(players=3, rounds=2),
    tt.WizardConfig(players=4, rounds=3, bid_rule="hook"),
    tt.WizardConfig(players=6, rounds=2),
    tt.OneCardConfig(players=2, target=10),
    tt.OneCardConfig(players=3, target=10),
    tt.OneCardConfig(players=4, target=10),
    tt.BidWhistConfig(target=3),
    tt.BidWhistConfig(target=3, kitty="exchange", nt_double=True, first_lead="declarer"),
    tt.OhHellConfig(players=3),
    tt.OhHellConfig(players=6, schedule="down", max_hand_size=2, first_dealer=1),
]
GAMES = list(CONFIGS)
ENCODINGS: tuple[Encoding, ...] = ("situation", "infostate")


def random_games(game: str, count: int) -> Iterator[list[GameState[Any]]]:
    """``count`` seeded random games of ``game``, cycling through its configurations."""
    configs = CONFIGS[game]
    for number in range(count):
        yield playout(tt.new_game(configs[number % len(configs)]), seed=number)


def decision_states(game: str, count: int) -> list[GameState[Any]]:
    """``count`` states where a seat is to act, from random games."""
    states: list[GameState[Any]] = []
    for states_of_game in random_games(game, 10**6):
        states += [s for s in states_of_game if isinstance(tt.actor(s), int)]
        if len(states) >= count:
            return states[:count]
    raise AssertionError("not enough states")


def test_every_registered_game_has_learning_interfaces() -> None:
    assert supported_games() == tt.available_games()
    assert set(GAMES) == set(supported_games())


def test_importing_without_the_extra_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import tricktaking.rl\n"
        "except ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "pip install 'tricktaking[rl]'" in out


# ---------------------------------------------------------------------------------------
# Action indexes and masks


@pytest.mark.parametrize(
    ("game", "players", "size"),
    [
        ("wizard", 3, 54 + 21 + 4),
        ("wizard", 6, 54 + 11 + 4),
        ("one-card", 2, 25 + 1 + 8 + 2),
        ("one-card", 4, 25 + 1 + 10 + 2),
        ("bid-whist", 4, 54 + 1 + 21 + 4 + 2),
    ],
)
def test_the_action_space_sizes(game: str, players: int, size: int) -> None:
    space = action_space(game, players)
    assert space.size == len(space.names) == size
    assert len(set(space.names)) == size


def test_two_wizards_are_one_action() -> None:
    space = action_space("wizard", 4)
    wizard_card = tt.Card.parse("WZ")
    assert space.index(tt.Play(0, wizard_card)) == space.index(tt.Play(3, wizard_card)) == 52
    twice = (tt.Play(1, wizard_card), tt.Play(1, wizard_card))
    assert np.flatnonzero(space.mask(twice)).tolist() == [52]


def test_a_bid_whist_card_index_is_a_discard_in_the_discard_phase() -> None:
    state = tt.new_game(tt.BidWhistConfig(kitty="exchange"))
    states = playout(state, seed=4)
    discard = next(s for s in states if s.phase is tt.bid_whist.BidWhistPhase.DISCARD)
    seat = tt.actor(discard)
    assert isinstance(seat, int)
    legal = tt.legal_actions(discard)[0]
    assert isinstance(legal, tt.bid_whist.Discard)
    index = action_index(discard, legal)
    assert index == action_index(discard, tt.Play(seat, legal.card))
    assert action_from_index(discard, index) == legal
    assert action_from_index(tt.view(discard, seat), index) == legal


def test_bad_indexes_and_foreign_actions_raise() -> None:
    state = tt.new_game(tt.WizardConfig(players=4))
    state = tt.apply(state, tt.deal(state, seed=1))
    view = tt.view(state, 1)
    for bad in (-1, 74, "3", 2.0, True):
        with pytest.raises(ActionIndexError):
            action_from_index(view, bad)  # type: ignore[arg-type]
    foreign_actions: tuple[object, ...] = (
        tt.Pass(1),
        tt.one_card.Bid(1, 7),
        tt.Play(1, tt.Card.parse("JK")),
        "1 bid 3",
        object(),
    )
    for foreign in foreign_actions:
        with pytest.raises(ActionIndexError):
            action_index(view, foreign)
    with pytest.raises(ActionIndexError, match="no seat is to act"):
        action_from_index(tt.new_game(tt.WizardConfig(players=4)), 0)
    with pytest.raises(TypeError):
        action_index(object(), tt.Pass(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_the_mask_is_exactly_the_legal_actions(game: str) -> None:
    for state in decision_states(game, MASKED_STATES):
        seat = tt.actor(state)
        assert isinstance(seat, int)
        view = tt.view(state, seat)
        mask = action_mask(view)
        assert mask.dtype == np.bool_
        legal = set(tt.legal_actions(state))
        assert {action_from_index(view, int(i)) for i in np.flatnonzero(mask)} == legal
        assert int(mask.sum()) == len(legal)
        other = (seat + 1) % len(state.round.hands)
        assert not action_mask(tt.view(state, other)).any()


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_round_trips_through_its_index(game: str) -> None:
    met = 0
    for states in random_games(game, ROUND_TRIP_GAMES):
        for state in states:
            seat = tt.actor(state)
            if not isinstance(seat, int):
                continue
            view = tt.view(state, seat)
            for action in tt.legal_actions(state):
                index = action_index(view, action)
                assert index == action_index(state, action)
                assert action_from_index(view, index) == action
                assert action_from_index(state, index) == action
                met += 1
    assert met > ROUND_TRIP_GAMES


# ---------------------------------------------------------------------------------------
# Observations


def hidden_swap(state: GameState[Any], seat: int, rng: random.Random) -> GameState[Any]:
    """``state`` with the cards hidden from ``seat`` dealt anew among their zones."""
    rules = tt.game_of(state).rules
    hidden = [z for z in rules.zones(state) if not z.visible_to(seat) and z.cards]
    pool = [card for zone in hidden for card in zone.cards]
    rng.shuffle(pool)
    cards: dict[str, tuple[tt.Card, ...]] = {}
    for zone in hidden:
        cards[zone.name] = tuple(pool[: len(zone.cards)])
        del pool[: len(zone.cards)]
    return rules.with_zones(state, cards)


@pytest.mark.parametrize("game", GAMES)
def test_cards_hidden_from_a_seat_never_change_its_observations(game: str) -> None:
    rng = random.Random(game)
    pairs = 0
    for states in random_games(game, 10**6):
        for state in states[1:]:
            seat = rng.randrange(len(state.round.hands))
            other = hidden_swap(state, seat, rng)
            if other == state:
                continue
            for encoding in ENCODINGS:
                mine = encode(tt.view(state, seat), encoding)
                theirs = encode(tt.view(other, seat), encoding)
                assert np.array_equal(mine, theirs), (game, seat, str(state.history[-1]))
            mask = action_mask(tt.view(state, seat))
            assert np.array_equal(mask, action_mask(tt.view(other, seat)))
            pairs += 1
            if pairs >= LEAK_PAIRS:
                return


@pytest.mark.parametrize("game", GAMES)
def test_encodings_have_their_layouts_shape_and_fill_their_fields(game: str) -> None:
    for states in random_games(game, 3):
        for state in states:
            for seat in range(len(state.round.hands)):
                view = tt.view(state, seat)
                for encoding in ENCODINGS:
                    lay = layout(view, encoding)
                    array = encode(view, encoding)
                    assert array.dtype == np.float32
                    assert array.shape == lay.shape
                    low, high = lay.bounds()
                    assert (low <= array).all() and (array <= high).all()
                    hand = lay.field("hand")
                    assert array[hand.offset : hand.end].sum() == len(state.round.hands[seat])
                    phase = lay.field("phase")
                    assert array[phase.offset : phase.end].sum() == 1


def test_the_situation_encoding_of_a_known_view() -> None:
    state = tt.new_game(tt.OneCardConfig(players=3))
    state = tt.apply(state, tt.deal(state, seed=1))
    state = tt.apply(state, tt.Pass(1))
    state = tt.apply(state, tt.one_card.Bid(2, 8))
    view = tt.view(state, 2)
    lay = layout(view)
    array = encode(view)

    def field(name: str) -> list[float]:
        spot = lay.field(name)
        return [float(x) for x in array[spot.offset : spot.end]]

    assert field("phase")[[p.value for p in tt.one_card.OneCardPhase].index("bid")] == 1
    # relative seats from seat 2: seat 0 is 1 (its left), seat 1 is 2
    assert field("passed") == [0, 0, 1]
    assert field("high_bidder") == [1, 0, 0]
    assert field("high_bid")[8 - 7] == 1
    assert field("to_act") == [0, 1, 0]
    assert field("dealer") == [0, 1, 0]
    assert field("hand_sizes") == [8, 8, 8]


def test_layouts_have_no_gaps_and_a_version() -> None:
    for game in supported_games():
        for players in tt.get_game(game).seat_range:
            for encoding in ENCODINGS:
                lay = layout_for(game, players, encoding)
                assert lay.version == LAYOUT_VERSION
                end = 0
                for field in lay.fields:
                    assert field.offset == end and field.length > 0 and field.meaning
                    end = field.end
                assert end == lay.size
    with pytest.raises(ValueError, match="encoding"):
        layout_for("wizard", 3, "raw")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="3 to 6 players"):
        layout_for("wizard", 2)


def test_the_layout_tables_in_the_docs_are_generated_from_the_code() -> None:
    committed = (ROOT / "docs" / "reference" / "rl-layouts.md").read_text(encoding="utf-8")
    assert committed == reference_markdown(), "regenerate it: python tools/rl_layouts.py"


# ---------------------------------------------------------------------------------------
# Environments

# PettingZoo's api_test warns about every dict observation (the action-mask convention
# its own classic environments use); nothing else may warn.
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


# Every configuration meets both encodings: one in the checks, the other in the seed test.
ENV_CASES = [(config, ENCODINGS[i % 2]) for i, config in enumerate(ENV_CONFIGS)]


@pytest.mark.parametrize(("config", "encoding"), ENV_CASES, ids=repr)
def test_the_pettingzoo_api_render_and_seed_tests_pass(config: object, encoding: Encoding) -> None:
    other: Encoding = "situation" if encoding == "infostate" else "infostate"

    def made(render_mode: str | None = None) -> TricktakingAECEnv:
        return TricktakingAECEnv(config, encoding=encoding, render_mode=render_mode)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(made(), num_cycles=100)
        render_test(made)
        seed_test(lambda: TricktakingAECEnv(config, encoding=other), num_cycles=100)
    assert {str(warning.message) for warning in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize(("config", "encoding"), ENV_CASES, ids=repr)
def test_gymnasium_check_env_passes(config: object, encoding: Encoding) -> None:
    env = gymnasium.make(GYMNASIUM_ID, config=config, encoding=encoding, illegal_action="terminate")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)  # with a spec: every render mode is made and checked too
    assert [str(warning.message) for warning in caught] == []


def test_the_aec_rewards_are_the_score_changes() -> None:
    env = TricktakingAECEnv(tt.WizardConfig(players=3, rounds=2))
    env.reset(seed=5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        obs, _, done, _, _ = env.last()
        assert obs is not None
        env.step(None if done else int(np.flatnonzero(obs["action_mask"])[-1]))
        for agent, reward in env.rewards.items():
            totals[agent] += reward
    assert tuple(totals.values()) == tt.scores(env.state_of_game)
    assert env.state_of_game.history[0] == tt.deal(
        tt.new_game(tt.WizardConfig(players=3, rounds=2)), tt.seeding.derive_seed(5, "deal", 0)
    )


def test_an_illegal_aec_action_raises_and_changes_nothing() -> None:
    env = TricktakingAECEnv(tt.OneCardConfig(players=2), render_mode="ansi")
    env.reset(seed=1)
    before = env.state_of_game
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(tt.IllegalActionError):
        env.step(illegal)
    assert env.state_of_game is before
    text = env.render()
    assert text is not None and "phase bid" in text


def test_the_gymnasium_env_plays_whole_games_against_bots() -> None:
    env = TricktakingEnv(tt.BidWhistConfig(target=2), seat=2, opponents="heuristic")
    _, info = env.reset(seed=11)
    total = 0.0
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, done, truncated, info = env.step(action)
        total += reward
        assert not truncated
    assert total == tt.scores(env.state_of_game)[2]
    assert tt.is_over(env.state_of_game)
    with pytest.raises(tt.TricktakingError, match="reset"):
        env.step(0)
    again = TricktakingEnv(tt.BidWhistConfig(target=2), seat=2, opponents="heuristic")
    again.reset(seed=11)
    assert np.array_equal(again.reset(seed=11)[0], env.reset(seed=11)[0])


def test_the_gymnasium_env_handles_illegal_actions_as_configured() -> None:
    raising = TricktakingEnv(tt.OneCardConfig(players=3), opponents=["random", "heuristic"])
    _, info = raising.reset(seed=2)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(tt.IllegalActionError):
        raising.step(illegal)
    ending = TricktakingEnv(
        tt.OneCardConfig(players=3), illegal_action="terminate", illegal_reward=-5
    )
    ending.reset(seed=2)
    _, reward, done, _, info = ending.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-5.0, True, True)


def test_bad_env_options_raise() -> None:
    config = tt.OneCardConfig(players=3)
    with pytest.raises(ValueError, match="seat"):
        TricktakingEnv(config, seat=3)
    with pytest.raises(ValueError, match="lists 1 bots for 2 other seats"):
        TricktakingEnv(config, opponents=["random"])
    with pytest.raises(ValueError, match="no 'genius' bot"):
        TricktakingEnv(config, opponents="genius")
    with pytest.raises(ValueError, match="illegal_action"):
        TricktakingEnv(config, illegal_action="ignore")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TricktakingAECEnv(object())


def test_the_rl_benchmark_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    script = runpy.run_path(str(ROOT / "benchmarks" / "rl.py"), run_name="rl_benchmark")
    script["main"](["--quick"])
    out = capsys.readouterr().out
    assert "| game | encode situation | encode infostate | action_mask |" in out
    for game in ("Wizard", "One Card", "Bid Whist"):
        assert f"| {game}, " in out


def test_aec_resets_without_a_seed_follow_the_last_seed() -> None:
    def first_deals(seeds: list[int | None]) -> list[object]:
        env = TricktakingAECEnv(tt.OneCardConfig(players=2))
        deals = []
        for seed in seeds:
            env.reset(seed=seed)
            deals.append(env.state_of_game.history[0])
        return deals

    assert first_deals([-3, None, None]) == first_deals([-3, None, None])
    assert len(set(map(str, first_deals([-3, None, None])))) == 3
    with pytest.raises(TypeError):
        TricktakingAECEnv(tt.OneCardConfig(players=2)).reset(seed="1")  # type: ignore[arg-type]


def test_the_environments_render_svg_pictures_of_the_table() -> None:
    env = TricktakingAECEnv(tt.OneCardConfig(players=2), render_mode="svg")
    env.reset(seed=3)
    picture = env.render()
    assert picture is not None and picture.startswith("<svg")
    single = TricktakingEnv(tt.OneCardConfig(players=2), render_mode="svg")
    single.reset(seed=3)
    drawn = single.render()
    assert drawn is not None and drawn.startswith("<svg")
