"""What a game's batch rules are made of: the protocols, array aliases and NumPy helpers.

A game that wants :mod:`tricktaking.batch` to step thousands of its games at once
supplies batch rules (a :class:`BatchRules`), named in its declaration as
``Game.batch_rules = "module:attribute"``. Those rules import only the core and their own
game, so what they share lives here, below every game: the protocols they satisfy,
hands as ``uint64`` bitmasks of card numbers, and the fields every ``rl`` situation
observation has. Needs NumPy (the ``batch`` extra); only the batch layer and the games'
batch rules import this module.

Example:
    >>> from tricktaking.batch_kit import bit_columns, mask_of
    >>> import numpy as np
    >>> bit_columns(np.array([mask_of([0, 2])]), 4).tolist()
    [[True, False, True, False]]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar, runtime_checkable

import attrs

from tricktaking.extras import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _missing:  # pragma: no cover - depends on the installed extras
    raise MissingExtraError(__name__, "batch") from _missing

from tricktaking.actions import Deal
from tricktaking.engine import GameState

__all__ = [
    "ONE",
    "BatchCore",
    "BatchRules",
    "Bools",
    "Floats",
    "Ints",
    "LayoutOffsets",
    "Masks",
    "TypedRules",
    "bit_columns",
    "by_seat",
    "common_fields",
    "dealt_masks",
    "kth_bit",
    "lowest_bit",
    "mask_of",
    "one_hot",
    "random_bit",
    "sample_mask",
    "suited_counts",
]

Ints = npt.NDArray[np.int64]
"""An array of row numbers, seats, actions or decks."""
Bools = npt.NDArray[np.bool_]
"""An array of flags, one per row (or per row and action)."""
Floats = npt.NDArray[np.float32]
"""An array of observations, one row per game."""
Masks = npt.NDArray[np.uint64]
"""An array of hands or sets of cards, bit ``c`` standing for card number ``c``."""

_G = TypeVar("_G", bound=np.generic)
_Config = TypeVar("_Config")
_Core = TypeVar("_Core", bound="BatchCore", covariant=False)

ONE = np.uint64(1)
"""The ``uint64`` one, to shift card numbers into bits without leaving ``uint64``."""
_BYTE_ONES = np.uint64(0x0101010101010101)
_BYTE_SIGNS = np.uint64(0x8080808080808080)
# _NTH_SET_BIT[8 * byte + r]: the position of the r-th lowest set bit of the byte value
_NTH_SET_BIT = np.array(
    [
        ([bit for bit in range(8) if byte >> bit & 1] + [0] * 8)[r]
        for byte in range(256)
        for r in range(8)
    ],
    dtype=np.uint64,
)


@attrs.frozen(eq=False)
class LayoutOffsets:
    """Where the fields of a game's ``rl`` situation observation start, for one table size.

    The batch layer reads them from :func:`tricktaking.rl.observations.layout_for` and
    hands them to the rules' :meth:`BatchCore.observe`, so that the rules need not
    import ``rl``.

    Attributes:
        size: The length of an observation.
        cards: The number of distinct cards in the layout's card fields.
        at: The offset of each field, by field name.

    Example:
        >>> from tricktaking.batch_kit import LayoutOffsets
        >>> LayoutOffsets(size=10, cards=4, at={"hand": 2}).at["hand"]
        2
    """

    size: int
    cards: int
    at: Mapping[str, int]


@runtime_checkable
class BatchCore(Protocol):
    """The arrays of many games of one config, and the game's rules over them.

    A core's rows are in one of three conditions: waiting for a deal (the simulator
    deals a deck, random or given, through :meth:`deal`), waiting for a player's action
    (:meth:`step`), or over (``done``). Everything generic (dealing random decks,
    recording each row's actions, replaying a row through ``tt.apply``, validation,
    auto-reset, random policies) lives in :class:`tricktaking.batch.Simulator`; a core
    only knows its game's rules.

    Every method's ``rows`` are distinct row numbers in increasing order, so a core may
    read all its rows at once where ``len(rows)`` is its size.

    Attributes:
        players: The number of seats.
        action_size: The size of the game's ``rl`` action space.
        deck_size: The number of physical cards a deal shuffles.
        draws: The number of outcomes of each uniform draw a deal makes besides the
            shuffle (a hand size, a dealer), ``()`` for none: a deck given to
            :meth:`deal` holds its ``deck_size`` cards, then one outcome per draw.
        phase: One int per row: the index of its phase in the game's phase enum.
        actor: One int per row: the seat to act (meaningless while a deal is due or over).
        scores: ``(size, players)`` cumulative scores, as ``tt.scores``.
        done: One flag per row: the game is over.

    Example:
        >>> from tricktaking.batch import rules_for
        >>> from tricktaking.batch_kit import BatchCore
        >>> import tricktaking as tt
        >>> core = rules_for(tt.get_game("one-card")).create(tt.OneCardConfig(players=2), size=3)
        >>> isinstance(core, BatchCore), core.action_size
        (True, 36)
    """

    players: int
    action_size: int
    deck_size: int
    draws: tuple[int, ...]
    phase: Ints
    actor: Ints
    scores: npt.NDArray[np.int32]
    done: Bools

    def reset(self, rows: Ints) -> None:
        """Set ``rows`` to new games, each waiting for its first deal."""
        ...

    def resume(self, rows: Ints, number: Ints, dealer: Ints, scores: Ints) -> None:
        """Set ``rows``, new games, to wait for deal ``number + 1`` of a game under way.

        ``number`` deals are over, the last dealt by ``dealer``, and ``scores``
        (``(len(rows), players)``, as ``tt.scores``) are the totals so far. A batch loads
        a state whose history starts at a later deal (a sampled world) from here.
        """
        ...

    def dealing(self) -> Ints:
        """The rows waiting for a deal."""
        ...

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Deal ``decks[k]`` (physical card numbers, top first, then draws) to row ``rows[k]``."""
        ...

    def legal_mask(self, rows: Ints) -> Bools:
        """``(len(rows), action_size)``: the legal actions of each row's actor."""
        ...

    def is_legal(self, rows: Ints, actions: Ints) -> Bools:
        """Whether each action (an index in range) is legal for its row's actor."""
        ...

    def random_actions(self, rows: Ints, rng: np.random.Generator) -> Ints:
        """A uniformly random legal action (among the distinct ones) of each row's actor."""
        ...

    def step(self, rows: Ints, actions: Ints) -> None:
        """Apply the legal action ``actions[k]`` of each row ``rows[k]`` (not dealing, not done)."""
        ...

    def observe(self, rows: Ints, seats: Ints, layout: LayoutOffsets) -> Floats:
        """``(len(rows), layout.size)``: each row's ``rl`` situation observation for a seat."""
        ...

    def deal_action(self, state: GameState[object], deck: Ints) -> Deal:
        """The scalar ``Deal`` of ``deck`` for ``state``, whose next action is a deal."""
        ...

    def deck_of(self, row: int, deal: Deal) -> Ints:
        """The deck (physical card numbers) that :meth:`deal` turns into ``deal`` at ``row``."""
        ...


