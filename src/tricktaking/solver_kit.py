"""What the exact solver needs to know about a game: the plug-in its declaration names.

A game's declaration names its :class:`SolverRules` in ``Game.solver``
(``"module:attribute"``), imported only when :mod:`tricktaking.solver` asks for it: the
question a value answers, which phases are trick play and how the game counts. The
solver's machinery reads every fact about a game from here and names no game.

Example:
    >>> from tricktaking.solver_kit import exact_bid_solver
    >>> rules = exact_bid_solver("play", won_column=30)
    >>> rules.question, sorted(rules.play_phases)
    ('exact-bid', ['play'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeAlias, TypeVar

import attrs

from tricktaking.cards import Direction, Suit
from tricktaking.rounds import Round

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Contract", "ExactBidState", "Question", "SolverRules", "exact_bid_solver"]

_S = TypeVar("_S")

Question: TypeAlias = Literal["most", "exact-bid"]
"""``"most"``: as many tricks (or points) as the seat's side can take; ``"exact-bid"``:
whether the seat can end the deal with exactly its bid."""

Contract: TypeAlias = tuple[Suit | None, Direction]
"""A contract as :func:`tricktaking.solver.contract_table` keys it: the trump suit
(``None`` for no trump) and the direction."""


@attrs.frozen(kw_only=True)
class SolverRules(Generic[_S]):
    """A game's answers to what the solver asks, named by ``Game.solver``.

    The solver searches the game's compiled kernel rows (see
    :mod:`tricktaking.kernel_kit`): a tally is read from the row's ``int32`` columns.
    Sides come from the declaration's ``team_count``: in the ``"most"`` question a seat's
    partners play with it and everyone else against it; in the ``"exact-bid"`` question
    the seat plays alone against all the others together.

    Args:
        question: What a value means for the game.
        play_phases: The values of the phases in which the deal's trick play goes on
            (the play phase, and any choice the rules ask for between tricks).
        tally_column: The kernel row's column of seat 0's tally in the deal (its tricks,
            or its card points, taken in tricks already complete); seat ``s``'s is
            ``tally_column + s``.
        bid: ``seat``'s bid in a state (the ``"exact-bid"`` question only).
        contracts: The contracts a declarer might play (games with contracts only).
        under_contract: Rewrites a kernel row's ``int32`` columns to play ``contract``.
        declarer: The seat whose side plays the contract in a state.

    Example:
        >>> from tricktaking.solver_kit import SolverRules
        >>> rules = SolverRules(question="most", play_phases=frozenset({"play"}), tally_column=9)
        >>> rules.question, rules.bid is None, rules.contracts
        ('most', True, ())
    """

    question: Question
    play_phases: frozenset[str]
    tally_column: int
    bid: Callable[[_S, int], int] | None = None
    contracts: tuple[Contract, ...] = ()
    under_contract: Callable[[npt.NDArray[np.int32], Contract], None] | None = None
    declarer: Callable[[_S], int] | None = None


class ExactBidState(Protocol):
    """What :func:`exact_bid_solver` reads of a state: the round, and the bids.

    Example:
        >>> from tricktaking.solver_kit import ExactBidState
        >>> import tricktaking as tt
        >>> state: ExactBidState = tt.new_game(tt.OhHellConfig(players=3))
        >>> state.bids, state.round.won
        ((None, None, None), (0, 0, 0))
    """

    @property
    def round(self) -> Round:
        """The deal in progress, with the tricks each seat has won."""
        ...

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, ``None`` until made."""
        ...


def _bid(state: ExactBidState, seat: int) -> int:
    bid = state.bids[seat]
    return -1 if bid is None else bid  # no bid yet: no total makes it


def exact_bid_solver(play_phase: str, won_column: int) -> SolverRules[ExactBidState]:
    """The solver rules of an exact-bid game (Wizard, Oh Hell).

    A seat's tally is its own tricks won in the deal (the kernel's ``won_column`` and
    after), and the question whether it ends the deal with exactly its bid, alone
    against all the others, in the phase ``play_phase``.

    Example:
        >>> from tricktaking.solver_kit import exact_bid_solver
        >>> exact_bid_solver("play", won_column=30).question
        'exact-bid'
    """
    return SolverRules(
        question="exact-bid",
        play_phases=frozenset({play_phase}),
        tally_column=won_column,
        bid=_bid,
    )
