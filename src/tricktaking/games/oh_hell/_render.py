"""Oh Hell's render plug-in: what the table shows beyond the common fields."""

from __future__ import annotations

from tricktaking._table_words import deal_line
from tricktaking.games.oh_hell import OhHellView
from tricktaking.plugins import CardGroup, TableExtras, for_views_of

__all__ = ["render_extras"]


def _extras(view: OhHellView) -> TableExtras:
    """The lines, seat notes and card groups of an Oh Hell view: bids and the turn-up."""
    notes = tuple(() if bid is None else (f"bid {bid}",) for bid in view.bids)
    groups: tuple[CardGroup, ...] = ()
    if view.turn_up is not None:
        groups = (CardGroup(label="turn-up", cards=(view.turn_up,), zone="turn-up"),)
    lines = [deal_line("hand", view.round_number, f" of {view.total_hands}")]
    if view.hand_size:
        lines.append(f"{view.hand_size} cards each")
    return TableExtras(lines=tuple(lines), seat_notes=notes, groups=groups)


render_extras = for_views_of(OhHellView, _extras)
"""What the renderer draws of a view beyond the common table."""
