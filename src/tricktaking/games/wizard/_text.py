"""Wizard's words in the terminal game: the turn-up and the trump it decides, the bids."""

from __future__ import annotations

from tricktaking.cards import Suit
from tricktaking.exact_bids import bids_line, terminal
from tricktaking.games.wizard import WizardPhase, WizardView
from tricktaking.plugins import Screen, SeatNames
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


TERMINAL = terminal(WizardView, table=_table, deal_news=_deal_news)
"""Wizard's plug-in for the terminal game."""
