"""The fields every game's ``rl`` observation shares, written for many rows at once."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from tricktaking.batch._bits import bit_columns
from tricktaking.batch._protocol import Ints

__all__ = ["Offsets", "by_seat", "common_fields", "offsets", "one_hot", "suited_counts"]

Floats = npt.NDArray[np.float32]
_G = TypeVar("_G", bound=np.generic)


class Offsets:
    """The size and field offsets of a game's ``rl`` situation layout."""

    def __init__(self, game: str, players: int) -> None:
        from tricktaking.rl.observations import layout_for  # noqa: PLC0415 (rl needs Gymnasium)

        lay = layout_for(game, players)
        self.size = lay.size
        self.cards = len(lay.cards)
        self.at = {field.name: field.offset for field in lay.fields}


@cache
def offsets(game: str, players: int) -> Offsets:
    """The offsets of ``game``'s situation layout with ``players`` seats (needs ``rl``)."""
    return Offsets(game, players)


def by_seat(array: npt.NDArray[_G], rows: Ints, seats: Ints) -> npt.NDArray[_G]:
    """``array[rows]`` (one column per seat) with its columns by seat relative to ``seats``."""
    n: int = array.shape[1]
    columns: Ints = (seats.reshape(-1, 1) + np.arange(n)) % n
    picked: npt.NDArray[_G] = array[rows[:, None], columns]
    return picked


def one_hot(out: Floats, at: int, values: Ints) -> None:
    """Set column ``at + values[i]`` of row ``i`` where ``values[i] >= 0``."""
    rows = np.flatnonzero(values >= 0)
    out[rows, at + values[rows]] = 1.0


def suited_counts(out: Floats, at: int, masks: npt.NDArray[np.uint64], cards: int) -> None:
    """Write the first ``cards`` bits of each mask as 0/1 counts at column ``at``."""
    out[:, at : at + cards] = bit_columns(masks, cards)


def common_fields(
    out: Floats,
    lay: Offsets,
    seats: Ints,
    *,
    phase: Ints,
    acting: npt.NDArray[np.bool_],
    number: Ints,
    dealer: Ints,
    actor: Ints,
    hands: npt.NDArray[np.uint64],
    counts: Callable[[Floats, int, npt.NDArray[np.uint64]], None],
    sizes: Ints,
    leader: Ints,
    played: Ints,
    trick: Ints,
    gone: npt.NDArray[np.uint64],
    won: Ints,
    trump: Ints,
    scores: npt.NDArray[np.float64],
) -> None:
    """The common fields of the situation layout; per-seat arrays are by relative seat."""
    n = won.shape[1]
    at = lay.at
    c = lay.cards
    line = np.arange(len(seats))
    out[line, at["phase"] + phase] = 1.0
    out[:, at["deal_number"]] = number
    out[line, at["dealer"] + (dealer - seats) % n] = 1.0
    out[line[acting], at["to_act"] + ((actor - seats) % n)[acting]] = 1.0
    counts(out, at["hand"], hands)
    out[:, at["hand_sizes"] : at["hand_sizes"] + n] = sizes
    out[line, at["trick_leader"] + (leader - seats) % n] = 1.0
    for k in range(n - 1):
        playing = np.flatnonzero(played > k)
        seat = (leader[playing] + k - seats[playing]) % n
        out[playing, at["trick"] + seat * c + trick[playing, k]] = 1.0
    counts(out, at["played"], gone)
    out[:, at["tricks_won"] : at["tricks_won"] + n] = won
    one_hot(out, at["trump"], trump)
    out[:, at["scores"] : at["scores"] + n] = scores
