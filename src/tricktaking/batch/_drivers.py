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

The record (:data:`Log`, :data:`Decks`, :data:`Counts`) keeps, for each row, the actions
(``rl`` indexes) and the decks of its current game, which is all
:meth:`~tricktaking.batch.Simulator.state_of` needs; a full record stops the row (code
:data:`FULL`) until the caller makes room.
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
    Bools,
    Cards,
    Floats,
    Int64s,
    Ints,
    Params,
    apply_row,
    below,
    borrowed,
    compiled,
    deal_row,
    heuristic_row,
    inlined,
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
    "CALLBACK",
    "CHOOSE",
    "FULL",
    "HEURISTIC",
    "ILLEGAL",
    "OUTSIDE",
    "RANDOM",
    "STEP",
    "Counts",
    "Decks",
    "Log",
    "Posterior",
    "deal_due",
    "deal_given",
    "legal_masks",
    "observe",
    "reset",
    "run",
    "sample_worlds",
    "start",
]


def _loop(function: _F) -> _F:
    """A loop over rows: one compiled function, called from Python."""
    return compiled(function)


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


Log = npt.NDArray[np.int16]
"""The record's actions, ``(size, room)``: each row's ``rl`` action indexes in order."""
Decks = npt.NDArray[np.int16]
"""The record's decks, ``(size, room, deck size + 2)``: each row's deals in order."""
Counts = npt.NDArray[np.int32]
"""``(size, 2)``: how many actions and decks each row's record holds."""


@inlined
def _has_room(recording: bool, log: Log, decks: Decks, counts: Counts, row: int) -> bool:
    """Whether ``row``'s record can take one more action and one more deck."""
    return not recording or (counts[row, 0] < log.shape[1] and counts[row, 1] < decks.shape[1])


def _once(function: _F) -> _F:
    """What happens once a deal: one compiled function, called (not inlined)."""
    return compiled(function)


