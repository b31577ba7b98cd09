"""Oh Hell's words in the terminal game: the turn-up, the bids and how each hand went."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaking._table_words import bids_line, exact_bid_summary
from tricktaking.actions import Action
from tricktaking.games.oh_hell import Bid, OhHellView
from tricktaking.plugins import Screen, SeatNames, TerminalPlugin
from tricktaking.views import PlayerView

__all__ = ["TERMINAL"]


def _table(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if not isinstance(view, OhHellView) or view.turn_up is None or view.trump is None:
        return
    screen(f"turn-up: {screen.card(view.turn_up)}, trump: {screen.suit(view.trump)}")
    screen(bids_line(view.bids, names))


def _task(action: Action, view: PlayerView) -> str | None:
    return "bid how many tricks you will take" if isinstance(action, Bid) else None


def _deal_news(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if isinstance(view, OhHellView) and view.turn_up is not None and view.trump is not None:
        screen(
            f"{view.hand_size} cards each; turn-up: {screen.card(view.turn_up)}, "
            f"trump {screen.suit(view.trump)}"
        )


def _deal_summary(
    view: PlayerView, gained: Sequence[int], names: SeatNames, screen: Screen
) -> bool:
    if not isinstance(view, OhHellView):
        return False
    exact_bid_summary(
        view.bids, view.tricks_won, gained=gained, totals=view.scores, names=names, screen=screen
    )
    return True


TERMINAL = TerminalPlugin(
    table=_table, task=_task, deal_news=_deal_news, deal_summary=_deal_summary
)
"""Oh Hell's plug-in for the terminal game."""
