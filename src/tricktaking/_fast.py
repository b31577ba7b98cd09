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


def constructor(cls: type[_T]) -> Callable[..., _T]:
    """A function ``make(*values)`` building ``cls`` from its fields, in field order."""
    fields = attrs.fields(cast("Any", cls))
    names = [field.name for field in fields if field.init]
    memos = [field.name for field in fields if not field.init]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def make({', '.join(names)}):", "    obj = _new(_cls)"]
    for index, name in enumerate(names):
        namespace[f"_set{index}"] = slot_setter(cls, name)
        lines.append(f"    _set{index}(obj, {name})")
    for index, name in enumerate(memos):
        namespace[f"_memo{index}"] = slot_setter(cls, name)
        lines.append(f"    _memo{index}(obj, None)")
    lines.append("    return obj")
    exec("\n".join(lines), namespace)
    make: Callable[..., _T] = namespace["make"]
    make.__qualname__ = f"{cls.__qualname__}._make"
    return make


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot ``name`` of ``cls``: sets it even on a frozen instance."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter


def replacer(cls: type[_T]) -> Callable[..., _T]:
    """A function ``replace(obj, **changes)``: ``attrs.evolve`` without its overhead.

    Like :func:`constructor` it skips validators and converters, and it resets memo
    fields (``init=False``) to ``None``.
    """
    fields = attrs.fields(cast("Any", cls))
    names = [field.name for field in fields if field.init]
    memos = [field.name for field in fields if not field.init]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_keep": object()}
    keywords = ", ".join(f"{name}=_keep" for name in names)
    lines = [f"def replace(obj, *, {keywords}):", "    new = _new(_cls)"]
    for index, name in enumerate(names):
        namespace[f"_set{index}"] = slot_setter(cls, name)
        lines.append(f"    _set{index}(new, obj.{name} if {name} is _keep else {name})")
    for index, name in enumerate(memos):
        namespace[f"_memo{index}"] = slot_setter(cls, name)
        lines.append(f"    _memo{index}(new, None)")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    replace: Callable[..., _T] = namespace["replace"]
    replace.__qualname__ = f"{cls.__qualname__}._replace"
    return replace
