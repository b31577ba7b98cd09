"""A Gymnasium vector environment on a batch simulator: the other seats play in the kernel.

Needs the ``batch`` and ``rl`` extras. Every sub-environment is one row of a
:class:`~tricktaking.batch.Simulator`; the learner plays ``seat`` in every game. The
other seats are played inside the compiled kernel, without Python between their
moves: uniformly random legal actions, the game's heuristic bot, or, for self-play, a
batched policy of yours, called once per round of their decisions with the
observations and masks of every game that needs one. Observations are the ``rl``
``"situation"`` layout of the learner's view, ``infos["action_mask"]`` (and
:meth:`BatchVectorEnv.action_masks`) the learner's legal actions. The reward of a step
is the learner's score change from its action until it is to act again, or the game
ends; a game that ends is reset in the same step (``AutoresetMode.SAME_STEP``), its
last observation in ``infos["final_obs"]``.

``gymnasium.make_vec(id, num_envs=N)`` makes one for every id that
:func:`tricktaking.rl.envs.register_gymnasium_envs` registers, when this extra is installed.

Example:
    >>> from tricktaking.batch.envs import BatchVectorEnv
    >>> import tricktaking as tt
    >>> env = BatchVectorEnv(tt.WizardConfig(players=4), num_envs=16, opponents="heuristic")
    >>> obs, infos = env.reset(seed=0)
    >>> obs.shape, infos["action_mask"].shape
    ((16, 477), (16, 74))
    >>> obs, rewards, terminations, truncations, infos = env.step(env.simulator.random_actions())
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Generator, Sequence
from typing import Any, Final, Literal, TypeAlias, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import tricktaking.batch._drivers as drivers
from tricktaking.arguments import count_argument
from tricktaking.batch._simulator import MAX_SIZE, BatchActionError, Simulator
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.rl.actions import action_space
from tricktaking.rl.observations import layout_for

__all__ = ["BatchVectorEnv", "OpponentKind", "OpponentPolicy"]

OpponentKind: TypeAlias = Literal["random", "heuristic", "policy"]
"""How the other seats of a sub-environment play (uniformly random legal actions, the
game's heuristic bot, or the environment's ``opponent_policy``)."""

OpponentPolicy: TypeAlias = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.bool_]], npt.ArrayLike
]
"""A batched policy for the other seats, from the observations ``(k, size)`` and masks
``(k, actions)`` of the ``k`` games waiting for one of them to ``k`` action indexes."""

_Step: TypeAlias = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float64],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
    dict[str, Any],
]  # a step's observations, rewards, terminations, truncations and infos

_KINDS: Final = {
    "random": drivers.RANDOM,
    "heuristic": drivers.HEURISTIC,
    "policy": drivers.CALLBACK,
}
_EVERY_STEP: Final = 10**9  # a game's moves: no cap on how far the others play


class BatchVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``config`` as one Gymnasium vector environment.

    Args:
        config: The config of a registered game with a batch kernel.
        num_envs: The number of games.
        seat: The learner's seat in every game.
        opponents: How the other seats play, for every game or one kind per game:
            ``"random"``, ``"heuristic"`` or ``"policy"`` (``opponent_policy`` decides).
        opponent_policy: The batched policy of ``"policy"`` opponents.
        encoding: ``"situation"`` (the only encoding the kernels write).
        illegal_action: ``"raise"``: an illegal learner action raises
            :class:`~tricktaking.batch.BatchActionError` (nothing changes);
            ``"terminate"``: its game ends with ``illegal_reward`` (and is reset).
        illegal_reward: The reward of an illegal action under ``"terminate"``.
        render_mode: ``None`` (a batch of card tables is not rendered).
        seed: Seeds the games until :meth:`reset` is given a seed.
        copy: Return a new observation array from every reset and step (the default);
            ``False`` returns the environment's own array, overwritten by the next
            step (faster, as in Gymnasium's ``SyncVectorEnv(copy=False)``).
        record: Keep each game's record, so that ``env.simulator.state_of(i)`` gives
            game ``i``'s state (slower; off by default).

    Raises:
        ArgumentTypeError: If an argument has the wrong type.
        ArgumentError: If ``seat`` is not at the table, a kind is unknown, ``opponents``
            lists another number of kinds than games, ``"policy"`` opponents have no
            ``opponent_policy``, or another encoding or render mode is asked for.

    Attributes:
        simulator: The batch simulator (every row waits for the learner after a reset
            or a step).
        seat: The learner's seat.

    Example:
        >>> from tricktaking.batch.envs import BatchVectorEnv
        >>> import numpy as np
        >>> import tricktaking as tt
        >>> def first_legal(observations, masks):
        ...     return masks.argmax(axis=1)
        >>> env = BatchVectorEnv(tt.OneCardConfig(players=3), num_envs=4, seat=1,
        ...                      opponents=["policy", "random", "heuristic", "policy"],
        ...                      opponent_policy=first_legal)
        >>> obs, infos = env.reset(seed=[1, 2, 3, 4])
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

    def __init__(
        self,
        config: object,
        num_envs: int = 4096,
        *,
        seat: int = 0,
        opponents: OpponentKind | Sequence[OpponentKind] = "random",
        opponent_policy: OpponentPolicy | None = None,
        encoding: str = "situation",
        illegal_action: Literal["raise", "terminate"] = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        seed: int = 0,
        copy: bool = True,
        record: bool = False,
    ) -> None:
        num_envs = count_argument("num_envs", num_envs, high=MAX_SIZE)
        self.simulator = Simulator(config, size=num_envs, seed=seed, record=bool(record))
        players = self.simulator.players
        if type(seat) is not int:
            raise ArgumentTypeError(f"seat must be an int, not {safe_repr(seat)}")
        if not 0 <= seat < players:
            raise ArgumentError(f"seat must be 0 to {players - 1}, not {safe_repr(seat)}")
        if encoding != "situation":
            raise ArgumentError(
                "the batch environment observes the 'situation' encoding, "
                f"not {safe_repr(encoding)}"
            )
        if render_mode is not None:
            raise ArgumentError("a batch environment renders nothing: render_mode must be None")
        if illegal_action not in ("raise", "terminate"):
            raise ArgumentError(
                f"illegal_action must be 'raise' or 'terminate', not {safe_repr(illegal_action)}"
            )
        if type(illegal_reward) not in (int, float) or not math.isfinite(illegal_reward):
            raise ArgumentTypeError(
                f"illegal_reward must be a finite number, not {safe_repr(illegal_reward)}"
            )
        if opponent_policy is not None and not callable(opponent_policy):
            raise ArgumentTypeError(
                f"opponent_policy must be a function or None, not {safe_repr(opponent_policy)}"
            )
        kinds = _kinds(opponents, num_envs)
        if (kinds == drivers.CALLBACK).any() and opponent_policy is None:
            raise ArgumentError("'policy' opponents need an opponent_policy")
        game = self.simulator.game.name
        lay = layout_for(game, players)
        low, high = lay.bounds()
        self.config = config
        self.seat = seat
        self.num_envs = num_envs
        self.render_mode: str | None = None
        self.illegal_action = illegal_action
        self.illegal_reward: float = float(illegal_reward)
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(action_space(game, players).size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._policies = np.repeat(kinds[:, None], players, axis=1).astype(np.int8)
        self._opponent_policy = opponent_policy
        self._asks_policy = bool((kinds == drivers.CALLBACK).any())
        self._learner = np.full(num_envs, seat, np.int64)
        self._seats = np.full(num_envs, seat, np.int64)
        self._left = np.zeros(num_envs, np.int64)
        self._never = np.full(num_envs, -1, np.int64)
        self._before = np.zeros(num_envs, np.float64)
        self._obs = np.zeros((num_envs, lay.size), np.float32)
        self._copy = bool(copy)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game in every sub-environment.

        Args:
            seed: ``None`` (the games go on from the streams as they are), one seed for
                every game, or a list of one seed per game (each game then depends on
                its own seed only).
            options: Unused.

        Raises:
            ArgumentTypeError: If ``seed`` is neither ``None``, an ``int`` nor a list of them.
            ArgumentError: If a list of seeds does not have one per game.
        """
        sim = self.simulator
        with self._all_or_nothing():
            if seed is not None:
                sim.reseed(seed)
            sim.reset()
            self._others_play()
        self._before = self._scores()
        return self._observations(), {"action_mask": self.action_masks()}

    def step(self, actions: npt.ArrayLike) -> _Step:
        """The learner acts in every game; the others play until it is to act again.

        Raises:
            BatchActionError: If ``actions`` is not one integer per game, (with
                ``illegal_action="raise"``) an action is illegal, or the opponents'
                policy answers with anything but legal actions: nothing changes then (an
                error the policy raises also leaves every game as it was).
        """
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise BatchActionError(
                f"step needs {self.num_envs} integer actions, not an array of shape "
                f"{chosen.shape} and type {chosen.dtype}"
            )
        with self._all_or_nothing():
            return self._step(chosen)

    @contextlib.contextmanager
    def _all_or_nothing(self) -> Generator[None]:
        """Put every game back as it was if the opponents' policy fails.

        A policy opponent answers after the learner's actions are in; without one, every
        error comes before anything changes.
        """
        if not self._asks_policy:
            yield
            return
        sim = self.simulator
        saved = sim._rows.saved()
        try:
            yield
        except BaseException:
            sim._rows.restore(saved)
            sim._mask = None
            raise

    def _step(self, chosen: npt.NDArray[np.integer[Any]]) -> _Step:
        sim = self.simulator
        illegal = np.zeros(self.num_envs, np.bool_)
        if self.illegal_action == "terminate":
            inside = (chosen >= 0) & (chosen < sim.action_size)
            mask = sim.legal_mask()
            illegal = ~inside
            illegal[inside] = ~mask[np.flatnonzero(inside), chosen[inside]]
            sim.step(np.where(illegal, 0, chosen), where=~illegal)
        else:
            sim.step(chosen)
        self._others_play()
        over = sim.done | illegal
        scores = self._scores()
        rewards = np.where(illegal, self.illegal_reward, scores - self._before)
        infos: dict[str, Any] = {}
        if over.any():
            infos = self._final_infos(over, illegal)
            sim.reset(over)
            self._others_play()
            scores = self._scores()
        self._before = scores
        infos["action_mask"] = self.action_masks()
        truncations = np.zeros(self.num_envs, np.bool_)
        return self._observations(), rewards, over, truncations, infos

    def _final_infos(
        self, over: npt.NDArray[np.bool_], illegal: npt.NDArray[np.bool_]
    ) -> dict[str, Any]:
        """The infos of the games that ended, as Gymnasium's ``_add_info`` builds them.

        ``final_obs`` holds each ended game's last observation (``None`` elsewhere) and
        ``final_info`` its last action mask (and ``illegal_action``), each beside its
        ``_key`` mask; built at once for every ended game rather than one at a time.
        """
        sim = self.simulator
        final = np.zeros_like(self._obs)
        sim._rows.observe(over, self._seats, sim._layout_offsets()[:-1], final)
        ended = np.flatnonzero(over)
        final_obs = np.full(self.num_envs, None, dtype=object)
        final_obs[ended] = list(final[ended])
        masks = np.zeros_like(sim.legal_mask())
        masks[ended] = sim.legal_mask()[ended]
        info: dict[str, Any] = {"action_mask": masks, "_action_mask": over.copy()}
        if illegal.any():
            info["illegal_action"], info["_illegal_action"] = illegal.copy(), illegal.copy()
        return {
            "final_obs": final_obs,
            "_final_obs": over.copy(),
            "final_info": info,
            "_final_info": over.copy(),
        }

    def _scores(self) -> npt.NDArray[np.float64]:
        scores: npt.NDArray[np.float64] = self.simulator.scores[:, self.seat].astype(np.float64)
        return scores

    def _observations(self) -> npt.NDArray[np.float32]:
        observed = self.simulator.observe(self._seats, out=self._obs)
        return observed.copy() if self._copy else observed

    def _others_play(self) -> None:
        """Play every game's other seats until the learner is to act or the game is over."""
        sim = self.simulator
        rows = sim._rows
        while True:
            self._left[:] = _EVERY_STEP
            _, waiting = rows.play(self._left, self._policies, self._learner, self._never, False)
            sim._mask = None
            if not waiting.any():
                return
            self._ask_policy(waiting)

    def _ask_policy(self, waiting: npt.NDArray[np.bool_]) -> None:
        """One round of the opponents' policy over every game waiting for it."""
        sim = self.simulator
        rows = np.flatnonzero(waiting)
        seats = sim.actor.astype(np.int64)
        observations = np.zeros((sim.size, self._obs.shape[1]), np.float32)
        sim._rows.observe(waiting, seats, sim._layout_offsets()[:-1], observations)
        masks = sim.legal_mask()[rows]
        assert self._opponent_policy is not None  # "policy" opponents were checked for it
        answer = np.asarray(self._opponent_policy(observations[rows], masks))
        if answer.shape != (len(rows),) or not np.issubdtype(answer.dtype, np.integer):
            raise BatchActionError(
                f"the opponent policy must give {len(rows)} integer actions, not an array of "
                f"shape {answer.shape} and type {answer.dtype}"
            )
        actions = np.zeros(sim.size, np.int64)
        actions[rows] = answer
        sim.step(actions, where=waiting)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, actions)``: the learner's legal actions in every game (a copy)."""
        return self.simulator.legal_mask().copy()


def _kinds(opponents: object, num_envs: int) -> npt.NDArray[np.int8]:
    """The policy code of each game's opponents."""
    if isinstance(opponents, str):
        chosen: list[object] = [opponents] * num_envs
    elif isinstance(opponents, list | tuple):
        chosen = list(cast("Sequence[object]", opponents))
        if len(chosen) != num_envs:
            raise ArgumentError(
                f"opponents lists {len(chosen)} kinds for {num_envs} games: give one kind, "
                "or one per game"
            )
    else:
        raise ArgumentTypeError(
            f"opponents must be a kind or a list of one kind per game, not {safe_repr(opponents)}"
        )
    codes = np.zeros(num_envs, np.int8)
    for index, kind in enumerate(chosen):
        code = _KINDS.get(kind) if isinstance(kind, str) else None
        if code is None:
            raise ArgumentError(
                f"an opponent kind is 'random', 'heuristic' or 'policy', not {safe_repr(kind)}"
            )
        codes[index] = code
    return codes
