"""The public drawing functions for views: :func:`svg`, :func:`repr_svg` and :func:`text`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tricktaking.render._cards import check_colors
from tricktaking.render._extras import extras_of
from tricktaking.render._table import draw_table
from tricktaking.render._view import read_view
from tricktaking.render._xml import Svg
from tricktaking.views import PlayerView

__all__ = ["repr_svg", "svg"]


def svg(
    view: PlayerView,
    *,
    size: float | None = 800,
    names: Sequence[str] | None = None,
    colors: Mapping[str, str] | None = None,
) -> Svg:
    """Draw the table as ``view``'s seat sees it, as an SVG document.

    The seat's hand lies at the bottom, face up; when the seat is to play, its legal
    cards are raised and outlined and the others dimmed. The other seats sit around
    the table in playing order (clockwise from the viewer's left), each with its card
    backs and count, tricks won, score, dealer button and the game's notes (bids,
    calls). The trick in progress lies in the centre, each card on the side of the
    seat that played it. The side panel shows the game, round, phase, trump, whose
    turn it is, the seat's other choices (bids, trump), the game's card groups
    (Wizard's turn-up card, the One Card, the Bid Whist kitty) and the last trick.

    Only the view is read, so the picture never shows a card the seat may not see.
    The same view always gives the same string, and every text (seat names included)
    is escaped. Face-up cards carry their token in ``data-card``; seats carry
    ``data-seat``, for pages that make them clickable.

    Args:
        view: A view from :func:`tricktaking.engine.view` of any registered game.
        size: The width in pixels (the height is three quarters of it); ``None``
            leaves the size to the page (the ``viewBox`` is 800 x 600).
        names: The seat names, ``"seat 0"``, ``"seat 1"``, … by default.
        colors: Overrides of ``tricktaking.render.COLORS``.

    Returns:
        The SVG document, a ``str`` that Jupyter displays as a picture.

    Raises:
        RenderError: If ``view`` is not a player view or one of its fields holds a
            value no game makes, ``names`` is not one name per seat, ``size`` is
            not a positive number or ``colors`` names a colour that ``COLORS`` does
            not have.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.render import svg
        >>> state = tt.new_game(tt.WizardConfig(players=4))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> picture = svg(tt.view(state, 1), names=["Ann", "Bob", "Cy", "Di"])
        >>> picture.startswith("<svg") and "Bob (you)" in picture
        True
    """
    check_colors(colors)
    table = read_view(view, names)
    title = f"{table.title}: the table as {table.names[table.seat]} sees it"
    return draw_table(table, extras_of(view), size=size, colors=colors, title=title)


def repr_svg(view: PlayerView) -> str:
    """The picture Jupyter shows for a view: :func:`svg` at its default size.

    View classes use it as their ``_repr_svg_`` method.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.render import repr_svg
        >>> repr_svg(tt.view(tt.new_game(tt.OneCardConfig(players=3)), 0))[:4]
        '<svg'
    """
    return str(svg(view))
