"""Version-stable randomness: seed derivation and the Fisher–Yates shuffle.

Nothing here uses the :mod:`random` module, whose algorithms may change between Python
versions. The stream is the output of the SHAKE-128 extendable-output function over the
seed (FIPS 202, always present in :mod:`hashlib`), read as big-endian 64-bit words, so a
seed shuffles a deck the same way on every Python version and every platform, forever.
Golden tests pin this.

Example:
    >>> from tricktaking.seeding import derive_seed, shuffle
    >>> shuffle(range(5), seed=42)
    (3, 0, 2, 4, 1)
    >>> derive_seed(42, "round", 3) == derive_seed(42, "round", 3)
    True
"""

from __future__ import annotations

import hashlib
import operator
import struct
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tricktaking.arguments import is_exact_int
from tricktaking.errors import ActionError, safe_repr

__all__ = ["derive_seed", "random_below", "shuffle", "stream"]

_T = TypeVar("_T")

_STREAM_DOMAIN = b"tricktaking/stream/v1|"
_DERIVE_DOMAIN = b"tricktaking/derive/v1"
_TWO_64 = 1 << 64
_SEVEN_FF = b"\xff" * 7
_BLOCK_WORDS = 64  # words computed at a time; a deck of 60 needs one block
# unpackers of 0 to 64 words; XOF output is a stream, so fewer words are its prefix
_UNPACK = tuple(struct.Struct(f">{count}Q").unpack for count in range(_BLOCK_WORDS + 1))
# rejection limits of random_below for small bounds, precomputed for the shuffle
_LIMITS = tuple(_TWO_64 - _TWO_64 % bound if bound else 0 for bound in range(_BLOCK_WORDS + 1))


# Python refuses str() of ints over its digit limit, which a user may lower to 640
# digits but no further: ints of at most this many bits (603 digits) always convert.
_SAFE_STR_BITS = 2000


def _decimal(number: int) -> str:
    """``str(number)`` for an int of any size, whatever the interpreter's digit limit.

    Divide and conquer by a power of ten keeps every ``str()`` call under 603 digits.
    """
    if number < 0:
        return "-" + _decimal(-number)
    if number.bit_length() <= _SAFE_STR_BITS:
        return str(number)
    half = number.bit_length() * 3 // 20  # about half the decimal digits (log10 2 ~ 0.3)
    high, low = divmod(number, 10**half)
    return _decimal(high) + _decimal(low).rjust(half, "0")


def _exact_int(seed: object) -> int:
    """The seed as a plain ``int``, read from its value and not through its methods."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ActionError(f"a seed must be an int, not {safe_repr(seed)}")
    return int.__pos__(seed)  # the C value: a subclass's __str__ or __index__ is not used


def _seed_bytes(seed: int) -> bytes:
    return _decimal(_exact_int(seed)).encode("ascii")


def _digest(seed_bytes: bytes, count: int) -> bytes:
    """The bytes of the first ``count`` words of the stream of ``seed_bytes``."""
    return hashlib.shake_128(_STREAM_DOMAIN + seed_bytes).digest(8 * count)


def _words(seed_bytes: bytes, count: int) -> tuple[int, ...]:
    """The first ``count`` words of the stream of ``seed_bytes``."""
    digest = _digest(seed_bytes, count)
    if count <= _BLOCK_WORDS:
        return _UNPACK[count](digest)
    return struct.unpack(f">{count}Q", digest)


def stream(seed: int) -> Iterator[int]:
    """An endless stream of uniform 64-bit integers determined by ``seed``.

    Word ``k`` is bytes ``8k`` to ``8k + 7`` of ``SHAKE-128(domain || str(seed))``, read
    big-endian.

    Args:
        seed: Any integer, negative and arbitrarily large ones included (its decimal
            digits are hashed, computed without Python's limit on ``str(int)``).

    Example:
        >>> from tricktaking.seeding import stream
        >>> words = stream(7)
        >>> first = next(words)
        >>> first == next(stream(7))
        True
        >>> 0 <= first < 2**64
        True
    """
    seed_bytes = _seed_bytes(seed)
    count = _BLOCK_WORDS
    position = 0
    while True:
        words = _words(seed_bytes, count)
        yield from words[position:]
        position = count
        count *= 2


def random_below(words: Iterator[int], bound: int) -> int:
    """A uniform integer in ``range(bound)`` drawn from a :func:`stream`.

    Uses rejection sampling, so there is no modulo bias.

    Example:
        >>> from tricktaking.seeding import random_below, stream
        >>> random_below(stream(1), 6) in range(6)
        True
    """
    if bound <= 0:
        raise ValueError(f"bound must be positive, not {bound}")
    limit = _TWO_64 - _TWO_64 % bound
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def shuffle(items: Iterable[_T], seed: int) -> tuple[_T, ...]:
    """A permutation of ``items`` chosen by ``seed``, the same on every Python version.

    The Fisher–Yates shuffle: for ``i`` from the last index down to 1, swap item ``i``
    with item ``random_below(i + 1)``.

    Args:
        items: The items to shuffle; they are not modified.
        seed: The integer that determines the permutation.

    Returns:
        A new tuple holding the same items in shuffled order.

    Example:
        >>> from tricktaking.seeding import shuffle
        >>> shuffle("abcd", seed=1) == shuffle("abcd", seed=1)
        True
        >>> sorted(shuffle("abcd", seed=2))
        ['a', 'b', 'c', 'd']
    """
    result = list(items)
    size = len(result)
    seed_bytes = _seed_bytes(seed)
    bounds = range(size, 1, -1)
    if size <= _BLOCK_WORDS:
        # Fast path, the same draws as below when no word is rejected (a rejection has
        # odds below 2**-57 per draw here): all indices at once, then the swaps. Only
        # the size - 1 words the swaps use are computed.
        digest = _digest(seed_bytes, max(size - 1, 0))
        # Only a word of at least 2**64 - 64 can be rejected; its first seven bytes are
        # 0xff, so without seven 0xff bytes in a row anywhere nothing is rejected.
        if _SEVEN_FF not in digest:
            words = _UNPACK[len(digest) // 8](digest)
            i = size - 1
            for j in list(map(operator.mod, words, bounds)):
                result[i], result[j] = result[j], result[i]
                i -= 1
            return tuple(result)
    # The general case: Fisher-Yates with random_below over stream(seed), unrolled.
    count = _BLOCK_WORDS
    words = _words(seed_bytes, count)
    used = 0
    for bound in bounds:
        limit = _LIMITS[bound] if bound < len(_LIMITS) else _TWO_64 - _TWO_64 % bound
        while True:
            if used == count:
                count *= 2
                words = _words(seed_bytes, count)
            word = words[used]
            used += 1
            if word < limit:
                break
        j = word % bound
        i = bound - 1
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def derive_seed(seed: int, *labels: int | str) -> int:
    """A new 64-bit seed derived from ``seed`` and a path of labels.

    Use it to give every deal of a game, or every game of a simulation, its own
    independent seed from one master seed.

    Args:
        seed: The master seed.
        *labels: Names and numbers saying what the seed is for, e.g. ``("deal", 3)``.

    Example:
        >>> from tricktaking.seeding import derive_seed
        >>> derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
        True
    """
    text = "|".join([_decimal(_exact_int(seed)), *map(_label_text, labels)])
    digest = hashlib.sha256(_DERIVE_DOMAIN + b"|" + text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def _label_text(label: int | str) -> str:
    if type(label) is str:
        return f"str:{label}"
    if is_exact_int(label):
        return f"int:{_decimal(label)}"
    raise ActionError(f"a seed label must be an int or a str, not {safe_repr(label)}")
