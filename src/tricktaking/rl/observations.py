"""Observations: a player's view encoded as a fixed-shape ``float32`` array.

:func:`encode` reads a *view*, never a state, so nothing hidden from the seat can reach
its observation. The array's :class:`Layout` names every field with its offset, length
and meaning; :data:`LAYOUT_VERSION` changes whenever any layout does. Seats are
*relative*: 0 is the observing seat, 1 the seat on its left, and so on. Cards are the
distinct cards of the game's deck in canonical order (:attr:`Layout.cards`).

Two encodings:

- ``"situation"``: the current situation: phase, hand, the trick in progress, trump,
  bids or contract, tricks won, scores, and the cards already played this deal.
- ``"infostate"``: the situation and the public history of the deal: every completed
  trick in order with its leader (and in One Card every call of the auction in order).

The tables in ``docs/reference/rl-layouts.md`` are generated from these layouts
(``python tools/rl_layouts.py``), and a test keeps them equal.

Example:
    >>> from tricktaking.rl.observations import encode, layout
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=4))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> view = tt.view(state, 1)
    >>> array = encode(view)
    >>> array.dtype, array.shape == layout(view).shape
    (dtype('float32'), True)
    >>> hand = layout(view).field("hand")
    >>> int(array[hand.offset : hand.offset + hand.length].sum())
    1
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Literal, TypeAlias, cast

import attrs
import numpy as np
import numpy.typing as npt

from tricktaking.cards import Card, Suit
from tricktaking.engine import PlayerView
from tricktaking.errors import TricktakingError
from tricktaking.plugins import (
    FORGED_VIEW_ERRORS,
    Observation,
    ObservationTables,
    forged_view_error,
)
from tricktaking.rl._args import one_of
from tricktaking.rl._context import checked_view, game_of_view
from tricktaking.rl._games import GameSpec, spec_for_game, supported_games
from tricktaking.rl.actions import ActionSpace, action_space
from tricktaking.tricks import Trick

__all__ = [
    "LAYOUT_VERSION",
    "Encoding",
    "Field",
    "Layout",
    "encode",
    "layout",
    "layout_for",
    "supported_games",
]

LAYOUT_VERSION = 1
"""The version of every observation layout; it changes whenever any layout changes."""

Encoding: TypeAlias = Literal["situation", "infostate"]
"""``"situation"`` (the current situation) or ``"infostate"`` (plus the deal's history)."""

_ENCODINGS: tuple[Encoding, ...] = ("situation", "infostate")


@attrs.frozen
class Field:
    """One named slice of an observation array.

    Example:
        >>> from tricktaking.rl.observations import Field
        >>> Field("trump", 10, 4, "one-hot trump suit").end
        14
    """

    name: str
    offset: int
    length: int
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def end(self) -> int:
        """The offset just after the field."""
        return self.offset + self.length


@attrs.frozen(kw_only=True)
class Layout:
    """The layout of an observation: its fields, in order, with no gaps.

    Attributes:
        game: The registry name of the game.
        players: The number of seats.
        encoding: ``"situation"`` or ``"infostate"``.
        version: :data:`LAYOUT_VERSION`.
        cards: The card order used by every per-card field.
        fields: The fields, in array order.

    Example:
        >>> from tricktaking.rl.observations import layout_for
        >>> lay = layout_for("one-card", players=3)
        >>> lay.fields[0]
        Field(name='phase', offset=0, length=5, meaning=..., low=0.0, high=1.0)
        >>> lay.size == sum(field.length for field in lay.fields)
        True
    """

    game: str
    players: int
    encoding: Encoding
    version: int
    cards: tuple[Card, ...]
    fields: tuple[Field, ...]

    @property
    def size(self) -> int:
        """The length of the array."""
        return self.fields[-1].end if self.fields else 0

    @property
    def shape(self) -> tuple[int]:
        """The shape of the array, ``(size,)``."""
        return (self.size,)

    def field(self, name: str) -> Field:
        """The field called ``name``.

        Raises:
            KeyError: If there is no such field.

        Example:
            >>> from tricktaking.rl.observations import layout_for
            >>> layout_for("bid-whist", players=4).field("trump").length
            4
        """
        for field in self.fields:
            if field.name == name:
                return field
        raise KeyError(f"the {self.game} layout has no field {name!r}")

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of every element, as two arrays.

        Unbounded fields (scores, the deal number) use the largest ``float32``.

        Example:
            >>> from tricktaking.rl.observations import layout_for
            >>> low, high = layout_for("wizard", players=3).bounds()
            >>> float(low[0]), float(high[0])
            (0.0, 1.0)
        """
        low = np.concatenate([np.full(f.length, f.low, dtype=np.float32) for f in self.fields])
        high = np.concatenate([np.full(f.length, f.high, dtype=np.float32) for f in self.fields])
        return low, high

    def markdown(self) -> str:
        """The layout as a Markdown table: field, offset, length, range, meaning.

        Example:
            >>> from tricktaking.rl.observations import layout_for
            >>> print(layout_for("one-card", players=2).markdown().splitlines()[0])
            | field | offset | length | range | meaning |
        """
        rows = ["| field | offset | length | range | meaning |", "|---|---:|---:|---|---|"]
        rows += [
            f"| `{field.name}` | {field.offset} | {field.length} | "
            f"{_range(field.low, field.high)} | {field.meaning} |"
            for field in self.fields
        ]
        return "\n".join(rows)


_UNBOUNDED = float(np.finfo(np.float32).max)


def _range(low: float, high: float) -> str:
    if low == -_UNBOUNDED:
        return "any"
    if high == _UNBOUNDED:
        return f"≥ {low:g}"
    return f"{low:g} to {high:g}"


class _Builder:
    """Collects fields in order, giving each its offset."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(
        self, name: str, length: int, meaning: str, low: float = 0.0, high: float = 1.0
    ) -> None:
        self.fields.append(Field(name, self.size, length, meaning, low, high))
        self.size += length


