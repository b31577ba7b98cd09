"""One Card's render plug-in: what the table shows beyond the common fields."""

from __future__ import annotations

from tricktaking import kit
from tricktaking.games.one_card import OneCardView
from tricktaking.plugins import CardGroup, TableExtras, for_views_of

__all__ = ["render_extras"]


def _extras(view: OneCardView) -> TableExtras:
    """The lines, seat notes and card groups of a One Card view."""
    lines = [kit.deal_line("hand", view.round_number)]
    if view.contract is not None and view.bidder is not None:
        lines.append(f"contract {view.contract} points")
    if view.phase.value != "bid" and view.hand_sizes and any(view.hand_sizes):
        lines.append(f"direction: {view.direction.value}")
    notes = [list(calls) for calls in kit.last_calls(view.calls, view.players)]
    for seat, points in enumerate(view.points):
        if view.bidder == seat:
            notes[seat].append("bidder")
        notes[seat].append(f"{points} pt" + ("" if points == 1 else "s"))  # card points won
    groups: tuple[CardGroup, ...] = ()
    if view.centre is not None:
        groups = (CardGroup(label="One Card", cards=(view.centre,), zone="centre"),)
    elif any(view.hand_sizes) or view.tricks:
        groups = (CardGroup(label="One Card", cards=(None,), zone="centre"),)
    return TableExtras(
        lines=tuple(lines), seat_notes=tuple(tuple(note) for note in notes), groups=groups
    )


render_extras = for_views_of(OneCardView, _extras)
"""What the renderer draws of a view beyond the common table."""
