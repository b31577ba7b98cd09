"""Bid Whist's words in the terminal game: calls as players say them, the contract, books."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaking.actions import Action, Pass
from tricktaking.cards import Suit
from tricktaking.games.bid_whist import Bid, BidWhistPhase, BidWhistView, Discard
from tricktaking.plugins import Screen, SeatNames, TerminalPlugin
from tricktaking.views import PlayerView

__all__ = ["TERMINAL"]


def _mode(bid: Bid) -> str:
    return {"U": "uptown", "D": "downtown", "NT": "no trump"}[bid.mode.token]


def _calls(calls: Sequence[object], names: SeatNames, screen: Screen) -> str:
    said: list[str] = []
    for call in calls:
        match call:
            case Pass(seat=seat):
                said.append(f"{names(seat)} passed")
            case Bid(seat=seat):
                said.append(f"{names(seat)} {screen.move(call)} ({_mode(call)})")
            case _:
                said.append(screen.move(call))
    return ", ".join(said) or "none yet"


def _contract(bid: Bid, trump: Suit | None, names: SeatNames, screen: Screen) -> str:
    level = f"{names(bid.seat)} {screen.move(bid)} ({_mode(bid)}, {6 + bid.level} books to make)"
    return level + (f", trump {screen.suit(trump)}" if trump is not None else "")


def _table(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if not isinstance(view, BidWhistView):
        return
    if view.contract is None:
        screen(f"calls: {_calls(view.calls, names, screen)}")
    else:
        screen(f"contract: {_contract(view.contract, view.trump, names, screen)}")
    if view.kitty and view.phase is BidWhistPhase.DISCARD:
        screen(f"kitty: {screen.cards(view.kitty)}")
    won = view.tricks_won
    screen(f"books won: {names.team(0)}: {won[0] + won[2]}; {names.team(1)}: {won[1] + won[3]}")


def _task(action: Action, view: PlayerView) -> str | None:
    if isinstance(action, Discard):
        extra = len(view.hand) - view.hand_sizes[(view.seat + 1) % view.players]
        return f"discard a card ({extra} to go)"
    return None


def _move(action: Action, screen: Screen) -> str | None:
    return f"discard {screen.card(action.card)}" if isinstance(action, Discard) else None


def _secret(action: Action) -> str | None:
    return "discard a card" if isinstance(action, Discard) else None


def _deal_summary(
    view: PlayerView, gained: Sequence[int], names: SeatNames, screen: Screen
) -> bool:
    if not isinstance(view, BidWhistView) or view.contract is None:
        return False
    contract, won, totals = view.contract, view.tricks_won, view.scores
    team = contract.seat % 2
    books = won[team] + won[team + 2] + 1
    need = 6 + contract.level
    verdict = "made" if books >= need else "set"
    screen(f"contract: {_contract(contract, view.trump, names, screen)}")
    screen(
        f"{names.team(team)} took {books - 1} book{'' if books == 2 else 's'} + 1 for the "
        f"kitty = {books}, "
        f"needed {need}: {verdict}, {gained[team]:+d}"
    )
    screen(f"scores: {names.team(0)}: {totals[0]}; {names.team(1)}: {totals[1]}")
    return True


def _help_note(legal: Sequence[Action]) -> str | None:
    if any(isinstance(action, Bid) for action in legal):
        return "  (U = uptown, D = downtown, NT = no trump; '4D' alone is enough)"
    return None


TERMINAL = TerminalPlugin(
    table=_table,
    task=_task,
    move=_move,
    secret=_secret,
    deal_summary=_deal_summary,
    help_note=_help_note,
)
"""Bid Whist's plug-in for the terminal game."""
