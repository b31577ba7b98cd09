"""The table page in a real headless Chromium (Debian's ``chromium``), driven by Playwright.

A person plays by clicking: a whole One Card hand, a whole Wizard game of two rounds;
illegal clicks are impossible, and a forced one is refused with the reason shown; a
reload mid-trick restores the same table; two seats in two browser contexts each see
only their own hand, in the page and in every WebSocket message; a finished game opens
in the replay viewer.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import cast

import pytest

pytest.importorskip("playwright", reason="the browser tests need playwright (dev extra)")
import uvicorn
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

from tricktaking.cards import Card
from tricktaking.errors import NotationError
from tricktaking.web import create_app

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ENABLED = (
    "#choices button:not([aria-disabled='true']), #hand button.card:not([aria-disabled='true'])"
)
CAN_ACT = (
    "(selector) => document.body.dataset.myTurn === 'true' && "
    "document.body.dataset.settled === 'true' && document.querySelector(selector) !== null"
)
Message = dict[str, object]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """A real uvicorn server on a free loopback port, in a thread."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    config = uvicorn.Config(
        create_app(":memory:", bot_delay=0.02), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if CHROMIUM is None:
        if os.environ.get("CI"):  # CI installs it (tools/test): never skip there
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


def _table(base_url: str, game: str, options: Message, seats: list[str], seed: int) -> Message:
    body = {"game": game, "options": options, "seats": seats, "seed": seed}
    request = urllib.request.Request(
        base_url + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return cast("Message", json.loads(answer.read()))


def _link(links: Message, seat: int) -> str:
    return str(cast("list[Message]", links["seats"])[seat]["link"])


def _page(browser: Browser, errors: list[str]) -> Page:
    """A new page whose script errors are collected in ``errors``."""
    page = browser.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def _frames(page: Page) -> list[Message]:
    """Collect every message the page's WebSocket receives."""
    frames: list[Message] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", watch)
    return frames


def _wait_turn_or_over(page: Page) -> bool:
    """Wait until the seat may act or the game is over; return whether it is over."""
    page.wait_for_function(
        f"(selector) => document.body.dataset.over === 'true' || ({CAN_ACT})(selector)",
        arg=ENABLED,
        timeout=20_000,
    )
    return str(page.evaluate("document.body.dataset.over")) == "true"


def _click_until_over(page: Page, limit: int = 200) -> int:
    """Click the first enabled choice or card whenever it is our turn; count the clicks."""
    clicks = 0
    while not _wait_turn_or_over(page):
        seq = page.evaluate("document.body.dataset.seq")
        page.locator(ENABLED).first.click()
        clicks += 1
        assert clicks < limit
        page.wait_for_function(
            "(seq) => document.body.dataset.seq !== seq || "
            "document.getElementById('notice').textContent !== ''",
            arg=seq,
            timeout=20_000,
        )
        assert page.locator("#notice").text_content() == ""
    return clicks


def _cards(data: object, skip: tuple[str, ...] = ()) -> set[str]:
    """Every card token in ``data`` outside the keys ``skip``."""
    found: set[str] = set()
    if isinstance(data, str):
        for word in data.split():
            with contextlib.suppress(NotationError, ValueError):
                found.add(str(Card.parse(word)))
    elif isinstance(data, list):
        for item in cast("list[object]", data):
            found |= _cards(item, skip)
    elif isinstance(data, dict):
        for key, item in cast("dict[str, object]", data).items():
            if key not in skip:
                found |= _cards(item, skip)
    return found


def test_a_person_plays_a_one_card_hand_and_replays_it(browser: Browser, base_url: str) -> None:
    links = _table(
        base_url, "one-card", {"players": 3, "target": 1}, ["human", "heuristic", "random"], 5
    )
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + _link(links, 0))
    clicks = _click_until_over(page)
    assert clicks >= 8  # a bid or pass, and a card in each trick
    assert page.locator("#turn").text_content() == "game over"
    page.locator("#last-trick-button").click()
    assert page.locator("#last-trick .card").count() == 3
    page.locator("#replay-link").click()
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator(".hand-row").count() == 3
    assert page.locator(".hand-row").first.locator(".card").count() == 0  # the start: no cards
    page.locator("#next").click()
    assert [page.locator(".hand-row").nth(i).locator(".card").count() for i in range(3)] == [8] * 3
    page.locator("#last").click()
    steps = int(page.evaluate("document.body.dataset.step"))
    assert page.locator("#position").text_content() == f"step {steps} of {steps}"
    assert errors == []
    page.close()


