"""Mechanics shared by batch runs of bots (:mod:`~tricktaking.simulate`, :mod:`~tricktaking.arena`).

Making a bot from a spec, the seeded game loop, cutting work into chunks, running the
chunks on an executor in order with progress reports, and the mean with its standard error.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TypeVar

from tricktaking.bots import Bot, BotFactory, make_bot
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
from tricktaking.seeding import derive_seed

__all__ = ["DealSeed", "bot_label", "chunks", "make_player", "mean_and_error", "play", "run"]

_Payload = TypeVar("_Payload")
_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

DealSeed = Callable[[GameState[object], int], int]
"""The seed of the deal due in a state, given the state and how many deals came before."""


def make_player(spec: str | BotFactory, game: str, seed: int) -> Bot:
    """A bot from a kind for :func:`~tricktaking.bots.make_bot` or from a factory."""
    return make_bot(spec, game, seed) if isinstance(spec, str) else spec(seed)


def bot_label(spec: str | BotFactory) -> str:
    """The name a spec is reported under: the kind, or the factory's name."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def play(
    config: object, bots: Sequence[str | BotFactory], seed: int, deal_seed: DealSeed
) -> Iterator[GameState[object]]:
    """Every state of one game between bots; each deal is seeded by ``deal_seed``.

    Bot ``seat`` takes the seed ``derive_seed(seed, "bot", seat)`` and sees only its view.

    Raises:
        ValueError: If the number of bots is not the number of seats.
    """
    state: GameState[object] = new_game(config)
    name = game_of(state).name
    seats = len(scores(state))
    if len(bots) != seats:
        raise ValueError(f"{name} needs {seats} bots, got {len(bots)}")
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


def chunks(items: Sequence[_Item], size: int) -> Iterator[Sequence[_Item]]:
    """``items`` cut into consecutive slices of ``size`` (at least 1) items."""
    size = max(1, size)
    for start in range(0, len(items), size):
        yield items[start : start + size]


def run(
    task: Callable[[_Payload, Sequence[_Item]], list[_Result]],
    payload: _Payload,
    items: Sequence[_Item],
    *,
    executor: Executor | None,
    chunk_size: int,
    progress: Callable[[int, int], None] | None,
) -> list[_Result]:
    """``task(payload, chunk)`` over the chunks of ``items``, results in item order.

    Runs here when ``executor`` is ``None``; ``progress(done, len(items))`` is called as
    each chunk's results arrive (in order, so the count only grows).
    """
    parts = list(chunks(items, chunk_size))
    outcomes: Iterable[list[_Result]]
    if executor is None:
        outcomes = (task(payload, part) for part in parts)
    else:
        outcomes = executor.map(task, [payload] * len(parts), parts)
    results: list[_Result] = []
    for outcome in outcomes:
        results.extend(outcome)
        if progress is not None:
            progress(len(results), len(items))
    return results


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
