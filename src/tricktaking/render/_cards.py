"""Drawing one card: suited faces, Wizards, Jesters, the three jokers and backs.

Suits are drawn as paths (not font glyphs), so they look the same in every viewer.
Every face-up card is a group with ``class="card"`` and ``data-card`` set to its token,
which a web page can use to make it clickable; a back carries no token at all.
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import cast

from tricktaking.cards import Card, Rank, Suit
from tricktaking.errors import ArgumentTypeError, safe_repr
from tricktaking.render._errors import RenderError
from tricktaking.render._xml import Svg, element, num, svg_root, to_svg

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "COLORS",
    "FONT",
    "back_svg",
    "card_svg",
    "check_colors",
    "draw_back",
    "draw_card",
    "draw_suit",
    "draw_text",
    "outline",
    "suit_color",
]

CARD_WIDTH = 60
CARD_HEIGHT = 84

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

COLORS: Mapping[str, str] = {
    "felt": "#2e6b48",
    "felt edge": "#1f4d33",
    "panel": "#1c3f2b",
    "text": "#f4f1e6",
    "muted": "#b9c9bd",
    "highlight": "#ffcc33",
    "actor": "#ffcc33",
    "red": "#c62828",
    "black": "#1b1b1b",
    "card": "#ffffff",
    "card edge": "#555555",
    "back": "#23408e",
    "back pattern": "#8ea6e6",
    "wizard card": "#283593",
    "wizard card ink": "#ffd54f",
    "jester": "#e0f2f1",
    "jester ink": "#00695c",
    "joker": "#6a1b9a",
}
"""The default colours; every drawing function takes a ``colors`` mapping overriding them."""

# Suit shapes in a 20 x 20 box centred on the origin.
_SUIT_PATHS = {
    Suit.DIAMONDS: "M0 -10L7.5 0L0 10L-7.5 0Z",
    Suit.HEARTS: (
        "M0 9C-4 5-10 1-10-4C-10-8-7.5-10-5-10C-2.5-10-0.8-8.5 0-6"
        "C0.8-8.5 2.5-10 5-10C7.5-10 10-8 10-4C10 1 4 5 0 9Z"
    ),
    Suit.SPADES: (
        "M0-10C-4-5-10-2-10 2.5C-10 5.5-8 7-5.5 7C-3.5 7-2 6-1 4.5L-2.5 10L2.5 10L1 4.5"
        "C2 6 3.5 7 5.5 7C8 7 10 5.5 10 2.5C10-2 4-5 0-10Z"
    ),
    Suit.CLUBS: (
        "M0-9.5A4.5 4.5 0 1 1 0-0.5A4.5 4.5 0 1 1 0-0.5Z"
        "M-5-3A4.5 4.5 0 1 1-5 6A4.5 4.5 0 1 1-5-3Z"
        "M5-3A4.5 4.5 0 1 1 5 6A4.5 4.5 0 1 1 5-3Z"
        "M-1 1L-2.5 10L2.5 10L1 1Z"
    ),
}

# A space before each command keeps path data free of card-like tokens such as "9C",
# so a test can search a picture for the token of a hidden card.
_SPACED_SUIT_PATHS = {
    suit: re.sub(r"(?<=[0-9])([A-Za-z])", r" \1", path) for suit, path in _SUIT_PATHS.items()
}

_RANK_LABELS = {Rank.TEN: "10"}

_JOKER_TITLES = {
    Rank.JOKER: ("", "JOKER"),
    Rank.RED_JOKER: ("BIG", "JOKER"),
    Rank.BLACK_JOKER: ("LITTLE", "JOKER"),
}


def check_colors(colors: object) -> None:
    """Raise :class:`RenderError` unless ``colors`` is ``None`` or overrides of ``COLORS``.

    Example:
        >>> from tricktaking.render._cards import check_colors
        >>> check_colors({"red": "#d00000"})
    """
    if colors is None:
        return
    if not isinstance(colors, Mapping):
        raise RenderError(
            f"colors must be a mapping of colour names to text, not {safe_repr(colors)}"
        )
    given = cast("Mapping[object, object]", colors)  # its keys and values are checked here
    for key, value in given.items():
        if not isinstance(key, str) or key not in COLORS:
            known = ", ".join(sorted(COLORS))
            raise RenderError(f"colors names no colour {safe_repr(key)}; the colours are {known}")
        if not isinstance(value, str):
            raise RenderError(
                f"colors[{key!r}] must be text such as '#c62828', not {safe_repr(value)}"
            )


def _color(colors: Mapping[str, str] | None, key: str) -> str:
    if colors is not None and key in colors:
        return colors[key]
    return COLORS[key]


def suit_color(suit: Suit, colors: Mapping[str, str] | None = None) -> str:
    """Red for hearts and diamonds, black for spades and clubs."""
    return _color(colors, "red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "black")


def draw_suit(
    parent: ET.Element,
    suit: Suit,
    x: float,
    y: float,
    *,
    scale: float,
    colors: Mapping[str, str] | None = None,
) -> ET.Element:
    """A suit symbol centred on ``(x, y)``, ``20 * scale`` units tall."""
    return element(
        "path",
        parent,
        d=_SPACED_SUIT_PATHS[suit],
        transform=f"translate({num(x)} {num(y)}) scale({num(scale)})",
        fill=suit_color(suit, colors),
        class_=f"suit suit-{suit.value}",
    )


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points: list[str] = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi * (index / 5 - 0.5)
        points.append(f"{num(cx + radius * math.cos(angle))} {num(cy + radius * math.sin(angle))}")
    return "M" + "L".join(points) + "Z"


def draw_text(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    *,
    size: float,
    fill: str,
    anchor: str = "middle",
    bold: bool = True,
) -> ET.Element:
    """A line of text (escaped by ElementTree) anchored at ``(x, y)``."""
    node = element(
        "text",
        parent,
        text,
        x=x,
        y=y,
        font_size=size,
        font_family=FONT,
        text_anchor=anchor,
        fill=fill,
    )
    if bold:
        node.set("font-weight", "bold")
    return node


def _inset(
    group: ET.Element, inset: float, *, rx: float, fill: str, stroke: str, width: float
) -> ET.Element:
    """A rounded rectangle ``inset`` units inside the card's edge (outside if negative)."""
    return element(
        "rect",
        group,
        x=inset,
        y=inset,
        width=CARD_WIDTH - 2 * inset,
        height=CARD_HEIGHT - 2 * inset,
        rx=rx,
        fill=fill,
        stroke=stroke,
        stroke_width=width,
    )


