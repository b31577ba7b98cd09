"""Exact counting and sampling of card-to-zone assignments under "may not hold" rules.

The hidden cards of a view go into hidden zones of known sizes (the other hands, the
stock, the kitty). A zone may be barred from some cards (a seat that showed out of a
suit holds none of it). Cards with the same set of allowed zones are exchangeable, so
the assignments are counted class by class: a dynamic programme over the classes and
the zones' remaining capacities, each class split among its allowed zones with a
multinomial weight. Sampling draws each class's split with probability proportional to
the number of completions (sequential conditional counts), then which cards of the
class go where by a seeded shuffle, which makes every assignment of the physical cards
equally likely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from math import comb, factorial, prod

import attrs

from tricktaking.seeding import random_below

__all__: list[str] = []

_Caps = tuple[int, ...]
_Split = tuple[int, ...]


def below(words: Iterator[int], bound: int) -> int:
    """A uniform integer in ``range(bound)``; ``bound`` may exceed 2**64."""
    if bound <= 1 << 64:
        return random_below(words, bound)
    count = (bound.bit_length() + 63) // 64
    span = 1 << (64 * count)
    limit = span - span % bound
    while True:
        value = 0
        for _ in range(count):
            value = value << 64 | next(words)
        if value < limit:
            return value % bound


def _multinomial(total: int, parts: Sequence[int]) -> int:
    result = factorial(total)
    for part in parts:
        result //= factorial(part)
    return result


@attrs.frozen
class CardClass:
    """Cards with the same allowed zones.

    ``size`` cards, to be split among ``zones`` (indexes). ``identical`` classes hold
    copies of one card, whose splits count once each; the others count every way of
    choosing which cards go where (a multinomial).
    """

    size: int
    zones: tuple[int, ...]
    identical: bool = False


def _splits(size: int, zones: tuple[int, ...], caps: _Caps) -> Iterator[_Split]:
    """Every way to put ``size`` cards into ``zones`` within ``caps`` (counts per zone)."""
    if not zones:
        if size == 0:
            yield ()
        return
    first, rest = zones[0], zones[1:]
    if not rest:
        if size <= caps[first]:
            yield (size,)
        return
    for count in range(min(size, caps[first]), -1, -1):
        for tail in _splits(size - count, rest, caps):
            yield (count, *tail)


def _draw(words: Iterator[int], bounds: list[int], total: int) -> int:
    """The index of the first of the cumulative ``bounds`` above a uniform draw below ``total``."""
    point = below(words, total)
    low, high = 0, len(bounds) - 1
    while low < high:
        middle = (low + high) // 2
        if bounds[middle] > point:
            high = middle
        else:
            low = middle + 1
    return low


class ByClass:
    """The assignments of classes of cards to zones of fixed sizes, counted exactly.

    The programme runs over the classes, its state the zones' remaining room: cheap when
    there are few zones (few seats).

    Args:
        sizes: The number of cards each zone must receive.
        classes: The card classes; their sizes must total ``sum(sizes)``.
    """

    def __init__(self, sizes: tuple[int, ...], classes: Sequence[CardClass]) -> None:
        self.sizes = sizes
        # the class allowed in most zones last: its split is forced by the others
        self.classes = tuple(sorted(classes, key=lambda c: (len(c.zones), c.size)))
        self._counts: dict[tuple[int, _Caps], int] = {}
        self._options: dict[tuple[int, _Caps], tuple[list[int], list[_Split], int]] = {}

    def _weight(self, cls: CardClass, split: _Split) -> int:
        return 1 if cls.identical else _multinomial(cls.size, split)

    def _rest(self, index: int, caps: _Caps, cls: CardClass, split: _Split) -> _Caps:
        left = list(caps)
        for zone, count in zip(cls.zones, split, strict=True):
            left[zone] -= count
        return tuple(left)

    def count(self, index: int = 0, caps: _Caps | None = None) -> int:
        """The number of assignments of classes ``index…`` into capacities ``caps``."""
        if caps is None:
            caps = self.sizes
        key = (index, caps)
        known = self._counts.get(key)
        if known is not None:
            return known
        if index == len(self.classes):
            total = 1 if not any(caps) else 0
        elif index == len(self.classes) - 1:
            cls = self.classes[index]
            split = tuple(caps[zone] for zone in cls.zones)
            fits = sum(split) == cls.size and sum(caps) == cls.size
            total = self._weight(cls, split) if fits else 0
        else:
            total = self._table(index, caps)[2]
        self._counts[key] = total
        return total

    def _table(self, index: int, caps: _Caps) -> tuple[list[int], list[_Split], int]:
        """The splits of class ``index`` with cumulative weights of their completions."""
        key = (index, caps)
        table = self._options.get(key)
        if table is None:
            cls = self.classes[index]
            bounds: list[int] = []
            splits: list[_Split] = []
            total = 0
            for split in _splits(cls.size, cls.zones, caps):
                weight = self.count(index + 1, self._rest(index, caps, cls, split))
                if weight:
                    total += self._weight(cls, split) * weight
                    bounds.append(total)
                    splits.append(split)
            table = (bounds, splits, total)
            self._options[key] = table
        return table

    def sample(self, words: Iterator[int]) -> list[_Split]:
        """One split per class (in :attr:`classes` order), drawn exactly.

        Raises:
            ValueError: If there is no assignment at all.
        """
        caps = self.sizes
        if self.count() == 0:
            raise ValueError("no assignment satisfies the constraints")
        chosen: list[_Split] = []
        last = len(self.classes) - 1
        for index, cls in enumerate(self.classes):
            if index == last:
                chosen.append(tuple(caps[zone] for zone in cls.zones))
                break
            bounds, splits, total = self._table(index, caps)
            split = splits[0] if len(splits) == 1 else splits[_draw(words, bounds, total)]
            chosen.append(split)
            caps = self._rest(index, caps, cls, split)
        return chosen


def _takes(room: int, classes: tuple[int, ...], left: tuple[int, ...]) -> Iterator[_Split]:
    """Every way to fill ``room`` places from ``classes`` (indexes) with ``left`` cards each."""
    if not classes:
        if room == 0:
            yield ()
        return
    first, rest = classes[0], classes[1:]
    if not rest:
        if room <= left[first]:
            yield (room,)
        return
    for count in range(min(room, left[first]), -1, -1):
        for tail in _takes(room - count, rest, left):
            yield (count, *tail)


class ByZone:
    """The same count and draw, with the programme over the zones instead.

    Its state is the cards left in each class: cheap when there are few classes (few
    suits with a known void) and many zones, as at a six-player Wizard table.
    """

    def __init__(self, sizes: tuple[int, ...], classes: Sequence[CardClass]) -> None:
        self.sizes = sizes
        self.classes = tuple(classes)
        self._allowed = tuple(
            tuple(i for i, cls in enumerate(self.classes) if zone in cls.zones)
            for zone in range(len(sizes))
        )
        self._counts: dict[tuple[int, _Caps], int] = {}
        self._options: dict[tuple[int, _Caps], tuple[list[int], list[_Split], int]] = {}

    def _weight(self, classes: tuple[int, ...], take: _Split, left: _Caps) -> int:
        return prod(
            1 if self.classes[c].identical else comb(left[c], k)
            for c, k in zip(classes, take, strict=True)
        )

    @staticmethod
    def _after(classes: tuple[int, ...], take: _Split, left: _Caps) -> _Caps:
        rest = list(left)
        for c, k in zip(classes, take, strict=True):
            rest[c] -= k
        return tuple(rest)

    def count(self, zone: int = 0, left: _Caps | None = None) -> int:
        """The number of assignments of the cards ``left`` to zones ``zone…``."""
        if left is None:
            left = tuple(cls.size for cls in self.classes)
        key = (zone, left)
        known = self._counts.get(key)
        if known is not None:
            return known
        if zone == len(self.sizes):
            total = 1 if not any(left) else 0
        else:
            total = self._table(zone, left)[2]
        self._counts[key] = total
        return total

    def _table(self, zone: int, left: _Caps) -> tuple[list[int], list[_Split], int]:
        key = (zone, left)
        table = self._options.get(key)
        if table is None:
            classes = self._allowed[zone]
            bounds: list[int] = []
            takes: list[_Split] = []
            total = 0
            for take in _takes(self.sizes[zone], classes, left):
                rest = self._after(classes, take, left)
                weight = self.count(zone + 1, rest)
                if weight:
                    total += self._weight(classes, take, left) * weight
                    bounds.append(total)
                    takes.append(take)
            table = (bounds, takes, total)
            self._options[key] = table
        return table

    def sample(self, words: Iterator[int]) -> list[_Split]:
        """One split per class (in :attr:`classes` order), drawn exactly.

        Raises:
            ValueError: If there is no assignment at all.
        """
        if self.count() == 0:
            raise ValueError("no assignment satisfies the constraints")
        left = tuple(cls.size for cls in self.classes)
        placed = [dict.fromkeys(cls.zones, 0) for cls in self.classes]
        for zone in range(len(self.sizes)):
            bounds, takes, total = self._table(zone, left)
            take = takes[0] if len(takes) == 1 else takes[_draw(words, bounds, total)]
            classes = self._allowed[zone]
            for c, k in zip(classes, take, strict=True):
                placed[c][zone] = k
            left = self._after(classes, take, left)
        return [tuple(split.values()) for split in placed]


Allocation = ByClass | ByZone


def allocation(sizes: tuple[int, ...], classes: Sequence[CardClass]) -> Allocation:
    """The cheaper programme for these zones and classes (by the size of its state)."""
    ordered = sorted(classes, key=lambda c: (len(c.zones), c.size))
    by_class = prod(size + 1 for size in sizes[:-1])
    by_zone = prod(cls.size + 1 for cls in ordered[:-1])
    return ByZone(sizes, ordered) if by_zone < by_class else ByClass(sizes, ordered)


@attrs.frozen
class Choice:
    """One option of a step of the sampling walk.

    Attributes:
        bound: The cumulative weight up to and including this option.
        adds: ``(class, zone, count)``: how many cards of each class it puts in a zone.
        next: The step the walk goes on to, ``-1`` when it is over.
    """

    bound: int
    adds: tuple[tuple[int, int, int], ...]
    next: int


@attrs.frozen
class Step:
    """A state of the sampling walk: its options and their total weight."""

    total: int
    choices: tuple[Choice, ...]


def walk(plan: Allocation) -> tuple[Step, ...]:
    """Every state :meth:`ByClass.sample` or :meth:`ByZone.sample` can reach, first the start.

    Drawing an option of each step in proportion to its weight, from the start until
    an option's ``next`` is ``-1``, gives the same distribution of splits as the
    plan's own ``sample``: the tables of a compiled sampler.
    """
    steps: list[Step | None] = []
    index: dict[tuple[int, _Caps], int] = {}

    def visit(key: tuple[int, _Caps]) -> int:
        known = index.get(key)
        if known is not None:
            return known
        position = index[key] = len(steps)
        steps.append(None)
        steps[position] = _step(plan, key, visit)
        return position

    if isinstance(plan, ByClass):
        visit((0, plan.sizes))
    else:
        visit((0, tuple(cls.size for cls in plan.classes)))
    return tuple(step for step in steps if step is not None)


def _step(
    plan: Allocation, key: tuple[int, _Caps], visit: Callable[[tuple[int, _Caps]], int]
) -> Step:
    at, caps = key
    choices: list[Choice] = []
    if isinstance(plan, ByClass):
        cls = plan.classes[at]
        if at == len(plan.classes) - 1:  # the last class takes the room left
            split = tuple(caps[zone] for zone in cls.zones)
            adds = tuple((at, zone, count) for zone, count in zip(cls.zones, split, strict=True))
            return Step(1, (Choice(1, adds, -1),))
        bounds, splits, total = plan._table(at, caps)
        for bound, split in zip(bounds, splits, strict=True):
            adds = tuple((at, zone, count) for zone, count in zip(cls.zones, split, strict=True))
            after = plan._rest(at, caps, cls, split)
            choices.append(Choice(bound, adds, visit((at + 1, after))))
        return Step(total, tuple(choices))
    bounds, takes, total = plan._table(at, caps)
    classes = plan._allowed[at]
    last = at == len(plan.sizes) - 1
    for bound, take in zip(bounds, takes, strict=True):
        adds = tuple((c, at, count) for c, count in zip(classes, take, strict=True))
        after = plan._after(classes, take, caps)
        choices.append(Choice(bound, adds, -1 if last else visit((at + 1, after))))
    return Step(total, tuple(choices))
