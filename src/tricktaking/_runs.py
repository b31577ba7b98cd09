"""Mechanics shared by batch runs of bots (:mod:`~tricktaking.simulate`, :mod:`~tricktaking.arena`).

Making a bot from a spec, the seeded game loop, cutting work into chunks, running the
chunks on an executor in order with progress reports, and the mean with its standard error.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import TypeVar

from tricktaking.arguments import callable_argument, count_argument, seed_argument
from tricktaking.bots import BOT_KINDS, Bot, BotFactory, bot_from_spec, check_bot_spec
from tricktaking.engine import (
    GameState,
    actor,
    apply,
    deal,
    game_of,
    is_over,
    new_game,
    scores,
    view,
)
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.seeding import derive_seed

__all__ = [
    "WINDOW",
    "DealSeed",
    "bot_label",
    "check_run",
    "chunks",
    "first_state",
    "make_player",
    "mean_and_error",
    "play",
    "run",
]

WINDOW = 64
"""The most chunks waiting on an executor at once: memory stays bounded for any count."""

_Payload = TypeVar("_Payload")
_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

DealSeed = Callable[[GameState[object], int], int]
"""The seed of the deal due in a state, given the state and how many deals came before."""


def make_player(spec: str | BotFactory, game: str, seed: int) -> Bot:
    """A bot from a spec (:func:`~tricktaking.bots.bot_from_spec`) or from a factory.

    Raises:
        ArgumentTypeError: If ``spec`` is neither, or the factory makes something that
            is not a bot (no ``act`` method).
    """
    if isinstance(spec, str):
        return bot_from_spec(spec, game, seed)
    if not callable(spec):
        raise ArgumentTypeError(f"a bot is a kind's name or a factory, not {safe_repr(spec)}")
    bot = spec(seed)
    if not callable(getattr(bot, "act", None)):  # a factory may return anything at all
        raise ArgumentTypeError(
            f"the bot factory {safe_repr(bot_label(spec))} made {safe_repr(bot)}, not a bot "
            "(an object with an act(view) method)"
        )
    return bot


def bot_label(spec: str | BotFactory) -> str:
    """The name a spec is reported under: the kind, or the factory's name."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def play(
    config: object, bots: Sequence[str | BotFactory], seed: int, deal_seed: DealSeed
) -> Iterator[GameState[object]]:
    """Every state of one game between bots; each deal is seeded by ``deal_seed``.

    Bot ``seat`` takes the seed ``derive_seed(seed, "bot", seat)`` and sees only its view.

    Raises:
        ArgumentTypeError: If ``bots`` is not a list or tuple.
        ArgumentError: If the number of bots is not the number of seats.
    """
    state: GameState[object] = new_game(config)
    name = game_of(state).name
    seats = len(scores(state))
    if not isinstance(bots, list | tuple):
        raise ArgumentTypeError(f"bots must be a list or tuple, not {safe_repr(bots)}")
    if len(bots) != seats:
        raise ArgumentError(f"{name} needs {seats} bots, got {len(bots)}")
    players = [
        make_player(spec, name, derive_seed(seed, "bot", seat)) for seat, spec in enumerate(bots)
    ]
    deals = 0
    yield state
    while not is_over(state):
        seat = actor(state)
        if isinstance(seat, int):
            state = apply(state, players[seat].act(view(state, seat)))
        else:
            state = apply(state, deal(state, deal_seed(state, deals)))
            deals += 1
        yield state


def chunks(items: Iterable[_Item], size: int) -> Iterator[tuple[_Item, ...]]:
    """``items`` cut into consecutive tuples of ``size`` (at least 1) items, lazily."""
    size = max(1, size)
    iterator = iter(items)
    while part := tuple(itertools.islice(iterator, size)):
        yield part


def run(
    task: Callable[[_Payload, Sequence[_Item]], list[_Result]],
    payload: _Payload,
    items: Iterable[_Item],
    total: int,
    *,
    executor: Executor | None,
    chunk_size: int,
    progress: Callable[[int, int], None] | None,
    arrived: Callable[[int, _Result], None] | None = None,
) -> list[_Result]:
    """``task(payload, chunk)`` over the chunks of the ``total`` ``items``, in item order.

    Runs here when ``executor`` is ``None``; ``arrived(index, result)`` is called for each
    result and then ``progress(done, total)`` as each chunk's results arrive (in order, so
    the count only grows). Items are drawn as they
    are needed and at most :data:`WINDOW` chunks wait on the executor, so a huge count
    starts at once and holds no list of its items.
    """
    parts = chunks(items, chunk_size)
    outcomes: Iterable[list[_Result]]
    if executor is None:
        outcomes = (task(payload, part) for part in parts)
    else:
        outcomes = _windowed(executor, task, payload, parts)
    results: list[_Result] = []
    for outcome in outcomes:
        if arrived is not None:
            for index, result in enumerate(outcome, start=len(results)):
                arrived(index, result)
        results.extend(outcome)
        if progress is not None:
            progress(len(results), total)
    return results


def _windowed(
    executor: Executor,
    task: Callable[[_Payload, Sequence[_Item]], list[_Result]],
    payload: _Payload,
    parts: Iterator[tuple[_Item, ...]],
) -> Iterator[list[_Result]]:
    """The chunks' results in order, with at most :data:`WINDOW` chunks submitted ahead."""
    waiting: deque[Future[list[_Result]]] = deque()
    try:
        for part in parts:
            waiting.append(executor.submit(task, payload, part))
            if len(waiting) >= WINDOW:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    finally:
        for future in waiting:
            future.cancel()


def first_state(config: object) -> GameState[object]:
    """The new game of ``config``; anything but a registered game's configuration is refused."""
    try:
        return new_game(config)
    except TypeError as error:  # the engine's words: not a registered game's configuration
        raise ArgumentTypeError(str(error)) from None


def check_run(
    state: GameState[object],
    bots: object,
    *,
    seed: object,
    executor: object,
    chunk_size: object,
    progress: object,
) -> None:
    """Refuse arguments of :func:`~tricktaking.simulate.simulate` or an arena of the wrong kind.

    ``bots`` must be a sequence (not a ``str``) of bot specs or factories, every kind known
    and every name of a spec importable.
    """
    seed_argument("seed", seed)
    count_argument("chunk_size", chunk_size)
    callable_argument("progress", progress)
    if executor is not None and not isinstance(executor, Executor):
        raise ArgumentTypeError(
            f"executor must be a concurrent.futures.Executor or None, not {safe_repr(executor)}"
        )
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ArgumentTypeError(
            f"bots must be a list of bot kinds or factories, one per seat, not {safe_repr(bots)}"
        )
    game = game_of(state).name
    specs: Sequence[object] = bots  # pyright: ignore[reportUnknownVariableType]
    for spec in specs:
        if isinstance(spec, str):
            if ":" not in spec and spec not in BOT_KINDS:
                raise ArgumentError(
                    f"no {safe_repr(spec)} bot for {game!r}; kinds: {', '.join(BOT_KINDS)}"
                )
            check_bot_spec(spec)
        elif not callable(spec):
            raise ArgumentTypeError(
                f"a bot is a kind ({', '.join(BOT_KINDS)}) or a factory called with a seed, "
                f"not {safe_repr(spec)}"
            )


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (sample deviation over root n).

    The mean of no values is 0.0; the error is ``inf`` with fewer than two values, since
    one value says nothing about the spread.
    """
    count = len(values)
    if not count:
        return 0.0, math.inf
    mean = math.fsum(values) / count
    if count < 2:
        return mean, math.inf
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)
