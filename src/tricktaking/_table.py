"""Table mechanics shared by the game modules: playing a card into a round, dealing.

These are the pure steps every game composes: take a card out of a hand, add it to the
trick, and close the trick with its winner when everyone has played.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeAlias, TypeVar

from tricktaking._dealt import made_from, mark
from tricktaking._fast import constructor, replacer
from tricktaking.actions import Deal
from tricktaking.cards import Card, Direction, Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.errors import IllegalActionError, Violation
from tricktaking.rounds import Round
from tricktaking.seeding import shuffle
from tricktaking.tricks import Play, Trick, best_play, left_of

__all__ = [
    "add_at",
    "deal_round",
    "dealt_hands",
    "empty_trick",
    "new_round",
    "next_dealer",
    "play_into_round",
    "replace_at",
    "require_deal",
    "strength_tables",
    "without_card",
]

_T = TypeVar("_T")

_make_deal = constructor(Deal)
_make_round = constructor(Round)
# the hot path's copies, each naming what it changes (positional calls are cheapest)
_with_hands_and_trick = replacer(Round, "hands", "trick")
_with_trick_done = replacer(Round, "hands", "trick", "tricks", "won")
_with_plays = replacer(Trick, "plays")
_with_plays_and_winner = replacer(Trick, "plays", "winner")
# Tricks are immutable, so every round can share one empty trick per leader.
_EMPTY_TRICKS = tuple(Trick(leader=seat) for seat in range(6))


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


def play_into_round(
    rnd: Round,
    play: Play,
    players: int,
    strength_of: Callable[..., Mapping[Card, int]],
    *rules: object,
) -> tuple[Round, Trick | None]:
    """The round after ``play``, and the trick it completed (with its winner) if any.

    A completed trick moves to ``rnd.tricks``; its winner, the strongest card by the
    table ``strength_of(plays, *rules)`` (see :func:`~tricktaking.tricks.best_play`),
    leads a new empty trick.
    """
    seat = play.seat
    hands = list(rnd.hands)
    hands[seat] = without_card(hands[seat], play.card)
    trick = rnd.trick
    plays = trick.plays + (play,)  # noqa: RUF005  (twice as fast as unpacking)
    if len(plays) < players:
        return _with_hands_and_trick(rnd, tuple(hands), _with_plays(trick, plays)), None
    winner = best_play(plays, strength_of(plays, *rules)).seat
    done = _with_plays_and_winner(trick, plays, winner)
    tricks = rnd.tricks + (done,)  # noqa: RUF005
    next_trick = _EMPTY_TRICKS[winner]
    return _with_trick_done(rnd, tuple(hands), next_trick, tricks, add_at(rnd.won, winner, 1)), done


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
    deal = _make_deal(hands=hands, stock=cards[dealt:])
    mark(deal, deck)
    return deal


def dealt_hands(deal: Deal, deck: Deck) -> tuple[tuple[Card, ...], ...]:
    """The hands of a validated ``deal`` of ``deck``, each in canonical order."""
    if made_from(deal) is deck:
        return deal.hands
    return tuple(sort_cards(hand) for hand in deal.hands)


def empty_trick(leader: int) -> Trick:
    """The shared empty trick led by ``leader`` (0 to 5)."""
    return _EMPTY_TRICKS[leader]


def new_round(number: int, dealer: int, hands: Sequence[tuple[Card, ...]], leader: int) -> Round:
    """A fresh round with ``hands`` and an empty trick led by ``leader``."""
    return _make_round(
        number=number,
        dealer=dealer,
        hands=tuple(hands),
        trick=empty_trick(leader),
        tricks=(),
        won=(0,) * len(hands),
    )


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
