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

from collections.abc import Iterable
from typing import TypeAlias

from tricktaking.cards import Card
from tricktaking.tricks import Trick

__all__ = ["JSONValue", "actions_to_json", "cards_to_json", "trick_to_json"]

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
"""Any value :func:`json.dumps` accepts without a custom encoder."""


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
