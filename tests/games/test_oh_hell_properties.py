"""Property tests over seeded random Oh Hell games, and the conformance kit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktaking import CHANCE, Deal, IllegalActionError, Play
from tricktaking.games import oh_hell
from tricktaking.games.oh_hell import OhHellConfig, OhHellPhase, OhHellState, Schedule
from tricktaking.seeding import derive_seed, random_below, stream
from tricktaking.testing import check_conformance

SCHEDULES: list[Schedule | None] = [None, None, "up", "down", "up_down", "down_up"]


@st.composite
def configs(draw: st.DrawFn) -> OhHellConfig:
    """Any configuration of one hand, or a short full game."""
    players = draw(st.integers(3, 7))
    num_suits = draw(st.integers(1, 4))
    cards_per_suit = draw(st.integers(max(2, -(-(players + 1) // num_suits)), 13))
    h_max = (num_suits * cards_per_suit - 1) // players
    schedule = draw(st.sampled_from(SCHEDULES))
    return OhHellConfig(
        players=players,
        num_suits=num_suits,
        cards_per_suit=cards_per_suit,
        hand_size=None if schedule else draw(st.none() | st.integers(1, h_max)),
        first_dealer=draw(st.none() | st.integers(0, players - 1)),
        bid_rule=draw(st.sampled_from(["hook", "free"])),
        points_per_trick=draw(st.integers(0, 3)),
        off_bid_penalty=draw(st.booleans()),
        exact_bonus=draw(st.sampled_from([0, 5, 10])),
        schedule=schedule,
        max_hand_size=draw(st.integers(1, min(3, h_max))) if schedule else None,
    )


def random_game(config: OhHellConfig, seed: int) -> list[OhHellState]:
    """Every state of a game played with uniformly random legal actions."""
    state = oh_hell.new_game(config)
    states = [state]
    choices = stream(derive_seed(seed, "choices"))
    while not oh_hell.is_over(state):
        if oh_hell.actor(state) is CHANCE:
            action: oh_hell.OhHellAction = oh_hell.deal(state, derive_seed(seed, len(states)))
        else:
            actions = oh_hell.legal_actions(state)
            action = actions[random_below(choices, len(actions))]
        state = oh_hell.apply(state, action)
        states.append(state)
    return states


@given(configs(), st.integers(0, 2**32))
def test_games_end_after_the_scheduled_hands_with_consistent_scores(
    config: OhHellConfig, seed: int
) -> None:
    final = random_game(config, seed)[-1]
    assert final.phase is OhHellPhase.OVER
    assert len(final.score_sheet) == final.round.number == config.total_hands
    assert tuple(map(sum, zip(*final.score_sheet, strict=True))) == final.scores
    assert oh_hell.winners(final)
    assert all(final.scores[seat] == max(final.scores) for seat in oh_hell.winners(final))
    if not config.off_bid_penalty:
        assert min(final.scores) >= 0


@given(configs(), st.integers(0, 2**32))
def test_cards_are_conserved_and_tricks_have_one_winner(config: OhHellConfig, seed: int) -> None:
    deck = sorted(config.deck, key=config.card_index)
    for state in random_game(config, seed):
        if state.round.number == 0:
            continue
        rnd = state.round
        held = [card for hand in rnd.hands for card in hand]
        played = [play.card for t in (*rnd.tricks, rnd.trick) for play in t.plays]
        assert sorted([*held, *played, *state.stock], key=config.card_index) == deck
        assert sum(rnd.won) == len(rnd.tricks)
        for done in rnd.tricks:
            assert done.winner == oh_hell.trick_winner(done, state.trump)


@given(configs(), st.integers(0, 2**32))
def test_listed_actions_apply_and_illegal_ones_are_rejected(
    config: OhHellConfig, seed: int
) -> None:
    for state in random_game(config, seed)[::3]:
        for action in oh_hell.legal_actions(state):
            assert oh_hell.check(state, action) is None
        seat = oh_hell.actor(state)
        if isinstance(seat, int) and state.phase is OhHellPhase.PLAY:
            legal = set(oh_hell.legal_actions(state))
            for card in state.round.hands[seat]:
                play = Play(seat, card)
                if play not in legal:
                    verdict = oh_hell.check(state, play)
                    assert verdict is not None
                    with pytest.raises(IllegalActionError) as caught:
                        oh_hell.apply(state, play)
                    assert caught.value.violation is verdict


@given(configs(), st.integers(0, 2**32))
def test_deals_follow_the_chance_model_and_round_trip(config: OhHellConfig, seed: int) -> None:
    state = oh_hell.new_game(config)
    d = oh_hell.deal(state, seed)
    assert d == oh_hell.deal(state, seed)
    sizes = [size for size, _ in oh_hell.hand_size_outcomes(state)]
    dealers = [seat for seat, _ in oh_hell.dealer_outcomes(state)]
    assert len(d.hands[0]) in sizes
    assert (d.dealer is None) == (config.first_dealer is not None)
    assert (d.dealer if d.dealer is not None else config.first_dealer) in dealers
    assert oh_hell.parse_action(str(d)) == d
    copy = Deal(hands=d.hands, stock=d.stock, dealer=d.dealer)
    assert oh_hell.apply(state, copy) == oh_hell.apply(state, d)


@given(configs(), st.integers(0, 2**32))
def test_views_show_only_the_own_hand_and_public_cards(config: OhHellConfig, seed: int) -> None:
    for state in random_game(config, seed)[::4]:
        for seat in range(config.players):
            seen = oh_hell.view(state, seat)
            assert seen.hand == state.round.hands[seat]
            assert seen.turn_up == state.turn_up
            text = str(seen.to_dict())
            hidden = {c for other, h in enumerate(state.round.hands) if other != seat for c in h}
            for card in hidden | set(state.stock[1:]):
                assert f"'{card}'" not in text


@pytest.mark.parametrize(
    "config",
    [
        OhHellConfig(),
        OhHellConfig(players=7, num_suits=2, cards_per_suit=9, off_bid_penalty=True),
        OhHellConfig(players=4, schedule="up_down", max_hand_size=3),
        OhHellConfig(players=5, hand_size=2, first_dealer=3, bid_rule="free", points_per_trick=2),
    ],
    ids=["default", "seven-small-deck", "full-game", "free-bids"],
)
def test_the_conformance_kit_passes(config: OhHellConfig) -> None:
    report = check_conformance(config, games=80, seed=11)
    assert report.records_checked == 80 and report.illegal_checked > report.states
    assert report.views_checked > 0
