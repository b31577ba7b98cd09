"""parse_move reads what frontends show: suit symbols and full canonical tokens."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking.notation import parse_move
from tricktaking.simulate import game_states


@pytest.mark.parametrize("game", ["wizard", "one-card", "bid-whist"])
def test_canonical_tokens_with_their_seat_parse(game: str) -> None:
    config = tt.get_game(game).config_type(**({} if game == "bid-whist" else {"players": 3}))
    seats = len(tt.scores(tt.new_game(config)))
    for state in game_states(config, ["random"] * seats, 7):
        if isinstance(tt.actor(state), int):
            for action in tt.legal_actions(state):
                assert parse_move(state, str(action)) == action
                assert parse_move(state, f"  {action}  ") == action


def test_suit_symbols_read_as_letters() -> None:
    state = tt.new_game(tt.BidWhistConfig())
    state = tt.apply(state, tt.deal(state, 3))
    while not any(isinstance(action, tt.Play) for action in tt.legal_actions(state)):
        state = tt.apply(state, tt.legal_actions(state)[0])
    for action in tt.legal_actions(state):
        assert isinstance(action, tt.Play)
        assert parse_move(state, action.card.pretty()) == action
        assert parse_move(state, "play " + action.card.pretty()) == action


def test_another_seats_token_parses_and_apply_explains() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    state = tt.apply(state, tt.deal(state, 3))
    move = parse_move(state, "0 bid 7")
    assert str(move) == "0 bid 7"
    assert tt.check(state, move) is tt.Violation.NOT_YOUR_TURN
