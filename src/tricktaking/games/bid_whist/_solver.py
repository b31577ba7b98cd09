"""What the exact solver needs to know about Bid Whist: tricks, and the other contracts."""

from __future__ import annotations

import attrs

from tricktaking.cards import Direction, Suit
from tricktaking.errors import ArgumentError
from tricktaking.games.bid_whist import Bid, BidMode, BidWhistPhase, BidWhistState
from tricktaking.solver_kit import Contract, SolverRules

__all__ = ["SOLVER"]

_CONTRACTS: tuple[Contract, ...] = tuple(
    (trump, direction) for trump in (*Suit, None) for direction in Direction
)


def _tricks(state: BidWhistState, seat: int) -> int:
    return state.round.won[seat]


def _contract(state: BidWhistState) -> Bid:
    contract = state.contract
    if contract is None:  # only a forged state plays without one (BW-8)
        raise ArgumentError("this Bid Whist state is in trick play without a contract")
    return contract


def _declarer(state: BidWhistState) -> int:
    return _contract(state).seat


def _mode(trump: Suit | None, direction: Direction) -> BidMode:
    if trump is None:
        return BidMode.NO_TRUMP
    return BidMode.UPTOWN if direction is Direction.UPTOWN else BidMode.DOWNTOWN


def _under(state: BidWhistState, trump: Suit | None, direction: Direction) -> BidWhistState:
    """The same position, had the declarer bid and named ``trump`` and ``direction``."""
    contract = _contract(state)
    bid = Bid(contract.seat, contract.level, _mode(trump, direction))
    return attrs.evolve(state, contract=bid, trump=trump, direction=direction)


def _contracts(state: BidWhistState) -> dict[Contract, BidWhistState]:
    return {(trump, direction): _under(state, trump, direction) for trump, direction in _CONTRACTS}


SOLVER = SolverRules(
    question="most",
    play_phases=frozenset({BidWhistPhase.PLAY.value}),
    tally=_tricks,
    contracts=_contracts,
    declarer=_declarer,
)
"""Tricks won by each seat (a side's are its two seats'), the kitty's book not counted."""
