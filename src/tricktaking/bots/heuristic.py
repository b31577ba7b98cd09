"""Heuristic bots: quick rule-of-thumb players, one per game, found in its declaration.

Each bids from the strength of its hand and then plays for the tricks it needs; they
are the search bots' default playout policy, so they must stay fast. A game brings its
own as the ``heuristic_bot`` plug-in of its :class:`~tricktaking.engine.Game`.

Example:
    >>> from tricktaking.bots import HEURISTIC_BOTS
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OneCardConfig(players=2))
    >>> state = tt.apply(state, tt.deal(state, seed=5))
    >>> bot = HEURISTIC_BOTS["one-card"](0)
    >>> bot.act(tt.view(state, tt.actor(state))) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from tricktaking.engine import available_games, get_game
from tricktaking.errors import ArgumentError, ArgumentTypeError, UnknownGameError, safe_repr
from tricktaking.games.bid_whist.bot import BidWhistBot
from tricktaking.games.oh_hell.bot import OhHellBot
from tricktaking.games.one_card.bot import OneCardBot
from tricktaking.games.wizard.bot import WizardBot
from tricktaking.plugins import BotFactory

__all__ = [
    "HEURISTIC_BOTS",
    "BidWhistBot",
    "OhHellBot",
    "OneCardBot",
    "WizardBot",
    "heuristic_bot",
]


def heuristic_bot(game: str) -> BotFactory:
    """The heuristic bot factory that ``game``'s declaration names.

    Raises:
        ArgumentTypeError: If ``game`` is not a ``str``.
        ArgumentError: If no game is registered under ``game`` (also a ``KeyError``, as
            before) or the game declares no heuristic bot.

    Example:
        >>> from tricktaking.bots.heuristic import heuristic_bot
        >>> heuristic_bot("wizard").__name__
        'WizardBot'
    """
    if type(game) is not str:
        raise ArgumentTypeError(f"a game is named by a str, not {safe_repr(game)}")
    if game not in available_games():
        raise UnknownGameError(f"no game {safe_repr(game)}; games: {', '.join(available_games())}")
    declared = get_game(game)
    factory = declared.heuristic_bot
    if factory is None:
        raise ArgumentError(f"{declared.title} declares no heuristic bot")
    return factory


class _Declared(Mapping[str, BotFactory]):
    """The registered games' heuristic bots by registry name, read from the registry."""

    def __getitem__(self, game: str) -> BotFactory:
        found = get_game(game).heuristic_bot  # raises KeyError for an unknown game
        if found is None:
            raise KeyError(game)
        return found

    def __iter__(self) -> Iterator[str]:
        return (name for name in available_games() if get_game(name).heuristic_bot)

    def __len__(self) -> int:
        return sum(1 for _ in self)


HEURISTIC_BOTS: Mapping[str, BotFactory] = _Declared()
"""The heuristic bot of each registered game, by registry name (read from its declaration)."""
