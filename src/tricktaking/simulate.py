"""Play many seeded games between bots and summarise each seat's results.

Games run on any :class:`concurrent.futures.Executor`: serially by default, on a
:class:`~concurrent.futures.ProcessPoolExecutor` for all the cores of one machine, or on
a Dask cluster through ``distributed.Client(...).get_executor()``. Game ``i`` uses seeds
derived from the master seed and ``i`` only, and results are gathered in game order, so
the statistics are identical whatever the executor.

Example:
    >>> from tricktaking.simulate import simulate
    >>> import tricktaking as tt
    >>> result = simulate(tt.WizardConfig(players=3, rounds=2), ["heuristic", "random", "random"],
    ...                   games=10, seed=1)
    >>> result.games, len(result.seats)
    (10, 3)
    >>> result.seats[0].bot
    'heuristic'
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TypeAlias

import attrs

from tricktaking._runs import bot_label, check_run, first_state, mean_and_error, play, run
from tricktaking.arguments import MAX_COUNT, callable_argument, count_argument
from tricktaking.bots import BotFactory
from tricktaking.engine import GameState, completed_trick, game_of, scores, winners
from tricktaking.errors import ArgumentError
from tricktaking.seeding import derive_seed
from tricktaking.tricks import Trick

__all__ = [
    "MAX_GAMES",
    "BotSpec",
    "GameResult",
    "SeatStats",
    "SimulationResult",
    "game_states",
    "play_game",
    "simulate",
]


MAX_GAMES = MAX_COUNT
"""The most games one :func:`simulate` call plays: a billion.

A bound far beyond any run that finishes, so that a mistyped count is refused at once.
"""


@attrs.frozen
class GameResult:
    """The final scores and winners of one game.

    Example:
        >>> from tricktaking.simulate import GameResult
        >>> GameResult(scores=(10, -20, 30), winners=(2,)).winners
        (2,)
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]


@attrs.frozen(kw_only=True)
class SeatStats:
    """One seat's results over a simulation.

    Attributes:
        seat: The seat.
        bot: The kind of bot in that seat.
        mean_score: The mean final score.
        score_ci: The half-width of the 95 % confidence interval of the mean score.
        win_rate: The share of games the seat won (co-winners all count as winners).
        win_ci: The 95 % Wilson score interval of the win rate, ``(low, high)``.

    Example:
        >>> from tricktaking.simulate import SeatStats
        >>> SeatStats(seat=0, bot="random", mean_score=1.5, score_ci=0.5, win_rate=0.25,
        ...           win_ci=(0.2, 0.3)).win_rate
        0.25
    """

    seat: int
    bot: str
    mean_score: float
    score_ci: float
    win_rate: float
    win_ci: tuple[float, float]


@attrs.frozen(kw_only=True)
class SimulationResult:
    """The outcome of :func:`simulate`: per-seat statistics and every game's result.

    Example:
        >>> from tricktaking.simulate import simulate
        >>> import tricktaking as tt
        >>> result = simulate(tt.OneCardConfig(players=2, target=5), ["random", "random"],
        ...                   games=4)
        >>> len(result.results)
        4
    """

    game: str
    games: int
    seed: int
    seats: tuple[SeatStats, ...]
    results: tuple[GameResult, ...]

    def table(self) -> str:
        """The statistics as a plain-text table.

        Example:
            >>> from tricktaking.simulate import simulate
            >>> import tricktaking as tt
            >>> print(simulate(tt.OneCardConfig(players=2, target=3), ["random"] * 2,
            ...                games=2).table())  # doctest: +ELLIPSIS
            seat  bot ...
        """
        width = max(10, *(len(stats.bot) for stats in self.seats))
        lines = [
            f"{'seat':<5} {'bot':<{width}} {'mean score':>12} {'± 95%':>8} {'win rate':>9} "
            f"{'95% interval':>16}"
        ]
        for stats in self.seats:
            low, high = stats.win_ci
            lines.append(
                f"{stats.seat:<5} {stats.bot:<{width}} {stats.mean_score:>12.2f} "
                f"{stats.score_ci:>8.2f} {stats.win_rate:>8.1%} "
                f"{f'{low:.1%} – {high:.1%}':>16}"
            )
        return "\n".join(lines)


BotSpec: TypeAlias = str | BotFactory
"""A bot spec for :func:`~tricktaking.bots.bot_from_spec` (a kind such as ``"heuristic"``,
``"MODULE:CALLABLE"``, or a text model as ``"text:MODULE:CALLABLE"``) or a factory called
with a seed, such as a bot class (it must be picklable for process pools)."""


def game_states(config: object, bots: Sequence[BotSpec], seed: int) -> Iterator[GameState[object]]:
    """Every state of one game of ``config`` between bots, lazily, from the new game on.

    Deals and bots take seeds derived from ``seed``; each bot sees only its view.

    Raises:
        ArgumentError: If the number of bots is not the number of seats (a ``ValueError``).

    Example:
        >>> from tricktaking.simulate import game_states
        >>> import tricktaking as tt
        >>> states = list(game_states(tt.WizardConfig(players=3, rounds=1), ["random"] * 3, 5))
        >>> tt.is_over(states[-1]), len(states) == len(states[-1].history) + 1
        (True, True)
    """
    return play(config, bots, seed, lambda state, _: derive_seed(seed, "deal", len(state.history)))


