"""Fair bot comparisons: duplicate deals, every deal played once per seating of the bots.

Comparing bots by playing independent games mostly measures who was dealt the better
cards. Duplicate play removes that luck: every **deal** is played once in every
**seating** (rotation of the bots over the seats) with exactly the same cards, so each
bot holds every hand from every seat, and only the per-deal *difference* between the bots
is kept. Its spread comes from the play, not from the cards, so far fewer deals tell two
bots apart.

What a deal is
    One complete game of the configuration given to :func:`arena`. Its hands are dealt
    from seeds derived from the deal's seed and the hand's number (the first hand of the
    game, the second, …), never from the history's length, so every seating gets the same
    cards in its first hand, its second hand and so on, even when the auctions differ in
    length. Bots are seeded from the deal's seed and their seat. Because the unit is a whole
    game, the score a bot is measured by is the final game score it plays for (search bots
    maximise it), and game-end rules (targets, the last round) apply as written.
    :func:`deal_config` makes the short configurations the command line uses: one hand of
    One Card or Bid Whist (``target=1``: the first hand's result ends the game, except a
    One Card hand that leaves the lead shared or at zero, which is followed by another
    hand), and Wizard's first five rounds (hand sizes 1 to 5; a full game is 10 to 20
    rounds, so its variance and cost are much higher for little more information).

Seatings
    ``bots`` gives one bot per seat (a shorter list is repeated over the seats). Seating
    ``r`` puts ``bots[(seat + r) % seats]`` in each seat, so each entry sits in each seat
    once; identical seatings (``ismcts, heuristic, ismcts, heuristic`` shifted by two)
    are played once, which keeps the weights exact since every distinct shift occurs
    equally often. In Bid Whist, where partners sit opposite, ``["ismcts", "heuristic"]``
    gives two seatings in which the two kinds swap teams. Bots are seeded by seat, not by
    kind, so a bot entered under two names (``[RandomBot, "random"]``) plays every seating
    alike and differs from itself by exactly zero on every deal.

The difference
    For each bot kind and each deal: the mean final score of the seats it holds minus the
    mean final score of all other seats, averaged over the seatings. With two kinds this is
    the pairwise difference (one kind's figure is the other's negated); with more kinds each
    is compared with the field. A seat-versus-others difference rather than raw scores
    because raw scores depend on the deal (a rich Wizard deal scores high for everyone);
    the difference cancels that, and the seatings cancel the seat advantage (dealer,
    first lead). Bid Whist partners share one score, so a kind measured this way should
    hold whole teams. Over the deals, which are independent, the report gives the mean
    difference, its standard error and the 95 % interval ``mean ± 1.96 × error`` (the
    normal approximation; use at least 30 deals).

Runs use any :class:`concurrent.futures.Executor`, like :func:`~tricktaking.simulate.simulate`;
the results are identical whatever the executor.

Example:
    >>> from tricktaking.arena import arena
    >>> import tricktaking as tt
    >>> result = arena(tt.WizardConfig(players=3, rounds=2), ["heuristic", "random"],
    ...                deals=20, seed=1)
    >>> for seating in result.seatings:
    ...     print(seating)
    ('heuristic', 'random', 'heuristic')
    ('random', 'heuristic', 'heuristic')
    ('heuristic', 'heuristic', 'random')
    >>> [stats.bot for stats in result.bots]
    ['heuristic', 'random']
    >>> result.bots[0].difference == -result.bots[1].difference
    True
"""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor

import attrs

from tricktaking._runs import (
    bot_label,
    check_run,
    first_state,
    make_player,
    mean_and_error,
    play,
    run,
)
from tricktaking.arguments import MAX_COUNT, is_exact_int
from tricktaking.bots import Bot, IsmctsBot, PimcBot, bot_from_spec
from tricktaking.engine import GameState, game_of, get_game, scores
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.seeding import derive_seed
from tricktaking.simulate import BotSpec

__all__ = [
    "MAX_DEALS",
    "Z_95",
    "ArenaError",
    "ArenaResult",
    "BotStats",
    "DealResult",
    "arena",
    "deal_config",
    "deal_states",
    "play_deal",
    "seatings",
]

Z_95 = 1.96
"""The standard normal quantile of the two-sided 95 % interval."""

_SHORT_GAME = {"players": 4, "rounds": 5, "target": 1}
"""The options :func:`deal_config` sets when a game's configuration has them."""


MAX_DEALS = MAX_COUNT
"""The most duplicate deals one :func:`arena` call plays: a billion (see ``MAX_GAMES``)."""


