"""The core actions shared by the games, and the chance actor.

Every action is a frozen value that names the acting seat; ``str(action)`` is its
canonical token. The deal is the one chance action: it carries the realised hands and
the undealt stock, so a game replays exactly from its list of actions.

Example:
    >>> from tricktaking.actions import CHANCE, ChooseDirection, ChooseTrump, Pass
    >>> from tricktaking.cards import Direction, Suit
    >>> str(Pass(1)), str(ChooseTrump(0, Suit.HEARTS)), str(ChooseDirection(2, Direction.DOWNTOWN))
    ('1 pass', '0 trump H', '2 direction downtown')
    >>> CHANCE
    <Chance.CHANCE: 'chance'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final, Protocol, TypeAlias, cast

import attrs

from tricktaking._fields import as_tuple, card_tuple, exact_int, member_of
from tricktaking.cards import Card, Direction, Suit, format_cards, parse_cards, sort_cards
from tricktaking.errors import NotationError, safe_repr
from tricktaking.tricks import Play

__all__ = [
    "CHANCE",
    "MAX_NUMBER_DIGITS",
    "MAX_TOKEN_LENGTH",
    "Action",
    "Chance",
    "ChooseDirection",
    "ChooseTrump",
    "CoreAction",
    "Deal",
    "Pass",
    "Play",
    "SeatAction",
    "parse_core_action",
    "parse_number",
    "parse_seat",
    "token_text",
]


class Action(Protocol):
    """Structural type of every action: a frozen, hashable value.

    Core actions are :class:`Deal`, :class:`~tricktaking.tricks.Play`, :class:`Pass`,
    :class:`ChooseTrump` and :class:`ChooseDirection`; games add their own
    (``wizard.Bid``). ``str(action)`` is the action's canonical token.

    Example:
        >>> from tricktaking.actions import Pass
        >>> str(Pass(2))
        '2 pass'
    """

    def __hash__(self) -> int: ...


class SeatAction(Protocol):
    """An action taken by a seat: every action but the chance :class:`Deal`.

    Example:
        >>> from tricktaking.actions import Pass, SeatAction
        >>> action: SeatAction = Pass(3)
        >>> action.seat
        3
    """

    @property
    def seat(self) -> int:
        """The seat that acts."""
        ...

    def __hash__(self) -> int: ...


class Chance(enum.Enum):
    """The type of :data:`CHANCE`, the actor of a chance node (the next deal).

    Example:
        >>> from tricktaking.actions import CHANCE, Chance
        >>> Chance("chance") is CHANCE
        True
    """

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "<Chance.CHANCE: 'chance'>"


CHANCE = Chance.CHANCE
"""Returned by ``actor(state)`` when the next action is a :class:`Deal`."""


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return card_tuple(cards, "a deal")


def _hands(hands: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(card_tuple(hand, "a deal") for hand in as_tuple(hands, "a deal's hands"))


def _dealer(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None:
        exact_int(instance, cast("attrs.Attribute[int]", attribute), value)


@attrs.frozen(kw_only=True)
class Deal:
    """The chance action: the hands dealt to each seat and the undealt stock.

    Each game's ``deal(state, seed)`` builds the deal of a shuffled deck; any deal whose
    cards are exactly the round's deck, in the right sizes, is accepted by ``apply``, so
    tests and puzzles can set any hands.

    A game that draws the dealer by chance (Oh Hell with ``first_dealer=None``) gets
    the realised dealer in the deal too, and the number of cards in each hand realises
    a hand size drawn by chance; see :doc:`/explanation/chance`. Every other game
    accepts a deal whose ``dealer`` is ``None`` or the seat whose turn it is to deal.

    Args:
        hands: The cards of each seat, index = seat.
        stock: The undealt cards in order. Wizard's and Oh Hell's ``stock[0]`` is the
            turn-up card, One Card's only card is the One Card, Bid Whist's six cards
            are the kitty.
        dealer: The dealer drawn by chance, where the game draws one; ``None`` where
            the dealer follows from the rules.

    Example:
        >>> from tricktaking.actions import Deal
        >>> from tricktaking.cards import parse_cards
        >>> deal = Deal(hands=(parse_cards("AS"), parse_cards("KH")), stock=parse_cards("WZ JE"))
        >>> str(deal)
        'deal AS / KH / WZ JE'
        >>> str(Deal(hands=deal.hands, stock=deal.stock, dealer=1))
        'deal dealer 1: AS / KH / WZ JE'
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    stock: tuple[Card, ...] = attrs.field(converter=_cards)
    dealer: int | None = attrs.field(default=None, validator=_dealer)
    # Which deals the engine made itself is remembered by identity in _dealt, where a
    # caller cannot forge it, so that applying them need not check the cards again.

    @classmethod
    def from_deck(
        cls,
        deck: Iterable[Card],
        *,
        players: int,
        first_seat: int,
        hand_size: int,
        dealer: int | None = None,
    ) -> Deal:
        """Deal a deck one card at a time clockwise, the rest forming the stock.

        Card ``d[k]`` with ``k < hand_size * players`` goes to seat
        ``(first_seat + k) % players``; the remaining cards form the stock in order.
        Hands are sorted canonically. ``dealer`` is the deal's ``dealer``.

        Example:
            >>> from tricktaking.actions import Deal
            >>> from tricktaking.cards import parse_cards
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
        return cls(
            hands=tuple(sort_cards(hand) for hand in hands), stock=cards[dealt:], dealer=dealer
        )

    @property
    def players(self) -> int:
        """The number of hands dealt."""
        return len(self.hands)

    def __str__(self) -> str:
        cards = " / ".join(format_cards(group) for group in (*self.hands, self.stock))
        if self.dealer is None:
            return "deal " + cards
        return f"deal dealer {self.dealer}: {cards}"


@attrs.frozen
class Pass:
    """A seat passing in an auction.

    Example:
        >>> from tricktaking.actions import Pass
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
        >>> from tricktaking.actions import ChooseTrump
        >>> from tricktaking.cards import Suit
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
        >>> from tricktaking.actions import ChooseDirection
        >>> from tricktaking.cards import Direction
        >>> str(ChooseDirection(1, Direction.UPTOWN))
        '1 direction uptown'
    """

    seat: int = attrs.field(validator=exact_int)
    direction: Direction = attrs.field(validator=member_of(Direction))

    def __str__(self) -> str:
        return f"{self.seat} direction {self.direction.value}"


MAX_TOKEN_LENGTH: Final = 1000
"""The longest text an action parser reads; a Wizard deal of 60 cards is about 190."""

MAX_NUMBER_DIGITS: Final = 9
"""The most digits a seat, bid or level may have in a token (all are far smaller)."""

_ASCII_DIGITS = frozenset("0123456789")

CoreAction: TypeAlias = Deal | Play | Pass | ChooseTrump | ChooseDirection
"""The actions defined by the core, shared by the games."""


def token_text(text: object) -> str:
    """The text of an action token, checked before any parser reads it.

    Raises:
        NotationError: If ``text`` is not a string or is longer than
            :data:`MAX_TOKEN_LENGTH` characters.

    Example:
        >>> from tricktaking.actions import token_text
        >>> token_text("2 play QH")
        '2 play QH'
        >>> token_text(b"2 play QH")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: an action token must be a string, not b'2 play QH'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action token must be a string, not {safe_repr(text)}")
    if len(text) > MAX_TOKEN_LENGTH:
        raise NotationError(
            f"an action token is at most {MAX_TOKEN_LENGTH} characters, not {len(text):,}"
        )
    return str.__str__(text)  # a plain str, even from a subclass with its own methods


