"""Fast keyword constructors for the frozen classes built on the hot path.

``apply`` builds a new trick, round and state for every card played. The
attrs-generated ``__init__`` of a frozen class sets each field through
``object.__setattr__`` and takes keyword arguments, and calling a slot's ``__set__``
directly is hardly cheaper: each costs a C call per field.

The constructors made here instead fill a *builder*: a subclass with the same slots
whose attribute assignment is the plain, generic one, so CPython stores each field with
its specialised slot store. The filled object then becomes an instance of the frozen
class itself by ``__class__`` assignment, which CPython allows between heap types of
the same layout. The result is an ordinary, frozen instance of the class (``type(x) is
cls``), built about three times faster. The constructors skip validators and
converters, so they are only for values the engine has already validated (or, for a
deal, built from a deck).
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["DERIVED", "builder", "constructor", "replacer", "short_cut_eq", "slot_setter"]

_T = TypeVar("_T")


def builder(cls: type[_T]) -> type[_T]:
    """A subclass of ``cls`` with its layout whose instances accept attribute assignment.

    Assigning ``__class__ = cls`` to a filled builder instance makes it a frozen ``cls``.
    ``__setattr__`` and ``__delattr__`` must both be ``object``'s for CPython to use its
    generic (and specialisable) attribute store for the subclass.
    """
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__qualname__": f"{cls.__qualname__}._Builder",
    }
    return cast("type[_T]", type(f"{cls.__name__}Builder", (cls,), namespace))


DERIVED = "derived"
"""Metadata key marking a field computed from the others: constructors reset it to None."""

_CACHED_HASH = "_attrs_cached_hash"  # the slot attrs adds for ``cache_hash=True``


def _generate(
    cls: type[_T], kind: str, order: tuple[str, ...] = (), keywords: tuple[str, ...] | None = None
) -> Callable[..., _T]:
    """Generate ``make(...)`` (kind ``"make"``) or ``replace(obj, ...)``.

    ``make`` takes every field by keyword, unless ``order`` names every field in the
    order of its positional parameters. ``replace`` takes the fields of ``order``
    positionally and those of ``keywords`` by keyword, and replaces exactly these; with
    neither (``keywords`` ``None``) it takes any field by keyword. Either way every value
    is matched to a field by name, so a reordering of the attrs fields can never assign a
    value to the wrong one. The source is registered with :mod:`linecache`, so
    tracebacks through these functions show their lines.
    """
    fields = attrs.fields(cast("Any", cls))
    # memo fields (not in __init__) and fields derived from the others are reset
    derived = [field.name for field in fields if field.init and field.metadata.get(DERIVED)]
    names = [field.name for field in fields if field.init and field.name not in derived]
    memos = derived + [field.name for field in fields if not field.init]
    if _CACHED_HASH in getattr(cls, "__slots__", ()):
        memos.append(_CACHED_HASH)
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "_cls": cls,
        "_builder": builder(cls),
        "_keep": object(),
    }
    given = (*order, *(keywords or ()))
    unknown = set(given) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    if len(set(given)) != len(given):
        raise TypeError(f"{cls.__name__}: a field is named twice")
    if kind == "make":
        if order and sorted(order) != sorted(names):
            raise TypeError(f"{cls.__name__}: the order must name each field once")
        lines = [f"def make({', '.join(order) if order else '*, ' + ', '.join(names)}):"]
        values = names
    elif given or keywords is not None:  # exactly these fields: the cheapest copy
        parameters = ["obj", *order, *(["*", *keywords] if keywords else [])]
        lines = [f"def replace({', '.join(parameters)}):"]
        values = [name if name in given else f"obj.{name}" for name in names]
    else:  # any field, by keyword
        lines = [f"def replace(obj, *, {', '.join(f'{n}=_keep' for n in names)}):"]
        values = [f"obj.{name} if {name} is _keep else {name}" for name in names]
    lines.append("    new = _new(_builder)")
    lines.extend(f"    new.{name} = {value}" for name, value in zip(names, values, strict=True))
    lines.extend(f"    new.{name} = None" for name in memos)
    lines.append("    new.__class__ = _cls")
    lines.append("    return new")
    source = "\n".join(lines) + "\n"
    filename = f"<tricktaking._fast {kind} {cls.__module__}.{cls.__qualname__} {given}>"
    exec(compile(source, filename, "exec"), namespace)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    function: Callable[..., _T] = namespace[kind]
    function.__qualname__ = f"{cls.__qualname__}._{kind}"
    return function


def constructor(cls: type[_T], *order: str) -> Callable[..., _T]:
    """A function ``make(**fields)`` building ``cls`` from all its fields, by keyword.

    With ``order`` (every field's name, once), ``make(*values)`` takes the values in that
    order instead: positional arguments cost less than keywords on the hot path (a view
    is built for every bot decision), and each is still matched to its field by name.
    Memo fields (``init=False``) and a cached hash are set to ``None``.

    Raises:
        TypeError: If ``order`` is given and does not name each field exactly once.
    """
    return _generate(cls, "make", order)


def replacer(cls: type[_T], *changed: str, positional: bool = False) -> Callable[..., _T]:
    """A function ``replace(obj, **changes)``: ``attrs.evolve`` without its overhead.

    Without field names, ``replace`` takes any fields by keyword. With field names, it
    replaces exactly those, each a required keyword argument
    (``replacer(State, "phase", "bids")(state, phase=..., bids=...)``): about as cheap
    as positional arguments, where any field by keyword tests every field. With
    ``positional=True`` it takes their values positionally, in that order: the per-card
    path's copies (see :func:`~tricktaking._flat_round.play_card`), the only place
    where that last saving pays for the order the caller must keep.
    Like :func:`constructor` it skips validators and converters, and it resets memo
    fields (``init=False``) and a cached hash to ``None``.

    Raises:
        TypeError: If a name is not a field of ``cls``, or is given twice.
    """
    if positional:
        return _generate(cls, "replace", changed)
    return _generate(cls, "replace", (), changed if changed else None)


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot ``name`` of ``cls``: sets it even on a frozen instance."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter


def short_cut_eq(cls: type[_T]) -> type[_T]:
    """Make ``==`` of an attrs class with ``cache_hash=True`` short-cut.

    Two states are equal at once when they are the same object, and unequal at once
    when both hashes are known and differ; only then are the fields compared (attrs'
    own ``__eq__``). States are values whose histories can be long, so this makes
    comparing states in a transposition table O(1) once they are hashed.
    """
    by_fields: Callable[[object, object], bool] = vars(cls)["__eq__"]  # attrs' own

    def __eq__(self: object, other: object) -> bool:  # noqa: N807
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        mine = getattr(self, _CACHED_HASH)
        theirs = getattr(other, _CACHED_HASH)
        if mine is not None and theirs is not None and mine != theirs:
            return False
        return by_fields(self, other)

    __eq__.__qualname__ = f"{cls.__qualname__}.__eq__"
    setattr(cls, "__eq__", __eq__)  # noqa: B010  (a method replaced on the class)
    return cls