_REL = "by relative seat"


def _common_fields(out: _Builder, spec: GameSpec, n: int) -> None:
    learning = spec.learning
    phases = ", ".join(str(phase.value) for phase in learning.phases)
    c = len(spec.cards)
    out.add("phase", len(learning.phases), f"one-hot phase: {phases}")
    out.add("deal_number", 1, "the number of the deal in the game, 1 for the first", 0, _UNBOUNDED)
    out.add("dealer", n, f"one-hot dealer, {_REL}")
    out.add("to_act", n, f"one-hot seat to act, {_REL}; all 0 when a deal is due or it is over")
    out.add("hand", c, "count of each card in this seat's hand", 0, 4)
    out.add("hand_sizes", n, f"cards in each hand, {_REL}", 0, 60)
    out.add("trick_leader", n, f"one-hot leader of the trick in progress, {_REL}")
    out.add("trick", n * c, f"the trick in progress: for each seat {_REL}, its card one-hot")
    out.add("played", c, "count of each card in the completed tricks of this deal", 0, 4)
    out.add("tricks_won", n, f"tricks won this deal, {_REL}", 0, learning.max_tricks(n))
    out.add("trump", 4, "one-hot trump suit S, H, D, C; all 0 for none (or not yet named)")
    out.add(
        "scores",
        n,
        f"cumulative score {_REL}, divided by {learning.score_scale:g}"
        + (" (a team's score for both partners)" if spec.shared_scores else ""),
        -_UNBOUNDED,
        _UNBOUNDED,
    )


def _history_fields(out: _Builder, spec: GameSpec, n: int, space: ActionSpace) -> None:
    c = len(spec.cards)
    tricks = spec.learning.max_tricks(n)
    if spec.learning.history_fields is not None:
        spec.learning.history_fields(out, n, space)
    out.add(
        "history_tricks",
        tricks * n * (c + 1),
        f"every completed trick of the deal in order, {tricks} slots of {n * (c + 1)}: "
        f"the leader one-hot {_REL}, then for each seat its card one-hot",
    )


def layout_for(game: str, players: int, encoding: Encoding = "situation") -> Layout:
    """The observation layout of ``game`` with ``players`` seats.

    Raises:
        ArgumentTypeError: If ``game`` or ``encoding`` is not a ``str``, or ``players``
            not an ``int``.
        ArgumentError: If no game is registered under ``game``, it has no learning
            interface, ``players`` is out of its range, or ``encoding`` is unknown.

    Example:
        >>> from tricktaking.rl.observations import layout_for
        >>> layout_for("wizard", players=4, encoding="infostate").field("history_tricks").length
        3300
    """
    checked = one_of(encoding, "encoding", _ENCODINGS)
    return _layout_for(spec_for_game(game, players).name, players, checked)


@cache
def _layout_for(game: str, players: int, encoding: Encoding) -> Layout:
    spec = spec_for_game(game, players)
    space = action_space(spec.name, players)
    out = _Builder()
    _common_fields(out, spec, players)
    spec.learning.fields(out, players, space)
    if encoding == "infostate":
        _history_fields(out, spec, players, space)
    return Layout(
        game=spec.name,
        players=players,
        encoding=encoding,
        version=LAYOUT_VERSION,
        cards=spec.cards,
        fields=tuple(out.fields),
    )


def _checked(view: PlayerView) -> tuple[PlayerView, int]:
    table = checked_view(view)
    return table, table.players


