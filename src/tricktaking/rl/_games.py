"""What the learning interfaces know about each game: its cards, phases and actions.

One :class:`GameSpec` per registered game. Everything else in :mod:`tricktaking.rl` is
generic and reads the game-specific parts from here; a game without a spec is refused
with a clear error.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

import attrs

import tricktaking as tt
from tricktaking.cards import Card, Direction, Suit, sort_cards
from tricktaking.deck import Deck
from tricktaking.engine import Action
from tricktaking.games import bid_whist, one_card, wizard

__all__ = ["GameSpec", "spec_for_game", "supported_games"]

SUITS = tuple(Suit)
DIRECTIONS = tuple(Direction)


@attrs.frozen(kw_only=True)
class GameSpec:
    """The game-specific facts the encoders and action spaces are built from.

    Attributes:
        name: The registry name.
        cards: Every distinct card of the deck, in canonical order (two Wizards are one).
        phases: The members of the game's phase enum, in declaration order.
        min_players: The fewest seats.
        max_players: The most seats.
        score_scale: Scores are divided by this in observations.
        max_tricks: The most tricks in one deal, given the number of seats.
        calls: The auction's calls (bids and passes) and other non-card actions of seat
            0, in index order, given the number of seats.
        discard_phase: The phase in which a card index means a discard, if any.
        discard: Builds the discard action of a seat and card.
    """

    name: str
    cards: tuple[Card, ...]
    phases: tuple[enum.Enum, ...]
    min_players: int
    max_players: int
    score_scale: float
    max_tricks: Callable[[int], int]
    calls: Callable[[int], tuple[Action, ...]]
    discard_phase: enum.Enum | None = None
    discard: Callable[[int, Card], Action] | None = None


def _distinct(deck: Deck) -> tuple[Card, ...]:
    return sort_cards(set(deck))


def _wizard_calls(players: int) -> tuple[Action, ...]:
    bids: Sequence[Action] = [wizard.Bid(0, tricks) for tricks in range(60 // players + 1)]
    return (*bids, *(tt.ChooseTrump(0, suit) for suit in SUITS))


def _one_card_calls(players: int) -> tuple[Action, ...]:
    bids = [one_card.Bid(0, points) for points in range(10 - players, one_card.MAX_BID + 1)]
    return (tt.Pass(0), *bids, *(tt.ChooseDirection(0, way) for way in DIRECTIONS))


def _bid_whist_calls(players: int) -> tuple[Action, ...]:
    bids = [
        bid_whist.Bid(0, level, mode)
        for level in range(1, bid_whist.MAX_LEVEL + 1)
        for mode in bid_whist.BidMode
    ]
    return (
        tt.Pass(0),
        *bids,
        *(tt.ChooseTrump(0, suit) for suit in SUITS),
        *(tt.ChooseDirection(0, way) for way in DIRECTIONS),
    )


_SPECS = {
    spec.name: spec
    for spec in (
        GameSpec(
            name="wizard",
            cards=_distinct(Deck.wizard()),
            phases=tuple(wizard.WizardPhase),
            min_players=3,
            max_players=6,
            score_scale=100.0,
            max_tricks=lambda players: 60 // players,
            calls=_wizard_calls,
        ),
        GameSpec(
            name="one-card",
            cards=_distinct(Deck.one_card()),
            phases=tuple(one_card.OneCardPhase),
            min_players=2,
            max_players=4,
            score_scale=30.0,
            max_tricks=lambda players: 24 // players,
            calls=_one_card_calls,
        ),
        GameSpec(
            name="bid-whist",
            cards=_distinct(Deck.bid_whist()),
            phases=tuple(bid_whist.BidWhistPhase),
            min_players=4,
            max_players=4,
            score_scale=7.0,
            max_tricks=lambda players: 12,
            calls=_bid_whist_calls,
            discard_phase=bid_whist.BidWhistPhase.DISCARD,
            discard=bid_whist.Discard,
        ),
    )
}


def supported_games() -> tuple[str, ...]:
    """The registered games that have learning interfaces, sorted.

    Example:
        >>> from tricktaking.rl import supported_games
        >>> supported_games()
        ('bid-whist', 'one-card', 'wizard')
    """
    return tuple(name for name in tt.available_games() if name in _SPECS)


def spec_for_game(name: str, players: int) -> GameSpec:
    """The spec of the registered game ``name``, checked against the number of seats.

    Raises:
        ValueError: If the game has no learning interface or ``players`` is out of range.
    """
    game = tt.get_game(name).name
    spec = _SPECS.get(game)
    if spec is None:
        raise ValueError(f"the game {game!r} has no learning interface in tricktaking.rl")
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{game} is played by {spec.min_players} to {spec.max_players} players, not {players}"
        )
    return spec