class ArenaError(ArgumentError):
    """An arena asked for with bad arguments: bot count, kinds, deal count, options.

    It is an :class:`~tricktaking.errors.ArgumentError` (so a ``ValueError``); an
    argument of the wrong type raises :class:`~tricktaking.errors.ArgumentTypeError`.

    Example:
        >>> from tricktaking.arena import arena
        >>> import tricktaking as tt
        >>> arena(tt.BidWhistConfig(), ["heuristic"], deals=5)
        Traceback (most recent call last):
        ...
        tricktaking.arena.ArenaError: an arena needs at least two different bots, got heuristic
    """


@attrs.frozen(kw_only=True)
class DealResult:
    """One duplicate deal: its seed, the final scores of every seating, the differences.

    Attributes:
        deal: The deal's index, 0 to ``deals - 1``.
        seed: The deal's seed (``derive_seed(seed, "deal", deal)``).
        scores: For each seating (in :attr:`ArenaResult.seatings` order), each seat's final score.
        differences: For each bot kind (in :attr:`ArenaResult.bots` order), its seats' mean
            score minus the other seats' mean score, averaged over the seatings.

    Example:
        >>> from tricktaking.arena import DealResult
        >>> DealResult(deal=0, seed=7, scores=((10, 0), (0, 20)), differences=(-5.0, 5.0)).deal
        0
    """

    deal: int
    seed: int
    scores: tuple[tuple[int, ...], ...]
    differences: tuple[float, ...]


@attrs.frozen(kw_only=True)
class BotStats:
    """One bot kind's results over all the deals.

    Attributes:
        bot: The kind (or the factory's name).
        seats: How many seats it holds in each seating.
        mean_score: Its seats' mean final score, over seatings and deals.
        difference: The mean per-deal difference (its seats' mean minus the others').
        standard_error: The standard error of :attr:`difference` (``inf`` for one deal).
        interval: The 95 % interval of the difference, ``difference ± 1.96 × error``.
        ahead: Deals whose difference is positive.
        level: Deals whose difference is zero.
        behind: Deals whose difference is negative.

    Example:
        >>> from tricktaking.arena import BotStats
        >>> stats = BotStats(bot="heuristic", seats=2, mean_score=12.5, difference=3.0,
        ...                  standard_error=1.0, interval=(1.04, 4.96), ahead=6, level=1,
        ...                  behind=3)
        >>> stats.interval[0] > 0
        True
    """

    bot: str
    seats: int
    mean_score: float
    difference: float
    standard_error: float
    interval: tuple[float, float]
    ahead: int
    level: int
    behind: int


