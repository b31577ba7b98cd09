"""Bitmask helpers shared by the batch rules: hands are ``uint64`` masks of card numbers."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = [
    "ONE",
    "bit_columns",
    "dealt_masks",
    "kth_bit",
    "lowest_bit",
    "mask_of",
    "random_bit",
    "sample_mask",
]

ONE = np.uint64(1)


def mask_of(cards: list[int] | range) -> np.uint64:
    """The mask with the bits of ``cards`` set."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return np.uint64(mask)


def bit_columns(masks: npt.NDArray[np.uint64], width: int) -> npt.NDArray[np.bool_]:
    """``(len(masks), width)`` bools: bit ``j`` of each mask, for ``j < width``."""
    # little-endian bytes, so that unpacking bit by bit in "little" order gives bit j at j
    data = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    bits = np.unpackbits(data, axis=1, count=width, bitorder="little")
    return bits.view(np.bool_)


def lowest_bit(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """The lowest set bit of each mask (0 where the mask is 0)."""
    return masks & (np.uint64(0) - masks)


def dealt_masks(
    decks: npt.NDArray[np.int64], hand_size: int, players: int
) -> npt.NDArray[np.uint64]:
    """``(len(decks), players)``: the hands of the first ``hand_size * players`` cards.

    Card ``decks[:, k]`` goes to column ``k % players``: column ``j`` is the hand of the
    ``j``-th seat dealt to, counting from the seat left of the dealer.
    """
    dealt = decks[:, : hand_size * players].astype(np.uint64)
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(
        ONE << dealt.reshape(-1, hand_size, players), axis=1
    )
    return masks


def kth_bit(masks: npt.NDArray[np.uint64], k: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The position of the ``k``-th lowest set bit of each mask (``k`` from 0).

    A binary search over the 64 bits: six population counts instead of one pass over
    every bit.
    """
    position = np.zeros(len(masks), np.uint64)
    left = k.astype(np.uint64)
    for width in (32, 16, 8, 4, 2, 1):
        count = np.bitwise_count((masks >> position) & np.uint64((1 << width) - 1))
        higher = left >= count
        left -= count * higher
        position += np.uint64(width) * higher
    found: npt.NDArray[np.int64] = position.astype(np.int64)
    return found


def random_bit(masks: npt.NDArray[np.uint64], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """The position of a uniformly random set bit of each mask."""
    k = (rng.random(len(masks)) * np.bitwise_count(masks)).astype(np.int64)
    return kth_bit(masks, k)


def sample_mask(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One uniformly random true column per row of ``mask`` (0 where a row has none)."""
    noise = rng.random(mask.shape, dtype=np.float32)
    noise += mask
    chosen: npt.NDArray[np.int64] = noise.argmax(axis=1)
    return chosen
