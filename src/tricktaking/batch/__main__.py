"""``python -m tricktaking.batch compile [GAME ...]``: compile the batch kernels ahead of use.

Each game's kernel is compiled (or found in the cache) and said so; with no game named,
every registered game with a batch kernel. The cache lives under ``NUMBA_CACHE_DIR``
when it is set, else the user's cache directory (``~/.cache/tricktaking/kernels`` on
Linux); ``python -m tricktaking.batch where`` prints it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import cast

import tricktaking as tt
from tricktaking.batch._registry import kernel_for, load_kernels
from tricktaking.batch._rows import ensure_compiled
from tricktaking.engine import Game, GameState
from tricktaking.kernel_kit import cache_directory, prepare

__all__ = ["main"]


def _games_with_kernels() -> list[Game[GameState[object], object]]:
    return [game for name in tt.available_games() if (game := tt.get_game(name)).batch_rules]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit status (2 for an unknown game).

    Example:
        >>> from tricktaking.batch.__main__ import main
        >>> main(["compile", "oh-hell"])  # doctest: +ELLIPSIS
        Oh Hell: ready ... CPU s)
        0
    """
    parser = argparse.ArgumentParser(
        prog="python -m tricktaking.batch", description="Compile the batch kernels ahead."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    compile_command = commands.add_parser("compile", help="compile the kernels of these games")
    compile_command.add_argument("games", nargs="*", metavar="GAME", help="registry names")
    commands.add_parser("where", help="print the directory of the cache")
    options = parser.parse_args(argv)
    if options.command == "where":
        load_kernels()
        prepare()
        print(cache_directory())
        return 0
    known = {game.name: game for game in _games_with_kernels()}
    unknown = [name for name in options.games if name not in known]
    if unknown:
        print(
            f"error: no batch kernel for {', '.join(unknown)}; games: {', '.join(sorted(known))}",
            file=sys.stderr,
        )
        return 2
    for name in options.games or sorted(known):
        game = known[name]
        kernel = kernel_for(game)
        make = cast("Callable[..., object]", game.config_type)
        config = make(players=game.default_players) if game.default_players else make()
        began = time.process_time()
        ensure_compiled(kernel, kernel.params(kernel.checked(config)))
        print(f"{game.title}: ready ({time.process_time() - began:.1f} CPU s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
