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

import tricktaking as tt
from tricktaking.actions import Pass
from tricktaking.cards import Card, Direction, Suit
from tricktaking.engine import PlayerView
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.rl._context import game_of_view, table_view
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

_ENCODINGS = ("situation", "infostate")


@attrs.frozen
class Field:
    """One named slice of an observation array.

    Example:
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
    phases = ", ".join(str(phase.value) for phase in spec.phases)
    c = len(spec.cards)
    out.add("phase", len(spec.phases), f"one-hot phase: {phases}")
    out.add("deal_number", 1, "the number of the deal in the game, 1 for the first", 0, _UNBOUNDED)
    out.add("dealer", n, f"one-hot dealer, {_REL}")
    out.add("to_act", n, f"one-hot seat to act, {_REL}; all 0 when a deal is due or it is over")
    out.add("hand", c, "count of each card in this seat's hand", 0, 4)
    out.add("hand_sizes", n, f"cards in each hand, {_REL}", 0, 60)
    out.add("trick_leader", n, f"one-hot leader of the trick in progress, {_REL}")
    out.add("trick", n * c, f"the trick in progress: for each seat {_REL}, its card one-hot")
    out.add("played", c, "count of each card in the completed tricks of this deal", 0, 4)
    out.add("tricks_won", n, f"tricks won this deal, {_REL}", 0, spec.max_tricks(n))
    out.add("trump", 4, "one-hot trump suit S, H, D, C; all 0 for none (or not yet named)")
    out.add(
        "scores",
        n,
        f"cumulative score {_REL}, divided by {spec.score_scale:g}"
        + (" (a team's score for both partners)" if spec.name == "bid-whist" else ""),
        -_UNBOUNDED,
        _UNBOUNDED,
    )


def _calls_of(space: ActionSpace, first: str, last: str) -> tuple[int, int]:
    """The index range ``[start, stop)`` of the calls named ``first`` … ``last``."""
    return space.names.index(first), space.names.index(last) + 1


def _game_fields(out: _Builder, spec: GameSpec, n: int, space: ActionSpace) -> None:
    c = len(spec.cards)
    if spec.name == "wizard":
        top = 60 // n
        out.add("total_rounds", 1, "the number of rounds in this game", 0, 60 // n)
        out.add("turn_up", c, "one-hot turned-up card; all 0 when there is none")
        out.add(
            "bids", n * (top + 1), f"for each seat {_REL}, its bid 0 … {top} one-hot; 0 before it"
        )
    elif spec.name == "one-card":
        start, stop = _calls_of(space, f"bid {10 - n}", "bid 15")
        out.add("direction", 1, "1 when the hand is played downtown, else 0")
        out.add("passed", n, f"1 for each seat {_REL} that has passed in the auction")
        out.add(
            "high_bid",
            stop - start,
            f"one-hot high bid {10 - n} … 15 so far (the contract once the auction is over)",
        )
        out.add("high_bidder", n, f"one-hot seat of the high bid, {_REL}")
        out.add("points", n, f"card points captured this hand, {_REL}", 0, 15)
        out.add("centre", c, "one-hot One Card, once it is shown at the end of the hand")
    elif spec.name == "bid-whist":
        start, stop = _calls_of(space, "pass", "bid 7NT")
        out.add("direction", 1, "1 when the hand is played downtown, else 0")
        out.add(
            "calls",
            n * (stop - start),
            f"for each seat {_REL}, its call one-hot: pass, 1U, 1D, 1NT, … 7NT; 0 before it",
        )
        out.add("contract", stop - start - 1, "one-hot contract 1U, 1D, 1NT, … 7NT")
        out.add("declarer", n, f"one-hot declarer, {_REL}")
        out.add("kitty", c, "count of each kitty card this seat sees (declarer, exchange)")
        out.add("discards", c, "count of each card this seat has discarded (declarer, exchange)")


def _history_fields(out: _Builder, spec: GameSpec, n: int, space: ActionSpace) -> None:
    c = len(spec.cards)
    tricks = spec.max_tricks(n)
    if spec.name == "one-card":
        start, stop = _calls_of(space, "pass", "bid 15")
        calls = stop - start
        out.add(
            "history_calls",
            (calls - 1 + n) * (n + calls),
            f"every call of the auction in order, {calls - 1 + n} slots of {n + calls}: "
            f"the caller one-hot {_REL}, then the call one-hot (pass, bid {10 - n} … 15)",
        )
    out.add(
        "history_tricks",
        tricks * n * (c + 1),
        f"every completed trick of the deal in order, {tricks} slots of {n * (c + 1)}: "
        f"the leader one-hot {_REL}, then for each seat its card one-hot",
    )


def layout_for(game: str, players: int, encoding: Encoding = "situation") -> Layout:
    """The observation layout of ``game`` with ``players`` seats.

    Raises:
        KeyError: If no game is registered under ``game``.
        ValueError: If the game has no learning interface, ``players`` is out of range,
            or ``encoding`` is unknown.

    Example:
        >>> layout_for("wizard", players=4, encoding="infostate").field("history_tricks").length
        3300
    """
    if encoding not in _ENCODINGS:
        raise ValueError(f"encoding must be 'situation' or 'infostate', not {encoding!r}")
    return _layout_for(tt.get_game(game).name, players, encoding)


@cache
def _layout_for(game: str, players: int, encoding: Encoding) -> Layout:
    spec = spec_for_game(game, players)
    space = action_space(spec.name, players)
    out = _Builder()
    _common_fields(out, spec, players)
    _game_fields(out, spec, players, space)
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
    table = table_view(view)
    if table is None:
        raise TypeError(f"{type(view).__name__} is not a player view")
    return table, table.players


def layout(view: PlayerView, encoding: Encoding = "situation") -> Layout:
    """The layout of the observations of ``view``'s game and number of seats.

    Example:
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
    lowest_bid: int  # One Card: the index of the lowest bid, where high_bid starts


