"""The arrays of a batch and the compiled loops over them, for one game's kernel.

:class:`Rows` owns what the loops of :mod:`tricktaking.batch._drivers` read and write:
the rows (``ints``, ``cards``), their random streams, the record of each row's game,
and the scratch a loop needs (a deck, error codes, flags), so that nothing is allocated
inside a kernel. It grows the record when a loop reports it full, and compiles (or
loads from the cache) every loop for the kernel's parameter class the first time a
process uses it, saying so once on standard error when it compiles.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Final, cast

import numpy as np
import numpy.typing as npt

import tricktaking.batch._drivers as drivers
from tricktaking.batch._registry import load_kernels
from tricktaking.batch._sampling import Worlds
from tricktaking.kernel_kit import (
    SCORES,
    Bools,
    Floats,
    Int64s,
    Kernel,
    Params,
    cache_directory,
    jit_disabled,
    prepare,
    seeded_rows,
)

__all__ = ["Rows", "ensure_compiled"]

Int16s = npt.NDArray[np.int16]

_FIRST_ACTIONS: Final = 64  # room for each row's actions before the record grows
_FIRST_DECKS: Final = 4  # room for each row's decks
_READY: set[type] = set()  # the parameter classes compiled in this process


def _quiet() -> contextlib.AbstractContextManager[object]:
    """Without the JIT the kernels run on NumPy words, which overflow on purpose."""
    return np.errstate(over="ignore") if jit_disabled() else contextlib.nullcontext()


class Rows:
    """``size`` rows of one kernel, with their streams, record and scratch.

    Args:
        kernel: The game's kernel.
        params: Its parameters for the batch's config.
        size: The number of rows.
        key: The 64-bit key of the rows' random streams.
        record: Whether to keep each row's actions and decks (for ``state_of``).
    """

    def __init__(
        self, kernel: Kernel[object], params: Params, size: int, key: int, *, record: bool
    ):
        self.kernel = kernel
        self.params = params
        self.size = size
        self.ints, self.cards = kernel.rows(size)
        self.rng = seeded_rows(key, size)
        self.deck = np.zeros(params.deck_size + 2, np.int64)
        self.errors = np.zeros(size, np.int8)
        self.finished = np.zeros(size, np.bool_)
        self.final = np.zeros((size, params.players), np.int32)
        self.everywhere = np.ones(size, np.bool_)
        self.nowhere = np.zeros(size, np.bool_)
        self.waiting = np.zeros(size, np.bool_)
        self._never = np.full(size, -1, np.int64)
        self._no_steps = np.zeros(size, np.int64)
        self._no_actions = np.zeros(size, np.int64)
        self._policies: dict[int, npt.NDArray[np.int8]] = {}
        self.recording = bool(record)
        # the record: each row's actions, decks and their counts (none kept without it)
        room = (_FIRST_ACTIONS, _FIRST_DECKS) if record else (1, 1)
        self.log = np.zeros((size if record else 1, room[0]), np.int16)
        self.decks = np.zeros((size if record else 1, room[1], params.deck_size + 2), np.int16)
        self.counts = np.zeros((size, 2), np.int32)

    # -- the header ----------------------------------------------------------------------

    def column(self, column: int) -> npt.NDArray[np.int32]:
        """A header column of every row (a view)."""
        view: npt.NDArray[np.int32] = self.ints[:, column]
        return view

    def scores(self) -> npt.NDArray[np.int32]:
        """``(size, players)``: the scores columns (a view)."""
        view: npt.NDArray[np.int32] = self.ints[:, SCORES : SCORES + self.params.players]
        return view

    def _changing(self) -> tuple[npt.NDArray[np.generic], ...]:
        """Every array a step can change."""
        return (
            self.ints,
            self.cards,
            self.rng,
            self.errors,
            self.finished,
            self.final,
            self.waiting,
            self.counts,
            self.log,
            self.decks,
        )

    def saved(self) -> tuple[npt.NDArray[np.generic], ...]:
        """A copy of everything a step can change, for :meth:`restore`."""
        return tuple(part.copy() for part in self._changing())

    def restore(self, saved: tuple[npt.NDArray[np.generic], ...]) -> None:
        """Put back the rows as :meth:`saved` found them.

        In place, so that views of the rows stay valid; the record, which may have grown
        since, is put back whole.
        """
        *rows, log, decks = saved
        for part, copy in zip(self._changing()[:-2], rows, strict=True):
            np.copyto(part, copy)
        self.log, self.decks = cast("Int16s", log), cast("Int16s", decks)

    # -- the loops -----------------------------------------------------------------------

    def grow(self) -> None:
        """Double the record's room for actions, for decks, or both: whichever is full.

        A deal keeps a deck and dozens of actions, so the two fill at their own pace.
        """
        used = self.counts.max(axis=0)
        if used[0] >= self.log.shape[1]:
            self.log = _doubled(self.log)
        if used[1] >= self.decks.shape[1]:
            self.decks = _doubled(self.decks)

    def reset(self, where: Bools) -> None:
        """New games, dealt, in the rows where ``where`` is true."""
        with _quiet():
            drivers.reset(
                self.params,
                self.ints,
                self.cards,
                self.rng,
                where,
                self.deck,
                self.recording,
                self.decks,
                self.counts,
            )

    def deal_due(self) -> None:
        """Deal every row whose next event is a deal."""
        with _quiet():
            drivers.deal_due(
                self.params,
                self.ints,
                self.cards,
                self.rng,
                self.deck,
                self.recording,
                self.decks,
                self.counts,
            )

    def legal_masks(self, out: Bools) -> None:
        """Each acting row's legal actions into ``out``."""
        with _quiet():
            drivers.legal_masks(self.params, self.ints, self.cards, out)

    def policies(self, policy: int) -> npt.NDArray[np.int8]:
        """``(size, players)``: every seat of every row playing ``policy`` (kept for reuse)."""
        known = self._policies.get(policy)
        if known is None:
            known = self._policies[policy] = np.full(
                (self.size, self.params.players), policy, np.int8
            )
        return known

    def choose(self, policy: int, out: Int64s) -> None:
        """Each acting row's action by ``policy`` into ``out`` (0 where over); nothing changes."""
        self._run(drivers.CHOOSE, out, self.nowhere, self._no_steps, self.policies(policy))

    def step(self, actions: Int64s, where: Bools, auto_reset: bool) -> int:
        """Check and apply each row's action where ``where``; the number of rows with a problem."""
        while True:
            problems = self._run(
                drivers.STEP,
                actions,
                where,
                self._no_steps,
                self.policies(drivers.RANDOM),
                auto_reset=auto_reset,
            )
            if not problems or not self.recording or not (self.errors == drivers.FULL).any():
                return problems
            self.grow()

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
        while True:
            full = self._run(
                drivers.STEP,
                self._no_actions,
                self.nowhere,
                left,
                policies,
                learner=learner,
                last_deal=last_deal,
                auto_reset=auto_reset,
            )
            ended |= self.finished
            if not full:
                return ended, self.waiting.copy()
            self.grow()

    def _run(
        self,
        mode: int,
        actions: Int64s,
        where: Bools,
        left: Int64s,
        policies: npt.NDArray[np.int8],
        *,
        learner: Int64s | None = None,
        last_deal: Int64s | None = None,
        auto_reset: bool = False,
        deal_due: bool = True,
    ) -> int:
        with _quiet():
            return int(
                drivers.run(
                    self.params,
                    self.ints,
                    self.cards,
                    self.rng,
                    mode,
                    actions,
                    where,
                    self.errors,
                    left,
                    policies,
                    self._never if learner is None else learner,
                    self._never if last_deal is None else last_deal,
                    self.waiting,
                    self.deck,
                    self.recording,
                    self.log,
                    self.decks,
                    self.counts,
                    auto_reset,
                    deal_due,
                    self.final,
                    self.finished,
                )
            )

    def observe(self, where: Bools, seats: Int64s, offsets: Int64s, out: Floats) -> None:
        """Each row's observation for its seat into ``out``, in the rows ``where`` is true."""
        with _quiet():
            drivers.observe(self.params, self.ints, self.cards, where, seats, offsets, out)

    def sample_worlds(self, worlds: Worlds, assigned: npt.NDArray[np.int16], copies: int) -> None:
        """Rows of worlds of one view drawn from row 0's, each world in ``copies`` rows."""
        with _quiet():
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
                worlds.held,
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
        """Rows with ``which[r] >= 0`` from their start, then their program, in step.

        ``starts[p]`` is program ``p``'s start (the deals before it, the last dealer, the
        totals). A program's entry ``e >= 0`` is an action index, ``e < 0`` deals
        ``decks[-1 - e]``. The result is each row's first refused entry (``-1``: none,
        and for rows not loaded): the k-th entries of every row are taken together.
        """
        with _quiet():
            drivers.start(self.params, self.ints, self.cards, which, starts)
        kept, self.recording = self.recording, False  # what is loaded is not recorded
        try:
            return self._replay(which, programs, lengths, decks)
        finally:
            self.recording = kept

    def _replay(self, which: Int64s, programs: Int64s, lengths: Int64s, decks: Int64s) -> Int64s:
        failed = np.full(self.size, -1, np.int64)
        loaded = np.flatnonzero(which >= 0)
        refused = np.zeros(self.size, np.bool_)
        actions = np.zeros(self.size, np.int64)
        for k in range(int(lengths[which[loaded]].max(initial=0))):
            going = loaded[(lengths[which[loaded]] > k) & (failed[loaded] < 0)]
            entries = programs[which[going], k]
            dealing = np.full(self.size, -1, np.int64)
            dealing[going[entries < 0]] = -1 - entries[entries < 0]
            with _quiet():
                drivers.deal_given(self.params, self.ints, self.cards, dealing, decks, refused)
            failed[refused] = k
            acting = np.zeros(self.size, np.bool_)
            acting[going[entries >= 0]] = True
            acting &= failed < 0
            if acting.any():
                actions[acting] = programs[which[acting], k]
                random = self.policies(drivers.RANDOM)  # unused: no step by policy
                if self._run(drivers.STEP, actions, acting, self._no_steps, random, deal_due=False):
                    failed[acting & (self.errors != 0)] = k
        return failed


