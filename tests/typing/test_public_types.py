"""Pins the public types under mypy --strict (``assert_type`` is checked statically)."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_type

import tricktaking as tt
from tricktaking.games import wizard


def test_public_types_are_precise() -> None:
    state = tt.new_game(tt.WizardConfig(players=4))
    assert_type(state, wizard.WizardState)
    action = tt.deal(state, 1)
    assert_type(action, tt.Deal)
    state = tt.apply(state, action)
    assert_type(state, wizard.WizardState)
    actions = tt.legal_actions(state)
    assert_type(actions, tuple[wizard.WizardAction, ...])
    assert_type(tt.actor(state), int | tt.Chance | None)
    assert_type(tt.view(state, 0), wizard.WizardView)
    assert_type(tt.scores(state), tuple[int, ...])
    assert_type(tt.winners(state), tuple[int, ...])
    assert_type(tt.check(state, actions[0]), tt.Violation | None)
    trick = tt.Trick(leader=0, plays=(tt.Play(0, tt.Card.parse("AS")),))
    assert_type(wizard.trick_winner(trick, state.trump), int)
    assert_type(wizard.led_suit(state.round.trick), tt.Suit | None)
    assert_type(tt.Card.parse("QH"), tt.Card)
    assert_type(tt.parse_cards("QH AS"), tuple[tt.Card, ...])
    assert_type(tt.Deck.wizard().shuffled(3), tt.Deck)
    assert_type(wizard.round_score(2, 2), int)
    assert isinstance(state, wizard.WizardState)


def test_every_game_is_precisely_typed() -> None:
    from tricktaking.games import bid_whist, one_card

    one = tt.new_game(tt.OneCardConfig(players=3))
    assert_type(one, one_card.OneCardState)
    assert_type(tt.apply(one, tt.deal(one, 1)), one_card.OneCardState)
    assert_type(tt.legal_actions(one), tuple[one_card.OneCardAction, ...])
    assert_type(tt.view(one, 0), one_card.OneCardView)
    whist = tt.new_game(tt.BidWhistConfig())
    assert_type(whist, bid_whist.BidWhistState)
    assert_type(tt.apply(whist, tt.deal(whist, 1)), bid_whist.BidWhistState)
    assert_type(tt.legal_actions(whist), tuple[bid_whist.BidWhistAction, ...])
    assert_type(tt.view(whist, 0), bid_whist.BidWhistView)
    winner: Callable[[tt.Trick, tt.Suit | None, tt.Direction], int] = bid_whist.trick_winner
    assert callable(winner)
    assert_type(tt.get_game("wizard"), tt.Game[tt.GameState[object], object])
    assert isinstance(whist, bid_whist.BidWhistState)


def test_oh_hell_is_precisely_typed() -> None:
    from tricktaking.games import oh_hell

    state = tt.new_game(tt.OhHellConfig(players=4))
    assert_type(state, oh_hell.OhHellState)
    assert_type(tt.apply(state, tt.deal(state, 1)), oh_hell.OhHellState)
    assert_type(tt.legal_actions(state), tuple[oh_hell.OhHellAction, ...])
    assert_type(tt.view(state, 0), oh_hell.OhHellView)
    assert_type(oh_hell.deal(state, 1).dealer, int | None)
    assert_type(oh_hell.hand_score(2, 2), int)
    assert isinstance(state, oh_hell.OhHellState)
