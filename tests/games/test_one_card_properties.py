"""Property tests over seeded random One Card games (2 to 4 players)."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from tricktaking.games import one_card
from tricktaking.games.one_card import OneCardConfig, OneCardPhase, OneCardState
from tricktaking.testing import playout

configs = st.builds(
    OneCardConfig, players=st.integers(2, 4), first_dealer=st.just(0), target=st.integers(1, 40)
)


def game(config: OneCardConfig, seed: int) -> list[OneCardState]:
    return playout(one_card.new_game(config), seed)


@given(configs, st.integers(0, 2**32))
def test_each_hands_points_total_fifteen(config: OneCardConfig, seed: int) -> None:
    states = game(config, seed)
    for before, after in pairwise(states):
        if after.hand_complete and not before.hand_complete:
            assert sum(after.points) == 15
            assert all(
                0 <= score <= points
                for score, points in zip(after.score_sheet[-1], after.points, strict=True)
            )


@given(configs, st.integers(0, 2**32))
def test_the_game_ends_with_one_winner(config: OneCardConfig, seed: int) -> None:
    final = game(config, seed)[-1]
    assert final.phase is OneCardPhase.OVER
    (winner,) = one_card.winners(final)
    assert final.scores[winner] >= config.target
    assert all(
        score < final.scores[winner] for seat, score in enumerate(final.scores) if seat != winner
    )


@given(configs, st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_game(config: OneCardConfig, seed: int) -> None:
    assert game(config, seed) == game(config, seed)