def outline(card: ET.Element, *, color: str, width: float) -> ET.Element:
    """A frame of ``width`` around a drawn card (a legal card, a trick's winner)."""
    return _inset(card, -width / 2, rx=6, fill="none", stroke=color, width=width)


def _frame(group: ET.Element, fill: str, colors: Mapping[str, str] | None) -> None:
    _inset(group, 0.5, rx=5, fill=fill, stroke=_color(colors, "card edge"), width=1)


def _corners(group: ET.Element, draw: ET.Element) -> None:
    """Repeat the top-left corner index ``draw`` upside down in the bottom-right."""
    group.append(draw)
    turned = element("g", group, transform=f"rotate(180 {CARD_WIDTH / 2} {CARD_HEIGHT / 2})")
    turned.extend(copy.deepcopy(child) for child in draw)


def _suited_face(
    group: ET.Element, card: Card, suit: Suit, colors: Mapping[str, str] | None
) -> None:
    ink = suit_color(suit, colors)
    corner = element("g", None)
    draw_text(corner, _RANK_LABELS.get(card.rank, card.rank.value), 10, 17, size=15, fill=ink)
    draw_suit(corner, suit, 10, 27, scale=0.38, colors=colors)
    _corners(group, corner)
    draw_suit(group, suit, CARD_WIDTH / 2, CARD_HEIGHT / 2, scale=1.5, colors=colors)


def _wizard_face(group: ET.Element, colors: Mapping[str, str] | None) -> None:
    ink = _color(colors, "wizard card ink")
    corner = element("g", None)
    draw_text(corner, "W", 10, 17, size=14, fill=ink)
    _corners(group, corner)
    element("path", group, d=_star(30, 38, 15, 6), fill=ink)
    draw_text(group, "WIZARD", 30, 66, size=8.5, fill=ink)


def _jester_face(group: ET.Element, colors: Mapping[str, str] | None) -> None:
    ink = _color(colors, "jester ink")
    corner = element("g", None)
    draw_text(corner, "J", 10, 17, size=14, fill=ink)
    _corners(group, corner)
    # A fool's cap: three drooping points, each with a bell.
    element(
        "path",
        group,
        d="M16 50L30 44L44 50Q46 36 52 30Q40 32 36 38Q34 26 30 20"
        "Q26 26 24 38Q20 32 8 30Q14 36 16 50Z",
        fill=ink,
    )
    for bx, by in ((8, 30), (30, 20), (52, 30)):
        element("circle", group, cx=bx, cy=by, r=2.5, fill=_color(colors, "wizard card ink"))
    draw_text(group, "JESTER", 30, 66, size=8.5, fill=ink)


