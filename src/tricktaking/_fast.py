"""Fast positional constructors for the frozen classes built on the hot path.

``apply`` builds a new trick, round and state for every card played. The
attrs-generated ``__init__`` of a frozen class sets each field through
``object.__setattr__`` and takes keyword arguments; the constructors made here set the
slots through their member descriptors and take positional arguments, about twice as
fast. They skip validators and converters, so they are only for values the engine has
already validated (or, for a deal, built from a deck); the result is an ordinary
instance of the class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["constructor", "replacer", "slot_setter"]

_T = TypeVar("_T")


def _generate(cls: type[_T], kind: str) -> Callable[..., _T]:
    """Generate ``make(*values)`` (kind ``"make"``) or ``replace(obj, **changes)``."""
    fields = attrs.fields(cast("Any", cls))
    names = [field.name for field in fields if field.init]
    memos = [field.name for field in fields if not field.init]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_keep": object()}
    if kind == "make":
        lines = [f"def make({', '.join(names)}):"]
        values = names
    else:
        lines = [f"def replace(obj, *, {', '.join(f'{n}=_keep' for n in names)}):"]
        values = [f"obj.{name} if {name} is _keep else {name}" for name in names]
    lines.append("    new = _new(_cls)")
    for index, (name, value) in enumerate(zip(names, values, strict=True)):
        namespace[f"_set{index}"] = slot_setter(cls, name)
        lines.append(f"    _set{index}(new, {value})")
    for index, name in enumerate(memos):
        namespace[f"_memo{index}"] = slot_setter(cls, name)
        lines.append(f"    _memo{index}(new, None)")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    function: Callable[..., _T] = namespace[kind]
    function.__qualname__ = f"{cls.__qualname__}._{kind}"
    return function


def constructor(cls: type[_T]) -> Callable[..., _T]:
    """A function ``make(*values)`` building ``cls`` from its fields, in field order.

    Memo fields (``init=False``) are set to ``None``.
    """
    return _generate(cls, "make")


def replacer(cls: type[_T]) -> Callable[..., _T]:
    """A function ``replace(obj, **changes)``: ``attrs.evolve`` without its overhead.

    Like :func:`constructor` it skips validators and converters, and it resets memo
    fields (``init=False``) to ``None``.
    """
    return _generate(cls, "replace")


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot ``name`` of ``cls``: sets it even on a frozen instance."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter
