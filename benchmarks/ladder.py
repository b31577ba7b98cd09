"""The strength ladder: every pair of bots, by duplicate deals, at a CPU time per decision.

For each game, each budget (CPU milliseconds per decision, ``--ms 50,200``) and each pair
of bot kinds, the pair plays duplicate deals of :func:`~tricktaking.arena.deal_config`
through :func:`~tricktaking.arena.arena` (every deal in both seatings, the kinds on
alternate seats; in Bid Whist one team each). Each pair's result is the per-deal
difference (the first kind's seats' mean final score minus the second's) with its mean,
standard error and 95 % interval, as the arena reports it.

The kinds
    Every kind :func:`~tricktaking.bots.make_bot` knows (:data:`~tricktaking.bots.BOT_KINDS`,
    so a kind added there is rated by name; the compiled ones ``batch-pimc``,
    ``batch-ismcts`` and ``sampled-bids`` when the ``batch`` extra is installed),
    ``openspiel-ismcts`` in Oh Hell (OpenSpiel's IS-MCTS bot, seated by
    ``openspiel_seat.py`` through the Oh Hell cross-check's move-by-move mapping, when
    OpenSpiel is installed), and any bot spec (``module:callable``, a factory called with
    a seed). ``KIND@N`` is a search kind at a fixed ``N`` iterations per decision and no
    time budget (``ismcts@200`` is :class:`~tricktaking.bots.IsmctsBot` at its default).

The budget
    A bot with a ``seconds`` attribute gets the budget there; the tricktaking search bots
    (:class:`~tricktaking.bots.IsmctsBot`, :class:`~tricktaking.bots.PimcBot` and their
    subclasses) have their iteration limit lifted, so the CPU time alone stops them.
    Bots without one (``heuristic``, ``random``) take what they take. Every decision with
    more than one legal action is timed (CPU time of this process) and each file keeps the
    times, so the report shows what each bot really spent.

The rating
    A least-squares fit of the model ``difference(a, b) = rating(a) - rating(b)`` to the
    pairs' mean differences, each weighted by the inverse of its squared standard error,
    with the heuristic bot's rating fixed at 0: a rating is points per deal over the
    game's heuristic bot, read through every pair, not only the pair with the heuristic.
    Its 95 % interval is ``rating ± 1.96 × sqrt(C[a, a])``, ``C`` the inverse of the
    weighted normal matrix (the fit's covariance when the pairs are independent and
    their errors right). The fit's χ² over its degrees of freedom (pairs less ratings)
    says how well one number per bot explains the pairs: near 1 it does; much above 1
    some pairs are not transitive (in a four-seat game a bot's score depends on who else
    sits at the table), and the pair table is then the thing to read.

Runs are long, so they are resumable and combinable: each batch of ``--batch`` deals of a
pair is one JSON file (the arena's :meth:`~tricktaking.arena.ArenaResult.to_dict` plus the
budget and the decision times), named by game, budget, pair, seed and batch; a rerun of
the same command skips the files it finds, and a command with more kinds or deals plays
only what is missing. Batch ``k`` of every pair plays the same deals (its arena seed is
derived from ``--seed`` and ``k``), so all pairs of a game meet the same cards.
``--combine`` pools any set of files (from several runs or machines) and prints the
rating and pair tables; a deal found twice is refused. With ``--margins FIRST,SECOND`` it
also prints both kinds' mean margins over the heuristic bot on the deals both played
against it, and their ratio with a 95 % bootstrap interval (the deals resampled).

Usage::

    python benchmarks/ladder.py --games oh-hell --ms 50,200 --deals 40 --json-dir ladder
    python benchmarks/ladder.py --combine ladder/*.json
    python benchmarks/ladder.py --combine ladder/*.json --margins sampled-bids,ismcts@200
    python benchmarks/ladder.py --quick          # a smoke test, seconds
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs

from tricktaking._progress import Progress
from tricktaking._runs import mean_and_error
from tricktaking.arena import Z_95, arena, deal_config
from tricktaking.bots import BOT_KINDS, COMPILED_BOT_KINDS, Bot, IsmctsBot, PimcBot, bot_from_spec
from tricktaking.engine import Action, PlayerView, get_game
from tricktaking.seeding import derive_seed

__all__ = [
    "ANCHOR",
    "OPENSPIEL_KIND",
    "Entrant",
    "LadderError",
    "Margins",
    "PairStats",
    "Rating",
    "Ratings",
    "Task",
    "default_kinds",
    "fit_ratings",
    "load",
    "main",
    "margins",
    "margins_report",
    "pair_stats",
    "plan",
    "play",
    "report",
]

ANCHOR = "heuristic"
"""The kind whose rating is fixed at 0 (when it is rated; else the first kind)."""

_FIXED = re.compile(r"(?P<kind>[\w-]+)@(?P<iterations>[1-9]\d*)")
"""``KIND@N``: a search kind at ``N`` iterations per decision, no time budget."""

OPENSPIEL_KIND = "openspiel-ismcts"
"""OpenSpiel's IS-MCTS bot, Oh Hell only (``openspiel_seat.py``)."""

