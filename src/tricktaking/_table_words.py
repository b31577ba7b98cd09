"""Words the table shows for a deal, an auction and exact bids, shared by the games."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaking.plugins import Screen, SeatNames

__all__ = ["bids_line", "deal_line", "exact_bid_summary", "last_calls"]


def last_calls(calls: Sequence[object], players: int) -> tuple[tuple[str, ...], ...]:
    """Each seat's latest call, as its token without the seat (``"bid 7"``, ``"pass"``)."""
    last: list[tuple[str, ...]] = [() for _ in range(players)]
    for call in calls:
        seat = getattr(call, "seat", None)
        if isinstance(seat, int) and 0 <= seat < players:
            last[seat] = (str(call).partition(" ")[2],)
    return tuple(last)


def deal_line(word: str, number: int, total: str = "") -> str:
    """``"round 3 of 15"``; before the first deal (number 0) ``"before round 1 of 15"``."""
    return f"{word} {number}{total}" if number else f"before {word} 1{total}"


def bids_line(bids: Sequence[int | None], names: SeatNames) -> str:
    """``bids: you 2, seat 1 0`` for the bids made so far of a game of exact bids."""
    made = [f"{names(seat)} {bid}" for seat, bid in enumerate(bids) if bid is not None]
    return f"bids: {', '.join(made) or 'none yet'}"


def exact_bid_summary(
    bids: Sequence[int | None],
    won: Sequence[int],
    *,
    gained: Sequence[int],
    totals: Sequence[int],
    names: SeatNames,
    screen: Screen,
) -> None:
    """How each seat's exact bid went in a finished deal, one line a seat."""
    for seat, bid in enumerate(bids):
        verdict = "made it" if bid == won[seat] else "missed"
        screen(
            f"{names(seat)}: bid {bid}, took {won[seat]} ({verdict}): "
            f"{gained[seat]:+d}, total {totals[seat]}"
        )
