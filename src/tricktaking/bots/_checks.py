"""Argument checks of the bots' options: typed errors, named bounds.

A count or a budget is exactly an ``int`` (a ``bool`` is refused: ``games=True`` is a
mistake, not one game) inside documented bounds; a real number is an ``int`` or a
``float`` that is finite. Wrong types raise
:class:`~tricktaking.errors.ArgumentTypeError`, values out of bounds
:class:`~tricktaking.errors.ArgumentError`, before any work starts. The shared checks
are :mod:`tricktaking.arguments`.
"""

from __future__ import annotations

import math

from tricktaking.arguments import callable_argument, count_argument, real_argument, seed_argument
from tricktaking.errors import ArgumentError, safe_repr

__all__ = ["MAX_SECONDS", "search_budget", "tree_options"]

MAX_SECONDS = 86_400.0
"""The longest CPU budget, in seconds, a search may spend on one decision (a day)."""


def search_budget(
    seed: object, iterations: object, seconds: object, playout: object, win_value: object
) -> None:
    """Refuse search bot options of the wrong type or out of bounds (see ``PimcBot``)."""
    seed_argument("seed", seed)
    if iterations is None and seconds is None:
        raise ArgumentError("a search needs a budget: iterations, seconds or both")
    if iterations is not None:
        count_argument("iterations", iterations)
    if seconds is not None:
        real_argument("seconds", seconds, low=0.0, high=MAX_SECONDS, low_open=True)
    callable_argument("playout", playout)
    real_argument("win_value", win_value, low=-math.inf)


def tree_options(exploration: object, opponents: object, bias: object) -> None:
    """Refuse ``IsmctsBot``'s own options of the wrong type or out of bounds."""
    real_argument("exploration", exploration, low=0.0)
    if opponents not in ("policy", "ucb"):
        raise ArgumentError(f"opponents must be 'policy' or 'ucb', not {safe_repr(opponents)}")
    real_argument("bias", bias, low=0.0)
