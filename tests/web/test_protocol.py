"""The protocol layer: message parsing, and that nobody is sent a card they may not see."""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterator

import pytest

import tricktaking as tt
from tricktaking.cards import Card
from tricktaking.engine import GameState
from tricktaking.errors import NotationError
from tricktaking.testing import playout
from tricktaking.views import JSONValue, Zone
from tricktaking.web.protocol import (
    Hello,
    Hint,
    Move,
    ProtocolError,
    action_for,
    event_message,
    parse_client_message,
    public_view,
    replay_frames,
)
from tricktaking.web.recap import deal_events, deal_summaries, refused_choices
from tricktaking.web.tables import Table

CONFIGS = [
    tt.WizardConfig(players=4, rounds=3),
    tt.OneCardConfig(players=3, target=8),
    tt.BidWhistConfig(target=3),
    tt.BidWhistConfig(target=3, kitty="exchange"),
]


ACTION_FIELDS = ("calls", "contract", "legal_actions")  # action tokens: "bid 3D" is no card


def _words(data: JSONValue) -> Iterator[str]:
    if isinstance(data, str):
        yield from data.split()
    elif isinstance(data, list):
        for item in data:
            yield from _words(item)
    elif isinstance(data, dict):
        for key, item in data.items():
            if key not in ACTION_FIELDS:
                yield from _words(item)


def _hidden(state: GameState[object], viewer: int | None) -> set[Card]:
    zones: tuple[Zone, ...] = getattr(tt.game_of(state).rules, "zones")(state)  # noqa: B009

    def sees(zone: Zone) -> bool:
        return zone.seen_by is None or (viewer is not None and zone.visible_to(viewer))

    visible = {card for zone in zones if sees(zone) for card in zone.cards}
    return {card for zone in zones if not sees(zone) for card in zone.cards} - visible


def _cards(data: JSONValue) -> set[Card]:
    found = set()
    for word in _words(data):
        with contextlib.suppress(NotationError, ValueError):
            found.add(Card.parse(word))
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: type(config).__name__)
def test_no_message_reveals_a_hidden_card(config: object) -> None:
    states = playout(tt.new_game(config), seed=11)
    seats = len(tt.scores(states[0]))
    for before, after in itertools.pairwise(states):
        action = after.history.last
        for viewer in [None, *range(seats)]:
            message = event_message(before, action, after, viewer)
            if not isinstance(action, (tt.Play, tt.bid_whist.Discard)):
                # no other action names a card: its words ("bid 3D") are not cards
                assert message["action"] in ("deal", str(action))
                message = {**message, "action": ""}
            leaked = _cards(message) & _hidden(after, viewer)
            assert not leaked, (viewer, str(action), leaked)


@pytest.mark.parametrize(
    "config",
    [*CONFIGS, tt.OhHellConfig(players=4, schedule="up", max_hand_size=3)],
    ids=lambda config: type(config).__name__,
)
def test_no_welcome_reveals_a_hidden_card(config: object) -> None:
    """The deal's events, a deal's summary and the refused choices a welcome carries.

    A summary is checked when its deal ends (later deals deal its cards again).
    """
    seats = len(tt.scores(tt.new_game(config)))
    table = Table.create(config, ["random"] * seats, seed=5)
    while (action := table.automatic_action()) is not None:
        table.accept(action)
        ended = bool(table.ends) and table.ends[-1] is table.state
        for viewer in [None, *range(seats)]:
            told: JSONValue = {
                "events": deal_events(table, viewer),
                "deals": deal_summaries(table, viewer, -1) if ended else [],
                "refused": list(refused_choices(table.state, viewer).values()),
            }
            leaked = _cards(_without_bids(told)) & _hidden(table.state, viewer)
            assert not leaked, (viewer, str(action), leaked)


def _without_bids(data: JSONValue) -> JSONValue:
    """``data`` with the word after each "bid" left out: "bid 6D" names no card."""
    if isinstance(data, str):
        return re.sub(r"\bbid \S+", "bid", data)
    if isinstance(data, list):
        return [_without_bids(item) for item in data]
    if isinstance(data, dict):
        return {key: _without_bids(item) for key, item in data.items()}
    return data


def test_the_public_view_is_what_every_seat_sees_alike() -> None:
    state = playout(tt.new_game(tt.BidWhistConfig(kitty="exchange")), seed=3)[40]
    seen = public_view(state)
    assert (seen["seat"], seen["hand"], seen["legal_actions"]) == (None, [], [])
    for seat in range(4):
        own = tt.view(state, seat).to_dict()
        for key, value in seen.items():
            assert value in (own[key], None, []), key


def test_a_discard_is_shown_to_its_declarer_only() -> None:
    states = playout(tt.new_game(tt.BidWhistConfig(kitty="exchange")), seed=3)
    index, discard = next(
        (i, s.history.last)
        for i, s in enumerate(states)
        if isinstance(s.history.last if s.history else None, tt.bid_whist.Discard)
    )
    assert isinstance(discard, tt.bid_whist.Discard)
    seat = discard.seat
    assert action_for(states[index], discard, seat) == str(discard)
    assert action_for(states[index], discard, (seat + 1) % 4) == f"{seat} discard ??"
    assert action_for(states[index], discard, None) == f"{seat} discard ??"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "hello", "protocol": 1}', Hello()),
        ('{"type": "hello", "protocol": 1, "since": 0}', Hello(since=0)),
        ('{"type": "move", "action": "2 play QH", "seq": 9}', Move("2 play QH", 9)),
        (b'{"type": "move", "action": "2 pass"}', Move("2 pass")),
        ('{"type": "hint"}', Hint()),
    ],
)
def test_client_messages_parse(text: str | bytes, message: object) -> None:
    assert parse_client_message(text) == message


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "malformed"),
        ("null", "malformed"),
        ('{"type": "hello"}', "version"),
        ('{"type": "hello", "protocol": "1"}', "version"),
        ('{"type": "hello", "protocol": 1, "since": true}', "bad_field"),
        ('{"type": "move", "action": 3}', "bad_field"),
        ('{"type": "move", "action": "  "}', "bad_field"),
        ('{"type": "move", "action": "0 pass", "seq": 1.5}', "bad_field"),
        ('{"kind": "move"}', "unknown_type"),
        ('{"type": "move", "action": "' + "é" * 2100 + '"}', "too_large"),
        (b"\xff\xfe", "malformed"),
    ],
)
def test_bad_client_messages_are_refused_with_a_code(text: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(text)
    assert caught.value.code == code


def test_replay_frames_show_every_hand_and_the_acting_seat() -> None:
    states = playout(tt.new_game(tt.OneCardConfig(players=2, target=3)), seed=2)
    frames = replay_frames(states)
    assert [frame["seq"] for frame in frames] == list(range(len(states)))
    for frame, state in zip(frames, states, strict=True):
        assert (
            frame["hands"] == [[str(card) for card in hand] for hand in state.round.hands]
            or not state.round.hands
        )
