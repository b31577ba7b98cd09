"""Laying out a seat's table: the hand, the other seats around it, the trick, the panel.

The picture is 800 x 600 units. A side panel on the left holds the game, the phase,
trump, whose turn, the game's card groups (turn-up, One Card, kitty) and the last
trick. The seats sit around an ellipse, the viewing seat at the bottom and the
others clockwise from its left, in playing order; each trick card lies between the
centre and the seat that played it.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from tricktaking.cards import Card
from tricktaking.render._cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    draw_back,
    draw_card,
    draw_suit,
    draw_text,
    outline,
)
from tricktaking.render._cards import COLORS as CARD_COLORS
from tricktaking.render._extras import CardGroup, TableExtras
from tricktaking.render._view import Table
from tricktaking.render._xml import Svg, element, svg_root, to_svg

__all__ = ["HEIGHT", "WIDTH", "Painter", "draw_table"]

WIDTH = 800
HEIGHT = 600

_PANEL_X = 10
_PANEL_WIDTH = 180
_CENTRE_X = 495
_CENTRE_Y = 262
_SEATS_RX = 228
_SEATS_RY = 170
_OWN_BOX_Y = 432
_HAND_Y = HEIGHT - CARD_HEIGHT - 10
_BOX_WIDTH = 150
_BOX_HEIGHT = 58
_TRICK_REACH = 0.48  # how far from the centre towards its seat a trick card lies
_NAME_CHARS = 18
_LINE_CHARS = 27


def _color(colors: Mapping[str, str] | None, key: str) -> str:
    if colors is not None and key in colors:
        return colors[key]
    return CARD_COLORS[key]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Painter:
    """Draws onto one root element with one set of colours."""

    def __init__(self, root: ET.Element, colors: Mapping[str, str] | None) -> None:
        self.root = root
        self.colors = colors

    def color(self, key: str) -> str:
        return _color(self.colors, key)

    def text(
        self,
        parent: ET.Element,
        text: str,
        x: float,
        y: float,
        *,
        size: float = 12,
        bold: bool = False,
        anchor: str = "start",
        key: str = "text",
    ) -> ET.Element:
        return draw_text(
            parent, text, x, y, size=size, fill=self.color(key), anchor=anchor, bold=bold
        )

    def cards_row(
        self,
        parent: ET.Element,
        cards: tuple[Card | None, ...],
        x: float,
        y: float,
        *,
        scale: float,
        width: float,
        step: float,
    ) -> list[float]:
        """Cards (``None`` = back) left to right from ``(x, y)``, squeezed into ``width``.

        Returns the left edge of each card.
        """
        if not cards:
            return []
        card_width = CARD_WIDTH * scale
        if len(cards) > 1:
            step = min(step, (width - card_width) / (len(cards) - 1))
        lefts = [x + index * step for index in range(len(cards))]
        for left, card in zip(lefts, cards, strict=True):
            if card is None:
                draw_back(parent, left, y, scale=scale, colors=self.colors)
            else:
                draw_card(parent, card, left, y, scale=scale, colors=self.colors)
        return lefts


def _seat_point(table: Table, seat: int) -> tuple[float, float]:
    """Where ``seat`` sits: the viewer at the bottom, then clockwise from its left."""
    offset = (seat - table.seat) % table.players
    angle = math.pi / 2 + 2 * math.pi * offset / table.players
    x = _CENTRE_X + _SEATS_RX * math.cos(angle)
    y = _CENTRE_Y + _SEATS_RY * math.sin(angle)
    low = _PANEL_X + _PANEL_WIDTH + _BOX_WIDTH / 2 + 14
    return min(max(x, low), WIDTH - _BOX_WIDTH / 2 - 10), y


def _turn_line(table: Table) -> str:
    if table.phase == "over":
        return "game over"
    if table.actor is None:
        return "dealing" if table.phase == "deal" else ""
    if table.actor == table.seat and (table.legal_cards or table.choices):
        return "your turn"
    return f"to act: {_short(table.names[table.actor], _NAME_CHARS)}"


def _seat_lines(table: Table, extras: TableExtras, seat: int) -> tuple[str, str]:
    facts = (f"tricks {table.tricks_won[seat]}", f"score {table.scores[seat]}")
    notes = extras.seat_notes[seat] if seat < len(extras.seat_notes) else ()
    return " · ".join(facts), " · ".join(notes)


def _seat_box(
    paint: Painter, table: Table, extras: TableExtras, seat: int, at: tuple[float, float]
) -> ET.Element:
    """The box of one seat centred on ``at``: name, dealer, tricks, score, notes."""
    x, y = at
    group = element("g", paint.root, class_="seat", data_seat=str(seat))
    acting = table.actor == seat and table.phase != "over"
    element(
        "rect",
        group,
        x=x - _BOX_WIDTH / 2,
        y=y - _BOX_HEIGHT / 2,
        width=_BOX_WIDTH,
        height=_BOX_HEIGHT,
        rx=8,
        fill=paint.color("panel"),
        fill_opacity=0.85,
        stroke=paint.color("actor") if acting else paint.color("felt edge"),
        stroke_width=3 if acting else 1,
    )
    top = y - _BOX_HEIGHT / 2
    name = _short(table.names[seat], _NAME_CHARS)
    if seat == table.seat and not table.spectator:
        name += " (you)"
    paint.text(group, name, x - _BOX_WIDTH / 2 + 8, top + 17, size=13, bold=True)
    if seat == table.dealer:
        right = x + _BOX_WIDTH / 2
        element("circle", group, cx=right - 12, cy=top + 12, r=8, fill=paint.color("card"))
        paint.text(
            group, "D", right - 12, top + 16, size=11, bold=True, anchor="middle", key="black"
        )
    facts, notes = _seat_lines(table, extras, seat)
    paint.text(group, facts, x - _BOX_WIDTH / 2 + 8, top + 34, size=11, key="muted")
    paint.text(group, _short(notes, 24), x - _BOX_WIDTH / 2 + 8, top + 50, size=11, key="highlight")
    return group


def _other_hand(
    paint: Painter, table: Table, seat: int, at: tuple[float, float], *, above: bool
) -> None:
    """The seat's cards beside its box: backs and a count, or faces in a replay."""
    x, y = at
    count = table.hand_sizes[seat]
    faces = table.hands[seat]
    group = element("g", paint.root, class_="hand other", data_seat=str(seat))
    scale = 0.5 if faces is not None else 0.35
    height = CARD_HEIGHT * scale
    top = y - _BOX_HEIGHT / 2 - height - 4 if above else y + _BOX_HEIGHT / 2 + 4
    cards: tuple[Card | None, ...] = faces if faces is not None else (None,) * count
    width = 210 if faces is not None else 100
    step = 15 if faces is not None else 6
    card_width = CARD_WIDTH * scale
    span = card_width
    if len(cards) > 1:
        span += (len(cards) - 1) * min(step, (width - card_width) / (len(cards) - 1))
    paint.cards_row(group, cards, x - span / 2, top, scale=scale, width=width, step=step)
    if faces is None and count:
        label = f"{count} card" + ("" if count == 1 else "s")
        # Beside the fan, on the side away from the table's edge.
        if x > _CENTRE_X + 50:
            edge, anchor = x - span / 2 - 6, "end"
        else:
            edge, anchor = x + span / 2 + 6, "start"
        paint.text(group, label, edge, top + height - 2, size=10, anchor=anchor, key="muted")


