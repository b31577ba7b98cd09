"""What the exact solver needs to know about Oh Hell: exactly the bid, in the play phase."""

from __future__ import annotations

from tricktaking.solver_kit import exact_bid_solver

__all__ = ["SOLVER"]

SOLVER = exact_bid_solver("play")
"""The seat's own tricks at the end of the deal against its bid."""
