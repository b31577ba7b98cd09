"""Bot moves and hints: searches off the event loop, with a time budget.

Searches (the search bots' moves and hints) run in worker processes, at most
:attr:`~tricktaking.web.limits.Limits.search_workers` at once, each limited to
:attr:`~tricktaking.web.limits.Limits.decision_seconds` of CPU time. The quick bots
(heuristic, random) decide in well under a millisecond on the calling thread: a thread
pool gains nothing for work that holds the GIL and costs a handoff each time (more than
the decision itself: the server's time per action halved without it). Search processes
run at a lower priority, so that on busy cores people's moves come first. A bot is made
afresh for each decision with a seed derived from the table's seed, its seat and the
decision's ``seq``, so that a table resumed after a restart plays on as it would have.

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
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Final

from tricktaking.bots import make_bot, suggest
from tricktaking.bots.search import IsmctsBot, PimcBot
from tricktaking.engine import Action, PlayerView
from tricktaking.web.limits import Limits

__all__ = ["SEARCH_KINDS", "Workers"]

SEARCH_KINDS: Final = frozenset({"pimc", "ismcts"})
"""The bot kinds that search (and so run in worker processes)."""


def _decide(kind: str, game: str, seed: int, view: PlayerView, seconds: float) -> Action:
    bot = make_bot(kind, game, seed)
    if isinstance(bot, (IsmctsBot, PimcBot)):  # its time budget as well as its iterations
        bot.seconds = seconds
    return bot.act(view)


def _lower_priority() -> None:
    # a search is background work: when the cores are busy, the event loop (people's
    # moves, the lobby) goes first
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


def _hint(view: PlayerView, seconds: float) -> Action:
    bot = IsmctsBot(iterations=200, seconds=seconds)
    return suggest(view, bot)[0].action


class Workers:
    """The pools the hub hands its decisions to.

    Args:
        limits: ``search_workers`` and ``decision_seconds``.
        processes: Whether searches run in worker processes (else in a thread: for
            tests, where starting processes costs more than the searches).

    Example:
        >>> from tricktaking.web.limits import Limits
        >>> from tricktaking.web.workers import Workers
        >>> Workers(Limits(search_workers=2)).searches
        2
    """

    def __init__(self, limits: Limits, *, processes: bool = True) -> None:
        self.seconds: float = limits.decision_seconds
        self.searches: int = limits.search_workers
        self._searching: Executor | None = None
        self._processes: ProcessPoolExecutor | None = None
        if not processes:
            self._searching = ThreadPoolExecutor(self.searches, thread_name_prefix="search")

    def _search_pool(self) -> Executor:
        if self._searching is not None:
            return self._searching
        if self._processes is None:
            # spawn: a fork of a process running an event loop and threads is unsafe
            context = multiprocessing.get_context("spawn")
            self._processes = ProcessPoolExecutor(
                self.searches, mp_context=context, initializer=_lower_priority
            )
        return self._processes

    async def decide(self, kind: str, game: str, seed: int, view: PlayerView) -> Action:
        """A bot's move for ``view``: a search in a worker process, a quick bot at once."""
        if kind not in SEARCH_KINDS:
            return _decide(kind, game, seed, view, self.seconds)
        loop = asyncio.get_running_loop()
        pool = self._search_pool()
        return await loop.run_in_executor(pool, _decide, kind, game, seed, view, self.seconds)

    async def hint(self, view: PlayerView) -> Action:
        """The suggested move for ``view`` (a search in a worker process)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._search_pool(), _hint, view, self.seconds)

    def close(self) -> None:
        """Stop at once: queued decisions are dropped and running searches killed."""
        if self._searching is not None:
            self._searching.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            processes = list(getattr(self._processes, "_processes", {}).values())
            self._processes.shutdown(wait=False, cancel_futures=True)
            for process in processes:  # a search may run for seconds: do not wait for it
                process.terminate()
