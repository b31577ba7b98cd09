"""An exact solver for positions with every hand known ("double dummy").

Give it a state in trick play whose hands are all known (a true state, or a world drawn
by :mod:`tricktaking.worlds`) and it answers what perfect play from there is worth. The
question is the game's own, declared by its ``Game.solver`` plug-in:

- Bid Whist: how many tricks the side of the seat asked about takes in the rest of the
  deal (the trick in progress included), everyone playing perfectly;
- Wizard and Oh Hell: 1 if the seat can still end the deal with exactly its bid against
  any play of all the others together, else 0;
- One Card: how many card points the seat takes in the rest of the deal (the One Card
  included) against any play of the others.

Every function validates its arguments (a typed :class:`~tricktaking.errors.ArgumentError`,
and an :class:`~tricktaking.errors.ArgumentTypeError` for a wrong type), changes nothing,
and agrees with plain minimax over :func:`~tricktaking.engine.apply`. Needs the ``batch`` extra.

Example:
    >>> from tricktaking import solver
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.BidWhistConfig())
    >>> state = tt.apply(state, tt.deal(state, seed=4))
    >>> while not solver.in_trick_play(state):
    ...     state = tt.apply(state, tt.legal_actions(state)[-1])
    >>> while len(state.round.tricks) < 10:  # on to an ending with two tricks left
    ...     state = tt.apply(state, tt.legal_actions(state)[0])
    >>> values = solver.card_values(state)
    >>> max(values.values()) == solver.value(state)
    True
"""

from __future__ import annotations

from tricktaking.extras import MissingExtraError

try:
    import numba as _numba
    import numpy as _numpy
except ImportError as _missing:  # pragma: no cover - depends on the installed extras
    raise MissingExtraError(__name__, "batch") from _missing

from tricktaking.solver._api import (
    card_values,
    contract_table,
    forcible_tricks,
    in_trick_play,
    principal_line,
    value,
)
from tricktaking.solver_kit import Contract

del _numba, _numpy

__all__ = [
    "Contract",
    "card_values",
    "contract_table",
    "forcible_tricks",
    "in_trick_play",
    "principal_line",
    "value",
]
