"""The review itself: what each card and each call of a game was worth under perfect play."""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator, Sequence

import attrs

from tricktaking import records
from tricktaking.actions import CHANCE, Deal, Play
from tricktaking.analysis._types import (
    DEFAULT_MAX_CARDS_LEFT,
    MAX_CARDS_LEFT,
    BidReview,
    Contract,
    DealReview,
    PlayReview,
    Review,
    Status,
)
from tricktaking.arguments import count_argument, real_argument
from tricktaking.engine import Action, GameState, actor, game_of
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError, safe_repr

__all__ = ["review"]


def _cards_left(state: GameState[object]) -> int:
    """Cards in the fullest hand: the size the solver's time grows with."""
    return max(len(hand) for hand in state.round.hands)


@attrs.define
class _Budget:
    """The solving budget: a hand bound and an optional time, checked between positions.

    The clock starts when the first position has been solved: the solver's first use
    in a process compiles it (or loads it from the disk cache), which can take longer
    than a whole review and is no part of solving this game.
    """

    max_cards_left: int
    seconds: float | None
    deadline: float | None = None

    def status(self, state: GameState[object]) -> Status:
        if _cards_left(state) > self.max_cards_left:
            return "too_large"
        if self.deadline is not None and time.monotonic() >= self.deadline:
            return "out_of_time"
        return "solved"

    def solved(self) -> None:
        """A position was solved: the clock runs from the first."""
        if self.deadline is None and self.seconds is not None:
            self.deadline = time.monotonic() + self.seconds


@attrs.frozen
class _Step:
    index: int
    before: GameState[object]
    action: Action


def _deal_steps(steps: Sequence[_Step]) -> Iterator[list[_Step]]:
    """The record's steps cut into deals: each deal starts at its ``Deal``."""
    current: list[_Step] | None = None
    for step in steps:
        if isinstance(step.action, Deal):
            if current is not None:
                yield current
            current = []
        elif current is not None:
            current.append(step)
    if current is not None:
        yield current


def _review_play(step: _Step, trick: int, budget: _Budget) -> PlayReview:
    play = step.action
    assert isinstance(play, Play)  # only plays are passed in
    status = budget.status(step.before)
    if status != "solved":
        return PlayReview(
            index=step.index, seat=play.seat, card=play.card, trick=trick, status=status
        )
    from tricktaking import solver  # noqa: PLC0415 - see review()

    values = solver.card_values(step.before)
    budget.solved()
    best = max(values.values())
    return PlayReview(
        index=step.index,
        seat=play.seat,
        card=play.card,
        trick=trick,
        status=status,
        value=values[play],
        best=best,
        best_cards=tuple(option.card for option, value in values.items() if value == best),
    )


def _forcible(state: GameState[object], seat: int) -> frozenset[int] | None:
    """The seat's forcible trick totals, in a game that has them (an exact-bid game)."""
    from tricktaking import solver  # noqa: PLC0415 - see review()

    try:
        return solver.forcible_tricks(state, seat)
    except ArgumentError:  # the solver's answer for a game without exact bids
        return None


def _contracts(state: GameState[object]) -> tuple[tuple[Contract, int], ...] | None:
    """The contract table, in a game that has contracts."""
    from tricktaking import solver  # noqa: PLC0415 - see review()

    try:
        return tuple(solver.contract_table(state).items())
    except ArgumentError:  # the solver's answer for a game without contracts
        return None


def _review_deal(number: int, steps: list[_Step], budget: _Budget, finished: bool) -> DealReview:
    first = next((step for step in steps if isinstance(step.action, Play)), None)
    lead_status: Status = "too_large" if first is None else budget.status(first.before)
    seats = range(len(game_of(steps[0].before).rules.scores(steps[0].before))) if steps else ()
    par: tuple[int, ...] | None = None
    contracts: tuple[tuple[Contract, int], ...] | None = None
    if first is not None and lead_status == "solved":
        from tricktaking import solver  # noqa: PLC0415 - see review()

        par = tuple(solver.value(first.before, seat) for seat in seats)
        contracts = _contracts(first.before)
        budget.solved()
    bids: list[BidReview] = []
    plays: list[PlayReview] = []
    for step in steps:
        if isinstance(step.action, Play):
            trick = len(step.before.round.tricks)
            plays.append(_review_play(step, trick, budget))
        elif first is None or step.index < first.index:
            seat = actor(step.before)
            if not isinstance(seat, int) or hasattr(step.action, "card"):
                continue  # not a call: a kitty discard is a card move
            bids.append(
                BidReview(index=step.index, seat=seat, action=step.action, status=lead_status)
                if par is None or first is None
                else BidReview(
                    index=step.index,
                    seat=seat,
                    action=step.action,
                    status="solved",
                    value=par[seat],
                    forcible=_forcible(first.before, seat),
                )
            )
    return DealReview(
        number=number,
        bids=tuple(bids),
        plays=tuple(plays),
        par=par,
        contracts=contracts,
        finished=finished,
    )


