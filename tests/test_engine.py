"""The engine contract: registry and top-level dispatch (DESIGN §4)."""

from __future__ import annotations

import itertools

import pytest

import tricktaking as tt
from tricktaking.engine import deal_ended
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.games import wizard
from tricktaking.simulate import game_states
from tricktaking.testing import playout


def test_registry_lists_and_finds_games() -> None:
    assert "wizard" in tt.available_games()
    game = tt.get_game("wizard")
    assert game.name == "wizard"
    assert game.config_type is tt.WizardConfig
    assert game.state_type is tt.WizardState
    rules: object = game.rules
    assert rules is wizard.RULES
    assert tt.get_game("WIZARD") is game


def test_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="no game named 'hearts'"):
        tt.get_game("hearts")


def test_registering_a_game_twice_is_rejected() -> None:
    with pytest.raises(ValueError, match="already registered"):
        tt.register_game(tt.get_game("wizard"))


def test_top_level_functions_dispatch_to_the_game() -> None:
    config = tt.WizardConfig(players=3, rounds=2)
    state = tt.new_game(config)
    assert state == wizard.new_game(config)
    assert tt.actor(state) is tt.CHANCE
    assert tt.legal_actions(state) == ()
    action = tt.deal(state, 9)
    assert action == wizard.deal(state, 9)
    state = tt.apply(state, action)
    assert tt.legal_actions(state) == wizard.legal_actions(state)
    assert tt.check(state, tt.legal_actions(state)[0]) is None
    assert tt.view(state, 0) == wizard.view(state, 0)
    assert tt.scores(state) == (0, 0, 0)
    assert not tt.is_over(state)
    assert tt.winners(state) == ()


def test_non_states_and_non_configs_are_type_errors() -> None:
    with pytest.raises(TypeError, match="not the state of a registered game"):
        tt.apply("state", tt.Pass(0))  # type: ignore[type-var]
    with pytest.raises(TypeError, match="not the configuration of a registered game"):
        tt.new_game({"players": 4})


def test_errors_survive_pickling() -> None:
    import pickle

    error = tt.IllegalActionError("no", tt.Violation.MUST_BID, tt.Pass(0), 0)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.violation, copy.action, copy.seat) == (
        "no",
        tt.Violation.MUST_BID,
        tt.Pass(0),
        0,
    )
    record_error = pickle.loads(pickle.dumps(tt.RecordError("bad", index=3)))
    assert (str(record_error), record_error.index) == ("bad", 3)


@pytest.mark.parametrize(
    "config",
    [
        tt.WizardConfig(players=4, rounds=3),
        tt.OneCardConfig(players=3, target=5),
        tt.BidWhistConfig(kitty="exchange"),
    ],
    ids=["wizard", "one-card", "bid-whist"],
)
def test_states_pickle_copy_and_hash_as_values(config: object) -> None:
    import copy
    import pickle

    from tricktaking.testing import playout

    for state in playout(tt.new_game(config), 3)[::7]:
        tt.legal_actions(state)  # fills the memo, which must not matter
        for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
            assert twin == state
            assert hash(twin) == hash(state)
            for action in tt.legal_actions(twin)[:1]:
                assert tt.apply(twin, action) == tt.apply(state, action)


@pytest.mark.parametrize(
    "config",
    [tt.WizardConfig(players=3), tt.OneCardConfig(players=2), tt.BidWhistConfig(kitty="exchange")],
    ids=["wizard", "one-card", "bid-whist"],
)
def test_legal_actions_lists_each_distinct_action_once_in_hand_order(config: object) -> None:
    for state in playout(tt.new_game(config), 11):
        legal = tt.legal_actions(state)
        assert len(set(legal)) == len(legal)
        cards = [action.card for action in legal if isinstance(action, tt.Play)]
        assert cards == sorted(cards, key=tt.card_order)


