"""The persistent action history (DESIGN §7: O(1) appends)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktaking import History


@given(st.lists(st.integers(), max_size=30))
def test_history_behaves_like_the_tuple_of_its_items(items: list[int]) -> None:
    built = History[int]()
    for item in items:
        built = built.append(item)
    assert built == History(items)
    assert built.to_tuple() == tuple(items) == tuple(built)
    assert len(built) == len(items)
    assert hash(built) == hash(History(items))
    if items:
        assert built.last == built[-1] == items[-1]
        assert built[0] == items[0]


def test_append_leaves_the_original_unchanged() -> None:
    base = History([1, 2])
    longer = base.append(3)
    assert base.to_tuple() == (1, 2)
    assert longer.to_tuple() == (1, 2, 3)
    assert base.append(4).to_tuple() == (1, 2, 4)


def test_history_is_immutable() -> None:
    with pytest.raises(AttributeError):
        History([1])._length = 5


def test_empty_history() -> None:
    with pytest.raises(IndexError):
        _ = History[int]().last
    assert History[int]() == History(())
    assert History[int]() != (1,)


def test_long_histories_compare_without_recursion() -> None:
    a = History[int]()
    b = History[int]()
    for item in range(5000):
        a = a.append(item)
        b = b.append(item)
    assert a == b
    assert pickle.loads(pickle.dumps(a)) == a
