"""Wizard's compiled kernel against the engine and the scalar heuristic bot, in every variant."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import tricktaking as tt
from tricktaking.batch import differences
from tricktaking.cards import Rank
from tricktaking.engine import GameState
from tricktaking.games.wizard import WizardPhase, WizardState

VARIANTS = [
    tt.WizardConfig(players=3),
    tt.WizardConfig(players=4, bid_rule="hook"),
    tt.WizardConfig(players=5, first_dealer=2, rounds=6),
    tt.WizardConfig(players=6, first_dealer=5, bid_rule="hook"),
    tt.WizardConfig(players=4, rounds=1, first_dealer=3),
    tt.WizardConfig(players=3, rounds=20, bid_rule="hook", first_dealer=1),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_random_games_match_the_engine(config: tt.WizardConfig) -> None:
    assert differences(config, size=60, seed=7) == ()


def wizard_tags(state: GameState[object], seat: int) -> list[str]:
    assert isinstance(state, WizardState)
    tags = []
    if state.phase is WizardPhase.CHOOSE_TRUMP:
        tags.append("trump after a Wizard turn-up (WZ-6.4)")
    plays = state.round.trick.plays
    if plays and plays[0].card.rank is Rank.JESTER:
        tags.append("a Jester led (WZ-10.7)")
    if plays and any(play.card.rank is Rank.WIZARD for play in plays):
        tags.append("a Wizard in the trick (WZ-11.1)")
    return tags


@pytest.mark.parametrize(
    "config",
    [
        tt.WizardConfig(players=3, rounds=8),
        tt.WizardConfig(players=4, rounds=6, bid_rule="hook", first_dealer=1),
        tt.WizardConfig(players=6, rounds=4),
    ],
    ids=repr,
)
def test_the_heuristic_actions_are_the_scalar_bots(
    config: tt.WizardConfig, heuristic_check: Callable[..., Counter[str]]
) -> None:
    decisions = heuristic_check(config, tag=wizard_tags)
    assert decisions[str(WizardPhase.BID)] >= 100 and decisions[str(WizardPhase.PLAY)] >= 500
    assert len(decisions) == 6, decisions  # choose, bid, play and the three tags
