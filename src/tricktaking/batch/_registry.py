"""Finding a game's batch kernel: the plug-in its declaration names."""

from __future__ import annotations

import contextlib
from typing import cast

from tricktaking.engine import Game, GameState, available_games, get_game
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.kernel_kit import Kernel
from tricktaking.plugins import import_plug_in

__all__ = ["kernel_for", "load_kernels"]


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
    return cast(
        "Kernel[object]", import_plug_in(where, Kernel, f"the batch kernel of {game.name!r}")
    )


def load_kernels() -> None:
    """Import the kernel of every registered game that has one.

    The compiled loops are cached under a fingerprint of every kernel source loaded
    (:func:`~tricktaking.kernel_kit.fingerprint`); loading them all first gives a process
    that uses one game the same cache as the one that compiled them all. A game whose
    kernel does not load is left to fail, typed, when it is used.
    """
    for name in available_games():
        game = get_game(name)
        if game.batch_rules is not None:
            with contextlib.suppress(ImportError, AttributeError, ArgumentTypeError):
                kernel_for(game)
