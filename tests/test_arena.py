"""The arena: duplicate structure, statistics, executors, determinism, bad input."""

from __future__ import annotations

import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import tricktaking as tt
from tricktaking.arena import (
    ArenaError,
    DealResult,
    _bot_stats,
    _differences,
    arena,
    deal_config,
    deal_states,
    play_deal,
    seatings,
)
from tricktaking.bots import Bot, PimcBot, RandomBot, bot_from_spec
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.seeding import derive_seed

CONFIGS = [
    tt.WizardConfig(players=3, rounds=3),
    tt.OneCardConfig(players=4, target=1),
    tt.BidWhistConfig(target=1),
]


def dealt(config: object, seating: list[str], seed: int) -> list[tt.Deal]:
    final = list(deal_states(config, seating, seed))[-1]
    return [action for action in final.history if isinstance(action, tt.Deal)]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: type(config).__name__)
def test_every_deal_is_played_in_every_seating_with_the_same_cards(config: object) -> None:
    result = arena(config, ["heuristic", "random"], deals=3, seed=4)
    seats = len(result.seatings[0])
    assert result.seatings == seatings([("heuristic", "random")[seat % 2] for seat in range(seats)])
    for index, deal in enumerate(result.results):
        assert deal.deal == index
        assert deal.seed == derive_seed(4, "deal", index)
        assert len(deal.scores) == len(result.seatings)
        hands = [dealt(config, list(seating), deal.seed) for seating in result.seatings]
        assert all(cards == hands[0] for cards in hands)
        for seating, row in zip(result.seatings, deal.scores, strict=True):
            assert play_deal(config, list(seating), deal.seed) == row
    first = [dealt(config, list(result.seatings[0]), deal.seed) for deal in result.results]
    assert first[0] != first[1] != first[2]


def test_later_hands_match_even_when_the_auctions_differ_in_length() -> None:
    # One Card auctions end after a varying number of calls; the hands follow the hand count
    config = tt.OneCardConfig(players=3, target=10)
    shifted = 0
    for seed in range(5):
        games = [
            list(deal_states(config, seating, seed))[-1]
            for seating in seatings(["heuristic", "random", "random"])
        ]
        hands = [[a for a in game.history if isinstance(a, tt.Deal)] for game in games]
        common = min(map(len, hands))
        assert all(hand[:common] == hands[0][:common] for hand in hands)
        starts = {
            tuple(i for i, a in enumerate(game.history) if isinstance(a, tt.Deal))[:common]
            for game in games
        }
        shifted += common >= 2 and len(starts) > 1
    assert shifted  # some later hand began at different points of the histories


def test_seatings_rotate_and_drop_repeats() -> None:
    assert seatings(["a", "b", "c"]) == (("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"))
    assert seatings(["a", "b", "a", "b"]) == (("a", "b", "a", "b"), ("b", "a", "b", "a"))
    assert seatings(["a", "a", "b", "b"]) == (
        ("a", "a", "b", "b"),
        ("a", "b", "b", "a"),
        ("b", "b", "a", "a"),
        ("b", "a", "a", "b"),
    )


def test_differences_on_a_hand_made_example() -> None:
    seats = (("a", "b", "a", "b"), ("b", "a", "b", "a"))
    # seating 0: a's seats score 10, b's 0 -> +10; seating 1: a's 3, b's -5 -> +8
    assert _differences(("a", "b"), seats, ((10, 0, 10, 0), (-5, 3, -5, 3))) == (9.0, -9.0)
    # three kinds, each against the mean of the other seats
    assert _differences(("x", "y", "z"), (("x", "y", "z"),), ((5, 2, -1),)) == (4.5, 0.0, -4.5)
    # two seats of one kind against one of another
    assert _differences(("p", "q"), (("p", "q", "p"),), ((4, 1, 2),)) == (2.0, -2.0)


def test_statistics_on_a_hand_made_example() -> None:
    seats = (("a", "b"), ("b", "a"))
    results = [
        DealResult(deal=0, seed=0, scores=((10, 0), (2, 10)), differences=(9.0, -9.0)),
        DealResult(deal=1, seed=1, scores=((1, 0), (1, 2)), differences=(1.0, -1.0)),
        DealResult(deal=2, seed=2, scores=((2, 0), (0, 2)), differences=(2.0, -2.0)),
        DealResult(deal=3, seed=3, scores=((0, 0), (0, 0)), differences=(0.0, 0.0)),
    ]
    stats = _bot_stats("a", seats, results, 0)
    # differences 9, 1, 2, 0: mean 3, sample variance (36 + 4 + 1 + 9) / 3 = 50 / 3
    error = math.sqrt(50 / 3 / 4)
    assert stats.difference == 3.0
    assert stats.standard_error == pytest.approx(error)
    assert stats.interval == pytest.approx((3.0 - 1.96 * error, 3.0 + 1.96 * error))
    assert (stats.ahead, stats.level, stats.behind) == (3, 1, 0)
    assert stats.seats == 1
    # a's scores: 10, 10, 1, 2, 2, 2, 0, 0
    assert stats.mean_score == pytest.approx(27 / 8)
    other = _bot_stats("b", seats, results, 1)
    assert other.difference == -3.0 and (other.ahead, other.behind) == (0, 3)


