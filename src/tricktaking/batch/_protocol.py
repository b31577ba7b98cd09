"""The batch-rules plug-in: what a game supplies so that many of its games step at once.

A game's batch rules are one object satisfying :class:`BatchRules`. Its ``create``
builds a :class:`BatchCore`, the struct of arrays of ``size`` games of one config, which
the generic :class:`~tricktaking.batch.Simulator` steps. Everything generic (dealing
random decks, recording each row's actions, replaying a row through ``tt.apply``,
validation, auto-reset, random policies) lives in the simulator; a core only knows its
game's rules.

A core's rows are in one of three conditions: waiting for a deal (the simulator deals a
deck, random or given, through :meth:`BatchCore.deal`), waiting for a player's action
(:meth:`BatchCore.step`), or over (``done``).

Example:
    >>> from tricktaking.batch import BatchRules, rules_for
    >>> import tricktaking as tt
    >>> isinstance(rules_for(tt.get_game("wizard")), BatchRules)
    True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from tricktaking.actions import Deal
from tricktaking.engine import GameState

__all__ = ["BatchCore", "BatchRules", "Bools", "Ints"]

Ints = npt.NDArray[np.int64]
"""An array of row numbers, actions or decks."""
Bools = npt.NDArray[np.bool_]
"""An array of flags, one per row (or per row and action)."""


@runtime_checkable
class BatchCore(Protocol):
    """The arrays of many games of one config, and the game's rules over them.

    Attributes:
        players: The number of seats.
        action_size: The size of the game's ``rl`` action space.
        deck_size: The number of physical cards a deal shuffles.
        phase: One int per row: the index of its phase in the game's phase enum.
        actor: One int per row: the seat to act (meaningless while a deal is due or over).
        scores: ``(size, players)`` cumulative scores, as ``tt.scores``.
        done: One flag per row: the game is over.

    Example:
        >>> from tricktaking.batch import BatchCore, rules_for
        >>> import tricktaking as tt
        >>> core = rules_for(tt.get_game("one-card")).create(tt.OneCardConfig(players=2), size=3)
        >>> isinstance(core, BatchCore), core.action_size
        (True, 36)
    """

    players: int
    action_size: int
    deck_size: int
    phase: Ints
    actor: Ints
    scores: npt.NDArray[np.int32]
    done: Bools

    def reset(self, rows: Ints) -> None:
        """Set ``rows`` to new games, each waiting for its first deal."""
        ...

    def dealing(self) -> Ints:
        """The rows waiting for a deal."""
        ...

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Deal ``decks[k]`` (physical card numbers, top first) to row ``rows[k]``."""
        ...

    def legal_mask(self, rows: Ints) -> Bools:
        """``(len(rows), action_size)``: the legal actions of each row's actor."""
        ...

    def is_legal(self, rows: Ints, actions: Ints) -> Bools:
        """Whether each action (an index in range) is legal for its row's actor."""
        ...

    def random_actions(self, rows: Ints, rng: np.random.Generator) -> Ints:
        """A uniformly random legal action (among the distinct ones) of each row's actor."""
        ...

    def step(self, rows: Ints, actions: Ints) -> None:
        """Apply the legal action ``actions[k]`` of each row ``rows[k]`` (not dealing, not done)."""
        ...

    def observe(self, rows: Ints, seats: Ints) -> npt.NDArray[np.float32]:
        """``(len(rows), layout size)``: each row's ``rl`` situation observation for a seat."""
        ...

    def deal_action(self, state: GameState[object], deck: Ints) -> Deal:
        """The scalar ``Deal`` of ``deck`` for ``state``, whose next action is a deal."""
        ...

    def deck_of(self, row: int, deal: Deal) -> Ints:
        """The deck (physical card numbers) that :meth:`deal` turns into ``deal`` at ``row``."""
        ...


@runtime_checkable
class BatchRules(Protocol):
    """A game's batch rules: builds the cores of its configs.

    Attributes:
        game: The registry name of the game.

    Example:
        >>> from tricktaking.batch import BatchRules, rules_for
        >>> import tricktaking as tt
        >>> rules = rules_for(tt.get_game("bid-whist"))
        >>> isinstance(rules, BatchRules), rules.game
        (True, 'bid-whist')
    """

    game: str

    def create(self, config: object, size: int) -> BatchCore:
        """A core of ``size`` new games of ``config``, each waiting for its first deal.

        Raises:
            TypeError: If ``config`` is not this game's config.
        """
        ...
