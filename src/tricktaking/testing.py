"""Tools for testing games and bots: seeded random playouts.

Everything here uses only the public engine functions, so it works for any registered
game, including new ones.

Example:
    >>> import tricktaking as tt
    >>> states = playout(tt.new_game(tt.WizardConfig(players=3, rounds=2)), seed=1)
    >>> tt.is_over(states[-1]), len(states) == len(states[-1].history) + 1
    (True, True)
"""

from __future__ import annotations

from typing import TypeVar

from tricktaking.actions import CHANCE
from tricktaking.engine import GameState, actor, apply, deal, is_over, legal_actions
from tricktaking.seeding import derive_seed, random_below, stream

__all__ = ["playout"]

_S = TypeVar("_S", bound=GameState[object])


def playout(state: _S, seed: int, *, max_actions: int = 1_000_000) -> list[_S]:
    """Every state of a game played on from ``state`` with random legal actions.

    Deals use seeds derived from ``seed`` and the history length; players choose
    uniformly among :func:`~tricktaking.engine.legal_actions` with the library's
    version-stable stream, so a seed always gives the same game.

    Args:
        state: Where to start, e.g. ``new_game(config)``.
        seed: The master seed.
        max_actions: A safety limit on the number of actions.

    Returns:
        The states from ``state`` to the end of the game, both included.

    Raises:
        RuntimeError: If the game has not ended after ``max_actions`` actions.

    Example:
        >>> import tricktaking as tt
        >>> start = tt.new_game(tt.OneCardConfig(players=2, target=5))
        >>> playout(start, 3) == playout(start, 3)
        True
    """
    states = [state]
    choices = stream(derive_seed(seed, "choices"))
    for _ in range(max_actions):
        if is_over(state):
            return states
        if actor(state) is CHANCE:
            state = apply(state, deal(state, derive_seed(seed, "deal", len(state.history))))
        else:
            actions = legal_actions(state)
            state = apply(state, actions[random_below(choices, len(actions))])
        states.append(state)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
