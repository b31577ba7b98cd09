"""Property tests over seeded random Bid Whist games with every config option."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from tricktaking.games import bid_whist
from tricktaking.games.bid_whist import BidWhistConfig, BidWhistPhase, BidWhistState
from tricktaking.testing import playout

configs = st.builds(
    BidWhistConfig,
    first_dealer=st.integers(0, 3),
    target=st.integers(1, 12),
    min_bid=st.integers(1, 7),
    kitty=st.sampled_from(["book", "exchange"]),
    nt_double=st.booleans(),
    first_lead=st.sampled_from(["left_of_dealer", "declarer"]),
)


def game(config: BidWhistConfig, seed: int) -> list[BidWhistState]:
    return playout(bid_whist.new_game(config), seed)


@given(configs, st.integers(0, 2**32))
def test_the_defenders_score_never_changes(config: BidWhistConfig, seed: int) -> None:
    states = game(config, seed)
    for before, after in pairwise(states):
        if after.team_scores != before.team_scores:
            assert after.contract is not None
            defenders = 1 - bid_whist.team_of(after.contract.seat)
            assert after.team_scores[defenders] == before.team_scores[defenders]


@given(configs, st.integers(0, 2**32))
def test_the_game_ends_at_plus_or_minus_target_with_one_winning_team(
    config: BidWhistConfig, seed: int
) -> None:
    states = game(config, seed)
    final = states[-1]
    assert final.phase is BidWhistPhase.OVER
    assert any(abs(score) >= config.target for score in final.team_scores)
    assert all(abs(score) < config.target for state in states[:-1] for score in state.team_scores)
    assert bid_whist.winners(final) in ((0, 2), (1, 3))
    a, b = final.team_scores
    assert (bid_whist.winners(final) == (0, 2)) == (a > b)


@given(configs, st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_game(config: BidWhistConfig, seed: int) -> None:
    assert game(config, seed) == game(config, seed)
