"""Finding a game's batch kernel: the plug-in its declaration names."""

from __future__ import annotations

import importlib
from typing import cast

from tricktaking.engine import Game, GameState
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.kernel_kit import Kernel

__all__ = ["kernel_for"]


def kernel_for(game: Game[GameState[object], object]) -> Kernel[object]:
    """The batch kernel of the registered ``game``, imported from ``game.batch_rules``.

    Raises:
        ArgumentError: If the game has no batch kernel.
        ArgumentTypeError: If what ``game.batch_rules`` names is not a
            :class:`~tricktaking.kernel_kit.Kernel`.

    Example:
        >>> from tricktaking.batch import kernel_for
        >>> from tricktaking.kernel_kit import Kernel
        >>> import tricktaking as tt
        >>> isinstance(kernel_for(tt.get_game("oh-hell")), Kernel)
        True
    """
    where = game.batch_rules
    if where is None:
        raise ArgumentError(f"the game {game.name!r} has no batch kernel (Game.batch_rules)")
    module, _, attribute = where.partition(":")
    kernel: object = getattr(importlib.import_module(module), attribute)
    if not isinstance(kernel, Kernel):
        raise ArgumentTypeError(f"{where} (the batch kernel of {game.name!r}) is not a Kernel")
    return cast("Kernel[object]", kernel)