def test_statistics_agree_with_the_deals() -> None:
    result = arena(tt.WizardConfig(players=4, rounds=2), ["heuristic", "random"], deals=12, seed=2)
    assert [stats.bot for stats in result.bots] == ["heuristic", "random"]
    for index, stats in enumerate(result.bots):
        values = [deal.differences[index] for deal in result.results]
        assert stats.difference == pytest.approx(statistics.mean(values))
        assert stats.standard_error == pytest.approx(statistics.stdev(values) / math.sqrt(12))
        assert stats.ahead + stats.level + stats.behind == 12
    assert result.bots[0].difference == -result.bots[1].difference
    assert result.deals == 12 and result.games == 24


def test_the_same_results_whatever_the_executor() -> None:
    config = tt.OneCardConfig(players=3, target=1)
    serial = arena(config, ["heuristic", "random"], deals=7, seed=5, chunk_size=2)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = arena(
            config, ["heuristic", "random"], deals=7, seed=5, executor=threads, chunk_size=3
        )
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = arena(config, ["heuristic", "random"], deals=7, seed=5, executor=pool)
    assert serial == threaded == parallel


def test_a_seed_determines_the_results() -> None:
    config = tt.BidWhistConfig(target=1)
    first = arena(config, ["heuristic", "random"], deals=4, seed=8)
    assert first == arena(config, ["heuristic", "random"], deals=4, seed=8)
    assert first.results != arena(config, ["heuristic", "random"], deals=4, seed=9).results


def test_progress_and_factories() -> None:
    seen: list[tuple[int, int]] = []
    result = arena(
        tt.WizardConfig(players=3, rounds=1),
        [RandomBot, "heuristic"],
        deals=5,
        chunk_size=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(2, 5), (4, 5), (5, 5)]
    assert [stats.bot for stats in result.bots] == ["RandomBot", "heuristic"]
    assert [stats.seats for stats in result.bots] == [2, 1]


def test_json_and_table() -> None:
    result = arena(tt.OneCardConfig(players=2, target=1), ["heuristic", "random"], deals=3)
    data = json.loads(result.to_json())
    assert data["config"] == {"players": 2, "first_dealer": 0, "target": 1}
    assert data["seatings"] == [["heuristic", "random"], ["random", "heuristic"]]
    assert [bot["bot"] for bot in data["bots"]] == ["heuristic", "random"]
    assert data["bots"][0]["interval"] == list(result.bots[0].interval)
    assert data["results"][2]["scores"] == [list(row) for row in result.results[2].scores]
    table = result.table()
    assert table.splitlines()[0] == "One Card: 3 deals × 2 seatings = 6 games, seed 0"
    assert "heuristic" in table and "random" in table
    single = arena(tt.OneCardConfig(players=2, target=1), ["heuristic", "random"], deals=1)
    assert single.bots[0].standard_error == math.inf
    assert json.loads(single.to_json())["bots"][0]["interval"] == [None, None]


def test_deal_config() -> None:
    assert deal_config("wizard") == tt.WizardConfig(players=4, rounds=5)
    assert deal_config("one-card", players=3) == tt.OneCardConfig(players=3, target=1)
    assert deal_config("bid_whist", target=3) == tt.BidWhistConfig(target=3)
    assert deal_config("wizard", players=5, rounds=2) == tt.WizardConfig(players=5, rounds=2)
    with pytest.raises(ArenaError, match="no game named 'chess'"):
        deal_config("chess")
    with pytest.raises(ArenaError, match="wizard has no option 'target'"):
        deal_config("wizard", target=3)
    with pytest.raises(tt.ConfigError):
        deal_config("wizard", rounds=99)


