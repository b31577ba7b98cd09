"""The web table's wire protocol: messages, their checks and what each client may see.

Everything here is pure and independent of the ASGI stack, so the protocol can be
tested (and reused by another server) without a network. The protocol is described
for frontend authors in ``docs/reference/web-protocol.md``.

- :func:`parse_client_message` reads one text frame from a client, refusing anything
  oversized, malformed or unknown with a :class:`ProtocolError` and a stable ``code``.
- :func:`seat_view` is one seat's view (``view.to_dict()``); :func:`public_view` is what
  a spectator may see: only what every seat sees alike.
- :func:`action_for` is an action's canonical token as ``viewer`` may see it: card
  names that lie in a zone the viewer may not see are replaced by ``??`` and a deal is
  just ``"deal"``.

Example:
    >>> from tricktaking.web.protocol import (
    ...     action_for,
    ...     parse_client_message,
    ...     public_view,
    ...     seat_view,
    ... )
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OneCardConfig(players=2))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> parse_client_message('{"type": "move", "action": "1 pass"}')
    Move(action='1 pass', seq=None)
    >>> public_view(state)["hand"], len(seat_view(state, 0)["hand"])
    ([], 12)
    >>> action_for(state, state.history.to_tuple()[-1], 0)
    'deal'
"""

# pyright: strict
from __future__ import annotations

import enum
import io
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Literal, TypeAlias, cast

import attrs

import tricktaking as tt
from tricktaking.cards import Card, Suit
from tricktaking.engine import GameState
from tricktaking.errors import TricktakingError
from tricktaking.notation import Output
from tricktaking.views import JSONValue, Zone

__all__ = [
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "ClientMessage",
    "ErrorCode",
    "Hello",
    "Hint",
    "Move",
    "ProtocolError",
    "Rematch",
    "action_for",
    "event_message",
    "hidden_cards",
    "parse_client_message",
    "phrases",
    "public_view",
    "replay_frames",
    "say",
    "seat_view",
    "utf8_screen",
]

PROTOCOL_VERSION: Final = 1
"""The protocol version this server speaks; ``hello`` must name it."""

MAX_MESSAGE_BYTES: Final = 4096
"""The largest text frame (UTF-8 bytes) a client may send; larger ones are refused."""

ErrorCode: TypeAlias = Literal[
    "too_large",
    "malformed",
    "unknown_type",
    "bad_field",
    "version",
    "hello_first",
    "spectator",
    "not_your_turn",
    "stale",
    "illegal",
    "game_over",
    "unsupported",
    "not_found",
    "not_over",
    "rate_limited",
    "too_many_tables",
    "forbidden",
]
"""The stable reason codes of ``error`` messages (see the protocol page)."""

_PRIVATE_KEYS: Final = ("hand", "legal_actions")


class ProtocolError(TricktakingError, ValueError):
    """A client message the server refuses; nothing changes when it is raised.

    Args:
        code: The stable reason code sent to the client.
        message: The human-readable reason.

    Example:
        >>> from tricktaking.web.protocol import ProtocolError
        >>> error = ProtocolError("malformed", "not JSON")
        >>> error.code, str(error)
        ('malformed', 'not JSON')
    """

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code

    def to_message(self, seq: int | None) -> dict[str, JSONValue]:
        """The ``error`` message sent to the client, with the table's current ``seq``.

        Example:
            >>> from tricktaking.web.protocol import ProtocolError
            >>> ProtocolError("stale", "the table moved on").to_message(7)["code"]
            'stale'
        """
        return {"type": "error", "code": self.code, "message": str(self), "seq": seq}


@attrs.frozen
class Hello:
    """``{"type": "hello", "protocol": 1, "since": N}``: start or resume a session.

    Attributes:
        since: The last ``seq`` the client has applied, or ``None`` on a fresh page.
        presence: Whether the client also wants ``presence`` messages (who is connected).

    Example:
        >>> from tricktaking.web.protocol import Hello
        >>> Hello(since=4).since, Hello().presence
        (4, False)
    """

    since: int | None = None
    presence: bool = False


