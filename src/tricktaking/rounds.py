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
    won: tuple[int, ...] = attrs.field()

    @won.default
    def _no_tricks_won(self) -> tuple[int, ...]:
        counts = [0] * len(self.hands)
        for trick in self.tricks:
            if trick.winner is not None:
                counts[trick.winner] += 1
        return tuple(counts)

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
