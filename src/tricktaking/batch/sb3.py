"""A Stable-Baselines3 ``VecEnv`` over :class:`~tricktaking.batch.envs.BatchVectorEnv`.

Stable-Baselines3 trains on its own vector-environment interface, not Gymnasium's: a
``VecEnv`` whose ``reset`` returns only observations, whose ``step`` returns one info
dict per environment (``"terminal_observation"`` where an episode ended), and whose
methods are reached through ``env_method``. :class:`SB3VecEnv` gives that interface to
the compiled batch environment, with ``action_masks`` for sb3-contrib's ``MaskablePPO``
(which reads the legal actions through ``env_method("action_masks")``).

Needs the ``batch`` and ``rl`` extras and ``stable-baselines3`` (``pip install
sb3-contrib`` brings it, with PyTorch).

Example:
    >>> from tricktaking.batch.envs import BatchVectorEnv
    >>> from tricktaking.batch.sb3 import SB3VecEnv
    >>> import tricktaking as tt
    >>> env = SB3VecEnv(BatchVectorEnv(tt.WizardConfig(players=4), num_envs=8))
    >>> env.seed(3)
    [3, 4, 5, 6, 7, 8, 9, 10]
    >>> obs = env.reset()
    >>> obs.shape, len(env.env_method("action_masks"))
    ((8, 477), 8)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from stable_baselines3.common.vec_env import VecEnv
    from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices
except ImportError as _missing:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "tricktaking.batch.sb3 needs stable-baselines3: pip install sb3-contrib "
        "(or stable-baselines3)"
    ) from _missing

from tricktaking.batch.envs import BatchVectorEnv

__all__ = ["SB3VecEnv"]


class SB3VecEnv(VecEnv):
    """``env`` as a Stable-Baselines3 vector environment.

    Stable-Baselines3's conventions: ``reset()`` returns observations only, seeded by
    ``seed()`` (one seed per game, ``seed + i``) when it was called; ``step`` returns
    ``(observations, rewards, dones, infos)``, a game that ended already reset (its
    last observation in ``infos[i]["terminal_observation"]``); ``env_method`` and
    ``get_attr`` reach the batch environment, which is one object for every game.

    Args:
        env: The batch environment (its games, learner seat and opponents).

    Example:
        >>> from tricktaking.batch.envs import BatchVectorEnv
        >>> from tricktaking.batch.sb3 import SB3VecEnv
        >>> import numpy as np
        >>> import tricktaking as tt
        >>> env = SB3VecEnv(BatchVectorEnv(tt.OneCardConfig(players=2), num_envs=4))
        >>> obs = env.reset()
        >>> masks = np.stack(env.env_method("action_masks"))
        >>> obs, rewards, dones, infos = env.step(masks.argmax(axis=1))
        >>> rewards.shape, len(infos)
        ((4,), 4)
    """

    def __init__(self, env: BatchVectorEnv) -> None:
        if not isinstance(env, BatchVectorEnv):
            raise TypeError(f"SB3VecEnv wraps a BatchVectorEnv, not {type(env).__name__[:40]}")
        self.env = env
        super().__init__(  # pyright: ignore[reportUnknownMemberType]  # SB3's own types
            env.num_envs, env.single_observation_space, env.single_action_space
        )
        self._actions = np.zeros(env.num_envs, np.int64)

    def reset(self) -> npt.NDArray[np.float32]:
        """Start a new game in every environment; the observations."""
        seeds = self._seeds
        seed = None if all(s is None for s in seeds) else [int(s or 0) for s in seeds]
        observations, _ = self.env.reset(seed=seed)
        self._reset_seeds()
        return observations

    def step_async(self, actions: npt.NDArray[np.int64]) -> None:
        """Remember the actions for :meth:`step_wait`."""
        self._actions = np.asarray(actions)

    def step_wait(
        self,
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        list[dict[str, Any]],
    ]:
        """The learner acts in every game, the others play; finished games are reset."""
        observations, rewards, terminations, truncations, infos = self.env.step(self._actions)
        dones = terminations | truncations
        finished = infos.get("_final_obs", np.zeros(self.num_envs, np.bool_))
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for row in np.flatnonzero(finished).tolist():
            out[row]["terminal_observation"] = infos["final_obs"][row]
            out[row]["TimeLimit.truncated"] = bool(truncations[row])
        return observations, rewards.astype(np.float32), dones, out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, actions)``: the learner's legal actions in every game."""
        return self.env.action_masks()

    def close(self) -> None:
        """Nothing to release."""

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The batch environment's attribute, once per environment asked for."""
        value = getattr(self.env, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Set an attribute of the batch environment (one object for every game)."""
        setattr(self.env, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: VecEnvIndices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """A method of the batch environment: ``"action_masks"`` gives each game's row."""
        chosen = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[row] for row in chosen]
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result for _ in chosen]

    def env_is_wrapped(
        self,
        wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]],
        indices: VecEnvIndices = None,
    ) -> list[bool]:
        """No game is wrapped."""
        return [False for _ in self._get_indices(indices)]

    def _get_indices(self, indices: VecEnvIndices) -> Iterable[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return list(indices)