@attrs.frozen
class Move:
    """``{"type": "move", "action": "0 play QH", "seq": N}``: play a canonical action token.

    Attributes:
        action: The canonical token, seat included (``str(action)``).
        seq: The ``seq`` the client saw when it chose; a different current one is refused.

    Example:
        >>> from tricktaking.web.protocol import Move
        >>> Move("0 play QH").seq is None
        True
    """

    action: str
    seq: int | None = None


@attrs.frozen
class Hint:
    """``{"type": "hint"}``: ask the server's suggestion for this seat (if it has one).

    Example:
        >>> from tricktaking.web.protocol import Hint, parse_client_message
        >>> parse_client_message('{"type": "hint"}') == Hint()
        True
    """


@attrs.frozen
class Rematch:
    """``{"type": "rematch"}``: once the game is over, open the same table again.

    Every client of the finished table then gets a ``rematch`` message with its own
    link to the new table (the same game, options, seats and names; a new seed).

    Example:
        >>> from tricktaking.web.protocol import Rematch, parse_client_message
        >>> parse_client_message('{"type": "rematch"}') == Rematch()
        True
    """


ClientMessage: TypeAlias = Hello | Move | Hint | Rematch
"""Every message a client may send."""


def _optional_int(data: dict[str, object], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("bad_field", f"{key!r} must be a non-negative integer")
    return value


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Read one client frame.

    Raises:
        ProtocolError: ``too_large`` beyond :data:`MAX_MESSAGE_BYTES`, ``malformed`` if it
            is not a JSON object, ``unknown_type``, ``bad_field`` or ``version``.

    Example:
        >>> from tricktaking.web.protocol import parse_client_message
        >>> parse_client_message('{"type": "hello", "protocol": 1, "since": 3}')
        Hello(since=3, presence=False)
        >>> parse_client_message("[1, 2]")
        Traceback (most recent call last):
        ...
        tricktaking.web.protocol.ProtocolError: a message must be a JSON object
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:  # deep nesting is malformed
        raise ProtocolError("malformed", f"not JSON: {error}") from error
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    fields = cast("dict[str, object]", data)
    kind = fields.get("type")
    if kind == "hello":
        if fields.get("protocol") != PROTOCOL_VERSION:
            raise ProtocolError("version", f"this server speaks protocol {PROTOCOL_VERSION} only")
        presence = fields.get("presence", False)
        if not isinstance(presence, bool):
            raise ProtocolError("bad_field", "'presence' must be true or false")
        return Hello(since=_optional_int(fields, "since"), presence=presence)
    if kind == "move":
        action = fields.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError("bad_field", "'action' must be a canonical action token")
        return Move(action=action, seq=_optional_int(fields, "seq"))
    if kind == "hint":
        return Hint()
    if kind == "rematch":
        return Rematch()
    raise ProtocolError("unknown_type", f"unknown message type {kind!r}")


def seat_view(state: GameState[object], seat: int) -> dict[str, JSONValue]:
    """What ``seat`` sees: ``tt.view(state, seat).to_dict()``.

    Example:
        >>> from tricktaking.web.protocol import seat_view
        >>> import tricktaking as tt
        >>> seat_view(tt.new_game(tt.WizardConfig(players=3)), 2)["seat"]
        2
    """
    return tt.view(state, seat).to_dict()


def public_view(state: GameState[object]) -> dict[str, JSONValue]:
    """What a spectator sees: every field all seats see alike, nothing any seat has alone.

    ``seat`` is ``None``, ``hand`` and ``legal_actions`` are empty, and any other field
    whose value differs between seats (a declarer's discards, say) is ``None``.

    Example:
        >>> from tricktaking.web.protocol import public_view
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> seen = public_view(state)
        >>> seen["seat"], seen["hand"], seen["hand_sizes"]
        (None, [], [1, 1, 1])
    """
    views = [seat_view(state, seat) for seat in range(len(tt.scores(state)))]
    merged: dict[str, JSONValue] = {}
    for key, value in views[0].items():
        if key in _PRIVATE_KEYS:
            merged[key] = []
        elif key == "seat" or any(other.get(key) != value for other in views[1:]):
            merged[key] = None
        else:
            merged[key] = value
    return merged


def _zones(state: GameState[object]) -> tuple[Zone, ...]:
    rules = tt.game_of(state).rules
    zones = getattr(rules, "zones", None)
    if zones is None:  # a game without a visibility model: hide every card but plays
        return ()
    return cast("tuple[Zone, ...]", zones(state))


def _visible_cards(zones: Iterable[Zone], viewer: int | None) -> set[Card]:
    return {
        card
        for zone in zones
        if zone.seen_by is None or (viewer is not None and zone.visible_to(viewer))
        for card in zone.cards
    }


def action_for(state: GameState[object], action: object, viewer: int | None) -> str:
    """``action``'s canonical token as ``viewer`` may see it, ``state`` being the state after it.

    ``viewer`` is a seat, or ``None`` for a spectator. A play is public; a deal is
    ``"deal"``; any other card the viewer may not see afterwards is ``??``.

    Example:
        >>> from tricktaking.web.protocol import action_for
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> bid = tt.legal_actions(state)[0]
        >>> action_for(tt.apply(state, bid), bid, None)
        '1 bid 0'
    """
    if isinstance(action, tt.Deal):
        return "deal"
    token = str(action)
    if isinstance(action, tt.Play):
        return token
    named = _cards_named(action)
    if not named:
        return token
    hidden = {str(card) for card in hidden_cards(state, action, viewer)}
    seat, _, rest = token.partition(" ")
    return " ".join([seat, *("??" if word in hidden else word for word in rest.split(" "))])


def hidden_cards(state: GameState[object], action: object, viewer: int | None) -> set[Card]:
    """The cards ``action`` names that ``viewer`` may not see in ``state`` (the state after it).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.protocol import hidden_cards
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> hidden_cards(state, state.history.last, None)
        set()
    """
    if isinstance(action, (tt.Deal, tt.Play)):
        return set()
    return _cards_named(action) - _visible_cards(_zones(state), viewer)


def _cards_named(action: object) -> set[Card]:
    """The cards an action names (its fields that hold a card or cards)."""
    if not attrs.has(type(action)):
        return set()
    named: set[Card] = set()
    for value in attrs.asdict(cast("attrs.AttrsInstance", action), recurse=False).values():
        if isinstance(value, Card):
            named.add(value)
        elif isinstance(value, tuple):
            named.update(
                item for item in cast("tuple[object, ...]", value) if isinstance(item, Card)
            )
    return named


def utf8_screen() -> tuple[Output, Callable[[], str]]:
    r"""The terminal's words written to memory in UTF-8, and how to read them back.

    Example:
        >>> from tricktaking.cards import Card
        >>> from tricktaking.web.protocol import utf8_screen
        >>> screen, written = utf8_screen()
        >>> screen(screen.card(Card.parse("TH")) + " " + screen.card(Card.parse("WZ")))
        >>> written()
        '10♥ Wizard\n'
    """
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")

    def written() -> str:
        stream.flush()
        return stream.buffer.getvalue().decode("utf-8")

    return Output(stream, ascii_only=False), written


_CARD_WORDS = utf8_screen()[0]  # cards by their faces and names: 10♥, Wizard, big joker


def _spoken(value: object, hidden: set[Card]) -> str:
    if isinstance(value, Card):
        if value in hidden:
            return "a hidden card"
        return _CARD_WORDS.card(value)
    if isinstance(value, Suit):
        return value.name.lower()
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, tuple):
        return " ".join(_spoken(item, hidden) for item in cast("tuple[object, ...]", value))
    return "" if value is None else str(value)