def parse_number(word: str, what: str = "number") -> int:
    """Read a non-negative number written with ASCII digits only.

    ``str.isdigit`` accepts ``"²"`` and ``"١"``, which ``int`` refuses or reads as
    another number; tokens use only ``0`` to ``9``, at most :data:`MAX_NUMBER_DIGITS`
    of them.

    Args:
        word: The text to read.
        what: What the number is, for the error message.

    Raises:
        NotationError: If ``word`` is not 1 to :data:`MAX_NUMBER_DIGITS` ASCII digits.

    Example:
        >>> from tricktaking.actions import parse_number
        >>> parse_number("12", "bid")
        12
        >>> parse_number("²", "bid")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: '²' is not a bid (digits 0 to 9, at most 9)
    """
    if (
        not isinstance(cast("object", word), str)
        or not 0 < len(word) <= MAX_NUMBER_DIGITS
        or not _ASCII_DIGITS.issuperset(word)
    ):
        raise NotationError(
            f"{safe_repr(word)} is not a {what} (digits 0 to 9, at most {MAX_NUMBER_DIGITS})"
        )
    return int(word)


def parse_seat(word: str) -> int:
    """Read a seat number.

    Raises:
        NotationError: If ``word`` is not a non-negative integer in ASCII digits.

    Example:
        >>> from tricktaking.actions import parse_seat
        >>> parse_seat("3")
        3
    """
    return parse_number(word, "seat number")


