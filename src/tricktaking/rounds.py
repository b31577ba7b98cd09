"""One deal of a game: the hands, the trick in progress and the completed tricks.

Example:
    >>> hands = (parse_cards("AS"), parse_cards("KS"))
    >>> rnd = Round(number=1, dealer=1, hands=hands, trick=Trick(leader=0))
    >>> rnd.players, rnd.tricks_won(0)
    (2, 0)
"""

from __future__ import annotations

import attrs

from tricktaking.cards import Card
from tricktaking.tricks import Trick

__all__ = ["Round"]


def _count_won(hands: tuple[tuple[Card, ...], ...], tricks: tuple[Trick, ...]) -> tuple[int, ...]:
    """Tricks won per seat: the default of :attr:`Round.won`."""
    counts = [0] * len(hands)
    for trick in tricks:
        if trick.winner is not None:
            counts[trick.winner] += 1
    return tuple(counts)


@attrs.frozen(kw_only=True)
class Round:
    """The table during one deal (a Wizard round, a One Card or Bid Whist hand).

    Args:
        number: The 1-based number of this deal in the game.
        dealer: The dealer's seat.
        hands: Each seat's cards, index = seat, in canonical order.
        trick: The trick in progress (possibly empty, with its leader set).
        tricks: The completed tricks, oldest first, each with its ``winner``.
        won: Tricks won so far per seat; derived from ``tricks`` and kept for speed.

    Example:
        >>> Round(number=2, dealer=0, hands=((), (), ()), trick=Trick(leader=1)).won
        (0, 0, 0)
    """

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    won: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda rnd: _count_won(rnd.hands, rnd.tricks), takes_self=True)
    )

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    def tricks_won(self, seat: int) -> int:
        """How many completed tricks ``seat`` has won in this deal.

        Example:
            >>> done = Trick(leader=0, winner=1)
            >>> Round(number=1, dealer=0, hands=((), ()), trick=Trick(leader=1),
            ...       tricks=(done,)).tricks_won(1)
            1
        """
        return self.won[seat]
