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

__all__ = ["constructor", "slot_setter"]

_T = TypeVar("_T")


def constructor(cls: type[_T]) -> Callable[..., _T]:
    """A function ``make(*values)`` building ``cls`` from its fields, in field order."""
    fields = attrs.fields(cast("Any", cls))
    names = [field.name for field in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def make({', '.join(names)}):", "    obj = _new(_cls)"]
    for index, name in enumerate(names):
        namespace[f"_set{index}"] = slot_setter(cls, name)
        lines.append(f"    _set{index}(obj, {name})")
    lines.append("    return obj")
    exec("\n".join(lines), namespace)
    make: Callable[..., _T] = namespace["make"]
    make.__qualname__ = f"{cls.__qualname__}._make"
    return make


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot ``name`` of ``cls``: sets it even on a frozen instance."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter
