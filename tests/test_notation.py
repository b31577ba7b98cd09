"""Action notation: canonical tokens and the short form players type."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking import NotationError
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.notation import parse_core_action, parse_move, short_token
from tricktaking.testing import playout


@pytest.mark.parametrize(
    ("config", "parse"),
    [
        (tt.WizardConfig(players=4, rounds=3), wizard.parse_action),
        (tt.OneCardConfig(players=3, target=6), one_card.parse_action),
        (tt.BidWhistConfig(kitty="exchange"), bid_whist.parse_action),
    ],
    ids=["wizard", "one-card", "bid-whist"],
)
def test_every_action_of_a_game_round_trips_through_its_token(
    config: object, parse: object
) -> None:
    final = playout(tt.new_game(config), seed=3)[-1]
    for action in final.history:
        assert parse(str(action)) == action  # type: ignore[operator]


def test_core_tokens() -> None:
    assert parse_core_action("  3 PASS ") == tt.Pass(3)
    assert parse_core_action("deal / / ") == tt.Deal(hands=((), ()), stock=())
    for bad in ["", "deal", "x pass", "1 trump X", "1 direction sideways", "1 play", "1 play QQ"]:
        with pytest.raises(NotationError):
            parse_core_action(bad)
    with pytest.raises(NotationError):
        parse_core_action(5)  # type: ignore[arg-type]


def test_short_tokens() -> None:
    assert short_token(tt.Pass(2)) == "pass"
    assert short_token(bid_whist.Bid(1, 4, bid_whist.BidMode.NO_TRUMP)) == "bid 4NT"


def _first(config: object, phase: str, seed: int = 0) -> tt.GameState[object]:
    for state in playout(tt.new_game(config), seed):
        if getattr(state, "phase").value == phase:  # noqa: B009
            return state
    raise AssertionError(phase)


def test_short_forms_for_the_acting_seat() -> None:
    state = _first(tt.WizardConfig(players=3), "play")
    seat = tt.actor(state)
    first = tt.legal_actions(state)[0]
    assert isinstance(first, tt.Play)
    assert parse_move(state, str(first.card)) == first == tt.Play(first.seat, first.card)
    assert parse_move(state, f"play {str(first.card).lower()}") == first
    assert first.seat == seat
    bidding = _first(tt.BidWhistConfig(), "bid")
    assert parse_move(bidding, "pass") == tt.Pass(1)
    assert parse_move(bidding, "4nt") == bid_whist.Bid(1, 4, bid_whist.BidMode.NO_TRUMP)
    assert parse_move(bidding, "bid 2D") == bid_whist.Bid(1, 2, bid_whist.BidMode.DOWNTOWN)
    choosing = _first(tt.BidWhistConfig(), "choose", seed=1)
    options = tt.legal_actions(choosing)
    if isinstance(options[0], tt.ChooseTrump):
        assert parse_move(choosing, "h") == tt.ChooseTrump(options[0].seat, tt.Suit.HEARTS)
    else:
        assert parse_move(choosing, "down") == options[1]


def test_an_illegal_move_is_returned_for_apply_to_explain() -> None:
    state = _first(tt.WizardConfig(players=3), "bid")
    move = parse_move(state, "bid 7")
    assert move == wizard.Bid(1, 7)
    with pytest.raises(tt.IllegalActionError):
        tt.apply(state, move)


def test_nonsense_and_no_seat_to_act() -> None:
    state = _first(tt.WizardConfig(players=3), "bid")
    with pytest.raises(NotationError, match="legal moves are: bid 0, bid 1"):
        parse_move(state, "fold")
    with pytest.raises(NotationError, match="no player"):
        parse_move(tt.new_game(tt.WizardConfig(players=3)), "QH")
