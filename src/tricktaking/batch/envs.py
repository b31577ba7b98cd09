"""A Gymnasium vector environment over a batch simulator: one learner seat per game.

Needs the ``batch`` and ``rl`` extras. Every sub-environment is one row of a
:class:`~tricktaking.batch.Simulator`; the learner plays ``seat`` in every game and the
other seats are played by the simulator's uniform random policy, batched. Observations
are the ``rl`` ``"situation"`` layout of the learner's view, ``infos["action_mask"]``
(and :meth:`BatchVectorEnv.action_masks`) the learner's legal actions. The reward of a
step is the learner's score change from its action until it is to act again, or the
game ends; a game that ends is reset in the same step (``AutoresetMode.SAME_STEP``),
its last observation in ``infos["final_obs"]``.

Example:
    >>> from tricktaking.batch.envs import BatchVectorEnv
    >>> import tricktaking as tt
    >>> env = BatchVectorEnv(tt.WizardConfig(players=4), num_envs=16)
    >>> obs, infos = env.reset(seed=0)
    >>> obs.shape, infos["action_mask"].shape
    ((16, 477), (16, 74))
    >>> obs, rewards, terminations, truncations, infos = env.step(env.simulator.random_actions())
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from tricktaking.batch._simulator import Simulator
from tricktaking.rl.actions import action_space
from tricktaking.rl.observations import layout_for

__all__ = ["BatchVectorEnv"]

_MAX_SEED = 2**31


class BatchVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``config`` as one Gymnasium vector environment.

    Args:
        config: The config of a registered game with batch rules.
        num_envs: The number of games.
        seat: The learner's seat in every game.
        seed: Seeds the simulator until :meth:`reset` is given a seed.

    Raises:
        ValueError: If ``seat`` is not a seat of the game.

    Attributes:
        simulator: The batch simulator (every row waits for the learner after a reset
            or a step).
        seat: The learner's seat.

    Example:
        >>> from tricktaking.batch.envs import BatchVectorEnv
        >>> import tricktaking as tt
        >>> env = BatchVectorEnv(tt.OneCardConfig(players=3), num_envs=4, seat=1)
        >>> obs, infos = env.reset(seed=1)
        >>> bool(infos["action_mask"].any(axis=1).all())
        True
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012
    simulator: Simulator
    seat: int
    observation_space: spaces.Space[Any]
    action_space: spaces.Space[Any]
    single_observation_space: spaces.Space[Any]
    single_action_space: spaces.Space[Any]

    def __init__(self, config: object, num_envs: int = 4096, *, seat: int = 0, seed: int = 0):
        self.simulator = Simulator(config, size=num_envs, seed=seed)
        players = self.simulator.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        game = self.simulator.game.name
        lay = layout_for(game, players)
        low, high = lay.bounds()
        self.config = config
        self.seat = seat
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(action_space(game, players).size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seats = np.full(num_envs, seat, np.int64)
        self._before = np.zeros(num_envs, np.float64)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game in every sub-environment; ``seed`` fixes every deal and policy."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is not None:
            self.simulator = Simulator(self.config, size=self.num_envs, seed=seed)
        else:
            self.simulator.reset()
        self._others_play()
        self._before = self.simulator.scores[:, self.seat].astype(np.float64)
        return self.simulator.observe(self._seats), {"action_mask": self.action_masks()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """The learner acts in every game; the others play until it is to act again.

        Raises:
            BatchActionError: If an action is illegal for the learner.
        """
        sim = self.simulator
        sim.step(np.asarray(actions))
        self._others_play()
        over = sim.done.copy()
        scores = sim.scores[:, self.seat].astype(np.float64)
        rewards = scores - self._before
        infos: dict[str, Any] = {}
        if over.any():
            final = sim.observe(self._seats)
            final_obs = np.empty(self.num_envs, dtype=object)
            for row in np.flatnonzero(over):
                final_obs[row] = final[row]
            infos["final_obs"] = final_obs
            infos["_final_obs"] = over
            sim.reset(over)
            self._others_play()
            scores = sim.scores[:, self.seat].astype(np.float64)
        self._before = scores
        infos["action_mask"] = self.action_masks()
        truncations = np.zeros(self.num_envs, np.bool_)
        return sim.observe(self._seats), rewards, over, truncations, infos

    def _others_play(self) -> None:
        """Step every game whose actor is not the learner until it is, or the game ends."""
        sim = self.simulator
        while True:
            waiting = (sim.actor != self.seat) & ~sim.done
            if not waiting.any():
                return
            sim.step(sim.random_actions(), where=waiting)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, actions)``: the learner's legal actions in every game."""
        return self.simulator.legal_mask().copy()