def play_game(config: object, bots: Sequence[BotSpec], seed: int) -> GameResult:
    """Play one game of ``config`` with the given bot in each seat (see :func:`game_states`).

    Example:
        >>> from tricktaking.simulate import play_game
        >>> import tricktaking as tt
        >>> play_game(tt.WizardConfig(players=3, rounds=1), ["random"] * 3, seed=5).scores
        (...)
    """
    state = deque(game_states(config, bots, seed), maxlen=1)[0]
    return GameResult(scores=scores(state), winners=winners(state))


def _play_games(
    table: tuple[object, Sequence[BotSpec], bool], seeds: Sequence[int]
) -> list[tuple[GameResult, tuple[Trick, ...]]]:
    config, bots, keep_tricks = table
    if not keep_tricks:
        return [(play_game(config, bots, seed), ()) for seed in seeds]
    return [_traced_game(config, bots, seed) for seed in seeds]


def _traced_game(
    config: object, bots: Sequence[BotSpec], seed: int
) -> tuple[GameResult, tuple[Trick, ...]]:
    """One game's result and every trick it completed, in order (for ``on_trick``)."""
    tricks: list[Trick] = []
    previous: GameState[object] | None = None
    for state in game_states(config, bots, seed):
        if previous is not None and (trick := completed_trick(previous, state)) is not None:
            tricks.append(trick)
        previous = state
    assert previous is not None  # a game has at least its first state
    return GameResult(scores=scores(previous), winners=winners(previous)), tuple(tricks)


def _wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return (0.0, 1.0)
    share = wins / games
    denominator = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / denominator
    margin = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def simulate(
    config: object,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 50,
    progress: Callable[[int, int], None] | None = None,
    on_trick: Callable[[int, Trick], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games of ``config`` and summarise each seat.

    Args:
        config: The configuration of a registered game.
        bots: The bot in each seat: a bot spec (``"heuristic"``, ``"random"``, a text model
            as ``"text:MODULE:CALLABLE"``: see :func:`~tricktaking.bots.bot_from_spec`) or
            a bot factory.
        games: How many games to play, 0 to :data:`MAX_GAMES`.
        seed: The master seed; game ``i`` plays with a seed derived from it and ``i``.
        executor: Where to run the games; ``None`` runs them here, one after another.
        chunk_size: Games sent to the executor per task, 1 to :data:`MAX_GAMES`.
        progress: Called as ``progress(done, games)`` after each chunk.
        on_trick: Called as ``on_trick(game, trick)`` for every trick of every game, with
            the game's index and the completed :class:`~tricktaking.tricks.Trick` (its
            cards in play order and its winner): a logger's hook. It runs here, in game
            and trick order, whatever the executor (workers send each game's tricks
            back with its result, so it may be any function, even one that cannot be
            pickled). See :func:`~tricktaking.engine.completed_trick` for any other loop.

    Returns:
        Per-seat statistics and every game's result, in game order.

    Raises:
        ArgumentTypeError: If ``config`` is not a registered game's configuration, or an
            argument is of the wrong type (a ``bool`` or a ``float`` as a count, a ``str``
            as ``bots``, a ``progress`` that cannot be called).
        ArgumentError: If a count is out of bounds, a bot kind is unknown, or the number
            of bots is not the number of seats.

    Example:
        >>> from tricktaking.simulate import simulate
        >>> import tricktaking as tt
        >>> result = simulate(tt.BidWhistConfig(), ["random"] * 4, games=6, seed=3)
        >>> sum(stats.win_rate for stats in result.seats)
        2.0
        >>> won = [0, 0, 0, 0]
        >>> def count(game, trick):
        ...     won[trick.winner] += 1
        >>> result = simulate(tt.BidWhistConfig(target=1), ["random"] * 4, games=2, on_trick=count)
        >>> sum(won)  # two games of one hand each, 12 tricks a hand
        24
    """
    state = first_state(config)
    check_run(state, bots, seed=seed, executor=executor, chunk_size=chunk_size, progress=progress)
    count_argument("games", games, low=0, high=MAX_GAMES)
    callable_argument("on_trick", on_trick)
    name = game_of(state).name
    if len(bots) != len(scores(state)):
        raise ArgumentError(f"{name} needs {len(scores(state))} bots, got {len(bots)}")
    seeds = (derive_seed(seed, "game", index) for index in range(games))

    def arrived(game: int, outcome: tuple[GameResult, tuple[Trick, ...]]) -> None:
        assert on_trick is not None
        for trick in outcome[1]:
            on_trick(game, trick)

    played = run(
        _play_games,
        (config, bots, on_trick is not None),
        seeds,
        games,
        executor=executor,
        chunk_size=chunk_size,
        progress=progress,
        arrived=None if on_trick is None else arrived,
    )
    results = [result for result, _ in played]
    stats: list[SeatStats] = []
    for seat, spec in enumerate(bots):
        mean, error = mean_and_error([result.scores[seat] for result in results])
        wins = sum(seat in result.winners for result in results)
        stats.append(
            SeatStats(
                seat=seat,
                bot=bot_label(spec),
                mean_score=mean,
                score_ci=1.96 * error if games > 1 else 0.0,
                win_rate=wins / games if games else 0.0,
                win_ci=_wilson(wins, games),
            )
        )
    return SimulationResult(
        game=name, games=games, seed=seed, seats=tuple(stats), results=tuple(results)
    )
