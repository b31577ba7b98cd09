"""Property tests over seeded random Wizard games (3 to 6 players)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktaking import CHANCE, IllegalActionError, Play
from tricktaking.games import wizard
from tricktaking.games.wizard import WizardConfig, WizardPhase, WizardState
from tricktaking.seeding import derive_seed, random_below, stream

configs = st.builds(
    WizardConfig,
    players=st.integers(3, 6),
    first_dealer=st.just(0),
    rounds=st.none() | st.integers(1, 4),
    bid_rule=st.sampled_from(["free", "hook"]),
).map(
    lambda c: WizardConfig(
        players=c.players, first_dealer=c.players - 1, rounds=c.rounds, bid_rule=c.bid_rule
    )
)


def random_game(config: WizardConfig, seed: int) -> list[WizardState]:
    """Every state of a game played with uniformly random legal actions."""
    state = wizard.new_game(config)
    states = [state]
    choices = stream(derive_seed(seed, "choices"))
    while not wizard.is_over(state):
        if wizard.actor(state) is CHANCE:
            action: wizard.WizardAction = wizard.deal(state, derive_seed(seed, len(state.history)))
        else:
            actions = wizard.legal_actions(state)
            action = actions[random_below(choices, len(actions))]
        state = wizard.apply(state, action)
        states.append(state)
    return states


def short(config: WizardConfig) -> WizardConfig:
    """Full games of 6 players are long; property runs use at most 4 rounds."""
    rounds = config.rounds if config.rounds is not None else min(4, config.total_rounds)
    return WizardConfig(
        players=config.players,
        first_dealer=config.first_dealer,
        rounds=rounds,
        bid_rule=config.bid_rule,
    )


@given(configs, st.integers(0, 2**32))
def test_the_game_ends_after_the_right_number_of_rounds(config: WizardConfig, seed: int) -> None:
    config = short(config)
    final = random_game(config, seed)[-1]
    assert final.phase is WizardPhase.OVER
    assert len(final.score_sheet) == final.round.number == config.total_rounds
    assert wizard.winners(final)
    assert all(final.scores[seat] == max(final.scores) for seat in wizard.winners(final))


@given(configs, st.integers(0, 2**32))
def test_every_score_change_is_a_multiple_of_ten(config: WizardConfig, seed: int) -> None:
    final = random_game(short(config), seed)[-1]
    for round_scores in final.score_sheet:
        assert all(score % 10 == 0 and score != 0 for score in round_scores)
    assert tuple(map(sum, zip(*final.score_sheet, strict=True))) == final.scores


@given(configs, st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_game(config: WizardConfig, seed: int) -> None:
    config = short(config)
    first, second = random_game(config, seed), random_game(config, seed)
    assert first == second
    assert first[-1].history == second[-1].history


@given(configs, st.integers(0, 2**32))
def test_listed_actions_apply_and_illegal_ones_are_rejected(
    config: WizardConfig, seed: int
) -> None:
    for state in random_game(short(config), seed)[::5]:
        for action in wizard.legal_actions(state):
            assert wizard.check(state, action) is None
        seat = wizard.actor(state)
        if isinstance(seat, int):
            hand = state.round.hands[seat]
            legal = set(wizard.legal_actions(state))
            for card in hand:
                play = Play(seat, card)
                if play not in legal and state.phase is WizardPhase.PLAY:
                    verdict = wizard.check(state, play)
                    assert verdict is not None
                    with pytest.raises(IllegalActionError) as caught:
                        wizard.apply(state, play)
                    assert caught.value.violation is verdict


def test_a_complete_random_four_player_game() -> None:
    states = random_game(WizardConfig(players=4), seed=2026)
    final = states[-1]
    assert final.phase is WizardPhase.OVER
    assert len(final.score_sheet) == 15
    plays = sum(isinstance(action, Play) for action in final.history)
    assert plays == 4 * sum(range(1, 16))
    assert sum(isinstance(action, wizard.Deal) for action in final.history) == 15


@given(st.sampled_from([3, 4, 5, 6]), st.integers(0, 2**32))
def test_full_games_for_every_player_count(players: int, seed: int) -> None:
    final = random_game(WizardConfig(players=players), seed)[-1]
    assert len(final.score_sheet) == 60 // players
    assert final.stock == () and final.trump is None  # the last round deals the whole deck


def test_views_show_only_the_own_hand_and_public_cards() -> None:
    for state in random_game(WizardConfig(players=4, rounds=5), seed=7)[::3]:
        for seat in range(4):
            seen = wizard.view(state, seat)
            assert seen.hand == state.round.hands[seat]
            assert seen.hand_sizes == tuple(map(len, state.round.hands))
            assert seen.turn_up == state.turn_up
            text = str(seen.to_dict())
            for other in range(4):
                if other != seat:
                    for card in set(state.round.hands[other]) - set(seen.hand):
                        if card.suit is not None and card != state.turn_up:
                            assert f"'{card}'" not in text
