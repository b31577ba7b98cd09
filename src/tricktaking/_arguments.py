"""Argument checks of the runs of many games (simulations, arenas): typed errors, bounds.

A count is exactly an ``int`` (a ``bool`` is refused: ``games=True`` is a mistake, not one
game) inside documented bounds. Wrong types raise
:class:`~tricktaking.errors.ArgumentTypeError`, values out of bounds
:class:`~tricktaking.errors.ArgumentError`, before any work starts. (The bots keep the
same checks for their own options in ``tricktaking.bots._checks``: the layers share no
private module.)
"""

from __future__ import annotations

from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr

__all__ = ["MAX_COUNT", "callable_argument", "count_argument", "seed_argument"]

MAX_COUNT = 10**9
"""The most games or deals one run may ask for: a billion.

Far beyond any run that finishes (a billion games of the fastest game take days on one
core), small enough that a mistyped count is refused at once instead of running forever.
"""


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


def callable_argument(name: str, value: object) -> None:
    """Refuse a ``value`` that should be a function (or ``None``) but cannot be called."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name} must be a function or None, not {safe_repr(value)}")
