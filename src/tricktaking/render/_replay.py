"""Replays of finished deals: every hand face up, drawn only from a game record.

A record of a finished deal holds every card (the deal action carries the hands), and
once the deal is over nothing in it is secret any more; a live view never reaches
these functions, so a running deal cannot leak through them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from tricktaking.actions import CHANCE, Deal
from tricktaking.arguments import is_exact_int
from tricktaking.cards import Card
from tricktaking.engine import (
    GameState,
    actor,
    available_games,
    game_of,
    get_game,
    scores,
    view,
)
from tricktaking.errors import safe_repr
from tricktaking.records import GameRecord
from tricktaking.render._cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    check_colors,
    draw_card,
    draw_suit,
    outline,
)
from tricktaking.render._errors import RenderError
from tricktaking.render._extras import CardGroup, TableExtras, extras_of
from tricktaking.render._table import WIDTH, Painter, draw_table
from tricktaking.render._view import Table, read_view, seat_names
from tricktaking.render._xml import Svg, element, svg_root, to_svg
from tricktaking.tricks import Trick

__all__ = ["deal_count", "deal_svg"]


@attrs.frozen
class _Deal:
    """One deal of a record: the states from just after its deal action to its end."""

    states: tuple[GameState[object], ...]
    deal: Deal


def _deals(record: GameRecord) -> list[_Deal]:
    """The record's finished deals, in order."""
    if not isinstance(record, GameRecord):
        raise RenderError(f"a replay is drawn from a GameRecord, not {safe_repr(record)}")
    # A record made by the library always passes; these refuse one whose fields were
    # replaced before its replay reads them.
    if type(record.game) is not str or record.game not in available_games():
        raise RenderError(f"the record's game {safe_repr(record.game)} is not a registered game")
    if type(record.actions) is not tuple:
        raise RenderError(f"the record's actions must be a tuple, not {safe_repr(record.actions)}")
    states = tuple(record.states())
    if game_of(states[0]).name != record.game:  # the replay is of the config's game
        raise RenderError(
            f"the record's game {safe_repr(record.game)} is not the game of its config"
        )
    starts = [index for index, action in enumerate(record.actions) if isinstance(action, Deal)]
    deals: list[_Deal] = []
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(record.actions)
        if end == len(record.actions) and actor(states[-1]) not in (CHANCE, None):
            break  # the record stops in the middle of this deal: it is not finished
        deal = record.actions[start]
        assert isinstance(deal, Deal)
        deals.append(_Deal(states=states[start + 1 : end + 1], deal=deal))
    return deals


def deal_count(record: GameRecord) -> int:
    """How many finished deals ``record`` holds (those :func:`deal_svg` can draw).

    A deal is finished once its last trick is complete; the deal a record stops in the
    middle of does not count.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.records import GameRecord
        >>> from tricktaking.render import deal_count
        >>> from tricktaking.testing import playout
        >>> final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=2)), seed=5)[-1]
        >>> deal_count(GameRecord.from_state(final))
        2
    """
    return len(_deals(record))


def _finished_deal(record: GameRecord, index: int) -> _Deal:
    deals = _deals(record)
    if not is_exact_int(index) or not 0 <= index < len(deals):
        raise RenderError(
            f"deal index {safe_repr(index)} is not one of the record's {len(deals)} finished deals "
            "(0-based; a deal still being played cannot be replayed)"
        )
    return deals[index]


def _zone_cards(record: GameRecord, state: GameState[object]) -> dict[str, tuple[Card, ...]]:
    return {zone.name: zone.cards for zone in get_game(record.game).rules.zones(state)}


def _face_up(
    groups: tuple[CardGroup, ...], zones: Mapping[str, tuple[Card, ...]]
) -> tuple[CardGroup, ...]:
    """Hidden cards of the groups shown from their zones (the deal is over)."""
    return tuple(
        attrs.evolve(group, cards=zones[group.zone])
        if group.zone is not None and group.zone in zones
        else group
        for group in groups
    )


