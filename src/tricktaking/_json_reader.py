"""A bounded, incremental JSON reader for records: one value at a time, strict types.

:func:`json.loads` builds the whole document before anyone looks at it, and recurses
into nesting until Python's recursion limit. Records are read instead field by field
and action by action, so a record can be rejected at its first bad action without
reading the rest, nesting is bounded before the C scanner ever recurses, and every
problem is a :class:`~tricktaking.errors.RecordError`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from json.decoder import scanstring  # type: ignore[attr-defined]  # typeshed omits it
from json.scanner import make_scanner
from typing import Final, NoReturn, cast

from tricktaking.errors import RecordError

__all__ = ["MAX_NUMBER_LENGTH", "MAX_SKIPPED", "Reader"]

MAX_NUMBER_LENGTH: Final = 20
"""The most characters of a JSON number in a record (a 64-bit int has at most 20)."""

MAX_SKIPPED: Final = 1024 * 1024
"""The largest container :meth:`Reader.skip_value` reads (a field a later version adds)."""

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# For skipping a container: whole strings (so their brackets do not count), brackets,
# and runs of anything else.
_SKIP = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]|[^"\[\]{}]+')
_OPENERS = frozenset("[{")
_CLOSERS = frozenset("]}")


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_LENGTH:
        raise ValueError(f"a number of {len(text):,} digits")
    return int(text)


def _no_constants(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise ValueError("an object has a repeated key")
    return result


_DECODER = json.JSONDecoder(
    parse_int=_bounded_int,
    parse_constant=_no_constants,
    object_pairs_hook=_unique_keys,
    strict=True,
)
_SCAN = cast("Callable[[str, int], tuple[object, int]]", make_scanner(_DECODER))  # type: ignore[arg-type]  # the stub wants a JSONDecoder's private fields
# json.decoder.scanstring (C-accelerated) is public in CPython but missing from typeshed
_scanstring = cast("Callable[[str, int, bool], tuple[str, int]]", scanstring)


class Reader:
    """Reads JSON values from ``text`` one at a time, from position ``pos`` on.

    Containers are read by the caller element by element (:meth:`elements`,
    :meth:`members`) or skipped whole (:meth:`skip_value`, which bounds their nesting
    by ``max_depth`` before parsing them). Scalars are read by the JSON scanner.
    ``subject`` names the text in messages (``"the record"``, ``"the frame"``), and
    ``outer`` is how many levels of nesting enclose what :meth:`skip_value` reads (1: the
    record object around its fields; 0: a value read on its own).
    """

    text: str
    pos: int
    max_depth: int
    subject: str
    outer: int

    def __init__(
        self, text: str, max_depth: int, subject: str = "the record", outer: int = 1
    ) -> None:
        self.text = text
        self.pos = 0
        self.max_depth = max_depth
        self.subject = subject
        self.outer = outer

    def fail(self, what: str) -> NoReturn:
        """Raise the :class:`RecordError` for malformed JSON at the current position."""
        raise RecordError(f"{self.subject} is not JSON: {what} at character {self.pos:,}")

    def peek(self) -> str:
        """The next character after whitespace (``""`` at the end)."""
        match = _WHITESPACE.match(self.text, self.pos)
        self.pos = match.end() if match is not None else self.pos
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str) -> None:
        """Consume ``char`` after whitespace."""
        if self.peek() != char:
            self.fail(f"expected {char!r}")
        self.pos += 1

    def at_end(self) -> bool:
        """Whether only whitespace is left."""
        return self.peek() == ""

    def string(self) -> str:
        """Read a JSON string."""
        self.expect('"')
        try:
            value, self.pos = _scanstring(self.text, self.pos, True)
        except ValueError as error:
            self.fail(f"a bad string ({str(error).split(':')[0]})")
        return value

    def scalar(self) -> object:
        """Read a number, string, ``true``, ``false`` or ``null``; refuse a container."""
        if self.peek() in _OPENERS:
            self.fail("expected a number, a string, true, false or null")
        return self._scan()

    def _scan(self) -> object:
        try:
            value, self.pos = _SCAN(self.text, self.pos)
        except StopIteration:
            self.fail("expected a value")
        except (ValueError, RecursionError) as error:
            self.fail(f"a bad value ({str(error).split(':')[0]})")
        return value

    def skip_value(self) -> object:
        """Read any value whose nesting is at most ``max_depth``, and return it.

        A container must close within :data:`MAX_SKIPPED` characters, which bounds the
        cost of checking its nesting before the scanner parses it.
        """
        if self.peek() not in _OPENERS:
            return self._scan()
        depth = 0
        end = self.pos + MAX_SKIPPED
        for match in _SKIP.finditer(self.text, self.pos, end):
            token = match.group()
            if token in _OPENERS:
                depth += 1
                if depth + self.outer > self.max_depth:
                    self.pos = match.start()
                    raise RecordError(
                        f"{self.subject} nests deeper than {self.max_depth} levels "
                        f"at character {self.pos:,}"
                    )
            elif token in _CLOSERS:
                depth -= 1
                if depth == 0:
                    break
        else:
            if end >= len(self.text):
                raise RecordError(f"{self.subject} ends inside the value at character {self.pos:,}")
            raise RecordError(
                f"a field at character {self.pos:,} is not closed within {MAX_SKIPPED:,} characters"
            )
        return self._scan()  # at most max_depth deep: the scanner's recursion is bounded

    def _next(self, close: str, first: bool) -> bool:
        """After an element: ``True`` if another follows, ``False`` at ``close``."""
        char = self.peek()
        if char == close:
            self.pos += 1
            return False
        if not first:
            if char != ",":
                self.fail(f"expected ',' or {close!r}")
            self.pos += 1
        return True

    def elements(self) -> Iterator[int]:
        """Enter an array; yield each element's index when the reader is at it.

        The caller reads the element (with :meth:`string`, :meth:`scalar`, ...) before
        asking for the next one.
        """
        self.expect("[")
        if self.peek() == "]":
            self.pos += 1
            return
        index = 0
        while True:
            yield index
            index += 1
            if not self._next("]", first=False):
                return

    def members(self) -> Iterator[str]:
        """Enter an object; yield each key when the reader is at its value."""
        self.expect("{")
        if self.peek() == "}":
            self.pos += 1
            return
        seen: set[str] = set()
        while True:
            key = self.string()
            if key in seen:
                raise RecordError(f"{self.subject} repeats the key {key[:40]!r}")
            seen.add(key)
            self.expect(":")
            yield key
            if not self._next("}", first=False):
                return
