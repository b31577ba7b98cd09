r"""A progress display for long runs: count out of total, rate and time left.

On a terminal it is one line redrawn in place with ``\r`` (a few times a second at most);
when the stream is a file or a pipe it writes a complete line now and then instead, so a
log never holds counters run together. An instance is also a callback with the signature
of :func:`~tricktaking.simulate.simulate`'s ``progress(done, total)``::

    with Progress(games, sys.stderr, "games") as progress:
        simulate(config, bots, games=games, progress=progress)
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

__all__ = ["Progress", "format_duration", "format_rate"]

TTY_INTERVAL = 0.1
"""Seconds between redraws on a terminal."""

BAR_WIDTH = 20
"""Characters of the bar drawn on a terminal."""

LOG_INTERVAL = 10.0
"""Seconds between lines when the stream is not a terminal."""


def format_duration(seconds: float) -> str:
    """``seconds`` as ``m:ss`` or ``h:mm:ss``; ``?`` when unknown (not finite or negative)."""
    if not math.isfinite(seconds) or seconds < 0:
        return "?"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_rate(rate: float) -> str:
    """A rate to about three figures: ``1234``, ``56.7``, ``0.89``; ``-`` if unknown."""
    if not math.isfinite(rate) or rate <= 0:
        return "-"
    if rate >= 100:
        return f"{rate:.0f}"
    return f"{rate:.1f}" if rate >= 10 else f"{rate:.2f}"


class Progress:
    """Shows ``done/total``, the rate and the time left of a run on ``stream``.

    Args:
        total: The number of items the run will complete.
        stream: Where to write; standard error by default.
        label: What is counted (``"games"``, ``"deals"``).
        tty: Whether to redraw one line in place; by default, whether ``stream`` is a terminal.
        clock: The time source, in seconds (a fake one in tests).
        interval: The least time between two displays; by default 0.1 s on a terminal and
            10 s otherwise. The final count is always shown.
    """

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        label: str = "",
        *,
        tty: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        interval: float | None = None,
    ) -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        self.label = label
        self.tty = _is_terminal(self.stream) if tty is None else tty
        self.interval = (
            (TTY_INTERVAL if self.tty else LOG_INTERVAL) if interval is None else interval
        )
        self._clock = clock
        self._start = clock()
        self._done = 0
        self._shown_at = -math.inf
        self._shown: int | None = None
        self._width = 0
        self._closed = False
        self._updated = False

    @property
    def done(self) -> int:
        """The count of the last :meth:`update`."""
        return self._done

    def elapsed(self) -> float:
        """Seconds since the display was made."""
        return self._clock() - self._start

    def text(self) -> str:
        """The current display, e.g. ``deals 120/500 (24%) 35.2/s ETA 0:11``.

        On a terminal a bar follows the label: ``deals [#####...............] 120/500 …``.
        """
        elapsed = self.elapsed()
        rate = self._done / elapsed if elapsed > 0 else math.nan
        share = min(1.0, self._done / self.total) if self.total else 1.0
        head = f"{self.label} " if self.label else ""
        if self.tty:
            filled = (
                min(self._done, self.total) * BAR_WIDTH // self.total if self.total else BAR_WIDTH
            )
            head += f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] "
        count = f"{head}{self._done}/{self.total} ({share:.0%}) {format_rate(rate)}/s"
        if self._done >= self.total:
            return f"{count} in {format_duration(elapsed)}"
        left = (self.total - self._done) / rate if rate > 0 else math.nan
        return f"{count} ETA {format_duration(left)}"

    def update(self, done: int) -> None:
        """Record that ``done`` items are complete; show it if it is time to."""
        self._done = done
        self._updated = True
        now = self._clock()
        if done >= self.total or now - self._shown_at >= self.interval:
            self._show(now)

    def __call__(self, done: int, total: int) -> None:
        """The ``progress(done, total)`` callback of :func:`~tricktaking.simulate.simulate`."""
        self.total = total
        self.update(done)

    def close(self) -> None:
        """Show the last count if it is not shown yet and end the line; idempotent.

        A display that was never updated writes nothing.
        """
        if self._closed:
            return
        self._closed = True
        if not self._updated:  # the run never started (a bad argument): leave no trace
            return
        if self._shown != self._done:
            self._show(self._clock())
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _show(self, now: float) -> None:
        text = self.text()
        if self.tty:
            # pad over the rest of a longer previous line
            self.stream.write("\r" + text.ljust(self._width))
            self._width = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
        self._shown_at = now
        self._shown = self._done


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
