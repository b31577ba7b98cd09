"""An immutable sequence that grows by one item in constant time.

Game states keep every applied action in a :class:`History`. Rebuilding a tuple on every
action would cost O(n) per action and O(n²) per game; a history shares all earlier
actions with its predecessor, so :meth:`History.append` is O(1).

Example:
    >>> history = History().append("a").append("b")
    >>> len(history), list(history), history[-1]
    (2, ['a', 'b'], 'b')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar, overload

from tricktaking._fast import builder

__all__ = ["History"]

_T_co = TypeVar("_T_co", covariant=True)


class History(Sequence[_T_co], Generic[_T_co]):
    """A persistent, immutable list: equal by content, hashable, O(1) ``append``.

    Indexing and iteration build a tuple of the items once per history object and reuse
    it; ``len``, ``append`` and ``last`` never walk the list.

    Example:
        >>> History(("x", "y")) == History().append("x").append("y")
        True
        >>> History(("x",)).last
        'x'
    """

    __slots__ = ("_items", "_last", "_length", "_previous")

    _previous: History[_T_co] | None
    _last: _T_co | None
    _length: int
    _items: tuple[_T_co, ...] | None

    def __init__(self, items: Sequence[_T_co] = ()) -> None:
        previous: History[_T_co] | None = None
        last: _T_co | None = None
        for index, item in enumerate(items):
            if index:
                previous = History._node(previous, last, index)
            last = item
        self._set(previous, last, len(items), tuple(items) if items else ())

    @staticmethod
    def _node(previous: History[_T_co] | None, last: _T_co | None, length: int) -> History[_T_co]:
        node: History[_T_co] = _new(_Builder)
        node._previous = previous
        node._last = last
        node._length = length
        node._items = None
        node.__class__ = History
        return node

    def _set(
        self,
        previous: History[_T_co] | None,
        last: _T_co | None,
        length: int,
        items: tuple[_T_co, ...] | None,
    ) -> None:
        object.__setattr__(self, "_previous", previous)
        object.__setattr__(self, "_last", last)
        object.__setattr__(self, "_length", length)
        object.__setattr__(self, "_items", items)

    def append(self, item: _T_co) -> History[_T_co]:  # type: ignore[misc]
        """A new history with ``item`` added at the end; this one is unchanged.

        Example:
            >>> History().append(1).append(2).to_tuple()
            (1, 2)
        """
        node: History[_T_co] = _new(_Builder)
        node._previous = self if self._length else None
        node._last = item
        node._length = self._length + 1
        node._items = None
        node.__class__ = History
        return node

    @property
    def last(self) -> _T_co:
        """The most recent item.

        Raises:
            IndexError: If the history is empty.
        """
        if not self._length:
            raise IndexError("the history is empty")
        return self._last  # type: ignore[return-value]

    def to_tuple(self) -> tuple[_T_co, ...]:
        """All items, oldest first, as a tuple (cached on this history).

        Example:
            >>> History(["a"]).to_tuple()
            ('a',)
        """
        items = self._items
        if items is None:
            reversed_items: list[_T_co] = []
            node: History[_T_co] | None = self
            while node is not None and node._length:
                if node._items is not None:
                    reversed_items.extend(reversed(node._items))
                    break
                reversed_items.append(node._last)  # type: ignore[arg-type]
                node = node._previous
            items = tuple(reversed(reversed_items))
            object.__setattr__(self, "_items", items)
        return items

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[_T_co]:
        return iter(self.to_tuple())

    @overload
    def __getitem__(self, index: int) -> _T_co: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_T_co, ...]: ...

    def __getitem__(self, index: int | slice) -> _T_co | tuple[_T_co, ...]:
        if index == -1 and self._length:
            return self._last  # type: ignore[return-value]
        return self.to_tuple()[index]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        return self._length == other._length and self.to_tuple() == other.to_tuple()

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"History is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"History is immutable; cannot delete {name!r}")

    def __repr__(self) -> str:
        return f"History({list(self.to_tuple())!r})"

    def __reduce__(self) -> tuple[type[History[_T_co]], tuple[tuple[_T_co, ...]]]:
        return (History, (self.to_tuple(),))


# Appending is on the engine's hot path: fill a builder of the same layout (see _fast).
_new = object.__new__
_Builder = builder(History)