def _spectator(
    record: GameRecord, state: GameState[object], seat: int, names: tuple[str, ...]
) -> tuple[Table, TableExtras]:
    seen = view(state, seat)
    table = read_view(seen, names)
    extras = extras_of(seen)
    hands = tuple(tuple(hand) for hand in state.round.hands)
    table = attrs.evolve(table, hands=hands, legal_cards=frozenset(), choices=(), spectator=True)
    groups = _face_up(extras.groups, _zone_cards(record, state))
    return table, attrs.evolve(extras, groups=groups)


def deal_svg(
    record: GameRecord,
    index: int,
    *,
    step: int | None = None,
    seat: int = 0,
    size: float | None = 800,
    names: Sequence[str] | None = None,
    colors: Mapping[str, str] | None = None,
) -> Svg:
    """Draw a finished deal of a game record with every hand face up.

    Without ``step``, the deal sheet: each seat's hand as dealt, the cards outside
    the hands (turn-up, One Card, kitty), each seat's bid or call, tricks won and
    score change, and every trick in order (its leader marked, its winner outlined).
    With ``step``, the table after that many actions of the deal (``0``: just dealt),
    drawn like :func:`svg` from ``seat``'s side but with every hand face up: a
    frame of a replay viewer.

    Only deals that are over can be drawn, so a record of a game in progress never
    shows the hands of the deal being played.

    Args:
        record: The game record, e.g. from :func:`tricktaking.records.loads`.
        index: Which finished deal, 0-based (see :func:`deal_count`).
        step: How many actions of the deal to show, ``0`` to the deal's length;
            ``None`` for the deal sheet.
        seat: The seat drawn at the bottom of a frame.
        size: The width in pixels; ``None`` leaves it to the page.
        names: The seat names; the record's seat names by default.
        colors: Overrides of ``tricktaking.render.COLORS``.

    Raises:
        RenderError: If ``record`` is not a game record (or its game or actions were
            replaced), ``index`` is not a finished deal, ``step`` is out of range,
            ``seat`` or ``names`` do not fit the game, or ``colors`` is not overrides
            of ``COLORS``.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.records import GameRecord
        >>> from tricktaking.render import deal_svg
        >>> from tricktaking.testing import playout
        >>> final = playout(tt.new_game(tt.WizardConfig(players=3, rounds=2)), seed=5)[-1]
        >>> record = GameRecord.from_state(final, seats=["Ann", "Bob", "Cy"])
        >>> sheet = deal_svg(record, 1)
        >>> frame = deal_svg(record, 1, step=3)
        >>> sheet.count('class="card"') > 6, "Ann" in frame
        (True, True)
        >>> deal_svg(record, 2)
        Traceback (most recent call last):
        ...
        tricktaking.render.RenderError: deal index 2 is not one of the record's 2 ...
    """
    deal = _finished_deal(record, index)
    players = len(deal.deal.hands)
    check_colors(colors)
    labels = seat_names(record.seats if names is None else names, players)
    if not is_exact_int(seat) or not 0 <= seat < players:
        raise RenderError(
            f"seat must be a seat of the game, 0 to {players - 1}, not {safe_repr(seat)}"
        )
    if step is None:
        return _sheet(record, deal, index, labels, size=size, colors=colors)
    last = len(deal.states) - 1
    if not is_exact_int(step) or not 0 <= step <= last:
        raise RenderError(f"step must be 0 to {last} for this deal, not {safe_repr(step)}")
    table, extras = _spectator(record, deal.states[step], seat, labels)
    title = f"{table.title}: replay of deal {index + 1}, step {step} of {last}"
    return draw_table(table, extras, size=size, colors=colors, title=title)


_ROW = 52
_NAME_WIDTH = 130
_HAND_WIDTH = 330
_TRICK_ROW = 48


