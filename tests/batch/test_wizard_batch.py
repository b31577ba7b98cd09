"""Wizard's batch rules against the engine, in every config variant."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking.batch import differences

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