def say(action: object, hidden: Iterable[Card] = ()) -> str:
    """What a player says for ``action`` (without the seat or the verb), for people.

    The action's fields but its seat, in order: a card by its face (``Q♥``; a Wizard,
    a Jester or a joker by its name; ``hidden`` ones as "a hidden card"), a suit by its
    name, any other choice by its words. An action with nothing more to say is its verb.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.protocol import say
        >>> state = tt.new_game(tt.BidWhistConfig())
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> [say(action) for action in tt.legal_actions(state)[:4]]
        ['pass', '1 uptown', '1 downtown', '1 no trump']
    """
    if isinstance(action, tt.Deal):
        return "deal"
    hiding = set(hidden)
    words: list[str] = []
    if attrs.has(type(action)):
        fields = attrs.asdict(cast("attrs.AttrsInstance", action), recurse=False)
        words = [_spoken(value, hiding) for key, value in fields.items() if key != "seat"]
    spoken = " ".join(word for word in words if word)
    return spoken or str(action).split(" ")[1]


_TOKEN = re.compile(r"^\d+ [a-z_]+")


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in cast("list[object]", value):
            yield from _strings(item)


def phrases(state: GameState[object], view: dict[str, JSONValue]) -> dict[str, str]:
    """What players say for every action token in ``view`` (legal actions, contracts…).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.protocol import phrases, seat_view
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> phrases(state, seat_view(state, 1))
        {'1 bid 0': '0', '1 bid 1': '1'}
    """
    parse = tt.game_of(state).rules.parse_action
    said: dict[str, str] = {}
    for key, value in view.items():
        if key in ("hand", "trick", "tricks"):
            continue
        for text in _strings(value):
            if text not in said and _TOKEN.match(text):
                try:
                    said[text] = say(parse(text))
                except (TricktakingError, ValueError):
                    continue
    return said


