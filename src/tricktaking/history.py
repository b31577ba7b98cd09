"""An immutable sequence that grows by one item in constant time and memory.

Game states keep every applied action in a :class:`History`. Rebuilding a tuple on every
action would cost O(n) per action and O(n²) per game; a history shares all earlier
actions with its predecessor, so :meth:`History.append` is O(1) and each history adds
one small node of constant size, however long it is.

The items are kept in chunks of at most 16: a history is one node holding the
items of its last chunk (a tuple) and the node that ends the chunk before. The nodes
within a chunk are not linked to each other, so once no state holds them they are freed,
and a long history keeps one node and one tuple per 16 items rather than a
node per item. This matters beyond memory: CPython's cyclic garbage collector walks
every container object alive in each of its full passes, and a game replayed from a
long record would otherwise hand it a node per action.

States are hashed and compared by value, history included, so a history caches its
hash: the first ``hash`` walks back, node by node within the last chunk and chunk by
chunk before it, only to the nearest history whose hash is known (the previous state's,
when every state is hashed as it is made), and every later ``hash`` is O(1). A full
chunk's node does not link the nodes of its chunk, so when states are hashed only after
all of them are made, its chunk's items are hashed once more: each item at most twice in
all. Equality stops at the first shared node and rejects early on known, different
hashes; it never builds a tuple.

Example:
    >>> from tricktaking.history import History
    >>> history = History().append("a").append("b")
    >>> len(history), list(history), history[-1]
    (2, ['a', 'b'], 'b')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any, Final, Generic, TypeVar, cast, overload

from tricktaking._fast import builder, slot_setter

__all__ = ["History"]

_T_co = TypeVar("_T_co", covariant=True)
_T = TypeVar("_T")

# The most items one node holds: appending copies the last chunk's items (at most this
# many references), and a long history keeps one node and one tuple per this many items.
_CHUNK: Final = 16


class History(Sequence[_T_co], Generic[_T_co]):
    """A persistent, immutable list: equal by content, hashable, O(1) ``append``.

    Each history is one node: the items of its last chunk (at most 16), the
    node ending the chunk before, its length, and its hash once computed. ``len``,
    ``append``, ``last``, ``[-1]`` and a second ``hash`` never walk the list;
    ``to_tuple``, iteration and other indexes walk it once, without keeping what they
    built.

    Example:
        >>> from tricktaking.history import History
        >>> History(("x", "y")) == History().append("x").append("y")
        True
        >>> History(("x",)).last
        'x'
    """

    __slots__ = ("_hash", "_items", "_length", "_parent", "_previous")

    # A node of length n holds the items from position n - len(_items) on (1 to _CHUNK of
    # them; none in the empty history) and, in _previous, the node of length
    # n - len(_items), whose chunk is full (None when that is 0). Chunks start at
    # multiples of _CHUNK, so equal lengths mean aligned chunks. _parent is the node this
    # one was appended to, for hashing one item at a time; a full chunk's node has none,
    # so that nothing holds the nodes within a chunk but the states that hold them.
    _previous: History[_T_co] | None
    _parent: History[_T_co] | None
    _items: tuple[_T_co, ...]
    _length: int
    _hash: int | None

    def __init__(self, items: Sequence[_T_co] = ()) -> None:
        tail: History[_T_co] = _EMPTY
        for item in items:
            tail = tail.append(item)
        object.__setattr__(self, "_previous", tail._previous)
        object.__setattr__(self, "_parent", tail._parent)
        object.__setattr__(self, "_items", tail._items)
        object.__setattr__(self, "_length", tail._length)
        object.__setattr__(self, "_hash", None)

    @staticmethod
    def _root() -> History[Any]:
        """The empty history every history grows from."""
        node: History[Any] = _new(_Builder)
        node._previous = None
        node._parent = None
        node._items = ()
        node._length = 0
        node._hash = None
        node.__class__ = History
        return node

    def append(self, item: _T) -> History[_T_co | _T]:
        """A new history with ``item`` added at the end; this one is unchanged.

        Example:
            >>> from tricktaking.history import History
            >>> History().append(1).append(2).to_tuple()
            (1, 2)
        """
        node: History[_T_co | _T] = _new(_Builder)
        items: tuple[_T_co | _T, ...] = self._items
        length = self._length
        if len(items) < _CHUNK:  # the same chunk, one item longer
            node._previous = self._previous
            items += (item,)
        else:  # this chunk is full: a new one starts after it
            node._previous = self
            items = (item,)
        node._items = items
        node._length = length + 1
        if len(items) < _CHUNK:
            node._parent = self if length else None
            node._hash = None
        else:  # a full chunk links none of its nodes; its hash is the parent's, or later
            node._parent = None
            known = self._hash
            node._hash = None if known is None else _combine(known, item)
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
        return self._items[-1]

    def to_tuple(self) -> tuple[_T_co, ...]:
        """All items, oldest first, as a new tuple (O(n); the history keeps no copy).

        Example:
            >>> from tricktaking.history import History
            >>> History(["a"]).to_tuple()
            ('a',)
        """
        return tuple(chain.from_iterable(self._chunks()[::-1]))

    def _chunks(self) -> list[tuple[_T_co, ...]]:
        """The items chunk by chunk, the newest chunk first."""
        chunks: list[tuple[_T_co, ...]] = []
        node: History[_T_co] | None = self
        while node is not None:
            chunks.append(node._items)
            node = node._previous
        return chunks

    def __reversed__(self) -> Iterator[_T_co]:
        node: History[_T_co] | None = self
        while node is not None:
            yield from reversed(node._items)
            node = node._previous

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[_T_co]:
        return chain.from_iterable(self._chunks()[::-1])

    def __contains__(self, value: object) -> bool:
        return any(item is value or item == value for item in reversed(self))

    def count(self, value: Any) -> int:
        """How many items equal ``value`` (one walk).

        Example:
            >>> from tricktaking.history import History
            >>> History("abca").count("a")
            2
        """
        return sum(1 for item in reversed(self) if item is value or item == value)

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """The first position of ``value`` within ``[start:stop]`` (one walk).

        Raises:
            ValueError: If ``value`` is not there.

        Example:
            >>> from tricktaking.history import History
            >>> History("abca").index("c")
            2
        """
        items = self.to_tuple()
        return items.index(value, start, len(items) if stop is None else stop)

    @overload
    def __getitem__(self, index: int) -> _T_co: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_T_co, ...]: ...

    def __getitem__(self, index: int | slice) -> _T_co | tuple[_T_co, ...]:
        if isinstance(index, slice):
            return self.to_tuple()[index]
        length = self._length
        position = index + length if index < 0 else index
        if not 0 <= position < length:
            raise IndexError("history index out of range")
        node: History[_T_co] | None = self
        while node is not None:  # walk back from the newest chunk
            start = node._length - len(node._items)
            if position >= start:
                return node._items[position - start]
            node = node._previous
        raise IndexError("history index out of range")  # pragma: no cover - checked above

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        if self._length != other._length:
            return False
        # Walk both in step, chunk by chunk, without allocating: equal lengths mean
        # aligned chunks. Stop at the first shared node (states of one game share their
        # history up to where they part), reject at the first pair of known, different
        # hashes or of chunks with different items (a tuple compares items by identity
        # first, so the shared items of two chunks cost no item comparison).
        mine: History[object] | None = self
        theirs: History[object] | None = cast("History[object]", other)
        while mine is not theirs and mine is not None and theirs is not None:
            known, their_known = mine._hash, theirs._hash
            if known is not None and their_known is not None and known != their_known:
                return False
            items, their_items = mine._items, theirs._items
            if items is not their_items and items != their_items:
                return False
            mine, theirs = mine._previous, theirs._previous
        return True

    def __hash__(self) -> int:
        known = self._hash
        if known is not None:
            return known
        # Walk back through the chunk to the nearest node whose hash is known (the
        # previous state's, when every state is hashed in turn), then hash forward one
        # item per node, caching every hash on the way: each node is hashed once.
        pending: list[History[_T_co]] = []
        node = self
        while node._hash is None and node._parent is not None:
            pending.append(node)
            node = node._parent
        value = node._hash
        if value is None:  # the first node, or a full chunk's: hash its chunk's items
            value = _hash_to(node._previous)
            for item in node._items:
                value = _combine(value, item)
            _set_hash(node, value)
        for node in reversed(pending):
            value = _combine(value, node._items[-1])
            _set_hash(node, value)
        return value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"History is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"History is immutable; cannot delete {name!r}")

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

    def __reduce__(self) -> tuple[type[History[_T_co]], tuple[tuple[_T_co, ...]]]:
        return (History, (self.to_tuple(),))


def _combine(previous_hash: int, item: object) -> int:
    """The hash of a history from the hash of the one it extends and its last item."""
    return hash((previous_hash, item))


def _hash_to(node: History[Any] | None) -> int:
    """The hash of ``node``, a full chunk's node (or None: the empty history's).

    Walks back to the nearest node whose hash is known, then hashes forward from there,
    caching every chunk's hash on the way: each chunk is hashed once in its life.
    """
    pending: list[History[Any]] = []
    while node is not None and node._hash is None:
        pending.append(node)
        node = node._previous
    value = _EMPTY_HASH if node is None else cast("int", node._hash)
    for node in reversed(pending):
        for item in node._items:
            value = _combine(value, item)
        _set_hash(node, value)
    return value


_EMPTY_HASH = hash(("History", ()))

# Appending is on the engine's hot path: fill a builder of the same layout (see _fast).
_new = object.__new__
_Builder: type[History[Any]] = builder(History)
_set_hash = slot_setter(History, "_hash")
_EMPTY: History[Any] = History._root()  # every history is built by appends to this one
