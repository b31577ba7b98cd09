"""Worlds: every sampled world gives the same view, replays legally, leaks nothing, and
the sampler draws the exact fair-shuffle posterior (brute force and a chi-square test)."""

from __future__ import annotations

import importlib
import math
import os
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking import worlds
from tricktaking.cards import Card, Rank
from tricktaking.engine import GameState, PlayerView
from tricktaking.games import bid_whist, oh_hell, one_card, wizard
from tricktaking.testing import playout
from tricktaking.worlds import (
    InconsistentViewError,
    WorldSampler,
    count_worlds,
    sample_world,
    world_sampler,
)
from tricktaking.worlds._assign import ByClass, ByZone, CardClass, allocation

CONFIGS: tuple[object, ...] = (
    tt.WizardConfig(players=3, rounds=3),
    tt.WizardConfig(players=4, rounds=4, bid_rule="hook"),
    tt.WizardConfig(players=5, rounds=2, first_dealer=2),
    tt.WizardConfig(players=6, rounds=2),
    tt.OneCardConfig(players=2),
    tt.OneCardConfig(players=3, first_dealer=1),
    tt.OneCardConfig(players=4),
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer"),
    tt.BidWhistConfig(kitty="exchange", min_bid=3, first_dealer=2),
    tt.OhHellConfig(),
    tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=8, schedule="down", max_hand_size=3),
    tt.OhHellConfig(players=4, hand_size=4, first_dealer=1, bid_rule="free"),
)
"""Configs of every game, for random positions of each; the sampler reads the config from
the view."""


LONG = bool(os.environ.get("TT_LONG"))
"""Set ``TT_LONG=1`` for the long run: 2,000 examples instead of 200."""


@lru_cache(maxsize=64)
def game(config_index: int, seed: int) -> tuple[GameState[object], ...]:
    return tuple(playout(tt.new_game(CONFIGS[config_index]), seed, max_actions=5000))


sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
PROPERTY_RUN = importlib.import_module("worlds_property")
"""benchmarks/worlds_property.py: its independent check that a world's plays were legal."""


def plays_legal(world: GameState[object], seat: int) -> None:
    """Each play of the round was legal with the hand its seat held then (independent check)."""
    problem = PROPERTY_RUN.illegal_play(world)
    assert problem is None, problem


