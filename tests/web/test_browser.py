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
import math
import os
import re
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

pytest.importorskip("playwright", reason="the browser tests need playwright (dev extra)")
import uvicorn
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from websockets.sync.client import ClientConnection, connect

from tricktaking.cards import Card
from tricktaking.errors import NotationError
from tricktaking.web import create_app
from tricktaking.web.limits import Limits

# One pytest worker runs every browser test: the module's server and Chromium start once,
# and the worker, waiting on the browser most of the time, leaves the cores to the others.
pytestmark = pytest.mark.xdist_group("browser")

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
    limits = Limits(max_tables=500, max_tables_per_address=500)  # the suite opens many
    app = create_app(":memory:", bot_delay=0.02, limits=limits)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
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
                "trick", "tricks", "action", "said", "events", "deal_events", "calls", "contract",
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


# --- the table as players see it, at a phone's size and a desktop's -------------------------

SIZES = [(390, 844), (1280, 800)]
SIZE_IDS = ["phone", "desktop"]
CONTRAST = (Path(__file__).with_name("contrast.js")).read_text()
"""Measures each element's text contrast (see the script)."""
FITS = (
    "els => els.filter(e => e.scrollWidth > e.clientWidth + 1"
    " || e.scrollHeight > e.clientHeight + 1).map(e => e.textContent)"
)
"""The texts of the elements whose content does not fit their box (cut, spilling)."""


def _sized(browser: Browser, size: tuple[int, int], **options: object) -> Page:
    return browser.new_page(viewport={"width": size[0], "height": size[1]}, **options)  # type: ignore[arg-type]


def _ws_url(base_url: str, link: str) -> str:
    return "ws" + base_url.removeprefix("http") + "/ws/" + link.rsplit("/", 1)[-1]


