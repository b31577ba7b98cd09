"""Checks shared by the games' ``check``/``apply``: turn order, deals, error building.

A problem is a ``(Violation, reason)`` pair; the reason text is only turned into an
exception by :func:`raise_problem`, so ``check`` stays cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn, TypeAlias

from tricktaking.actions import Chance, Deal
from tricktaking.cards import Card, card_order
from tricktaking.errors import IllegalActionError, Violation

__all__ = ["Problem", "deal_problem", "raise_problem", "sorted_orders", "turn_problem"]

Problem: TypeAlias = tuple[Violation, str]


def sorted_orders(cards: Sequence[Card]) -> list[int]:
    """The canonical orders of ``cards``, sorted: a multiset fingerprint of a deck."""
    return sorted(map(card_order, cards))


def turn_problem(seat: int, actor: int | Chance | None, phase: str) -> Problem | None:
    """``NOT_YOUR_TURN`` unless ``seat`` is the actor."""
    if seat == actor and type(seat) is int:
        return None
    return Violation.NOT_YOUR_TURN, f"it is seat {actor}'s turn in the {phase} phase"


def deal_problem(
    deal: Deal, *, deck: Sequence[int], players: int, hand_size: int, stock_size: int
) -> Problem | None:
    """``BAD_DEAL`` unless the deal has the right sizes and is exactly ``deck``."""
    hands = deal.hands
    if len(hands) != players or any(len(hand) != hand_size for hand in hands):
        return Violation.BAD_DEAL, f"the deal must give {players} hands of {hand_size} cards"
    if len(deal.stock) != stock_size:
        return Violation.BAD_DEAL, f"the deal must leave {stock_size} undealt cards"
    dealt = [card for hand in hands for card in hand]
    dealt.extend(deal.stock)
    if sorted_orders(dealt) != deck:
        return Violation.BAD_DEAL, "the dealt cards are not exactly the game's deck"
    return None


def raise_problem(problem: Problem, action: object, seat: int | None, phase: str) -> NoReturn:
    """Raise the :class:`IllegalActionError` for ``problem``."""
    violation, reason = problem
    # A deal's token lists every hand, so it is never echoed into a message.
    if isinstance(action, Deal):
        message = f"the deal is illegal in the {phase} phase: {reason}"
    else:
        message = f"seat {seat}: {str(action)!r} is illegal in the {phase} phase: {reason}"
    raise IllegalActionError(message, violation, action, seat)
