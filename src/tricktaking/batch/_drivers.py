"""The compiled loops over rows: every game's kernel runs inside these.

Each loop takes the game's parameters first (``game``, a kernel's NamedTuple) and calls
the protocol functions of :mod:`tricktaking.kernel_kit`, which numba resolves to that
game's implementations when it compiles the loop for the parameter class. Nothing here
names a game.

A row's life: :data:`~tricktaking.kernel_kit.DEALING` rows are dealt at once from their
stream (:func:`settle`), so between calls every row is either acting or over. A step
first checks every row's action and changes nothing if one is wrong (its code in
``errors``), then applies them all.

Where a row's work is hot (a step, a playout, a mask), the game's functions are
inlined into the loop (each call between compiled functions costs tens of
nanoseconds); what happens once a deal (a shuffle, a restart, a load) is a call.

The record (:class:`Record`) keeps, for each row, the actions (``rl`` indexes) and the
decks of its current game, which is all :meth:`~tricktaking.batch.Simulator.state_of`
needs; a full record stops the row (code :data:`FULL`) until the caller makes room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from tricktaking.kernel_kit import (
    ACTING,
    ACTOR,
    DEALING,
    GAME,
    NUMBER,
    OVER,
    SCORES,
    STATUS,
    Cards,
    Ints,
    Params,
    apply_row,
    below,
    borrowed,
    compiled,
    deal_row,
    heuristic_row,
    held_row,
    is_legal_row,
    legal_row,
    next_word,
    observe_row,
    place_row,
    random_row,
    reset_row,
    resume_row,
)

__all__ = [
    "FULL",
    "ILLEGAL",
    "OUTSIDE",
    "RANDOM",
    "HEURISTIC",
    "CALLBACK",
    "Posterior",
    "Record",
    "deal_due",
    "heuristic_actions",
    "legal_masks",
    "load",
    "observe",
    "play",
    "random_actions",
    "reset",
    "sample_worlds",
    "step",
]

def _loop(function: _F) -> _F:
    """A loop over rows: one compiled function, not inlined where it is called."""
    return compiled(function, inline=False)


OUTSIDE = 1
"""Error code: the action is outside the action space."""
ILLEGAL = 2
"""Error code: the action is not legal for the row's actor."""
FULL = 3
"""Error code: the row's record has no room for what the step would add."""

RANDOM = 0
"""Policy code: uniformly random among the distinct legal actions."""
HEURISTIC = 1
"""Policy code: the game's heuristic bot."""
CALLBACK = 2
"""Policy code: the caller decides (the row stops and waits)."""

_F = TypeVar("_F", bound=Callable[..., object])
_ONE = np.uint64(1)
Bools = npt.NDArray[np.bool_]
Int64s = npt.NDArray[np.int64]


class Record(NamedTuple):
    """The actions and decks of each row's current game (``on`` false: nothing is kept)."""

    on: bool
    actions: npt.NDArray[np.int16]
    acted: npt.NDArray[np.int32]
    decks: npt.NDArray[np.int16]
    dealt: npt.NDArray[np.int32]


@compiled
def _has_room(record: Record, row: int) -> bool:
    """Whether ``row``'s record can take one more action and one more deck."""
    return not record.on or (
        record.acted[row] < record.actions.shape[1] and record.dealt[row] < record.decks.shape[1]
    )


@compiled
def _borrowed_record(record: Record) -> Record:
    return Record(
        record.on,
        borrowed(record.actions),
        borrowed(record.acted),
        borrowed(record.decks),
        borrowed(record.dealt),
    )


def _once(function: _F) -> _F:
    """What happens once a deal: one compiled function, called (not inlined)."""
    return compiled(function, inline=False)


