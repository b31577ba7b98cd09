"""The sampled-bids bot: bids valued over shared worlds, card play by the kernel ISMCTS."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import tricktaking as tt
from tricktaking.batch.bidding import SampledBidsBot
from tricktaking.batch.exact import cards_left
from tricktaking.bots import Bot, make_bot
from tricktaking.errors import ArgumentError, ArgumentTypeError

SMALL = [
    tt.WizardConfig(players=3, rounds=2),
    tt.OneCardConfig(players=4, target=1),
    tt.BidWhistConfig(target=1),
    tt.OhHellConfig(players=3, hand_size=3),
]


def view_to_act(state: tt.GameState[object]) -> tt.PlayerView:
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return tt.view(state, seat)


def first_decision(config: object, seed: int = 3) -> tt.PlayerView:
    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, seed=seed))
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return tt.view(state, seat)


@pytest.mark.parametrize("config", SMALL, ids=lambda config: type(config).__name__)
def test_it_plays_legal_moves_in_whole_small_games(
    config: object, whole_game: Callable[[object, Bot], int]
) -> None:
    assert whole_game(config, SampledBidsBot(seed=1, worlds=4, iterations=16, exact_cards=4)) > 0


@pytest.mark.parametrize("config", SMALL, ids=lambda config: type(config).__name__)
def test_every_bid_is_valued_in_the_same_worlds(config: object) -> None:
    seen = first_decision(config)
    hints = SampledBidsBot(seed=4, worlds=12).evaluate(seen)
    assert {hint.action for hint in hints} == set(seen.legal_actions)
    assert all(hint.visits == 12 for hint in hints)
    assert [hint.value for hint in hints] == sorted((hint.value for hint in hints), reverse=True)


def test_a_card_play_is_searched_by_the_tree_until_few_cards_are_left_then_solved(
    card_play: Callable[..., tt.GameState[object]],
) -> None:
    config = tt.OhHellConfig(players=4, hand_size=5, first_dealer=0)
    bot = SampledBidsBot(seed=4, iterations=64, exact_cards=8, exact_worlds=5)
    early = view_to_act(card_play(config))
    assert cards_left(early) > 8
    hints = bot.evaluate(early)
    assert {hint.action for hint in hints} == set(early.legal_actions)
    assert sum(hint.visits for hint in hints) == 64
    late = view_to_act(card_play(config, most_cards=8))
    assert all(hint.visits == 5 for hint in bot.evaluate(late))


def test_the_same_seed_decides_alike(card_play: Callable[..., tt.GameState[object]]) -> None:
    bid = first_decision(tt.WizardConfig(players=4, rounds=3))
    play = view_to_act(card_play(tt.WizardConfig(players=4, rounds=3)))
    for seen in (bid, play):
        first = SampledBidsBot(seed=5, worlds=8, iterations=64).evaluate(seen)
        assert SampledBidsBot(seed=5, worlds=8, iterations=64).evaluate(seen) == first


def test_a_budget_in_seconds_goes_to_bids_and_plays_alike() -> None:
    bot = SampledBidsBot(seed=1, worlds=8)
    assert bot.seconds is None
    bot.seconds = 0.01
    seen = first_decision(tt.OhHellConfig(players=4, hand_size=4, first_dealer=0))
    assert bot.seconds == 0.01 and bot.act(seen) in seen.legal_actions


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"worlds": 0}, ArgumentError),
        ({"iterations": 0}, ArgumentError),
        ({"exact_cards": -1}, ArgumentError),
        ({"exact_worlds": 0}, ArgumentError),
        ({"seconds": 0.0}, ArgumentError),
        ({"seconds": "1"}, ArgumentTypeError),
        ({"win_value": float("nan")}, ArgumentError),
        ({"seed": 1.5}, ArgumentTypeError),
    ],
)
def test_bad_arguments_are_typed_errors(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        SampledBidsBot(**options)  # type: ignore[arg-type]


def test_a_bad_budget_set_later_is_refused_and_the_budget_kept() -> None:
    bot = SampledBidsBot(seconds=0.5)
    with pytest.raises(ArgumentError):
        bot.seconds = -1.0
    assert bot.seconds == 0.5


def test_a_seat_that_is_not_to_act_is_refused() -> None:
    state = tt.new_game(tt.OhHellConfig(players=3, hand_size=3, first_dealer=0))
    state = tt.apply(state, tt.deal(state, seed=1))
    waiting = next(seat for seat in range(3) if seat != tt.actor(state))
    with pytest.raises(ValueError, match="no legal action"):
        SampledBidsBot(worlds=2).act(tt.view(state, waiting))


@pytest.mark.parametrize("kind", ["batch-pimc", "batch-ismcts", "sampled-bids"])
def test_make_bot_makes_the_compiled_kinds(kind: str) -> None:
    seen = first_decision(tt.OneCardConfig(players=3, target=1))
    assert make_bot(kind, "one-card", seed=2).act(seen) in seen.legal_actions
