"""Suits, ranks and cards, with their text tokens.

A :class:`Card` knows its rank and its suit and nothing about its strength: which card
beats which is decided by each game's rules. Every card of the four decks has exactly
one canonical token (``"QH"``, ``"TS"``, ``"WZ"``), and :meth:`Card.parse` reads it back.

Example:
    >>> from tricktaking.cards import Card, parse_cards
    >>> card = Card.parse("10h")
    >>> card
    Card(Rank.TEN, Suit.HEARTS)
    >>> str(card)
    'TH'
    >>> parse_cards("AS KH WZ")
    (Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.HEARTS), Card(Rank.WIZARD, None))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from tricktaking.errors import ActionError, NotationError, safe_repr

__all__ = [
    "SPECIAL_RANKS",
    "SUITED_RANKS",
    "Card",
    "Direction",
    "Rank",
    "Suit",
    "card_order",
    "format_cards",
    "is_card",
    "parse_cards",
    "sort_cards",
]


class _Token(enum.Enum):
    """The card enums' base: the same ``repr`` on every Python, and a hash by identity."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {self.value!r}>"

    # Members are singletons, so identity is equality: hash by identity in C instead of
    # Enum's Python-level hash of the name (rule tables are keyed by these). Type checkers
    # see the signature of a method, not object's slot wrapper.
    if TYPE_CHECKING:

        def __hash__(self) -> int: ...

    else:
        __hash__ = object.__hash__


class Suit(_Token):
    """The four suits, whose values (and ``str``) are their one-letter tokens.

    Suits are not ordered against each other; the order of the members is only the
    canonical order used to sort hands (spades, hearts, diamonds, clubs).

    Example:
        >>> from tricktaking.cards import Suit
        >>> Suit("H")
        <Suit.HEARTS: 'H'>
        >>> str(Suit.HEARTS), Suit.SPADES.symbol
        ('H', '♠')
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's Unicode symbol, for terminals that can show it."""
        return _SYMBOLS[self]

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(_Token):
    """Card ranks: ``TWO`` to ``ACE`` and the suitless special cards.

    The value of a rank is its token: ``"2"`` … ``"9"``, ``"T"``, ``"J"``, ``"Q"``,
    ``"K"``, ``"A"`` for suited ranks and the whole card token for the specials (``"WZ"``
    Wizard, ``"JE"`` Jester, ``"JK"`` joker, ``"RJ"`` red joker, ``"BJ"`` black joker).
    ``str(rank)`` is its token too. Ranks deliberately do not support ``<``: each game
    ranks its cards itself.

    Example:
        >>> from tricktaking.cards import Rank
        >>> Rank("Q")
        <Rank.QUEEN: 'Q'>
        >>> Rank.WIZARD.is_special
        True
    """

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    WIZARD = "WZ"
    JESTER = "JE"
    JOKER = "JK"
    RED_JOKER = "RJ"
    BLACK_JOKER = "BJ"

    @property
    def is_special(self) -> bool:
        """Whether this rank belongs to a suitless special card."""
        return self in _SPECIAL_SET

    def __str__(self) -> str:
        return self.value


SUITED_RANKS: tuple[Rank, ...] = tuple(Rank)[:13]
"""The thirteen suited ranks in the canonical order ``TWO`` … ``ACE``."""

SPECIAL_RANKS: tuple[Rank, ...] = tuple(Rank)[13:]
"""The suitless special ranks (Wizard, Jester, joker, red joker, black joker)."""

_SPECIAL_SET = frozenset(SPECIAL_RANKS)


class Direction(_Token):
    """The order of the cards within a suit for one hand.

    ``UPTOWN`` is the usual high-to-low order; ``DOWNTOWN`` reverses it. Which exact
    order each direction means (where the Ace goes, for example) is decided by the
    game's rules.

    Example:
        >>> from tricktaking.cards import Direction
        >>> Direction("downtown")
        <Direction.DOWNTOWN: 'downtown'>
    """

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"


