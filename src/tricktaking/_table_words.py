"""Words the table shows for a deal and an auction, shared by the games' plug-ins.

:mod:`tricktaking.kit` makes them public.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["deal_line", "last_calls"]


def last_calls(calls: Sequence[object], players: int) -> tuple[tuple[str, ...], ...]:
    """Each seat's latest call, as its token without the seat (``"bid 7"``, ``"pass"``).

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.actions import Pass
        >>> from tricktaking.games.one_card import Bid
        >>> kit.last_calls([Bid(1, 7), Pass(2), Bid(1, 9)], 3)
        ((), ('bid 9',), ('pass',))
    """
    last: list[tuple[str, ...]] = [() for _ in range(players)]
    for call in calls:
        seat = getattr(call, "seat", None)
        if isinstance(seat, int) and 0 <= seat < players:
            last[seat] = (str(call).partition(" ")[2],)
    return tuple(last)


def deal_line(word: str, number: int, total: str = "") -> str:
    """``"round 3 of 15"``; before the first deal (number 0) ``"before round 1 of 15"``.

    Example:
        >>> from tricktaking import kit
        >>> kit.deal_line("round", 3, " of 15"), kit.deal_line("hand", 0)
        ('round 3 of 15', 'before hand 1')
    """
    return f"{word} {number}{total}" if number else f"before {word} 1{total}"
