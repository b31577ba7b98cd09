"""The version-stable random stream (DESIGN §1.3, §6)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktaking import seeding
from tricktaking.seeding import derive_seed, random_below, shuffle, stream

SRC = Path(__file__).resolve().parents[1] / "src" / "tricktaking"


def test_golden_stream_and_seeds() -> None:
    assert next(stream(0)) == 17373440216303758126
    assert derive_seed(42, "deal", 1) == 11380868657305028359
    assert shuffle(range(5), seed=42) == (3, 0, 2, 4, 1)


@given(st.integers(), st.integers(min_value=1, max_value=1000))
def test_random_below_is_in_range(seed: int, bound: int) -> None:
    assert 0 <= random_below(stream(seed), bound) < bound


def test_random_below_is_roughly_uniform() -> None:
    words = stream(123)
    counts = [0] * 6
    for _ in range(6000):
        counts[random_below(words, 6)] += 1
    assert all(900 < count < 1100 for count in counts)


def test_seeds_must_be_ints() -> None:
    with pytest.raises(TypeError):
        next(stream("1"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        shuffle([1, 2], seed=True)
    with pytest.raises(ValueError, match="positive"):
        random_below(stream(1), 0)


def test_derived_seeds_differ_by_label() -> None:
    seeds = {derive_seed(7, "game", index) for index in range(100)}
    assert len(seeds) == 100
    assert derive_seed(7, 1) != derive_seed(7, "1")


def test_the_library_never_uses_the_random_module() -> None:
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(alias.name != "random" for alias in node.names), path
            if isinstance(node, ast.ImportFrom):
                assert node.module != "random", path


@given(st.integers(), st.integers(min_value=0, max_value=70))
def test_shuffle_is_fisher_yates_over_the_stream(seed: int, size: int) -> None:
    items = list(range(size))
    words = stream(seed)
    for i in range(size - 1, 0, -1):
        j = random_below(words, i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffle(range(size), seed) == tuple(items)


@pytest.mark.parametrize("size", [2, 25, 60])
def test_shuffle_falls_back_to_the_general_path_when_a_word_may_be_rejected(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = shuffle(range(size), 2026)  # the fast path
    # b"" is in every digest: the fast path then always hands over to the general one
    monkeypatch.setattr(seeding, "_SEVEN_FF", b"")
    assert shuffle(range(size), 2026) == expected
