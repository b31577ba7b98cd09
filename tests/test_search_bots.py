"""Search bots: legal, reproducible, every phase, score-aware; suggest; the registry."""

from __future__ import annotations

import math

import pytest

import tricktaking as tt
from tricktaking.bots import (
    BOT_KINDS,
    IsmctsBot,
    PimcBot,
    RandomBot,
    Suggestion,
    make_bot,
    seat_values,
    suggest,
)
from tricktaking.engine import Action, GameState
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.games import wizard
from tricktaking.seeding import derive_seed


def play_game(config: object, kinds: list[str], seed: int) -> GameState[object]:
    state = tt.new_game(config)
    bots = [
        make_bot(kind, tt.game_of(state).name, derive_seed(seed, s)) for s, kind in enumerate(kinds)
    ]
    for bot in bots:
        if isinstance(bot, IsmctsBot | PimcBot):
            bot.iterations = 6
            bot.config = config
    while not tt.is_over(state):
        seat = tt.actor(state)
        if seat is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, derive_seed(seed, len(state.history))))
        else:
            assert isinstance(seat, int)
            state = tt.apply(state, bots[seat].act(tt.view(state, seat)))
    return state


GAMES = [
    (tt.WizardConfig(players=3, rounds=3), ["ismcts", "pimc", "heuristic"]),
    (tt.OneCardConfig(players=3, target=8), ["ismcts", "pimc", "random"]),
    (tt.BidWhistConfig(kitty="exchange", target=3), ["ismcts", "pimc", "ismcts", "pimc"]),
    (tt.OhHellConfig(players=4, hand_size=4), ["ismcts", "pimc", "heuristic", "random"]),
]


@pytest.mark.parametrize(("config", "kinds"), GAMES)
def test_search_bots_play_whole_games_reproducibly(config: object, kinds: list[str]) -> None:
    first = play_game(config, kinds, 5)
    assert tt.is_over(first)
    assert list(first.history) == list(play_game(config, kinds, 5).history)


def kinds_played(config: object, players: int, seed: int) -> set[str]:
    """The kinds of action in a seeded game of search bots only."""
    final = play_game(config, ["ismcts"] * players, seed)
    return {type(action).__name__ for action in final.history}


def test_search_bots_act_in_every_phase() -> None:
    # seeds whose deals reach every phase: seed 2 a downtown/uptown choice, seed 4 a pass
    # and a trump choice (both exchange the kitty); one 1-round Wizard game whose turn-up
    # is a Wizard, so that its dealer chooses trump
    exchange = tt.BidWhistConfig(kitty="exchange", target=1)
    kinds = kinds_played(exchange, 4, 2) | kinds_played(exchange, 4, 4)
    assert {"Bid", "Pass", "ChooseTrump", "ChooseDirection", "Discard", "Play"} <= kinds
    assert {"Bid", "ChooseTrump", "Play"} <= kinds_played(
        tt.WizardConfig(players=3, rounds=1), 3, 2
    )


def wizard_bid_position() -> tuple[GameState[object], tt.PlayerView]:
    """Round 1 of 3-player Wizard: seat 1 holds a Wizard and bids first."""
    top = tt.parse_cards("WZ 2C 3C 4D")  # seats 1, 2, 0, then the turn-up
    rest = list(tt.Deck.wizard())
    for card in top:
        rest.remove(card)
    deal = tt.Deal.from_deck((*top, *rest), players=3, first_seat=1, hand_size=1)
    state = tt.apply(tt.new_game(tt.WizardConfig(players=3, rounds=1)), deal)
    return state, tt.view(state, 1)


@pytest.mark.parametrize("kind", [IsmctsBot, PimcBot])
def test_the_search_bids_for_the_score(kind: type[IsmctsBot] | type[PimcBot]) -> None:
    _, seen = wizard_bid_position()
    assert kind(seed=3, iterations=30).act(seen) == wizard.Bid(1, 1)  # a Wizard wins a trick


def test_suggest_ranks_every_legal_action_once() -> None:
    state, seen = wizard_bid_position()
    for bot in (IsmctsBot(seed=1), PimcBot(seed=1)):
        hints = suggest(seen, bot, budget=24)
        assert all(isinstance(hint, Suggestion) for hint in hints)
        assert sorted(map(str, (hint.action for hint in hints))) == sorted(
            map(str, tt.legal_actions(state))
        )
        assert sum(hint.visits for hint in hints) == 24
        assert hints[0].action == wizard.Bid(1, 1)
        assert hints[0].value > hints[-1].value
    assert suggest(seen, budget=10)[0].visits > 0


def test_a_custom_playout_policy_and_a_time_budget() -> None:
    _, seen = wizard_bid_position()
    bot = IsmctsBot(seed=2, iterations=None, seconds=0.02, playout=lambda g, s: RandomBot(s))
    assert bot.act(seen) in seen.legal_actions
    one_choice = tt.view(tt.apply(*_first_bid()), 2)
    assert PimcBot(iterations=1).act(one_choice) in one_choice.legal_actions


def _first_bid() -> tuple[GameState[object], Action]:
    state, _ = wizard_bid_position()
    return state, wizard.Bid(1, 1)


def test_budgets_are_checked() -> None:
    with pytest.raises(ValueError, match="budget"):
        IsmctsBot(iterations=None)
    with pytest.raises(ValueError, match="1 to"):
        PimcBot(iterations=0)
    with pytest.raises(ValueError, match="positive"):
        IsmctsBot(seconds=0)


