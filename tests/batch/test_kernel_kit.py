"""The kernel kit's helpers compute what they say, compiled and signed, and its protocol checks."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import NamedTuple, Protocol

import numpy as np
import pytest

import tricktaking as tt
from tricktaking.kernel_kit import (
    below,
    compile_ahead,
    implement,
    jit_disabled,
    kth_bit,
    lowest_bit,
    mix64,
    next_word,
    popcount,
    reset_row,
    seeded_rows,
)


class Signature(Protocol):
    """A compiled signature of a numba dispatcher, as far as these tests read it."""

    @property
    def return_type(self) -> object: ...


@pytest.fixture(autouse=True)
def _words_wrap() -> Iterator[None]:
    # as plain Python (NUMBA_DISABLE_JIT=1) the helpers compute on NumPy words, which
    # wrap as compiled code does but warn; the batch layer quiets them the same way
    with np.errstate(over="ignore"):
        yield


MASKS = [1, 2, 0b1011, 1 << 63, (1 << 64) - 1, 0x8000_0001_0000_0010, 0x00F0_F0F0_0F0F_F00F]


@pytest.mark.parametrize("mask", MASKS)
def test_the_bit_helpers_agree_with_python(mask: int) -> None:
    bits = [i for i in range(64) if mask >> i & 1]
    word = np.uint64(mask)
    assert popcount(word) == len(bits)
    assert lowest_bit(word) == bits[0]
    assert [kth_bit(word, k) for k in range(len(bits))] == bits


@pytest.mark.skipif(jit_disabled(), reason="the compiled signatures exist with the JIT only")
def test_counts_and_positions_are_signed_when_compiled() -> None:
    # numba computes uint64 with int64 as floats: a helper returning uint64 would turn
    # every count and index after it into a float, silently and slowly
    rng = seeded_rows(key=1, size=1)
    below(rng, 0, 5)
    helpers: tuple[object, ...] = (popcount, lowest_bit, kth_bit, below)
    for helper in helpers:
        signatures: list[Signature] = getattr(helper, "nopython_signatures")  # noqa: B009
        assert {str(signature.return_type) for signature in signatures} == {"int64"}, helper


def test_below_is_uniform_and_in_range() -> None:
    rng = seeded_rows(key=3, size=2)
    counts = np.zeros(7, np.int64)
    for _ in range(7000):
        counts[below(rng, 1, 7)] += 1
    expected = 1000
    chi_square = float(((counts - expected) ** 2 / expected).sum())
    assert chi_square < 22.5  # 6 degrees of freedom, p = 0.001
    assert all(below(rng, 0, 1) == 0 for _ in range(50))


def test_streams_are_counter_based_and_rows_independent() -> None:
    first, again = seeded_rows(key=9, size=3), seeded_rows(key=9, size=3)
    words = [int(next_word(first, 2)) for _ in range(4)]
    assert [int(next_word(again, 2)) for _ in range(4)] == words
    assert int(first[2, 1]) == 4 and int(first[0, 1]) == 0  # only row 2 moved
    key = first[2, 0]
    golden = np.uint64(0x9E3779B97F4A7C15)
    assert words[0] == int(mix64(np.uint64(key + golden)))
    assert len({int(k) for k in seeded_rows(key=9, size=1000)[:, 0]}) == 1000


def test_mix64_is_splitmix64s_finaliser() -> None:
    assert int(mix64(np.uint64(0))) == 0
    assert int(mix64(np.uint64(1))) == 0x5692161D100B05E5


_FINGERPRINT_AFTER = """
import importlib, pkgutil, sys
import tricktaking
from tricktaking.batch._registry import load_kernels
from tricktaking.kernel_kit import fingerprint
load_kernels()
print(fingerprint())
if sys.argv[1] == "everything":
    for module in pkgutil.walk_packages(tricktaking.__path__, "tricktaking."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # an extra that is not installed
            pass
    print(fingerprint())
"""


def _fingerprints(what: str) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", _FINGERPRINT_AFTER, what],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return run.stdout.split()


def test_the_cache_is_one_whichever_kernel_code_a_process_loads() -> None:
    # a process that plays batches and one that also solves share one disk cache: the
    # fingerprint covers the library's kernel code, not only what was loaded so far
    (batches,) = _fingerprints("batches")
    before, after = _fingerprints("everything")
    assert batches == before == after


def test_an_implementation_must_take_the_stubs_parameters() -> None:
    class Toy(NamedTuple):
        players: int

    def wrong(game: Toy, ints: object, cards: object) -> None:
        del game, ints, cards

    with pytest.raises(TypeError, match="reset_row"):
        implement(reset_row, Toy)(wrong)


def _exact_bids(game: tt.Game[tt.GameState[object], object]) -> bool:
    return game.name in {"wizard", "oh-hell"}


def test_compile_ahead_makes_every_game_it_offers_ready_in_name_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    made: list[str] = []
    status = compile_ahead(
        ["compile"], prog="p", what="w", offers=_exact_bids, ready=lambda g: made.append(g.name)
    )
    assert (status, made) == (0, ["oh-hell", "wizard"])
    assert [line.split(":")[0] for line in capsys.readouterr().out.splitlines()] == [
        "Oh Hell",
        "Wizard",
    ]


def test_compile_ahead_refuses_a_game_it_does_not_offer_before_compiling_anything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    made: list[str] = []
    status = compile_ahead(
        ["compile", "wizard", "bid-whist", "chess"],
        prog="p",
        what="thing",
        offers=_exact_bids,
        ready=lambda g: made.append(g.name),
    )
    assert (status, made) == (2, [])
    assert capsys.readouterr().err == (
        "error: no thing for bid-whist, chess; games: oh-hell, wizard\n"
    )


def test_compile_ahead_runs_a_command_of_its_own_and_lists_it_in_the_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said: list[str] = []
    commands = {"hello": ("say hello", lambda: said.append("hello"))}
    arguments = {"prog": "p", "what": "w", "offers": _exact_bids, "ready": print}
    assert compile_ahead(["hello"], commands=commands, **arguments) == 0  # type: ignore[arg-type]
    assert said == ["hello"]
    with pytest.raises(SystemExit):
        compile_ahead(["--help"], commands=commands, **arguments)  # type: ignore[arg-type]
    assert "say hello" in capsys.readouterr().out
