"""Decks: immutable multisets of cards in a definite order.

Example:
    >>> from tricktaking.deck import Deck
    >>> len(Deck.wizard()), len(Deck.one_card()), len(Deck.bid_whist())
    (60, 25, 54)
    >>> deck = Deck.standard().shuffled(seed=42)
    >>> deck.same_cards(Deck.standard()), deck == Deck.standard()
    (True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import overload

import attrs

from tricktaking._fields import card_tuple
from tricktaking.cards import SUITED_RANKS, Card, Rank, Suit, card_order, format_cards
from tricktaking.seeding import shuffle

__all__ = ["Deck"]


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return card_tuple(cards, "a deck")


@attrs.frozen(repr=False)
class Deck(Sequence[Card]):
    """An immutable, ordered collection of cards; equal cards may repeat.

    ``deck[0]`` is the top card. A deck behaves as a read-only sequence of cards and
    compares equal to another deck holding the same cards in the same order.

    Args:
        cards: The cards, top first.

    Example:
        >>> from tricktaking.deck import Deck
        >>> from tricktaking.cards import Card, parse_cards
        >>> deck = Deck(parse_cards("AS WZ WZ"))
        >>> deck
        Deck('AS WZ WZ')
        >>> deck.count(Card.parse("WZ"))
        2
        >>> deck[0]
        Card(Rank.ACE, Suit.SPADES)
    """

    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)

    @classmethod
    def standard(cls) -> Deck:
        """The 52 suited cards in canonical order (spades, hearts, diamonds, clubs; 2 to A).

        Example:
            >>> from tricktaking.deck import Deck
            >>> deck = Deck.standard()
            >>> len(deck), str(deck[0]), str(deck[-1])
            (52, '2S', 'AC')
        """
        return _standard()

    @classmethod
    def wizard(cls) -> Deck:
        """The 60-card Wizard deck: 52 suited cards, four Wizards and four Jesters.

        Example:
            >>> from tricktaking.deck import Deck
            >>> from tricktaking.cards import Card
            >>> Deck.wizard().count(Card.parse("JE"))
            4
        """
        return _wizard()

    @classmethod
    def one_card(cls) -> Deck:
        """The 25-card One Card deck: 9 to A in each suit and one joker.

        Example:
            >>> from tricktaking.deck import Deck
            >>> from tricktaking.cards import format_cards
            >>> format_cards(Deck.one_card()[:6])
            '9S TS JS QS KS AS'
        """
        return _one_card()

    @classmethod
    def bid_whist(cls) -> Deck:
        """The 54-card Bid Whist deck: 52 suited cards, the red and the black joker.

        Example:
            >>> from tricktaking.deck import Deck
            >>> from tricktaking.cards import format_cards
            >>> format_cards(Deck.bid_whist()[-2:])
            'RJ BJ'
        """
        return _bid_whist()

    def shuffled(self, seed: int) -> Deck:
        """This deck shuffled by ``seed``: pure, deterministic and version-stable.

        Uses :func:`tricktaking.seeding.shuffle`; the deck itself is unchanged.

        Example:
            >>> from tricktaking.deck import Deck
            >>> Deck.wizard().shuffled(7) == Deck.wizard().shuffled(7)
            True
            >>> Deck.wizard().shuffled(7) == Deck.wizard().shuffled(8)
            False
        """
        return Deck(shuffle(self.cards, seed))

    def same_cards(self, other: Iterable[Card]) -> bool:
        """Whether ``other`` holds exactly these cards, each as often, in any order.

        Example:
            >>> from tricktaking.deck import Deck
            >>> from tricktaking.cards import parse_cards
            >>> Deck(parse_cards("AS KH")).same_cards(parse_cards("KH AS"))
            True
        """
        return Counter(self.cards) == Counter(other)

    def sorted(self) -> Deck:
        """This deck in the canonical order of :func:`tricktaking.cards.card_order`.

        Example:
            >>> from tricktaking.deck import Deck
            >>> from tricktaking.cards import parse_cards
            >>> Deck(parse_cards("WZ AS 2S")).sorted()
            Deck('2S AS WZ')
        """
        return Deck(sorted(self.cards, key=card_order))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self.cards[index]

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Deck({format_cards(self.cards)!r})"


def _suited(ranks: Sequence[Rank]) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for suit in Suit for rank in ranks)


def _specials(*ranks: Rank) -> tuple[Card, ...]:
    return tuple(Card(rank, None) for rank in ranks)


@cache
def _standard() -> Deck:
    return Deck(_suited(SUITED_RANKS))


@cache
def _wizard() -> Deck:
    return Deck(_suited(SUITED_RANKS) + _specials(*[Rank.WIZARD] * 4, *[Rank.JESTER] * 4))


@cache
def _one_card() -> Deck:
    return Deck(_suited(SUITED_RANKS[7:]) + _specials(Rank.JOKER))


@cache
def _bid_whist() -> Deck:
    return Deck(_suited(SUITED_RANKS) + _specials(Rank.RED_JOKER, Rank.BLACK_JOKER))
