"""Wizard's render plug-in: what the table shows beyond the common fields."""

from __future__ import annotations

from tricktaking._table_words import deal_line
from tricktaking.games.wizard import WizardView
from tricktaking.plugins import CardGroup, TableExtras
from tricktaking.views import PlayerView

__all__ = ["render_extras"]


def render_extras(view: PlayerView) -> TableExtras:
    """The lines, seat notes and card groups of a Wizard view.

    Raises:
        TypeError: If ``view`` is not a WizardView.
    """
    if not isinstance(view, WizardView):
        raise TypeError(f"expected a WizardView, not {type(view).__name__}")
    return _extras(view)


def _extras(view: WizardView) -> TableExtras:
    notes = tuple(() if bid is None else (f"bid {bid}",) for bid in view.bids)
    groups: tuple[CardGroup, ...] = ()
    if view.turn_up is not None:
        groups = (CardGroup(label="turn-up", cards=(view.turn_up,), zone="turn-up"),)
    return TableExtras(
        lines=(deal_line("round", view.round_number, f" of {view.total_rounds}"),),
        seat_notes=notes,
        groups=groups,
    )
