"""The progress display: terminal redraws, log lines, rate and time left."""

from __future__ import annotations

import io
import itertools
import math
import re

import pytest

import tricktaking as tt
from tricktaking._progress import Progress, format_duration, format_rate
from tricktaking.simulate import simulate


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_durations_and_rates() -> None:
    assert format_duration(0) == "0:00"
    assert format_duration(75.4) == "1:15"
    assert format_duration(3 * 3600 + 62) == "3:01:02"
    assert format_duration(math.nan) == format_duration(math.inf) == format_duration(-1) == "?"
    assert format_rate(1234.5) == "1234"
    assert format_rate(56.78) == "56.8"
    assert format_rate(0.891) == "0.89"
    assert format_rate(0) == format_rate(math.nan) == "-"


def test_text_shows_count_share_rate_and_time_left() -> None:
    clock = FakeClock()
    progress = Progress(500, io.StringIO(), "deals", tty=False, clock=clock)
    assert progress.text() == "deals 0/500 (0%) -/s ETA ?"
    clock.now += 10
    progress.update(100)
    assert progress.text() == "deals 100/500 (20%) 10.0/s ETA 0:40"
    clock.now += 40
    progress.update(500)
    assert progress.text() == "deals 500/500 (100%) 10.0/s in 0:50"


def test_a_log_gets_occasional_complete_lines() -> None:
    clock = FakeClock()
    stream = io.StringIO()
    progress = Progress(100, stream, "games", tty=False, clock=clock, interval=5)
    for done in range(1, 101):
        clock.now += 0.25  # 4 per second: a line every 5 s is every 20 updates
        progress.update(done)
    progress.close()
    progress.close()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue()
    assert stream.getvalue().endswith("\n")
    assert lines[0] == "games 1/100 (1%) 4.00/s ETA 0:25"
    assert lines[-1] == "games 100/100 (100%) 4.00/s in 0:25"
    assert len(lines) == 6  # at 1, 21, 41, 61, 81 and the final count
    assert all(line.startswith("games ") for line in lines)


def test_a_terminal_gets_one_line_redrawn_in_place() -> None:
    clock = FakeClock()
    stream = io.StringIO()
    with Progress(1000, stream, "deals", tty=True, clock=clock) as progress:
        for done in range(1, 1001):
            clock.now = 100 + done / 100
            progress.update(done)
    text = stream.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n")
    frames = text.rstrip("\n").split("\r")[1:]
    assert 90 <= len(frames) <= 101  # about one every 0.1 s, plus the final count
    assert frames[-1].rstrip() == "deals [####################] 1000/1000 (100%) 100/s in 0:10"
    pattern = re.compile(r"deals \[(#*)(\.*)\] (\d+)/1000 \(\d+%\) [\d.]+/s ETA 0:\d\d *")
    for frame in frames[:-1]:
        match = pattern.fullmatch(frame)
        assert match is not None, frame
        assert len(match[1]) + len(match[2]) == 20
        assert len(match[1]) == int(match[3]) * 20 // 1000
    # a shorter line pads over the longer one before it
    assert all(len(later) >= len(earlier.rstrip()) for earlier, later in itertools.pairwise(frames))


def test_close_shows_a_count_not_yet_shown() -> None:
    clock = FakeClock()
    stream = io.StringIO()
    progress = Progress(10, stream, tty=False, clock=clock)
    progress.update(1)
    progress.update(2)  # within the interval: not shown
    progress.close()
    assert stream.getvalue().splitlines()[-1].startswith("2/10 (20%)")


def test_a_display_never_updated_writes_nothing() -> None:
    stream = io.StringIO()
    with Progress(10, stream, "deals", tty=True):
        pass
    assert stream.getvalue() == ""


def test_it_is_a_simulate_progress_callback() -> None:
    stream = io.StringIO()
    with Progress(0, stream, "games", tty=False) as progress:
        simulate(tt.OneCardConfig(players=2, target=3), ["random"] * 2, games=4, progress=progress)
    assert progress.total == 4 and progress.done == 4
    assert stream.getvalue().splitlines()[-1].startswith("games 4/4 (100%)")


def test_default_stream_and_terminal_detection(capsys: pytest.CaptureFixture[str]) -> None:
    progress = Progress(2, label="x")
    assert not progress.tty  # pytest's captured stderr is not a terminal
    progress.update(2)
    progress.close()
    assert capsys.readouterr().err.startswith("x 2/2 (100%)")

    class Closed(io.StringIO):
        def isatty(self) -> bool:
            raise ValueError("I/O operation on closed file")

    assert not Progress(1, Closed()).tty
