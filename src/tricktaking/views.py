"""Building blocks of player views: the JSON value type and card and trick encoders.

Each game defines its own frozen view class (``WizardView`` and the others) with a
``to_dict()`` made from these helpers, so every view serialises the same way.

Example:
    >>> cards_to_json(parse_cards("AS WZ"))
    ['AS', 'WZ']
    >>> trick_to_json(Trick(leader=1, plays=(Play(1, Card.parse("QH")),)))
    {'leader': 1, 'plays': [{'seat': 1, 'card': 'QH'}], 'winner': None}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias

import attrs

from tricktaking.cards import Card, sort_cards
from tricktaking.tricks import Trick

__all__ = [
    "JSONValue",
    "Zone",
    "actions_to_json",
    "cards_to_json",
    "check_zone_names",
    "hand_zones",
    "played_zones",
    "replaced_hands",
    "replacement",
    "trick_to_json",
]

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
"""Any value :func:`json.dumps` accepts without a custom encoder."""


@attrs.frozen
class Zone:
    """A place where cards lie, and who may see them: the visibility model of a game.

    Every card of a dealt round is in exactly one zone. Visibility belongs to the zone,
    declared by ownership or role (a seat's hand, the declarer's discards), never by
    phase alone; views are built to show a seat only the zones it may see.

    Args:
        name: The zone's name, e.g. ``"hand 2"``, ``"stock"``, ``"tricks"``.
        cards: The cards in it.
        seen_by: The seats that may see it; ``None`` when it is public.

    Example:
        >>> Zone("hand 1", parse_cards("AS"), frozenset({1})).visible_to(0)
        False
        >>> Zone("trick", parse_cards("KH"), None).visible_to(0)
        True
    """

    name: str
    cards: tuple[Card, ...]
    seen_by: frozenset[int] | None

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` may see the cards of this zone."""
        return self.seen_by is None or seat in self.seen_by


def played_zones(trick: Trick, tricks: Iterable[Trick]) -> tuple[Zone, Zone]:
    """The public zones of the cards played: the current trick and the completed ones.

    Example:
        >>> [zone.name for zone in played_zones(Trick(leader=0), ())]
        ['trick', 'tricks']
    """
    done = tuple(play.card for done in tricks for play in done.plays)
    return Zone("trick", trick.cards, None), Zone("tricks", done, None)


def hand_zones(hands: Iterable[tuple[Card, ...]]) -> tuple[Zone, ...]:
    """One zone per hand, each seen by its owner only.

    Example:
        >>> [zone.seen_by for zone in hand_zones(((), ()))]
        [frozenset({0}), frozenset({1})]
    """
    return tuple(Zone(f"hand {seat}", hand, frozenset({seat})) for seat, hand in enumerate(hands))


def replacement(
    cards: Mapping[str, tuple[Card, ...]], name: str, current: tuple[Card, ...]
) -> tuple[Card, ...]:
    """The new cards for zone ``name`` from ``cards``, or ``current`` if not given.

    Games use it to implement ``with_zones``.

    Raises:
        ValueError: If the new cards are not as many as the current ones.

    Example:
        >>> replacement({"stock": parse_cards("AS")}, "stock", parse_cards("KH"))
        (Card(Rank.ACE, Suit.SPADES),)
    """
    new = cards.get(name, current)
    if len(new) != len(current):
        raise ValueError(f"zone {name!r} holds {len(current)} cards, not {len(new)}")
    return tuple(new)


def check_zone_names(cards: Mapping[str, object], zones: Iterable[Zone]) -> None:
    """Reject names in ``cards`` that are not hidden zones of ``zones``.

    Raises:
        ValueError: If a name is unknown or names a public zone.

    Example:
        >>> check_zone_names({"trick": ()}, [Zone("trick", (), None)])
        Traceback (most recent call last):
        ...
        ValueError: 'trick' is not a zone whose cards may be replaced
    """
    allowed = {zone.name for zone in zones if zone.seen_by is not None}
    for name in cards:
        if name not in allowed:
            raise ValueError(f"{name!r} is not a zone whose cards may be replaced")


def replaced_hands(
    cards: Mapping[str, tuple[Card, ...]], hands: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[Card, ...], ...]:
    """The hands with the replacements in ``cards`` (zones ``"hand 0"``, …), sorted.

    Example:
        >>> hands = (parse_cards("2C"), parse_cards("3C 4C"))
        >>> [format_cards(hand) for hand in replaced_hands({"hand 1": parse_cards("AS KS")}, hands)]
        ['2C', 'KS AS']
    """
    return tuple(
        sort_cards(replacement(cards, f"hand {seat}", hand)) for seat, hand in enumerate(hands)
    )


def cards_to_json(cards: Iterable[Card]) -> list[JSONValue]:
    """The tokens of ``cards``, in order.

    Example:
        >>> cards_to_json(())
        []
    """
    return [str(card) for card in cards]


def trick_to_json(trick: Trick) -> dict[str, JSONValue]:
    """A trick as ``{"leader", "plays": [{"seat", "card"}], "winner"}``.

    Example:
        >>> trick_to_json(Trick(leader=0))["plays"]
        []
    """
    return {
        "leader": trick.leader,
        "plays": [{"seat": play.seat, "card": str(play.card)} for play in trick.plays],
        "winner": trick.winner,
    }


def actions_to_json(actions: Iterable[object]) -> list[JSONValue]:
    """The canonical tokens of ``actions``, in order.

    Example:
        >>> actions_to_json([Pass(0), Play(1, Card.parse("AS"))])
        ['0 pass', '1 play AS']
    """
    return [str(action) for action in actions]