def _sheet(
    record: GameRecord,
    deal: _Deal,
    index: int,
    names: tuple[str, ...],
    *,
    size: float | None,
    colors: Mapping[str, str] | None,
) -> Svg:
    first, final = deal.states[0], deal.states[-1]
    players = len(names)
    start, end = _spectator(record, first, 0, names)
    finish, finish_extras = _spectator(record, final, 0, names)
    tricks = finish.tricks
    height = 86 + players * _ROW + 96 + 28 + players * _TRICK_ROW + 20
    root = svg_root(WIDTH, height, size, class_=f"tricktaking-deal game-{record.game}")
    element("title", root, f"{start.title}: deal {index + 1}")
    paint = Painter(root, colors)
    element("rect", root, x=0, y=0, width=WIDTH, height=height, rx=18, fill=paint.color("felt"))
    heading = f"{start.title} · deal {index + 1}"
    paint.text(root, heading, 20, 34, size=20, bold=True)
    lines = [*finish_extras.lines]
    paint.text(root, " · ".join(lines), 20, 56, size=12, key="muted")
    if finish.trump is not None:
        paint.text(root, "trump", 20, 76, size=12)
        element("circle", root, cx=72, cy=72, r=9, fill=paint.color("card"))
        draw_suit(root, finish.trump, 72, 72, scale=0.55, colors=colors)
    before, after = scores(first), scores(final)
    y = 86.0
    for seat in range(players):
        row = element("g", root, class_="seat", data_seat=str(seat))
        paint.text(row, names[seat], 20, y + 20, size=13, bold=True)
        if seat == start.dealer:
            paint.text(row, "dealer", 20, y + 36, size=10, key="muted")
        paint.cards_row(
            row,
            deal.deal.hands[seat],
            20 + _NAME_WIDTH,
            y + 4,
            scale=0.5,
            width=_HAND_WIDTH,
            step=24,
        )
        notes = finish_extras.seat_notes[seat] if seat < len(finish_extras.seat_notes) else ()
        facts = [*notes, f"tricks {finish.tricks_won[seat]}"]
        if seat < len(after) and seat < len(before):
            facts.append(f"score {after[seat] - before[seat]:+d} → {after[seat]}")
        x = 20 + _NAME_WIDTH + _HAND_WIDTH + 16
        paint.text(row, " · ".join(facts[:2]), x, y + 20, size=12, key="highlight")
        paint.text(row, " · ".join(facts[2:]), x, y + 36, size=12, key="muted")
        y += _ROW
    y += 10
    left = 20.0
    for group in end.groups:
        box = element("g", root, class_="card-group")
        if group.zone is not None:
            box.set("data-zone", group.zone)
        paint.text(box, group.label, left, y + 14, size=12, bold=True)
        paint.cards_row(box, group.cards, left, y + 20, scale=0.7, width=300, step=46)
        left += 60 + min(len(group.cards), 6) * 46
    y += 96
    _tricks_grid(paint, tricks, names, y, colors)
    return to_svg(root)


def _tricks_grid(
    paint: Painter,
    tricks: tuple[Trick, ...],
    names: tuple[str, ...],
    top: float,
    colors: Mapping[str, str] | None,
) -> None:
    grid = element("g", paint.root, class_="tricks")
    paint.text(grid, "tricks (leader ●, winner outlined)", 20, top + 14, size=12, bold=True)
    left = 20 + _NAME_WIDTH
    count = max(len(tricks), 1)
    cell = min(40.0, (WIDTH - 20 - left) / count)  # room for the leader's dot on the left
    scale = min(0.5, (cell - 2) / CARD_WIDTH)
    for seat, name in enumerate(names):
        y = top + 28 + seat * _TRICK_ROW
        paint.text(grid, name, 20, y + 24, size=12, key="muted")
    for number, trick in enumerate(tricks):
        x = left + number * cell
        paint.text(
            grid,
            str(number + 1),
            x + CARD_WIDTH * scale / 2,
            top + 26,
            size=10,
            anchor="middle",
            key="muted",
        )
        for play in trick.plays:
            y = top + 30 + play.seat * _TRICK_ROW
            drawn = draw_card(grid, play.card, x, y, scale=scale, colors=colors)
            if play.seat == trick.winner:
                outline(drawn, color=paint.color("highlight"), width=5)
            if play.seat == trick.leader:
                element(
                    "circle",
                    grid,
                    cx=x - 4,
                    cy=y + CARD_HEIGHT * scale / 2,
                    r=2.5,
                    fill=paint.color("highlight"),
                )