@attrs.frozen(kw_only=True)
class ArenaResult:
    """The outcome of :func:`arena`: per-kind statistics and every deal's result.

    Attributes:
        game: The game's registry name.
        config: The configuration each deal was a game of.
        seed: The master seed.
        seatings: The bot in each seat (its name), for each seating played.
        bots: Each bot kind's statistics, in order of first appearance in the bots given.
        results: Every deal's scores and differences, in deal order.

    Example:
        >>> from tricktaking.arena import arena
        >>> import tricktaking as tt
        >>> result = arena(tt.OneCardConfig(players=2, target=1), ["heuristic", "random"],
        ...                deals=3, seed=2)
        >>> result.games, len(result.results)
        (6, 3)
    """

    game: str
    config: object
    seed: int
    seatings: tuple[tuple[str, ...], ...]
    bots: tuple[BotStats, ...]
    results: tuple[DealResult, ...]

    @property
    def deals(self) -> int:
        """The number of duplicate deals."""
        return len(self.results)

    @property
    def games(self) -> int:
        """The number of games played, one per deal and seating."""
        return len(self.results) * len(self.seatings)

    def table(self) -> str:
        """The statistics as a plain-text table.

        Example:
            >>> from tricktaking.arena import arena
            >>> import tricktaking as tt
            >>> result = arena(tt.OneCardConfig(players=2, target=1), ["heuristic", "random"],
            ...                deals=2)
            >>> print(result.table())  # doctest: +ELLIPSIS
            One Card: 2 deals × 2 seatings = 4 games, seed 0
            bot        seats  mean score  difference   ± 95%  95% interval ...
            heuristic      1 ...
        """
        title = get_game(self.game).title
        width = max(9, *(len(stats.bot) for stats in self.bots))
        lines = [
            f"{title}: {self.deals} deals × {len(self.seatings)} seatings = {self.games} games, "
            f"seed {self.seed}",
            f"{'bot':<{width}} {'seats':>5} {'mean score':>11} {'difference':>11} {'± 95%':>7}"
            f"  {'95% interval':<19} {'ahead':>6} {'level':>6} {'behind':>6}",
        ]
        for stats in self.bots:
            low, high = stats.interval
            interval = f"{low:.2f} – {high:.2f}"
            lines.append(
                f"{stats.bot:<{width}} {stats.seats:>5} {stats.mean_score:>11.2f} "
                f"{stats.difference:>11.2f} {Z_95 * stats.standard_error:>7.2f}  "
                f"{interval:<19} {stats.ahead:>6} {stats.level:>6} {stats.behind:>6}"
            )
        lines.append(
            "difference: the bot's seats' mean final score minus the other seats', per deal, "
            "over all seatings"
        )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """The result as JSON-ready data (an infinite error or bound becomes ``None``).

        Example:
            >>> from tricktaking.arena import arena
            >>> import tricktaking as tt
            >>> data = arena(tt.OneCardConfig(players=2, target=1), ["heuristic", "random"],
            ...              deals=2).to_dict()
            >>> data["game"], data["deals"], data["config"]
            ('one-card', 2, {'players': 2, 'first_dealer': 0, 'target': 1})
        """
        config = _options(self.config)
        return {
            "game": self.game,
            "config": config,
            "seed": self.seed,
            "deals": self.deals,
            "games": self.games,
            "seatings": [list(seating) for seating in self.seatings],
            "bots": [
                {
                    "bot": stats.bot,
                    "seats": stats.seats,
                    "mean_score": stats.mean_score,
                    "difference": stats.difference,
                    "standard_error": _finite(stats.standard_error),
                    "interval": [_finite(bound) for bound in stats.interval],
                    "ahead": stats.ahead,
                    "level": stats.level,
                    "behind": stats.behind,
                }
                for stats in self.bots
            ],
            "results": [
                {
                    "deal": result.deal,
                    "seed": result.seed,
                    "scores": [list(row) for row in result.scores],
                    "differences": list(result.differences),
                }
                for result in self.results
            ],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as strict JSON text (no ``NaN`` or ``Infinity``).

        Example:
            >>> from tricktaking.arena import arena
            >>> import json, tricktaking as tt
            >>> text = arena(tt.OneCardConfig(players=2, target=1), ["heuristic", "random"],
            ...              deals=1).to_json()
            >>> json.loads(text)["bots"][0]["standard_error"] is None
            True
        """
        return json.dumps(self.to_dict(), indent=2, allow_nan=False)


def _field_names(kind: type) -> tuple[str, ...]:
    """The option names of a configuration class (none if it is not an attrs class)."""
    return tuple(field.name for field in attrs.fields(kind)) if attrs.has(kind) else ()


def _options(config: object) -> dict[str, object] | str:
    """A configuration's options by name (its ``repr`` if it is not an attrs class)."""
    names = _field_names(type(config))
    return {name: getattr(config, name) for name in names} if names else repr(config)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def deal_config(
    game: str,
    *,
    players: int | None = None,
    rounds: int | None = None,
    target: int | None = None,
) -> object:
    """A short configuration of ``game`` for duplicate deals: about one hand's worth.

    Each option is set only where the game's configuration has it: 4 ``players``, the
    first 5 ``rounds`` (Wizard), ``target`` 1 (One Card and Bid Whist end after the
    hand that first puts a player or team ahead). An option given explicitly that the
    game does not have is an error.

    Raises:
        ArenaError: If the game is unknown or has no such option.
        ConfigError: If an option's value is not allowed.

    Example:
        >>> from tricktaking.arena import deal_config
        >>> deal_config("wizard")
        WizardConfig(players=4, first_dealer=0, rounds=5, bid_rule='free')
        >>> deal_config("bid-whist").target
        1
        >>> deal_config("bid-whist", players=4)
        Traceback (most recent call last):
        ...
        tricktaking.arena.ArenaError: bid-whist has no option 'players'
    """
    try:
        config_type = get_game(game).config_type
    except KeyError as error:
        raise ArenaError(error.args[0]) from None
    fields = _field_names(config_type)
    given = {"players": players, "rounds": rounds, "target": target}
    options = {name: value for name, value in _SHORT_GAME.items() if name in fields}
    for name, value in given.items():
        if value is None:
            continue
        if name not in fields:
            raise ArenaError(f"{get_game(game).name} has no option {name!r}")
        options[name] = value
    return config_type(**options)


def seatings(bots: Sequence[BotSpec]) -> tuple[tuple[BotSpec, ...], ...]:
    """The distinct rotations of ``bots`` over the seats, starting with ``bots`` itself.

    Seating ``r`` puts ``bots[(seat + r) % len(bots)]`` in ``seat``.

    Raises:
        ArgumentTypeError: If ``bots`` is not a list or tuple.

    Example:
        >>> from tricktaking.arena import seatings
        >>> seatings(["a", "b", "a", "b"])
        (('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a'))
        >>> len(seatings(["x", "y", "y"]))
        3
    """
    if not isinstance(bots, list | tuple):
        raise ArgumentTypeError(f"bots must be a list or tuple, not {safe_repr(bots)}")
    found: list[tuple[BotSpec, ...]] = []
    for shift in range(len(bots)):
        seating = tuple(bots[(seat + shift) % len(bots)] for seat in range(len(bots)))
        if seating not in found:
            found.append(seating)
    return tuple(found)


def deal_states(
    config: object, seating: Sequence[BotSpec], seed: int
) -> Iterator[GameState[object]]:
    """Every state of one game of a duplicate deal, with ``seating[seat]`` in each seat.

    Hand ``k`` of the game (counting from 0) is dealt with ``derive_seed(seed, "hand", k)``
    and the bot in ``seat`` is made with ``derive_seed(seed, "bot", seat)``, so every
    seating of the deal is dealt the same cards, hand after hand.

    Raises:
        ValueError: If the number of bots is not the number of seats.

    Example:
        >>> from tricktaking.arena import deal_states
        >>> import tricktaking as tt
        >>> def dealt(seating):
        ...     final = list(deal_states(tt.WizardConfig(players=3, rounds=3), seating, 9))[-1]
        ...     return [action for action in final.history if isinstance(action, tt.Deal)]
        >>> dealt(["heuristic", "random", "random"]) == dealt(["random", "random", "heuristic"])
        True
    """
    return play(config, seating, seed, lambda _, hand: derive_seed(seed, "hand", hand))


def play_deal(config: object, seating: Sequence[BotSpec], seed: int) -> tuple[int, ...]:
    """The final scores of one game of a duplicate deal (see :func:`deal_states`).

    Example:
        >>> from tricktaking.arena import play_deal
        >>> import tricktaking as tt
        >>> config = tt.BidWhistConfig(target=1)
        >>> play_deal(config, ["random"] * 4, seed=3) == play_deal(config, ["random"] * 4, seed=3)
        True
    """
    return scores(deque(deal_states(config, seating, seed), maxlen=1)[0])


@attrs.frozen
class _Told:
    """A bot kind made knowing the game's config: search bots get it for their worlds.

    A view cannot show every option (One Card's and Bid Whist's target); every player at
    a real table knows them, so the arena tells the search bots it makes by name.
    """

    kind: str
    game: str
    config: object

    def __call__(self, seed: int) -> Bot:
        bot = bot_from_spec(self.kind, self.game, seed)
        if isinstance(bot, IsmctsBot | PimcBot):
            bot.config = self.config
        return bot


def _told(spec: BotSpec, game: str, config: object) -> BotSpec:
    """``spec`` made knowing ``config`` if it is a kind by name, else ``spec`` itself."""
    return _Told(spec, game, config) if isinstance(spec, str) else spec


def _play_deals(
    table: tuple[object, tuple[tuple[BotSpec, ...], ...]], seeds: Sequence[int]
) -> list[tuple[tuple[int, ...], ...]]:
    config, rotations = table
    return [tuple(play_deal(config, seating, seed) for seating in rotations) for seed in seeds]


def _differences(
    labels: Sequence[str], seats: Sequence[Sequence[str]], scores: Sequence[Sequence[int]]
) -> tuple[float, ...]:
    """Each label's mean seat score minus the other seats' mean, averaged over seatings."""
    differences: list[float] = []
    for label in labels:
        total = 0.0
        for seating, row in zip(seats, scores, strict=True):
            own = [score for kind, score in zip(seating, row, strict=True) if kind == label]
            rest = [score for kind, score in zip(seating, row, strict=True) if kind != label]
            total += math.fsum(own) / len(own) - math.fsum(rest) / len(rest)
        differences.append(total / len(seats))
    return tuple(differences)


def _bot_stats(
    label: str, seats: Sequence[Sequence[str]], results: Sequence[DealResult], index: int
) -> BotStats:
    values = [result.differences[index] for result in results]
    mean, error = mean_and_error(values)
    own_scores = [
        math.fsum(score for kind, score in zip(seating, row, strict=True) if kind == label)
        / seats[0].count(label)
        for result in results
        for seating, row in zip(seats, result.scores, strict=True)
    ]
    return BotStats(
        bot=label,
        seats=seats[0].count(label),
        mean_score=math.fsum(own_scores) / len(own_scores),
        difference=mean,
        standard_error=error,
        interval=(mean - Z_95 * error, mean + Z_95 * error),
        ahead=sum(value > 0 for value in values),
        level=sum(value == 0 for value in values),
        behind=sum(value < 0 for value in values),
    )


def _check(game: str, bots: Sequence[BotSpec], seats: int, deals: object) -> None:
    if not is_exact_int(deals):
        raise ArgumentTypeError(
            f"deals must be an int (not a bool or a float), not {safe_repr(deals)}"
        )
    if not 1 <= deals <= MAX_DEALS:
        raise ArenaError(f"deals must be 1 to {MAX_DEALS:,}, not {safe_repr(deals)}")
    if not 1 <= len(bots) <= seats:
        raise ArenaError(f"{game} has {seats} seats; give 1 to {seats} bots, not {len(bots)}")
    labels = [bot_label(spec) for spec in bots]
    if len(set(labels)) < 2:
        raise ArenaError(f"an arena needs at least two different bots, got {', '.join(labels)}")
    for spec in bots:
        try:
            make_player(spec, game, 0)
        except ArgumentTypeError:
            raise  # not a bot at all: a wrong type, not a wrong value
        except ValueError as error:
            raise ArenaError(str(error)) from None


def arena(
    config: object,
    bots: Sequence[BotSpec],
    *,
    deals: int,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 5,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deals of ``config`` in every seating of ``bots``; compare them.

    Args:
        config: The configuration of a registered game; each deal is one complete game of
            it (:func:`deal_config` makes short ones).
        bots: The bot in each seat, by kind (``"heuristic"``, ``"random"``…) or as a factory
            called with a seed; a shorter list is repeated over the seats. At least two
            different bots; kinds are told apart by their names. Search bots given by kind
            (``"ismcts"``, ``"pimc"``) are told ``config``, which their views cannot show
            in full (the target), as every player at a table knows it.
        deals: How many duplicate deals to play (each once per seating), 1 to
            :data:`MAX_DEALS`.
        seed: The master seed; deal ``i`` has the seed ``derive_seed(seed, "deal", i)``.
        executor: Where to play the deals; ``None`` plays them here, one after another.
        chunk_size: Deals sent to the executor per task.
        progress: Called as ``progress(done, deals)`` as deals complete.

    Returns:
        Per-kind statistics (in order of first appearance in ``bots``) and every deal's
        scores and differences, in deal order.

    Raises:
        ArenaError: If there are more bots than seats, fewer than two different bots, an
            unknown bot kind, or a deal count or chunk size out of bounds.
        ArgumentTypeError: If ``config`` is not a registered game's configuration, or an
            argument is of the wrong type (a ``bool`` or a ``float`` as a count, a ``str``
            as ``bots``, a ``progress`` that cannot be called).

    Example:
        >>> from tricktaking.arena import arena
        >>> import tricktaking as tt
        >>> result = arena(tt.BidWhistConfig(target=1), ["heuristic", "random"], deals=4)
        >>> for seating in result.seatings:
        ...     print(seating)
        ('heuristic', 'random', 'heuristic', 'random')
        ('random', 'heuristic', 'random', 'heuristic')
        >>> result.bots[0].seats, result.games
        (2, 8)
    """
    state = first_state(config)
    try:
        check_run(
            state, bots, seed=seed, executor=executor, chunk_size=chunk_size, progress=progress
        )
    except ArgumentTypeError:
        raise
    except ArgumentError as error:
        raise ArenaError(str(error)) from None
    game = game_of(state).name
    seats = len(scores(state))
    _check(game, bots, seats, deals)
    rotations = seatings([bots[seat % len(bots)] for seat in range(seats)])
    labelled = tuple(tuple(bot_label(spec) for spec in seating) for seating in rotations)
    kinds = tuple(dict.fromkeys(bot_label(spec) for spec in bots))
    told = tuple(tuple(_told(spec, game, config) for spec in seating) for seating in rotations)
    rows = run(
        _play_deals,
        (config, told),
        (derive_seed(seed, "deal", index) for index in range(deals)),
        deals,
        executor=executor,
        chunk_size=chunk_size,
        progress=progress,
    )
    results = tuple(
        DealResult(
            deal=index,
            seed=derive_seed(seed, "deal", index),
            scores=row,
            differences=_differences(kinds, labelled, row),
        )
        for index, row in enumerate(rows)
    )
    return ArenaResult(
        game=game,
        config=config,
        seed=seed,
        seatings=labelled,
        bots=tuple(_bot_stats(kind, labelled, results, index) for index, kind in enumerate(kinds)),
        results=results,
    )