@settings(max_examples=2000 if LONG else 200, deadline=None)
@given(
    st.integers(0, len(CONFIGS) - 1),
    st.integers(0, 29),
    st.integers(0, 999),
    st.integers(0, 5),
    st.integers(0, 2**32),
)
def test_every_world_gives_the_view_and_replays_legally(
    config_index: int, game_seed: int, position: int, seat: int, seed: int
) -> None:
    states = game(config_index, game_seed)
    state = states[position * len(states) // 1000]
    seat %= len(tt.scores(state))
    seen = tt.view(state, seat)
    world = sample_world(seen, seed)
    assert tt.view(world, seat) == seen
    assert world == sample_world(seen, seed)
    assert tt.game_of(world) == tt.game_of(state)
    plays_legal(world, seat)
    for other in range(len(tt.scores(state))):  # the public part is the same for every seat
        assert tt.view(world, other).trick == tt.view(state, other).trick


def hidden_part(state: GameState[object], seat: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(
        zone.cards
        for zone in tt.get_game(tt.game_of(state).name).rules.zones(state)
        if not zone.visible_to(seat)
    )


def test_worlds_do_not_copy_the_real_hidden_cards() -> None:
    same = tried = 0
    for config_index in range(len(CONFIGS)):
        states = game(config_index, 1)
        for position in range(5, 1000, 37):
            state = states[position * len(states) // 1000]
            seen = tt.view(state, 0)
            sampler = world_sampler(seen)
            if sampler.count() < 50:
                continue
            tried += 1
            same += hidden_part(sampler.sample(position), 0) == hidden_part(state, 0)
    assert tried > 100
    assert same <= tried // 10


def test_the_view_of_the_world_is_the_view_when_config_is_read_from_the_view() -> None:
    for config in (
        tt.WizardConfig(players=4),
        tt.OneCardConfig(players=3),
        tt.BidWhistConfig(),
        tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=8, schedule="down_up"),
    ):
        states = playout(tt.new_game(config), 3, max_actions=600)[:600]
        for state in states[::23]:
            for seat in range(len(tt.scores(state))):
                seen = tt.view(state, seat)
                assert tt.view(sample_world(seen, 9), seat) == seen


def test_a_view_no_deal_gives_is_rejected() -> None:
    state = tt.new_game(tt.OneCardConfig(players=2))
    state = tt.apply(state, tt.deal(state, seed=1))
    seen = tt.view(state, 0)
    doubled = attrs.evolve(seen, hand=(*seen.hand, seen.hand[0]))
    with pytest.raises(InconsistentViewError):
        sample_world(doubled, 1)
    with pytest.raises(TypeError, match="no world model"):
        sample_world(object(), 1)  # type: ignore[arg-type]


def test_a_seat_that_shows_out_holds_none_of_the_suit() -> None:
    state = tt.new_game(tt.WizardConfig(players=3, rounds=20))
    deck = list(tt.Deck.wizard())
    # seat 1 leads 9H; seat 2 has no heart and throws a spade: seat 2 is void in hearts
    hands = (tt.parse_cards("AH 2C"), tt.parse_cards("9H 3C"), tt.parse_cards("KS 4C"))
    for card in (*hands[0], *hands[1], *hands[2], Card.parse("5D")):
        deck.remove(card)
    state = tt.new_game(tt.WizardConfig(players=3, rounds=2))
    first = tt.Deal.from_deck(tt.Deck.wizard(), players=3, first_seat=1, hand_size=1)
    state = tt.apply(state, first)
    while tt.actor(state) is not tt.CHANCE:
        state = tt.apply(state, tt.legal_actions(state)[0])
    state = tt.apply(state, tt.Deal(hands=hands, stock=(Card.parse("5D"), *deck)))
    for action in ("2 bid 0", "0 bid 1", "1 bid 0", "2 play KS"):
        state = tt.apply(state, wizard.parse_action(action))
    for action in ("0 play 2C", "1 play 3C"):  # clubs led: both follow
        state = tt.apply(state, wizard.parse_action(action))
    seen = tt.view(state, 0)
    for seed in range(30):
        world = sample_world(seen, seed)
        assert tt.view(world, 0) == seen


# ---------------------------------------------------------------------------------------
# Exactness: brute force on small end positions


def chi_square_p(statistic: float, dof: int) -> float:
    """The upper tail of the chi-square distribution, Q(dof/2, statistic/2)."""
    a, x = dof / 2, statistic / 2
    if x <= 0:
        return 1.0
    lead = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # series for P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1 - total * lead
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)  # continued fraction for Q
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return lead * h


def test_the_chi_square_tail_is_right() -> None:
    assert chi_square_p(3.841, 1) == pytest.approx(0.05, abs=1e-3)
    assert chi_square_p(18.307, 10) == pytest.approx(0.05, abs=1e-3)
    assert chi_square_p(124.342, 100) == pytest.approx(0.05, abs=1e-3)


def _label_orders(sizes: list[int]) -> list[list[int]]:
    """Every sequence with ``sizes[z]`` copies of each label z (multiset permutations)."""
    total = sum(sizes)
    if total == 0:
        return [[]]
    result = []
    for zone, size in enumerate(sizes):
        if size:
            sizes[zone] -= 1
            result += [[zone, *rest] for rest in _label_orders(sizes)]
            sizes[zone] += 1
    return result


def brute_force(seen: PlayerView, config: object) -> Counter[tuple[tuple[Card, ...], ...]]:
    """Physical deals per distinct world, by trying every placement through the engine.

    A world counts only if it is a state of the game under ``config``, the rules the
    position was played by, and gives the view back.
    """
    sampler = world_sampler(seen)
    layout = sampler._layout
    worlds: Counter[tuple[tuple[Card, ...], ...]] = Counter()
    for labels in _label_orders(list(layout.sizes)):
        zones: list[list[Card]] = [[] for _ in layout.zones]
        for card, zone in zip(layout.hidden, labels, strict=True):
            zones[zone].append(card)
        key = tuple(tuple(tt.sort_cards(cards)) for cards in zones)
        try:
            world = sampler.world(dict(zip(layout.zones, key, strict=True)))
        except tt.IllegalActionError:
            continue
        if tt.view(world, seen.seat) == seen and getattr(world, "config", None) == config:
            worlds[key] += 1
    return worlds


def end_positions(config: object, seeds: range, limit: int) -> Iterator[tuple[PlayerView, int]]:
    """Views near the end of a round with at most ``limit`` placements, with their seeds."""
    for seed in seeds:
        for state in playout(tt.new_game(config), seed, max_actions=5000):
            for seat in range(len(tt.scores(state))):
                if tt.actor(state) != seat:
                    continue
                seen = tt.view(state, seat)
                layout = world_sampler(seen)._layout
                placements = math.factorial(sum(layout.sizes))
                for size in layout.sizes:
                    placements //= math.factorial(size)
                if 20 <= placements <= limit:
                    yield seen, seed


def interesting(seen: PlayerView) -> set[str]:
    layout = world_sampler(seen)._layout
    tags = set()
    if any(layout.forbidden):
        tags.add("void")
    counts = Counter(layout.hidden)
    if any(n > 1 for n in counts.values()):
        tags.add("copies")
    if isinstance(seen, bid_whist.BidWhistView) and seen.trump is None and seen.contract:
        for done in (*seen.tricks, seen.trick):
            suited = [p for p in done.plays if p.card.suit is not None]
            if suited and any(
                p.card.suit is None and done.plays.index(p) > done.plays.index(suited[0])
                for p in done.plays
            ):
                tags.add("nt-joker")
    if (
        isinstance(seen, bid_whist.BidWhistView)
        and seen.config.kitty == "exchange"
        and seen.contract is not None
        and seen.seat % 2 != seen.contract.seat % 2
        and seen.phase is bid_whist.BidWhistPhase.PLAY
    ):
        tags.add("exchange-defender")  # the kitty taken up and discarded out of sight
    if isinstance(seen, wizard.WizardView | oh_hell.OhHellView) and seen.config.bid_rule == "hook":
        tags.add("hook")
    if isinstance(seen, one_card.OneCardView) and any(
        c.rank is Rank.JOKER for t in seen.tricks for c in t.cards
    ):
        tags.add("joker")
    return tags


CASES = {
    "wizard-3-last-round": (tt.WizardConfig(players=3, rounds=20), 1500, {"void", "copies"}),
    "wizard-4-stock-hook": (
        tt.WizardConfig(players=4, rounds=14, bid_rule="hook"),
        2000,
        {"void", "hook"},
    ),
    "one-card-4": (tt.OneCardConfig(players=4), 700, {"void", "joker"}),
    "bid-whist-book": (tt.BidWhistConfig(), 600, {"void"}),
    "bid-whist-exchange": (
        tt.BidWhistConfig(kitty="exchange"),
        600,
        {"void", "nt-joker", "exchange-defender"},
    ),
    "oh-hell-drawn": (
        tt.OhHellConfig(players=4, num_suits=3, cards_per_suit=5),
        1500,
        {"void", "hook"},
    ),
    "oh-hell-schedule": (
        tt.OhHellConfig(players=3, num_suits=2, cards_per_suit=5, schedule="up_down"),
        1500,
        {"void"},
    ),
}


@cache  # both programmes check the same positions
def pick(name: str) -> tuple[tuple[PlayerView, object], ...]:
    config, limit, wanted = CASES[name]
    chosen: list[tuple[PlayerView, object]] = []
    covered: set[str] = set()
    for seen, _ in end_positions(config, range(12), limit):
        tags = interesting(seen)
        if tags - covered or (not chosen and tags):
            chosen.append((seen, config))
            covered |= tags
        if wanted <= covered and len(chosen) >= 2:
            break
    assert wanted <= covered, (name, covered)
    return tuple(chosen)


@pytest.mark.parametrize("strategy", [ByClass, ByZone])
@pytest.mark.parametrize("name", sorted(CASES))
def test_sampling_is_the_fair_shuffle_posterior(
    name: str, strategy: type[ByClass] | type[ByZone], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(worlds, "allocation", strategy)  # both programmes, on every case
    for seen, config in pick(name):
        exact = brute_force(seen, config)
        sampler: WorldSampler = world_sampler(seen)
        assert sampler.count() == len(exact)
        assert count_worlds(seen) == len(exact)
        assert sampler.physical_deals() == sum(exact.values())
        draws = 10_000
        observed: Counter[tuple[tuple[Card, ...], ...]] = Counter()
        layout = sampler._layout
        for seed in range(draws):
            assignment = sampler.assignment(iter_words(seed))
            observed[tuple(assignment[zone] for zone in layout.zones)] += 1
        assert set(observed) <= set(exact)
        total = sum(exact.values())
        statistic, cells, pooled_expected, pooled_observed = 0.0, 0, 0.0, 0
        for key, weight in exact.items():
            expected = draws * weight / total
            if expected < 5:
                pooled_expected += expected
                pooled_observed += observed[key]
                continue
            statistic += (observed[key] - expected) ** 2 / expected
            cells += 1
        if pooled_expected > 0:
            statistic += (pooled_observed - pooled_expected) ** 2 / pooled_expected
            cells += 1
        if cells > 1:
            assert chi_square_p(statistic, cells - 1) > 0.001, (name, statistic, cells)


def iter_words(seed: int):  # type: ignore[no-untyped-def]
    from tricktaking.seeding import derive_seed, stream

    return stream(derive_seed(seed, "exactness"))


@pytest.mark.parametrize(
    ("sizes", "classes"),
    [
        ((2, 3, 4), [CardClass(3, (0, 2)), CardClass(2, (1, 2)), CardClass(4, (0, 1, 2))]),
        ((1, 1, 1, 1, 5), [CardClass(4, (0, 1, 2, 4)), CardClass(5, (0, 1, 2, 3, 4))]),
        ((3, 3), [CardClass(2, (0,), identical=True), CardClass(4, (0, 1))]),
        ((2, 2), [CardClass(3, (0,)), CardClass(1, (0, 1))]),  # no assignment at all
    ],
)
def test_both_programmes_count_alike(sizes: tuple[int, ...], classes: list[CardClass]) -> None:
    by_class, by_zone = ByClass(sizes, classes), ByZone(sizes, classes)
    assert by_class.count() == by_zone.count() == allocation(sizes, classes).count()
    if by_class.count():
        draws = [by_zone.sample(iter_words(seed)) for seed in range(50)]
        for draw in draws:  # each split fills every zone exactly
            filled = [0] * len(sizes)
            for cls, split in zip(by_zone.classes, draw, strict=True):
                assert sum(split) == cls.size
                for zone, count in zip(cls.zones, split, strict=True):
                    filled[zone] += count
            assert tuple(filled) == sizes
    else:
        with pytest.raises(ValueError, match="no assignment"):
            by_zone.sample(iter_words(0))