def test_seat_values_are_score_differences_by_team() -> None:
    state = tt.new_game(tt.BidWhistConfig(target=1))
    final = play_game(tt.BidWhistConfig(target=1), ["random"] * 4, 2)
    values = seat_values(final)
    assert values[0] == values[2] and values[1] == values[3] and values[0] == -values[1]
    assert abs(values[0]) >= 50
    assert seat_values(state) == (0.0,) * 4
    wiz = play_game(tt.WizardConfig(players=4, rounds=1), ["random"] * 4, 1)
    assert sum(seat_values(wiz, win_value=0)) == pytest.approx(0)


def test_make_bot_knows_the_search_kinds_and_the_registry() -> None:
    assert {"heuristic", "random", "pimc", "ismcts"} <= set(BOT_KINDS)
    for game in tt.available_games():
        assert isinstance(make_bot("ismcts", game, 1), IsmctsBot)
        assert isinstance(make_bot("pimc", game, 1), PimcBot)
    with pytest.raises(ValueError, match="no game 'skat'"):
        make_bot("heuristic", "skat")


def test_plain_so_ismcts_is_an_option() -> None:
    state, seen = wizard_bid_position()
    plain = IsmctsBot(seed=4, iterations=30, opponents="ucb")
    assert plain.act(seen) == wizard.Bid(1, 1)
    with pytest.raises(ValueError, match="opponents"):
        IsmctsBot(opponents="oracle")  # type: ignore[arg-type]
    assert tt.legal_actions(state)


def bid_whist_views(count: int) -> list[tt.PlayerView]:
    """Views of the seat to act with a choice, along heuristic Bid Whist hands."""
    views: list[tt.PlayerView] = []
    for seed in range(count):
        state = tt.new_game(tt.BidWhistConfig(target=1))
        state = tt.apply(state, tt.deal(state, seed=seed))
        bots = [make_bot("heuristic", "bid-whist", s) for s in range(4)]
        for step in range(12 + 3 * seed):  # the auction, the choices, then some tricks
            seat = tt.actor(state)
            assert isinstance(seat, int)
            state = tt.apply(state, bots[seat].act(tt.view(state, seat)))
            if step in (0, 11 + 3 * seed) and len(tt.legal_actions(state)) > 1:
                next_seat = tt.actor(state)
                assert isinstance(next_seat, int)
                views.append(tt.view(state, next_seat))
    return views


def test_a_strong_bias_keeps_the_playout_policys_choice() -> None:
    heuristic = make_bot("heuristic", "bid-whist", 0)
    views = bid_whist_views(4)
    assert len(views) >= 4
    for seen in views:
        bot = IsmctsBot(seed=1, iterations=40, bias=1000.0)  # the target of 1 is in the view
        assert bot.act(seen) == heuristic.act(seen)


def test_the_bias_is_part_of_the_deterministic_search() -> None:
    seen = bid_whist_views(1)[0]

    def ranking(bias: float) -> list[tuple[str, int]]:
        hints = IsmctsBot(seed=5, iterations=40, bias=bias).evaluate(seen)
        return [(str(hint.action), hint.visits) for hint in hints]

    assert ranking(1.0) == ranking(1.0)
    assert ranking(1.0) != ranking(0.0)  # the bias moves visits
    with pytest.raises(ValueError, match="bias"):
        IsmctsBot(bias=-1.0)


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"iterations": 1.5}, ArgumentTypeError, "iterations"),
        ({"iterations": True}, ArgumentTypeError, "iterations"),
        ({"iterations": -3}, ArgumentError, "iterations"),
        ({"iterations": 10**30}, ArgumentError, "iterations"),
        ({"iterations": None, "seconds": math.nan}, ArgumentError, "seconds"),
        ({"iterations": None, "seconds": math.inf}, ArgumentError, "seconds"),
        ({"seconds": -1.0}, ArgumentError, "seconds"),
        ({"seconds": 1e12}, ArgumentError, "seconds"),
        ({"seconds": "1"}, ArgumentTypeError, "seconds"),
        ({"playout": "heuristic"}, ArgumentTypeError, "playout"),
        ({"win_value": math.nan}, ArgumentError, "win_value"),
        ({"win_value": "50"}, ArgumentTypeError, "win_value"),
        ({"seed": 1.5}, ArgumentTypeError, "seed"),
    ],
)
@pytest.mark.parametrize("kind", [PimcBot, IsmctsBot])
def test_search_options_of_the_wrong_type_or_out_of_bounds_raise_typed_errors(
    kind: type[PimcBot | IsmctsBot], options: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        kind(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"exploration": math.nan}, ArgumentError),
        ({"exploration": -1.0}, ArgumentError),
        ({"bias": math.inf}, ArgumentError),
        ({"bias": "1"}, ArgumentTypeError),
        ({"opponents": "oracle"}, ArgumentError),
    ],
)
def test_ismcts_options_are_checked(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        IsmctsBot(**options)  # type: ignore[arg-type]


def test_suggest_checks_its_budget_and_bot() -> None:
    _, seen = wizard_bid_position()
    with pytest.raises(ArgumentError, match="budget"):
        suggest(seen, budget=0)
    with pytest.raises(ArgumentTypeError, match="budget"):
        suggest(seen, budget=2.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="bot"):
        suggest(seen, bot=RandomBot())  # type: ignore[arg-type]
