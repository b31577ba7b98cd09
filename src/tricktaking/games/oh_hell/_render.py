"""Oh Hell's render plug-in: the hand, its size, the bids and the turn-up."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.exact_bids import table_extras
from tricktaking.games.oh_hell import OhHellView
from tricktaking.plugins import TableExtras, for_views_of

__all__ = ["render_extras"]


def _extras(view: OhHellView) -> TableExtras:
    line = kit.deal_line("hand", view.round_number, f" of {view.total_hands}")
    if view.hand_size:
        return table_extras(view, line, f"{view.hand_size} cards each")
    return table_extras(view, line)


render_extras = for_views_of(OhHellView, _extras)
"""What the renderer draws of a view beyond the common table."""
