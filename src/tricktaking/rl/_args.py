"""Checking the arguments callers pass to the learning interfaces, before any is used.

A learning loop or a server may hand these functions anything: a ``bool`` for a seat, an
``int`` too large to print, an unknown name. Each check raises
:class:`~tricktaking.errors.ArgumentTypeError` for the wrong type and
:class:`~tricktaking.errors.ArgumentError` for a value out of range, with a message that
describes the value by :func:`~tricktaking.errors.safe_repr` (so it stays short).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tricktaking.arguments import count_argument, seed_argument
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr

__all__ = ["exact_int", "int_in", "one_of"]

_T = TypeVar("_T", bound=str)


def exact_int(value: object, name: str) -> int:
    """``value`` as a plain ``int``; a ``bool``, a float or anything else is refused."""
    return seed_argument(name, value)  # the same check: any plain int


def int_in(value: object, name: str, allowed: range) -> int:
    """``value`` if it is a plain ``int`` in ``allowed``."""
    return count_argument(name, value, low=allowed.start, high=allowed.stop - 1)


def one_of(value: object, name: str, options: Sequence[_T]) -> _T:
    """``value`` if it is one of the strings ``options``."""
    if type(value) is not str:
        raise ArgumentTypeError(f"{name} must be a str, not {safe_repr(value)}")
    for option in options:
        if value == option:
            return option
    choices = ", ".join(repr(option) for option in options)
    raise ArgumentError(f"{name} must be one of {choices}, not {safe_repr(value)}")