def _joker_face(group: ET.Element, rank: Rank, colors: Mapping[str, str] | None) -> None:
    ink = _color(
        colors,
        {Rank.JOKER: "joker", Rank.RED_JOKER: "red", Rank.BLACK_JOKER: "black"}[rank],
    )
    corner = element("g", None)
    element("path", corner, d=_star(10, 12, 6, 2.5), fill=ink)
    draw_text(corner, "JK", 10, 27, size=8, fill=ink)
    _corners(group, corner)
    hollow = rank is Rank.BLACK_JOKER
    element(
        "path",
        group,
        d=_star(30, 40, 14, 5.5),
        fill="none" if hollow else ink,
        stroke=ink,
        stroke_width=2 if hollow else 0,
    )
    top, bottom = _JOKER_TITLES[rank]
    if top:
        draw_text(group, top, 30, 62, size=8, fill=ink)
    draw_text(group, bottom, 30, 71 if top else 66, size=8, fill=ink)


def draw_card(
    parent: ET.Element,
    card: Card,
    x: float,
    y: float,
    *,
    scale: float = 1.0,
    colors: Mapping[str, str] | None = None,
    classes: str = "",
) -> ET.Element:
    """A face-up card with its top-left corner at ``(x, y)``."""
    group = element(
        "g",
        parent,
        class_=("card " + classes).strip(),
        transform=f"translate({num(x)} {num(y)})" + ("" if scale == 1 else f" scale({num(scale)})"),
    )
    group.set("data-card", str(card))
    match card.rank:
        case Rank.WIZARD:
            _frame(group, _color(colors, "wizard card"), colors)
            _wizard_face(group, colors)
        case Rank.JESTER:
            _frame(group, _color(colors, "jester"), colors)
            _jester_face(group, colors)
        case Rank.JOKER | Rank.RED_JOKER | Rank.BLACK_JOKER:
            _frame(group, _color(colors, "card"), colors)
            _joker_face(group, card.rank, colors)
        case _:
            assert card.suit is not None  # every other rank is suited
            _frame(group, _color(colors, "card"), colors)
            _suited_face(group, card, card.suit, colors)
    return group


def draw_back(
    parent: ET.Element,
    x: float,
    y: float,
    *,
    scale: float = 1.0,
    colors: Mapping[str, str] | None = None,
) -> ET.Element:
    """A card back with its top-left corner at ``(x, y)``; it carries no card token."""
    group = element(
        "g",
        parent,
        class_="card back",
        transform=f"translate({num(x)} {num(y)})" + ("" if scale == 1 else f" scale({num(scale)})"),
    )
    _frame(group, _color(colors, "back"), colors)
    pattern = _color(colors, "back pattern")
    _inset(group, 5, rx=3, fill="none", stroke=pattern, width=1.2)
    element(
        "path",
        group,
        d="M30 14L48 42L30 70L12 42ZM30 24L41 42L30 60L19 42Z",
        fill="none",
        stroke=pattern,
        stroke_width=1.2,
    )
    return group


def card_svg(
    card: Card, *, size: float | None = None, colors: Mapping[str, str] | None = None
) -> Svg:
    """One card, face up, as an SVG document.

    Suits are symbols in their colours (hearts and diamonds red, spades and clubs
    black); Wizard, Jester, the One Card joker and Bid Whist's big (red) and little
    (black) jokers each have their own face.

    Args:
        card: The card to draw.
        size: The width in pixels (the height follows the card's 5:7 shape); ``None``
            leaves the size to the page.
        colors: Overrides of ``COLORS``, e.g. ``{"red": "#d00000"}``.

    Returns:
        The SVG document, a ``str`` that Jupyter displays.

    Example:
        >>> from tricktaking import Card
        >>> from tricktaking.render import card_svg
        >>> picture = card_svg(Card.parse("QH"), size=60)
        >>> picture.startswith("<svg") and 'data-card="QH"' in picture
        True
    """
    if not isinstance(card, Card):
        raise ArgumentTypeError(f"card_svg draws a Card, not {safe_repr(card)}")
    check_colors(colors)
    root = svg_root(CARD_WIDTH, CARD_HEIGHT, size, class_="tricktaking-card")
    draw_card(root, card, 0, 0, colors=colors)
    return to_svg(root)


def back_svg(*, size: float | None = None, colors: Mapping[str, str] | None = None) -> Svg:
    """A card back, as an SVG document (hidden cards are drawn like this).

    Example:
        >>> from tricktaking.render import back_svg
        >>> "data-card" in back_svg()
        False
    """
    check_colors(colors)
    root = svg_root(CARD_WIDTH, CARD_HEIGHT, size, class_="tricktaking-card")
    draw_back(root, 0, 0, colors=colors)
    return to_svg(root)
