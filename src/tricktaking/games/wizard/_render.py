"""Wizard's render plug-in: the round, the bids and the turn-up beyond the common table."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.exact_bids import table_extras
from tricktaking.games.wizard import WizardView
from tricktaking.plugins import TableExtras, for_views_of

__all__ = ["render_extras"]


def _extras(view: WizardView) -> TableExtras:
    return table_extras(view, kit.deal_line("round", view.round_number, f" of {view.total_rounds}"))


render_extras = for_views_of(WizardView, _extras)
"""What the renderer draws of a view beyond the common table."""
