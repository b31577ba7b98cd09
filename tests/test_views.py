"""Player views of all three games: JSON, counts of others' cards, legal actions."""

from __future__ import annotations

import json

import attrs
import pytest

import tricktaking as tt
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.testing import playout
from tricktaking.views import TABLE_FIELDS, PlayerView, TableView

TABLE_KEYS = ["game", *TABLE_FIELDS]  # TABLE_FIELDS is checked against TableView below

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
            assert data["phase"] == state.phase.value
            if to_act == seat:
                assert data["legal_actions"] == [str(a) for a in tt.legal_actions(state)]
            else:
                assert data["legal_actions"] == []


def test_bid_whist_kitty_is_never_shown_with_the_book_rule() -> None:
    for state in playout(tt.new_game(tt.BidWhistConfig()), 9):
        for seat in range(4):
            assert tt.view(state, seat).kitty == ()


def test_the_table_values_are_named_by_the_table_view_s_fields_in_order() -> None:
    names = tuple(field.name for field in attrs.fields(TableView))
    assert names == TABLE_FIELDS


@pytest.mark.parametrize("config", CONFIGS, ids=["wizard", "one-card", "bid-whist"])
def test_every_view_has_the_table_fields_named_alike(config: object) -> None:
    for state in playout(tt.new_game(config), 3)[::7]:
        for seat in range(len(tt.scores(state))):
            seen: PlayerView = tt.view(state, seat)
            rnd = state.round
            assert (seen.players, seen.round_number, seen.dealer) == (
                len(rnd.hands),
                rnd.number,
                rnd.dealer,
            )
            assert (seen.trick, seen.tricks, seen.tricks_won) == (rnd.trick, rnd.tricks, rnd.won)
            assert (seen.trump, seen.scores) == (state.trump, tt.scores(state))
            assert list(seen.to_dict())[: len(TABLE_KEYS)] == TABLE_KEYS


@pytest.mark.parametrize("config", CONFIGS[1:], ids=["one-card", "bid-whist"])
def test_hand_number_is_a_deprecated_alias_of_round_number(config: object) -> None:
    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, 1))
    seen = tt.view(state, 0)
    with pytest.deprecated_call():
        assert seen.hand_number == seen.round_number == 1  # type: ignore[attr-defined]
    assert seen.to_dict()["hand_number"] == 1


def test_wizard_round_key_is_kept_for_one_release() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    state = tt.apply(state, tt.deal(state, 1))
    assert tt.view(state, 0).to_dict()["round"] == 1


@pytest.mark.parametrize("config", [*CONFIGS, tt.OhHellConfig()])
def test_a_view_of_no_seat_is_a_typed_error(config: object) -> None:
    state = tt.new_game(config)
    players = len(tt.scores(state))
    with pytest.raises(ArgumentError, match=f"seat must be 0 to {players - 1}, not 7"):
        tt.view(state, 7)
    for not_a_seat in (tt.CHANCE, "0", 1.0, True, None):
        with pytest.raises(ArgumentTypeError, match="seat must be an int"):
            tt.view(state, not_a_seat)  # type: ignore[arg-type]