def _doubled(record: Int16s) -> Int16s:
    """``record`` with twice the room along its second axis, zeros after what it holds."""
    shape = (record.shape[0], 2 * record.shape[1], *record.shape[2:])
    grown = np.zeros(shape, record.dtype)
    grown[:, : record.shape[1]] = record
    return grown


def _exercise(kernel: Kernel[object], params: Params) -> None:
    """Call every loop once on one row: numba compiles them (or loads them) for ``params``."""
    rows = Rows(kernel, params, 1, key=0, record=True)
    rows.reset(rows.everywhere)
    mask = np.zeros((1, params.action_size), np.bool_)
    rows.legal_masks(mask)
    actions = np.zeros(1, np.int64)
    rows.choose(drivers.HEURISTIC, actions)
    rows.step(actions, rows.everywhere, auto_reset=True)
    none = np.full(1, -1, np.int64)
    rows.play(np.ones(1, np.int64), rows.policies(drivers.HEURISTIC), none, none, auto_reset=True)
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
    zero = np.zeros(1, np.int64)
    nothing = drivers.Posterior(
        first=zero,
        options=np.ones(1, np.int64),
        totals=np.ones((1, 4), np.uint64),
        bounds=np.ones((1, 4), np.uint64),
        next_step=none,
        add_first=zero,
        add_size=zero,
        add_class=zero,
        add_zone=zero,
        add_count=zero,
        class_first=zero,
        class_size=zero,
        numbers=zero,
        zone_code=np.zeros(0, np.int64),
        zone_first=np.zeros(0, np.int64),
    )
    with _quiet():
        drivers.sample_worlds(
            params,
            rows.ints,
            rows.cards,
            rows.rng,
            0,
            1,
            nothing,
            np.zeros((1, 1), np.int64),
            zero,
            np.zeros(1, np.uint64),
            zero,
            np.zeros(4, np.uint64),
            np.zeros((1, 1), np.int16),
        )


def ensure_compiled(kernel: Kernel[object], params: Params) -> None:
    """Make every loop ready for ``params``'s class, compiling at most once per process.

    Compiled loops are cached on disk (:func:`~tricktaking.kernel_kit.prepare`); the
    first compilation for a kernel says so on standard error.
    """
    kind = type(params)
    if jit_disabled():  # plain Python: nothing to compile
        return
    load_kernels()
    changed = prepare()
    if kind in _READY and not changed:
        return
    directory = cache_directory()
    marker = directory / f"{kind.__module__}.{kind.__qualname__}.ready"
    if not marker.exists():
        later = (
            "once (later runs load it)"
            if os.access(directory, os.W_OK)
            else f"in every run: {directory} cannot be written (see NUMBA_CACHE_DIR)"
        )
        print(  # noqa: T201 (said once, on standard error, before a compilation of seconds)
            f"tricktaking: compiling the {kernel.title} kernel, {later}...",
            file=sys.stderr,
            flush=True,
        )
    _exercise(kernel, params)
    _READY.add(kind)
    with contextlib.suppress(OSError):  # an unwritable cache: numba compiles again next time
        marker.touch()