def _parse_deal(text: str, body: str) -> Deal:
    """Read a deal token's text after ``deal``: ``[dealer <seat>:] <hand> / … / <stock>``."""
    dealer: int | None = None
    words = body.split(None, 1)
    if words and words[0].lower() == "dealer":
        seat, colon, body = (words[1] if len(words) > 1 else "").partition(":")
        if not colon:
            raise NotationError(
                f"{safe_repr(text)} is not a deal token such as 'deal dealer 2: AS / KH / WZ'"
            )
        dealer = parse_seat(seat.strip())
    groups = body.split("/")
    if len(groups) < 2:
        raise NotationError(f"{safe_repr(text)} is not a deal token such as 'deal AS / KH / WZ'")
    cards = [parse_cards(group) for group in groups]
    return Deal(hands=cards[:-1], stock=cards[-1], dealer=dealer)


def parse_core_action(text: str) -> CoreAction:
    """Read a core action from its canonical token.

    Raises:
        NotationError: If the text is not the token of a core action.

    Example:
        >>> from tricktaking.actions import parse_core_action
        >>> parse_core_action("0 trump s")
        ChooseTrump(seat=0, suit=<Suit.SPADES: 'S'>)
        >>> parse_core_action("1 direction downtown")
        ChooseDirection(seat=1, direction=<Direction.DOWNTOWN: 'downtown'>)
        >>> parse_core_action("deal dealer 2: 2C / 3C / 4C / 5C 6C").dealer
        2
        >>> parse_core_action("1 fold")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: '1 fold' is not an action token ...
    """
    text = token_text(text)
    stripped = text.strip()
    if stripped.lower().startswith("deal"):
        return _parse_deal(text, stripped[4:])
    words = stripped.split()
    if len(words) >= 2:
        seat = parse_seat(words[0])
        verb = words[1].lower()
        rest = words[2:]
        if verb == "pass" and not rest:
            return Pass(seat)
        if verb == "play" and len(rest) == 1:
            return Play(seat, Card.parse(rest[0]))
        if verb == "trump" and len(rest) == 1:
            try:
                return ChooseTrump(seat, Suit(rest[0].upper()))
            except ValueError:
                raise NotationError(f"{safe_repr(rest[0])} is not a suit (S, H, D or C)") from None
        if verb == "direction" and len(rest) == 1:
            try:
                return ChooseDirection(seat, Direction(rest[0].lower()))
            except ValueError:
                raise NotationError(f"{safe_repr(rest[0])} is not 'uptown' or 'downtown'") from None
    raise NotationError(
        f"{safe_repr(text)} is not an action token (expected e.g. '2 play QH', '1 pass', "
        "'0 trump S', '3 direction downtown' or 'deal … / …')"
    )