@runtime_checkable
class BatchRules(Protocol):
    """A game's batch rules: builds the cores of its configs.

    Example:
        >>> from tricktaking.batch import rules_for
        >>> from tricktaking.batch_kit import BatchRules
        >>> import tricktaking as tt
        >>> isinstance(rules_for(tt.get_game("bid-whist")), BatchRules)
        True
    """

    def create(self, config: object, size: int) -> BatchCore:
        """A core of ``size`` new games of ``config``, each waiting for its first deal.

        Raises:
            TypeError: If ``config`` is not this game's config.
        """
        ...


@attrs.frozen
class TypedRules(Generic[_Config, _Core]):
    """Batch rules that check a config's class, then build a core from it.

    Each game's batch rules are one of these: its config class and its core class.

    Example:
        >>> from tricktaking.batch_kit import TypedRules
        >>> from tricktaking.games.wizard._batch import RULES
        >>> import tricktaking as tt
        >>> isinstance(RULES, TypedRules), RULES.create(tt.WizardConfig(players=4), 8).action_size
        (True, 74)
        >>> RULES.create(tt.OneCardConfig(players=2), 8)
        Traceback (most recent call last):
        ...
        TypeError: these batch rules need a WizardConfig, not OneCardConfig
    """

    config_type: type[_Config]
    """The game's configuration class."""
    core: Callable[[_Config, int], _Core]
    """Builds the core of ``size`` new games of a config."""

    def create(self, config: object, size: int) -> _Core:
        """A core of ``size`` new games of ``config``, each waiting for its first deal.

        Raises:
            TypeError: If ``config`` is not of :attr:`config_type`.
        """
        if not isinstance(config, self.config_type):
            raise TypeError(
                f"these batch rules need a {self.config_type.__name__}, "
                f"not {type(config).__name__[:40]}"
            )
        return self.core(config, size)


# -- hands as bitmasks -------------------------------------------------------------------


