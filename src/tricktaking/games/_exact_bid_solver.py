"""What the exact solver needs to know about the exact-bid games, Wizard and Oh Hell."""

from __future__ import annotations

from tricktaking.exact_bid_kernel import BEST, HANDS, MAX_SEATS, PLAYED, TRICK, WON
from tricktaking.solver_kit import exact_bid_solver

__all__ = ["SOLVER"]

SOLVER = exact_bid_solver(
    "play",
    won_column=WON,
    played_column=PLAYED,
    lead_scratch=(BEST, *range(TRICK, TRICK + MAX_SEATS)),
    hands_column=HANDS,
)
"""The seat's own tricks at the end of the deal against its bid."""