def layout(view: PlayerView, encoding: Encoding = "situation") -> Layout:
    """The layout of the observations of ``view``'s game and number of seats.

    Raises:
        ArgumentTypeError: If ``view`` is not a player view or ``encoding`` not a ``str``.
        ArgumentError: If its game has no learning interface or ``encoding`` is unknown.

    Example:
        >>> from tricktaking.rl.observations import layout
        >>> import tricktaking as tt
        >>> layout(tt.view(tt.new_game(tt.BidWhistConfig()), 0)).game
        'bid-whist'
    """
    table, players = _checked(view)
    return layout_for(game_of_view(table), players, encoding)


@attrs.frozen
class _Tables:
    """Per-layout lookups the encoder uses: field offsets and card and phase indexes."""

    offsets: dict[str, int]
    card: dict[Card, int]
    phase: dict[object, int]
    space: ActionSpace
    spec: GameSpec


@cache
def _tables(lay: Layout) -> _Tables:
    spec = spec_for_game(lay.game, lay.players)
    return _Tables(
        offsets={field.name: field.offset for field in lay.fields},
        card={card: i for i, card in enumerate(lay.cards)},
        phase={phase: i for i, phase in enumerate(spec.learning.phases)},
        space=action_space(lay.game, lay.players),
        spec=spec,
    )


_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_Array: TypeAlias = npt.NDArray[np.float32]


def encode(view: PlayerView, encoding: Encoding = "situation") -> _Array:
    """The observation of ``view``: a ``float32`` array of shape ``layout(view).shape``.

    Raises:
        ArgumentTypeError: If ``view`` is not a player view or ``encoding`` not a ``str``.
        ArgumentError: If its game has no learning interface, ``encoding`` is unknown,
            or a field of ``view`` was replaced by a value no game makes.

    Example:
        >>> from tricktaking.rl.observations import encode
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> encode(tt.view(state, 0), "infostate").shape
        (896,)
    """
    table, n = _checked(view)
    # a view's game and number of seats are those of a registered game: no check again
    lay = _layout_for(game_of_view(table), n, one_of(encoding, "encoding", _ENCODINGS))
    try:
        return _encode(table, n, lay, encoding)
    except TricktakingError:
        raise
    except FORGED_VIEW_ERRORS as error:  # a field replaced by a value no game makes
        raise forged_view_error(view, error) from error


def _encode(table: PlayerView, n: int, lay: Layout, encoding: Encoding) -> _Array:
    tables = _tables(lay)
    out = np.zeros(lay.size, dtype=np.float32)
    at = tables.offsets
    card = tables.card
    me = table.seat

    def rel(seat: int) -> int:
        return (seat - me) % n

    out[at["phase"] + tables.phase[table.phase]] = 1.0
    out[at["deal_number"]] = table.round_number
    out[at["dealer"] + rel(table.dealer)] = 1.0
    if table.actor is not None:
        out[at["to_act"] + rel(table.actor)] = 1.0
    hand = at["hand"]
    for held in table.hand:
        out[hand + card[held]] += 1.0
    sizes = at["hand_sizes"]
    for seat, size in enumerate(table.hand_sizes):
        out[sizes + rel(seat)] = size
    _trick(out, at["trick_leader"], table.trick, rel, card, players=n)  # "trick" follows
    played = at["played"]
    for done in table.tricks:
        for play in done.plays:
            out[played + card[play.card]] += 1.0
    won = at["tricks_won"]
    for seat, count in enumerate(table.tricks_won):
        out[won + rel(seat)] = count
    if table.trump is not None:
        out[at["trump"] + _SUIT_INDEX[table.trump]] = 1.0
    scores = at["scores"]
    learning = tables.spec.learning
    scale = learning.score_scale
    for seat, score in enumerate(table.scores):
        out[scores + rel(seat)] = score / scale
    game_tables = ObservationTables(offsets=at, card=card, space=tables.space, players=n, rel=rel)
    # a float32 array is written by index like any Observation
    learning.encode(cast("Observation", out), table, game_tables)
    if encoding == "infostate":
        if learning.encode_history is not None:
            learning.encode_history(cast("Observation", out), table, game_tables)
        _history(out, table, tables, rel)
    return out


_Rel: TypeAlias = Callable[[int], int]


def _trick(
    out: _Array, at: int, trick: Trick, rel: _Rel, card: dict[Card, int], *, players: int
) -> None:
    """The leader one-hot at ``at``, then each relative seat's card one-hot."""
    c = len(card)
    out[at + rel(trick.leader)] = 1.0
    plays_at = at + players
    for play in trick.plays:
        out[plays_at + rel(play.seat) * c + card[play.card]] = 1.0


def _history(out: _Array, view: PlayerView, tables: _Tables, rel: _Rel) -> None:
    at = tables.offsets
    n = view.players
    c = len(tables.spec.cards)
    width = n * (c + 1)
    base = at["history_tricks"]
    for i, done in enumerate(view.tricks):
        slot = base + i * width
        _trick(out, slot, done, rel, tables.card, players=n)