_OPENSPIEL_GAME = "oh-hell"


class LadderError(ValueError):
    """Ladder input that cannot be rated: a deal pooled twice, unconnected bots, a bad kind."""


@runtime_checkable
class _Budgeted(Protocol):
    seconds: float | None


class _TimedBot:
    """A bot whose decisions with a choice are timed in CPU seconds."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def act(self, view: PlayerView) -> Action:
        start = time.process_time()
        action = self.bot.act(view)
        if len(view.legal_actions) > 1:
            self.times.append(time.process_time() - start)
        return action


def _openspiel_bots() -> Callable[[int], Bot]:
    from openspiel_seat import OpenSpielIsmctsBot  # noqa: PLC0415 (OpenSpiel is optional)

    costs: dict[int, tuple[float, int]] = {}  # one calibration for all of an entrant's bots
    return lambda seed: OpenSpielIsmctsBot(seed, costs=costs)


def _maker(kind: str, game: str) -> Callable[[int], Bot]:
    if kind == OPENSPIEL_KIND:
        if game != _OPENSPIEL_GAME:
            raise LadderError(f"{OPENSPIEL_KIND} plays {_OPENSPIEL_GAME} only, not {game}")
        return _openspiel_bots()
    fixed = _FIXED.fullmatch(kind)
    if fixed:
        spec, iterations = fixed["kind"], int(fixed["iterations"])
        return lambda seed: _at_iterations(bot_from_spec(spec, game, seed), iterations)
    return lambda seed: bot_from_spec(kind, game, seed)


def _at_iterations(bot: Bot, iterations: int) -> Bot:
    if not hasattr(bot, "iterations"):
        raise LadderError(f"a {type(bot).__name__} has no iteration count to fix")
    bot.iterations = iterations
    return _Unbudgeted(bot)


class _Unbudgeted:
    """A bot without a ``seconds`` for the ladder to set: it keeps its own budget."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def act(self, view: PlayerView) -> Action:
        return self.bot.act(view)


class Entrant:
    """A bot factory for the arena: the kind, at a CPU budget per decision, its decisions timed.

    Args:
        kind: A kind of :func:`default_kinds` or a bot spec; it names the entrant.
        game: The game's registry name.
        seconds: CPU seconds per decision.
    """

    def __init__(self, kind: str, game: str, seconds: float) -> None:
        self.__name__ = kind
        self.seconds = seconds
        self.times: list[float] = []
        """CPU seconds of each timed decision of every bot made so far."""
        self._make = _maker(kind, game)

    def bot(self, seed: int) -> Bot:
        """A bot of the kind at the budget, untimed."""
        bot = self._make(seed)
        if isinstance(bot, IsmctsBot | PimcBot):
            bot.iterations = None
        if isinstance(bot, _Budgeted):
            bot.seconds = self.seconds
        return bot

    def __call__(self, seed: int) -> Bot:
        return _TimedBot(self.bot(seed), self.times)


