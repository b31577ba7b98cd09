"""Bot moves and hints: searches off the event loop, each pool with its own budget.

The search bots' moves run in worker processes, at most
:attr:`~tricktaking.web.limits.Limits.search_workers` at once, each limited to
:attr:`~tricktaking.web.limits.Limits.decision_seconds` of CPU time. Hints have a pool
of their own (:attr:`~tricktaking.web.limits.Limits.hint_workers` processes, each hint
within :attr:`~tricktaking.web.limits.Limits.hint_seconds`), so that the players asking
for hints never delay a bot's move at another table: they share the cores, not a queue.
Search processes run at a lower priority than the server, the hints' lower still, so
that on busy cores people's moves come first, then the bots' searches, then the hints.
The reviews of finished games (the replay viewer's marks) run in one worker process of
their own, at the hints' priority, each within
:attr:`~tricktaking.web.limits.Limits.review_seconds`.
Every worker process exits as soon as the server process is gone, however it ended
(``SIGKILL`` included), and the resource tracker of ``multiprocessing`` with them.

The quick bots (heuristic, random) decide in well under a millisecond on the calling
thread: a thread pool gains nothing for work that holds the GIL and costs a handoff each
time (more than the decision itself: the server's time per action halved without it). A
bot is made afresh for each decision with a seed derived from the table's seed, its seat
and the decision's ``seq``, so that a table resumed after a restart plays on as it would
have.

Example:
    >>> import asyncio
    >>> import tricktaking as tt
    >>> from tricktaking.web.limits import Limits
    >>> from tricktaking.web.workers import Workers
    >>> state = tt.new_game(tt.OneCardConfig(players=2))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> seat = tt.actor(state)
    >>> async def demo() -> bool:
    ...     workers = Workers(Limits())
    ...     action = await workers.decide("heuristic", "one-card", 7, tt.view(state, seat))
    ...     workers.close()
    ...     return action in tt.legal_actions(state)
    >>> asyncio.run(demo())
    True
"""

# pyright: strict
from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Final, Literal, Protocol, cast, runtime_checkable

from tricktaking.bots import BOT_KINDS, make_bot, suggest
from tricktaking.bots.search import IsmctsBot, PimcBot
from tricktaking.engine import Action, PlayerView, game_of_view
from tricktaking.records import GameRecord
from tricktaking.web.limits import Limits

__all__ = ["SEARCH_KINDS", "Pool", "Workers"]

_REAP_SECONDS: Final = 0.5  # a terminated worker is gone within milliseconds

SEARCH_KINDS: Final = frozenset(BOT_KINDS) - {"heuristic", "random"}
"""The bot kinds that search, the scalar and the compiled ones, and so run in worker processes."""


def _decide(kind: str, game: str, seed: int, view: PlayerView, seconds: float) -> Action:
    bot = make_bot(kind, game, seed)
    if isinstance(bot, _Timed):  # its time budget as well as its iterations
        bot.seconds = seconds
    return bot.act(view)


@runtime_checkable
class _Timed(Protocol):
    """A search bot with a CPU time budget per decision (every search kind has one)."""

    seconds: float | None


def _exit_with_parent() -> None:
    """Exit this worker process as soon as the server process that started it is gone.

    A worker blocked on its task queue would otherwise never notice: it holds the
    queue's write end itself, so the queue never ends. The parent's sentinel (a pipe
    only the parent holds open) is readable once the parent has died, however it died.
    """
    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - a worker always has a parent
        return

    def watch() -> None:
        parent.join()
        os._exit(1)  # no clean-up to run: the work here dies with the server

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()


def _start_worker(niceness: int) -> None:
    _exit_with_parent()
    with contextlib.suppress(OSError, AttributeError):
        os.nice(niceness)


def _hint(view: PlayerView, seconds: float, kind: str) -> Action:
    bot = make_bot(kind, game_of_view(view).name)
    if isinstance(bot, IsmctsBot | PimcBot):  # 200 iterations, or fewer in the time
        bot.seconds = seconds
        return suggest(view, bot)[0].action
    if isinstance(bot, _Timed):
        bot.seconds = seconds
    return bot.act(view)


def _review(record: GameRecord, max_cards_left: int, seconds: float) -> dict[str, object]:
    from tricktaking import analysis  # noqa: PLC0415 - the batch extra, in the worker only

    return analysis.review(record, max_cards_left=max_cards_left, seconds=seconds).to_dict()


