"""A review as plain text: what ``tricktaking review FILE`` prints."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import attrs

from tricktaking.analysis._types import BidReview, Contract, DealReview, PlayReview, Review, Verdict
from tricktaking.engine import get_game
from tricktaking.errors import ArgumentTypeError, safe_repr, safe_str

__all__ = ["MARKS", "SeatTally", "contract_text", "review_text", "seat_tallies"]

MARKS: Final[dict[Verdict, str]] = {"best": "✓", "inaccuracy": "?", "blunder": "??"}
# The mark of each verdict, as the text, the HTML page and the web replay show it.

_UNSOLVED: Final = {"too_large": "not solved (hands too large)", "out_of_time": "not solved (time)"}


@attrs.frozen(kw_only=True)
class SeatTally:
    """One seat's solved plays in a review, counted by verdict, and their total cost.

    Example:
        >>> from tricktaking.analysis import Review, seat_tallies
        >>> seat_tallies(Review(game="one-card", seats=("a", "b"), deals=(), finished=True,
        ...     max_cards_left=8))[1]
        SeatTally(seat=1, solved=0, best=0, inaccuracies=0, blunders=0, cost=0)
    """

    seat: int
    solved: int
    best: int
    inaccuracies: int
    blunders: int
    cost: int


def seat_tallies(review: Review) -> tuple[SeatTally, ...]:
    """Each seat's :class:`SeatTally` over the whole review, index = seat.

    Raises:
        ArgumentTypeError: If ``review`` is not a :class:`Review`.

    Example:
        >>> from tricktaking.analysis import Review, seat_tallies
        >>> len(seat_tallies(Review(game="wizard", seats=("a", "b", "c"), deals=(),
        ...     finished=False, max_cards_left=8)))
        3
    """
    if not isinstance(review, Review):
        raise ArgumentTypeError(f"seat_tallies takes a Review, not {safe_repr(review)}")
    tallies: list[SeatTally] = []
    for seat in range(len(review.seats)):
        mine = [play for play in review.plays if play.seat == seat and play.verdict is not None]
        tallies.append(
            SeatTally(
                seat=seat,
                solved=len(mine),
                best=sum(play.verdict == "best" for play in mine),
                inaccuracies=sum(play.verdict == "inaccuracy" for play in mine),
                blunders=sum(play.verdict == "blunder" for play in mine),
                cost=sum(play.cost or 0 for play in mine),
            )
        )
    return tuple(tallies)


def contract_text(contract: Contract) -> str:
    """A contract in words: ``"S uptown"``, ``"no trump downtown"``."""
    trump, direction = contract
    return f"{'no trump' if trump is None else trump.value} {direction.value}"


def _name(review: Review, seat: int) -> str:
    name = safe_str(review.seats[seat], 40).replace("\n", " ")
    default = f"seat {seat}"
    return default if name == default else f"{default} ({name})"


def _bid_line(review: Review, bid: BidReview) -> str:
    said = f"  {_name(review, bid.seat)}: {safe_str(bid.action)}"
    if bid.value is None:
        return f"{said}: {_UNSOLVED.get(bid.status, 'not solved')}"
    line = f"{said}: value {bid.value} at the first lead"
    if bid.forcible is not None:
        totals = ", ".join(str(total) for total in sorted(bid.forcible)) or "none"
        line += f"; could force {totals}"
    if bid.makeable is not None:
        line += "; the bid was makeable" if bid.makeable else "; the bid was not makeable"
    return line


def _play_line(review: Review, play: PlayReview) -> str:
    said = f"  trick {play.trick + 1}: {_name(review, play.seat)} {play.card}"
    if play.verdict is None or play.value is None or play.best is None:
        return f"{said}: {_UNSOLVED.get(play.status, 'not solved')}"
    line = f"{said} {MARKS[play.verdict]}"
    if play.verdict == "best":
        return f"{line} value {play.value}"
    best = " ".join(str(card) for card in play.best_cards)
    return f"{line} value {play.best} -> {play.value} (best: {best})"


def _deal_lines(review: Review, deal: DealReview) -> Iterator[str]:
    state = "" if deal.finished else " (unfinished)"
    yield f"Deal {deal.number}{state}"
    if deal.par is not None:
        yield "  par: " + ", ".join(
            f"{_name(review, seat)} {value}" for seat, value in enumerate(deal.par)
        )
    else:
        yield "  par: not solved"
    if deal.contracts is not None:
        yield "  contracts (declaring side's tricks): " + ", ".join(
            f"{contract_text(key)} {tricks}" for key, tricks in deal.contracts
        )
    yield from (_bid_line(review, bid) for bid in deal.bids)
    yield from (_play_line(review, play) for play in deal.plays)


def review_text(review: Review) -> str:
    """The review as text: each deal's par, calls and plays, then a tally per seat.

    A solved play shows its mark (✓ best, ? an inaccuracy, ?? a blunder, see
    ``Verdict``) and its value, or the best value, the value it
    kept and the best cards when it lost some.

    Raises:
        ArgumentTypeError: If ``review`` is not a :class:`Review`.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.analysis import review, review_text
        >>> from tricktaking.simulate import game_states
        >>> config = tt.OhHellConfig(players=3, hand_size=2)
        >>> final = list(game_states(config, ["heuristic"] * 3, 1))[-1]
        >>> print(review_text(review(final)))  # doctest: +ELLIPSIS
        Oh Hell review (positions solved up to 6 cards a hand)
        Deal 1
          par: ...
    """
    if not isinstance(review, Review):
        raise ArgumentTypeError(f"review_text takes a Review, not {safe_repr(review)}")
    title = get_game(review.game).title
    lines = [f"{title} review (positions solved up to {review.max_cards_left} cards a hand)"]
    for deal in review.deals:
        lines.extend(_deal_lines(review, deal))
    lines.append("Tally (solved plays: best / inaccuracies / blunders, value lost):")
    lines.extend(
        f"  {_name(review, tally.seat)}: {tally.solved} solved: {tally.best} / "
        f"{tally.inaccuracies} / {tally.blunders}, lost {tally.cost}"
        for tally in seat_tallies(review)
    )
    if not review.finished:
        lines.append("The game is not over: reviewed up to where it is.")
    return "\n".join(lines)
