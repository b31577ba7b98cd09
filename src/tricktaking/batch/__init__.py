"""Batch simulators: thousands of games of one config stepped at once in NumPy.

Needs NumPy: ``pip install 'tricktaking[batch]'``. A :class:`Simulator` owns its
arrays (a struct of arrays, hands as ``uint64`` bitmasks) and is stepped in place with
one ``tricktaking.rl`` action index per game; it is the one mutable part of the
library and never stands where a state is expected. It is exact: :meth:`Simulator.state_of`
replays a row's deals and actions through ``tt.apply``, and the tests step random games
through both side by side.

Each game supplies its batch rules as a plug-in
(:class:`~tricktaking.batch_kit.BatchRules`, defined with the helpers they share in
:mod:`tricktaking.batch_kit`) named by its declaration's ``batch_rules``, and found by
:func:`rules_for`.

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

from tricktaking.extras import MissingExtraError

try:
    import numpy as _numpy
except ImportError as _missing:  # pragma: no cover - depends on the installed extras
    raise MissingExtraError(__name__, "batch") from _missing

from tricktaking.batch._registry import rules_for
from tricktaking.batch._simulator import BatchActionError, Simulator
from tricktaking.batch._verify import differences
from tricktaking.batch_kit import BatchCore, BatchRules

del _numpy

__all__ = [
    "BatchActionError",
    "BatchCore",
    "BatchRules",
    "Simulator",
    "differences",
    "rules_for",
]
