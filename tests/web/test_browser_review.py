"""The replay viewer's Review column in a real headless Chromium: a mark for every move,
each a button that jumps to that move, on a phone and on a desktop."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest

pytest.importorskip("playwright", reason="the browser tests need playwright (dev extra)")
pytest.importorskip("numba", reason="the review needs the batch extra")
from playwright.sync_api import Browser

from .test_browser import _table, base_url, browser  # noqa: F401 - the shared fixtures

pytestmark = pytest.mark.xdist_group("browser")  # the worker of the browser tests

SIZES = [(390, 844), (1280, 800)]


def _over(base_url: str, spectator: str) -> None:  # noqa: F811 - the fixture's value
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base_url + "/api/replay/" + spectator, timeout=10):
                return
        except urllib.error.HTTPError as error:
            if error.code != 409:  # anything but "not over yet" is a failure
                raise
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)


@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
def test_the_replay_marks_every_move_and_a_mark_jumps_to_it(
    browser: Browser,  # noqa: F811 - the fixture
    base_url: str,  # noqa: F811 - the fixture
    size: tuple[int, int],
) -> None:
    links = _table(base_url, "oh-hell", {"players": 3, "hand_size": 2}, ["heuristic"] * 3, 6)
    spectator = str(links["replay"]).rsplit("/", 1)[-1]
    _over(base_url, spectator)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + str(links["replay"]))
    page.wait_for_selector("body[data-reviewed='true']", timeout=120_000)
    moves = page.locator("#review li[data-step]")
    assert moves.count() == 3 + 6  # three bids and six cards
    marks = moves.locator(".mark").all_text_contents()
    assert set(marks) <= {"✓", "?", "??"} and len(marks) == 9
    last = moves.last
    step = last.get_attribute("data-step")
    last.locator("button").click()
    assert page.evaluate("document.body.dataset.step") == step
    assert last.evaluate("e => e.classList.contains('current')")
    assert page.locator("#action").text_content().endswith(marks[-1])  # type: ignore[union-attr]
    assert page.locator("#review-panel").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    assert errors == []
    page.close()
