"""Checks shared by the games' rules: configs, turn order, cards in hand, deals.

A problem is a ``(Violation, reason)`` pair; the reason text is only turned into an
exception by :func:`~tricktaking._skeleton.raise_problem`, so ``check`` stays cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TypeAlias, TypeGuard

from tricktaking._dealt import made_from
from tricktaking.actions import Chance, Deal
from tricktaking.cards import _ORDER, Card, Suit
from tricktaking.deck import Deck
from tricktaking.errors import ConfigError, Violation, safe_repr

__all__ = [
    "Problem",
    "card_play_problem",
    "deal_problem",
    "follow_problem",
    "is_int",
    "not_playing",
    "require_config",
    "seat_option",
    "sorted_orders",
    "turn_problem",
    "view_seat",
]

Problem: TypeAlias = tuple[Violation, str]


def sorted_orders(cards: Sequence[Card]) -> list[int]:
    """The canonical orders of ``cards``, sorted: a multiset fingerprint of a deck."""
    return sorted(map(_ORDER.__getitem__, cards))


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is exactly an ``int``: not a ``bool``, not a subclass."""
    return type(value) is int


def seat_option(name: str, value: object, players: int) -> None:
    """Reject a configuration option that must be a seat (``first_dealer``)."""
    if not is_int(value) or not 0 <= value < players:
        raise ConfigError(f"{name} must be a seat 0 to {players - 1}, not {safe_repr(value)}")


def require_config(config: object, kind: type) -> None:
    """``new_game`` of a game takes only that game's configuration."""
    if not isinstance(config, kind):
        raise TypeError(f"new_game needs a {kind.__name__}, not {type(config).__name__}")


def view_seat(seat: object, players: int) -> None:
    """``view`` is for the seats of the game only."""
    if not is_int(seat) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")


def not_playing(over: bool) -> Problem:
    """The problem of a card played outside the play phase."""
    if over:
        return Violation.GAME_OVER, "the game is over"
    return Violation.WRONG_PHASE, "cards are played only in the play phase"


def turn_problem(seat: int, actor: int | Chance | None, phase: str) -> Problem | None:
    """``NOT_YOUR_TURN`` unless ``seat`` is the actor."""
    if seat == actor and type(seat) is int:
        return None
    return Violation.NOT_YOUR_TURN, f"it is seat {actor}'s turn in the {phase} phase"


def card_play_problem(
    hands: tuple[tuple[Card, ...], ...], to_play: int, seat: int, card: Card
) -> Problem | None:
    """``NOT_YOUR_TURN`` or ``CARD_NOT_IN_HAND`` for a card played in trick play."""
    if seat != to_play:
        return turn_problem(seat, to_play, "play")
    if card not in hands[seat]:
        return Violation.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}"
    return None


def follow_problem(seat: int, lead: Suit | None, trump: Suit | None, clause: str) -> Problem:
    """``MUST_FOLLOW_SUIT`` naming the suit (or trump) the seat holds."""
    name = "trump" if lead is trump else "the led suit" if lead is None else lead.name.lower()
    return Violation.MUST_FOLLOW_SUIT, f"seat {seat} holds {name}, the suit to follow ({clause})"


def deal_problem(
    deal: Deal,
    *,
    deck: Deck,
    orders: Sequence[int],
    players: int,
    hand_size: int,
    stock_size: int,
    dealer: int | None,
) -> Problem | None:
    """``BAD_DEAL`` unless the deal has the right sizes and dealer and is exactly ``deck``.

    ``orders`` is :func:`sorted_orders` of ``deck``; a deal the engine made from this
    very deck is known to hold exactly its cards. ``dealer`` is the seat due to deal,
    or ``None`` when the game draws the dealer by chance: a deal names no dealer or
    the one due in the first case, and must name a seat in the second.
    """
    problem = _dealer_problem(deal.dealer, dealer, players)
    if problem is not None:
        return problem
    hands = deal.hands
    if len(hands) != players or any(len(hand) != hand_size for hand in hands):
        return Violation.BAD_DEAL, f"the deal must give {players} hands of {hand_size} cards"
    if len(deal.stock) != stock_size:
        return Violation.BAD_DEAL, f"the deal must leave {stock_size} undealt cards"
    if made_from(deal) is deck:
        return None
    if sorted_orders((*chain.from_iterable(hands), *deal.stock)) != orders:
        return Violation.BAD_DEAL, "the dealt cards are not exactly the game's deck"
    return None


def _dealer_problem(named: int | None, due: int | None, players: int) -> Problem | None:
    if due is None:
        if named is None or not 0 <= named < players:
            return (
                Violation.BAD_DEAL,
                f"the deal must name the dealer drawn, a seat 0 to {players - 1}",
            )
        return None
    if named is not None and named != due:
        return Violation.BAD_DEAL, f"seat {due} deals now, so the deal may not name another dealer"
    return None
