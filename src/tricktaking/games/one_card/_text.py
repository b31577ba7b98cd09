"""One Card's words in the terminal game: the auction, the contract and the points taken."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaking.actions import Pass
from tricktaking.cards import Direction
from tricktaking.games.one_card import Bid, OneCardPhase, OneCardView
from tricktaking.plugins import Screen, SeatNames, TerminalPlugin
from tricktaking.views import PlayerView

__all__ = ["TERMINAL"]


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def _calls(calls: Sequence[object], names: SeatNames) -> str:
    said: list[str] = []
    for call in calls:
        match call:
            case Pass(seat=seat):
                said.append(f"{names(seat)} passed")
            case Bid(seat=seat, points=points):
                said.append(f"{names(seat)} bid {points}")
            case _:
                pass
    return ", ".join(said) or "none yet"


def _table(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if not isinstance(view, OneCardView):
        return
    if view.centre is not None:
        screen(f"the One Card: {screen.card(view.centre)}")
    if view.phase is OneCardPhase.BID:
        screen(f"calls: {_calls(view.calls, names)}")
    elif view.contract is None or view.bidder is None:
        screen("nobody bid: no trump; everyone scores the points they take")
    else:
        screen(f"contract: {names(view.bidder)} bid {_points(view.contract)}")
        lead = f"the suit {names.does(view.bidder, 'leads')} first"
        screen(f"trump: {lead if view.trump is None else screen.suit(view.trump)}")
    if view.direction is Direction.DOWNTOWN:
        screen("direction: downtown (9 high, A low)")
    screen("points taken: " + ", ".join(f"{names(s)} {p}" for s, p in enumerate(view.points)))


def _deal_summary(
    view: PlayerView, gained: Sequence[int], names: SeatNames, screen: Screen
) -> bool:
    if not isinstance(view, OneCardView):
        return False
    totals = view.scores
    if view.centre is not None:
        screen(f"the One Card was {screen.card(view.centre)}")
    if view.bidder is None or view.contract is None:
        screen("nobody bid: everyone scores the points taken")
    else:
        taken = view.points[view.bidder]
        verdict = "made" if taken >= view.contract else "failed: scores 0"
        screen(
            f"contract: {names(view.bidder)} bid {view.contract} and took {_points(taken)} "
            f"({verdict})"
        )
    for seat, points in enumerate(view.points):
        screen(f"{names(seat)}: took {_points(points)}: {gained[seat]:+d}, total {totals[seat]}")
    return True


TERMINAL = TerminalPlugin(table=_table, deal_summary=_deal_summary)
"""One Card's plug-in for the terminal game."""
