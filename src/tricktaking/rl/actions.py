"""Fixed integer indexes for every action of a game, and masks of the legal ones.

The action space of a game with a given number of seats is a fixed list: first every
distinct card of the deck in canonical order (two Wizards are one card, so one index),
then the game's calls and choices. A card index means *play this card*, and in Bid
Whist's discard phase *discard this card*: the exchange's six discards are six single
card choices. The acting seat is not part of an index; it comes from the view or state.

======================  ==========================================================
game                    indexes, in order
======================  ==========================================================
Wizard (n seats)        54 cards; bids 0 … 60 // n; trump S, H, D, C
One Card (n seats)      25 cards; pass; bids 10 − n … 15; uptown, downtown
Bid Whist               54 cards (play or discard); pass; bids 1U, 1D, 1NT … 7NT;
                        trump S, H, D, C; uptown, downtown
======================  ==========================================================

Example:
    >>> import tricktaking as tt
    >>> from tricktaking.rl import action_from_index, action_index, action_mask
    >>> state = tt.new_game(tt.OneCardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> view = tt.view(state, 1)
    >>> action_index(view, tt.Pass(1))
    25
    >>> action_from_index(view, 26)
    Bid(seat=1, points=7)
    >>> mask = action_mask(view)
    >>> int(mask.sum()) == len(view.legal_actions)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

import attrs
import numpy as np
import numpy.typing as npt

import tricktaking as tt
from tricktaking.cards import Card
from tricktaking.engine import Action, GameState, PlayerView
from tricktaking.errors import ArgumentTypeError, TricktakingError, safe_repr
from tricktaking.plugins import FORGED_VIEW_ERRORS, forged_view_error
from tricktaking.rl._args import int_in
from tricktaking.rl._context import checked_view, spec_of, table_view
from tricktaking.rl._games import spec_for_game
from tricktaking.tricks import Play

# attrs.evolve on any action class: the seat is the one field every player action has
_with_seat: Callable[..., Action] = attrs.evolve

__all__ = [
    "ActionIndexError",
    "ActionSpace",
    "action_from_index",
    "action_index",
    "action_mask",
    "action_space",
]


class ActionIndexError(TricktakingError, ValueError):
    """An action index out of range, or an action that is not an action of the game.

    Example:
        >>> from tricktaking.rl.actions import ActionIndexError
        >>> issubclass(ActionIndexError, ValueError)
        True
    """


class ActionSpace:
    """The fixed action indexes of one game with a given number of seats.

    :func:`action_space` gives the shared instance of each. ``names[i]`` describes
    index ``i``.

    Args:
        game: A registered game's name.
        players: The number of seats.

    Raises:
        ArgumentTypeError: If ``game`` is not a ``str`` or ``players`` not an ``int``.
        ArgumentError: If no game is registered under ``game``, it has no learning
            interface, or ``players`` is out of its range.

    Attributes:
        game: The registry name of the game.
        players: The number of seats.
        size: The number of indexes.
        cards: The distinct cards of the deck; card ``cards[i]`` has index ``i``.
        names: A short name for every index (``"play AS"``, ``"bid 3"``, ``"pass"``).

    Example:
        >>> from tricktaking.rl.actions import action_space
        >>> space = action_space("wizard", players=4)
        >>> space.size, space.names[54], space.names[-1]
        (74, 'bid 0', 'trump C')
    """

    __slots__ = ("_index", "_spec", "_templates", "cards", "game", "names", "players", "size")

    # the attributes' types (documented in the class docstring)
    game: str
    players: int
    size: int
    cards: tuple[Card, ...]
    names: tuple[str, ...]

    def __init__(self, game: str, players: int) -> None:
        spec = spec_for_game(game, players)
        templates = (*(Play(0, card) for card in spec.cards), *spec.learning.calls(players))
        self.game = spec.name
        self.players = players
        self.size = len(templates)
        self.cards = spec.cards
        self.names = tuple(_name(action) for action in templates)
        self._templates = templates
        self._index = {action: i for i, action in enumerate(templates)}
        self._spec = spec

    def __repr__(self) -> str:
        return f"ActionSpace({self.game!r}, players={self.players})"

    def index(self, action: Action) -> int:
        """The index of ``action`` (of any seat).

        Raises:
            ActionIndexError: If ``action`` is not an action of this game with an index.

        Example:
            >>> from tricktaking.rl.actions import action_space
            >>> import tricktaking as tt
            >>> action_space("wizard", players=3).index(tt.Play(2, tt.Card.parse("WZ")))
            52
        """
        try:
            return self._index[_at_seat_zero(action)]
        except (KeyError, AttributeError, TypeError, ValueError):  # attrs raises ValueError
            raise ActionIndexError(
                f"{safe_repr(action)} is not an action of {self.game} with {self.players} players"
            ) from None

    def action(self, index: int, seat: int, phase: object = None) -> Action:
        """The action of index ``index`` for ``seat``; ``phase`` tells a discard from a play.

        Raises:
            ActionIndexError: If ``index`` is not an integer in ``range(size)``.
            ArgumentTypeError: If ``seat`` is not an ``int``.
            ArgumentError: If ``seat`` is not a seat of the table.

        Example:
            >>> from tricktaking.rl.actions import action_space
            >>> action_space("wizard", players=3).action(55, seat=1)
            Bid(seat=1, tricks=1)
        """
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise ActionIndexError(f"an action index is an integer, not {safe_repr(index)}")
        if not 0 <= index < self.size:
            raise ActionIndexError(
                f"action index {safe_repr(int(index))} is outside 0 to {self.size - 1} "
                f"for {self.game}"
            )
        int_in(seat, "seat", range(self.players))
        template = self._templates[int(index)]
        learning = self._spec.learning
        discard = learning.discard
        if isinstance(template, Play) and discard is not None and phase is learning.discard_phase:
            return discard(seat, template.card)
        return _with_seat(template, seat=seat)

    def mask(self, legal: tuple[Action, ...]) -> npt.NDArray[np.bool_]:
        """A bool array of length ``size``, true exactly at the indexes of ``legal``.

        Raises:
            ArgumentTypeError: If ``legal`` is not a tuple or list.
            ActionIndexError: If one of them is not an action of this game.

        Example:
            >>> from tricktaking.rl.actions import action_space
            >>> import numpy as np
            >>> import tricktaking as tt
            >>> space = action_space("one-card", players=2)
            >>> np.flatnonzero(space.mask((tt.Pass(0), tt.Pass(0)))).tolist()
            [25]
        """
        if not isinstance(legal, tuple | list):
            raise ArgumentTypeError(f"legal must be a tuple of actions, not {safe_repr(legal)}")
        mask = np.zeros(self.size, dtype=np.bool_)
        index = self.index
        for action in legal:
            mask[index(action)] = True
        return mask


def _at_seat_zero(action: Action) -> Action:
    """The action with seat 0 and a discard read as a play: the key of its index."""
    if type(action) is Play:
        return action if action.seat == 0 else Play(0, action.card)
    card = getattr(action, "card", None)
    if isinstance(card, Card):  # a discard: indexed as its card
        return Play(0, card)
    if getattr(action, "seat", 0) == 0:
        return action
    return _with_seat(action, seat=0)


def _name(action: Action) -> str:
    words = str(action).split()
    return " ".join(words[1:])


def action_space(game: str, players: int) -> ActionSpace:
    """The action space of the registered game ``game`` with ``players`` seats.

    Raises:
        ArgumentTypeError: If ``game`` is not a ``str`` or ``players`` not an ``int``.
        ArgumentError: If no game is registered under ``game``, it has no learning
            interface, or ``players`` is out of its range.

    Example:
        >>> from tricktaking.rl.actions import action_space
        >>> action_space("bid-whist", players=4).size
        82
    """
    return _action_space(spec_for_game(game, players).name, players)


@cache
def _action_space(game: str, players: int) -> ActionSpace:
    return ActionSpace(game, players)


def _space_of(value: PlayerView | GameState[object]) -> ActionSpace:
    spec, players = spec_of(value)
    return action_space(spec.name, players)


def action_index(view_or_state: PlayerView | GameState[object], action: Action) -> int:
    """The fixed index of ``action`` in the action space of the game of ``view_or_state``.

    The same card has a different index in each game, so the index needs the game.

    Raises:
        ActionIndexError: If ``action`` is not an action of that game.
        ArgumentTypeError: If ``view_or_state`` is neither a view nor a state.

    Example:
        >>> from tricktaking.rl.actions import action_index
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4))
        >>> action_index(state, tt.wizard.Bid(3, 2))
        56
    """
    return _space_of(view_or_state).index(action)


def action_from_index(view_or_state: PlayerView | GameState[object], index: int) -> Action:
    """The action of ``index`` for the seat of a view, or the seat to act in a state.

    A card index is a play, or a discard in Bid Whist's discard phase. The action need
    not be legal; :func:`action_mask` says which are.

    Raises:
        ActionIndexError: If ``index`` is out of range, or a state has no seat to act.
        ArgumentTypeError: If ``view_or_state`` is neither a view nor a state.
        ArgumentError: If a field of the view was replaced by a value no game makes.

    Example:
        >>> from tricktaking.rl.actions import action_from_index
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> action_from_index(state, 55)
        Bid(seat=1, tricks=1)
    """
    view = table_view(view_or_state)
    if view is not None:
        try:
            return _space_of(view).action(index, view.seat, view.phase)
        except TricktakingError:
            raise
        except FORGED_VIEW_ERRORS as error:  # a field replaced by a value no game makes
            raise forged_view_error(view, error) from error
    space = _space_of(view_or_state)
    seat = tt.actor(cast("tt.GameState[object]", view_or_state))
    if not isinstance(seat, int):
        raise ActionIndexError("no seat is to act in this state (a deal is due or it is over)")
    return space.action(index, seat, getattr(view_or_state, "phase", None))


def action_mask(view: PlayerView) -> npt.NDArray[np.bool_]:
    """A bool array over the action space, true exactly for the view's legal actions.

    Raises:
        ArgumentTypeError: If ``view`` is not a player view.

    Example:
        >>> from tricktaking.rl.actions import action_mask
        >>> import numpy as np
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.BidWhistConfig(min_bid=7))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> np.flatnonzero(action_mask(tt.view(state, 1))).tolist()
        [54, 73, 74, 75]
    """
    checked = checked_view(view)
    return _space_of(checked).mask(checked.legal_actions)
