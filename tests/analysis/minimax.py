"""Plain minimax over ``tt.apply``: the oracle the review is checked against.

Slow on purpose and written straight from the questions of SOLVER_API's ``card_values``:
Bid Whist counts the acting side's tricks, the exact-bid games whether the seat ends
with exactly its bid, One Card the seat's card points, each in the rest of the deal, the
others playing against it.
"""

from __future__ import annotations

import tricktaking as tt
from tricktaking.actions import CHANCE
from tricktaking.engine import GameState
from tricktaking.games import bid_whist, one_card
from tricktaking.tricks import Play


def _side(state: GameState[object], seat: int) -> frozenset[int]:
    players = len(tt.scores(state))
    if isinstance(state, bid_whist.BidWhistState):
        return frozenset(s for s in range(players) if s % 2 == seat % 2)
    return frozenset({seat})


def _in_play(state: GameState[object]) -> bool:
    seat = tt.actor(state)
    return seat not in (None, CHANCE) and all(
        isinstance(action, Play) for action in tt.legal_actions(state)
    )


def _taken(state: GameState[object], side: frozenset[int]) -> int:
    """What ``side`` has taken so far in the deal, in the game's measure."""
    tricks = state.round.tricks
    if isinstance(state, one_card.OneCardState):
        return sum(
            one_card.card_points(play.card)
            for trick in tricks
            if trick.winner in side
            for play in trick.plays
        )
    return sum(trick.winner in side for trick in tricks)


def _exact(state: GameState[object]) -> bool:
    return isinstance(getattr(state, "bids", None), tuple) and not isinstance(
        state, (bid_whist.BidWhistState, one_card.OneCardState)
    )


def _outcome(state: GameState[object], seat: int, start: int, exactly: int | None) -> int:
    side = _side(state, seat)
    if exactly is not None:
        return int(_taken(state, side) == exactly)
    return _taken(state, side) - start


def _solve(state: GameState[object], seat: int, start: int, exactly: int | None) -> int:
    if not _in_play(state):
        return _outcome(state, seat, start, exactly)
    values = [
        _solve(tt.apply(state, action), seat, start, exactly) for action in tt.legal_actions(state)
    ]
    return max(values) if tt.actor(state) in _side(state, seat) else min(values)


def _question(state: GameState[object], seat: int) -> tuple[int, int | None]:
    """The start of the count, and the exact total asked for (exact-bid games)."""
    exactly = state.bids[seat] if _exact(state) else None  # type: ignore[attr-defined]
    return _taken(state, _side(state, seat)), exactly


def value(state: GameState[object], seat: int | None = None) -> int:
    """The position's value for ``seat`` (default: the seat to act)."""
    chosen = tt.actor(state) if seat is None else seat
    assert isinstance(chosen, int)
    return _solve(state, chosen, *_question(state, chosen))


def card_values(state: GameState[object]) -> dict[Play, int]:
    """Each legal play of the seat to act, and its value."""
    seat = tt.actor(state)
    assert isinstance(seat, int)
    question = _question(state, seat)
    plays = [action for action in tt.legal_actions(state) if isinstance(action, Play)]
    return {play: _solve(tt.apply(state, play), seat, *question) for play in plays}


def forcible_tricks(state: GameState[object], seat: int) -> frozenset[int]:
    """The trick totals ``seat`` can force to end with exactly, in an exact-bid game."""
    tricks = len(state.round.tricks) + len(state.round.hands[seat])
    return frozenset(total for total in range(tricks + 1) if _solve(state, seat, 0, total) == 1)
