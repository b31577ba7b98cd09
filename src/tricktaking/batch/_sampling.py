"""A view's exact posterior as the arrays the compiled sampler walks, and worlds read back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

import tricktaking.batch._drivers as drivers
from tricktaking.cards import Card, sort_cards
from tricktaking.engine import GameState
from tricktaking.kernel_kit import Kernel
from tricktaking.worlds import SamplingPlan, WorldSampler

__all__ = ["Worlds", "zone_codes"]

_LIMB = 64
_LIMBS = 4


def _limbs(value: int) -> list[int]:
    """``value`` as four 64-bit limbs, most significant first."""
    if not 0 <= value < 1 << (_LIMB * _LIMBS):  # pragma: no cover - at most 8**60 placements
        raise OverflowError(f"a weight of {value.bit_length()} bits does not fit 256")
    return [(value >> (_LIMB * (_LIMBS - 1 - k))) & ((1 << _LIMB) - 1) for k in range(_LIMBS)]


def zone_codes(kernel: Kernel[object], zones: Sequence[str]) -> list[int]:
    """The kernel's code of each worlds zone: a hand, one of its own zones, or -1 (not kept)."""
    return [
        int(name.removeprefix("hand ")) if name.startswith("hand ") else kernel.zones.get(name, -1)
        for name in zones
    ]


class Worlds:
    """One view's worlds: the posterior's arrays and how to read a row's world back.

    Args:
        sampler: The view's sampler (it counted the posterior).
        plan: Its plan.
        kernel: The game's kernel.
        config: The view's config.
        hidden: The card numbers hidden from the seat in the template row: the numbers
            of the kernel's zones the view hides, and every number the row does not
            hold (those lie in zones the kernel does not keep).
    """

    def __init__(
        self,
        sampler: WorldSampler,
        plan: SamplingPlan,
        kernel: Kernel[object],
        config: object,
        hidden: Sequence[int],
    ) -> None:
        self.sampler = sampler
        self.zones = plan.zones
        self.numbers = kernel.numbers(config)
        by_card: dict[Card, list[int]] = {}
        for number in sorted(hidden):
            card = self.numbers[number]
            if card is not None:
                by_card.setdefault(card, []).append(number)
        class_first: list[int] = []
        class_size: list[int] = []
        numbers: list[int] = []
        for _, cards in plan.classes:
            class_first.append(len(numbers))
            class_size.append(len(cards))
            for card, copies in Counter(cards).items():
                held = by_card.get(card, [])
                if len(held) < copies:  # pragma: no cover - the kernel and the view disagree
                    raise RuntimeError(f"the kernel's row hides fewer {card} than the view")
                numbers += held[:copies]
                del held[:copies]
        first: list[int] = []
        options: list[int] = []
        totals: list[list[int]] = []
        bounds: list[list[int]] = []
        next_step: list[int] = []
        adds: list[tuple[int, int, int]] = []
        add_first: list[int] = []
        add_size: list[int] = []
        for step in plan.steps:
            first.append(len(bounds))
            options.append(len(step.choices))
            totals.append(_limbs(step.total))
            for choice in step.choices:
                bounds.append(_limbs(choice.bound))
                next_step.append(choice.next)
                add_first.append(len(adds))
                add_size.append(len(choice.adds))
                adds += choice.adds
        ints = np.int64
        self.posterior = drivers.Posterior(
            first=np.array(first, ints),
            options=np.array(options, ints),
            totals=np.array(totals, np.uint64).reshape(-1, _LIMBS),
            bounds=np.array(bounds, np.uint64).reshape(-1, _LIMBS),
            next_step=np.array(next_step, ints),
            add_first=np.array(add_first, ints),
            add_size=np.array(add_size, ints),
            add_class=np.array([a[0] for a in adds], ints),
            add_zone=np.array([a[1] for a in adds], ints),
            add_count=np.array([a[2] for a in adds], ints),
            class_first=np.array(class_first, ints),
            class_size=np.array(class_size, ints),
            numbers=np.array(numbers or [0], ints),
            zone_code=np.array(zone_codes(kernel, plan.zones), ints),
            zone_first=np.cumsum([0, *plan.sizes[:-1]], dtype=ints)
            if plan.sizes
            else np.zeros(0, ints),
        )
        self.sizes = plan.sizes
        self.counts = np.zeros((max(1, len(plan.classes)), max(1, len(plan.zones))), ints)
        self.taken = np.zeros(max(1, len(plan.zones)), ints)
        self.held = np.zeros(max(1, len(plan.zones)), np.uint64)
        self.pool = np.zeros(max(1, len(numbers)), ints)
        self.point = np.zeros(_LIMBS, np.uint64)

    def assignment(self, assigned: npt.NDArray[np.int16]) -> dict[str, tuple[Card, ...]]:
        """The hidden cards of each zone of a row, from its ``assigned`` numbers."""
        placed: dict[str, tuple[Card, ...]] = {}
        at = 0
        for name, size in zip(self.zones, self.sizes, strict=True):
            cards = [self.numbers[int(number)] for number in assigned[at : at + size]]
            placed[name] = sort_cards(card for card in cards if card is not None)
            at += size
        return placed

    def world(self, assigned: npt.NDArray[np.int16]) -> GameState[object]:
        """The world a row was dealt: its hidden cards read back, replayed through ``apply``."""
        return self.sampler.world(self.assignment(assigned))
