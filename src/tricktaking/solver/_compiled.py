"""The compiled search: alpha-beta over a game's kernel rows, with an explicit stack.

Each depth of the search is a row of the stack's arrays (``ints``, ``cards``): a child
is its parent's row copied and stepped by the kernel's own ``apply_row`` with one legal
action from the kernel's ``legal_row``, so the rules are the kernel's, never restated,
and nothing here names a game. The search is a loop over an explicit stack, not a
recursion, so that numba compiles it once per kernel and caches it on disk with the
kernels.

The value of a position where the deal's trick play has ended is the question's: the
side's tally (the sum of its seats' tally columns) or, for an exact target, 1 when the
asking seat's tally equals it. A transposition table keeps lower and upper bounds on
the values of the positions searched at a lead, each entry with its whole key, so a hit
is exact. The key is the row itself, or (``relative``) the row with the tallies taken
out: the tricks or points still to take do not depend on those already taken, so the
bounds of a "most" question are kept net of the side's tally and converted on reading,
and an "exactly" question keys on what the asking seat still needs instead. Moves are
tried in order: the move the table remembers for the position, then (``ordering``) the
move the game's heuristic bot would play (the kernel's ``heuristic_row``), then the rest;
(``equivalence``) of cards the kernel's ``equivalent_row`` tells equivalent, only the
first in that order is searched.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from tricktaking.kernel_kit import (
    ACTING,
    ACTOR,
    PHASE,
    STATUS,
    Bools,
    Cards,
    Int64s,
    Ints,
    Params,
    apply_row,
    compiled,
    equivalent_row,
    heuristic_row,
    inlined,
    legal_row,
    popcount,
)

__all__ = ["Question", "Stack", "Table", "search"]

INFINITY = 1 << 20  # beyond any tally
_PRIME = np.uint64(0x100000001B3)
_OFFSET = np.uint64(0xCBF29CE484222325)
_SHIFT = np.int64(1 << 30)  # every column is above -2**30: the shifted value is unsigned

_ENTER, _NEXT, _RETURN = range(3)


class Question(NamedTuple):
    """What a search answers, as numbers (see :func:`search`)."""

    in_play: Bools  # by the row's phase index: whether the deal's trick play goes on
    side: Bools  # by seat: whether the seat plays for the asking side
    tally: int  # the int column of seat 0's tally; seat s's is tally + s
    asker: int  # the asking seat
    exact: bool  # whether the question is "exactly target"
    target: int
    played: int  # the int column of the cards in the trick in progress
    scratch: Bools  # by int column: what the kernel keeps of the last trick, unread at a lead
    hands: int  # the card column of seat 0's hand when the tally counts tricks, else -1


class Stack(NamedTuple):
    """The search's scratch, one row per depth (allocated per call, never global)."""

    ints: Ints
    cards: Cards
    masks: Bools  # (depth, actions): the legal actions of each depth's row
    moves: Int64s  # (depth, actions): their indexes, in order
    counts: Int64s  # per depth: the number of moves
    nexts: Int64s  # per depth: the next move to try
    best: Int64s
    alphas: Int64s
    betas: Int64s
    windows: Int64s  # (depth, 2): the window a depth was entered with
    maxing: Bools
    chosen: Int64s  # per depth: the move of the best value so far
    leads: Bools  # per depth: whether the row is at a lead (kept in the table)
    keys: Ints  # per depth: the row's int columns as the table keys them


class Table(NamedTuple):
    """The transposition table: each entry's whole key, and its bounds."""

    used: Bools
    ints: Ints
    cards: Cards
    low: Int64s
    high: Int64s
    move: Int64s  # the best (or cutting) move found, tried first when the row comes back


def stack(row_ints: Ints, row_cards: Cards, depth: int, actions: int) -> Stack:
    """A stack for searches ``depth`` actions deep from the row ``row_ints``/``row_cards``."""
    ints = np.zeros((depth + 1, row_ints.shape[0]), np.int32)
    cards = np.zeros((depth + 1, row_cards.shape[0]), np.uint64)
    ints[0] = row_ints
    cards[0] = row_cards
    rows = depth + 1
    return Stack(
        ints,
        cards,
        np.zeros((rows, actions), np.bool_),
        np.zeros((rows, actions), np.int64),
        np.zeros(rows, np.int64),
        np.zeros(rows, np.int64),
        np.zeros(rows, np.int64),
        np.zeros(rows, np.int64),
        np.zeros(rows, np.int64),
        np.zeros((rows, 2), np.int64),
        np.zeros(rows, np.bool_),
        np.zeros(rows, np.int64),
        np.zeros(rows, np.bool_),
        np.zeros((rows, row_ints.shape[0]), np.int32),
    )


