"""What every compiled search bot shares: its time budget's check, and a move from a ranking."""

from __future__ import annotations

from collections.abc import Callable

from tricktaking.arguments import real_argument
from tricktaking.bots import Suggestion
from tricktaking.engine import Action, PlayerView
from tricktaking.plugins import legal_choices


def seconds_argument(seconds: object) -> float | None:
    """A CPU time budget per decision: ``None``, or positive and finite, else a typed error."""
    return None if seconds is None else real_argument("seconds", seconds, low=0.0, low_open=True)


def best_action(view: PlayerView, rank: Callable[[PlayerView], tuple[Suggestion, ...]]) -> Action:
    """The only legal action without a search, else the first of ``rank``'s ranking."""
    legal = legal_choices(view)
    if len(legal) == 1:
        return legal[0]
    return rank(view)[0].action
