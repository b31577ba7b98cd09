"""The persistent action history (DESIGN §7: O(1) appends)."""

from __future__ import annotations

import gc
import pickle
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking import History
from tricktaking import history as history_module
from tricktaking.testing import playout


@given(st.lists(st.integers(), max_size=60))  # chunks of 16: up to four
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


def _counting_combine(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    combined: list[object] = []

    def counting(previous_hash: int, item: object) -> int:
        combined.append(item)
        return hash((previous_hash, item))

    monkeypatch.setattr(history_module, "_combine", counting)
    return combined


def test_hashing_every_state_as_it_is_made_hashes_each_action_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    actions = playout(tt.new_game(tt.WizardConfig(players=4)), seed=5)[-1].history
    combined = _counting_combine(monkeypatch)
    state = tt.new_game(tt.WizardConfig(players=4))
    states = [state]
    hashes = [hash(state)]
    for action in actions:  # the same game again, each state hashed as it is made
        state = tt.apply(state, action)
        states.append(state)
        hashes.append(hash(state))
    final = states[-1]
    assert len(combined) == len(final.history) + len(final.score_sheet)  # both histories
    assert [hash(state) for state in states] == hashes


def test_hashing_every_state_after_the_game_hashes_each_action_at_most_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    combined = _counting_combine(monkeypatch)
    states = playout(tt.new_game(tt.WizardConfig(players=4)), seed=5)
    hashes = [hash(state) for state in states]
    final = states[-1]
    items = len(final.history) + len(final.score_sheet)  # both are histories
    # A full chunk's node links none of the nodes before it: its own items are hashed
    # again, once. Every other node hashes one item from its parent's known hash.
    assert items < len(combined) <= 2 * items
    hashed = len(combined)
    assert [hash(state) for state in states] == hashes
    assert len(combined) == hashed  # hashing again walks no history
    assert len(set(states)) == len(states)


def test_a_long_history_keeps_one_node_and_one_tuple_per_chunk() -> None:
    # The cyclic collector walks every container alive in each full pass: a node per
    # item would make loading a long record cost more per action the longer it is.
    gc.collect()
    before = len(gc.get_objects())
    history = History[int]()
    for item in range(16_000):  # small ints: not tracked themselves
        history = history.append(item)
    gc.collect()
    kept = len(gc.get_objects()) - before - 1  # not the list get_objects made
    assert kept <= 2 * 16_000 // history_module._CHUNK + 2
    assert history.to_tuple() == tuple(range(16_000))
    assert [history[index] for index in (0, 15, 16, 8_001, -1)] == [0, 15, 16, 8_001, 15_999]


def test_branches_within_a_chunk_compare_only_their_own_items() -> None:
    shared = _counted(2005)  # not a whole number of chunks
    one = shared.append(Counted(1)).append(Counted(2))
    other = shared.append(Counted(1)).append(Counted(2))
    Counted.comparisons = 0
    assert one == other
    assert Counted.comparisons == 2  # the shared items are the same objects
    assert hash(one) == hash(other)


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
