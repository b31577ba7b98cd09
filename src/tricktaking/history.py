"""An immutable sequence that grows by one item in constant time and memory.

Game states keep every applied action in a :class:`History`. Rebuilding a tuple on every
action would cost O(n) per action and O(n²) per game; a history shares all earlier
actions with its predecessor, so :meth:`History.append` is O(1) and each history adds
one small node of constant size, however long it is.

Every 16th node also holds its last 16 items as a tuple and links to the node 16 items
back, not to the one before it. The 15 nodes between are then linked by no later node,
so once no state holds them they are freed: a long history keeps one node and one tuple
per 16 items rather than a node per item. CPython's cyclic garbage collector walks every
container object alive in each of its full passes, and a game replayed from a long
record would otherwise hand it a node per action (see the performance page). Appending
stays as cheap as one node; the 16th gathers its items by walking 15 nodes back.

States are hashed and compared by value, history included, so a history caches its
hash: the first ``hash`` walks back only to the nearest history whose hash is known
(the previous state's, when every state is hashed in turn), and every later ``hash`` is
O(1). (When states are hashed only after all were made, a 16th node hashes its 16 items
again: each item is hashed at most twice in all.) Equality stops at the first shared
node and rejects early on known, different hashes; it never builds a tuple.

Example:
    >>> from tricktaking.history import History
    >>> history = History().append("a").append("b")
    >>> len(history), list(history), history[-1]
    (2, ['a', 'b'], 'b')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final, Generic, TypeVar, cast, overload

from tricktaking._fast import builder, slot_setter

__all__ = ["History"]

# Every _CHUNK-th node holds its last _CHUNK items and links _CHUNK nodes back.
_CHUNK: Final = 16
_GATHER = range(_CHUNK - 1)

_T_co = TypeVar("_T_co", covariant=True)
_T = TypeVar("_T")


class History(Sequence[_T_co], Generic[_T_co]):
    """A persistent, immutable list: equal by content, hashable, O(1) ``append``.

    Each history is one node: its last item, its length, the history it extends (every
    16th node: its last 16 items, and the history 16 items shorter), and its hash once
    computed. ``len``, ``append``, ``last``, ``[-1]`` and a second
    ``hash`` never walk the list; ``to_tuple``, iteration and other indexes walk it
    once, without keeping what they built.

    Example:
        >>> from tricktaking.history import History
        >>> History(("x", "y")) == History().append("x").append("y")
        True
        >>> History(("x",)).last
        'x'
    """

    __slots__ = ("_chunk", "_hash", "_last", "_length", "_previous")

    # An empty history has length 0, and its _previous, _last and _chunk are None. A
    # node of length n > 0 holds its last item; if n is not a multiple of _CHUNK, its
    # _chunk is None and _previous is the node of length n - 1; if it is, _chunk is the
    # tuple of its last _CHUNK items and _previous the node of length n - _CHUNK (None
    # when that length is 0). Equal lengths therefore mean nodes of the same kind.
    _previous: History[_T_co] | None
    _last: _T_co
    _length: int
    _hash: int | None
    _chunk: tuple[_T_co, ...] | None

    def __init__(self, items: Sequence[_T_co] = ()) -> None:
        tail: History[_T_co] = _EMPTY
        for item in items:
            tail = tail.append(item)
        object.__setattr__(self, "_previous", tail._previous)
        object.__setattr__(self, "_last", tail._last)
        object.__setattr__(self, "_length", tail._length)
        object.__setattr__(self, "_hash", tail._hash)
        object.__setattr__(self, "_chunk", tail._chunk)

    @staticmethod
    def _root() -> History[Any]:
        """The empty history every history grows from."""
        node: History[Any] = _new(_Builder)
        node._previous = None
        node._last = None
        node._length = 0
        node._hash = None
        node._chunk = None
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
        length = self._length + 1
        node._last = item
        node._length = length
        if length % _CHUNK:
            node._previous = self if length > 1 else None
            node._chunk = None
            node._hash = None
        else:  # every 16th node: gather the chunk, link 16 back (see the module's docs)
            items: list[_T_co | _T] = [item]
            add = items.append
            back: Any = self  # the length says 15 nodes are there: no check per step
            for _ in _GATHER:
                add(back._last)
                back = back._previous
            items.reverse()
            node._previous = back
            node._chunk = tuple(items)
            known = self._hash  # each state hashed as it is made: hash the item once
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
        return self._last

    def to_tuple(self) -> tuple[_T_co, ...]:
        """All items, oldest first, as a new tuple (O(n); the history keeps no copy).

        Example:
            >>> from tricktaking.history import History
            >>> History(["a"]).to_tuple()
            ('a',)
        """
        return tuple(self._newest_first()[::-1])

    def _newest_first(self) -> list[_T_co]:
        items: list[_T_co] = []
        node: History[_T_co] | None = self
        while node is not None and node._length:
            chunk = node._chunk
            if chunk is None:
                items.append(node._last)
            else:
                items.extend(reversed(chunk))
            node = node._previous
        return items

    def __reversed__(self) -> Iterator[_T_co]:
        node: History[_T_co] | None = self
        while node is not None and node._length:
            chunk = node._chunk
            if chunk is None:
                yield node._last
            else:
                yield from reversed(chunk)
            node = node._previous

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[_T_co]:
        return reversed(self._newest_first())

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
        back = length - 1 - position  # items to step back from the newest
        node: History[_T_co] | None = self
        while node is not None:
            chunk = node._chunk
            if chunk is None:
                if not back:
                    return node._last
                back -= 1
            elif back < _CHUNK:
                return chunk[_CHUNK - 1 - back]
            else:
                back -= _CHUNK
            node = node._previous
        raise IndexError("history index out of range")  # pragma: no cover - length checked

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        if self._length != other._length:
            return False
        # Walk both in step, without allocating: stop at the first shared node (states
        # of one game share their history up to where they part), reject at the first
        # pair of known, different hashes or of different items.
        mine: History[object] | None = self
        theirs: History[object] | None = cast("History[object]", other)
        while mine is not theirs and mine is not None and theirs is not None:
            known, their_known = mine._hash, theirs._hash
            if known is not None and their_known is not None and known != their_known:
                return False
            chunk, their_chunk = mine._chunk, theirs._chunk  # equal lengths: same kinds
            if chunk is None or their_chunk is None:
                item, their_item = mine._last, theirs._last
                if item is not their_item and item != their_item:
                    return False
            elif chunk is not their_chunk and chunk != their_chunk:
                return False
            mine, theirs = mine._previous, theirs._previous
        return True

    def __hash__(self) -> int:
        known = self._hash
        if known is not None:
            return known
        # Walk back to the nearest history whose hash is known, then hash forward from
        # there, caching every hash on the way: each node is hashed once in its life.
        pending: list[History[_T_co]] = []
        node: History[_T_co] | None = self
        while node is not None and node._length and node._hash is None:
            pending.append(node)
            node = node._previous
        value = _EMPTY_HASH
        if node is not None and node._hash is not None and node._length:
            value = node._hash
        for node in reversed(pending):
            chunk = node._chunk
            if chunk is None:
                value = _combine(value, node._last)
            else:
                for item in chunk:
                    value = _combine(value, item)
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


_EMPTY_HASH = hash(("History", ()))

# Appending is on the engine's hot path: fill a builder of the same layout (see _fast).
_new = object.__new__
_Builder: type[History[Any]] = builder(History)
_set_hash = slot_setter(History, "_hash")
_EMPTY: History[Any] = History._root()  # every history is built by appends to this one
