"""Wizard's compiled batch kernel: the exact-bid machine with Wizards, Jesters and 3 to 6 seats.

Card numbers: the 52 suited cards are ``13 * suit + rank`` (suits S H D C, ranks 2 to A),
the four Wizards 52 to 55 and the four Jesters 56 to 59; a deck lists them top first.
The ``rl`` action of a card is its number, 52 for any Wizard and 53 for any Jester.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from tricktaking.actions import Deal
from tricktaking.cards import Card, Suit
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.exact_bid_kernel import GROWING, ExactBidParams, declare_kernel
from tricktaking.games.wizard import WizardConfig, new_game
from tricktaking.kernel_kit import dealing_order

__all__ = ["CARDS", "KERNEL"]

_SUITED = tuple(Card.parse(rank + suit.value) for suit in Suit for rank in "23456789TJQKA")
CARDS = (*_SUITED, *(Card.parse("WZ"),) * 4, *(Card.parse("JE"),) * 4)
"""The card of each card number."""
if sorted(CARDS, key=repr) != sorted(Deck.wizard().cards, key=repr):  # pragma: no cover
    raise RuntimeError("the kernel's card numbers are not Wizard's deck")

_NO_DRAWS = 0


def params(config: WizardConfig) -> ExactBidParams:
    """The kernel's parameters for ``config`` (``rules/wizard.md``)."""
    n = config.players
    top_bid = 60 // n
    return ExactBidParams(
        players=n,
        action_size=54 + top_bid + 1 + 4,
        deck_size=60,
        draw0=_NO_DRAWS,
        draw1=_NO_DRAWS,
        bid0=54,
        max_bid=top_bid,
        trump0=54 + top_bid + 1,
        specials=1,
        deal_from_left=1,
        first_dealer=config.first_dealer,
        deals=config.total_rounds,
        sizes=GROWING,  # WZ-5.3: round r deals r cards
        largest=top_bid,
        suits=0,
        hook=int(config.bid_rule == "hook"),
        exact_base=20,
        exact_per_trick=10,
        miss_per_trick=0,
        miss_per_difference=-10,
        score_scale=100.0,
        top=12,
        trump_top=0.9,
        trump_second=0.75,
        trump_third=0.55,
        trump_fourth=0.4,
        trump_other=0.2,
        plain_top=0.6,
        plain_second=0.25,
        wizard_value=0.95,
        share=4 / n,
    )


def deal_action(state: GameState[object], deck: Sequence[int]) -> Deal:
    """The engine's deal of ``deck`` for ``state``, whose next action is a deal (WZ-5.3)."""
    config = cast("WizardConfig", state.config)  # the kernel's own game
    n = config.players
    number = state.round.number + 1
    dealer = (config.first_dealer + number - 1) % n
    return Deal.from_deck(
        [CARDS[card] for card in deck[:60]],
        players=n,
        first_seat=(dealer + 1) % n,
        hand_size=number,
    )


def deck_of(state: GameState[object], deal: Deal) -> list[int]:
    """The deck (card numbers, then two unused draws) that deals ``deal`` after ``state``."""
    config = cast("WizardConfig", state.config)
    first = (config.first_dealer + state.round.number + 1) % config.players
    numbers = {Card.parse("WZ"): iter(range(52, 56)), Card.parse("JE"): iter(range(56, 60))}
    return [
        next(numbers[card]) if card in numbers else _SUITED.index(card)
        for card in dealing_order(deal, first)
    ] + [0, 0]


KERNEL = declare_kernel(
    title="Wizard",
    config_type=WizardConfig,
    params=params,
    deal_action=deal_action,
    deck_of=deck_of,
    numbers=lambda config: CARDS,
    new_game=new_game,
    deals_field="total_rounds",
)
"""Wizard's batch kernel, named by its declaration."""