@_once
def _deal(
    game: Params, ints: Ints, cards: Cards, rng: Cards, row: int, deck: Int64s, record: Record
) -> None:
    """Shuffle a deck from ``row``'s stream (Fisher-Yates), draw, record it and deal it."""
    size = game.deck_size
    for i in range(size):
        deck[i] = i
    for i in range(size - 1, 0, -1):
        j = below(rng, row, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    deck[size] = below(rng, row, game.draw0) if game.draw0 else 0
    deck[size + 1] = below(rng, row, game.draw1) if game.draw1 else 0
    if record.on:
        dealt = record.dealt[row]
        for i in range(size + 2):
            record.decks[row, dealt, i] = deck[i]
        record.dealt[row] = dealt + 1
    deal_row(game, ints, cards, row, deck)


@_once
def _restart(
    game: Params, ints: Ints, cards: Cards, rng: Cards, row: int, deck: Int64s, record: Record
) -> None:
    """A new game in ``row``, dealt; its record starts afresh."""
    games = ints[row, GAME]
    reset_row(game, ints, cards, row)
    ints[row, GAME] = games + 1
    if record.on:
        record.acted[row] = 0
        record.dealt[row] = 0
    _deal(game, ints, cards, rng, row, deck, record)


@compiled
def _act(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    row: int,
    action: int,
    deck: Int64s,
    record: Record,
    auto_reset: bool,
    final: Ints,
    finished: Bools,
) -> None:
    """Apply a legal action to ``row`` and record it; deal what is due; end a finished game.

    A finished game's scores go to ``final`` and its flag to ``finished``; with
    ``auto_reset`` the row starts a new game at once.
    """
    apply_row(game, ints, cards, row, action)
    if record.on:
        acted = record.acted[row]
        record.actions[row, acted] = action
        record.acted[row] = acted + 1
    status = ints[row, STATUS]
    if status == DEALING:
        _deal(game, ints, cards, rng, row, deck, record)
    elif status == OVER:
        for seat in range(game.players):
            final[row, seat] = ints[row, SCORES + seat]
        finished[row] = True
        if auto_reset:
            _restart(game, ints, cards, rng, row, deck, record)


@_loop
def reset(
    game: Params, ints: Ints, cards: Cards, rng: Cards, where: Bools, deck: Int64s, record: Record
) -> None:
    """Start a new game, dealt, in every row where ``where`` is true."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    where = borrowed(where)
    deck = borrowed(deck)
    record = _borrowed_record(record)
    for row in range(ints.shape[0]):
        if where[row]:
            _restart(game, ints, cards, rng, row, deck, record)


@_loop
def deal_due(
    game: Params, ints: Ints, cards: Cards, rng: Cards, deck: Int64s, record: Record
) -> None:
    """Deal every row whose next event is a deal, from its stream."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    deck = borrowed(deck)
    record = _borrowed_record(record)
    for row in range(ints.shape[0]):
        if ints[row, STATUS] == DEALING:
            _deal(game, ints, cards, rng, row, deck, record)


@_loop
def legal_masks(game: Params, ints: Ints, cards: Cards, out: Bools) -> None:
    """``out[row]``: the legal actions of each acting row (all false where over)."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    out = borrowed(out)
    for row in range(ints.shape[0]):
        for action in range(out.shape[1]):
            out[row, action] = False
        if ints[row, STATUS] == ACTING:
            legal_row(game, ints, cards, row, out)


@_loop
def random_actions(game: Params, ints: Ints, cards: Cards, rng: Cards, out: Int64s) -> None:
    """``out[row]``: a uniformly random legal action of each acting row (0 where over)."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    out = borrowed(out)
    for row in range(ints.shape[0]):
        out[row] = random_row(game, ints, cards, row, rng) if ints[row, STATUS] == ACTING else 0


@_loop
def heuristic_actions(game: Params, ints: Ints, cards: Cards, out: Int64s) -> None:
    """``out[row]``: the heuristic bot's action of each acting row (0 where over)."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    out = borrowed(out)
    for row in range(ints.shape[0]):
        out[row] = heuristic_row(game, ints, cards, row) if ints[row, STATUS] == ACTING else 0


@_loop
def step(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    actions: Int64s,
    where: Bools,
    errors: npt.NDArray[np.int8],
    deck: Int64s,
    record: Record,
    auto_reset: bool,
    final: Ints,
    finished: Bools,
) -> int:
    """Check every acting row's action; if all are legal, apply them all.

    Returns the number of rows with a problem (their codes in ``errors``); nothing
    changes then.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    actions = borrowed(actions)
    where = borrowed(where)
    errors = borrowed(errors)
    deck = borrowed(deck)
    final = borrowed(final)
    finished = borrowed(finished)
    record = _borrowed_record(record)
    problems = 0
    for row in range(ints.shape[0]):
        errors[row] = 0
        finished[row] = False
        if not where[row] or ints[row, STATUS] != ACTING:
            continue
        action = actions[row]
        if action < 0 or action >= game.action_size:
            errors[row] = OUTSIDE
        elif not is_legal_row(game, ints, cards, row, action):
            errors[row] = ILLEGAL
        elif not _has_room(record, row):
            errors[row] = FULL
        else:
            continue
        problems += 1
    if problems:
        return problems
    for row in range(ints.shape[0]):
        if where[row] and ints[row, STATUS] == ACTING:
            _act(game, ints, cards, rng, row, actions[row], deck, record, auto_reset, final, finished)
    return 0


@_loop
def play(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    left: Int64s,
    policies: npt.NDArray[np.int8],
    learner: Int64s,
    last_deal: Int64s,
    waiting: Bools,
    deck: Int64s,
    record: Record,
    auto_reset: bool,
    final: Ints,
    finished: Bools,
) -> int:
    """Each row takes up to ``left[row]`` actions (counting them down), seat by seat.

    ``policies[row, seat]`` is the policy of each seat. A row stops when its game is
    over (without ``auto_reset``), when ``learner[row]`` is to act (``-1``: no learner),
    when its deal number passes ``last_deal[row]`` (``-1``: never), when a
    :data:`CALLBACK` seat is to act (``waiting[row]`` is then set), or when its record
    is full (``waiting[row]`` too). Returns the number of rows stopped by a full
    record; ``finished`` flags the rows whose game ended.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    left = borrowed(left)
    policies = borrowed(policies)
    learner = borrowed(learner)
    last_deal = borrowed(last_deal)
    waiting = borrowed(waiting)
    deck = borrowed(deck)
    final = borrowed(final)
    finished = borrowed(finished)
    record = _borrowed_record(record)
    full = 0
    for row in range(ints.shape[0]):
        finished[row] = False
        waiting[row] = False
        while left[row] > 0 and ints[row, STATUS] == ACTING:
            seat = ints[row, ACTOR]
            if seat == learner[row] or 0 <= last_deal[row] < ints[row, NUMBER]:
                break
            policy = policies[row, seat]
            if policy == CALLBACK:
                waiting[row] = True
                break
            if not _has_room(record, row):
                full += 1
                waiting[row] = True
                break
            if policy == HEURISTIC:
                action = heuristic_row(game, ints, cards, row)
            else:
                action = random_row(game, ints, cards, row, rng)
            _act(game, ints, cards, rng, row, action, deck, record, auto_reset, final, finished)
            left[row] -= 1
    return full


@_loop
def observe(
    game: Params,
    ints: Ints,
    cards: Cards,
    where: Bools,
    seats: Int64s,
    offsets: Int64s,
    out: npt.NDArray[np.float32],
) -> None:
    """``out[row]``: each row's ``rl`` situation observation for ``seats[row]``, where ``where``.

    The other rows of ``out`` are left as they are.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    where = borrowed(where)
    seats = borrowed(seats)
    offsets = borrowed(offsets)
    out = borrowed(out)
    for row in range(ints.shape[0]):
        if not where[row]:
            continue
        for column in range(out.shape[1]):
            out[row, column] = 0.0
        observe_row(game, ints, cards, row, seats[row], offsets, out)


@_once
def _load_row(
    game: Params,
    ints: Ints,
    cards: Cards,
    row: int,
    start: Int64s,
    program: Int64s,
    length: int,
    decks: Int64s,
) -> int:
    """Set ``row`` to ``start``, then replay ``program``; the first refused entry or -1."""
    reset_row(game, ints, cards, row)
    if start[0] > 0:
        resume_row(game, ints, cards, row, start[0], start[1])
        ints[row, NUMBER] = start[0]
        for seat in range(game.players):
            ints[row, SCORES + seat] = start[2 + seat]
    for i in range(length):
        entry = program[i]
        if entry < 0:
            if ints[row, STATUS] != DEALING:
                return i
            deal_row(game, ints, cards, row, decks[-1 - entry])
        elif (
            ints[row, STATUS] != ACTING
            or entry >= game.action_size
            or not is_legal_row(game, ints, cards, row, entry)
        ):
            return i
        else:
            apply_row(game, ints, cards, row, entry)
    return -1


@_loop
def load(
    game: Params,
    ints: Ints,
    cards: Cards,
    which: Int64s,
    starts: Int64s,
    programs: Int64s,
    lengths: Int64s,
    decks: Int64s,
    failed: Int64s,
) -> None:
    """Set each row to its start, then replay its program (``which[row]``).

    ``starts[p]`` is program ``p``'s start: the number of deals before it, the dealer of
    the last of them, and the totals (a new game when no deal came before). A program
    entry ``e >= 0`` is an action index; ``e < 0`` deals ``decks[-1 - e]``.
    ``failed[row]`` is the position of the first entry the row could not take (``-1``
    if none); a failed row stops there. A row whose ``which`` is ``-1`` is left alone.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    which = borrowed(which)
    starts = borrowed(starts)
    programs = borrowed(programs)
    lengths = borrowed(lengths)
    decks = borrowed(decks)
    failed = borrowed(failed)
    for row in range(ints.shape[0]):
        p = which[row]
        failed[row] = -1
        if p < 0:  # a row left as it is
            continue
        failed[row] = _load_row(
            game, ints, cards, row, starts[p], programs[p], lengths[p], decks
        )


# -- worlds: the hidden cards of a view, dealt into copies of one row --------------------


class Posterior(NamedTuple):
    """A view's exact posterior as arrays (see :class:`~tricktaking.worlds.SamplingPlan`).

    The walk's steps: ``first[s]`` and ``options[s]`` index its options; ``totals[s]`` is
    its total weight and ``bounds[o]`` each option's cumulative weight, as four 64-bit
    limbs, most significant first (the weights are exact integers, up to 2**256).
    Option ``o`` adds ``add_count[a]`` cards of class ``add_class[a]`` to zone
    ``add_zone[a]`` for ``a`` from ``add_first[o]`` (``add_size[o]`` of them), then the
    walk goes to step ``next_step[o]`` (``-1``: done). Class ``c``'s card numbers are
    ``numbers[class_first[c] : class_first[c] + class_size[c]]``. Zone ``z`` is the
    kernel's zone ``zone_code[z]`` (``-1``: one the kernel does not keep), and its cards
    go to ``assigned[row, zone_first[z] :]``.
    """

    first: Int64s
    options: Int64s
    totals: npt.NDArray[np.uint64]
    bounds: npt.NDArray[np.uint64]
    next_step: Int64s
    add_first: Int64s
    add_size: Int64s
    add_class: Int64s
    add_zone: Int64s
    add_count: Int64s
    class_first: Int64s
    class_size: Int64s
    numbers: Int64s
    zone_code: Int64s
    zone_first: Int64s


_LIMBS = 4


@compiled
def _bit_length(word: np.uint64) -> int:
    length = 0
    while word:
        word >>= np.uint64(1)
        length += 1
    return length


@compiled
def _less(point: npt.NDArray[np.uint64], table: npt.NDArray[np.uint64], at: int) -> bool:
    """Whether ``point`` is below ``table[at]`` (four limbs each, most significant first)."""
    for limb in range(_LIMBS):
        if point[limb] != table[at, limb]:
            return bool(point[limb] < table[at, limb])
    return False


@compiled
def _below_limbs(
    rng: Cards, row: int, totals: npt.NDArray[np.uint64], at: int, point: npt.NDArray[np.uint64]
) -> None:
    """``point``: a uniform integer below ``totals[at]``, from ``row``'s stream (by rejection)."""
    top = 0
    while top < _LIMBS - 1 and totals[at, top] == np.uint64(0):
        top += 1
    mask = np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 - _bit_length(totals[at, top]))
    while True:
        for limb in range(_LIMBS):
            point[limb] = np.uint64(0)
        point[top] = next_word(rng, row) & mask
        for limb in range(top + 1, _LIMBS):
            point[limb] = next_word(rng, row)
        if _less(point, totals, at):
            return