def default_kinds(game: str) -> list[str]:
    """Every kind the ladder can seat in ``game`` here: extras only where installed."""
    kinds = list(BOT_KINDS)
    if importlib.util.find_spec("numba") is None:
        kinds = [kind for kind in kinds if kind not in COMPILED_BOT_KINDS]
    if game == _OPENSPIEL_GAME and importlib.util.find_spec("pyspiel") is not None:
        kinds.append(OPENSPIEL_KIND)
    return kinds


@attrs.frozen
class Task:
    """One batch of one pair's deals: what one JSON file holds."""

    game: str
    ms: int
    first: str
    second: str
    batch: int
    deals: int
    seed: int

    @property
    def name(self) -> str:
        """The file name: game, budget, pair, seed, batch (kinds made file-safe)."""
        pair = "-vs-".join(
            re.sub(r"[^A-Za-z0-9-]+", "_", kind) for kind in (self.first, self.second)
        )
        return f"{self.game}-{self.ms}ms-{pair}-seed{self.seed}-batch{self.batch}.json"

    @property
    def arena_seed(self) -> int:
        """The arena's master seed: the same for batch ``k`` of every pair."""
        return derive_seed(self.seed, "ladder batch", self.batch)


def plan(
    games: Sequence[str],
    kinds: Callable[[str], Sequence[str]],
    budgets: Sequence[int],
    *,
    deals: int,
    batch: int,
    seed: int,
) -> list[Task]:
    """Every task of a run, batch by batch, so a run cut short has covered every pair alike.

    Example:
        >>> tasks = plan(["one-card"], lambda game: ["a", "b", "c"], [50], deals=5,
        ...              batch=3, seed=0)
        >>> [(t.first, t.second, t.batch, t.deals) for t in tasks]  # doctest: +NORMALIZE_WHITESPACE
        [('a', 'b', 0, 3), ('a', 'c', 0, 3), ('b', 'c', 0, 3),
         ('a', 'b', 1, 2), ('a', 'c', 1, 2), ('b', 'c', 1, 2)]
    """
    tasks = []
    for index, start in enumerate(range(0, deals, batch)):
        for game in games:
            for ms in budgets:
                for first, second in combinations(kinds(game), 2):
                    size = min(batch, deals - start)
                    tasks.append(Task(game, ms, first, second, index, size, seed))
    return tasks


def play(task: Task) -> dict[str, object]:
    """Play one task; the arena's result as data, with the budget and the decision times."""
    config = deal_config(task.game)
    entrants = [Entrant(kind, task.game, task.ms / 1000) for kind in (task.first, task.second)]
    for entrant in entrants:  # compile or load what a bot compiles, untimed
        _warm(entrant, config)
    start, cpu_start = time.perf_counter(), time.process_time()
    label = f"{task.game} {task.ms} ms {task.first} v {task.second} batch {task.batch}"
    with Progress(task.deals, sys.stderr, label) as progress:
        result = arena(
            config,
            entrants,
            deals=task.deals,
            seed=task.arena_seed,
            chunk_size=1,
            progress=progress,
        )
    data = result.to_dict()
    data["ms"] = task.ms
    data["batch"] = task.batch
    data["seconds"] = time.perf_counter() - start
    data["cpu_seconds"] = time.process_time() - cpu_start
    data["decision_cpu_ms"] = {
        entrant.__name__: [round(1000 * t, 2) for t in entrant.times] for entrant in entrants
    }
    return data


def _warm(entrant: Entrant, config: object) -> None:
    import tricktaking as tt  # noqa: PLC0415

    state = tt.new_game(config)
    state = tt.apply(state, tt.deal(state, seed=0))
    seat = tt.actor(state)
    assert isinstance(seat, int)
    entrant.bot(0).act(tt.view(state, seat))