def test_two_wizards_in_a_hand_are_one_play() -> None:
    state = tt.new_game(tt.WizardConfig(players=3, rounds=3))
    for _ in range(2):  # rounds 1 and 2, played at random
        state = tt.apply(state, tt.deal(state, len(state.history)))
        while tt.actor(state) is not tt.CHANCE:
            state = tt.apply(state, tt.legal_actions(state)[0])
    hands = (tt.parse_cards("WZ WZ JE"), tt.parse_cards("2S 3S 4S"), tt.parse_cards("5S 6S 7S"))
    stock = list(tt.Deck.wizard())
    for card in (card for hand in hands for card in hand):
        stock.remove(card)
    state = tt.apply(state, tt.Deal(hands=hands, stock=tuple(stock)))
    while state.phase is not wizard.WizardPhase.PLAY:  # the dealer is seat 2: seat 0 leads
        state = tt.apply(state, tt.legal_actions(state)[0])
    assert [str(action) for action in tt.legal_actions(state)] == ["0 play WZ", "0 play JE"]


SHORT_GAMES = [
    tt.WizardConfig(players=3, rounds=3),
    tt.OneCardConfig(players=3, target=5),
    tt.BidWhistConfig(kitty="exchange", target=3),
    tt.OhHellConfig(players=4, schedule="up_down", max_hand_size=3),
]
"""A short game of each built-in game (Wizard's and Oh Hell's of several deals)."""


@pytest.mark.parametrize("config", SHORT_GAMES, ids=lambda config: type(config).__name__)
def test_completed_trick_reports_each_trick_once_as_it_ends(config: object) -> None:
    states = list(game_states(config, ["random"] * len(tt.scores(tt.new_game(config))), 3))
    pairs = list(itertools.pairwise(states))
    ended = [tt.completed_trick(before, after) for before, after in pairs]
    found = [trick for trick in ended if trick is not None]
    # every trick of every deal: the last state of each deal holds that deal's tricks
    last_of_deal = [before for before, after in pairs if after.round.number != before.round.number]
    expected = [trick for state in (*last_of_deal, states[-1]) for trick in state.round.tricks]
    assert found == expected and found
    for (_, after), trick in zip(pairs, ended, strict=True):
        if trick is not None:
            assert trick.winner is not None and len(trick.plays) == len(tt.scores(after))
            assert after.history[-1] == trick.plays[-1]


@pytest.mark.parametrize("config", SHORT_GAMES, ids=lambda config: type(config).__name__)
def test_deal_ended_is_true_once_per_deal_on_its_last_action(config: object) -> None:
    states = list(game_states(config, ["random"] * len(tt.scores(tt.new_game(config))), 3))
    pairs = list(itertools.pairwise(states))
    ended = [deal_ended(before, after) for before, after in pairs]
    deals = [action for action in states[-1].history if isinstance(action, tt.Deal)]
    assert deals and ended.count(True) == len(deals)  # every deal is closed, once
    assert ended[-1] and tt.is_over(states[-1])
    for (_, after), closed in zip(pairs, ended, strict=True):
        if closed:  # what comes next is the next deal, or nothing
            assert tt.actor(after) is tt.CHANCE or tt.is_over(after)
        if isinstance(after.history[-1], tt.Deal):
            assert not closed  # a deal opens a deal, it closes none


def test_deal_ended_refuses_what_is_not_two_states_of_one_game() -> None:
    wizard_state = tt.new_game(tt.WizardConfig(players=3))
    with pytest.raises(ArgumentTypeError, match="deal_ended takes two game states"):
        deal_ended(wizard_state, None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="deal_ended takes two states of the same game"):
        deal_ended(wizard_state, tt.new_game(tt.OneCardConfig(players=3)))


def test_completed_trick_refuses_what_is_not_two_states_of_one_game() -> None:
    wizard_state = tt.new_game(tt.WizardConfig(players=3))
    with pytest.raises(ArgumentTypeError):
        tt.completed_trick(wizard_state, None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="same game"):
        tt.completed_trick(wizard_state, tt.new_game(tt.OneCardConfig(players=3)))


@pytest.mark.parametrize("name", tt.available_games())
def test_the_default_config_seats_the_suggested_number_of_players(name: str) -> None:
    game = tt.get_game(name)
    config = game.default_config()
    assert type(config) is game.config_type
    players = len(tt.scores(tt.new_game(config)))
    assert players == (game.default_players or game.seat_range.start)
