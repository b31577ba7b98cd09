"""Wizard's words in the terminal game: bids, the turn-up and how each deal went."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaking._table_words import bids_line, exact_bid_summary
from tricktaking.actions import Action
from tricktaking.cards import Suit
from tricktaking.games.wizard import Bid, WizardPhase, WizardView
from tricktaking.plugins import Screen, SeatNames, TerminalPlugin
from tricktaking.views import PlayerView

__all__ = ["TERMINAL"]


def _trump(trump: Suit | None, decided: bool, screen: Screen) -> str:
    if trump is not None:
        return screen.suit(trump)
    return "none" if decided else "not chosen yet"


def _table(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if not isinstance(view, WizardView):
        return
    choosing = view.phase is WizardPhase.CHOOSE_TRUMP
    trump = _trump(view.trump, not choosing, screen)
    if view.turn_up is not None:
        screen(f"turn-up: {screen.card(view.turn_up)}, trump: {trump}")
    else:
        screen(f"trump: {trump}")
    screen(bids_line(view.bids, names))


def _task(action: Action, view: PlayerView) -> str | None:
    return "bid how many tricks you will take" if isinstance(action, Bid) else None


def _deal_news(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if not isinstance(view, WizardView):
        return
    turn_up, trump = view.turn_up, view.trump
    if turn_up is None:
        screen("no turn-up: no trump this round")
        return
    chooses = view.phase is WizardPhase.CHOOSE_TRUMP
    outcome = (
        f"{names.does(view.dealer, 'chooses')} trump"
        if chooses
        else (f"trump {screen.suit(trump)}" if trump is not None else "no trump")
    )
    screen(f"turn-up: {screen.card(turn_up)}, {outcome}")


def _deal_summary(
    view: PlayerView, gained: Sequence[int], names: SeatNames, screen: Screen
) -> bool:
    if not isinstance(view, WizardView):
        return False
    exact_bid_summary(
        view.bids, view.tricks_won, gained=gained, totals=view.scores, names=names, screen=screen
    )
    return True


TERMINAL = TerminalPlugin(
    table=_table, task=_task, deal_news=_deal_news, deal_summary=_deal_summary
)
"""Wizard's plug-in for the terminal game."""
