"""The persistent action history (DESIGN §7: O(1) appends)."""

from __future__ import annotations

import pickle
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking import History
from tricktaking import history as history_module
from tricktaking.testing import playout


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


@given(st.lists(st.integers(0, 3), max_size=12), st.integers(-15, 15), st.integers(0, 3))
def test_indexes_and_searches_match_the_tuple(items: list[int], index: int, value: int) -> None:
    history = History(items)
    expected = tuple(items)
    if -len(items) <= index < len(items):
        assert history[index] == expected[index]
    else:
        with pytest.raises(IndexError):
            _ = history[index]
    assert history[1:-1] == expected[1:-1]
    assert list(reversed(history)) == list(reversed(expected))
    assert (value in history) == (value in expected)
    assert history.count(value) == expected.count(value)
    if value in expected:
        assert history.index(value) == expected.index(value)
    else:
        with pytest.raises(ValueError, match="not in tuple"):
            history.index(value)


class Counted:
    """An item that counts how often it is hashed and compared."""

    hashes = 0
    comparisons = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __hash__(self) -> int:
        Counted.hashes += 1
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        Counted.comparisons += 1
        return isinstance(other, Counted) and self.value == other.value


def _counted(length: int, base: History[Counted] | None = None) -> History[Counted]:
    history = History[Counted]() if base is None else base
    for value in range(length):
        history = history.append(Counted(value))
    return history


def test_a_history_is_hashed_once_and_extensions_hash_only_their_new_items() -> None:
    long = _counted(3000)
    Counted.hashes = 0
    first = hash(long)
    assert Counted.hashes == 3000
    assert hash(long) == first
    assert Counted.hashes == 3000  # the second hash walks nothing
    longer = long.append(Counted(-1)).append(Counted(-2))
    hash(longer)
    assert Counted.hashes == 3002  # only the two new nodes
    assert hash(History(long.to_tuple())) == first  # equal content, equal hash


def test_equality_stops_at_the_shared_part_and_on_known_different_hashes() -> None:
    shared = _counted(2000)
    one = shared.append(Counted(1)).append(Counted(2))
    other = shared.append(Counted(1)).append(Counted(2))
    Counted.comparisons = 0
    assert one == other
    assert Counted.comparisons == 2  # the two nodes after the shared history
    different = shared.append(Counted(1)).append(Counted(3))
    hash(one), hash(different)
    Counted.comparisons = 0
    assert one != different
    assert Counted.comparisons == 0  # rejected on the cached hashes alone
    built_apart = _counted(2000)
    Counted.comparisons = 0
    assert built_apart == shared
    assert Counted.comparisons == 2000


def test_hashing_every_state_of_a_game_hashes_each_action_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    combined = []

    def counting(previous_hash: int, item: object) -> int:
        combined.append(item)
        return hash((previous_hash, item))

    monkeypatch.setattr(history_module, "_combine", counting)
    states = playout(tt.new_game(tt.WizardConfig(players=4)), seed=5)
    hashes = [hash(state) for state in states]
    final = states[-1]
    items = len(final.history) + len(final.score_sheet)  # both are histories
    assert len(combined) == items
    assert [hash(state) for state in states] == hashes
    assert len(combined) == items  # hashing again walks no history
    assert len(set(states)) == len(states)


def test_equality_and_hashing_keep_no_memory_per_node() -> None:
    one = History(range(10_000))
    other = History(range(10_000))
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        assert one == other
        compared = tracemalloc.get_traced_memory()[1]
        one.to_tuple()
        list(one)
        kept = tracemalloc.take_snapshot().compare_to(before, "filename")
    finally:
        tracemalloc.stop()
    assert compared < 4096  # a walk in step: no tuple, no list
    assert sum(stat.size_diff for stat in kept) < 4096  # nothing cached on the nodes
