"""Pictures of the game: SVG tables for any seat, cards, and replays of finished deals.

:func:`svg` draws what one seat sees (from a view, so it never shows a hidden card);
:func:`card_svg` and :func:`back_svg` draw single cards; :func:`deal_svg` draws a
finished deal from its record with every hand face up; :func:`text` is the same table
as plain text. The output is deterministic, well-formed SVG with every text escaped,
and it needs nothing beyond the standard library.

Games add what they show beyond the common view fields (bids, contracts, turn-up
card) through :func:`register_extras`.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking import render
    >>> state = tt.new_game(tt.OneCardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=5))
    >>> picture = render.svg(tt.view(state, 0))
    >>> picture == render.svg(tt.view(state, 0))
    True
    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(picture).get("viewBox")
    '0 0 800 600'
"""

from __future__ import annotations

from tricktaking.render._cards import COLORS, back_svg, card_svg
from tricktaking.render._draw import repr_svg, svg
from tricktaking.render._errors import RenderError
from tricktaking.render._extras import (
    CardGroup,
    Extras,
    TableExtras,
    extras_of,
    register_extras,
)
from tricktaking.render._replay import deal_count, deal_svg
from tricktaking.render._text import text
from tricktaking.render._xml import Svg
from tricktaking.views import register_svg_renderer

register_svg_renderer(repr_svg)  # views draw themselves in Jupyter through it

# The public classes are documented (and shown in tracebacks) under this package.
for _public in (CardGroup, RenderError, Svg, TableExtras):
    _public.__module__ = __name__

__all__ = [
    "COLORS",
    "CardGroup",
    "Extras",
    "RenderError",
    "Svg",
    "TableExtras",
    "back_svg",
    "card_svg",
    "deal_count",
    "deal_svg",
    "extras_of",
    "register_extras",
    "repr_svg",
    "svg",
    "text",
]
