"""Review a game: what each card and each call cost under perfect play, every hand known.

:func:`review` replays a finished game (a :class:`~tricktaking.records.GameRecord` or a
state; a game in progress up to where it is) and asks :mod:`tricktaking.solver` about
every position: each card played gets its value, the best value and the best cards; each
call before a deal's first lead is set against what the caller could make from there;
each deal gets its par. Positions with hands larger than ``max_cards_left`` are marked
not solved, never guessed. The result is an immutable :class:`Review`, with
:meth:`Review.to_dict` (JSON), :func:`review_text` and :func:`review_html` (a page).

:func:`review` needs the ``batch`` extra (NumPy and numba), as the solver does; without
it, it raises :class:`~tricktaking.extras.MissingExtraError`. The results and their
renderings need only the base install.

Example:
    A game in progress is reviewed up to where it is:

    >>> import itertools
    >>> import tricktaking as tt
    >>> from tricktaking.analysis import review
    >>> from tricktaking.simulate import game_states
    >>> states = game_states(tt.WizardConfig(players=3, rounds=2), ["heuristic"] * 3, 7)
    >>> midway = review(next(itertools.islice(states, 16, None)))
    >>> midway.finished, [deal.finished for deal in midway.deals], len(midway.plays)
    (False, [True, False], 7)
"""

from __future__ import annotations

from tricktaking.analysis._html import review_html
from tricktaking.analysis._review import review
from tricktaking.analysis._text import SeatTally, review_text, seat_tallies
from tricktaking.analysis._types import (
    DEFAULT_MAX_CARDS_LEFT,
    FORMAT,
    MAX_CARDS_LEFT,
    VERSION,
    BidReview,
    Contract,
    DealReview,
    PlayReview,
    Review,
    Status,
    Verdict,
)

# The public classes and functions are documented (and shown in tracebacks) here.
for _public in (
    BidReview,
    DealReview,
    PlayReview,
    Review,
    SeatTally,
    review,
    review_html,
    review_text,
    seat_tallies,
):
    _public.__module__ = __name__

__all__ = [
    "DEFAULT_MAX_CARDS_LEFT",
    "FORMAT",
    "MAX_CARDS_LEFT",
    "VERSION",
    "BidReview",
    "Contract",
    "DealReview",
    "PlayReview",
    "Review",
    "SeatTally",
    "Status",
    "Verdict",
    "review",
    "review_html",
    "review_text",
    "seat_tallies",
]