@compiled
def _draw_counts(
    rng: Cards, row: int, p: Posterior, counts: Int64s, point: npt.NDArray[np.uint64]
) -> None:
    """``counts[c, z]``: how many cards of class ``c`` zone ``z`` gets, drawn exactly."""
    for c in range(counts.shape[0]):
        for z in range(counts.shape[1]):
            counts[c, z] = 0
    step = 0
    while step >= 0:
        choice = p.first[step]
        if p.options[step] > 1:
            _below_limbs(rng, row, p.totals, step, point)
            low, high = p.first[step], p.first[step] + p.options[step] - 1
            while low < high:  # the first option whose cumulative weight exceeds the point
                middle = (low + high) // 2
                if _less(point, p.bounds, middle):
                    high = middle
                else:
                    low = middle + 1
            choice = low
        for a in range(p.add_first[choice], p.add_first[choice] + p.add_size[choice]):
            counts[p.add_class[a], p.add_zone[a]] += p.add_count[a]
        step = p.next_step[choice]


@_loop
def sample_worlds(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    template: int,
    copies: int,
    posterior: Posterior,
    counts: Int64s,
    taken: Int64s,
    pool: Int64s,
    point: npt.NDArray[np.uint64],
    assigned: npt.NDArray[np.int16],
) -> None:
    """Rows of worlds of one view: copies of row ``template`` with their hidden cards drawn.

    Each world takes ``copies`` rows in a row (the first draws, the others copy it), so
    that a search can try each action in the same worlds. A world draws how many cards
    of each class go to each zone (``counts``), shuffles each class's cards (``pool``)
    and deals them to the zones in turn; ``taken`` and ``point`` are scratch.
    ``assigned[row]`` lists the cards of each zone.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    counts = borrowed(counts)
    taken = borrowed(taken)
    pool = borrowed(pool)
    point = borrowed(point)
    assigned = borrowed(assigned)
    p = posterior
    zones = len(p.zone_code)
    for row in range(ints.shape[0]):
        source = template if row % copies == 0 else row - 1
        if row != source:
            for column in range(ints.shape[1]):
                ints[row, column] = ints[source, column]
            for column in range(cards.shape[1]):
                cards[row, column] = cards[source, column]
            for column in range(assigned.shape[1]):
                assigned[row, column] = assigned[source, column]
        if row % copies:
            continue
        _draw_counts(rng, row, p, counts, point)
        for z in range(zones):
            taken[z] = 0
            if p.zone_code[z] >= 0:
                place_row(game, ints, cards, row, p.zone_code[z], np.uint64(0))
        for c in range(len(p.class_size)):
            size = p.class_size[c]
            for i in range(size):
                pool[i] = p.numbers[p.class_first[c] + i]
            for i in range(size - 1, 0, -1):
                j = below(rng, row, i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            dealt = 0
            for z in range(zones):
                code = p.zone_code[z]
                for _ in range(counts[c, z]):
                    card = pool[dealt]
                    dealt += 1
                    if code >= 0:
                        held = held_row(game, ints, cards, row, code)
                        place_row(game, ints, cards, row, code, held | (_ONE << np.uint64(card)))
                    assigned[row, p.zone_first[z] + taken[z]] = card
                    taken[z] += 1