def _own_hand(paint: Painter, table: Table) -> None:
    hand = table.hands[table.seat] or ()
    group = element("g", paint.root, class_="hand own", data_seat=str(table.seat))
    if not hand:
        return
    left_edge = _PANEL_X + _PANEL_WIDTH + 14
    width = WIDTH - 10 - left_edge
    step = min(CARD_WIDTH + 6, (width - CARD_WIDTH) / max(len(hand) - 1, 1))
    span = CARD_WIDTH + step * (len(hand) - 1)
    left = left_edge + (width - span) / 2
    choosing = table.actor == table.seat and bool(table.legal_cards)
    for index, card in enumerate(hand):
        x = left + index * step
        if not choosing:
            draw_card(group, card, x, _HAND_Y, colors=paint.colors)
        elif card in table.legal_cards:
            drawn = draw_card(group, card, x, _HAND_Y - 12, colors=paint.colors, classes="legal")
            outline(drawn, color=paint.color("highlight"), width=3)
        else:
            drawn = draw_card(group, card, x, _HAND_Y, colors=paint.colors, classes="illegal")
            drawn.set("opacity", "0.55")


def _trick(paint: Painter, table: Table) -> None:
    group = element("g", paint.root, class_="trick", data_leader=str(table.trick.leader))
    scale = 0.8
    for play in table.trick.plays:
        if not 0 <= play.seat < table.players:
            continue
        x, y = _seat_point(table, play.seat)
        if play.seat == table.seat:
            y = _OWN_BOX_Y
        cx = _CENTRE_X + _TRICK_REACH * (x - _CENTRE_X)
        cy = _CENTRE_Y + _TRICK_REACH * (y - _CENTRE_Y)
        drawn = draw_card(
            group,
            play.card,
            cx - CARD_WIDTH * scale / 2,
            cy - CARD_HEIGHT * scale / 2,
            scale=scale,
            colors=paint.colors,
        )
        drawn.set("data-seat", str(play.seat))


