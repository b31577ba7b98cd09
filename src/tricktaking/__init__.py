"""tricktaking: exact, typed, immutable engines for trick-taking card games.

The games are Wizard, One Card, Bid Whist and Oh Hell. Every state is a frozen value;
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

from types import ModuleType as _ModuleType
from typing import overload

from tricktaking import engine, games, render
from tricktaking.actions import CHANCE, Action, Chance, ChooseDirection, ChooseTrump, Deal, Pass
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
    Game,
    GameState,
    Rules,
    actor,
    apply,
    available_games,
    check,
    completed_trick,
    deal,
    game_of,
    get_game,
    is_over,
    legal_actions,
    register_game,
    scores,
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
from tricktaking.games import bid_whist, oh_hell, one_card, wizard
from tricktaking.games.bid_whist import BidWhistConfig, BidWhistState, BidWhistView
from tricktaking.games.oh_hell import OhHellConfig, OhHellState, OhHellView
from tricktaking.games.one_card import OneCardConfig, OneCardState, OneCardView
from tricktaking.games.wizard import WizardConfig, WizardState, WizardView
from tricktaking.history import History
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick
from tricktaking.views import PlayerView

__version__ = "0.1.0.dev0"


# The facade, which sits above the games, gives new_game and view their precise types;
# the engine below the games knows them only through the registry.
@overload
def new_game(config: WizardConfig) -> WizardState: ...
@overload
def new_game(config: OneCardConfig) -> OneCardState: ...
@overload
def new_game(config: BidWhistConfig) -> BidWhistState: ...
@overload
def new_game(config: OhHellConfig) -> OhHellState: ...
@overload
def new_game(config: object) -> GameState[object]: ...


def new_game(config: object) -> GameState[object]:
    """The state of a new game before its first deal, as :func:`tricktaking.engine.new_game`.

    Typed precisely for the built-in games: a ``WizardConfig`` gives a ``WizardState``.

    Raises:
        ArgumentTypeError: If ``config`` is not the configuration of a registered game.

    Example:
        >>> import tricktaking as tt
        >>> type(tt.new_game(tt.OhHellConfig())).__name__, tt.actor(tt.new_game(tt.OhHellConfig()))
        ('OhHellState', <Chance.CHANCE: 'chance'>)
    """
    return engine.new_game(config)


@overload
def view(state: WizardState, seat: int) -> WizardView: ...
@overload
def view(state: OneCardState, seat: int) -> OneCardView: ...
@overload
def view(state: BidWhistState, seat: int) -> BidWhistView: ...
@overload
def view(state: OhHellState, seat: int) -> OhHellView: ...
@overload
def view(state: GameState[object], seat: int) -> PlayerView: ...


def view(state: GameState[object], seat: int) -> PlayerView:
    """What ``seat`` may see of ``state``: never a card hidden from that seat.

    Raises:
        ValueError: If ``seat`` is not a seat of the game.

    Example:
        >>> import tricktaking as tt
        >>> tt.view(tt.new_game(tt.WizardConfig(players=3)), 0).hand
        ()
    """
    return engine.view(state, seat)


__all__ = [
    "CHANCE",
    "Action",
    "BidWhistConfig",
    "BidWhistState",
    "BidWhistView",
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
    "OhHellConfig",
    "OhHellState",
    "OhHellView",
    "OneCardConfig",
    "OneCardState",
    "OneCardView",
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
    "WizardView",
    "__version__",
    "actor",
    "apply",
    "available_games",
    "bid_whist",
    "card_order",
    "check",
    "completed_trick",
    "deal",
    "format_cards",
    "game_of",
    "games",
    "get_game",
    "is_over",
    "legal_actions",
    "new_game",
    "oh_hell",
    "one_card",
    "parse_cards",
    "register_game",
    "render",
    "scores",
    "sort_cards",
    "view",
    "winners",
    "wizard",
]


def __dir__() -> list[str]:
    """The public names and the subpackages, not the helpers this module imports.

    Example:
        >>> import tricktaking as tt
        >>> "overload" in dir(tt), "annotations" in dir(tt), "apply" in dir(tt)
        (False, False, True)
    """
    modules = [name for name, value in globals().items() if isinstance(value, _ModuleType)]
    return sorted({*__all__, "__version__", *(name for name in modules if name[0] != "_")})