def mask_of(cards: list[int] | range) -> np.uint64:
    """The mask with the bits of ``cards`` set.

    Example:
        >>> from tricktaking.batch_kit import mask_of
        >>> int(mask_of([0, 3]))
        9
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    return np.uint64(mask)


def bit_columns(masks: Masks, width: int) -> Bools:
    """``(len(masks), width)`` bools: bit ``j`` of each mask, for ``j < width``.

    Example:
        >>> from tricktaking.batch_kit import bit_columns
        >>> import numpy as np
        >>> bit_columns(np.array([5, 2], np.uint64), 3).tolist()
        [[True, False, True], [False, True, False]]
    """
    # little-endian bytes, so that unpacking bit by bit in "little" order gives bit j at j
    data = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    bits = np.unpackbits(data, axis=1, count=width, bitorder="little")
    return bits.view(np.bool_)


def lowest_bit(masks: Masks) -> Masks:
    """The lowest set bit of each mask (0 where the mask is 0).

    Example:
        >>> from tricktaking.batch_kit import lowest_bit
        >>> import numpy as np
        >>> lowest_bit(np.array([12, 0], np.uint64)).tolist()
        [4, 0]
    """
    return masks & (np.uint64(0) - masks)


def dealt_masks(decks: Ints, hand_size: int, players: int) -> Masks:
    """``(len(decks), players)``: the hands of the first ``hand_size * players`` cards.

    Card ``decks[:, k]`` goes to column ``k % players``: column ``j`` is the hand of the
    ``j``-th seat dealt to, counting from the seat left of the dealer.

    Example:
        >>> from tricktaking.batch_kit import dealt_masks
        >>> import numpy as np
        >>> dealt_masks(np.array([[0, 1, 2, 3, 4]]), hand_size=2, players=2).tolist()
        [[5, 10]]
    """
    dealt = decks[:, : hand_size * players].astype(np.uint64)
    masks: Masks = np.bitwise_or.reduce(ONE << dealt.reshape(-1, hand_size, players), axis=1)
    return masks


def kth_bit(masks: Masks, k: Ints) -> Ints:
    """The position of the ``k``-th lowest set bit of each mask (``k`` from 0).

    Each ``k`` must be below its mask's number of set bits; where it is not, the
    position is unspecified.

    Bytewise, in a handful of whole-array operations: the bit counts of the mask's eight
    bytes, their running totals (a multiplication by ``0x0101…`` adds each byte to every
    byte above it), the byte whose running total first exceeds ``k``, then a table of
    the ``r``-th set bit of every byte value.

    Example:
        >>> from tricktaking.batch_kit import kth_bit
        >>> import numpy as np
        >>> kth_bit(np.array([0b10110, 0b10110], np.uint64), np.array([0, 2])).tolist()
        [1, 4]
    """
    little = np.ascontiguousarray(masks, dtype="<u8")
    counts = np.bitwise_count(little.view(np.uint8)).view("<u8").reshape(little.shape)
    totals = counts * _BYTE_ONES  # byte j: the set bits of bytes 0 to j, at most 64
    wanted = k.astype(np.uint64)
    # bytes whose total exceeds k: bit 7 of (total + 128 - (k + 1)), no borrow between bytes
    above = ((totals | _BYTE_SIGNS) - (wanted + ONE) * _BYTE_ONES) & _BYTE_SIGNS
    shift = (np.uint64(8) - np.bitwise_count(above).astype(np.uint64)) * np.uint64(8)
    before = ((totals << np.uint64(8)) >> shift) & np.uint64(0xFF)
    value = (little >> shift) & np.uint64(0xFF)
    within = _NTH_SET_BIT.take((value << np.uint64(3)) + wanted - before, mode="clip")
    found: Ints = (shift + within).astype(np.int64)
    return found


def random_bit(masks: Masks, rng: np.random.Generator) -> Ints:
    """The position of a uniformly random set bit of each mask.

    Example:
        >>> from tricktaking.batch_kit import random_bit
        >>> import numpy as np
        >>> random_bit(np.array([0b1000, 0b10], np.uint64), np.random.default_rng(0)).tolist()
        [3, 1]
    """
    k = (rng.random(len(masks)) * np.bitwise_count(masks)).astype(np.int64)
    return kth_bit(masks, k)


def sample_mask(mask: Bools, rng: np.random.Generator) -> Ints:
    """One uniformly random true column per row of ``mask`` (any column where a row has none).

    Example:
        >>> from tricktaking.batch_kit import sample_mask
        >>> import numpy as np
        >>> mask = np.array([[False, True, False], [True, False, False]])
        >>> sample_mask(mask, np.random.default_rng(0)).tolist()
        [1, 0]
    """
    noise = rng.random(mask.shape, dtype=np.float32)
    noise += mask
    chosen: Ints = noise.argmax(axis=1)
    return chosen


# -- the fields every situation observation shares -----------------------------------------


def by_seat(array: npt.NDArray[_G], rows: Ints, seats: Ints) -> npt.NDArray[_G]:
    """``array[rows]`` (one column per seat) with its columns by seat relative to ``seats``.

    Example:
        >>> from tricktaking.batch_kit import by_seat
        >>> import numpy as np
        >>> by_seat(np.array([[10, 11, 12]]), np.array([0]), np.array([1])).tolist()
        [[11, 12, 10]]
    """
    n: int = array.shape[1]
    columns: Ints = (seats.reshape(-1, 1) + np.arange(n)) % n
    # one take of flat positions: twice as fast as indexing rows and columns together
    picked: npt.NDArray[_G] = np.ravel(array).take(rows.reshape(-1, 1) * n + columns)
    return picked


def one_hot(out: Floats, at: int, values: Ints) -> None:
    """Set column ``at + values[i]`` of row ``i`` where ``values[i] >= 0``.

    Example:
        >>> from tricktaking.batch_kit import one_hot
        >>> import numpy as np
        >>> out = np.zeros((2, 4), np.float32)
        >>> one_hot(out, 1, np.array([2, -1]))
        >>> out.tolist()
        [[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0]]
    """
    rows = np.flatnonzero(values >= 0)
    out[rows, at + values[rows]] = 1.0


def suited_counts(out: Floats, at: int, masks: Masks, cards: int) -> None:
    """Write the first ``cards`` bits of each mask as 0/1 counts at column ``at``.

    Example:
        >>> from tricktaking.batch_kit import suited_counts
        >>> import numpy as np
        >>> out = np.zeros((1, 4), np.float32)
        >>> suited_counts(out, 1, np.array([0b101], np.uint64), 3)
        >>> out.tolist()
        [[0.0, 1.0, 0.0, 1.0]]
    """
    out[:, at : at + cards] = bit_columns(masks, cards)


def common_fields(
    out: Floats,
    lay: LayoutOffsets,
    seats: Ints,
    *,
    phase: Ints,
    acting: Bools,
    number: Ints,
    dealer: Ints,
    actor: Ints,
    hands: Masks,
    counts: Callable[[Floats, int, Masks], None],
    sizes: Ints,
    leader: Ints,
    played: Ints,
    trick: Ints,
    gone: Masks,
    won: Ints,
    trump: Ints,
    scores: npt.NDArray[np.float64],
) -> None:
    """Write the fields every game's situation layout has; per-seat arrays by relative seat.

    Args:
        out: The observations, one row per game, written in place.
        lay: The layout's offsets.
        seats: The seat each row is observed for.
        phase: Each row's phase index.
        acting: Whether a player is to act in each row.
        number: The deal number.
        dealer: The dealer.
        actor: The seat to act.
        hands: The observing seat's hand.
        counts: Writes the count of each distinct card of some masks at a column.
        sizes: ``(rows, players)``: the hand sizes, by relative seat.
        leader: The leader of the trick in progress.
        played: The number of cards in the trick in progress.
        trick: ``(rows, players)``: the card indexes of the trick's cards, in play order.
        gone: The cards of the completed tricks.
        won: ``(rows, players)``: the tricks won, by relative seat.
        trump: The trump suit index, ``-1`` for none.
        scores: ``(rows, players)``: the scores as the layout scales them, by relative seat.

    Example:
        >>> from tricktaking.batch_kit import LayoutOffsets, common_fields, suited_counts
        >>> import numpy as np
        >>> names = ["phase", "deal_number", "dealer", "to_act", "hand", "hand_sizes",
        ...          "trick_leader", "trick", "played", "tricks_won", "trump", "scores"]
        >>> widths = [2, 1, 2, 2, 3, 2, 2, 3, 3, 2, 4, 2]
        >>> at = dict(zip(names, np.cumsum([0, *widths[:-1]]).tolist()))
        >>> lay = LayoutOffsets(size=sum(widths), cards=3, at=at)
        >>> out = np.zeros((1, lay.size), np.float32)
        >>> one = np.array([1])
        >>> common_fields(
        ...     out, lay, np.array([0]), phase=one, acting=np.array([True]), number=one,
        ...     dealer=np.array([0]), actor=one, hands=np.array([0b11], np.uint64),
        ...     counts=lambda out, at, masks: suited_counts(out, at, masks, 3),
        ...     sizes=np.array([[2, 1]]), leader=one, played=np.array([0]),
        ...     trick=np.array([[0, 0]]), gone=np.array([0], np.uint64),
        ...     won=np.array([[0, 0]]), trump=np.array([-1]), scores=np.zeros((1, 2)))
        >>> out[0, at["hand"] : at["hand"] + 3].tolist()
        [1.0, 1.0, 0.0]
    """
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
