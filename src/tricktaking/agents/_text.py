"""How a model reads the table: cards, suits, moves and seats in words, for prompts and errors.

One notation in prompts, rethink messages and transcripts: a card is ``Q♥`` (``QH`` with
``ascii_only``) or its name (``Wizard``, ``big joker``), a suit its name (``hearts``), a
move what a player would say (``play Q♥``, ``bid 2``, ``trump hearts``). Everything shown
here reads back through :func:`~tricktaking.agents.parse_reply`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tricktaking.actions import Action, ChooseDirection
from tricktaking.cards import Card, Suit
from tricktaking.notation import card_text, move_text

__all__ = ["SUIT_NAMES", "Seats", "TableWords"]

SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
"""The name of each suit."""


class TableWords:
    """Cards, suits and moves in words: the :class:`~tricktaking.plugins.Screen` of a prompt.

    The lines a game's terminal plug-in prints through it are collected in ``lines``.
    """

    def __init__(self, *, ascii_only: bool = False) -> None:
        self.ascii_only = ascii_only
        self.lines: list[str] = []

    def card(self, card: Card) -> str:
        return card_text(card, ascii_only=self.ascii_only)

    def cards(self, cards: Iterable[Card]) -> str:
        return ", ".join(map(self.card, cards)) or "none"

    def suit(self, suit: Suit) -> str:
        return SUIT_NAMES[suit]

    def move(self, action: object) -> str:
        """What a player says for ``action``: ``play Q♥``, ``trump hearts``, ``bid 4NT``."""
        match action:
            case ChooseDirection(direction=direction):
                return direction.value
            case _:
                return move_text(self, action)

    def moves(self, actions: Sequence[Action]) -> str:
        return ", ".join(self.move(action) for action in actions) or "none"

    def __call__(self, line: str = "") -> None:
        self.lines.append(line)


class Seats:
    """How a prompt calls the seats: ``you`` for its own, ``seat 2`` for the others."""

    def __init__(self, players: int, own: int, teams: int | None) -> None:
        self.players = players
        self.own = own
        self.teams = teams or players

    @property
    def human(self) -> int | None:
        return self.own

    def __call__(self, seat: int) -> str:
        return "you" if seat == self.own else f"seat {seat}"

    def does(self, seat: int, verb: str) -> str:
        return f"you {verb.removesuffix('s')}" if seat == self.own else f"seat {seat} {verb}"

    def group(self, seats: Sequence[int]) -> str:
        names = [self(seat) for seat in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def team(self, team: int) -> str:
        return self.group([seat for seat in range(self.players) if seat % self.teams == team])
