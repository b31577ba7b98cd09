"""The bot protocol, the random bot, and what every bot shares.

Bots never see a state, only the view the engine gives their seat. A bot may keep
private memory between calls; make a new bot for each game.

Example:
    >>> from tricktaking.bots import RandomBot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OneCardConfig(players=2))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> RandomBot(3).act(tt.view(state, 1)) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeAlias

from tricktaking.engine import Action, PlayerView
from tricktaking.seeding import derive_seed, random_below, stream

__all__ = ["Bot", "BotFactory", "RandomBot", "legal_choices"]


class Bot(Protocol):
    """A player: given its seat's view when it is to act, it returns a legal action.

    Any object with such an ``act`` method is a bot; there is no base class.

    Example:
        >>> from tricktaking.bots import Bot, RandomBot
        >>> bot: Bot = RandomBot(1)
        >>> callable(bot.act)
        True
    """

    def act(self, view: PlayerView) -> Action:
        """The action to take; ``view.legal_actions`` lists the choices."""
        ...


BotFactory: TypeAlias = Callable[[int], Bot]
"""A callable that makes a bot from a seed; the bot classes are factories."""


def legal_choices(view: PlayerView) -> tuple[Action, ...]:
    """The view's legal actions.

    Raises:
        ValueError: If the seat has none (it is not its turn).

    Example:
        >>> from tricktaking.bots._protocol import legal_choices
        >>> import tricktaking as tt
        >>> legal_choices(tt.view(tt.new_game(tt.OneCardConfig(players=2)), 0))
        Traceback (most recent call last):
        ...
        ValueError: seat 0 has no legal action in this view
    """
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"seat {view.seat} has no legal action in this view")
    return legal


class RandomBot:
    """Chooses uniformly among the legal actions, reproducibly from its seed.

    Args:
        seed: Determines every choice.

    Example:
        >>> from tricktaking.bots import RandomBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> RandomBot(3).act(tt.view(state, 1)) == RandomBot(3).act(tt.view(state, 1))
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._words = stream(derive_seed(seed, "random-bot"))

    def act(self, view: PlayerView) -> Action:
        """A uniformly random legal action."""
        legal = legal_choices(view)
        return legal[random_below(self._words, len(legal))]
