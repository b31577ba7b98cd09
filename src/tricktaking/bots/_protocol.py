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

from tricktaking.arguments import seed_argument
from tricktaking.engine import Action, PlayerView
from tricktaking.plugins import Bot, BotFactory, legal_choices
from tricktaking.seeding import derive_seed, random_below, stream

__all__ = ["Bot", "BotFactory", "RandomBot", "legal_choices"]


class RandomBot:
    """Chooses uniformly among the legal actions, reproducibly from its seed.

    Args:
        seed: Determines every choice.

    Raises:
        ArgumentTypeError: If ``seed`` is not an ``int``.

    Example:
        >>> from tricktaking.bots import RandomBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> RandomBot(3).act(tt.view(state, 1)) == RandomBot(3).act(tt.view(state, 1))
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._words = stream(derive_seed(seed_argument("seed", seed), "random-bot"))

    def act(self, view: PlayerView) -> Action:
        """A uniformly random legal action."""
        legal = legal_choices(view)
        return legal[random_below(self._words, len(legal))]
