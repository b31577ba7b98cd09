"""The core actions shared by the games, and the chance actor.

Every action is a frozen value that names the acting seat; ``str(action)`` is its
canonical token. The deal is the one chance action: it carries the realised hands and
the undealt stock, so a game replays exactly from its list of actions.

Example:
    >>> str(Pass(1)), str(ChooseTrump(0, Suit.HEARTS)), str(ChooseDirection(2, Direction.DOWNTOWN))
    ('1 pass', '0 trump H', '2 direction downtown')
    >>> CHANCE
    <Chance.CHANCE: 'chance'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import cast

import attrs

from tricktaking._fields import exact_int, member_of
from tricktaking.cards import _ORDER, Card, Direction, Suit, format_cards, sort_cards
from tricktaking.errors import ActionError, safe_repr
from tricktaking.tricks import Play

__all__ = ["CHANCE", "Chance", "ChooseDirection", "ChooseTrump", "Deal", "Pass", "Play"]


class Chance(enum.Enum):
    """The type of :data:`CHANCE`, the actor of a chance node (the next deal).

    Example:
        >>> Chance("chance") is CHANCE
        True
    """

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "<Chance.CHANCE: 'chance'>"


CHANCE = Chance.CHANCE
"""Returned by ``actor(state)`` when the next action is a :class:`Deal`."""


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cast("object", cards), str | bytes):
        raise ActionError(f"a deal's cards are Card objects, not the text {safe_repr(cards)}")
    try:
        result = tuple(cards)
    except TypeError:
        raise ActionError(f"a deal's cards must be iterable, not {safe_repr(cards)}") from None
    for card in result:
        # the library's flyweights only (identity-hashed): no subclass, no forged Card
        if type(card) is not Card or card not in _ORDER:
            raise ActionError(f"a deal holds the library's Card objects, not {safe_repr(card)}")
    return result


def _hands(hands: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(cast("object", hands), str | bytes):
        raise ActionError(f"a deal's hands are card sequences, not {safe_repr(hands)}")
    try:
        groups = tuple(hands)
    except TypeError:
        raise ActionError(f"a deal's hands must be iterable, not {safe_repr(hands)}") from None
    return tuple(_cards(hand) for hand in groups)


@attrs.frozen(kw_only=True)
class Deal:
    """The chance action: the hands dealt to each seat and the undealt stock.

    Each game's ``deal(state, seed)`` builds the deal of a shuffled deck; any deal whose
    cards are exactly the round's deck, in the right sizes, is accepted by ``apply``, so
    tests and puzzles can set any hands.

    Args:
        hands: The cards of each seat, index = seat.
        stock: The undealt cards in order. Wizard's ``stock[0]`` is the turn-up card,
            One Card's only card is the One Card, Bid Whist's six cards are the kitty.

    Example:
        >>> deal = Deal(hands=(parse_cards("AS"), parse_cards("KH")), stock=parse_cards("WZ JE"))
        >>> str(deal)
        'deal AS / KH / WZ JE'
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    stock: tuple[Card, ...] = attrs.field(converter=_cards)
    # Which deals the engine made itself is remembered by identity in _dealt, where a
    # caller cannot forge it, so that applying them need not check the cards again.

    @classmethod
    def from_deck(
        cls, deck: Iterable[Card], *, players: int, first_seat: int, hand_size: int
    ) -> Deal:
        """Deal a deck one card at a time clockwise, the rest forming the stock.

        Card ``d[k]`` with ``k < hand_size * players`` goes to seat
        ``(first_seat + k) % players``; the remaining cards form the stock in order.
        Hands are sorted canonically.

        Example:
            >>> deal = Deal.from_deck(parse_cards("AH WZ 7C JE"), players=3, first_seat=1,
            ...                       hand_size=1)
            >>> str(deal)
            'deal 7C / AH / WZ / JE'
        """
        cards = tuple(deck)
        dealt = hand_size * players
        if dealt > len(cards):
            raise ValueError(f"cannot deal {dealt} cards from a deck of {len(cards)}")
        hands = [cards[(seat - first_seat) % players : dealt : players] for seat in range(players)]
        return cls(hands=tuple(sort_cards(hand) for hand in hands), stock=cards[dealt:])

    @property
    def players(self) -> int:
        """The number of hands dealt."""
        return len(self.hands)

    def __str__(self) -> str:
        return "deal " + " / ".join(format_cards(group) for group in (*self.hands, self.stock))


@attrs.frozen
class Pass:
    """A seat passing in an auction.

    Example:
        >>> Pass(3)
        Pass(seat=3)
    """

    seat: int = attrs.field(validator=exact_int)

    def __str__(self) -> str:
        return f"{self.seat} pass"


@attrs.frozen
class ChooseTrump:
    """A seat naming the trump suit (Wizard dealer after a Wizard turn-up; Bid Whist).

    Example:
        >>> str(ChooseTrump(0, Suit.SPADES))
        '0 trump S'
    """

    seat: int = attrs.field(validator=exact_int)
    suit: Suit = attrs.field(validator=member_of(Suit))

    def __str__(self) -> str:
        return f"{self.seat} trump {self.suit.value}"


@attrs.frozen
class ChooseDirection:
    """A seat choosing uptown or downtown (One Card reversal, Bid Whist no-trump).

    Example:
        >>> str(ChooseDirection(1, Direction.UPTOWN))
        '1 direction uptown'
    """

    seat: int = attrs.field(validator=exact_int)
    direction: Direction = attrs.field(validator=member_of(Direction))

    def __str__(self) -> str:
        return f"{self.seat} direction {self.direction.value}"