def table(size: int, ints_width: int, cards_width: int) -> Table:
    """An empty transposition table of ``size`` entries (a power of two; 1 when unused)."""
    return Table(
        np.zeros(size, np.bool_),
        np.zeros((size, ints_width), np.int32),
        np.zeros((size, cards_width), np.uint64),
        np.zeros(size, np.int64),
        np.zeros(size, np.int64),
        np.zeros(size, np.int64),
    )


@inlined
def _in_play(question: Question, ints: Ints, row: int) -> bool:
    return bool(ints[row, STATUS] == ACTING and question.in_play[ints[row, PHASE]])


@inlined
def _goal(question: Question, ints: Ints, row: int) -> int:
    if question.exact:
        return 1 if ints[row, question.tally + question.asker] == question.target else 0
    total = 0
    for seat in range(question.side.shape[0]):
        if question.side[seat]:
            total += ints[row, question.tally + seat]
    return total


@inlined
def _bounds(question: Question, ints: Ints, cards: Cards, row: int) -> tuple[int, int]:
    """Bounds on the value, from the tricks counted and the tricks left (when tricks count)."""
    if question.hands < 0:
        return -INFINITY, INFINITY
    left = 0  # the seats yet to play to this trick hold one card more than the others
    for seat in range(question.side.shape[0]):
        left = max(left, popcount(cards[row, question.hands + seat]))
    if question.exact:
        won = ints[row, question.tally + question.asker]
        if won > question.target or won + left < question.target:
            return 0, 0
        return 0, 1
    now = _goal(question, ints, row)
    return now, now + left


@inlined
def _key(question: Question, ints: Ints, keys: Ints, row: int, relative: bool) -> int:
    """Write the row's key into ``keys``; the offset of the table's bounds from the values."""
    keys[row] = ints[row]
    if not relative:
        return 0
    for seat in range(question.side.shape[0]):
        keys[row, question.tally + seat] = 0
    if question.exact:  # what the seat still needs is all that its tally tells the future
        need = question.target - ints[row, question.tally + question.asker]
        keys[row, question.tally + question.asker] = need
        return 0
    return _goal(question, ints, row)


@inlined
def _shifted(bound: int, by: int) -> int:
    return bound if abs(bound) >= INFINITY else bound + by


@compiled
def _slot(ints: Ints, cards: Cards, row: int, size: int) -> int:
    code = _OFFSET
    for column in range(ints.shape[1]):
        code = (code ^ np.uint64(np.int64(ints[row, column]) + _SHIFT)) * _PRIME
    for column in range(cards.shape[1]):
        code = (code ^ cards[row, column]) * _PRIME
        code ^= code >> np.uint64(29)
    return int(code & np.uint64(size - 1))


@compiled
def _same(entries: Table, slot: int, ints: Ints, cards: Cards, row: int) -> bool:
    if not entries.used[slot]:
        return False
    for column in range(ints.shape[1]):
        if entries.ints[slot, column] != ints[row, column]:
            return False
    for column in range(cards.shape[1]):
        if entries.cards[slot, column] != cards[row, column]:
            return False
    return True


@compiled
def _store(  # noqa: PLR0917 - a compiled helper takes its arguments by position
    entries: Table, ints: Ints, cards: Cards, row: int, low: int, high: int, move: int
) -> None:
    size = entries.used.shape[0]
    slot = _slot(ints, cards, row, size)
    if _same(entries, slot, ints, cards, row):  # narrow the bounds already known
        low = max(low, entries.low[slot])
        high = min(high, entries.high[slot])
    entries.used[slot] = True
    entries.ints[slot] = ints[row]
    entries.cards[slot] = cards[row]
    entries.low[slot] = low
    entries.high[slot] = high
    entries.move[slot] = move


@inlined
def _distinct_moves(  # noqa: PLR0917 - a compiled helper takes its arguments by position
    game: Params, ints: Ints, cards: Cards, moves: Int64s, depth: int, count: int
) -> int:
    """Keep the first of each set of equivalent moves in ``moves[depth]``; how many are left."""
    kept = 0
    for k in range(count):
        move = moves[depth, k]
        alike = False
        for j in range(kept):
            if equivalent_row(game, ints, cards, depth, moves[depth, j], move):
                alike = True
                break
        if not alike:
            moves[depth, kept] = move
            kept += 1
    return kept


