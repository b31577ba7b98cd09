"""Argument checks of the bots' options: typed errors, named bounds.

A count or a budget is exactly an ``int`` (a ``bool`` is refused: ``games=True`` is a
mistake, not one game) inside documented bounds; a real number is an ``int`` or a
``float`` that is finite. Wrong types raise
:class:`~tricktaking.errors.ArgumentTypeError`, values out of bounds
:class:`~tricktaking.errors.ArgumentError`, before any work starts. (Runs of many
games keep the same checks in ``tricktaking._arguments``: the layers share no private
module.)
"""

from __future__ import annotations

import math

from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr

__all__ = [
    "MAX_COUNT",
    "MAX_SECONDS",
    "callable_argument",
    "count_argument",
    "real_argument",
    "search_budget",
    "seed_argument",
    "tree_options",
]

MAX_COUNT = 10**9
"""The most iterations a search may spend on one decision, or a ``suggest`` budget."""

MAX_SECONDS = 86_400.0
"""The longest CPU budget, in seconds, a search may spend on one decision (a day)."""


def count_argument(name: str, value: object, *, low: int = 1, high: int = MAX_COUNT) -> int:
    """``value`` if it is an ``int`` from ``low`` to ``high``, else a typed error."""
    if type(value) is not int:
        raise ArgumentTypeError(
            f"{name} must be an int (not a bool or a float), not {safe_repr(value)}"
        )
    if not low <= value <= high:
        raise ArgumentError(f"{name} must be {low} to {high:,}, not {safe_repr(value)}")
    return value


def seed_argument(name: str, value: object) -> int:
    """``value`` if it is an ``int`` (any size, negative included), else a typed error."""
    if type(value) is not int:
        raise ArgumentTypeError(f"{name} must be an int, not {safe_repr(value)}")
    return value


def real_argument(
    name: str, value: object, *, low: float, high: float = math.inf, low_open: bool = False
) -> float:
    """``value`` if it is a finite ``int`` or ``float`` in bounds, else a typed error.

    The bounds are inclusive, except ``low`` when ``low_open`` (``seconds`` must be
    above zero).
    """
    if type(value) not in (int, float):
        raise ArgumentTypeError(f"{name} must be a number, not {safe_repr(value)}")
    try:
        number = float(value)  # type: ignore[arg-type]  # checked just above
    except OverflowError:  # an int too big for a float is out of every bound
        number = math.inf
    too_low = number <= low if low_open else number < low
    if not math.isfinite(number) or too_low or number > high:
        if math.isinf(low):
            kind = "a finite number"
        elif low_open:
            kind = "a positive finite number" if low == 0 else f"a finite number above {low:g}"
        else:
            kind = f"a finite number of at least {low:g}"
        upper = "" if math.isinf(high) else f" (at most {high:g})"
        raise ArgumentError(f"{name} must be {kind}{upper}, not {safe_repr(value)}")
    return number


def callable_argument(name: str, value: object) -> None:
    """Refuse a ``value`` that should be a function (or ``None``) but cannot be called."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name} must be a function or None, not {safe_repr(value)}")


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
