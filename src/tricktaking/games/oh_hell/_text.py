"""Oh Hell's words in the terminal game: the turn-up, the hand size and the bids."""

from __future__ import annotations

from tricktaking.exact_bids import bids_line, terminal
from tricktaking.games.oh_hell import OhHellView
from tricktaking.plugins import Screen, SeatNames
from tricktaking.views import PlayerView

__all__ = ["TERMINAL"]


def _table(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if not isinstance(view, OhHellView) or view.turn_up is None or view.trump is None:
        return
    screen(f"turn-up: {screen.card(view.turn_up)}, trump: {screen.suit(view.trump)}")
    screen(bids_line(view.bids, names))


def _deal_news(view: PlayerView, names: SeatNames, screen: Screen) -> None:
    if isinstance(view, OhHellView) and view.turn_up is not None and view.trump is not None:
        screen(
            f"{view.hand_size} cards each; turn-up: {screen.card(view.turn_up)}, "
            f"trump {screen.suit(view.trump)}"
        )


TERMINAL = terminal(OhHellView, table=_table, deal_news=_deal_news)
"""Oh Hell's plug-in for the terminal game."""