@_once
def _deal(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    row: int,
    deck: Int64s,
    recording: bool,
    decks: Decks,
    counts: Counts,
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
    if recording:
        dealt = counts[row, 1]
        for i in range(size + 2):
            decks[row, dealt, i] = deck[i]
        counts[row, 1] = dealt + 1
    deal_row(game, ints, cards, row, deck)


@_once
def _restart(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    row: int,
    deck: Int64s,
    recording: bool,
    decks: Decks,
    counts: Counts,
) -> None:
    """A new game in ``row``, dealt; its record starts afresh."""
    games = ints[row, GAME]
    reset_row(game, ints, cards, row)
    ints[row, GAME] = games + 1
    counts[row, 0] = 0
    counts[row, 1] = 0
    _deal(game, ints, cards, rng, row, deck, recording, decks, counts)


@inlined
def _act(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    row: int,
    action: int,
    deck: Int64s,
    recording: bool,
    log: Log,
    decks: Decks,
    counts: Counts,
    auto_reset: bool,
    deal_due: bool,
    final: Ints,
    finished: Bools,
) -> None:
    """Apply a legal action to ``row`` and record it; deal what is due; end a finished game.

    A finished game's scores go to ``final`` and its flag to ``finished``; with
    ``auto_reset`` the row starts a new game at once. Without ``deal_due`` a row due to
    deal waits (a replay deals its own decks).
    """
    apply_row(game, ints, cards, row, action)
    if recording:
        acted = counts[row, 0]
        log[row, acted] = action
        counts[row, 0] = acted + 1
    status = ints[row, STATUS]
    if status == DEALING:
        if deal_due:
            _deal(game, ints, cards, rng, row, deck, recording, decks, counts)
    elif status == OVER:
        for seat in range(game.players):
            final[row, seat] = ints[row, SCORES + seat]
        finished[row] = True
        if auto_reset:
            _restart(game, ints, cards, rng, row, deck, recording, decks, counts)


@_loop
def reset(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    where: Bools,
    deck: Int64s,
    recording: bool,
    decks: Decks,
    counts: Counts,
) -> None:
    """Start a new game, dealt, in every row where ``where`` is true."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    where = borrowed(where)
    deck = borrowed(deck)
    decks = borrowed(decks)
    counts = borrowed(counts)
    for row in range(ints.shape[0]):
        if where[row]:
            _restart(game, ints, cards, rng, row, deck, recording, decks, counts)


@_loop
def deal_due(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    deck: Int64s,
    recording: bool,
    decks: Decks,
    counts: Counts,
) -> None:
    """Deal every row whose next event is a deal, from its stream."""
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    deck = borrowed(deck)
    decks = borrowed(decks)
    counts = borrowed(counts)
    for row in range(ints.shape[0]):
        if ints[row, STATUS] == DEALING:
            _deal(game, ints, cards, rng, row, deck, recording, decks, counts)


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


CHOOSE = 0
"""Mode of :func:`run`: write each acting row's policy action into ``actions``, apply none."""
STEP = 1
"""Mode of :func:`run`: apply the caller's ``actions`` (checked first), then play by policy."""


@_loop
def run(
    game: Params,
    ints: Ints,
    cards: Cards,
    rng: Cards,
    mode: int,
    actions: Int64s,
    where: Bools,
    errors: npt.NDArray[np.int8],
    left: Int64s,
    policies: npt.NDArray[np.int8],
    learner: Int64s,
    last_deal: Int64s,
    waiting: Bools,
    deck: Int64s,
    recording: bool,
    log: Log,
    decks: Decks,
    counts: Counts,
    auto_reset: bool,
    deal_due: bool,
    final: Ints,
    finished: Bools,
) -> int:
    """Step, play or choose: the one loop through which rows take actions.

    With :data:`CHOOSE`, each acting row's action by its actor's policy
    (``policies[row, seat]``) is written to ``actions`` (0 where it is over) and nothing
    changes. With :data:`STEP`, every row where ``where`` is true takes the caller's
    ``actions[row]``: they are all checked first, and if one is not legal nothing
    changes and the number of rows with a problem is returned (their codes in
    ``errors``). Then each row takes up to ``left[row]`` more actions by policy
    (counting them down). A row stops when its game is over (without ``auto_reset``),
    when ``learner[row]`` is to act (``-1``: no learner), when its deal number passes
    ``last_deal[row]`` (``-1``: never), when a :data:`CALLBACK` seat is to act
    (``waiting[row]`` is then set), or when its record is full (``waiting[row]`` too).
    A deal that comes due is made at once from the row's stream, unless not
    ``deal_due`` (a replay then deals its own deck).

    Returns the number of rows with a problem, or of rows stopped by a full record;
    ``finished`` flags the rows whose game ended.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    actions = borrowed(actions)
    where = borrowed(where)
    errors = borrowed(errors)
    left = borrowed(left)
    policies = borrowed(policies)
    learner = borrowed(learner)
    last_deal = borrowed(last_deal)
    waiting = borrowed(waiting)
    deck = borrowed(deck)
    log = borrowed(log)
    decks = borrowed(decks)
    counts = borrowed(counts)
    final = borrowed(final)
    finished = borrowed(finished)
    problems = 0
    if mode == STEP:
        for row in range(ints.shape[0]):
            errors[row] = 0
            if not where[row] or ints[row, STATUS] != ACTING:
                continue
            action = actions[row]
            if action < 0 or action >= game.action_size:
                errors[row] = OUTSIDE
            elif not is_legal_row(game, ints, cards, row, action):
                errors[row] = ILLEGAL
            elif not _has_room(recording, log, decks, counts, row):
                errors[row] = FULL
            else:
                continue
            problems += 1
        if problems:
            return problems
    full = 0
    for row in range(ints.shape[0]):
        finished[row] = False
        waiting[row] = False
        given = mode == STEP and where[row]
        while ints[row, STATUS] == ACTING:
            if given:
                action = actions[row]
                given = False
            else:
                seat = ints[row, ACTOR]
                if mode == STEP and (
                    left[row] <= 0
                    or seat == learner[row]
                    or 0 <= last_deal[row] < ints[row, NUMBER]
                ):
                    break
                policy = policies[row, seat]
                if policy == CALLBACK:
                    waiting[row] = True
                    break
                if mode == STEP and not _has_room(recording, log, decks, counts, row):
                    full += 1
                    waiting[row] = True
                    break
                if policy == HEURISTIC:
                    action = heuristic_row(game, ints, cards, row)
                else:
                    action = random_row(game, ints, cards, row, rng)
                if mode == CHOOSE:
                    actions[row] = action
                    break
                left[row] -= 1
            _act(
                game,
                ints,
                cards,
                rng,
                row,
                action,
                deck,
                recording,
                log,
                decks,
                counts,
                auto_reset,
                deal_due,
                final,
                finished,
            )
        if mode == CHOOSE and ints[row, STATUS] != ACTING:
            actions[row] = 0
    return full


@_loop
def observe(
    game: Params,
    ints: Ints,
    cards: Cards,
    where: Bools,
    seats: Int64s,
    offsets: Int64s,
    out: Floats,
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


@_loop
def start(game: Params, ints: Ints, cards: Cards, which: Int64s, starts: Int64s) -> None:
    """Set each row with ``which[row] >= 0`` to the start ``starts[which[row]]``.

    A start is the number of deals over, the dealer of the last of them and the totals:
    a new game when no deal is over, else a game waiting for its next deal.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    which = borrowed(which)
    starts = borrowed(starts)
    for row in range(ints.shape[0]):
        p = which[row]
        if p < 0:
            continue
        reset_row(game, ints, cards, row)
        if starts[p, 0] > 0:
            resume_row(game, ints, cards, row, starts[p, 0], starts[p, 1])
            ints[row, NUMBER] = starts[p, 0]
            for seat in range(game.players):
                ints[row, SCORES + seat] = starts[p, 2 + seat]


@_loop
def deal_given(
    game: Params, ints: Ints, cards: Cards, which: Int64s, decks: Int64s, failed: Bools
) -> None:
    """Deal ``decks[which[row]]`` to each row with ``which[row] >= 0``.

    A row that is not due to deal is left as it is, flagged in ``failed``.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    which = borrowed(which)
    decks = borrowed(decks)
    failed = borrowed(failed)
    for row in range(ints.shape[0]):
        failed[row] = False
        if which[row] < 0:
            continue
        if ints[row, STATUS] != DEALING:
            failed[row] = True
            continue
        deal_row(game, ints, cards, row, decks[which[row]])


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


@inlined
def _less(point: npt.NDArray[np.uint64], table: npt.NDArray[np.uint64], at: int) -> bool:
    """Whether ``point`` is below ``table[at]`` (four limbs each, most significant first)."""
    for limb in range(_LIMBS):
        if point[limb] != table[at, limb]:
            return bool(point[limb] < table[at, limb])
    return False


@inlined
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


@inlined
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
        step = int(p.next_step[choice])


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
    held: npt.NDArray[np.uint64],
    pool: Int64s,
    point: npt.NDArray[np.uint64],
    assigned: npt.NDArray[np.int16],
) -> None:
    """Rows of worlds of one view: copies of row ``template`` with their hidden cards drawn.

    Each world takes ``copies`` rows in a row (the first draws, the others copy it), so
    that a search can try each action in the same worlds. A world draws how many cards
    of each class go to each zone (``counts``), shuffles each class's cards (``pool``)
    and deals them to the zones in turn (``held``), then makes them the zones of the row;
    ``taken`` and ``point`` are scratch.
    ``assigned[row]`` lists the cards of each zone.
    """
    ints = borrowed(ints)
    cards = borrowed(cards)
    rng = borrowed(rng)
    counts = borrowed(counts)
    taken = borrowed(taken)
    held = borrowed(held)
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
            held[z] = np.uint64(0)
        for c in range(len(p.class_size)):
            size = p.class_size[c]
            for i in range(size):
                pool[i] = p.numbers[p.class_first[c] + i]
            for i in range(size - 1, 0, -1):
                j = below(rng, row, i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            dealt = 0
            for z in range(zones):
                for _ in range(counts[c, z]):
                    card = pool[dealt]
                    dealt += 1
                    held[z] |= _ONE << np.uint64(card)
                    assigned[row, p.zone_first[z] + taken[z]] = card
                    taken[z] += 1
        for z in range(zones):  # in the plan's order: the hands before the other zones
            if p.zone_code[z] >= 0:
                place_row(game, ints, cards, row, p.zone_code[z], held[z])
