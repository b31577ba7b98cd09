"""Oh Hell's compiled batch kernel: the exact-bid machine on any deck of 3 to 7 seats.

Card numbers are the ``rl`` card indexes of the standard deck (``13 * suit + rank``,
suits S H D C, ranks 2 to A), whatever the configuration's deck; a card's number is its
play's action index. A deck lists the configuration's physical card indexes (OH-2.5),
then two draws: the hand size less one and the dealer, used where the configuration
leaves them to chance (OH-5.1, OH-4.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from tricktaking.actions import Deal
from tricktaking.cards import sort_cards
from tricktaking.deck import Deck
from tricktaking.engine import GameState
from tricktaking.exact_bid_kernel import (
    DOWN_UP,
    FIXED,
    GROWING,
    SHRINKING,
    UP_DOWN,
    ExactBidParams,
    declare_kernel,
)
from tricktaking.games.oh_hell import OhHellConfig, new_game
from tricktaking.kernel_kit import dealing_order

__all__ = ["KERNEL"]

_CARDS = sort_cards(Deck.standard())
_NUMBER = {card: number for number, card in enumerate(_CARDS)}
# OH-14.2: each schedule's hand sizes (one hand of a fixed or drawn size without one)
_SIZES = {None: FIXED, "up": GROWING, "down": SHRINKING, "up_down": UP_DOWN, "down_up": DOWN_UP}


def params(config: OhHellConfig) -> ExactBidParams:
    """The kernel's parameters for ``config`` (``rules/oh_hell.md``)."""
    n = config.players
    top_bid = 51 // n  # the action space's, from the standard deck
    per = config.points_per_trick
    schedule = config.schedule
    return ExactBidParams(
        players=n,
        action_size=52 + top_bid + 1,
        deck_size=len(config.deck),
        draw0=config.h_max,
        draw1=n,
        bid0=52,
        max_bid=top_bid,
        trump0=-1,
        specials=0,
        deal_from_left=0,
        first_dealer=-1 if config.first_dealer is None else config.first_dealer,
        deals=config.total_hands,
        sizes=_SIZES[schedule],
        largest=(config.hand_size or 0)
        if schedule is None
        else (config.max_hand_size or config.h_max),
        suits=config.num_suits,
        hook=int(config.bid_rule == "hook"),
        exact_base=config.exact_bonus,
        exact_per_trick=per,
        miss_per_trick=0 if config.off_bid_penalty else per,  # OH-12.2, OH-12.3
        miss_per_difference=-per if config.off_bid_penalty else 0,
        score_scale=10.0,
        top=config.cards_per_suit - 1,
        trump_top=0.95,
        trump_second=0.8,
        trump_third=0.6,
        trump_fourth=0.45,
        trump_other=0.25,
        plain_top=0.7,
        plain_second=0.35,
        wizard_value=0.0,
        share=3 / n,
    )


def deal_action(state: GameState[object], deck: Sequence[int]) -> Deal:
    """The engine's deal of ``deck`` for ``state``, whose next action is a deal (OH-5.3)."""
    config = cast("OhHellConfig", state.config)  # the kernel's own game
    n = config.players
    number = state.round.number + 1
    size = config.hand_sizes[number - 1] or deck[len(config.deck)] + 1
    drawn = config.first_dealer is None and number == 1
    cards = [config.deck[card] for card in deck[: len(config.deck)]]
    return Deal(
        hands=tuple(sort_cards(cards[seat : n * size : n]) for seat in range(n)),
        stock=tuple(cards[n * size :]),
        dealer=deck[len(config.deck) + 1] if drawn else None,
    )


def deck_of(state: GameState[object], deal: Deal) -> list[int]:
    """The deck (physical card indexes, then the draws) that deals ``deal`` after ``state``."""
    config = cast("OhHellConfig", state.config)
    size = len(deal.hands[0])
    dealer = 0 if deal.dealer is None else deal.dealer
    return [config.card_index(card) for card in dealing_order(deal, 0)] + [size - 1, dealer]


KERNEL = declare_kernel(
    title="Oh Hell",
    config_type=OhHellConfig,
    params=params,
    deal_action=deal_action,
    deck_of=deck_of,
    numbers=lambda config: tuple(card if card in config.deck else None for card in _CARDS),
    new_game=new_game,
    deals_field="total_hands",
)
"""Oh Hell's batch kernel, named by its declaration."""
