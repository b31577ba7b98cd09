"""Simulations: statistics, executors, progress and bot factories."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import tricktaking as tt
from tricktaking.bots import RandomBot
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.simulate import GameResult, play_game, simulate

CONFIG = tt.OneCardConfig(players=3, target=8)
BOTS = ["heuristic", "random", "random"]


def test_the_same_seeds_give_identical_statistics_whatever_the_executor() -> None:
    serial = simulate(CONFIG, BOTS, games=24, seed=5, chunk_size=5)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = simulate(CONFIG, BOTS, games=24, seed=5, executor=pool, chunk_size=5)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = simulate(CONFIG, BOTS, games=24, seed=5, executor=threads, chunk_size=7)
    assert serial == parallel == threaded


def test_a_dask_cluster_gives_the_same_statistics_as_one_process() -> None:
    # The [dask] extra is part of the dev extra, so this runs in CI (never skipped).
    from distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        executor = client.get_executor()
        result = simulate(CONFIG, BOTS, games=12, seed=5, executor=executor, chunk_size=4)
    assert result == simulate(CONFIG, BOTS, games=12, seed=5)


def test_statistics_are_consistent_with_the_games() -> None:
    result = simulate(tt.WizardConfig(players=3, rounds=2), ["random"] * 3, games=30, seed=1)
    assert len(result.results) == 30
    for stats in result.seats:
        scores = [game.scores[stats.seat] for game in result.results]
        assert stats.mean_score == pytest.approx(sum(scores) / 30)
        low, high = stats.win_ci
        assert 0 <= low <= stats.win_rate <= high <= 1
        assert stats.score_ci > 0
    assert "mean score" in result.table()


def test_progress_and_factories() -> None:
    seen: list[tuple[int, int]] = []
    result = simulate(
        CONFIG,
        [RandomBot, "random", RandomBot],
        games=7,
        chunk_size=3,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(3, 7), (6, 7), (7, 7)]
    assert [stats.bot for stats in result.seats] == ["RandomBot", "random", "RandomBot"]


def test_play_game() -> None:
    result = play_game(tt.BidWhistConfig(), ["heuristic"] * 4, seed=3)
    assert isinstance(result, GameResult)
    assert result.winners in ((0, 2), (1, 3))
    with pytest.raises(ValueError, match="needs 4 bots"):
        play_game(tt.BidWhistConfig(), ["random"] * 3, seed=3)


def test_no_games() -> None:
    result = simulate(CONFIG, BOTS, games=0)
    assert result.results == () and result.seats[0].win_rate == 0.0


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"games": 1.5}, ArgumentTypeError, "games"),
        ({"games": True}, ArgumentTypeError, "games"),
        ({"games": -1}, ArgumentError, "games"),
        ({"games": 10**30}, ArgumentError, "1,000,000,000"),
        ({"chunk_size": 0}, ArgumentError, "chunk_size"),
        ({"chunk_size": "5"}, ArgumentTypeError, "chunk_size"),
        ({"seed": 1.5}, ArgumentTypeError, "seed"),
        ({"seed": False}, ArgumentTypeError, "seed"),
        ({"progress": 3}, ArgumentTypeError, "progress"),
        ({"executor": "pool"}, ArgumentTypeError, "executor"),
    ],
)
def test_wrong_arguments_raise_typed_errors(
    options: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        simulate(CONFIG, BOTS, **{"games": 2, **options})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("config", "bots", "error", "words"),
    [
        (None, BOTS, ArgumentTypeError, "configuration"),
        (CONFIG, ["random"] * 2, ArgumentError, "needs 3 bots"),
        (CONFIG, "random", ArgumentTypeError, "bots"),
        (CONFIG, ["random", "clever", "random"], ArgumentError, "clever"),
        (CONFIG, ["random", 3, "random"], ArgumentTypeError, "bot"),
        (CONFIG, ["random", lambda seed: None, "random"], ArgumentTypeError, "made None, not a"),
        (CONFIG, ["random", str, "random"], ArgumentTypeError, "factory 'str' made"),
    ],
)
def test_wrong_configs_and_bots_raise_typed_errors(
    config: object, bots: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        simulate(config, bots, games=2)  # type: ignore[arg-type]


class _StoppedError(Exception):
    """Raised by a progress callback to stop a run after its first chunk."""


def test_a_huge_simulation_starts_at_once_since_its_seeds_are_made_as_needed() -> None:
    def stop(done: int, total: int) -> None:
        raise _StoppedError(done, total)

    with pytest.raises(_StoppedError) as stopped:
        simulate(CONFIG, BOTS, games=10**9, chunk_size=1, progress=stop)
    assert stopped.value.args == (1, 10**9)


def test_on_trick_sees_every_trick_in_game_order_whatever_the_executor() -> None:
    config = tt.WizardConfig(players=3, rounds=2)
    serial: list[tuple[int, tt.Trick]] = []
    result = simulate(
        config, ["random"] * 3, games=4, seed=2, on_trick=lambda g, t: serial.append((g, t))
    )
    assert [game for game, _ in serial] == sorted(game for game, _ in serial)
    assert len(serial) == 4 * (1 + 2)  # rounds 1 and 2: one trick, then two, per game
    parallel: list[tuple[int, tt.Trick]] = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        again = simulate(
            config,
            ["random"] * 3,
            games=4,
            seed=2,
            executor=pool,
            chunk_size=1,
            on_trick=lambda g, t: parallel.append((g, t)),
        )
    assert parallel == serial and again == result
    with pytest.raises(ArgumentTypeError, match="on_trick"):
        simulate(config, ["random"] * 3, games=1, on_trick="print")  # type: ignore[arg-type]
