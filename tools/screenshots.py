"""Regenerate the web table's screenshots in docs/_static/ (used by the docs and README).

Starts the web table on a free loopback port, plays a little in headless Chromium
(Debian's ``chromium``, driven by Playwright) and saves:

- ``docs/_static/web-table.png``: a seat's table in the middle of a Wizard trick;
- ``docs/_static/web-lobby.png``: the lobby after opening a table;
- ``docs/_static/web-replay.png``: the replay viewer of a finished One Card game;
- ``docs/_static/web-auction-phone.png``: a Bid Whist auction on a 390 × 844 phone.

Run: ``python tools/screenshots.py`` (needs the dev extra and ``chromium``).
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
import urllib.request
from pathlib import Path
from typing import cast

import uvicorn
from playwright.sync_api import Page, ViewportSize, sync_playwright

from tricktaking.web import create_app

OUT = Path(__file__).resolve().parents[1] / "docs" / "_static"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]  # fmt: skip
ENABLED = (
    "#choices button:not([aria-disabled='true']), #hand button.card:not([aria-disabled='true'])"
)
SIZE: ViewportSize = {"width": 1100, "height": 760}


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


def _wait_for_turn(page: Page) -> None:
    page.wait_for_function(
        "(s) => document.body.dataset.myTurn === 'true' && document.body.dataset.settled === 'true'"
        " && document.querySelector(s) !== null",
        arg=ENABLED,
    )


def main() -> None:
    """Take the three screenshots."""
    base, server = _serve()
    OUT.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        page = browser.new_page(viewport=SIZE)
        links = _table(
            base,
            {"game": "wizard", "options": {"players": 4, "rounds": 4},
             "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 12},
        )  # fmt: skip
        seats = cast("list[dict[str, str]]", links["seats"])
        page.goto(base + seats[0]["link"])
        _wait_for_turn(page)
        while page.evaluate("Number(document.body.dataset.seq)") < 30 or (
            page.locator("#trick .played").count() < 2
        ):
            page.locator(ENABLED).first.click()
            time.sleep(0.3)
            _wait_for_turn(page)
        page.locator("#last-trick-button").click()
        time.sleep(0.5)
        page.screenshot(path=OUT / "web-table.png")

        page.goto(base + "/")
        page.select_option("#game", "one-card")
        page.fill("#options [name=players]", "3")
        page.locator("#open").click()
        page.wait_for_selector("#links:not([hidden])")
        page.screenshot(path=OUT / "web-lobby.png")

        finished = _table(
            base,
            {"game": "one-card", "options": {"players": 3, "target": 1},
             "seats": ["heuristic", "heuristic", "heuristic"], "seed": 5},
        )  # fmt: skip
        page.goto(base + str(finished["spectator"]))
        page.wait_for_selector("body[data-over='true']", timeout=60_000)
        page.goto(base + str(finished["replay"]))
        page.wait_for_selector("body[data-ready='true']")
        for _ in range(9):
            page.locator("#next").click()
        page.screenshot(path=OUT / "web-replay.png")

        phone = browser.new_page(viewport={"width": 390, "height": 844})
        auction = _table(
            base,
            {"game": "bid-whist", "options": {"first_dealer": 3},
             "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 2,
             "names": ["Ada", "Grace", "Alan", "Edsger"]},
        )  # fmt: skip
        phone.goto(base + cast("list[dict[str, str]]", auction["seats"])[0]["link"])
        _wait_for_turn(phone)
        phone.screenshot(path=OUT / "web-auction-phone.png")
        browser.close()
    server.should_exit = True
    print("wrote", ", ".join(sorted(path.name for path in OUT.glob("web-*.png"))))


if __name__ == "__main__":
    main()
