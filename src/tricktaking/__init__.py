"""tricktaking: exact, typed, immutable engines for trick-taking card games.

The games are Wizard, One Card and Bid Whist. Every state is a frozen value;
``apply(state, action)`` validates an action and returns the next state.

Example:
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=1))
    >>> state = tt.apply(state, tt.deal(state, seed=42))
    >>> while not tt.is_over(state):
    ...     state = tt.apply(state, tt.legal_actions(state)[0])
    >>> len(tt.scores(state)), tt.winners(state) != ()
    (4, True)
"""

from __future__ import annotations

from tricktaking import games
from tricktaking.actions import CHANCE, Chance, ChooseDirection, ChooseTrump, Deal, Pass
from tricktaking.cards import (
    Card,
    Direction,
    Rank,
    Suit,
    card_order,
    format_cards,
    parse_cards,
    sort_cards,
)
from tricktaking.deck import Deck
from tricktaking.engine import (
    Action,
    Game,
    GameState,
    PlayerView,
    Rules,
    actor,
    apply,
    available_games,
    check,
    deal,
    game_of,
    get_game,
    is_over,
    legal_actions,
    new_game,
    register_game,
    scores,
    view,
    winners,
)
from tricktaking.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    RecordError,
    TricktakingError,
    Violation,
)
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.games.bid_whist import BidWhistConfig, BidWhistState
from tricktaking.games.one_card import OneCardConfig, OneCardState
from tricktaking.games.wizard import WizardConfig, WizardState
from tricktaking.history import History
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick

__version__ = "0.1.0.dev0"

__all__ = [
    "CHANCE",
    "Action",
    "BidWhistConfig",
    "BidWhistState",
    "Card",
    "Chance",
    "ChooseDirection",
    "ChooseTrump",
    "ConfigError",
    "Deal",
    "Deck",
    "Direction",
    "Game",
    "GameState",
    "History",
    "IllegalActionError",
    "NotationError",
    "OneCardConfig",
    "OneCardState",
    "Pass",
    "Play",
    "PlayerView",
    "Rank",
    "RecordError",
    "Round",
    "Rules",
    "Suit",
    "Trick",
    "TricktakingError",
    "Violation",
    "WizardConfig",
    "WizardState",
    "__version__",
    "actor",
    "apply",
    "available_games",
    "bid_whist",
    "card_order",
    "check",
    "deal",
    "format_cards",
    "game_of",
    "games",
    "get_game",
    "is_over",
    "legal_actions",
    "new_game",
    "one_card",
    "parse_cards",
    "register_game",
    "scores",
    "sort_cards",
    "view",
    "winners",
    "wizard",
]