def test_a_person_plays_two_wizard_rounds_against_bots(browser: Browser, base_url: str) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 2}, ["heuristic", "human", "heuristic"], 9
    )
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + _link(links, 1))
    assert _click_until_over(page) == 5  # two bids and three cards
    scores = page.locator("#scores tbody tr").first.locator("td").all_text_contents()[1:]
    assert len(scores) == 3
    assert any(score != "0" for score in scores)
    firsts = page.locator("#scores tbody tr td:first-child").all_text_contents()
    assert firsts == ["score", "deal 2", "deal 1"]
    assert errors == []
    page.close()


def test_an_illegal_click_is_impossible_and_a_forced_one_is_refused(
    browser: Browser, base_url: str
) -> None:
    links = _table(base_url, "wizard", {"players": 3}, ["heuristic", "human", "heuristic"], 3)
    page = browser.new_page()
    page.goto(base_url + _link(links, 1))
    _wait_turn_or_over(page)  # seat 1 bids first: no card may be played
    hint = page.locator("#hint-button")
    assert hint.is_visible()  # the server has a suggest API (tricktaking.bots.suggest)
    if hint.is_visible():
        hint.click()
        page.wait_for_selector("#choices button.hinted", timeout=30_000)
    card = page.locator("#hand button.card").first
    assert card.get_attribute("aria-disabled") == "true"
    card.click(force=True)  # a card that cannot be played says why
    page.wait_for_selector("#notice[data-code='why']")
    assert "choose above first" in str(page.locator("#notice").text_content())
    token = str(card.get_attribute("data-card"))
    page.evaluate(
        "([el, token]) => { el.setAttribute('aria-disabled', 'false');"
        " el.dataset.action = '1 play ' + token; }",
        [card.element_handle(), token],
    )
    card.click()
    page.wait_for_selector("#notice[data-code='illegal']")
    assert "bid" in str(page.locator("#notice").text_content())
    page.close()


def _snapshot(page: Page) -> Message:
    """What the table shows: the seq, the trick, the hand and the scores."""
    cards = "els => els.map(e => e.dataset.card)"
    return {
        "seq": page.evaluate("document.body.dataset.seq"),
        "trick": page.locator("#trick .played").evaluate_all(cards),
        "hand": page.locator("#hand button.card").evaluate_all(cards),
        "scores": page.locator("#scores").text_content(),
    }


def test_a_reload_mid_trick_restores_the_same_table(browser: Browser, base_url: str) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 3}, ["human", "heuristic", "heuristic"], 4
    )
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)  # seat 0 is the dealer: it bids last and plays last
    while page.locator("#trick .played").count() == 0:
        page.locator(ENABLED).first.click()
        _wait_turn_or_over(page)
    before = _snapshot(page)
    assert 0 < len(cast("list[str]", before["trick"])) < 3
    page.reload()
    _wait_turn_or_over(page)
    after = _snapshot(page)
    assert after == before
    page.close()


def test_two_seats_each_see_only_their_own_hand(browser: Browser, base_url: str) -> None:
    links = _table(base_url, "one-card", {"players": 3}, ["human", "human", "heuristic"], seed=21)
    pages = [browser.new_context().new_page() for _ in range(2)]
    frames = [_frames(page) for page in pages]
    for seat, page in enumerate(pages):
        page.goto(base_url + _link(links, seat))
        page.wait_for_selector("body[data-connected='true']")
    hands = [
        set(page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)"))
        for page in pages
    ]
    assert all(len(hand) == 8 for hand in hands)
    assert not hands[0] & hands[1]
    moves = 0
    while moves < 6:  # a few moves each, within the first deal
        for page in pages:
            seq = page.evaluate("document.body.dataset.seq")
            if page.evaluate(CAN_ACT, ENABLED):
                page.locator(ENABLED).first.click()
                page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
                moves += 1
        time.sleep(0.05)
    for seat, received in enumerate(frames):
        other = hands[1 - seat]
        assert received
        for frame in received:
            view = cast("Message", frame.get("view", {}))
            if view:
                assert view["seat"] == seat
                assert not set(cast("list[str]", view["hand"])) & other
            public = (
                "trick", "tricks", "action", "said", "events", "calls", "contract",
                "legal_actions",
            )  # fmt: skip
            assert not _cards(frame, public) & other - hands[seat], frame
    for context in {page.context for page in pages}:
        context.close()


def test_the_lobby_opens_a_table_with_one_link_per_person(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    page.goto(base_url + "/")
    page.select_option("#game", "bid-whist")
    assert page.locator("#seats select").count() == 4
    page.select_option("#seats select >> nth=2", "human")
    page.select_option("#options [name=kitty]", "exchange")
    page.locator("#open").click()
    page.wait_for_selector("#links:not([hidden])")
    assert page.locator("a.seat-link").count() == 2
    page.locator("a.seat-link >> nth=1").click()
    page.wait_for_selector("body[data-connected='true']")
    assert page.locator("#who").text_content() == "you: Player 2"
    assert page.locator("#hand button.card").count() == 12
    page.close()