def event_message(
    before: GameState[object], action: object, after: GameState[object], viewer: int | None
) -> dict[str, JSONValue]:
    """The ``event`` message ``viewer`` gets for an accepted action.

    ``seq`` is the number of actions accepted so far (the length of the history).

    Example:
        >>> from tricktaking.web.protocol import event_message
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> action = tt.deal(state, seed=1)
        >>> message = event_message(state, action, tt.apply(state, action), None)
        >>> message["type"], message["seq"], message["action"], message["actor"]
        ('event', 1, 'deal', 'chance')
    """
    seat = tt.actor(before)
    seen = public_view(after) if viewer is None else seat_view(after, viewer)
    return {
        "type": "event",
        "seq": len(after.history),
        "actor": seat if isinstance(seat, int) else "chance",
        "action": action_for(after, action, viewer),
        "said": say(action, hidden_cards(after, action, viewer)),
        "view": seen,
        "say": cast("JSONValue", phrases(after, seen)),
    }


def replay_frames(states: Sequence[GameState[object]]) -> list[dict[str, JSONValue]]:
    """Frames of a finished game for the replay viewer: the public view plus every hand.

    Each frame also has its ``seq``, the ``action`` that led to it (``"deal"`` for a
    deal, ``None`` first), the seat that took it (``by``: ``"chance"`` for a deal) and
    what the player ``said`` (see :func:`say`). Only for finished games: the frames show
    every seat's cards.

    Example:
        >>> from tricktaking.web.protocol import replay_frames
        >>> import tricktaking as tt
        >>> from tricktaking.testing import playout
        >>> states = playout(tt.new_game(tt.WizardConfig(players=3, rounds=1)), seed=1)
        >>> frames = replay_frames(states)
        >>> len(frames) == len(states), frames[1]["action"], len(frames[1]["hands"])
        (True, 'deal', 3)
    """
    frames: list[dict[str, JSONValue]] = []
    for state in states:
        frame = public_view(state)
        seats = range(len(tt.scores(state)))
        frame["hands"] = [seat_view(state, seat)["hand"] for seat in seats]
        frame["seq"] = len(state.history)
        frame["action"] = frame["by"] = frame["said"] = None
        if state.history:
            last = state.history.last
            seat = getattr(last, "seat", None)
            frame["action"] = "deal" if isinstance(last, tt.Deal) else str(last)
            frame["by"] = seat if isinstance(seat, int) else "chance"
            frame["said"] = say(last)
        frames.append(frame)
    return frames