@compiled
def search(  # noqa: PLR0915, PLR0917 - one loop is the whole search
    game: Params,
    question: Question,
    work: Stack,
    entries: Table,
    alpha: int,
    beta: int,
    pruning: bool,
    remember: bool,
    bounding: bool,
    relative: bool,
    ordering: bool,
    equivalence: bool,
) -> tuple[int, int]:
    """The value of the stack's row 0 within ``(alpha, beta)`` (fail-soft), and the nodes.

    A value at most ``alpha`` is an upper bound of the true value, at least ``beta`` a
    lower bound, and between them exact. Without ``pruning`` every move is searched
    (plain minimax); without ``remember`` the table is neither read nor written;
    without ``relative`` it keys whole rows; without ``ordering`` the heuristic move is
    not tried early; without ``equivalence`` every one of a set of equivalent cards is
    searched, not only the first in the order.
    """
    ints = work.ints
    cards = work.cards
    keys = work.keys
    size = entries.used.shape[0]
    depth = 0
    nodes = 0
    result = 0
    work.alphas[0] = alpha
    work.betas[0] = beta
    step = _ENTER
    while True:
        if step == _ENTER:
            nodes += 1
            a = work.alphas[depth]
            b = work.betas[depth]
            work.windows[depth, 0] = a
            work.windows[depth, 1] = b
            if not _in_play(question, ints, depth):
                result = _goal(question, ints, depth)
                step = _RETURN
                continue
            if bounding:  # quick bounds: a window the tricks left cannot reach is decided
                low, high = _bounds(question, ints, cards, depth)
                if low == high or low >= b or high <= a:
                    result = low if low >= b or low == high else high
                    step = _RETURN
                    continue
            first = -1
            lead = ints[depth, question.played] == 0
            work.leads[depth] = lead
            if lead:  # the last trick's leftovers are no part of the position
                for column in range(ints.shape[1]):
                    if question.scratch[column]:
                        ints[depth, column] = 0
            if remember and lead:
                offset = _key(question, ints, keys, depth, relative)
                slot = _slot(keys, cards, depth, size)
                if _same(entries, slot, keys, cards, depth):
                    low = _shifted(entries.low[slot], offset)
                    high = _shifted(entries.high[slot], offset)
                    if low == high or low >= b or high <= a:
                        result = low if low >= b or low == high else high
                        step = _RETURN
                        continue
                    first = entries.move[slot]
            mask = work.masks[depth]
            for action in range(mask.shape[0]):
                mask[action] = False
            legal_row(game, ints, cards, depth, work.masks)
            count = 0
            if first >= 0 and mask[first]:  # the move that was best here before goes first
                work.moves[depth, 0] = first
                count = 1
            hint = -1
            if ordering:  # then the move a good player would choose: often a cut
                hint = heuristic_row(game, ints, cards, depth)
                if hint != first and 0 <= hint < mask.shape[0] and mask[hint]:
                    work.moves[depth, count] = hint
                    count += 1
            for action in range(mask.shape[0]):
                if mask[action] and action not in (first, hint):
                    work.moves[depth, count] = action
                    count += 1
            if equivalence:  # of equivalent cards, only the first in the order is searched
                count = _distinct_moves(game, ints, cards, work.moves, depth, count)
            work.counts[depth] = count
            work.nexts[depth] = 0
            maxing = bool(question.side[ints[depth, ACTOR]])
            work.maxing[depth] = maxing
            work.best[depth] = -INFINITY if maxing else INFINITY
            work.chosen[depth] = -1
            step = _NEXT
        elif step == _NEXT:
            k = work.nexts[depth]
            if k == work.counts[depth]:
                result = work.best[depth]
                if remember and work.leads[depth]:
                    offset = _key(question, ints, keys, depth, relative)
                    low = result if result > work.windows[depth, 0] else -INFINITY
                    high = result if result < work.windows[depth, 1] else INFINITY
                    _store(
                        entries, keys, cards, depth,
                        _shifted(low, -offset), _shifted(high, -offset), work.chosen[depth],
                    )  # fmt: skip
                step = _RETURN
                continue
            work.nexts[depth] = k + 1
            ints[depth + 1] = ints[depth]
            cards[depth + 1] = cards[depth]
            apply_row(game, ints, cards, depth + 1, work.moves[depth, k])
            work.alphas[depth + 1] = work.alphas[depth] if pruning else -INFINITY
            work.betas[depth + 1] = work.betas[depth] if pruning else INFINITY
            depth += 1
            step = _ENTER
        else:  # _RETURN: hand the result to the parent
            if depth == 0:
                return result, nodes
            depth -= 1
            better = result > work.best[depth] if work.maxing[depth] else result < work.best[depth]
            if better:
                work.best[depth] = result
                work.chosen[depth] = work.moves[depth, work.nexts[depth] - 1]
            if work.maxing[depth]:
                work.alphas[depth] = max(work.alphas[depth], result)
            else:
                work.betas[depth] = min(work.betas[depth], result)
            if pruning and work.alphas[depth] >= work.betas[depth]:
                work.nexts[depth] = work.counts[depth]  # a cut: the rest cannot matter
            step = _NEXT
