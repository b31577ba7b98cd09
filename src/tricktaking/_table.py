"""Table mechanics every game composes: dealing, seat rotation, interned actions, tallies.

These are pure functions over plain values; :mod:`tricktaking.kit` makes them public.
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
from tricktaking.tricks import Play, best_play

__all__ = [
    "actions_for",
    "add_at",
    "card_actions",
    "deal_round",
    "dealt_hands",
    "hooked_bid",
    "ladder",
    "next_dealer",
    "replace_at",
    "require_deal",
    "strength_tables",
    "top_seats",
    "trick_winner",
    "without_card",
]

_T = TypeVar("_T")
_A = TypeVar("_A")

_make_deal = constructor(Deal)


def replace_at(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with ``items[index]`` replaced by ``value``.

    Example:
        >>> from tricktaking import kit
        >>> kit.replace_at((None, None, None), 1, 4)
        (None, 4, None)
    """
    changed = list(items)  # cheaper than slicing and splicing a short tuple
    changed[index] = value
    return tuple(changed)


def add_at(numbers: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``numbers`` with ``amount`` added to ``numbers[index]``.

    Example:
        >>> from tricktaking import kit
        >>> kit.add_at((3, 0, 5), 2, 2)
        (3, 0, 7)
    """
    changed = list(numbers)
    changed[index] += amount
    return tuple(changed)


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card``; the canonical order is kept, so no re-sort.

    Raises:
        ValueError: If ``hand`` does not hold ``card``.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card, format_cards, parse_cards
        >>> format_cards(kit.without_card(parse_cards("AS WZ WZ"), Card.parse("WZ")))
        'AS WZ'
    """
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def ladder(
    make: Callable[[int, _T], _A], values: Iterable[_T], seats: int
) -> tuple[tuple[_A, ...], ...]:
    """Each seat's actions ``make(seat, value)`` for ``values`` in order, made once.

    A game lists the same action objects every time (an ``apply`` of an action that
    ``legal_actions`` listed is not checked again), and a seat's legal bids are then a
    slice of its ladder: from the lowest legal bid up.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games.wizard import Bid
        >>> bids = kit.ladder(Bid, range(4), seats=3)
        >>> bids[1][2:]
        (Bid(seat=1, tricks=2), Bid(seat=1, tricks=3))
    """
    steps = tuple(values)
    return tuple(tuple(make(seat, value) for value in steps) for seat in range(seats))


def card_actions(
    make: Callable[[int, Card], _A], cards: Iterable[Card], seats: int
) -> tuple[dict[Card, _A], ...]:
    """Each seat's action ``make(seat, card)`` for every distinct card, made once.

    :func:`actions_for` reads a seat's legal plays (or discards) from its table.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.deck import Deck
        >>> from tricktaking.tricks import Play
        >>> plays = kit.card_actions(Play, Deck.wizard(), seats=3)
        >>> len(plays[2]), plays[2][Card.parse("WZ")]
        (54, Play(seat=2, card=Card(Rank.WIZARD, None)))
    """
    distinct = sort_cards(set(cards))
    return tuple({card: make(seat, card) for card in distinct} for seat in range(seats))


def actions_for(actions: Mapping[Card, _A], cards: tuple[Card, ...]) -> tuple[_A, ...]:
    """The interned actions of ``cards`` (a seat's plays, say), in the order of ``cards``.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import parse_cards
        >>> cards = parse_cards("AS KH 2C")
        >>> kit.actions_for({card: f"play {card}" for card in cards}, cards[1:])
        ('play KH', 'play 2C')
    """
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
    (:func:`~tricktaking.tricks.best_play`): games precompute these tables once, from
    ``strength(card, trump, direction, suit to follow)``.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import SUITED_RANKS, Card, Direction, Suit
        >>> from tricktaking.deck import Deck
        >>> from tricktaking.tricks import Play, best_play
        >>> def strength(card, trump, direction, led):
        ...     rank = SUITED_RANKS.index(card.rank)
        ...     return rank + 100 if card.suit is trump else rank if card.suit is led else -1
        >>> tables = kit.strength_tables(Deck.standard(), strength, (Direction.UPTOWN,))
        >>> cards = [Card.parse(token) for token in ("KH", "2S", "AH")]
        >>> plays = tuple(Play(seat, card) for seat, card in enumerate(cards))
        >>> best_play(plays, tables[Suit.SPADES, Direction.UPTOWN, Suit.HEARTS]).seat
        1
    """
    unique = set(cards)
    return {
        (trump, direction, led): {card: strength(card, trump, direction, led) for card in unique}
        for trump in (*Suit, None)
        for direction in directions
        for led in (*Suit, None)
    }


def trick_winner(
    plays: tuple[Play, ...], strength_of: Callable[..., Mapping[Card, int]], *rules: object
) -> int:
    """The seat winning ``plays`` so far: the strongest card by ``strength_of(plays, *rules)``.

    The strength table of :func:`strength_tables` for the trick's trump, direction and
    suit to follow; the earliest play wins a tie (:func:`~tricktaking.tricks.best_play`).
    A game's ``trick_winner`` of a trick is this, with its own table and rules.

    Raises:
        ValueError: If there are no plays.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play
        >>> plays = (Play(2, Card.parse("9H")), Play(3, Card.parse("KH")))
        >>> kit.trick_winner(plays, lambda plays: {play.card: play.seat for play in plays})
        3
    """
    if not plays:
        raise ValueError("an empty trick has no winner yet")
    return best_play(plays, strength_of(plays, *rules)).seat


def deal_round(
    deck: Deck,
    seed: int,
    *,
    players: int,
    hand_size: int,
    first_seat: int,
    dealer: int | None = None,
) -> Deal:
    """``deck`` shuffled by ``seed`` and dealt one card at a time from ``first_seat``.

    Card ``k`` of the shuffled deck goes to seat ``(first_seat + k) % players`` until each
    seat holds ``hand_size``; the rest is the stock, in order. The same deal as
    ``Deal.from_deck(deck.shuffled(seed), ...)``, built without re-checking the cards of a
    :class:`~tricktaking.deck.Deck`, which holds only cards, and known to ``apply`` as
    made from ``deck`` (so its cards are not counted again). ``dealer`` is the deal's
    ``dealer``: the dealer drawn by chance, if any.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.actions import Deal
        >>> from tricktaking.deck import Deck
        >>> deal = kit.deal_round(Deck.standard(), 7, players=4, hand_size=13, first_seat=1)
        >>> [len(hand) for hand in deal.hands], deal.stock, deal.dealer
        ([13, 13, 13, 13], (), None)
        >>> deal == Deal.from_deck(Deck.standard().shuffled(7), players=4, first_seat=1,
        ...                        hand_size=13)
        True
    """
    cards = shuffle(deck.cards, seed)
    dealt = hand_size * players
    hands = tuple(
        sort_cards(cards[(seat - first_seat) % players : dealt : players])
        for seat in range(players)
    )
    deal = _make_deal(hands=hands, stock=cards[dealt:], dealer=dealer)
    mark(deal, deck)
    return deal


def dealt_hands(deal: Deal, deck: Deck) -> tuple[tuple[Card, ...], ...]:
    """The hands of a checked ``deal`` of ``deck``, each in canonical order.

    A deal :func:`deal_round` made from ``deck`` is sorted already, and kept as it is.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.actions import Deal
        >>> from tricktaking.cards import format_cards, parse_cards
        >>> from tricktaking.deck import Deck
        >>> deal = Deal(hands=(parse_cards("AS KS"), parse_cards("KH AH")), stock=())
        >>> deck = Deck(parse_cards("AS KS AH KH"))
        >>> [format_cards(hand) for hand in kit.dealt_hands(deal, deck)]
        ['KS AS', 'KH AH']
    """
    if made_from(deal) is deck:
        return deal.hands
    return tuple(sort_cards(hand) for hand in deal.hands)


def next_dealer(first_dealer: int, number: int, players: int) -> int:
    """The dealer of the deal after deal ``number``: one seat to the left each deal.

    Example:
        >>> from tricktaking import kit
        >>> [kit.next_dealer(2, number, 4) for number in range(5)]
        [2, 3, 0, 1, 2]
    """
    return (first_dealer + number) % players


def require_deal(phase: enum.Enum, deal_phase: enum.Enum, over_phase: enum.Enum) -> None:
    """``deal(state, seed)`` is for a state whose next action is a deal.

    Raises:
        IllegalActionError: ``GAME_OVER`` in ``over_phase``, else ``WRONG_PHASE``, unless
            ``phase`` is ``deal_phase``.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games.wizard import WizardPhase as Phase
        >>> kit.require_deal(Phase.DEAL, Phase.DEAL, Phase.OVER) is None
        True
        >>> kit.require_deal(Phase.OVER, Phase.DEAL, Phase.OVER)
        Traceback (most recent call last):
        ...
        tricktaking.errors.IllegalActionError: no deal is due in the over phase
    """
    if phase is not deal_phase:
        violation = Violation.GAME_OVER if phase is over_phase else Violation.WRONG_PHASE
        raise IllegalActionError(
            f"no deal is due in the {phase.value} phase", violation, None, None
        )


def hooked_bid(bids: tuple[int | None, ...], tricks: int) -> int | None:
    """The last bid the hook forbids: the one that makes the bids total ``tricks``.

    ``None`` when the other bids already total more than ``tricks`` (no bid can make
    them equal). Wizard and Oh Hell state their hook rule with it (WZ-7.5, OH-7.4).

    Example:
        >>> from tricktaking import kit
        >>> kit.hooked_bid((1, 0, None), 3), kit.hooked_bid((2, 3, None), 3)
        (2, None)
    """
    others = sum(bid for bid in bids if bid is not None)
    return tricks - others if others <= tricks else None


def top_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat whose total is the highest; ties make co-winners.

    Example:
        >>> from tricktaking import kit
        >>> kit.top_seats([12, -3, 12]), kit.top_seats([0, 5])
        ((0, 2), (1,))
    """
    top = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == top)