def _check_suit(instance: Card, attribute: attrs.Attribute[Suit | None], value: object) -> None:
    rank = instance.rank
    if not isinstance(rank, Rank):
        raise ActionError(f"Card rank must be a Rank, not {safe_repr(rank)}")
    if rank.is_special:
        if value is not None:
            raise ActionError(f"the special card {rank.name} has no suit, got {safe_repr(value)}")
    elif not isinstance(value, Suit):
        raise ActionError(f"the suited rank {rank.name} needs a Suit, got {safe_repr(value)}")


@attrs.frozen(repr=False, eq=False)
class Card:
    """One playing card: a rank and a suit, or a special card with ``suit=None``.

    ``suit`` is ``None`` exactly for the special ranks (validated on construction).
    ``str(card)`` is the canonical token and :meth:`parse` reads any accepted token.

    There is exactly one object per card (a flyweight): ``Card(rank, suit)``,
    :meth:`parse`, copying and unpickling all return the shared instance, so cards
    compare and hash by identity, at C speed. Equal cards are always the same object.

    Args:
        rank: The card's rank.
        suit: The card's suit; ``None`` for Wizards, Jesters and jokers.

    Raises:
        ActionError: If ``rank`` is not a :class:`Rank`, or ``suit`` is missing for a
            suited rank or given for a special one (also a ``ValueError``).

    Example:
        >>> from tricktaking.cards import Card, Rank, Suit
        >>> Card(Rank.QUEEN, Suit.HEARTS)
        Card(Rank.QUEEN, Suit.HEARTS)
        >>> str(Card(Rank.WIZARD, None))
        'WZ'
        >>> Card.parse("qh") == Card(Rank.QUEEN, Suit.HEARTS)
        True
    """

    rank: Rank
    suit: Suit | None = attrs.field(validator=_check_suit)

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:  # noqa: D102 - see the class
        card = _INTERNED.get((rank, suit)) if _is_hashable(suit) else None
        # A miss is a card being built for the table, or an invalid one that __init__'s
        # validator rejects.
        return card if card is not None else super().__new__(cls)

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read a card from its token.

        Accepted: rank then suit (``"QH"``, ``"TS"``, ``"10s"``), case-insensitive, the
        suit also as its symbol (``"Q♥"``, ``"10♠"``: what :meth:`pretty` and the command
        line print), and the special tokens ``WZ``, ``JE``, ``JK``, ``RJ``, ``BJ``.
        Surrounding whitespace is ignored.

        Args:
            token: The text to read.

        Returns:
            The card, the same object every time for the same card.

        Raises:
            NotationError: If the text is not a card token.

        Example:
            >>> from tricktaking.cards import Card
            >>> Card.parse("10D")
            Card(Rank.TEN, Suit.DIAMONDS)
            >>> Card.parse("Q♥")
            Card(Rank.QUEEN, Suit.HEARTS)
            >>> Card.parse("1S")
            Traceback (most recent call last):
            ...
            tricktaking.errors.NotationError: '1S' is not a card token ...
        """
        if not isinstance(token, str):
            raise NotationError(f"a card token must be a string, not {safe_repr(token)}")
        # The emoji variation selector follows a suit symbol in text from phones and chats.
        card = _BY_TOKEN.get(token.strip().upper().replace("\ufe0f", ""))
        if card is None:
            raise NotationError(
                f"{safe_repr(token)} is not a card token (expected rank then suit such as 'QH', "
                "'Q♥', 'TS' or '10S', or one of WZ, JE, JK, RJ, BJ)"
            )
        return card

    @property
    def is_special(self) -> bool:
        """Whether this is a suitless special card (Wizard, Jester or a joker)."""
        return self.suit is None

    def pretty(self, *, ascii_only: bool = False) -> str:
        """The card for display, with a suit symbol unless ``ascii_only``.

        Example:
            >>> from tricktaking.cards import Card
            >>> Card.parse("TH").pretty()
            '10♥'
            >>> Card.parse("TH").pretty(ascii_only=True)
            '10H'
        """
        if self.suit is None:
            return self.rank.value
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return rank + (self.suit.value if ascii_only else self.suit.symbol)

    def __str__(self) -> str:
        return _TOKENS[self]

    def __repr__(self) -> str:
        suit = "None" if self.suit is None else f"Suit.{self.suit.name}"
        return f"Card(Rank.{self.rank.name}, {suit})"


def _is_hashable(value: object) -> bool:
    return value is None or isinstance(value, Suit)


_INTERNED: dict[tuple[Rank, Suit | None], Card] = {}


def _all_cards() -> tuple[Card, ...]:
    suited = [(rank, suit) for suit in Suit for rank in SUITED_RANKS]
    specials = [(rank, None) for rank in SPECIAL_RANKS]
    for rank, suit in suited + specials:
        _INTERNED[rank, suit] = Card(rank, suit)
    return tuple(_INTERNED.values())


_ALL_CARDS = _all_cards()
_ORDER: dict[Card, int] = {card: index for index, card in enumerate(_ALL_CARDS)}
_TOKENS: dict[Card, str] = {
    card: card.rank.value + (card.suit.value if card.suit is not None else "")
    for card in _ALL_CARDS
}
_BY_TOKEN: dict[str, Card] = {token: card for card, token in _TOKENS.items()}
_BY_TOKEN.update(
    {"10" + suit.value: _BY_TOKEN["T" + suit.value] for suit in Suit},
)
# The symbols the terminal and pretty() print read back as well: "Q♥", "10♥", "T♥".
_BY_TOKEN.update(
    {
        text[: -len(suit.value)] + suit.symbol: card
        for text, card in tuple(_BY_TOKEN.items())
        for suit in Suit
        if card.suit is suit and text.endswith(suit.value)
    }
)


def is_card(value: object) -> bool:
    """Whether ``value`` is one of the library's cards (the one shared object per card).

    A :class:`Card` made around the flyweights (with ``object.__new__``, say) is not.

    Example:
        >>> from tricktaking.cards import Card, is_card
        >>> is_card(Card.parse("QH")), is_card("QH")
        (True, False)
    """
    return type(value) is Card and value in _ORDER


def card_order(card: Card) -> int:
    """The card's position in the canonical sort order.

    Suited cards come first, by suit (spades, hearts, diamonds, clubs) and then by
    rank from two to ace; the special cards follow. This order is only for sorting
    hands and decks deterministically; it says nothing about which card wins.

    Example:
        >>> from tricktaking.cards import Card, card_order
        >>> card_order(Card.parse("2S")), card_order(Card.parse("AS")), card_order(Card.parse("WZ"))
        (0, 12, 52)
    """
    return _ORDER[card]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the canonical order of :func:`card_order`.

    Example:
        >>> from tricktaking.cards import format_cards, parse_cards, sort_cards
        >>> format_cards(sort_cards(parse_cards("WZ KH 2S TH")))
        '2S TH KH WZ'
    """
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by whitespace or commas.

    Args:
        text: Tokens such as ``"AS KH WZ"`` or ``"AS,KH"``; an empty text gives ``()``.

    Returns:
        The cards, in the order given.

    Raises:
        NotationError: If any token is not a card.

    Example:
        >>> from tricktaking.cards import parse_cards
        >>> parse_cards("AS, 10h")
        (Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS))
    """
    if not isinstance(text, str):
        raise NotationError(f"cards must be given as a string, not {safe_repr(text)}")
    return tuple(Card.parse(token) for token in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """The tokens of the cards, separated by single spaces.

    Example:
        >>> from tricktaking.cards import format_cards, parse_cards
        >>> format_cards(parse_cards("as 10h jk"))
        'AS TH JK'
    """
    return " ".join(map(str, cards))
