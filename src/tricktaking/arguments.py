"""Checks of the arguments callers pass: typed errors, named bounds, before any work starts.

A count is exactly an ``int`` (a ``bool`` is refused: ``games=True`` is a mistake, not one
game) inside documented bounds; a real number is an ``int`` or a ``float`` that is finite.
Wrong types raise :class:`~tricktaking.errors.ArgumentTypeError`, values out of bounds
:class:`~tricktaking.errors.ArgumentError`. Simulations, arenas and bots use them, and so
may the code of a new game's plug-ins or of a frontend.

Example:
    >>> from tricktaking.arguments import count_argument
    >>> count_argument("games", 10)
    10
    >>> count_argument("games", True)
    Traceback (most recent call last):
    ...
    tricktaking.errors.ArgumentTypeError: games must be an int (not a bool or a float), not True
"""

from __future__ import annotations

import math
from typing import TypeGuard

from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr

__all__ = [
    "MAX_COUNT",
    "callable_argument",
    "count_argument",
    "is_exact_int",
    "real_argument",
    "seed_argument",
]

MAX_COUNT = 10**9
"""The most games, deals or search iterations one call may ask for (a billion).

Far beyond any run that finishes (a billion games of the fastest game take days on one
core), small enough that a mistyped count is refused at once instead of running forever.
"""


def is_exact_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` itself: not a ``bool``, not a subclass of ``int``.

    The one test of an exact int, wherever a value from outside must be one: an action's
    seat, a configuration's option, a count. A ``bool`` is an ``int`` that a record
    cannot hold, and a subclass may compare equal to anything.

    Example:
        >>> from tricktaking.arguments import is_exact_int
        >>> is_exact_int(3), is_exact_int(True), is_exact_int(3.0)
        (True, False, False)
    """
    return type(value) is int


def count_argument(name: str, value: object, *, low: int = 1, high: int = MAX_COUNT) -> int:
    """``value`` if it is an ``int`` from ``low`` to ``high``, else a typed error.

    Raises:
        ArgumentTypeError: If ``value`` is not exactly an ``int``.
        ArgumentError: If it is out of bounds.

    Example:
        >>> from tricktaking.arguments import count_argument
        >>> count_argument("deals", 0, low=1)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: deals must be 1 to 1,000,000,000, not 0
    """
    if not is_exact_int(value):
        raise ArgumentTypeError(
            f"{name} must be an int (not a bool or a float), not {safe_repr(value)}"
        )
    if not low <= value <= high:
        raise ArgumentError(f"{name} must be {low} to {high:,}, not {safe_repr(value)}")
    return value


def seed_argument(name: str, value: object) -> int:
    """``value`` if it is an ``int`` (any size, negative included), else a typed error.

    Raises:
        ArgumentTypeError: If ``value`` is not exactly an ``int``.

    Example:
        >>> from tricktaking.arguments import seed_argument
        >>> seed_argument("seed", -(10**30)) < 0
        True
    """
    if not is_exact_int(value):
        raise ArgumentTypeError(f"{name} must be an int, not {safe_repr(value)}")
    return value


def real_argument(
    name: str, value: object, *, low: float, high: float = math.inf, low_open: bool = False
) -> float:
    """``value`` if it is a finite ``int`` or ``float`` in bounds, else a typed error.

    The bounds are inclusive, except ``low`` when ``low_open`` (``seconds`` must be
    above zero).

    Raises:
        ArgumentTypeError: If ``value`` is neither an ``int`` nor a ``float``.
        ArgumentError: If it is not finite or out of bounds.

    Example:
        >>> from tricktaking.arguments import real_argument
        >>> real_argument("seconds", 0.5, low=0.0, low_open=True)
        0.5
        >>> real_argument("seconds", float("nan"), low=0.0)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: seconds must be a finite number of at least 0, not nan
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
    """Refuse a ``value`` that should be a function (or ``None``) but cannot be called.

    Raises:
        ArgumentTypeError: If ``value`` is neither ``None`` nor callable.

    Example:
        >>> from tricktaking.arguments import callable_argument
        >>> callable_argument("progress", print) is None
        True
    """
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name} must be a function or None, not {safe_repr(value)}")