@pytest.mark.parametrize(
    ("bots", "options", "message"),
    [
        (["heuristic", "random", "random", "random", "random"], {}, "give 1 to 4 bots, not 5"),
        ([], {}, "give 1 to 4 bots, not 0"),
        (["heuristic"] * 4, {}, "at least two different bots"),
        (["heuristic", "clever"], {}, "no 'clever' bot"),
        (["heuristic", "random"], {"deals": 0}, "deals must be 1 to 1,000,000,000, not 0"),
        (["heuristic", "random"], {"deals": 10**30}, "deals must be 1 to 1,000,000,000"),
        (["heuristic", "random"], {"chunk_size": 0}, "chunk_size must be 1 to"),
    ],
)
def test_bad_input_is_refused(bots: list[str], options: dict[str, int], message: str) -> None:
    deals, chunk_size = options.get("deals", 2), options.get("chunk_size", 5)
    with pytest.raises(ArenaError, match=message):
        arena(tt.BidWhistConfig(target=1), bots, deals=deals, chunk_size=chunk_size)
    assert issubclass(ArenaError, tt.TricktakingError)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: type(config).__name__)
def test_a_bot_against_itself_differs_by_exactly_nothing(config: object) -> None:
    # the same bot under two names plays every seating alike: the cards' luck cancels exactly
    result = arena(config, [RandomBot, "random"], deals=6, seed=3)
    assert all(deal.differences == (0.0, 0.0) for deal in result.results)
    assert result.bots[0].interval == (0.0, 0.0) and result.bots[0].level == 6


class _CheapPimc:
    """PIMC with a tiny budget, told ``config``, reported as ``pimc``."""

    __name__ = "pimc"

    def __init__(self, config: object) -> None:
        self.config = config

    def __call__(self, seed: int) -> PimcBot:
        bot = PimcBot(seed, iterations=2)
        bot.config = self.config  # as the arena tells the bots it makes by name
        return bot


def test_search_bots_by_name_are_told_the_config(monkeypatch: pytest.MonkeyPatch) -> None:
    import tricktaking.arena as arena_module

    made: list[object] = []

    def cheap(kind: str, game: str, seed: int = 0) -> Bot:
        bot = bot_from_spec(kind, game, seed)
        if isinstance(bot, PimcBot):
            bot.iterations = 2
        made.append(bot)
        return bot

    monkeypatch.setattr(arena_module, "bot_from_spec", cheap)
    config = deal_config("one-card")
    by_name = arena(config, ["pimc", "heuristic"], deals=2, seed=4)
    searchers = [bot for bot in made if isinstance(bot, PimcBot)]
    assert searchers and all(bot.config == config for bot in searchers)
    told = arena(config, [_CheapPimc(config), "heuristic"], deals=2, seed=4)
    assert by_name.results == told.results


@pytest.mark.parametrize(
    ("config", "bots", "options", "words"),
    [
        (None, ["heuristic", "random"], {}, "configuration"),
        (tt.BidWhistConfig(target=1), "heuristic,random", {}, "bots"),
        (tt.BidWhistConfig(target=1), ["heuristic", 3], {}, "bot"),
        (tt.BidWhistConfig(target=1), ["heuristic", lambda seed: None], {}, "not a bot"),
        (tt.BidWhistConfig(target=1), ["heuristic", lambda seed: seed], {}, "made 0, not a bot"),
        (tt.BidWhistConfig(target=1), ["heuristic", "random"], {"deals": 2.5}, "deals"),
        (tt.BidWhistConfig(target=1), ["heuristic", "random"], {"deals": True}, "deals"),
        (tt.BidWhistConfig(target=1), ["heuristic", "random"], {"seed": "1"}, "seed"),
        (tt.BidWhistConfig(target=1), ["heuristic", "random"], {"progress": 3}, "progress"),
        (tt.BidWhistConfig(target=1), ["heuristic", "random"], {"executor": 2}, "executor"),
    ],
)
def test_arguments_of_the_wrong_type_raise_argument_type_errors(
    config: object, bots: object, options: dict[str, object], words: str
) -> None:
    with pytest.raises(ArgumentTypeError, match=words):
        arena(config, bots, **{"deals": 2, **options})  # type: ignore[arg-type]


def test_arena_errors_are_argument_errors() -> None:
    assert issubclass(ArenaError, ArgumentError)


class _StoppedError(Exception):
    """Raised by a progress callback to stop a run after its first chunk."""


def test_a_huge_arena_starts_at_once_since_its_seeds_are_made_as_needed() -> None:
    def stop(done: int, total: int) -> None:
        raise _StoppedError(done, total)

    with pytest.raises(_StoppedError) as stopped:
        arena(
            deal_config("one-card"),
            ["heuristic", "random"],
            deals=10**9,
            chunk_size=1,
            progress=stop,
        )
    assert stopped.value.args == (1, 10**9)
