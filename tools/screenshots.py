"""Regenerate the web table's screenshots in docs/_static/ (used by the docs and README).

Starts the web table on a free loopback port, plays in headless Chromium (Debian's
``chromium``, driven by Playwright) and saves, each on a 1280 × 800 desktop
(``web-NAME.png``) and on a 390 × 844 phone (``web-NAME-phone.png``):

- ``lobby``: the lobby after opening an Oh Hell table for five, its links with copy buttons;
- ``bidding``: a Bid Whist auction, the bids made so far on the seats and in the bidding panel;
- ``table``: a seat's table in the middle of a Wizard trick;
- ``summary``: the summary of the first Oh Hell deal (bids, tricks, made or missed, points);
- ``over``: the end of a Wizard game, its final trick and the standings;

and ``web-replay.png``, the replay viewer of a finished One Card game.

Run: ``python tools/screenshots.py`` (needs the dev extra and ``chromium``).
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import cast

import uvicorn
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from tricktaking.web import create_app

OUT = Path(__file__).resolve().parents[1] / "docs" / "_static"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]  # fmt: skip
ENABLED = (
    "#choices button:not([aria-disabled='true']), #hand button.card:not([aria-disabled='true'])"
)
SIZES: dict[str, ViewportSize] = {
    "": {"width": 1280, "height": 800},
    "-phone": {"width": 390, "height": 844},
}
NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara"]


def _serve() -> tuple[str, uvicorn.Server]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    app = create_app(":memory:", bot_delay=0.05)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", server


def _table(base: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return cast("dict[str, object]", json.loads(answer.read()))


def _seat_link(base: str, links: dict[str, object], seat: int = 0) -> str:
    return base + cast("list[dict[str, str]]", links["seats"])[seat]["link"]


def _wait_for_turn(page: Page) -> bool:
    """Wait until the seat may act or the game is over; return whether it is over."""
    page.wait_for_function(
        "(s) => document.body.dataset.over === 'true' || (document.body.dataset.myTurn === 'true'"
        " && document.body.dataset.settled === 'true' && document.querySelector(s) !== null)",
        arg=ENABLED,
        timeout=60_000,
    )
    return str(page.evaluate("document.body.dataset.over")) == "true"


def _click(page: Page) -> None:
    seq = page.evaluate("document.body.dataset.seq")
    page.locator(ENABLED).first.click()
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)


def _lobby(base: str, page: Page) -> None:
    page.goto(base + "/")
    page.select_option("#game", "oh-hell")
    page.fill("#options [name=players]", "5")
    page.dispatch_event("#options [name=players]", "input")
    page.select_option("#options [name=schedule]", "up_down")
    for seat, name in enumerate(NAMES):
        page.locator("#seats input.seat-name").nth(seat).fill(name)
    page.select_option("#seats select >> nth=1", "human")
    page.locator("#open").click()
    page.wait_for_selector("#links:not([hidden])")
    page.locator("#links").scroll_into_view_if_needed()


def _bidding(base: str, page: Page) -> None:
    links = _table(
        base,
        {"game": "bid-whist", "options": {"first_dealer": 1},
         "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 2,
         "names": NAMES[:4]},
    )  # fmt: skip
    page.goto(_seat_link(base, links))
    _wait_for_turn(page)


def _trick(base: str, page: Page) -> None:
    links = _table(
        base,
        {"game": "wizard", "options": {"players": 4, "rounds": 4},
         "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 12,
         "names": NAMES[:4]},
    )  # fmt: skip
    page.goto(_seat_link(base, links))
    _wait_for_turn(page)
    while page.evaluate("Number(document.body.dataset.seq)") < 30 or (
        page.locator("#trick .played").count() < 2
    ):
        _click(page)
        _wait_for_turn(page)


def _summary(base: str, page: Page) -> None:
    links = _table(
        base,
        {"game": "oh-hell", "options": {"players": 4, "first_dealer": 3, "schedule": "down",
                                        "max_hand_size": 3},
         "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5,
         "names": NAMES[:4]},
    )  # fmt: skip
    page.goto(_seat_link(base, links))
    while _wait_for_turn(page) is False and page.locator("#summary").is_hidden():
        _click(page)
    page.locator("#summary").scroll_into_view_if_needed()


def _over(base: str, page: Page) -> None:
    links = _table(
        base,
        {"game": "wizard", "options": {"players": 3, "rounds": 3},
         "seats": ["human", "heuristic", "heuristic"], "seed": 9, "names": NAMES[:3]},
    )  # fmt: skip
    page.goto(_seat_link(base, links))
    while not _wait_for_turn(page):
        _click(page)
    page.wait_for_selector("#banner:not([hidden])")
    page.locator("body").evaluate("() => window.scrollTo(0, 0)")


def _replay(base: str, page: Page) -> None:
    finished = _table(
        base,
        {"game": "one-card", "options": {"players": 3, "target": 1},
         "seats": ["heuristic", "heuristic", "heuristic"], "seed": 5, "names": NAMES[:3]},
    )  # fmt: skip
    page.goto(base + str(finished["spectator"]))
    page.wait_for_selector("body[data-over='true']", timeout=60_000)
    page.goto(base + str(finished["replay"]))
    page.wait_for_selector("body[data-ready='true']")
    for _ in range(9):
        page.locator("#next").click()


SHOTS: dict[str, Callable[[str, Page], None]] = {
    "lobby": _lobby,
    "bidding": _bidding,
    "table": _trick,
    "summary": _summary,
    "over": _over,
}


def _shoot(browser: Browser, base: str) -> None:
    for suffix, size in SIZES.items():
        for name, scene in SHOTS.items():
            page = browser.new_page(viewport=size, reduced_motion="reduce")
            scene(base, page)
            time.sleep(0.3)
            page.screenshot(path=OUT / f"web-{name}{suffix}.png")
            page.close()
    page = browser.new_page(viewport=SIZES[""])
    _replay(base, page)
    page.screenshot(path=OUT / "web-replay.png")


def main() -> None:
    """Take the screenshots."""
    base, server = _serve()
    OUT.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        _shoot(browser, base)
        browser.close()
    server.should_exit = True
    print("wrote", ", ".join(sorted(path.name for path in OUT.glob("web-*.png"))))


if __name__ == "__main__":
    main()
