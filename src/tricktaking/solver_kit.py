"""What the exact solver needs to know about a game: the plug-in its declaration names.

A game's declaration names its :class:`SolverRules` in ``Game.solver``
(``"module:attribute"``), imported only when :mod:`tricktaking.solver` asks for it: the
question a value answers, which phases are trick play and how the game counts. The
solver's machinery reads every fact about a game from here and names no game.

Example:
    >>> from tricktaking.solver_kit import exact_bid_solver
    >>> rules = exact_bid_solver("play")
    >>> rules.question, sorted(rules.play_phases)
    ('exact-bid', ['play'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, Literal, Protocol, TypeAlias, TypeVar

import attrs

from tricktaking.cards import Direction, Suit
from tricktaking.rounds import Round

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

    Sides come from the declaration's ``team_count``: in the ``"most"`` question a seat's
    partners play with it and everyone else against it; in the ``"exact-bid"`` question
    the seat plays alone against all the others together.

    Args:
        question: What a value means for the game.
        play_phases: The values of the phases in which the deal's trick play goes on
            (the play phase, and any choice the rules ask for between tricks).
        tally: What ``seat`` has counted so far in the deal: its tricks, or its card
            points, taken in tricks already complete.
        bid: ``seat``'s bid (the ``"exact-bid"`` question only).
        contracts: The state under each contract the declarer might have played, for a
            state at the first lead (games with contracts only).
        declarer: The seat whose side plays the contract (games with contracts only).

    Example:
        >>> from tricktaking.solver_kit import SolverRules
        >>> rules = SolverRules(
        ...     question="most", play_phases=frozenset({"play"}), tally=lambda state, seat: 0
        ... )
        >>> rules.question, rules.bid is None
        ('most', True)
    """

    question: Question
    play_phases: frozenset[str]
    tally: Callable[[_S, int], int]
    bid: Callable[[_S, int], int] | None = None
    contracts: Callable[[_S], Mapping[Contract, _S]] | None = None
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


def _tricks(state: ExactBidState, seat: int) -> int:
    return state.round.won[seat]


def _bid(state: ExactBidState, seat: int) -> int:
    bid = state.bids[seat]
    return -1 if bid is None else bid  # no bid yet: no total makes it


def exact_bid_solver(play_phase: str) -> SolverRules[ExactBidState]:
    """The solver rules of an exact-bid game (Wizard, Oh Hell) whose trick play is ``play_phase``.

    A seat's tally is its own tricks won in the deal, and the question whether it ends
    the deal with exactly its bid, alone against all the others.

    Example:
        >>> from tricktaking.solver_kit import exact_bid_solver
        >>> exact_bid_solver("play").question
        'exact-bid'
    """
    return SolverRules(
        question="exact-bid", play_phases=frozenset({play_phase}), tally=_tricks, bid=_bid
    )