@cache
def _tables(lay: Layout) -> _Tables:
    spec = spec_for_game(lay.game, lay.players)
    space = action_space(lay.game, lay.players)
    return _Tables(
        offsets={field.name: field.offset for field in lay.fields},
        card={card: i for i, card in enumerate(lay.cards)},
        phase={phase: i for i, phase in enumerate(spec.phases)},
        space=space,
        spec=spec,
        lowest_bid=_calls_of(space, f"bid {10 - lay.players}", "bid 15")[0]
        if lay.game == "one-card"
        else 0,
    )


_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_Array: TypeAlias = npt.NDArray[np.float32]


def encode(view: PlayerView, encoding: Encoding = "situation") -> _Array:
    """The observation of ``view``: a ``float32`` array of shape ``layout(view).shape``.

    Raises:
        TypeError: If ``view`` is not a player view.
        ValueError: If its game has no learning interface or ``encoding`` is unknown.

    Example:
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> encode(tt.view(state, 0), "infostate").shape
        (896,)
    """
    table, n = _checked(view)
    lay = layout_for(game_of_view(table), n, encoding)
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
    scale = tables.spec.score_scale
    for seat, score in enumerate(table.scores):
        out[scores + rel(seat)] = score / scale
    _GAME_ENCODERS[lay.game](out, table, tables, rel)
    if encoding == "infostate":
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


def _wizard(out: _Array, view: PlayerView, tables: _Tables, rel: _Rel) -> None:
    game_view = cast("wizard.WizardView", view)
    at = tables.offsets
    out[at["total_rounds"]] = game_view.total_rounds
    if game_view.turn_up is not None:
        out[at["turn_up"] + tables.card[game_view.turn_up]] = 1.0
    width = 60 // view.players + 1
    for seat, bid in enumerate(game_view.bids):
        if bid is not None:
            out[at["bids"] + rel(seat) * width + bid] = 1.0


def _one_card(out: _Array, view: PlayerView, tables: _Tables, rel: _Rel) -> None:
    game_view = cast("one_card.OneCardView", view)
    at = tables.offsets
    out[at["direction"]] = game_view.direction is Direction.DOWNTOWN
    space = tables.space
    high: one_card.Bid | None = None
    for call in game_view.calls:
        if isinstance(call, Pass):
            out[at["passed"] + rel(call.seat)] = 1.0
        else:
            high = call
    if high is not None:
        out[at["high_bid"] + space.index(high) - tables.lowest_bid] = 1.0
        out[at["high_bidder"] + rel(high.seat)] = 1.0
    for seat, points in enumerate(game_view.points):
        out[at["points"] + rel(seat)] = points
    if game_view.centre is not None:
        out[at["centre"] + tables.card[game_view.centre]] = 1.0


def _bid_whist(out: _Array, view: PlayerView, tables: _Tables, rel: _Rel) -> None:
    game_view = cast("bid_whist.BidWhistView", view)
    at = tables.offsets
    out[at["direction"]] = game_view.direction is Direction.DOWNTOWN
    space = tables.space
    first = len(tables.spec.cards)  # the index of pass; the bids follow it
    width = 1 + 3 * bid_whist.MAX_LEVEL
    for call in game_view.calls:
        out[at["calls"] + rel(call.seat) * width + space.index(call) - first] = 1.0
    contract = game_view.contract
    if contract is not None:
        out[at["contract"] + space.index(contract) - first - 1] = 1.0
        out[at["declarer"] + rel(contract.seat)] = 1.0
    card = tables.card
    for held in game_view.kitty:
        out[at["kitty"] + card[held]] += 1.0
    for held in game_view.discards:
        out[at["discards"] + card[held]] += 1.0


_GAME_ENCODERS: dict[str, Callable[[_Array, PlayerView, _Tables, _Rel], None]] = {
    "wizard": _wizard,
    "one-card": _one_card,
    "bid-whist": _bid_whist,
}


def _history(out: _Array, view: PlayerView, tables: _Tables, rel: _Rel) -> None:
    at = tables.offsets
    n = view.players
    c = len(tables.spec.cards)
    if "history_calls" in at:
        space = tables.space
        first = len(tables.spec.cards)
        calls = len(range(*_calls_of(space, "pass", "bid 15")))
        width = n + calls
        for i, call in enumerate(cast("one_card.OneCardView", view).calls):
            slot = at["history_calls"] + i * width
            out[slot + rel(call.seat)] = 1.0
            out[slot + n + space.index(call) - first] = 1.0
    width = n * (c + 1)
    base = at["history_tricks"]
    for i, done in enumerate(view.tricks):
        slot = base + i * width
        _trick(out, slot, done, rel, tables.card, players=n)
