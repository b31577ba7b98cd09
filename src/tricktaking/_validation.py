"""The problems the games' rules name: turns, suits to follow, deals, configurations.

A problem is a ``(Violation, reason)`` pair; the reason text is only turned into an
exception by :func:`~tricktaking.kit.illegal_action`, so ``check`` stays cheap.
:mod:`tricktaking.kit` makes these public.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TypeAlias

from tricktaking._dealt import made_from
from tricktaking.actions import Chance, Deal
from tricktaking.arguments import is_exact_int
from tricktaking.cards import _ORDER, Card, Suit
from tricktaking.deck import Deck
from tricktaking.errors import ConfigError, Violation, safe_repr

__all__ = [
    "Problem",
    "choice_option",
    "deal_problem",
    "follow_problem",
    "int_option",
    "not_playing",
    "seat_option",
    "sorted_orders",
    "turn_problem",
]

Problem: TypeAlias = tuple[Violation, str]
"""Why an action is illegal: its :class:`~tricktaking.errors.Violation` and the reason."""


def sorted_orders(cards: Sequence[Card]) -> list[int]:
    """The canonical orders of ``cards``, sorted: a multiset fingerprint of a deck.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import parse_cards
        >>> kit.sorted_orders(parse_cards("KH AS")) == kit.sorted_orders(parse_cards("AS KH"))
        True
    """
    return sorted(map(_ORDER.__getitem__, cards))


def seat_option(name: str, value: object, players: int) -> None:
    """Refuse a configuration option that must be a seat (``first_dealer``).

    Raises:
        ConfigError: If ``value`` is not exactly an ``int`` from 0 to ``players - 1``.

    Example:
        >>> from tricktaking import kit
        >>> kit.seat_option("first_dealer", 4, 4)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: first_dealer must be a seat 0 to 3, not 4
    """
    if not is_exact_int(value) or not 0 <= value < players:
        raise ConfigError(f"{name} must be a seat 0 to {players - 1}, not {safe_repr(value)}")


def int_option(name: str, value: object, low: int, high: int) -> None:
    """Refuse a configuration option that must be an ``int`` from ``low`` to ``high``.

    Raises:
        ConfigError: If ``value`` is not exactly an ``int`` in those bounds.

    Example:
        >>> from tricktaking import kit
        >>> kit.int_option("target", 0, 1, 1_000_000)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: target must be 1 to 1,000,000, not 0
    """
    if not is_exact_int(value) or not low <= value <= high:
        raise ConfigError(f"{name} must be {low:,} to {high:,}, not {safe_repr(value)}")


def choice_option(name: str, value: object, allowed: Sequence[object]) -> None:
    """Refuse a configuration option that is not one of ``allowed``, of exactly its type.

    Raises:
        ConfigError: If it is not (a ``str`` subclass or a ``1`` for ``True`` is not).

    Example:
        >>> from tricktaking import kit
        >>> kit.choice_option("kitty", "book", ("book", "exchange")) is None
        True
        >>> kit.choice_option("nt_double", 1, (True, False))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: nt_double must be True or False, not 1
    """
    if not any(type(value) is type(choice) and value == choice for choice in allowed):
        *others, last = (repr(choice) for choice in allowed)
        listed = f"{', '.join(others)} or {last}" if others else last
        raise ConfigError(f"{name} must be {listed}, not {safe_repr(value)}")


def not_playing(over: bool) -> Problem:
    """The problem of a card played outside the play phase (``over``: after the game).

    Example:
        >>> from tricktaking import kit
        >>> kit.not_playing(False)
        (<Violation.WRONG_PHASE: 'wrong_phase'>, 'cards are played only in the play phase')
    """
    if over:
        return Violation.GAME_OVER, "the game is over"
    return Violation.WRONG_PHASE, "cards are played only in the play phase"


def turn_problem(seat: int, actor: int | Chance | None, phase: str) -> Problem | None:
    """``NOT_YOUR_TURN`` unless ``seat`` is the ``actor`` (in the phase named ``phase``).

    Example:
        >>> from tricktaking import kit
        >>> kit.turn_problem(1, 1, "bid") is None
        True
        >>> kit.turn_problem(2, 1, "bid")
        (<Violation.NOT_YOUR_TURN: 'not_your_turn'>, "it is seat 1's turn in the bid phase")
    """
    if seat == actor and is_exact_int(seat):
        return None
    return Violation.NOT_YOUR_TURN, f"it is seat {actor}'s turn in the {phase} phase"


def follow_problem(seat: int, lead: Suit | None, trump: Suit | None, clause: str) -> Problem:
    """``MUST_FOLLOW_SUIT``, naming the suit to follow (``lead``) and the rule's clause.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Suit
        >>> kit.follow_problem(2, Suit.HEARTS, Suit.SPADES, "WZ-10.3")[1]
        'seat 2 holds hearts, the suit to follow (WZ-10.3)'
    """
    name = "trump" if lead is trump else "the led suit" if lead is None else lead.name.lower()
    return Violation.MUST_FOLLOW_SUIT, f"seat {seat} holds {name}, the suit to follow ({clause})"


def deal_problem(
    deal: Deal,
    *,
    deck: Deck,
    players: int,
    hand_size: int,
    stock_size: int,
    dealer: int | None,
    orders: Sequence[int] | None = None,
) -> Problem | None:
    """``BAD_DEAL`` unless the deal has the right sizes and dealer and is exactly ``deck``.

    ``dealer`` is the seat due to deal, or ``None`` when the game draws the dealer by
    chance: a deal names no dealer or the one due in the first case, and must name a seat
    in the second. A deal the engine made from this very deck (:func:`deal_round`) is
    known to hold exactly its cards; any other is counted, and ``orders``, the
    :func:`sorted_orders` of ``deck`` worked out once, saves sorting the deck each time.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.actions import Deal
        >>> from tricktaking.cards import parse_cards
        >>> from tricktaking.deck import Deck
        >>> deck = Deck(parse_cards("AS KS AH KH"))
        >>> deal = Deal(hands=(parse_cards("AS KS"), parse_cards("AH KH")), stock=())
        >>> kit.deal_problem(deal, deck=deck, players=2, hand_size=2, stock_size=0, dealer=1)
        >>> kit.deal_problem(deal, deck=deck, players=2, hand_size=1, stock_size=2, dealer=1)
        (<Violation.BAD_DEAL: 'bad_deal'>, 'the deal must give 2 hands of 1 cards')
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
    dealt = sorted_orders((*chain.from_iterable(hands), *deal.stock))
    if dealt != (sorted_orders(deck) if orders is None else orders):
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
