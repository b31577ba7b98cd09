"""Wizard module API: notation, views, interned actions."""

from __future__ import annotations

import json

import pytest

from tricktaking import NotationError, Play, Suit, parse_cards
from tricktaking.games import wizard
from tricktaking.games.wizard import Bid, WizardConfig


def test_action_tokens_round_trip() -> None:
    state = wizard.new_game(WizardConfig(players=3))
    deal = wizard.deal(state, 3)
    for action in (
        deal,
        Bid(1, 2),
        Play(0, parse_cards("QH")[0]),
        wizard.ChooseTrump(2, Suit.SPADES),
    ):
        assert wizard.parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text", ["", "bid 2", "1 bid x", "1 pass", "1 direction uptown", "x play QH"]
)
def test_bad_action_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        wizard.parse_action(text)


def test_view_to_dict_is_plain_json() -> None:
    state = wizard.new_game(WizardConfig(players=4))
    state = wizard.apply(state, wizard.deal(state, 8))
    seat = wizard.actor(state)
    assert isinstance(seat, int)
    data = wizard.view(state, seat).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["legal_actions"] and all(isinstance(a, str) for a in data["legal_actions"])  # type: ignore[union-attr]
    assert wizard.view(state, (seat + 1) % 4).legal_actions == ()


def test_view_rejects_bad_seats() -> None:
    state = wizard.new_game(WizardConfig(players=3))
    for seat in (-1, 3, True):
        with pytest.raises(ValueError, match="seat must be"):
            wizard.view(state, seat)


def test_legal_actions_are_interned() -> None:
    state = wizard.new_game(WizardConfig(players=3))
    state = wizard.apply(state, wizard.deal(state, 1))
    assert all(
        a is b
        for a, b in zip(wizard.legal_actions(state), wizard.legal_actions(state), strict=True)
    )


def test_new_game_rejects_other_configs() -> None:
    with pytest.raises(TypeError):
        wizard.new_game("wizard")  # type: ignore[arg-type]
