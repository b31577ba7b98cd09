"""Plays and tricks, and the small pure helpers games compose into their rules.

A :class:`Trick` is only the record of who led and who played what; which card wins is
the business of each game's ``trick_winner``. The helpers here are the shared mechanics:
seat rotation, "follow suit if you can", and "the best card by some strength wins".

Example:
    >>> from tricktaking.cards import Card, format_cards
    >>> from tricktaking.tricks import Play, Trick
    >>> trick = Trick(leader=3, plays=(Play(3, Card.parse("9H")), Play(0, Card.parse("KH"))))
    >>> trick.next_seat(4)
    1
    >>> format_cards(trick.cards)
    '9H KH'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from tricktaking._fields import exact_int, library_card
from tricktaking.cards import _ORDER, Card, Suit, format_cards

__all__ = [
    "Play",
    "Trick",
    "best_play",
    "effective_suit",
    "follow_suit",
    "left_of",
    "seats_from",
]


@attrs.frozen
class Play:
    """A seat playing a card: the core action of trick play, and one entry of a trick.

    Args:
        seat: The seat that plays.
        card: The card played.

    Example:
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play
        >>> play = Play(2, Card.parse("QH"))
        >>> play
        Play(seat=2, card=Card(Rank.QUEEN, Suit.HEARTS))
        >>> str(play)
        '2 play QH'
    """

    seat: int = attrs.field(validator=exact_int)
    card: Card = attrs.field(validator=library_card)

    def __str__(self) -> str:
        return f"{self.seat} play {self.card}"


@attrs.frozen(kw_only=True)
class Trick:
    """One trick: its leader, the plays so far in order, and the winner once complete.

    ``winner`` is ``None`` while the trick is in progress; the game's rules fill it in
    when the last card is played. A trick computes no winner itself.

    Args:
        leader: The seat that led (or is to lead) this trick.
        plays: The plays so far, in play order.
        winner: The seat that won the completed trick, else ``None``.

    Example:
        >>> from tricktaking.tricks import Trick
        >>> Trick(leader=1).is_empty
        True
    """

    leader: int
    plays: tuple[Play, ...] = ()
    winner: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played so far, in play order."""
        return tuple(play.card for play in self.plays)

    @property
    def is_empty(self) -> bool:
        """Whether no card has been played to this trick yet."""
        return not self.plays

    def next_seat(self, players: int) -> int:
        """The seat that plays next, with ``players`` seats at the table.

        Example:
            >>> from tricktaking.tricks import Trick
            >>> Trick(leader=2).next_seat(3)
            2
        """
        return (self.leader + len(self.plays)) % players

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, or ``None``.

        Example:
            >>> from tricktaking.cards import Card
            >>> from tricktaking.tricks import Play, Trick
            >>> Trick(leader=0, plays=(Play(0, Card.parse("AS")),)).card_of(0)
            Card(Rank.ACE, Suit.SPADES)
        """
        for play in self.plays:
            if play.seat == seat:
                return play.card
        return None

    def __str__(self) -> str:
        text = f"led by {self.leader}: {format_cards(self.cards) or '-'}"
        return text if self.winner is None else f"{text} (won by {self.winner})"


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the next one clockwise.

    Example:
        >>> from tricktaking.tricks import left_of
        >>> left_of(3, 4)
        0
    """
    return (seat + 1) % players


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """All seats in clockwise order, starting with ``first``.

    Example:
        >>> from tricktaking.tricks import seats_from
        >>> seats_from(2, 4)
        (2, 3, 0, 1)
    """
    first %= players
    return tuple(range(first, players)) + tuple(range(first))


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card counts as when jokers belong to trump: a suitless card is trump.

    This is One Card's joker (OC-10.1) and Bid Whist's jokers (BW-10.1); without trump a
    suitless card has no suit. (Wizard's Wizards and Jesters follow their own rule.)

    Example:
        >>> from tricktaking.cards import Card, Suit
        >>> from tricktaking.tricks import effective_suit
        >>> effective_suit(Card.parse("BJ"), Suit.HEARTS), effective_suit(Card.parse("JK"), None)
        (<Suit.HEARTS: 'H'>, None)
        >>> effective_suit(Card.parse("9C"), Suit.HEARTS)
        <Suit.CLUBS: 'C'>
    """
    suit = card.suit
    return trump if suit is None else suit


def follow_suit(
    hand: tuple[Card, ...], lead: Suit | None, trump: Suit | None = None
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played under "follow suit if you can".

    A card follows when its :func:`effective_suit` is ``lead``: its own suit, or for a
    suitless card (a joker) the trump suit when there is one. With no card that follows,
    or no suit to follow (``lead`` is ``None``), every card may be played.

    Args:
        hand: The cards held.
        lead: The suit to follow, or ``None``.
        trump: The trump suit that suitless cards belong to, or ``None``.

    Returns:
        The playable cards, in hand order.

    Raises:
        TypeError: If ``lead`` or ``trump`` is neither a suit nor ``None``.

    Example:
        >>> from tricktaking.cards import Suit, format_cards, parse_cards
        >>> from tricktaking.tricks import follow_suit
        >>> hand = parse_cards("2H KS 9H JK")
        >>> format_cards(follow_suit(hand, Suit.HEARTS))
        '2H 9H'
        >>> format_cards(follow_suit(hand, Suit.SPADES, trump=Suit.SPADES))
        'KS JK'
        >>> format_cards(follow_suit(hand, Suit.CLUBS))
        '2H KS 9H JK'
    """
    if lead is None:
        return hand
    # on the hot path of every legal-move list: set tests of flyweight cards run in C
    following = _FOLLOWING.get((lead, trump))
    if following is None:
        raise TypeError(f"lead and trump must be suits or None, not {lead!r} and {trump!r}")
    if following.isdisjoint(hand):
        return hand
    return tuple(filter(following.__contains__, hand))


# per (suit to follow, trump): every card whose effective suit is that suit
_FOLLOWING = {
    (lead, trump): frozenset([card for card in _ORDER if effective_suit(card, trump) is lead])
    for lead in Suit
    for trump in (*Suit, None)
}


def best_play(plays: Sequence[Play], strength: Mapping[Card, int]) -> Play:
    """The play of the strongest card by the table ``strength``; the earliest wins a tie.

    Games precompute one strength table per trump, direction and suit to follow, so a
    trick's winner is one loop over at most six plays.

    Args:
        plays: At least one play.
        strength: Every card's strength in this trick (higher wins).

    Example:
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play, best_play
        >>> plays = (Play(0, Card.parse("9H")), Play(1, Card.parse("KH")))
        >>> best_play(plays, {Card.parse("9H"): 0, Card.parse("KH"): 4}).seat
        1
    """
    best = plays[0]
    top = strength[best.card]
    for play in plays[1:]:
        value = strength[play.card]
        if value > top:
            best, top = play, value
    return best
