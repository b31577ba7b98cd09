"""Which deals the engine made itself: an identity registry a caller cannot forge.

``deal(state, seed)`` builds a deal from the round's deck, so ``apply`` need not check
its cards again. That fact must not be a value a caller can copy: an attribute on the
deal (even a private one) can be set with ``object.__setattr__`` or copied from a real
deal onto a forged one. So the engine remembers the very objects it made, by identity,
together with the very tuples of hands and stock they held; a deal that is not one of
them, or whose fields were swapped after it was made, is checked in full.
"""

from __future__ import annotations

import threading
import weakref

from tricktaking.actions import Deal

__all__ = ["made_from", "mark"]

_Entry = tuple["weakref.ref[Deal]", object, object, object]

# id(deal) -> (a weak reference to the deal, its deck, its hands, its stock). An entry
# is removed when its deal dies, before the id can be reused.
_MADE: dict[int, _Entry] = {}
_LOCK = threading.Lock()


def _forget(key: int, ref: weakref.ref[Deal]) -> None:
    with _LOCK:
        entry = _MADE.get(key)
        if entry is not None and entry[0] is ref:
            del _MADE[key]


def mark(deal: Deal, deck: object) -> None:
    """Remember that the engine dealt ``deal`` from ``deck`` (hands sorted)."""
    key = id(deal)
    ref = weakref.ref(deal, lambda dead: _forget(key, dead))
    entry = (ref, deck, deal.hands, deal.stock)
    with _LOCK:
        _MADE[key] = entry


def made_from(deal: object) -> object | None:
    """The deck the engine dealt this very ``deal`` from, or ``None``."""
    entry = _MADE.get(id(deal))
    if entry is None or entry[0]() is not deal:
        return None
    # The very object made, still exactly a Deal (no __class__ swapped to a subclass
    # that answers with properties), holding the very tuples it was made with.
    if not isinstance(deal, Deal) or deal.__class__ is not Deal:
        return None
    _, deck, hands, stock = entry
    if deal.hands is not hands or deal.stock is not stock:
        return None
    return deck
