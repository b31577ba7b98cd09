"""Exact-type validators for the fields of actions and for configuration options.

An action is built from what a client sent, so its fields are checked for their exact
type when it is built: an ``int`` subclass can compare equal to everything, a ``bool``
is an ``int`` that a record cannot hold, and a ``Card`` made with ``object.__new__``
is not one of the library's flyweights. Ranges are the games' business (``check``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TypeVar, cast

import attrs

from tricktaking.arguments import is_exact_int
from tricktaking.cards import _ORDER, Card
from tricktaking.errors import ActionError, ConfigError, safe_repr

__all__ = [
    "MAX_TARGET",
    "as_tuple",
    "card_tuple",
    "exact_int",
    "exact_options",
    "library_card",
    "member_of",
]


def _owner(instance: object, name: str) -> str:
    return f"{type(instance).__name__}.{name}"


_E = TypeVar("_E", bound=enum.Enum)
_T = TypeVar("_T")


def as_tuple(items: Iterable[_T], what: str) -> tuple[_T, ...]:
    """``items`` as a tuple; text or a non-iterable is an :class:`ActionError`."""
    if isinstance(cast("object", items), str | bytes):
        raise ActionError(f"{what} are not the text {safe_repr(items)}")
    try:
        return tuple(items)
    except TypeError:
        raise ActionError(f"{what} must be iterable, not {safe_repr(items)}") from None


def card_tuple(cards: Iterable[Card], holder: str) -> tuple[Card, ...]:
    """The cards as a tuple of the library's flyweights only (no subclass, no forgery)."""
    result = as_tuple(cards, f"{holder}'s cards")
    for card in result:
        if type(card) is not Card or card not in _ORDER:  # _ORDER hashes by identity
            raise ActionError(f"{holder} holds the library's Card objects, not {safe_repr(card)}")
    return result


def exact_int(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """Attrs validator: the field is exactly an ``int`` (an action's seat, a bid).

    Raises:
        ActionError: If it is not.

    Example:
        >>> import attrs
        >>> from tricktaking import kit
        >>> @attrs.frozen
        ... class Raise:
        ...     seat: int = attrs.field(validator=kit.exact_int)
        >>> Raise(True)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ActionError: Raise.seat must be an int (not a bool ...), not True
    """
    if not is_exact_int(value):
        raise ActionError(
            f"{_owner(instance, attribute.name)} must be an int (not a bool or a subclass "
            f"of int), not {safe_repr(value)}"
        )


def library_card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    """Attrs validator: the field is one of the library's cards (the flyweight objects).

    Raises:
        ActionError: If it is not (a string, a forged or subclassed card).

    Example:
        >>> import attrs
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> @attrs.frozen
        ... class Show:
        ...     card: Card = attrs.field(validator=kit.library_card)
        >>> Show(Card.parse("QS")).card
        Card(Rank.QUEEN, Suit.SPADES)
        >>> Show("QS")
        Traceback (most recent call last):
        ...
        tricktaking.errors.ActionError: Show.card must be a Card made by the library ..., not 'QS'
    """
    if type(value) is not Card or value not in _ORDER:
        raise ActionError(
            f"{_owner(instance, attribute.name)} must be a Card made by the library "
            f"(Card(rank, suit) or Card.parse), not {safe_repr(value)}"
        )


def member_of(kind: type[_E]) -> Callable[[object, attrs.Attribute[_E], _E], None]:
    """Attrs validator: the field is one of the members of the enum ``kind``.

    Example:
        >>> import attrs
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Suit
        >>> @attrs.frozen
        ... class Name:
        ...     suit: Suit = attrs.field(validator=kit.member_of(Suit))
        >>> Name(Suit.CLUBS).suit
        <Suit.CLUBS: 'C'>
        >>> Name("C")
        Traceback (most recent call last):
        ...
        tricktaking.errors.ActionError: Name.suit must be a Suit, not 'C'
    """
    members = frozenset(id(member) for member in kind)

    def validate(instance: object, attribute: attrs.Attribute[_E], value: _E) -> None:
        if type(value) is not kind or id(value) not in members:
            raise ActionError(
                f"{_owner(instance, attribute.name)} must be a {kind.__name__}, "
                f"not {safe_repr(value)}"
            )

    return validate


MAX_TARGET = 1_000_000
"""The largest score target a configuration accepts (records store it as a JSON int)."""


def exact_options(
    config: object,
    *,
    ints: tuple[str, ...] = (),
    optional_ints: tuple[str, ...] = (),
    strs: tuple[str, ...] = (),
) -> None:
    """Refuse configuration options whose type is not exactly ``int`` or ``str``.

    ``bool`` and subclasses of ``int`` or ``str`` (which may compare equal to
    anything) are refused with :class:`~tricktaking.errors.ConfigError`; the games then
    check the ranges. A configuration calls it first in its ``__attrs_post_init__``.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> config = tt.OneCardConfig(players=2)
        >>> kit.exact_options(config, ints=("players", "target")) is None
        True
        >>> kit.exact_options(config, strs=("players",))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: players must be a str, not 2
    """
    for names, kinds, what in (
        (ints, (int,), "an int"),
        (optional_ints, (int, type(None)), "None or an int"),
        (strs, (str,), "a str"),
    ):
        for name in names:
            value = object.__getattribute__(config, name)
            if type(value) not in kinds:
                raise ConfigError(f"{name} must be {what}, not {safe_repr(value)}")
