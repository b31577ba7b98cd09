"""The NumPy helpers every game's batch rules share."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tricktaking.batch_kit import kth_bit, random_bit

masks = st.lists(st.integers(1, 2**64 - 1), min_size=1, max_size=50)


@given(masks, st.randoms(use_true_random=False))
def test_kth_bit_finds_the_kth_lowest_set_bit_of_every_mask(
    values: list[int], rng: random.Random
) -> None:
    bits = [[bit for bit in range(64) if value >> bit & 1] for value in values]
    k = [rng.randrange(len(set_bits)) for set_bits in bits]
    found = kth_bit(np.array(values, np.uint64), np.array(k, np.int64))
    assert found.tolist() == [set_bits[i] for set_bits, i in zip(bits, k, strict=True)]


def test_kth_bit_reaches_every_bit_of_a_full_mask() -> None:
    full = np.full(64, 2**64 - 1, np.uint64)
    assert kth_bit(full, np.arange(64)).tolist() == list(range(64))


def test_random_bit_draws_every_set_bit_about_equally_often() -> None:
    mask = 0b1011_0000_0000_0001 | 1 << 63
    drawn = random_bit(np.full(40_000, mask, np.uint64), np.random.default_rng(3))
    counts = np.bincount(drawn, minlength=64)
    assert set(np.flatnonzero(counts).tolist()) == {0, 12, 13, 15, 63}
    # five bits, 8,000 draws each expected, standard deviation 80: 450 is over 5 of them
    assert np.abs(counts[counts > 0] - 8_000).max() < 450
