"""The arrays of a batch and the compiled loops over them, for one game's kernel.

:class:`Rows` owns what the loops of :mod:`tricktaking.batch._drivers` read and write:
the rows (``ints``, ``cards``), their random streams, the record of each row's game,
and the scratch a loop needs (a deck, error codes, flags), so that nothing is allocated
inside a kernel. It grows the record when a loop reports it full, and compiles (or
loads from the cache) every loop for the kernel's parameter class the first time a
process uses it, saying so once on standard error when it compiles.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from tricktaking.batch import _drivers as drivers
from tricktaking.batch._sampling import Worlds
from tricktaking.kernel_kit import (
    SCORES,
    Kernel,
    Params,
    cache_directory,
    prepare,
    seeded_rows,
)

__all__ = ["Rows", "ensure_compiled"]

Bools = npt.NDArray[np.bool_]
Int64s = npt.NDArray[np.int64]

_FIRST_ACTIONS: Final = 64  # room for each row's actions before the record grows
_FIRST_DECKS: Final = 4  # room for each row's decks
_READY: set[type] = set()  # the parameter classes compiled in this process


class Rows:
    """``size`` rows of one kernel, with their streams, record and scratch.

    Args:
        kernel: The game's kernel.
        params: Its parameters for the batch's config.
        size: The number of rows.
        key: The 64-bit key of the rows' random streams.
        record: Whether to keep each row's actions and decks (for ``state_of``).
    """

    def __init__(self, kernel: Kernel[object], params: Params, size: int, key: int, *, record: bool):
        self.kernel = kernel
        self.params = params
        self.size = size
        self.ints = np.zeros((size, kernel.ints_width), np.int32)
        self.cards = np.zeros((size, kernel.cards_width), np.uint64)
        self.rng = seeded_rows(key, size)
        self.deck = np.zeros(params.deck_size + 2, np.int64)
        self.errors = np.zeros(size, np.int8)
        self.finished = np.zeros(size, np.bool_)
        self.final = np.zeros((size, params.players), np.int32)
        self.everywhere = np.ones(size, np.bool_)
        width = params.deck_size + 2
        if record:
            self.record = drivers.Record(
                True,
                np.zeros((size, _FIRST_ACTIONS), np.int16),
                np.zeros(size, np.int32),
                np.zeros((size, _FIRST_DECKS, width), np.int16),
                np.zeros(size, np.int32),
            )
        else:
            one = np.zeros(1, np.int32)
            self.record = drivers.Record(
                False, np.zeros((1, 1), np.int16), one, np.zeros((1, 1, width), np.int16), one
            )

    # -- the header ----------------------------------------------------------------------

    def column(self, column: int) -> npt.NDArray[np.int32]:
        """A header column of every row (a view)."""
        view: npt.NDArray[np.int32] = self.ints[:, column]
        return view

    def scores(self) -> npt.NDArray[np.int32]:
        """``(size, players)``: the scores columns (a view)."""
        view: npt.NDArray[np.int32] = self.ints[:, SCORES : SCORES + self.params.players]
        return view

    # -- the loops -----------------------------------------------------------------------

    def _retrying(self, run: Callable[[], int]) -> int:
        """``run()`` again after growing the record, as long as it reports rows full."""
        while True:
            problems = run()
            if not self.record.on or not (self.errors == drivers.FULL).any():
                return problems
            self.grow()

    def grow(self) -> None:
        """Double the record's room for actions and decks."""
        record = self.record
        actions = np.zeros((self.size, 2 * record.actions.shape[1]), np.int16)
        actions[:, : record.actions.shape[1]] = record.actions
        decks = np.zeros((self.size, 2 * record.decks.shape[1], record.decks.shape[2]), np.int16)
        decks[:, : record.decks.shape[1]] = record.decks
        self.record = drivers.Record(True, actions, record.acted, decks, record.dealt)

    def reset(self, where: Bools) -> None:
        """New games, dealt, in the rows where ``where`` is true."""
        drivers.reset(self.params, self.ints, self.cards, self.rng, where, self.deck, self.record)

    def deal_due(self) -> None:
        """Deal every row whose next event is a deal."""
        drivers.deal_due(self.params, self.ints, self.cards, self.rng, self.deck, self.record)

    def legal_masks(self, out: Bools) -> None:
        """Each acting row's legal actions into ``out``."""
        drivers.legal_masks(self.params, self.ints, self.cards, out)

    def random_actions(self, out: Int64s) -> None:
        """A random legal action of each acting row into ``out``."""
        drivers.random_actions(self.params, self.ints, self.cards, self.rng, out)

    def heuristic_actions(self, out: Int64s) -> None:
        """The heuristic bot's action of each acting row into ``out``."""
        drivers.heuristic_actions(self.params, self.ints, self.cards, out)

    def step(self, actions: Int64s, where: Bools, auto_reset: bool) -> int:
        """Check and apply each acting row's action; the number of rows with a problem."""

        def run() -> int:
            return int(
                drivers.step(
                    self.params,
                    self.ints,
                    self.cards,
                    self.rng,
                    actions,
                    where,
                    self.errors,
                    self.deck,
                    self.record,
                    auto_reset,
                    self.final,
                    self.finished,
                )
            )

        return self._retrying(run)

    def play(
        self,
        left: Int64s,
        policies: npt.NDArray[np.int8],
        learner: Int64s,
        last_deal: Int64s,
        auto_reset: bool,
    ) -> tuple[Bools, Bools]:
        """Rows take up to ``left`` actions by their seats' policies.

        Returns the rows whose game ended and the rows waiting for the caller (a
        callback seat is to act).
        """
        ended = np.zeros(self.size, np.bool_)
        waiting = np.zeros(self.size, np.bool_)
        while True:
            full = drivers.play(
                self.params,
                self.ints,
                self.cards,
                self.rng,
                left,
                policies,
                learner,
                last_deal,
                waiting,
                self.deck,
                self.record,
                auto_reset,
                self.final,
                self.finished,
            )
            ended |= self.finished
            if not full:
                return ended, waiting
            self.grow()

    def observe(
        self, where: Bools, seats: Int64s, offsets: Int64s, out: npt.NDArray[np.float32]
    ) -> None:
        """Each row's observation for its seat into ``out``, in the rows ``where`` is true."""
        drivers.observe(self.params, self.ints, self.cards, where, seats, offsets, out)

    def sample_worlds(self, worlds: Worlds, assigned: npt.NDArray[np.int16], copies: int) -> None:
        """Rows of worlds of one view drawn from row 0's, each world in ``copies`` rows."""
        drivers.sample_worlds(
            self.params,
            self.ints,
            self.cards,
            self.rng,
            0,
            copies,
            worlds.posterior,
            worlds.counts,
            worlds.taken,
            worlds.pool,
            worlds.point,
            assigned,
        )

    def reseed(self, keys: Sequence[int]) -> None:
        """Each row's stream anew: row ``r`` from the 64-bit key ``keys[r]``."""
        for row, key in enumerate(keys):
            self.rng[row] = seeded_rows(key, 1)[0]

    def load(
        self,
        which: Int64s,
        starts: Int64s,
        programs: Int64s,
        lengths: Int64s,
        decks: Int64s,
    ) -> Int64s:
        """Row ``r`` from its start ``starts[which[r]]``, then program ``which[r]``.

        A start is the deals before the program, the dealer of the last of them and
        the totals; the result is the first refused entry of each row (``-1``: none).
        """
        failed = np.zeros(self.size, np.int64)
        drivers.load(
            self.params, self.ints, self.cards, which, starts, programs, lengths, decks, failed
        )
        return failed


