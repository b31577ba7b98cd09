"""What each game adds to the common table: a registry keyed by game name.

The renderer draws every common view field itself; a game's *extras* function adds
the rest (Wizard's bids and turn-up card, One Card's calls, contract and One Card,
Bid Whist's contract, kitty and team scores). A new game registers its own with
:func:`register_extras` and the renderer core stays untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs

from tricktaking.cards import Card
from tricktaking.errors import ArgumentTypeError, safe_repr
from tricktaking.games.bid_whist import BidWhistView
from tricktaking.games.one_card import OneCardView
from tricktaking.games.wizard import WizardView
from tricktaking.render._errors import RenderError
from tricktaking.render._view import game_name
from tricktaking.views import PlayerView

__all__ = ["CardGroup", "Extras", "TableExtras", "extras_of", "register_extras"]


@attrs.frozen(kw_only=True)
class CardGroup:
    """Cards drawn on the table outside the hands and tricks, with a label.

    Args:
        label: What the cards are, e.g. ``"turn-up"`` or ``"kitty"``.
        cards: The cards; ``None`` draws a back (a card the seat may not see).
        zone: The name of the game's zone these cards are (see each game's
            ``zones``), so a replay of a finished deal can show them face up.

    Example:
        >>> from tricktaking.render import CardGroup
        >>> CardGroup(label="One Card", cards=(None,), zone="centre").cards
        (None,)
    """

    label: str
    cards: tuple[Card | None, ...]
    zone: str | None = None


@attrs.frozen(kw_only=True)
class TableExtras:
    """A game's additions to the table drawn from a view.

    Args:
        lines: Lines of text for the information panel (``"round 3 of 15"``).
        seat_notes: For each seat, short notes under its name (``("bid 2",)``);
            empty, or one tuple per seat.
        groups: Card groups for the centre of the table.

    Example:
        >>> from tricktaking.render import TableExtras
        >>> TableExtras(lines=("contract 9",)).groups
        ()
    """

    lines: tuple[str, ...] = ()
    seat_notes: tuple[tuple[str, ...], ...] = ()
    groups: tuple[CardGroup, ...] = ()


Extras = Callable[[PlayerView], TableExtras]
"""A function from a view of one game to that game's :class:`TableExtras`."""

_EXTRAS: dict[str, Extras] = {}
_V = TypeVar("_V")


def register_extras(game: str, extras: Extras) -> None:
    """Register what the renderer draws for the views of ``game`` beyond the common fields.

    A later registration for the same game replaces the earlier one.

    Args:
        game: The game's registry name (``to_dict()["game"]`` of its views).
        extras: The function that reads a view of that game.

    Example:
        >>> from tricktaking.render import TableExtras, register_extras
        >>> register_extras("my-game", lambda view: TableExtras(lines=("hello",)))
    """
    checked: object = game
    if not isinstance(checked, str) or not callable(extras):
        raise ArgumentTypeError("register_extras takes a game name and a function")
    _EXTRAS[game] = extras


def extras_of(view: PlayerView) -> TableExtras:
    """The registered extras of ``view``'s game; none for a game without any.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.render import extras_of
        >>> state = tt.new_game(tt.WizardConfig(players=3, rounds=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> extras_of(tt.view(state, 0)).lines
        ('round 1 of 2',)
    """
    extras = _EXTRAS.get(game_name(view))
    if extras is None:
        return TableExtras()
    result = extras(view)
    if not isinstance(result, TableExtras):
        raise RenderError(
            f"the extras of {safe_repr(game_name(view))} returned {safe_repr(result)}"
        )
    return result


def _last_calls(calls: Sequence[object], players: int) -> tuple[tuple[str, ...], ...]:
    """Each seat's latest call, as its token without the seat (``"bid 7"``, ``"pass"``)."""
    last: list[tuple[str, ...]] = [() for _ in range(players)]
    for call in calls:
        seat = getattr(call, "seat", None)
        if isinstance(seat, int) and 0 <= seat < players:
            last[seat] = (str(call).partition(" ")[2],)
    return tuple(last)


def _deal_line(word: str, number: int, total: str = "") -> str:
    """``"round 3 of 15"``; before the first deal (number 0) ``"before round 1 of 15"``."""
    return f"{word} {number}{total}" if number else f"before {word} 1{total}"


def _wizard(view: WizardView) -> TableExtras:
    notes = tuple(() if bid is None else (f"bid {bid}",) for bid in view.bids)
    groups: tuple[CardGroup, ...] = ()
    if view.turn_up is not None:
        groups = (CardGroup(label="turn-up", cards=(view.turn_up,), zone="turn-up"),)
    return TableExtras(
        lines=(_deal_line("round", view.round_number, f" of {view.total_rounds}"),),
        seat_notes=notes,
        groups=groups,
    )


def _one_card(view: OneCardView) -> TableExtras:
    lines = [_deal_line("hand", view.round_number)]
    if view.contract is not None and view.bidder is not None:
        lines.append(f"contract {view.contract} points")
    if view.phase.value != "bid" and view.hand_sizes and any(view.hand_sizes):
        lines.append(f"direction: {view.direction.value}")
    notes = [list(calls) for calls in _last_calls(view.calls, view.players)]
    for seat, points in enumerate(view.points):
        if view.bidder == seat:
            notes[seat].append("bidder")
        notes[seat].append(f"{points} pt" + ("" if points == 1 else "s"))  # card points won
    groups: tuple[CardGroup, ...] = ()
    if view.centre is not None:
        groups = (CardGroup(label="One Card", cards=(view.centre,), zone="centre"),)
    elif any(view.hand_sizes) or view.tricks:
        groups = (CardGroup(label="One Card", cards=(None,), zone="centre"),)
    return TableExtras(
        lines=tuple(lines), seat_notes=tuple(tuple(note) for note in notes), groups=groups
    )


def _bid_whist(view: BidWhistView) -> TableExtras:
    lines = [_deal_line("hand", view.round_number)]
    notes = [list(calls) for calls in _last_calls(view.calls, len(view.hand_sizes))]
    if view.contract is not None:
        lines.append(f"contract {str(view.contract).partition(' bid ')[2]}")
        lines.append(f"direction: {view.direction.value}")
        notes[view.contract.seat].append("declarer")
    a, b = view.team_scores
    lines.append(f"teams: 0 & 2 {a}, 1 & 3 {b}")
    groups: tuple[CardGroup, ...] = ()
    if view.discards:
        groups = (CardGroup(label="discards", cards=view.discards, zone="discards"),)
    elif view.kitty:
        groups = (CardGroup(label="kitty", cards=view.kitty, zone="kitty"),)
    elif view.phase.value in ("bid", "choose"):
        # The six undealt cards (BW-2), face down until the declarer takes them up.
        groups = (CardGroup(label="kitty", cards=(None,) * 6, zone="kitty"),)
    return TableExtras(
        lines=tuple(lines), seat_notes=tuple(tuple(note) for note in notes), groups=groups
    )


def _typed(kind: type[_V], draw: Callable[[_V], TableExtras]) -> Extras:
    def extras(view: PlayerView) -> TableExtras:
        if not isinstance(view, kind):
            raise RenderError(f"expected a {kind.__name__}, not {type(view).__name__}")
        return draw(view)

    return extras


register_extras("wizard", _typed(WizardView, _wizard))
register_extras("one-card", _typed(OneCardView, _one_card))
register_extras("bid-whist", _typed(BidWhistView, _bid_whist))
