"""Bid Whist's batch rules against the engine, in every config variant."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking.batch import differences

VARIANTS = [
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer", first_dealer=3),
    tt.BidWhistConfig(min_bid=4, nt_double=True, target=5, first_dealer=1),
    tt.BidWhistConfig(kitty="exchange", nt_double=True, min_bid=7, target=9),
    tt.BidWhistConfig(target=1, first_lead="declarer", first_dealer=2),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_random_games_match_the_engine(config: tt.BidWhistConfig) -> None:
    assert differences(config, size=40, seed=13) == ()