Pool = Literal["search", "hint", "review"]
"""The pools: the search bots' moves, the hints, and the replays' reviews."""

# A search is background work: when the cores are busy, the event loop (people's moves,
# the lobby) goes first, then the bots' moves, then the hints, so that the players asking
# for hints slow no bot down beyond the cores their own budget takes.
_NICENESS: Final[dict[Pool, int]] = {"search": 10, "hint": 15, "review": 15}


class Workers:
    """The pools the hub hands its decisions to: one for bots' searches, one for hints.

    Args:
        limits: ``search_workers`` and ``decision_seconds`` for the bots' moves,
            ``hint_workers``, ``hint_seconds`` and ``hint_kind`` for the hints.
        processes: Whether searches run in worker processes (else in threads: for
            tests, where starting processes costs more than the searches).

    Example:
        >>> from tricktaking.web.limits import Limits
        >>> from tricktaking.web.workers import Workers
        >>> workers = Workers(Limits(search_workers=2, hint_workers=1))
        >>> workers.searches, workers.hints
        (2, 1)
    """

    def __init__(self, limits: Limits, *, processes: bool = True) -> None:
        self.seconds: float = limits.decision_seconds
        self.searches: int = limits.search_workers
        self.hint_seconds: float = limits.hint_seconds
        self.hint_kind: str = limits.hint_kind
        self.hints: int = limits.hint_workers
        self.review_seconds: float = limits.review_seconds
        self.review_cards: int = limits.review_max_cards_left
        self._in_processes = processes
        self._pools: dict[Pool, Executor] = {}

    def _pool(self, name: Pool) -> Executor:
        pool = self._pools.get(name)
        if pool is None:
            size = {"search": self.searches, "hint": self.hints, "review": 1}[name]
            if self._in_processes:
                # spawn: a fork of a process running an event loop and threads is unsafe
                context = multiprocessing.get_context("spawn")
                pool = ProcessPoolExecutor(
                    size,
                    mp_context=context,
                    initializer=_start_worker,
                    initargs=(_NICENESS[name],),
                )
            else:
                pool = ThreadPoolExecutor(size, thread_name_prefix=name)
            self._pools[name] = pool
        return pool

    async def decide(self, kind: str, game: str, seed: int, view: PlayerView) -> Action:
        """A bot's move for ``view``: a search in a worker process, a quick bot at once."""
        if kind not in SEARCH_KINDS:
            return _decide(kind, game, seed, view, self.seconds)
        loop = asyncio.get_running_loop()
        pool = self._pool("search")
        return await loop.run_in_executor(pool, _decide, kind, game, seed, view, self.seconds)

    async def hint(self, view: PlayerView) -> Action:
        """The suggested move for ``view`` (a search in the hints' own worker process)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool("hint"), _hint, view, self.hint_seconds, self.hint_kind
        )

    async def review(self, record: GameRecord) -> dict[str, object]:
        """The review of a finished game, as :meth:`tricktaking.analysis.Review.to_dict`.

        It runs in the reviews' own worker process, within ``review_seconds``.

        Raises:
            ImportError: If the server has no ``batch`` extra (the solver needs it).
        """
        loop = asyncio.get_running_loop()
        pool = self._pool("review")
        try:
            return await loop.run_in_executor(
                pool, _review, record, self.review_cards, self.review_seconds
            )
        except BrokenExecutor:
            if self._pools.get("review") is pool:  # its process died: the next review starts one
                del self._pools["review"]
            raise

    def close(self) -> None:
        """Stop at once: queued decisions are dropped and running searches killed.

        The killed processes are then reaped and each pool's queues released, so that
        nothing is left for the resource tracker of ``multiprocessing`` to clean up (and
        warn of) when the server process ends.
        """
        pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            # a process pool's own processes (a thread pool has none): private, but the
            # only way to stop a search that runs now instead of waiting for it
            running = [
                cast("multiprocessing.Process", process)
                for process in dict(getattr(pool, "_processes", None) or {}).values()
            ]
            pool.shutdown(wait=False, cancel_futures=True)
            for process in running:  # a search may run for seconds: do not wait for it
                process.terminate()
            for process in running:
                process.join(_REAP_SECONDS)
            if running and not any(process.is_alive() for process in running):
                pool.shutdown(wait=True)  # its manager thread sees them gone, and ends
