"""Bid Whist's render plug-in: what the table shows beyond the common fields."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.games.bid_whist import BidWhistView
from tricktaking.plugins import CardGroup, TableExtras, for_views_of

__all__ = ["render_extras"]


def _extras(view: BidWhistView) -> TableExtras:
    """The lines, seat notes and card groups of a Bid Whist view."""
    lines = [kit.deal_line("hand", view.round_number)]
    notes = [list(calls) for calls in kit.last_calls(view.calls, len(view.hand_sizes))]
    if view.contract is not None:
        lines.append(f"contract {str(view.contract).partition(' bid ')[2]}")
        lines.append(f"direction: {view.direction.value}")
        notes[view.contract.seat].append("declarer")
    a, b = view.team_scores
    lines.append(f"teams: 0 & 2 {a}, 1 & 3 {b}")
    groups: tuple[CardGroup, ...] = ()
    if view.discards:
        groups = (CardGroup(label="discards", cards=view.discards, zone="discards"),)
    elif view.kitty:
        groups = (CardGroup(label="kitty", cards=view.kitty, zone="kitty"),)
    elif view.phase.value in ("bid", "choose"):
        # The six undealt cards (BW-2), face down until the declarer takes them up.
        groups = (CardGroup(label="kitty", cards=(None,) * 6, zone="kitty"),)
    return TableExtras(
        lines=tuple(lines), seat_notes=tuple(tuple(note) for note in notes), groups=groups
    )


render_extras = for_views_of(BidWhistView, _extras)
"""What the renderer draws of a view beyond the common table."""
