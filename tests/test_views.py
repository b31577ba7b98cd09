"""Player views of all three games: JSON, counts of others' cards, legal actions."""

from __future__ import annotations

import json

import pytest

import tricktaking as tt
from tricktaking.testing import playout

CONFIGS = [
    tt.WizardConfig(players=4, rounds=4),
    tt.OneCardConfig(players=3, target=5),
    tt.BidWhistConfig(kitty="exchange"),
]


@pytest.mark.parametrize("config", CONFIGS, ids=["wizard", "one-card", "bid-whist"])
def test_views_are_json_and_show_only_what_the_seat_may_see(config: object) -> None:
    for state in playout(tt.new_game(config), 5)[::4]:
        to_act = tt.actor(state)
        for seat in range(len(tt.scores(state))):
            seen = tt.view(state, seat)
            data = seen.to_dict()
            assert json.loads(json.dumps(data)) == data
            assert data["seat"] == seat
            assert data["hand"] == [str(card) for card in state.round.hands[seat]]
            assert data["hand_sizes"] == [len(hand) for hand in state.round.hands]
            assert data["phase"] == getattr(state, "phase").value  # noqa: B009
            if to_act == seat:
                assert data["legal_actions"] == [str(a) for a in tt.legal_actions(state)]
            else:
                assert data["legal_actions"] == []


def test_bid_whist_kitty_is_never_shown_with_the_book_rule() -> None:
    for state in playout(tt.new_game(tt.BidWhistConfig()), 9):
        for seat in range(4):
            assert tt.view(state, seat).kitty == ()
