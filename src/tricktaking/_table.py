"""Table mechanics shared by the game modules: playing a card into a round, dealing.

These are the pure steps every game composes: take a card out of a hand, add it to the
trick, and close the trick with its winner when everyone has played.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TypeAlias, TypeVar

from tricktaking._dealt import made_from, mark
from tricktaking._fast import constructor
from tricktaking.actions import Deal
from tricktaking.cards import Card, Direction, Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.errors import IllegalActionError, Violation
from tricktaking.seeding import shuffle
from tricktaking.tricks import left_of

__all__ = [
    "actions_for",
    "add_at",
    "deal_round",
    "dealt_hands",
    "hooked_bid",
    "next_dealer",
    "replace_at",
    "require_deal",
    "strength_tables",
    "top_seats",
    "without_card",
]

_T = TypeVar("_T")
_A = TypeVar("_A")

_make_deal = constructor(Deal)


def replace_at(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with ``items[index]`` replaced by ``value``."""
    changed = list(items)  # cheaper than slicing and splicing a short tuple
    changed[index] = value
    return tuple(changed)


def add_at(numbers: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``numbers`` with ``amount`` added to ``numbers[index]``."""
    changed = list(numbers)
    changed[index] += amount
    return tuple(changed)


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card``; the canonical order is kept, so no re-sort."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def actions_for(actions: Mapping[Card, _A], cards: tuple[Card, ...]) -> tuple[_A, ...]:
    """The interned actions of ``cards`` (a seat's plays, say), in the order of ``cards``."""
    if len(cards) > 1:  # itemgetter looks them all up in C: twice as fast as a map
        found: tuple[_A, ...] = itemgetter(*cards)(actions)
        return found
    return (actions[cards[0]],) if cards else ()


StrengthKey: TypeAlias = tuple[Suit | None, Direction, Suit | None]


def strength_tables(
    cards: Iterable[Card],
    strength: Callable[[Card, Suit | None, Direction, Suit | None], int],
    directions: Iterable[Direction] = tuple(Direction),
) -> dict[StrengthKey, dict[Card, int]]:
    """Per ``(trump, direction, suit to follow)``, every card's strength in a trick.

    A trick's winner is then the earliest play of the greatest strength
    (:func:`~tricktaking.tricks.best_play`): games precompute these tables once.
    """
    unique = set(cards)
    return {
        (trump, direction, led): {card: strength(card, trump, direction, led) for card in unique}
        for trump in (*Suit, None)
        for direction in directions
        for led in (*Suit, None)
    }


def deal_round(deck: Deck, seed: int, *, players: int, dealer: int, hand_size: int) -> Deal:
    """The canonical deal: ``deck`` shuffled by ``seed``, dealt from the dealer's left.

    The same deal as ``Deal.from_deck(deck.shuffled(seed), ...)``, built without
    re-checking the cards of a :class:`Deck`, which holds only cards.
    """
    cards = shuffle(deck.cards, seed)
    dealt = hand_size * players
    first = left_of(dealer, players)
    hands = tuple(
        sort_cards(cards[(seat - first) % players : dealt : players]) for seat in range(players)
    )
    deal = _make_deal(hands=hands, stock=cards[dealt:], dealer=None)
    mark(deal, deck)
    return deal


def dealt_hands(deal: Deal, deck: Deck) -> tuple[tuple[Card, ...], ...]:
    """The hands of a validated ``deal`` of ``deck``, each in canonical order."""
    if made_from(deal) is deck:
        return deal.hands
    return tuple(sort_cards(hand) for hand in deal.hands)


def next_dealer(first_dealer: int, number: int, players: int) -> int:
    """The dealer of the deal after deal ``number``: one seat to the left each deal."""
    return (first_dealer + number) % players


def require_deal(phase: enum.Enum, deal_phase: enum.Enum, over_phase: enum.Enum) -> None:
    """``deal(state, seed)`` is for a state whose next action is a deal."""
    if phase is not deal_phase:
        violation = Violation.GAME_OVER if phase is over_phase else Violation.WRONG_PHASE
        raise IllegalActionError(
            f"no deal is due in the {phase.value} phase", violation, None, None
        )


def hooked_bid(bids: tuple[int | None, ...], tricks: int) -> int | None:
    """The last bid the hook forbids: the one that makes the bids total ``tricks``.

    ``None`` when the other bids already total more than ``tricks`` (no bid can make
    them equal). Wizard and Oh Hell state their hook rule with it (WZ-7.5, OH-7.4).
    """
    others = sum(bid for bid in bids if bid is not None)
    return tricks - others if others <= tricks else None


def top_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat whose total is the highest; ties make co-winners."""
    top = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == top)
