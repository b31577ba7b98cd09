"""Worlds read everything from the view: its config gives the rules, and a view no state
gives (forged, malformed) is refused with a typed error, never answered with worlds of
another position."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking.bots import IsmctsBot, PimcBot, suggest
from tricktaking.cards import Card, Suit
from tricktaking.engine import GameState, PlayerView
from tricktaking.errors import ArgumentTypeError
from tricktaking.games import bid_whist, oh_hell, one_card, wizard
from tricktaking.worlds import (
    InconsistentViewError,
    WorldSampler,
    count_worlds,
    sample_world,
    world_sampler,
)

VARIANTS: tuple[object, ...] = (
    tt.WizardConfig(players=3),
    tt.WizardConfig(players=4, first_dealer=3),
    tt.WizardConfig(players=5, rounds=3),
    tt.WizardConfig(players=6, bid_rule="hook"),
    tt.WizardConfig(players=3, rounds=2, bid_rule="hook", first_dealer=1),
    tt.OneCardConfig(players=2),
    tt.OneCardConfig(players=3, first_dealer=2),
    tt.OneCardConfig(players=4, target=5),
    tt.BidWhistConfig(),
    tt.BidWhistConfig(first_dealer=3, target=2),
    tt.BidWhistConfig(min_bid=4),
    tt.BidWhistConfig(kitty="exchange"),
    tt.BidWhistConfig(nt_double=True),
    tt.BidWhistConfig(first_lead="declarer"),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer", min_bid=2, nt_double=True),
    tt.OhHellConfig(),
    tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=8),
    tt.OhHellConfig(players=4, hand_size=4, first_dealer=1),
    tt.OhHellConfig(bid_rule="free", points_per_trick=2, off_bid_penalty=True, exact_bonus=5),
    tt.OhHellConfig(players=3, num_suits=2, cards_per_suit=6, schedule="up"),
    tt.OhHellConfig(players=3, num_suits=2, cards_per_suit=6, schedule="down_up"),
    tt.OhHellConfig(players=4, schedule="up_down", max_hand_size=3),
)
"""Every option of every game away from its default, alone or together."""


@lru_cache(maxsize=32)
def first_deal_states(config: object, seed: int) -> tuple[GameState[object], ...]:
    """The states of a random game from its start to the end of its first deal."""
    pick = random.Random(seed)
    state = tt.new_game(config)
    states = [state]
    while not tt.is_over(state) and tt.view(state, 0).round_number <= 1:
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, seed=pick.randrange(2**32)))
        else:
            state = tt.apply(state, pick.choice(tt.legal_actions(state)))
        states.append(state)
    return tuple(states[:-1] if tt.view(state, 0).round_number > 1 else states)


def replayed(config: object, world: GameState[object]) -> GameState[object]:
    """The world's history played from a new game of ``config``, each action checked."""
    state = tt.new_game(config)
    for action in world.history:
        state = tt.apply(state, action)
    return state


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2), st.integers(0, 999), st.integers(0, 5), st.integers(0, 2**32))
def test_a_world_replays_under_the_views_own_config(
    config: object, game_seed: int, position: int, seat: int, seed: int
) -> None:
    states = first_deal_states(config, game_seed)
    state = states[position * len(states) // 1000]
    seat %= len(tt.scores(state))
    seen = tt.view(state, seat)
    assert getattr(seen, "config", None) == config
    world = sample_world(seen, seed)
    assert tt.view(world, seat) == seen
    assert replayed(config, world) == world  # its whole history is legal under these rules


def play_until(
    config: object, seed: int, done: Callable[[GameState[object]], bool]
) -> GameState[object]:
    for state in first_deal_states(config, seed):
        if done(state):
            return state
    raise AssertionError("no such position")  # pragma: no cover


def test_an_exchange_defender_gets_worlds_of_the_exchange_game() -> None:
    config = tt.BidWhistConfig(kitty="exchange")

    def defending(state: GameState[object]) -> bool:
        seen = tt.view(state, 1)
        return (
            isinstance(seen, bid_whist.BidWhistView)
            and seen.phase is bid_whist.BidWhistPhase.PLAY
            and seen.contract is not None
            and seen.contract.seat % 2 == 0
        )

    state = play_until(config, 4, defending)
    seen = tt.view(state, 1)
    assert isinstance(seen, bid_whist.BidWhistView)
    assert not seen.kitty  # the defender sees neither kitty nor discards
    for seed in range(3):
        world = sample_world(seen, seed)
        assert getattr(world, "config", None) == config
        assert replayed(config, world) == world
        assert tt.view(world, 1) == seen


@pytest.mark.parametrize(
    "config", [tt.WizardConfig(players=4, bid_rule="hook"), tt.OhHellConfig(players=4)], ids=repr
)
def test_a_hook_game_gets_worlds_of_the_hook_game(config: object) -> None:
    def playing(state: GameState[object]) -> bool:
        return bool(tt.view(state, 0).phase.value == "play")

    seen = tt.view(play_until(config, 2, playing), 0)
    world = sample_world(seen, 1)
    assert getattr(world, "config", None) == config
    assert replayed(config, world) == world


def test_every_view_carries_its_config_in_python_and_in_json() -> None:
    for config in (VARIANTS[3], VARIANTS[7], VARIANTS[14], VARIANTS[19]):
        seen = tt.view(tt.new_game(config), 0)
        assert getattr(seen, "config", None) == config
        assert seen.to_dict()["config"] == attrs.asdict(config)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# config= is deprecated


def bid_view() -> PlayerView:
    state = tt.new_game(tt.BidWhistConfig(kitty="exchange"))
    return tt.view(tt.apply(state, tt.deal(state, seed=3)), 1)


@pytest.mark.parametrize(
    "call",
    [
        lambda view, config: sample_world(view, 1, config=config),
        lambda view, config: world_sampler(view, config=config),
        lambda view, config: count_worlds(view, config=config),
        lambda view, config: WorldSampler(view, config),  # noqa: PLW0108 (the call site)
        lambda view, config: PimcBot(1, iterations=2, config=config),
        lambda view, config: IsmctsBot(1, iterations=2, config=config),
    ],
    ids=["sample_world", "world_sampler", "count_worlds", "WorldSampler", "PimcBot", "IsmctsBot"],
)
def test_config_still_works_but_warns_at_the_caller(
    call: Callable[[PlayerView, object], object],
) -> None:
    seen = bid_view()
    with pytest.warns(DeprecationWarning, match="config= is deprecated") as caught:
        call(seen, tt.BidWhistConfig(kitty="exchange"))
    assert [w.filename for w in caught] == [__file__]


def test_a_config_other_than_the_views_is_refused() -> None:
    seen = bid_view()
    book = tt.BidWhistConfig()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for call in (
            lambda: sample_world(seen, 1, config=book),
            lambda: world_sampler(seen, config=book),
            lambda: count_worlds(seen, config=tt.WizardConfig(players=4)),
            lambda: suggest(seen, IsmctsBot(1, config=book), budget=2),
        ):
            with pytest.raises(InconsistentViewError, match="config"):
                call()


def test_suggest_and_the_search_bots_read_the_views_config() -> None:
    seen = bid_view()
    hints = suggest(seen, PimcBot(1), budget=len(seen.legal_actions))
    assert {hint.action for hint in hints} == set(seen.legal_actions)


# ---------------------------------------------------------------------------------------
# Forged and malformed views


@lru_cache(maxsize=1)
def real_views() -> tuple[PlayerView, ...]:
    """Views of all four games: before the deal, in the auction, mid-play, after a deal."""
    found: list[PlayerView] = []
    for config in (
        tt.WizardConfig(players=4, bid_rule="hook"),
        tt.OneCardConfig(players=3),
        tt.BidWhistConfig(kitty="exchange"),
        tt.OhHellConfig(players=4),
    ):
        states = first_deal_states(config, 1)
        acting = [s for s in states if isinstance(tt.actor(s), int)]
        playing = [s for s in acting if tt.view(s, 0).trick.plays]
        for state in (states[0], acting[0], playing[len(playing) // 2], states[-1]):
            seat = tt.actor(state)
            found.append(tt.view(state, seat if isinstance(seat, int) else 1))
    return tuple(found)


def forged(view: PlayerView, **changes: object) -> PlayerView:
    """``view`` with some fields changed, as ``attrs.evolve`` makes any attrs class."""
    return cast("PlayerView", attrs.evolve(cast("Any", view), **changes))


def mid_play(game: type) -> PlayerView:
    return next(v for v in real_views() if isinstance(v, game) and v.trick.plays)


FORGERIES: dict[str, Callable[[], PlayerView]] = {
    "another trump": lambda: forged(
        v := mid_play(wizard.WizardView),
        trump=next(s for s in Suit if s is not v.trump),
    ),
    "another actor": lambda: forged(
        v := mid_play(one_card.OneCardView), actor=(v.seat + 1) % v.players
    ),
    "another phase": lambda: forged(
        mid_play(bid_whist.BidWhistView), phase=bid_whist.BidWhistPhase.BID
    ),
    "a card swapped in hand": lambda: forged(
        v := cast("oh_hell.OhHellView", mid_play(oh_hell.OhHellView)),
        hand=tt.sort_cards([*v.hand[1:], next(c for c in v.config.deck if c not in v.hand)]),
    ),
    "a kitty seen by a defender": lambda: forged(
        v := mid_play(bid_whist.BidWhistView), kitty=v.hand[:6]
    ),
    "other scores": lambda: forged(
        v := mid_play(wizard.WizardView), scores=tuple(s + 10 for s in v.scores)
    ),
    "another player count": lambda: forged(mid_play(wizard.WizardView), players=5),
    "no legal action": lambda: forged(mid_play(one_card.OneCardView), legal_actions=()),
    "another game's config": lambda: forged(
        mid_play(wizard.WizardView), config=tt.OhHellConfig(players=4)
    ),
    "a config of another size": lambda: forged(
        mid_play(wizard.WizardView), config=tt.WizardConfig(players=5)
    ),
    "another variant": lambda: forged(
        mid_play(wizard.WizardView), config=tt.WizardConfig(players=4, rounds=1)
    ),
    "a seat out of range": lambda: forged(mid_play(oh_hell.OhHellView), seat=7),
    "a negative seat": lambda: forged(mid_play(oh_hell.OhHellView), seat=-1),
}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_view_is_refused_by_every_worlds_function(name: str) -> None:
    view = FORGERIES[name]()
    for call in (
        lambda: sample_world(view, 1),
        lambda: count_worlds(view),
        lambda: world_sampler(view).sample(2),
        lambda: world_sampler(view).physical_deals(),
    ):
        with pytest.raises(InconsistentViewError):
            call()


def test_not_a_view_at_all_is_a_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match="not a player view"):
        sample_world(tt.new_game(tt.OneCardConfig(players=2)), 1)  # type: ignore[arg-type]


HOSTILE: tuple[object, ...] = (
    None,
    -1,
    0,
    7,
    10**9,
    -(10**9),
    1.5,
    True,
    "x",
    "",
    (),
    (None,),
    (0,) * 9,
    ("AS",),
    [],
    (Card.parse("AS"),) * 2,
    Suit.HEARTS,
    tt.Trick(leader=9),
    (tt.Trick(leader=0),),
    tt.WizardConfig(players=6),
    tt.BidWhistConfig(kitty="exchange"),
    tt.OneCardConfig(players=4),
    tt.OhHellConfig(players=7),
    object(),
)
"""Values of the wrong type, sign, size or game for any field of a view."""


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_view_with_a_hostile_field_gets_a_typed_error_or_its_own_worlds(
    data: st.DataObject,
) -> None:
    view = data.draw(st.sampled_from(real_views()))
    names = [field.name for field in attrs.fields(cast("Any", type(view)))]
    changes = data.draw(
        st.dictionaries(st.sampled_from(names), st.sampled_from(HOSTILE), min_size=1, max_size=2)
    )
    hostile = forged(view, **changes)
    try:
        world = sample_world(hostile, 3)
        count = count_worlds(hostile)
    except InconsistentViewError:
        return
    assert tt.view(world, hostile.seat) == hostile
    assert count >= 1
