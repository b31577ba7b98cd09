"""``python -m tricktaking.batch compile [GAME ...]``: compile the batch kernels ahead of use.

Each game's kernel is compiled (or found in the cache) and said so; with no game named,
every registered game with a batch kernel. The cache lives under ``NUMBA_CACHE_DIR``
when it is set, else the user's cache directory (``~/.cache/tricktaking/kernels`` on
Linux); ``python -m tricktaking.batch where`` prints it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktaking.batch._registry import kernel_for, load_kernels
from tricktaking.batch._rows import ensure_compiled
from tricktaking.engine import Game, GameState
from tricktaking.kernel_kit import cache_directory, compile_ahead, prepare

__all__ = ["main"]


def _ready(game: Game[GameState[object], object]) -> None:
    kernel = kernel_for(game)
    ensure_compiled(kernel, kernel.params(kernel.checked(game.default_config())))


def _where() -> None:
    load_kernels()
    prepare()
    print(cache_directory())


def _offers(game: Game[GameState[object], object]) -> bool:
    return game.batch_rules is not None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit status (2 for an unknown game).

    Example:
        >>> from tricktaking.batch.__main__ import main
        >>> main(["compile", "oh-hell"])  # doctest: +ELLIPSIS
        Oh Hell: ready ... CPU s)
        0
    """
    return compile_ahead(
        argv,
        prog="python -m tricktaking.batch",
        what="batch kernel",
        offers=_offers,
        ready=_ready,
        commands={"where": ("print the directory of the cache", _where)},
    )


if __name__ == "__main__":
    raise SystemExit(main())
