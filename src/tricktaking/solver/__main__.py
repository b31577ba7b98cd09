"""``python -m tricktaking.solver compile [GAME ...]``: compile the solver's search ahead.

The search is compiled once for each game's kernel and cached on disk beside the batch
kernels (``python -m tricktaking.batch where`` prints the directory). This command
solves one small ending of each game named (every game with a ``Game.solver`` plug-in
when none is named), so that the first solve of a program, a test run or a server's
review loads the search instead of compiling it, and prints each game's CPU time.
"""

from __future__ import annotations

from collections.abc import Sequence

import tricktaking as tt
from tricktaking.engine import Game, GameState
from tricktaking.kernel_kit import compile_ahead
from tricktaking.solver._api import in_trick_play, value
from tricktaking.testing import playout

__all__ = ["main"]


def _small_ending(game: Game[GameState[object], object]) -> GameState[object]:
    """The first position of a random game in trick play with two cards or fewer a hand."""
    for state in playout(tt.new_game(game.default_config()), seed=0):
        if in_trick_play(state) and max(len(hand) for hand in state.round.hands) <= 2:
            return state
    raise AssertionError(f"a game of {game.title} never reached an ending to solve")


def _ready(game: Game[GameState[object], object]) -> None:
    value(_small_ending(game))


def _offers(game: Game[GameState[object], object]) -> bool:
    return game.solver is not None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit status (2 for an unknown game).

    Example:
        >>> from tricktaking.solver.__main__ import main
        >>> main(["compile", "oh-hell", "one-card"])  # doctest: +ELLIPSIS
        Oh Hell: ready ... CPU s)
        One Card: ready ... CPU s)
        0
    """
    return compile_ahead(
        argv, prog="python -m tricktaking.solver", what="solver", offers=_offers, ready=_ready
    )


if __name__ == "__main__":
    raise SystemExit(main())
