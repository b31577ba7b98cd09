"""Wizard's render plug-in: what the table shows beyond the common fields."""

from __future__ import annotations

from tricktaking._table_words import deal_line
from tricktaking.games.wizard import WizardView
from tricktaking.plugins import CardGroup, TableExtras, for_views_of

__all__ = ["render_extras"]


def _extras(view: WizardView) -> TableExtras:
    """The lines, seat notes and card groups of a Wizard view."""
    notes = tuple(() if bid is None else (f"bid {bid}",) for bid in view.bids)
    groups: tuple[CardGroup, ...] = ()
    if view.turn_up is not None:
        groups = (CardGroup(label="turn-up", cards=(view.turn_up,), zone="turn-up"),)
    return TableExtras(
        lines=(deal_line("round", view.round_number, f" of {view.total_rounds}"),),
        seat_notes=notes,
        groups=groups,
    )


render_extras = for_views_of(WizardView, _extras)
"""What the renderer draws of a view beyond the common table."""
