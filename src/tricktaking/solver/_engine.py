"""A state loaded as a kernel row, and one question searched over rows of its game."""

from __future__ import annotations

import attrs
import numpy as np

from tricktaking.batch import Simulator, kernel_for
from tricktaking.engine import Action, GameState, game_of
from tricktaking.kernel_kit import Cards, Ints, Params, apply_row, equivalent_row, prepare
from tricktaking.solver._compiled import INFINITY, Question, Table, search, stack, table

__all__ = ["DEFAULT", "SETTINGS", "Options", "Position", "Solve"]


@attrs.frozen(kw_only=True)
class Options:
    """Which techniques the search uses; each can be switched off (the tests do)."""

    pruning: bool = True  # alpha-beta cut-offs (off: plain minimax)
    table: bool = True  # the transposition table
    mtdf: bool = True  # zero-window searches converging on the value (MTD(f))
    bounds: bool = True  # positions decided by the tricks left (games that count tricks)
    relative: bool = True  # the table keys a position by what is left, not by the tallies
    ordering: bool = True  # the game's heuristic move is tried early
    equivalence: bool = True  # of equivalent cards, one is searched (and valued, at the root)
    table_bits: int = 14  # 2**14 entries: a few MB with the rows kept whole


DEFAULT = Options()
SETTINGS = {
    "all on": DEFAULT,
    "no pruning": Options(pruning=False),
    "no table": Options(table=False),
    "no mtdf": Options(mtdf=False),
    "no bounds": Options(bounds=False),
    "no relative table": Options(relative=False),
    "no ordering": Options(ordering=False),
    "no equivalence": Options(equivalence=False),
    "a tiny table": Options(table_bits=2),
}
"""Every technique on, and each one off in turn: what the exactness checks run."""


class Position:
    """A state in trick play as its game's kernel row, and how to step that row."""

    def __init__(self, state: GameState[object]) -> None:
        from tricktaking.rl.actions import action_index  # noqa: PLC0415 (rl needs Gymnasium)

        self._index = action_index
        self.state = state
        kernel = kernel_for(game_of(state))
        self.params: Params = kernel.params(kernel.checked(getattr(state, "config")))  # noqa: B009
        sim = Simulator.from_states([state], record=False)
        self.ints, self.cards = sim.row_arrays(0)
        # every card left, and a choice between tricks (One Card's reversal) to spare
        self.depth = sum(len(hand) for hand in state.round.hands) + 2
        prepare()

    def child(self, ints: Ints, cards: Cards, action: Action) -> tuple[Ints, Cards]:
        """The row after ``action`` (legal in the row's position), by the kernel's rules."""
        rows_ints = ints[np.newaxis].copy()
        rows_cards = cards[np.newaxis].copy()
        apply_row(self.params, rows_ints, rows_cards, 0, self._index(self.state, action))
        return rows_ints[0], rows_cards[0]

    def equivalent(self, first: Action, second: Action) -> bool:
        """Whether two legal actions in the position are the same move (equivalent cards)."""
        rows_ints = self.ints[np.newaxis]
        rows_cards = self.cards[np.newaxis]
        one, other = self.index(first), self.index(second)
        with np.errstate(over="ignore"):  # without the JIT, bit tricks wrap around on purpose
            return bool(equivalent_row(self.params, rows_ints, rows_cards, 0, one, other))

    def index(self, action: Action) -> int:
        """The kernel's index of ``action``."""
        return self._index(self.state, action)


class Solve:
    """One question searched from rows of one position's game, sharing one table."""

    def __init__(self, position: Position, question: Question, options: Options) -> None:
        self._params = position.params
        self._question = question
        self._options = options
        self._stack = stack(position.ints, position.cards, position.depth, self._params.action_size)
        size = 1 << options.table_bits if options.table else 1
        self._table: Table = table(size, position.ints.shape[0], position.cards.shape[0])
        self.nodes = 0
        self._guess = 0  # MTD(f) starts from the last value found: siblings are close

    def _search(self, alpha: int, beta: int) -> int:
        options = self._options
        with np.errstate(over="ignore"):  # without the JIT, the hash's words overflow on purpose
            found, nodes = search(
                self._params, self._question, self._stack, self._table, alpha, beta,
                options.pruning, options.table, options.bounds, options.relative,
                options.ordering, options.equivalence,
            )  # fmt: skip
        self.nodes += int(nodes)
        return int(found)

    def value(self, ints: Ints, cards: Cards) -> int:
        """The question's value of the row: the side's tally at the end, or 1/0 for exactly."""
        self._stack.ints[0] = ints
        self._stack.cards[0] = cards
        if self._question.exact:
            return self._search(0, 1)  # one boolean search: can the seat force exactly it?
        if not (self._options.mtdf and self._options.pruning):
            return self._search(-INFINITY, INFINITY)
        low, high = -INFINITY, INFINITY
        guess = self._guess
        while low < high:
            beta = max(guess, low + 1)
            guess = self._search(beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        self._guess = guess
        return guess