def _exercise(kernel: Kernel[object], params: Params) -> None:
    """Call every loop once on one row: numba compiles them (or loads them) for ``params``."""
    rows = Rows(kernel, params, 1, key=0, record=True)
    rows.reset(rows.everywhere)
    mask = np.zeros((1, params.action_size), np.bool_)
    rows.legal_masks(mask)
    actions = np.zeros(1, np.int64)
    rows.heuristic_actions(actions)
    rows.random_actions(actions)
    rows.step(actions, rows.everywhere, auto_reset=True)
    none = np.full(1, -1, np.int64)
    policies = np.full((1, params.players), drivers.HEURISTIC, np.int8)
    rows.play(np.ones(1, np.int64), policies, none, none, auto_reset=True)
    rows.observe(
        rows.everywhere,
        np.zeros(1, np.int64),
        np.zeros(len(kernel.fields), np.int64),
        np.zeros((1, 4096), np.float32),
    )
    starts = np.zeros((1, 2 + params.players), np.int64)
    programs = np.zeros((1, 1), np.int64)
    decks = np.zeros((1, params.deck_size + 2), np.int64)
    rows.load(np.zeros(1, np.int64), starts, programs, np.zeros(1, np.int64), decks)
    rows.deal_due()
    none = np.zeros(1, np.int64)
    nothing = drivers.Posterior(
        first=none,
        options=np.ones(1, np.int64),
        totals=np.ones((1, 4), np.uint64),
        bounds=np.ones((1, 4), np.uint64),
        next_step=np.full(1, -1, np.int64),
        add_first=none,
        add_size=none,
        add_class=none,
        add_zone=none,
        add_count=none,
        class_first=none,
        class_size=none,
        numbers=none,
        zone_code=np.zeros(0, np.int64),
        zone_first=np.zeros(0, np.int64),
    )
    drivers.sample_worlds(
        params, rows.ints, rows.cards, rows.rng, 0, 1, nothing, np.zeros((1, 1), np.int64),
        none, none, np.zeros(4, np.uint64), np.zeros((1, 1), np.int16),
    )


def ensure_compiled(kernel: Kernel[object], params: Params) -> None:
    """Make every loop ready for ``params``'s class, compiling at most once per process.

    Compiled loops are cached on disk (:func:`~tricktaking.kernel_kit.prepare`); the
    first compilation for a kernel says so on standard error.
    """
    kind = type(params)
    changed = prepare()
    if kind in _READY and not changed:
        return
    marker = cache_directory() / f"{kind.__module__}.{kind.__qualname__}.ready"
    if not marker.exists():
        print(
            f"tricktaking: compiling the {kernel.title} kernel, once (later runs load it)...",
            file=sys.stderr,
            flush=True,
        )
    _exercise(kernel, params)
    _READY.add(kind)
    try:
        marker.touch()
    except OSError:  # an unwritable cache: numba compiles again next time
        pass

