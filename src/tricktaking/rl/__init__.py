"""Learning interfaces: fixed action indexes, documented observation arrays, environments.

Needs the optional extra (NumPy, Gymnasium, PettingZoo): ``pip install 'tricktaking[rl]'``,
or ``pip install '.[rl]'`` from a clone of the repository. Everything here starts from a
player's *view*, never from a state, so an observation cannot hold a card its seat may not
see.

- :mod:`tricktaking.rl.actions`: ``action_index``, ``action_from_index`` and
  ``action_mask`` over a fixed ``ActionSpace`` per game and number of seats.
- :mod:`tricktaking.rl.observations`: ``encode`` a view into a fixed-shape ``float32``
  array whose ``Layout`` documents every field.
- :mod:`tricktaking.rl.envs`: a PettingZoo ``TricktakingAECEnv`` and a Gymnasium
  ``TricktakingEnv`` whose other seats are bots.

Every name is also importable from ``tricktaking.rl`` itself.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking import rl
    >>> state = tt.new_game(tt.WizardConfig(players=4))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> view = tt.view(state, 1)
    >>> rl.encode(view).shape == rl.layout(view).shape
    True
    >>> int(rl.action_mask(view).sum()) == len(view.legal_actions)
    True
"""

from __future__ import annotations

from tricktaking.extras import MissingExtraError, missing_modules

if missing_modules("gymnasium", "numpy", "pettingzoo"):
    raise MissingExtraError(__name__, "rl")  # pragma: no cover - depends on the extras

from tricktaking.rl.actions import (
    ActionIndexError,
    ActionSpace,
    action_from_index,
    action_index,
    action_mask,
    action_space,
)
from tricktaking.rl.envs import TricktakingAECEnv, TricktakingEnv
from tricktaking.rl.observations import (
    LAYOUT_VERSION,
    Encoding,
    Field,
    Layout,
    encode,
    layout,
    layout_for,
    supported_games,
)

__all__ = [
    "LAYOUT_VERSION",
    "ActionIndexError",
    "ActionSpace",
    "Encoding",
    "Field",
    "Layout",
    "TricktakingAECEnv",
    "TricktakingEnv",
    "action_from_index",
    "action_index",
    "action_mask",
    "action_space",
    "encode",
    "layout",
    "layout_for",
    "supported_games",
]
