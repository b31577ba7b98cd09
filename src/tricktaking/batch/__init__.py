"""Batch simulators: thousands of games of one config, stepped at once in compiled kernels.

Needs NumPy and numba: ``pip install 'tricktaking[batch]'`` (and the ``rl`` extra for the
action indexes and observation layouts that :meth:`Simulator.state_of`,
:meth:`Simulator.observe` and the environments read). A :class:`Simulator` owns its
arrays (a row per game, hands as ``uint64`` bitmasks) and is stepped in place with one
``tricktaking.rl`` action index per game; it is the one mutable part of the library
and never stands where a state is expected. It is exact: :meth:`Simulator.state_of`
replays a row's deals and actions through ``tt.apply``, and the tests step random games
through both side by side.

Each game's rules run in a compiled kernel (:class:`~tricktaking.kernel_kit.Kernel`),
the plug-in its declaration's ``batch_rules`` names, found by :func:`kernel_for`. The
first use of a kernel in a fresh cache compiles it (a few seconds, said once on
standard error); ``python -m tricktaking.batch compile`` does it ahead.

Example:
    >>> from tricktaking import batch
    >>> import tricktaking as tt
    >>> sim = batch.Simulator(tt.WizardConfig(players=4), size=256, seed=0)
    >>> mask = sim.legal_mask()
    >>> mask.shape
    (256, 74)
    >>> _ = sim.step(sim.random_actions())
"""

from __future__ import annotations

from tricktaking.extras import MissingExtraError, missing_modules

if missing_modules("numba", "numpy"):
    raise MissingExtraError(__name__, "batch")  # pragma: no cover - depends on the extras

from tricktaking.batch._registry import kernel_for
from tricktaking.batch._simulator import (
    MAX_SIZE,
    BatchActionError,
    ForgedStateError,
    Policy,
    RowError,
    Simulator,
)
from tricktaking.batch._verify import differences

__all__ = [
    "MAX_SIZE",
    "BatchActionError",
    "ForgedStateError",
    "Policy",
    "RowError",
    "Simulator",
    "differences",
    "kernel_for",
]
