"""A review as one self-contained HTML page: cards drawn inline by :mod:`tricktaking.render`."""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Final

from tricktaking.analysis._text import MARKS, contract_text, seat_tallies
from tricktaking.analysis._types import BidReview, DealReview, PlayReview, Review, Verdict
from tricktaking.cards import Card
from tricktaking.engine import get_game
from tricktaking.errors import ArgumentTypeError, safe_repr, safe_str
from tricktaking.render import card_svg
from tricktaking.render._xml import xml_text

__all__ = ["review_html"]

_CARD_WIDTH: Final = 34
_CELL: Final = 14  # one square of a deal's strip of verdicts, in pixels
_COLORS: Final[dict[Verdict | None, str]] = {
    "best": "#2e7d32",
    "inaccuracy": "#e0a000",
    "blunder": "#c62828",
    None: "#b0b0b0",
}
_STYLE: Final = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { padding: 0.15rem 0.5rem; text-align: left; vertical-align: middle; }
tr:nth-child(even) td { background: #f3f3f3; }
td svg { vertical-align: middle; }
.mark { font-weight: bold; }
.best { color: #2e7d32; } .inaccuracy { color: #a06d00; } .blunder { color: #c62828; }
.unsolved { color: #666; font-style: italic; }
"""


def _text(value: object) -> str:
    return html.escape(xml_text(safe_str(value, 200)))


def _card(card: Card) -> str:
    return str(card_svg(card, size=_CARD_WIDTH))


def _name(review: Review, seat: int) -> str:
    return _text(review.seats[seat])


def _strip(deal: DealReview) -> str:
    """An inline SVG: one square per play of the deal, coloured by its verdict."""
    width = max(1, len(deal.plays)) * _CELL
    cells = "".join(
        f'<rect x="{i * _CELL}" y="0" width="{_CELL - 2}" height="{_CELL - 2}" '
        f'fill="{_COLORS[play.verdict]}"><title>trick {play.trick + 1}: {play.card} '
        f"{_text(play.verdict or 'not solved')}</title></rect>"
        for i, play in enumerate(deal.plays)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{_CELL}" '
        f'viewBox="0 0 {width} {_CELL}" role="img" aria-label="the verdict of each play">'
        f"{cells}</svg>"
    )


def _bid_row(review: Review, bid: BidReview) -> str:
    if bid.value is None:
        found = '<td class="unsolved" colspan="2">not solved</td>'
    else:
        forcible = "" if bid.forcible is None else ", ".join(map(str, sorted(bid.forcible)))
        made = {True: "makeable", False: "not makeable", None: ""}[bid.makeable]
        found = f"<td>{bid.value}</td><td>{forcible} {made}</td>"
    return f"<tr><td>{_name(review, bid.seat)}</td><td>{_text(bid.action)}</td>{found}</tr>"


def _play_row(review: Review, play: PlayReview) -> str:
    start = (
        f"<tr><td>{play.trick + 1}</td><td>{_name(review, play.seat)}</td>"
        f"<td>{_card(play.card)}</td>"
    )
    if play.verdict is None:
        why = "hands too large" if play.status == "too_large" else "out of time"
        return f'{start}<td class="unsolved" colspan="3">not solved ({why})</td></tr>'
    best = "" if play.verdict == "best" else "".join(_card(card) for card in play.best_cards)
    return (
        f'{start}<td class="mark {play.verdict}" title="{play.verdict}">'
        f"{MARKS[play.verdict]}</td><td>{play.best} → {play.value}</td><td>{best}</td></tr>"
    )


def _deal(review: Review, deal: DealReview) -> Iterator[str]:
    yield f"<section><h2>Deal {deal.number}{'' if deal.finished else ' (unfinished)'}</h2>"
    yield _strip(deal)
    if deal.par is not None:
        par = ", ".join(f"{_name(review, seat)} {value}" for seat, value in enumerate(deal.par))
        yield f"<p>Par: {par}</p>"
    if deal.contracts is not None:
        cells = "".join(
            f"<td>{_text(contract_text(key))}: {tricks}</td>" for key, tricks in deal.contracts
        )
        caption = "<caption>Tricks the declaring side could force</caption>"
        yield f"<table>{caption}<tr>{cells}</tr></table>"
    if deal.bids:
        yield "<table><caption>Calls</caption><tr><th>seat</th><th>call</th>"
        yield "<th>value at the first lead</th><th>forcible totals</th></tr>"
        yield from (_bid_row(review, bid) for bid in deal.bids)
        yield "</table>"
    yield "<table><caption>Plays</caption><tr><th>trick</th><th>seat</th><th>card</th>"
    yield "<th></th><th>best → played</th><th>best cards</th></tr>"
    yield from (_play_row(review, play) for play in deal.plays)
    yield "</table></section>"


def review_html(review: Review) -> str:
    """The review as one self-contained HTML page (inline CSS and SVG, no script).

    Each deal has a strip of its plays coloured by verdict, its par, its calls and a table
    of its plays with the cards drawn by :func:`tricktaking.render.card_svg`; every text
    from the record (seat names) is escaped.

    Raises:
        ArgumentTypeError: If ``review`` is not a :class:`Review`.

    Example:
        >>> from tricktaking.analysis import Review, review_html
        >>> page = review_html(Review(game="wizard", seats=("<b>", "b", "c"), deals=(),
        ...     finished=True, max_cards_left=8))
        >>> page.startswith("<!doctype html>"), "&lt;b&gt;" in page
        (True, True)
    """
    if not isinstance(review, Review):
        raise ArgumentTypeError(f"review_html takes a Review, not {safe_repr(review)}")
    title = _text(get_game(review.game).title)
    tallies = "".join(
        f"<tr><td>{_name(review, tally.seat)}</td><td>{tally.solved}</td><td>{tally.best}</td>"
        f"<td>{tally.inaccuracies}</td><td>{tally.blunders}</td><td>{tally.cost}</td></tr>"
        for tally in seat_tallies(review)
    )
    parts = [
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">',
        f"<title>{title} review</title><style>{_STYLE}</style></head><body>",
        f"<h1>{title} review</h1>",
        f"<p>Every card against perfect play with all hands known, in positions of up to "
        f"{review.max_cards_left} cards a hand. ✓ best, ? an inaccuracy, ?? a blunder.</p>",
        "<table><caption>Solved plays per seat</caption><tr><th>seat</th><th>solved</th>"
        f"<th>✓</th><th>?</th><th>??</th><th>value lost</th></tr>{tallies}</table>",
    ]
    for deal in review.deals:
        parts.extend(_deal(review, deal))
    parts.append("</body></html>\n")
    return "".join(parts)