def _panel(paint: Painter, table: Table, extras: TableExtras) -> None:
    group = element("g", paint.root, class_="panel")
    element(
        "rect",
        group,
        x=_PANEL_X,
        y=10,
        width=_PANEL_WIDTH,
        height=HEIGHT - 20,
        rx=10,
        fill=paint.color("panel"),
        fill_opacity=0.85,
    )
    x = _PANEL_X + 10
    y = 36.0
    paint.text(group, table.title, x, y, size=18, bold=True)
    lines = [*extras.lines, f"phase: {table.phase.replace('_', ' ')}"]
    for line in lines:
        y += 18
        paint.text(group, _short(line, _LINE_CHARS), x, y, size=12, key="muted")
    y += 22
    paint.text(group, "trump", x, y, size=13)
    if table.trump is None:
        paint.text(group, "none", x + 46, y, size=13, bold=True)
    else:
        element("circle", group, cx=x + 58, cy=y - 5, r=11, fill=paint.color("card"))
        draw_suit(group, table.trump, x + 58, y - 5, scale=0.7, colors=paint.colors)
    y += 24
    turn = _turn_line(table)
    if turn:
        paint.text(group, turn, x, y, size=13, bold=True, key="highlight")
    if table.actor == table.seat and table.choices:
        y = _choices(paint, group, table.choices, x, y)
    for card_group in extras.groups:
        y = _group(paint, group, card_group, x, y)
    _last_trick(paint, group, table, x, max(y + 10, HEIGHT - 120))


def _choices(
    paint: Painter, group: ET.Element, choices: tuple[str, ...], x: float, y: float
) -> float:
    words = [*choices]
    line = ""
    lines: list[str] = []
    for word in words:
        candidate = f"{line}  {word}" if line else word
        if len(candidate) > _LINE_CHARS and line:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    for text in lines[:4]:
        y += 16
        paint.text(group, _short(text, _LINE_CHARS + 2), x, y, size=11)
    if len(lines) > 4:
        y += 16
        paint.text(group, "…", x, y, size=11)
    return y


def _group(paint: Painter, parent: ET.Element, card_group: CardGroup, x: float, y: float) -> float:
    group = element("g", parent, class_="card-group")
    if card_group.zone is not None:
        group.set("data-zone", card_group.zone)
    y += 24
    paint.text(group, card_group.label, x, y, size=12, bold=True)
    paint.cards_row(group, card_group.cards, x, y + 6, scale=0.7, width=_PANEL_WIDTH - 20, step=46)
    return y + 6 + CARD_HEIGHT * 0.7


def _last_trick(paint: Painter, parent: ET.Element, table: Table, x: float, y: float) -> None:
    if not table.tricks:
        return
    last = table.tricks[-1]
    group = element("g", parent, class_="last-trick")
    winner = "" if last.winner is None else f", won by {table.names[last.winner]}"
    paint.text(group, _short(f"last trick{winner}", _LINE_CHARS), x, y, size=11, key="muted")
    lefts = paint.cards_row(
        group,
        tuple(play.card for play in last.plays),
        x,
        y + 8,
        scale=0.5,
        width=_PANEL_WIDTH - 20,
        step=28,
    )
    for left, play in zip(lefts, last.plays, strict=True):
        name = _short(table.names[play.seat], 5)
        paint.text(group, name, left + 15, y + 62, size=8, anchor="middle", key="muted")


def draw_table(
    table: Table,
    extras: TableExtras,
    *,
    size: float | None,
    colors: Mapping[str, str] | None,
    title: str,
) -> Svg:
    """The SVG document of ``table`` with the game's ``extras``."""
    root = svg_root(WIDTH, HEIGHT, size, class_=f"tricktaking-table game-{table.game}")
    element("title", root, title)
    paint = Painter(root, colors)
    element("rect", root, x=0, y=0, width=WIDTH, height=HEIGHT, rx=18, fill=paint.color("felt"))
    element(
        "ellipse",
        root,
        cx=_CENTRE_X,
        cy=_CENTRE_Y,
        rx=200,
        ry=135,
        fill="none",
        stroke=paint.color("felt edge"),
        stroke_width=6,
    )
    _panel(paint, table, extras)
    for seat in range(table.players):
        if seat == table.seat:
            _seat_box(paint, table, extras, seat, (_CENTRE_X, _OWN_BOX_Y))
            continue
        x, y = _seat_point(table, seat)
        _seat_box(paint, table, extras, seat, (x, y))
        _other_hand(paint, table, seat, (x, y), above=y < _CENTRE_Y + 40)
    _trick(paint, table)
    _own_hand(paint, table)
    return to_svg(root)
