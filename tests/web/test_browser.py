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


def _table(
    base_url: str,
    game: str,
    options: Message,
    seats: list[str],
    seed: int,
    *,
    names: list[str] | None = None,
) -> Message:
    body: Message = {"game": game, "options": options, "seats": seats, "seed": seed}
    if names is not None:
        body["names"] = names
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
    assert page.locator("#options label", has_text="First lead").count() == 1
    assert page.locator("#options .help").count() == len(page.locator("#options .option").all())
    assert page.locator("#options select[name=first_lead] option").all_text_contents() == [
        "left of dealer",
        "declarer",
    ]
    page.locator("#seats input.seat-name >> nth=2").fill("Ada Lovelace")
    page.locator("#open").click()
    page.wait_for_selector("#links:not([hidden])")
    assert page.locator("a.seat-link").count() == 2
    assert page.locator("#my-tables li").count() == 1
    page.locator("a.seat-link >> nth=1").click()
    page.wait_for_selector("body[data-connected='true']")
    assert page.locator("#who").text_content() == "you: Ada Lovelace"
    assert page.locator("#hand button.card").count() == 12
    page.close()


def _short_options(game: Message) -> Message:
    """Options that make ``game`` short (one deal, the lowest target), whatever it is."""
    wanted: Message = {"players": 3, "rounds": 1, "target": 1}
    return {
        str(option["name"]): wanted[str(option["name"])]
        for option in cast("list[Message]", game["options"])
        if option["name"] in wanted
    }


def _games(base_url: str) -> list[Message]:
    with urllib.request.urlopen(base_url + "/api/games", timeout=10) as answer:
        return cast("list[Message]", json.loads(answer.read())["games"])


def test_every_game_plays_to_its_winner_banner_by_clicking(browser: Browser, base_url: str) -> None:
    for game in _games(base_url):
        seats = int(cast("int", game["seats"] or 3))
        links = _table(
            base_url,
            str(game["name"]),
            _short_options(game),
            ["human"] + ["heuristic"] * (seats - 1),
            7,
        )
        errors: list[str] = []
        page = _page(browser, errors)
        page.goto(base_url + _link(links, 0))
        _click_until_over(page, limit=400)
        banner = page.locator("#banner")
        banner.wait_for(state="visible")
        assert " win" in str(page.locator("#winner-text").text_content()), game["name"]
        assert page.locator("#hint-button").is_hidden()
        assert page.locator("#summary").is_visible()
        assert page.locator("#log li").count() > 5
        assert errors == [], game["name"]
        page.close()


def test_the_bid_whist_auction_is_drawn_as_bids_not_cards(browser: Browser, base_url: str) -> None:
    links = _table(base_url, "bid-whist", {"first_dealer": 3}, ["human"] + ["heuristic"] * 3, 2)
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)  # seat 0 sits left of the dealer: it bids first
    bids = page.locator("#choices button").all_text_contents()
    assert len(bids) == 22  # pass and all 21 bids
    assert bids[0] == "pass"
    assert {"1 uptown", "4 no trump", "7 downtown", "7 no trump"} <= set(bids)
    cards = page.locator("#hand button.card")
    assert cards.count() == 12
    playable = page.locator("#hand button.card:not([aria-disabled='true'])")
    assert playable.count() == 0
    actions = cards.evaluate_all("els => els.map(e => e.dataset.action || '')")
    assert not any("bid" in action for action in actions)
    assert page.locator("#choices button[aria-label='bid 7 downtown']").count() == 1
    page.close()


def _boxes(page: Page, selector: str) -> list[dict[str, float]]:
    return cast(
        "list[dict[str, float]]",
        page.locator(selector).evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return {x: r.x, y: r.y + window.scrollY, w: r.width, h: r.height}; })"
        ),
    )


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_no_box_overlaps_another_and_the_hand_is_on_screen(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    for players in range(3, 7):
        names = [f"{seat}{'W' * 39}" for seat in range(players)]  # 40 wide characters each
        links = _table(
            base_url,
            "wizard",
            {"players": players, "rounds": 2},
            ["human"] + ["heuristic"] * (players - 1),
            players,
            names=names,
        )
        page.goto(base_url + _link(links, 0))
        _wait_turn_or_over(page)
        seats = _boxes(page, ".seat")
        assert len(seats) == players
        boxes = [*seats, *_boxes(page, "#facts"), *_boxes(page, "#controls")]
        for index, box in enumerate(boxes):
            for other in boxes[index + 1 :]:
                assert not _overlap(box, other), (players, size, box, other)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for selector in ("#hand", "#choices"):
            (box,) = _boxes(page, selector)
            assert box["y"] + box["h"] <= height, (players, size, selector, box)
    page.close()


def test_a_reload_keeps_the_log(browser: Browser, base_url: str) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 3}, ["human", "heuristic", "heuristic"], 12
    )
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    for _ in range(3):
        _wait_turn_or_over(page)
        seq = page.evaluate("document.body.dataset.seq")
        page.locator(ENABLED).first.click()
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    _wait_turn_or_over(page)
    before = page.locator("#log li").all_text_contents()
    assert any(" bids " in line for line in before)
    page.reload()
    _wait_turn_or_over(page)
    after = page.locator("#log li").all_text_contents()
    assert after[: len(before)] == before
    page.close()


def test_offline_clicks_are_refused_and_said(browser: Browser, base_url: str) -> None:
    links = _table(base_url, "wizard", {"players": 3}, ["human", "heuristic", "heuristic"], 13)
    page = browser.new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)
    # the server goes away and stays away: every reconnection hangs
    page.evaluate(
        "() => { const real = socket; window.WebSocket = class { constructor() {"
        " this.readyState = 0; } addEventListener() {} send() {} close() {} };"
        " real.close(); }"
    )
    page.wait_for_selector("body[data-connected='false']")
    assert page.locator("#offline").is_visible()
    before = len(sent)
    page.locator("#choices button").first.click(force=True)
    assert page.locator("#notice").text_content()
    assert page.locator("#choices button:not([aria-disabled='true'])").count() == 0
    time.sleep(0.3)
    assert len(sent) == before
    page.close()


def test_a_trick_is_played_with_the_keyboard(browser: Browser, base_url: str) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 3}, ["human", "heuristic", "heuristic"], 4
    )
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)  # the bid: Tab to the first choice, Enter
    page.locator("#choices button").first.focus()
    seq = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("Enter")
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    _wait_turn_or_over(page)
    page.locator("#hand button.card").first.focus()
    for _ in range(10):  # arrows walk the hand to a playable card
        if page.evaluate("document.activeElement.getAttribute('aria-disabled')") == "false":
            break
        page.keyboard.press("ArrowRight")
    card = str(page.evaluate("document.activeElement.dataset.card"))
    label = str(page.evaluate("document.activeElement.getAttribute('aria-label')"))
    assert label.startswith("play ")
    seq = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("Enter")
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    played = page.locator("#trick .played, #last-trick .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    log = page.locator("#log li").all_text_contents()
    assert card in played or any(line.endswith(": play " + _pretty(card)) for line in log)
    page.close()


def _pretty(card: str) -> str:
    return Card.parse(card).pretty()