def run(tasks: Iterable[Task], folder: Path, *, out: Callable[[str], None] = print) -> int:
    """Play every task without a file in ``folder`` yet; the number played."""
    folder.mkdir(parents=True, exist_ok=True)
    played = 0
    for task in tasks:
        path = folder / task.name
        if path.exists():
            continue
        data = play(task)
        partial = path.with_suffix(".part")
        partial.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        partial.replace(path)  # a file is there whole or not at all
        played += 1
        out(f"{path.name}: {data['cpu_seconds']:.0f} CPU s")
    return played


@attrs.frozen
class PairStats:
    """One pair's pooled result in one game at one budget.

    Attributes:
        first: The kind the difference is for.
        second: Its opponent.
        deals: The deals pooled.
        difference: The mean per-deal difference, ``first`` minus ``second``.
        standard_error: Its standard error (``inf`` below two deals).
        ahead: Deals ``first`` won on difference.
        level: Deals with no difference.
        behind: Deals ``first`` lost on difference.
    """

    first: str
    second: str
    deals: int
    difference: float
    standard_error: float
    ahead: int
    level: int
    behind: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the difference."""
        half = Z_95 * self.standard_error
        return self.difference - half, self.difference + half


def pair_stats(first: str, second: str, values: Sequence[float]) -> PairStats:
    """The statistics of per-deal differences ``values`` of ``first`` over ``second``.

    Example:
        >>> stats = pair_stats("a", "b", [1.0, 3.0, -1.0, 1.0])
        >>> stats.difference, round(stats.standard_error, 4), stats.ahead, stats.behind
        (1.0, 0.8165, 3, 1)
    """
    mean, error = mean_and_error(values)
    return PairStats(
        first=first,
        second=second,
        deals=len(values),
        difference=mean,
        standard_error=error,
        ahead=sum(value > 0 for value in values),
        level=sum(value == 0 for value in values),
        behind=sum(value < 0 for value in values),
    )


@attrs.frozen
class _Pooled:
    values: dict[tuple[str, str], list[float]]
    times: dict[str, list[float]]


def load(paths: Iterable[Path]) -> dict[tuple[str, int], _Pooled]:
    """The per-deal differences of every pair, and each kind's decision times, by game and budget.

    A pair's values are oriented as its first file names it; a file naming the pair the
    other way round has its values negated.

    Raises:
        LadderError: If one deal (its seed) of a pair appears in two files.
    """
    pooled: dict[tuple[str, int], _Pooled] = {}
    seen: dict[tuple[str, int, str, str], set[int]] = {}
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        game, ms = data["game"], data["ms"]
        first, second = (bot["bot"] for bot in data["bots"])
        into = pooled.setdefault((game, ms), _Pooled({}, {}))
        key, sign = (
            ((first, second), 1) if (second, first) not in into.values else ((second, first), -1)
        )
        deals = seen.setdefault((game, ms, *key), set())
        values = into.values.setdefault(key, [])
        for deal in data["results"]:
            if deal["seed"] in deals:
                raise LadderError(
                    f"{path}: deal seed {deal['seed']} of {first} v {second} ({game}, {ms} ms) "
                    "is in another file already"
                )
            deals.add(deal["seed"])
            values.append(sign * deal["differences"][0])
        for kind, times in data["decision_cpu_ms"].items():
            into.times.setdefault(kind, []).extend(times)
    return pooled


@attrs.frozen
class Rating:
    """One kind's rating: points per deal over the anchor, with its 95 % interval."""

    kind: str
    rating: float
    standard_error: float
    pairs: int
    deals: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the rating."""
        half = Z_95 * self.standard_error
        return self.rating - half, self.rating + half


@attrs.frozen
class Ratings:
    """The fit: every kind's rating, best first, and the fit's χ² on its degrees of freedom."""

    anchor: str
    ratings: tuple[Rating, ...]
    chi2: float
    dof: int


_LEAST_ERROR = 1e-6
"""The standard error given a pair whose deals all had one difference (no spread seen)."""


def fit_ratings(pairs: Sequence[PairStats], anchor: str = ANCHOR) -> Ratings:
    """Weighted least squares of ``difference(a, b) = rating(a) - rating(b)``, anchor at 0.

    Each pair weighs ``1 / standard_error²``; pairs below two deals carry no weight and are
    left out. The anchor is the first pair's first kind when ``anchor`` is not rated.

    Raises:
        LadderError: If no pair has two deals, or the pairs do not connect every kind.

    Example:
        >>> pairs = [pair_stats("a", "b", [2.0, 4.0]), pair_stats("b", "c", [1.0, 3.0])]
        >>> fit = fit_ratings(pairs, anchor="c")
        >>> [(r.kind, r.rating) for r in fit.ratings]
        [('a', 5.0), ('b', 2.0), ('c', 0.0)]
        >>> fit.dof
        0
    """
    used = [pair for pair in pairs if pair.deals >= 2]
    if not used:
        raise LadderError("no pair has two deals: nothing to rate")
    kinds = list(dict.fromkeys(kind for pair in used for kind in (pair.first, pair.second)))
    if anchor not in kinds:
        anchor = kinds[0]
    _check_connected(kinds, used)
    free = [kind for kind in kinds if kind != anchor]
    column = {kind: index for index, kind in enumerate(free)}
    size = len(free)
    normal = [[0.0] * size for _ in range(size)]
    right = [0.0] * size
    for pair in used:
        weight = 1 / max(pair.standard_error, _LEAST_ERROR) ** 2
        row = _design_row(pair, column, size)
        for i in range(size):
            right[i] += weight * row[i] * pair.difference
            for j in range(size):
                normal[i][j] += weight * row[i] * row[j]
    covariance = _inverse(normal)
    values = [sum(covariance[i][j] * right[j] for j in range(size)) for i in range(size)]
    rating = {kind: values[column[kind]] for kind in free} | {anchor: 0.0}
    error = {kind: math.sqrt(covariance[column[kind]][column[kind]]) for kind in free}
    error[anchor] = 0.0
    chi2 = math.fsum(
        (pair.difference - rating[pair.first] + rating[pair.second]) ** 2
        / max(pair.standard_error, _LEAST_ERROR) ** 2
        for pair in used
    )
    ratings = [
        Rating(
            kind=kind,
            rating=rating[kind],
            standard_error=error[kind],
            pairs=sum(kind in (pair.first, pair.second) for pair in used),
            deals=sum(pair.deals for pair in used if kind in (pair.first, pair.second)),
        )
        for kind in kinds
    ]
    ratings.sort(key=lambda r: -r.rating)
    return Ratings(anchor=anchor, ratings=tuple(ratings), chi2=chi2, dof=len(used) - size)


def _design_row(pair: PairStats, column: dict[str, int], size: int) -> list[float]:
    row = [0.0] * size
    if pair.first in column:
        row[column[pair.first]] += 1.0
    if pair.second in column:
        row[column[pair.second]] -= 1.0
    return row


def _check_connected(kinds: Sequence[str], pairs: Sequence[PairStats]) -> None:
    reached = {kinds[0]}
    grew = True
    while grew:
        grew = False
        for pair in pairs:
            if (pair.first in reached) != (pair.second in reached):
                reached |= {pair.first, pair.second}
                grew = True
    apart = [kind for kind in kinds if kind not in reached]
    if apart:
        raise LadderError(
            f"no pairs connect {', '.join(apart)} with {kinds[0]}: their ratings are unknown"
        )


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting (the normal matrix of a connected ladder is
    positive definite)."""
    size = len(matrix)
    work = [[*row, *(float(i == j) for j in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        scale = work[col][col]
        work[col] = [value / scale for value in work[col]]
        for r in range(size):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [a - factor * b for a, b in zip(work[r], work[col], strict=True)]
    return [row[size:] for row in work]


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _span(low: float, high: float) -> str:
    return f"{low:+.2f} … {high:+.2f}" if math.isfinite(low) else "-"


def report(paths: Iterable[Path]) -> str:
    """The rating and pair tables (Markdown) of the pooled files, per game and budget."""
    blocks = [_block(game, ms, pooled) for (game, ms), pooled in sorted(load(paths).items())]
    return "\n\n".join(blocks)


def _block(game: str, ms: int, pooled: _Pooled) -> str:
    stats = [pair_stats(a, b, values) for (a, b), values in pooled.values.items()]
    lines = [f"### {get_game(game).title}, {ms} ms per decision", ""]
    try:
        fit = fit_ratings(stats)
    except LadderError as error:
        lines.append(f"Ratings: none ({error}).")
        kinds = sorted({kind for pair in pooled.values for kind in pair})
        order = {kind: index for index, kind in enumerate(kinds)}
    else:
        lines += _rating_lines(fit, stats, pooled.times)
        order = {rating.kind: index for index, rating in enumerate(fit.ratings)}
    lines += [
        "",
        "| bot | against | deals | difference | 95% interval | ahead / level / behind |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    oriented = [  # the higher-rated kind first
        pair_stats(b, a, [-v for v in values]) if order[a] > order[b] else pair_stats(a, b, values)
        for (a, b), values in pooled.values.items()
    ]
    for pair in sorted(oriented, key=lambda p: (order[p.first], order[p.second])):
        lines.append(
            f"| {pair.first} | {pair.second} | {pair.deals} | {pair.difference:+.2f} "
            f"| {_span(*pair.interval)} | {pair.ahead} / {pair.level} / {pair.behind} |"
        )
    return "\n".join(lines)


def _rating_lines(
    fit: Ratings, stats: Sequence[PairStats], times: dict[str, list[float]]
) -> list[str]:
    low, high = min(p.deals for p in stats), max(p.deals for p in stats)
    deals = f"{low}" if low == high else f"{low}–{high}"
    lines = [
        f"Ratings: points per deal over {fit.anchor}, least squares over "
        f"{_count(len(stats), 'pair')} of {deals} deals each; χ² {fit.chi2:.1f} on "
        f"{_count(fit.dof, 'degree')} of freedom.",
        "",
        "| rank | bot | rating | 95% interval | deals | CPU ms per decision: mean, p99 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for rank, rating in enumerate(fit.ratings, 1):
        spent = times.get(rating.kind, [])
        cpu = (
            f"{math.fsum(spent) / len(spent):.1f}, {_percentile(spent, 0.99):.1f}" if spent else "-"
        )
        shown = "0 (anchor)" if rating.kind == fit.anchor else _span(*rating.interval)
        lines.append(
            f"| {rank} | {rating.kind} | {rating.rating:+.2f} | {shown} | {rating.deals} | {cpu} |"
        )
    return lines


@attrs.frozen
class Margins:
    """Two kinds' margins over the anchor on the same deals, and their ratio.

    Attributes:
        game: The game.
        ms: The budget.
        deals: The deals both kinds played against the anchor (by deal seed).
        first: The first kind's mean margin over the anchor on those deals.
        second: The second kind's.
        ratio: ``first / second`` (``nan`` when ``second`` is 0).
        interval: A 95 % bootstrap interval of the ratio (the deals resampled together).
    """

    game: str
    ms: int
    deals: int
    first: float
    second: float
    ratio: float
    interval: tuple[float, float]


_BySeed = dict[tuple[str, int], dict[int, float]]


def _against(paths: Iterable[Path], kind: str, anchor: str) -> _BySeed:
    """``kind``'s per-deal difference over ``anchor``, by game and budget, by deal seed."""
    found: _BySeed = {}
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        names = [bot["bot"] for bot in data["bots"]]
        if sorted(names) != sorted([kind, anchor]):
            continue
        sign = 1.0 if names[0] == kind else -1.0
        into = found.setdefault((data["game"], data["ms"]), {})
        for deal in data["results"]:
            into[deal["seed"]] = sign * deal["differences"][0]
    return found


def margins(
    paths: Sequence[Path], first: str, second: str, anchor: str = ANCHOR, *, resamples: int = 2000
) -> list[Margins]:
    """Per game and budget: ``first``'s and ``second``'s margins over ``anchor``, same deals.

    Example:
        >>> margins([], "sampled-bids", "ismcts@200")
        []
    """
    ones, twos = _against(paths, first, anchor), _against(paths, second, anchor)
    found = []
    for key in sorted(ones.keys() & twos.keys()):
        seeds = sorted(ones[key].keys() & twos[key].keys())
        if not seeds:
            continue
        a = [ones[key][seed] for seed in seeds]
        b = [twos[key][seed] for seed in seeds]
        draw = random.Random(0)
        ratios = []
        for _ in range(resamples):
            picks = [draw.randrange(len(seeds)) for _ in seeds]
            low = math.fsum(b[i] for i in picks)
            if low:
                ratios.append(math.fsum(a[i] for i in picks) / low)
        mean_a, mean_b = math.fsum(a) / len(a), math.fsum(b) / len(b)
        found.append(
            Margins(
                game=key[0],
                ms=key[1],
                deals=len(seeds),
                first=mean_a,
                second=mean_b,
                ratio=mean_a / mean_b if mean_b else math.nan,
                interval=(_percentile(ratios, 0.025), _percentile(ratios, 0.975))
                if ratios
                else (math.nan, math.nan),
            )
        )
    return found


def margins_report(paths: Sequence[Path], first: str, second: str) -> str:
    """The table of :func:`margins` (Markdown)."""
    lines = [
        f"| game | ms | deals | {first} over {ANCHOR} | {second} over {ANCHOR} "
        "| ratio | 95% interval (bootstrap) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for found in margins(paths, first, second):
        low, high = found.interval
        lines.append(
            f"| {get_game(found.game).title} | {found.ms} | {found.deals} | {found.first:+.2f} "
            f"| {found.second:+.2f} | {found.ratio:.2f} | {low:.2f} … {high:.2f} |"
        )
    return "\n".join(lines)


def _quick_kinds(game: str) -> list[str]:
    kinds = ["heuristic", "random", "ismcts"]
    return [*kinds, OPENSPIEL_KIND] if OPENSPIEL_KIND in default_kinds(game) else kinds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default="wizard,oh-hell,bid-whist,one-card")
    parser.add_argument(
        "--kinds", default=None, help="kinds or specs, comma-separated (default: every kind)"
    )
    parser.add_argument("--ms", default="50,200", help="CPU ms per decision, comma-separated")
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals per pair")
    parser.add_argument("--batch", type=int, default=10, help="deals per file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json-dir", default=None, help="the run's folder (resumes from it)")
    parser.add_argument("--combine", nargs="+", metavar="JSON", help="report on these files")
    parser.add_argument(
        "--margins",
        metavar="FIRST,SECOND",
        help="with --combine: the two kinds' margins over the heuristic on the same deals",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke test: One Card and Oh Hell, 2 deals, 5 ms"
    )
    args = parser.parse_args(argv)
    if args.combine:
        paths = [Path(path) for path in args.combine]
        print(report(paths))
        if args.margins:
            first, _, second = args.margins.partition(",")
            print("\n" + margins_report(paths, first, second))
        return
    games = ["one-card", "oh-hell"] if args.quick else args.games.split(",")
    chosen = args.kinds.split(",") if args.kinds else None
    tasks = plan(
        games,
        _quick_kinds if args.quick else (lambda game: chosen or default_kinds(game)),
        [5] if args.quick else [int(ms) for ms in args.ms.split(",")],
        deals=2 if args.quick else args.deals,
        batch=2 if args.quick else args.batch,
        seed=args.seed,
    )
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.json_dir or scratch)
        run(tasks, folder)
        print(report(sorted(folder.glob("*.json"))))


if __name__ == "__main__":
    main()