def _record(game: object) -> records.GameRecord:
    if isinstance(game, records.GameRecord):
        return game
    if isinstance(game, records.PerspectiveRecord):
        raise ArgumentTypeError(
            "review needs every hand: a record of what one seat saw cannot be reviewed"
        )
    try:
        game_of(game)
    except TricktakingError:
        raise ArgumentTypeError(
            f"review takes a records.GameRecord or a game state, not {safe_repr(game)}"
        ) from None
    return records.GameRecord.from_state(game)  # type: ignore[arg-type]


def review(
    game: records.GameRecord | GameState[object],
    *,
    max_cards_left: int = DEFAULT_MAX_CARDS_LEFT,
    seconds: float | None = None,
) -> Review:
    """Review a game: every card and call against perfect play with every hand known.

    Each card played is valued from its position by :func:`tricktaking.solver.card_values`
    (its value, the best value and the cards that had it); each call before a deal's
    first lead is set against what the caller could make from that first lead; each
    deal's par is the value of its first lead for every seat. A game still in progress
    is reviewed up to where it is.

    Args:
        game: A game record (:class:`~tricktaking.records.GameRecord`) or a state, whose
            history is reviewed.
        max_cards_left: Positions whose fullest hand holds more cards than this are not
            solved (``status="too_large"``), never guessed. The default
            (``DEFAULT_MAX_CARDS_LEFT``, 6) solves the last six tricks of a deal,
            each position within about a second.
        seconds: A wall-clock budget for the whole review (``None``: no limit). It is
            checked before each position, so it overruns by at most one solve; the
            positions it leaves are ``status="out_of_time"``. Its clock starts once the
            first position is solved, so that the solver's compiling (or loading from
            the disk cache) on its first use in a process does not spend it.

    Returns:
        The :class:`Review`.

    Raises:
        ArgumentTypeError: If ``game`` is neither a record nor a state, is a record of
            what one seat saw, or a bound is not a number.
        ArgumentError: If a bound is out of range.
        RecordError: If the game's actions do not replay.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.analysis import review
        >>> from tricktaking.simulate import game_states
        >>> config = tt.OhHellConfig(players=3, hand_size=3)
        >>> final = list(game_states(config, ["heuristic"] * 3, 1))[-1]
        >>> [play.verdict is not None for play in review(final).plays]
        [True, True, True, True, True, True, True, True, True]
    """
    # The solver needs the batch extra: imported where it is used, so that the results,
    # their renderings and a saved review's JSON need only the base install.
    importlib.import_module("tricktaking.solver")  # without the extra, fail before any work

    bound = count_argument("max_cards_left", max_cards_left, low=0, high=MAX_CARDS_LEFT)
    budget = _Budget(bound, None if seconds is None else real_argument("seconds", seconds, low=0.0))
    record = _record(game)
    states = list(record.states())
    steps = [
        _Step(index, before, action)
        for index, (before, action) in enumerate(zip(states, record.actions, strict=False))
    ]
    deals = list(_deal_steps(steps))
    final = states[-1]
    over = game_of(final).rules.is_over(final)
    reviews = tuple(
        _review_deal(number, deal, budget, finished=number < len(deals) or _deal_over(final))
        for number, deal in enumerate(deals, start=1)
    )
    return Review(
        game=record.game,
        seats=record.seats,
        deals=reviews,
        finished=over,
        max_cards_left=bound,
    )


def _deal_over(state: GameState[object]) -> bool:
    """Whether the last deal of ``state`` is over: the game is, or chance deals next."""
    return actor(state) in (None, CHANCE)