class _Seat:
    """A seat played over the protocol by the test itself (first legal move, or a chosen one)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "hello", "protocol": 1}))
        self.last = cast("Message", json.loads(self.ws.recv(timeout=10)))

    def view(self) -> Message:
        return cast("Message", self.last["view"])

    def wait_turn(self) -> bool:
        """Read until this seat may act (``True``) or the game is over (``False``)."""
        while True:
            view = self.view()
            if view["phase"] == "over":
                return False
            if view["actor"] == view["seat"] and view["legal_actions"]:
                return True
            self.last = cast("Message", json.loads(self.ws.recv(timeout=20)))
            while self.last["type"] not in ("welcome", "event"):
                self.last = cast("Message", json.loads(self.ws.recv(timeout=20)))

    def play(self, token: str | None = None) -> None:
        legal = cast("list[str]", self.view()["legal_actions"])
        chosen = legal[0] if token is None else token
        self.ws.send(json.dumps({"type": "move", "action": chosen, "seq": self.last["seq"]}))
        self.last = cast("Message", json.loads(self.ws.recv(timeout=20)))
        assert self.last["type"] == "event", self.last


@contextlib.contextmanager
def _seat(base_url: str, link: str) -> Iterator[_Seat]:
    with connect(_ws_url(base_url, link), open_timeout=10) as ws:
        yield _Seat(ws)


def _texts(page: Page, selector: str) -> list[str]:
    return [text.strip() for text in page.locator(selector).all_text_contents()]


def _seq_lines(page: Page, selector: str, first: int) -> list[str]:
    """The texts of the log items from ``seq`` ``first`` on."""
    items = page.locator(selector).evaluate_all(
        "els => els.map(e => [Number(e.dataset.seq), e.textContent])"
    )
    return [str(text) for seq, text in cast("list[list[object]]", items) if int(str(seq)) >= first]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_lobby_seats_oh_hell_as_the_players_say(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(base_url + "/")
    page.select_option("#game", "oh-hell")
    players = page.locator("#options [name=players]")
    assert (players.input_value(), players.get_attribute("min"), players.get_attribute("max")) == (
        "3",
        "3",
        "7",
    )
    assert page.locator("#seats select").count() == 3  # OhHellConfig()'s 3 players
    for count in ("7", "5"):
        players.fill(count)
        assert page.locator("#seats select").count() == int(count)
    labels = page.locator("#seats .seat-row label").evaluate_all(
        "els => els.map(e => e.firstChild.textContent)"
    )
    assert labels == ["Seat 0", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]  # as the links say
    offered = page.locator("#options [name]").evaluate_all("els => els.map(e => e.name)")
    assert {"schedule", "hand_size", "max_hand_size", "players"} <= set(offered)
    schedules = page.locator("#options [name=schedule] option").evaluate_all(
        "els => els.map(e => e.value)"
    )
    assert schedules == ["", "up", "down", "up_down", "down_up"]
    page.select_option("#options [name=schedule]", "up_down")
    page.select_option("#seats select >> nth=3", "human")
    page.locator("#open").click()
    page.wait_for_selector("#links:not([hidden])")
    assert page.locator("#notice, #error").first.text_content() in ("", None)
    items = _texts(page, "#seat-links li")
    assert len(items) == 5
    assert items[0].startswith("Seat 0 (Player 0)") and items[3].startswith("Seat 3 (Player 3)")
    assert page.locator("#seat-links button.copy").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]  # links wrap
    page.locator("#seat-links button.copy").first.click()
    page.wait_for_function("() => document.querySelector('button.copy').textContent !== 'Copy'")
    href = page.locator("a.seat-link").first.evaluate("a => a.href")
    assert page.evaluate("navigator.clipboard.readText()") == href
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("body[data-connected='true']")
    assert page.locator(".seat").count() == 5
    context.close()


def test_a_late_joiner_sees_the_whole_deal_and_its_log_equals_the_replay(
    browser: Browser, base_url: str
) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 3}, ["human", "heuristic", "heuristic"], 31
    )
    with _seat(base_url, _link(links, 0)) as seat:
        while seat.wait_turn() and (
            cast("int", seat.view()["round_number"]) < 2
            or not cast("list[object]", seat.view()["tricks"])
        ):
            seat.play()  # into deal 2, a trick done
    errors: list[str] = []
    page = _page(browser, errors)  # a browser that has never seen this table
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)
    log = _texts(page, "#log li")
    assert log[0] == "— deal 2, dealt by Heuristic 1 —", log
    assert sum(" bids " in line for line in log) == 3
    assert sum(line.endswith(" wins the trick") for line in log) >= 1
    calls = _texts(page, ".seat .call")
    assert all(call.startswith("bid ") and call != "bid –" for call in calls), calls
    assert len(_texts(page, "#auction td")) >= 3
    assert page.locator("#last-trick-button").is_enabled()
    first = int(str(page.locator("#log li").first.get_attribute("data-seq")))
    _click_until_over(page)
    live = _seq_lines(page, "#log li", first)
    page.goto(base_url + str(links["replay"]))
    page.wait_for_selector("body[data-ready='true']")
    page.locator("#last").click()
    assert _seq_lines(page, "#log li", first) == live
    assert errors == []
    page.close()


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("wizard", {"players": 3, "first_dealer": 0}),
        ("one-card", {"players": 3, "first_dealer": 0}),
        ("bid-whist", {"first_dealer": 0}),
        ("oh-hell", {"players": 4, "first_dealer": 0, "hand_size": 3}),
    ],
)
def test_every_game_shows_the_bids_on_the_seats_and_in_the_bidding_panel(
    browser: Browser, base_url: str, game: str, options: Message
) -> None:
    players = cast("int", options.get("players", 4))
    links = _table(base_url, game, options, ["human"] + ["heuristic"] * (players - 1), 8)
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)  # the dealer calls last: every other seat has called
    calls = _texts(page, ".seat:not([data-seat='0']) .call")
    assert len(calls) == players - 1
    assert all(call != "bid –" for call in calls), (game, calls)
    panel = [text for text in _texts(page, "#auction td") if text]
    assert len(panel) >= players - 1
    for call in calls:
        said = call.removeprefix("bid ")
        assert said in panel or (call == "passed" and "pass" in panel), (game, call, panel)
    assert page.locator("#auction th").count() == players
    page.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_hand_is_legible_in_every_phase(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 6}, ["human", "heuristic", "heuristic"], 5
    )
    page = _sized(browser, size)
    page.goto(base_url + _link(links, 0))
    measured: dict[str, float] = {}
    while len(measured) < 3:
        over = _wait_turn_or_over(page)
        assert not over
        phase = str(page.locator("#hand").get_attribute("data-phase"))
        if phase in ("bid", "play") and phase not in measured:
            ratios = cast("list[float]", page.locator("#hand .card span").evaluate_all(CONTRAST))
            measured[phase] = min(ratios)
            assert page.locator("#hand .card .rank, #hand .card .pip").evaluate_all(FITS) == []
        if phase == "play" and "waiting" not in measured:
            seq = page.evaluate("document.body.dataset.seq")
            page.locator(ENABLED).first.click()
            page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
            if page.evaluate("document.body.dataset.myTurn") == "false":
                ratios = cast(
                    "list[float]", page.locator("#hand .card span").evaluate_all(CONTRAST)
                )
                measured["waiting"] = min(ratios) if ratios else 21.0
            continue
        seq = page.evaluate("document.body.dataset.seq")
        page.locator(ENABLED).first.click()
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    assert all(ratio >= 4.5 for ratio in measured.values()), measured
    page.close()


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["w"] / 2, box["y"] + box["h"] / 2


def _angle(a: tuple[float, float], b: tuple[float, float], origin: tuple[float, float]) -> float:
    """The angle between the directions from ``origin`` to ``a`` and to ``b``."""
    turn = math.atan2(a[1] - origin[1], a[0] - origin[0]) - math.atan2(
        b[1] - origin[1], b[0] - origin[0]
    )
    return abs((turn + math.pi) % (2 * math.pi) - math.pi)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize(("game", "players"), [("wizard", 3), ("wizard", 6), ("oh-hell", 7)])
def test_trick_cards_lie_before_their_players_whose_names_are_whole(
    browser: Browser, base_url: str, size: tuple[int, int], game: str, players: int
) -> None:
    names = [f"{seat} Wilhelmina-Maximiliane {'W' * 10}" for seat in range(players)]
    options: Message = {"players": players, "first_dealer": 0}
    options |= {"rounds": 4} if game == "wizard" else {"hand_size": 3}
    links = _table(
        base_url, game, options, ["human"] + ["heuristic"] * (players - 1), 17, names=names
    )
    page = _sized(browser, size, reduced_motion="reduce")
    page.goto(base_url + _link(links, 0))
    while not _wait_turn_or_over(page) and page.locator("#trick .played").count() < players - 1:
        page.locator(ENABLED).first.click()  # the dealer plays last: the trick is all but full
        page.wait_for_timeout(100)
    played = page.locator("#trick .played")
    assert played.count() == players - 1
    middle = _centre(_boxes(page, "#trick")[0])
    for index in range(played.count()):
        card = played.nth(index)
        seat = str(card.get_attribute("data-seat"))
        (card_box,) = _boxes(page, f"#trick .played[data-seat='{seat}']")
        (seat_box,) = _boxes(page, f".seat[data-seat='{seat}']")
        angle = _angle(_centre(card_box), _centre(seat_box), middle)
        assert angle < math.radians(60), (seat, card_box, seat_box)
        for other in _boxes(page, ".seat"):
            assert not _overlap(card_box, other)
    shown = _texts(page, ".seat .name-text")
    assert shown == names
    assert page.locator(".seat .name, .seat .name-text, #scores th, #who").evaluate_all(FITS) == []
    assert page.locator("#who").text_content() == "you: " + names[0]
    assert page.locator("#scores").evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    page.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_deal_is_summed_up_and_the_game_ends_with_the_standings_and_its_last_trick(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    links = _table(
        base_url, "wizard", {"players": 3, "rounds": 2}, ["human", "heuristic", "heuristic"], 21
    )
    page = _sized(browser, size)
    page.goto(base_url + _link(links, 0))
    while page.locator("#summary").is_hidden():
        _wait_turn_or_over(page)
        page.locator(ENABLED).first.click()
        page.wait_for_timeout(100)
    rows = page.locator("#summary .deal-summary tr")
    assert rows.count() == 4  # a heading and a row per seat
    assert rows.first.locator("th").all_text_contents() == [
        "Player",
        "Bid",
        "Tricks",
        "Points",
        "Total",
    ]
    cells = rows.nth(1).locator("td").all_text_contents()
    assert cells[0] == "Player 0" and cells[1].isdigit() and cells[2].isdigit()
    lines = _texts(page, "#summary .summary-lines li")
    assert len(lines) == 3 and all("made it" in line or "missed" in line for line in lines)
    _click_until_over(page)
    page.wait_for_selector("#banner:not([hidden])")
    standings = _texts(page, "#standings li")
    scores = [int(line.rsplit(": ", 1)[1]) for line in standings]
    assert len(standings) == 3 and scores == sorted(scores, reverse=True)
    assert page.locator("#callout").text_content() == ""  # no "wins the trick" left over
    assert page.locator("#trick .played").count() == 3  # the final trick stays
    assert page.locator("#trick .played.winner").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    page.close()


def test_partners_are_marked_and_the_contract_has_a_holder(browser: Browser, base_url: str) -> None:
    links = _table(
        base_url, "bid-whist", {"target": 1}, ["human", "heuristic", "heuristic", "heuristic"], 3
    )
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)
    assert _texts(page, ".seat[data-seat='2'] .tag.partner") == ["partner"]
    assert page.locator(".seat .tag.partner").count() == 1
    facts = str(page.locator("#facts").text_content())
    assert "trump" not in facts and "uptown" not in facts  # nothing is decided before the bids
    while page.locator(".seat .tag.holder").count() == 0:
        _wait_turn_or_over(page)
        page.locator(ENABLED).first.click()
        page.wait_for_timeout(100)
    holder = str(page.locator(".seat:has(.tag.holder)").get_attribute("data-seat"))
    name = "Player 0" if holder == "0" else f"Heuristic {holder}"
    assert str(page.locator("#facts").text_content()).count(", " + name) == 1
    _click_until_over(page)
    rows = page.locator("#summary .deal-summary tr")
    assert rows.count() == 3  # a heading and a row per team
    assert rows.nth(1).locator("td").first.text_content() == "Player 0 & Heuristic 2"
    assert any(" set" in line or " made" in line for line in _texts(page, "#summary li"))
    page.close()


def test_one_cards_contract_names_its_holder(browser: Browser, base_url: str) -> None:
    links = _table(base_url, "one-card", {"players": 3}, ["random"] * 3, 0)  # a bid hand first
    page = browser.new_page()
    page.goto(base_url + str(links["spectator"]))
    page.wait_for_function(
        "() => /contract/.test(document.getElementById('facts').textContent)", timeout=20_000
    )
    facts = str(page.locator("#facts").text_content())
    assert any(f"contract {points}, Random" in facts for points in range(6, 16)), facts
    page.close()


@pytest.mark.parametrize("calm", [False, True], ids=["motion", "reduced-motion"])
def test_a_trick_goes_to_its_winner_unless_motion_is_reduced(
    browser: Browser, base_url: str, calm: bool
) -> None:
    links = _table(base_url, "one-card", {"players": 3}, ["heuristic"] * 3, 12)
    page = browser.new_page(reduced_motion="reduce" if calm else "no-preference")
    page.add_init_script(
        "window.sweeps = []; new MutationObserver((records) => { for (const r of records) {"
        " const el = r.target; if (el.classList && el.classList.contains('gone')) {"
        " const s = getComputedStyle(el); window.sweeps.push({seat: el.dataset.seat,"
        " duration: s.transitionDuration, dx: el.style.getPropertyValue('--dx'),"
        " winner: document.querySelector('#trick .winner')?.dataset.seat}); } } })"
        ".observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});"
    )
    page.goto(base_url + str(links["spectator"]))
    page.wait_for_function("() => window.sweeps.length >= 3", timeout=30_000)
    sweeps = cast("list[dict[str, str]]", page.evaluate("window.sweeps"))[:3]
    assert {sweep["duration"] for sweep in sweeps} == ({"0s"} if calm else {"0.45s, 0.45s"})
    assert all(sweep["dx"].endswith("px") for sweep in sweeps)
    page.close()


def test_presence_dots_show_who_is_away(browser: Browser, base_url: str) -> None:
    links = _table(base_url, "wizard", {"players": 3}, ["human", "human", "heuristic"], 2)
    pages = [browser.new_context().new_page() for _ in range(2)]
    for seat, page in enumerate(pages):
        page.goto(base_url + _link(links, seat))
        page.wait_for_selector("body[data-connected='true']")
    first = pages[0]
    first.wait_for_selector(".seat[data-seat='1'] .presence.here")
    assert first.locator(".seat[data-seat='2'] .presence").count() == 0  # a bot has no dot
    pages[1].context.close()
    first.wait_for_selector(".seat[data-seat='1'] .presence.away", timeout=10_000)
    assert _texts(first, ".seat[data-seat='1'] .tag.away") == ["away"]
    first.context.close()


RAW = re.compile(r"\b(?:WZ|JE|JK|RJ|BJ|[2-9TJQKA][SHDC])\b|^\d")


def test_the_log_and_the_replay_speak_in_names(browser: Browser, base_url: str) -> None:
    games: list[tuple[str, Message, int]] = [
        ("wizard", {"players": 4, "rounds": 5}, 3),
        ("one-card", {"players": 2, "target": 12}, 6),
        ("bid-whist", {"target": 1, "kitty": "exchange"}, 1),
    ]
    for game, options, seed in games:
        players = cast("int", options.get("players", 4))
        links = _table(base_url, game, options, ["heuristic"] * players, seed)
        page = browser.new_page()
        page.goto(base_url + str(links["spectator"]))
        page.wait_for_selector("body[data-over='true']", timeout=60_000)
        page.goto(base_url + str(links["replay"]))
        page.wait_for_selector("body[data-ready='true']")
        page.locator("#last").click()
        lines = _texts(page, "#log li")
        assert lines and not [line for line in lines if RAW.search(line)], game
        if game == "wizard":
            assert any(line.endswith(" plays Jester") for line in lines)
            assert any(line.endswith(" plays Wizard") for line in lines)
        if game == "one-card":
            assert any(line.endswith(" plays joker") for line in lines)
        page.locator("#first").click()
        for _ in range(4):
            page.locator("#next").click()
            assert not RAW.search(str(page.locator("#action").text_content()))
        page.close()


def test_the_rules_are_a_click_away_and_the_turn_has_a_clock(
    browser: Browser, base_url: str
) -> None:
    links = _table(base_url, "oh-hell", {"players": 4}, ["human"] + ["heuristic"] * 3, 5)
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)
    page.locator("#rules-button").click()
    assert page.locator("#rules").is_visible()
    assert str(page.locator("#rules-text").text_content()).startswith("Oh Hell (3 to 7 players")
    page.locator("#rules-close").click()
    assert page.locator("#rules").is_hidden()
    assert str(page.locator("#turn").text_content()).startswith("your turn · 0:0")
    page.wait_for_function(
        "() => /your turn · 0:0[2-9]/.test(document.getElementById('turn').textContent)",
        timeout=5_000,
    )
    page.close()


def test_the_dealers_forbidden_bid_is_shown_disabled_with_its_reason(
    browser: Browser, base_url: str
) -> None:
    links = _table(
        base_url, "oh-hell", {"players": 3, "hand_size": 2, "first_dealer": 0}, ["human"] * 3, 7
    )
    for seat, bid in ((1, "1 bid 1"), (2, "2 bid 0")):
        with _seat(base_url, _link(links, seat)) as other:
            assert other.wait_turn()
            other.play(bid)
    page = browser.new_page()
    page.goto(base_url + _link(links, 0))
    _wait_turn_or_over(page)
    bids = page.locator("#choices button")
    assert bids.all_text_contents() == ["0", "1", "2"]
    forbidden = page.locator("#choices button.refused")
    assert forbidden.all_text_contents() == ["1"]
    assert forbidden.get_attribute("aria-disabled") == "true"
    reason = "under the hook the dealer may not make the bids total 2"
    assert reason in str(forbidden.get_attribute("aria-label"))
    assert reason in str(page.locator("#choices .refusal").text_content())
    forbidden.click(force=True)  # a click on it says why, and sends nothing
    assert reason in str(page.locator("#notice").text_content())
    assert page.evaluate("document.body.dataset.myTurn") == "true"  # nothing was sent
    page.close()
