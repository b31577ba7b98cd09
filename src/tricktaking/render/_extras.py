"""What each game adds to the common table: the ``render_extras`` plug-in of its declaration.

The renderer draws every common view field itself; a game's *extras* function adds
the rest (Wizard's bids and turn-up card, One Card's calls, contract and One Card,
Bid Whist's contract, kitty and team scores). A game declares its own as the
``render_extras`` of its :class:`~tricktaking.engine.Game`, and the renderer core stays
untouched.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TypeGuard

from tricktaking.engine import get_game
from tricktaking.errors import ArgumentTypeError, TricktakingError, safe_repr, safe_str
from tricktaking.plugins import FORGED_VIEW_ERRORS, CardGroup, TableExtras
from tricktaking.render._errors import RenderError
from tricktaking.render._view import game_name, is_card, is_tuple, read_view
from tricktaking.views import PlayerView

__all__ = ["CardGroup", "Extras", "TableExtras", "extras_of", "register_extras"]


Extras = Callable[[PlayerView], TableExtras]
"""A function from a view of one game to that game's :class:`TableExtras`."""

# extras registered by the deprecated register_extras, over the declarations' own
_REGISTERED: dict[str, Extras] = {}


def register_extras(game: str, extras: Extras) -> None:
    """Register what the renderer draws for the views of ``game`` beyond the common fields.

    A later registration for the same game replaces the earlier one, and any
    registration replaces the ``render_extras`` of the game's declaration.

    .. deprecated:: 0.2
        Declare ``render_extras`` in the game's :class:`~tricktaking.engine.Game`
        instead; this function will be removed in 0.3.

    Args:
        game: The game's registry name (``to_dict()["game"]`` of its views).
        extras: The function that reads a view of that game.

    Example:
        >>> from tricktaking.render import TableExtras, register_extras
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     register_extras("my-game", lambda view: TableExtras(lines=("hello",)))
    """
    checked: object = game
    if not isinstance(checked, str) or not callable(extras):
        raise ArgumentTypeError("register_extras takes a game name and a function")
    warnings.warn(
        "register_extras is deprecated: declare render_extras in the game's Game record",
        DeprecationWarning,
        stacklevel=2,
    )
    _REGISTERED[game] = extras


def extras_of(view: PlayerView) -> TableExtras:
    """The registered extras of ``view``'s game; none for a game without any.

    Raises:
        RenderError: If ``view`` is not a player view, or its game's fields hold values
            the game's extras cannot read (a view whose fields were replaced).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.render import extras_of
        >>> state = tt.new_game(tt.WizardConfig(players=3, rounds=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> extras_of(tt.view(state, 0)).lines
        ('round 1 of 2',)
    """
    name = game_name(view)
    extras = _REGISTERED.get(name)
    if extras is None:
        try:
            extras = get_game(name).render_extras
        except KeyError:
            extras = None
    if extras is None:
        return TableExtras()
    read_view(view)  # the table fields checked first: a plug-in may loop over the seats
    try:
        result = extras(view)
    except TricktakingError:
        raise
    except FORGED_VIEW_ERRORS as error:
        # The plug-in trusts its view's own fields; one replaced by a value no game makes
        # (a forged view) breaks it. Say which view could not be drawn, and keep the cause.
        raise RenderError(
            f"cannot draw {safe_repr(view)}: its {name} fields do not fit "
            f"({type(error).__name__}: {safe_str(error, 80)})"
        ) from error
    if not _well_formed(result):
        raise RenderError(f"the extras of {safe_repr(name)} returned {safe_repr(result)}")
    return result


def _texts(items: object) -> bool:
    return is_tuple(items) and all(isinstance(item, str) for item in items)


def _well_formed(extras: object) -> TypeGuard[TableExtras]:
    """Whether ``extras`` holds only what the renderer draws: texts, cards and backs."""
    if not isinstance(extras, TableExtras):
        return False
    notes: object = extras.seat_notes  # a plug-in may return anything in them: check it
    groups: object = extras.groups
    return (
        _texts(extras.lines)
        and is_tuple(notes)
        and all(_texts(note) for note in notes)
        and is_tuple(groups)
        and all(_drawable(group) for group in groups)
    )


def _drawable(group: object) -> bool:
    if not isinstance(group, CardGroup):
        return False
    label: object = group.label
    zone: object = group.zone
    cards: object = group.cards
    return (
        isinstance(label, str)
        and (zone is None or isinstance(zone, str))
        and is_tuple(cards)
        and all(card is None or is_card(card) for card in cards)
    )
