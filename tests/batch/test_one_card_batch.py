"""One Card's batch rules against the engine, in every config variant."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking.batch import differences

VARIANTS = [
    tt.OneCardConfig(players=2),
    tt.OneCardConfig(players=3, first_dealer=2),
    tt.OneCardConfig(players=4, first_dealer=1, target=45),
    tt.OneCardConfig(players=3, target=1),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_random_games_match_the_engine(config: tt.OneCardConfig) -> None:
    assert differences(config, size=60, seed=11) == ()
