"""What the exact solver needs to know about Bid Whist: tricks, and the other contracts."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tricktaking.cards import Direction, Suit
from tricktaking.errors import ArgumentError
from tricktaking.games.bid_whist import BidWhistPhase, BidWhistState
from tricktaking.games.bid_whist._kernel import DOWN, HIGH, TRUMP, WON
from tricktaking.solver_kit import Contract, SolverRules

__all__ = ["SOLVER"]

_SUITS = tuple(Suit)  # the kernel's suit numbers, 0 to 3
_UPTOWN, _DOWNTOWN, _NO_TRUMP = range(3)  # a bid's mode in the kernel's bid strength


def _declarer(state: BidWhistState) -> int:
    contract = state.contract
    if contract is None:  # only a forged state plays without one (BW-8)
        raise ArgumentError("this Bid Whist state is in trick play without a contract")
    return contract.seat


def _under(ints: npt.NDArray[np.int32], contract: Contract) -> None:
    """The row played as if the declarer had bid and named ``contract`` (BW-7, BW-8)."""
    trump, direction = contract
    downtown = direction is Direction.DOWNTOWN
    mode = _NO_TRUMP if trump is None else _DOWNTOWN if downtown else _UPTOWN
    ints[HIGH] = ints[HIGH] - ints[HIGH] % 3 + mode
    ints[TRUMP] = -1 if trump is None else _SUITS.index(trump)
    ints[DOWN] = int(downtown)


SOLVER: SolverRules[BidWhistState] = SolverRules(
    question="most",
    play_phases=frozenset({BidWhistPhase.PLAY.value}),
    tally_column=WON,
    contracts=tuple((trump, direction) for trump in (*Suit, None) for direction in Direction),
    under_contract=_under,
    declarer=_declarer,
)
"""Tricks won by each seat (a side's are its two seats'), the kitty's book not counted."""
