"""Environments: a PettingZoo AEC environment and a single-agent Gymnasium environment.

Both deal from seeds: ``reset(seed=s)`` makes the game's ``k``-th deal
``tt.deal(state, derive_seed(s, "deal", k))`` (``tricktaking.seeding.derive_seed``), so a
seed replays the same game for the same actions. Rewards are score changes: what the
step added to each seat's cumulative score (a Bid Whist team's change goes to both
partners). Actions are the indexes of :mod:`tricktaking.rl.actions`; observations are
:func:`~tricktaking.rl.observations.encode` of the seat's view.

Example:
    >>> from tricktaking.rl.envs import TricktakingAECEnv
    >>> import tricktaking as tt
    >>> env = TricktakingAECEnv(tt.OneCardConfig(players=3))
    >>> env.reset(seed=7)
    >>> env.agent_selection
    'player_1'
    >>> sorted(env.observe("player_1"))
    ['action_mask', 'observation']
"""

from __future__ import annotations

import importlib.util
import math
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import tricktaking as tt
from tricktaking.actions import CHANCE
from tricktaking.arguments import is_exact_int
from tricktaking.bots import BOT_KINDS, Bot, BotFactory, make_bot
from tricktaking.engine import GameState, PlayerView
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError, safe_repr
from tricktaking.render import svg as render_svg
from tricktaking.rl._args import int_in, one_of
from tricktaking.rl._context import spec_of
from tricktaking.rl._games import learning_game, supported_games
from tricktaking.rl._text import describe
from tricktaking.rl.actions import ActionIndexError, ActionSpace, action_space
from tricktaking.rl.observations import LAYOUT_VERSION, Encoding, Layout, encode, layout_for
from tricktaking.seeding import derive_seed

if TYPE_CHECKING:  # PettingZoo ships no type information: its class as it declares it
    from tricktaking.rl._aec_types import AECEnv
else:
    from pettingzoo import AECEnv

__all__ = [
    "GYMNASIUM_ID",
    "IllegalAction",
    "Opponents",
    "TricktakingAECEnv",
    "TricktakingEnv",
    "gymnasium_id",
    "register_gymnasium_envs",
]

Observation: TypeAlias = dict[str, npt.NDArray[Any]]
"""What an agent observes, ``{"observation": float32 array, "action_mask": int8 array}``."""

IllegalAction: TypeAlias = Literal["raise", "terminate"]
"""What :class:`TricktakingEnv` does with an illegal action, ``"raise"``
:class:`~tricktaking.errors.IllegalActionError` or ``"terminate"`` the episode."""

Opponents: TypeAlias = str | BotFactory | Sequence[str | BotFactory]
"""The bots of the other seats, as a :func:`~tricktaking.bots.make_bot` kind or a factory
(seed → bot) for all of them, or one per other seat in seat order."""

_MAX_SEED = 2**63


class _Table:
    """A game dealt from a master seed: the state, and the deals made so far."""

    def __init__(self, config: object) -> None:
        self.config = config
        self.state: GameState[object] = tt.new_game(config)
        self.master = 0
        self.deals = 0

    def restart(self, master: int) -> None:
        self.state = tt.new_game(self.config)
        self.master = master
        self.deals = 0
        self.deal_due()

    def deal_due(self) -> None:
        """Make every deal that is due, each from its own derived seed."""
        while tt.actor(self.state) is CHANCE:
            seed = derive_seed(self.master, "deal", self.deals)
            self.state = tt.apply(self.state, tt.deal(self.state, seed))
            self.deals += 1


def _spaces(config: object, encoding: Encoding) -> tuple[str, int, Layout, ActionSpace]:
    try:
        state = tt.new_game(config)
    except TypeError:
        raise ArgumentTypeError(
            f"config must be a registered game's configuration, not {safe_repr(config)}"
        ) from None
    spec, players = spec_of(state)
    return (
        spec.name,
        players,
        layout_for(spec.name, players, encoding),
        action_space(spec.name, players),
    )


def _box(lay: Layout) -> spaces.Box:
    low, high = lay.bounds()
    return spaces.Box(low=low, high=high, dtype=np.float32)


_RENDER_MODES = ("human", "ansi", "svg")


def _render_mode(render_mode: object) -> str | None:
    """A supported render mode, or ``None`` (with a warning) for a mode no table draws.

    Gymnasium's convention: ``gymnasium.make`` warns about a mode an environment does not
    declare and builds it anyway, and Stable-Baselines3's ``make_vec_env`` asks every
    environment for ``"rgb_array"``; so an unknown mode warns instead of raising.
    """
    if render_mode is None:
        return None
    if type(render_mode) is not str:
        raise ArgumentTypeError(f"render_mode must be a str or None, not {safe_repr(render_mode)}")
    if render_mode in _RENDER_MODES:
        return render_mode
    warnings.warn(
        f"render_mode {safe_repr(render_mode)} is not one of 'human', 'ansi', 'svg': "
        "nothing is rendered (render() returns None)",
        UserWarning,
        stacklevel=3,
    )
    return None


def _rendered(render_mode: str | None, view: PlayerView) -> str | None:
    """``view`` as text (``"ansi"``), as an SVG picture (``"svg"``), printed (``"human"``)."""
    if render_mode == "ansi":
        return describe(view)
    if render_mode == "svg":
        return str(render_svg(view))
    if render_mode == "human":
        sys.stdout.write(describe(view) + "\n\n")
    return None


class TricktakingAECEnv(AECEnv[str, Observation, int]):
    """A PettingZoo AEC environment for a game of any registered config.

    Agents are ``"player_0"`` … (agent ``i`` is seat ``i``). Each observation is a dict
    with ``"observation"`` (the seat's encoded view) and ``"action_mask"`` (``int8``, 1
    for each legal action index). An episode is one whole game; deals are made from
    the reset seed. An illegal action raises
    :class:`~tricktaking.errors.IllegalActionError` and changes nothing.

    Args:
        config: The game's configuration, e.g. ``tt.WizardConfig(players=4, rounds=3)``.
        encoding: ``"situation"`` or ``"infostate"``.
        render_mode: ``None``, ``"human"`` (the text of ``"ansi"`` printed to standard
            output after every reset and step), ``"ansi"`` (``render()`` returns text)
            or ``"svg"`` (an SVG picture of the table, by :func:`tricktaking.render.svg`).
            Any other mode (such as ``"rgb_array"``) warns and renders nothing.

    Once the game is over every agent is terminated: each one's ``step(None)`` removes
    it from ``agents`` (PettingZoo's convention). Afterwards :meth:`last` reports
    the selected agent's final observation as terminated, with no further reward, and
    :meth:`step` warns and changes nothing until :meth:`reset`.

    Raises:
        ArgumentTypeError: If ``config`` is not a registered game's configuration, or
            ``encoding`` or ``render_mode`` is not a ``str``.
        ArgumentError: If ``encoding`` is unknown or the game has no learning interface.

    Example:
        >>> from tricktaking.rl.envs import TricktakingAECEnv
        >>> import tricktaking as tt
        >>> env = TricktakingAECEnv(tt.WizardConfig(players=3, rounds=1))
        >>> env.reset(seed=1)
        >>> while env.agents:
        ...     obs, reward, done, truncated, info = env.last()
        ...     env.step(None if done else int(obs["action_mask"].argmax()))
        >>> env.metadata["name"]
        'tricktaking_wizard_v1'
    """

    possible_agents: list[str]
    agents: list[str]
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    agent_selection: str

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": list(_RENDER_MODES),
        "render_fps": 1,
        "name": "tricktaking",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: object,
        *,
        encoding: Encoding = "situation",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game, players, lay, space = _spaces(config, encoding)
        self.metadata = {**self.metadata, "name": f"tricktaking_{game}_v{LAYOUT_VERSION}"}
        self.render_mode: str | None = _render_mode(render_mode)
        self.encoding: Encoding = encoding
        self.layout = lay
        self.actions = space
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        # one space object per agent, so that seeding one does not seed the others
        self.observation_spaces: dict[str, spaces.Space[Observation]] = {
            agent: cast(
                "spaces.Space[Observation]",
                spaces.Dict(
                    {
                        "observation": _box(lay),
                        "action_mask": spaces.Box(0, 1, shape=(space.size,), dtype=np.int8),
                    }
                ),
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[int]] = {
            agent: cast("spaces.Space[int]", spaces.Discrete(space.size))
            for agent in self.possible_agents
        }
        self._table = _Table(config)
        self._base_seed: int | None = None
        self._unseeded_resets = 0
        self._reset_bookkeeping()

    @property
    def state_of_game(self) -> GameState[object]:
        """The current game state, which holds hidden information; for tests and tools."""
        return self._table.state

    def _seat(self, agent: object) -> int:
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            raise ArgumentError(
                f"no agent {safe_repr(agent)}: the agents are player_0 to "
                f"player_{len(self.possible_agents) - 1}"
            )
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call).

        Raises:
            ArgumentError: If ``agent`` is not one of ``possible_agents``.
        """
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(size of the action space)``.

        Raises:
            ArgumentError: If ``agent`` is not one of ``possible_agents``.
        """
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def _reset_bookkeeping(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` determines every deal.

        Without a seed, the game's seed is derived from the last seed given and the
        number of resets since (from fresh entropy if no seed was ever given). A seed is
        any ``int``, negative or huge, as for :func:`~tricktaking.engine.deal`.

        Raises:
            ArgumentTypeError: If ``seed`` is neither ``None`` nor an ``int`` (a ``bool``
                or a NumPy integer is not).
        """
        if seed is not None:
            if not is_exact_int(seed):
                raise ArgumentTypeError(f"seed must be an int or None, not {safe_repr(seed)}")
            self._base_seed, self._unseeded_resets = seed, 0
            master = seed
        else:
            if self._base_seed is None:
                entropy = np.random.SeedSequence().entropy  # an int when made without one
                self._base_seed = entropy if isinstance(entropy, int) else 0
            self._unseeded_resets += 1
            master = derive_seed(self._base_seed, "reset", self._unseeded_resets)
        self._table.restart(master)
        self._reset_bookkeeping()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        seat = tt.actor(self._table.state)
        if isinstance(seat, int):
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent``: its encoded view and its action mask.

        Raises:
            ArgumentError: If ``agent`` is not one of ``possible_agents``.
        """
        view = tt.view(self._table.state, self._seat(agent))
        return {
            "observation": encode(view, self.encoding),
            "action_mask": self.actions.mask(view.legal_actions).astype(np.int8),
        }

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info.

        The reward is the agent's since it last acted. After the game, once every agent
        has stepped ``None`` and left ``agents``, it is the selected agent's final
        observation, a reward of 0 and terminated.
        """
        agent = self.agent_selection
        if agent in self.terminations:
            return super().last(observe)
        return (self.observe(agent) if observe else None, 0.0, True, False, {})

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action index (``None`` once it is terminated).

        After the game, when no agent is left, it warns and changes nothing (as
        PettingZoo's order-enforcing wrapper does): call :meth:`reset`.

        Raises:
            IllegalActionError: If the action is not legal; nothing changes.
            ActionIndexError: If ``action`` is not an index of the action space, or is
                not ``None`` for a terminated agent.
        """
        if not self.agents:
            warnings.warn(
                "step() called after every agent is done: call reset() first",
                UserWarning,
                stacklevel=2,
            )
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ActionIndexError(
                    f"{agent} is done: its only action is None, not {safe_repr(action)}"
                )
            self._was_dead_step(cast("int", action))  # PettingZoo types it int; it is None
            return
        if action is None:
            raise ActionIndexError(f"{agent} is to act: its action cannot be None")
        table = self._table
        state = table.state
        move = self.actions.action(action, self._seat(agent), _phase(state))
        before = tt.scores(state)
        table.state = tt.apply(state, move)
        table.deal_due()
        after = tt.scores(table.state)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {
            name: float(after[seat] - before[seat]) for seat, name in enumerate(self.agents)
        }
        if tt.is_over(table.state):
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The selected agent's view: text or SVG by ``render_mode``, printed for ``"human"``.

        ``"human"`` returns ``None``, as does no render mode.
        """
        seat = self._seat(self.agent_selection)
        return _rendered(self.render_mode, tt.view(self._table.state, seat))

    def close(self) -> None:
        """Nothing to release."""


def _phase(state: GameState[object]) -> object:
    return getattr(state, "phase", None)


def _factories(game: str, opponents: object, others: int) -> list[BotFactory]:
    def factory(choice: object) -> BotFactory:
        if type(choice) is str:
            if choice not in BOT_KINDS:
                raise ArgumentError(
                    f"no {safe_repr(choice)} bot for {game!r}; kinds: {', '.join(BOT_KINDS)}"
                )
            make_bot(choice, game)  # a kind the game cannot use raises now, not at reset

            def made(seed: int, kind: str = choice) -> Bot:
                return make_bot(kind, game, seed)

            return made
        if callable(choice):
            return cast("BotFactory", choice)
        raise ArgumentTypeError(
            f"an opponent is a bot kind or a factory (seed -> bot), not {safe_repr(choice)}"
        )

    if isinstance(opponents, str) or callable(opponents):
        return [factory(opponents)] * others
    if not isinstance(opponents, list | tuple):
        raise ArgumentTypeError(
            "opponents must be a bot kind, a factory, or a list of them, not "
            + safe_repr(opponents)
        )
    chosen = list(cast("Sequence[object]", opponents))
    if len(chosen) != others:
        raise ArgumentError(f"opponents lists {len(chosen)} bots for {others} other seats")
    return [factory(choice) for choice in chosen]


def _reward(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(f"illegal_reward must be a number, not {safe_repr(value)}")
    try:
        reward = float(value)
    except OverflowError:
        reward = math.inf
    if not math.isfinite(reward):
        raise ArgumentError(f"illegal_reward must be a finite number, not {safe_repr(value)}")
    return reward


def _bot(bot: object) -> Bot:
    if not callable(getattr(bot, "act", None)):
        raise ArgumentTypeError(f"an opponent factory made {safe_repr(bot)}, not a bot")
    return cast("Bot", bot)


class TricktakingEnv(gymnasium.Env[npt.NDArray[np.float32], int]):
    """A single-agent Gymnasium environment: one seat learns, bots play the others.

    The observation is the learner's encoded view; ``info["action_mask"]`` (and
    :meth:`action_masks`) give the legal action indexes. An episode is one whole game;
    the reward of a step is the learner's score change from its action until it is to
    act again (or the game ends). Deals and bots are seeded from the reset seed.

    Args:
        config: The game's configuration.
        seat: The learner's seat.
        opponents: Bots for the other seats (default: random bots).
        encoding: ``"situation"`` or ``"infostate"``.
        illegal_action: ``"raise"`` (default) raises
            :class:`~tricktaking.errors.IllegalActionError`; ``"terminate"`` ends the
            episode with ``illegal_reward`` (for algorithms that do not mask actions,
            and for ``gymnasium.utils.env_checker.check_env``, which samples any action).
        illegal_reward: The reward of an illegal action under ``"terminate"``: a
            finite number.
        render_mode: ``None``, ``"human"`` (the learner's view printed after every reset
            and step), ``"ansi"`` or ``"svg"``. Any other mode warns and renders nothing:
            ``make_vec_env`` of Stable-Baselines3 asks for ``"rgb_array"``, which a card
            table does not draw.

    Raises:
        ArgumentTypeError: If an argument has the wrong type: a ``config`` that is not a
            registered game's configuration, a ``seat`` that is not an ``int`` (a
            ``bool`` is not), an opponent that is neither a kind nor a callable.
        ArgumentError: If a value is out of range: a ``seat`` not at the table, an
            unknown bot kind, encoding or ``illegal_action``, a list of opponents that
            does not have one per other seat, a non-finite ``illegal_reward``.

    Example:
        >>> from tricktaking.rl.envs import TricktakingEnv
        >>> import numpy as np
        >>> import tricktaking as tt
        >>> env = TricktakingEnv(tt.OneCardConfig(players=2), opponents="heuristic")
        >>> obs, info = env.reset(seed=3)
        >>> obs.shape == env.observation_space.shape, info["action_mask"].dtype
        (True, dtype('bool'))
        >>> done = False
        >>> while not done:
        ...     action = int(np.flatnonzero(env.action_masks())[0])
        ...     obs, reward, done, truncated, info = env.step(action)
        >>> len(tt.winners(env.state_of_game))
        1
    """

    illegal_reward: float
    observation_space: spaces.Space[npt.NDArray[np.float32]]
    action_space: spaces.Space[int]

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        config: object,
        *,
        seat: int = 0,
        opponents: Opponents = "random",
        encoding: Encoding = "situation",
        illegal_action: IllegalAction = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        game, players, lay, space = _spaces(config, encoding)
        self.seat: int = int_in(seat, "seat", range(players))
        self.illegal_action: IllegalAction = one_of(
            illegal_action, "illegal_action", ("raise", "terminate")
        )
        self.illegal_reward = _reward(illegal_reward)
        self.render_mode: str | None = _render_mode(render_mode)
        self.encoding: Encoding = encoding
        self.layout = lay
        self.actions = space
        self.observation_space = cast("spaces.Space[npt.NDArray[np.float32]]", _box(lay))
        self.action_space = cast("spaces.Space[int]", spaces.Discrete(space.size))
        self._game = game
        self._others = [other for other in range(players) if other != seat]
        self._factories = _factories(game, opponents, len(self._others))
        self._bots: dict[int, Bot] = {}
        self._table = _Table(config)
        self._over = True

    @property
    def state_of_game(self) -> GameState[object]:
        """The current game state, which holds hidden information; for tests and tools."""
        return self._table.state

    def _view(self) -> Any:
        return tt.view(self._table.state, self.seat)

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        view = self._view()
        return encode(view, self.encoding), {"action_mask": self.actions.mask(view.legal_actions)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's action mask now (``sb3-contrib``'s ``MaskablePPO`` calls this)."""
        return self.actions.mask(self._view().legal_actions)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; ``seed`` determines every deal and every bot.

        Gymnasium's rule for seeds holds: ``None`` or a non-negative ``int`` (of any
        size). Without a seed, the game's seed comes from ``np_random``.

        Raises:
            ArgumentTypeError: If ``seed`` is neither ``None`` nor an ``int`` (a ``bool``
                or a NumPy integer is not), or an opponent factory makes no bot.
            ArgumentError: If ``seed`` is negative.
        """
        if seed is not None:
            if not is_exact_int(seed):
                raise ArgumentTypeError(f"seed must be an int or None, not {safe_repr(seed)}")
            if seed < 0:
                raise ArgumentError(f"seed must be 0 or more, not {safe_repr(seed)}")
        super().reset(seed=seed)
        master = seed if seed is not None else int(self.np_random.integers(_MAX_SEED))
        self._bots = {
            other: _bot(factory(derive_seed(master, "bot", other)))
            for other, factory in zip(self._others, self._factories, strict=True)
        }
        self._table.restart(master)
        self._over = False
        self._bots_play()
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def _bots_play(self) -> None:
        """Let the bots act (and deals happen) until the learner is to act or it is over."""
        table = self._table
        while True:
            seat = tt.actor(table.state)
            if not isinstance(seat, int) or seat == self.seat:
                break
            table.state = tt.apply(table.state, self._bots[seat].act(tt.view(table.state, seat)))
            table.deal_due()

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action index, then the bots' actions.

        Raises:
            IllegalActionError: If the action is illegal and ``illegal_action="raise"``.
            ActionIndexError: If ``action`` is not an index of the action space.
            TricktakingError: If the episode is over (call :meth:`reset`).
        """
        if self._over:
            raise TricktakingError("the episode is over: call reset() first")
        table = self._table
        state = table.state
        move = self.actions.action(action, self.seat, _phase(state))
        if self.illegal_action == "terminate" and tt.check(state, move) is not None:
            self._over = True
            obs, info = self._observe()
            return obs, self.illegal_reward, True, False, {**info, "illegal_action": True}
        before = tt.scores(state)[self.seat]
        table.state = tt.apply(state, move)
        table.deal_due()
        self._bots_play()
        self._over = tt.is_over(table.state)
        obs, info = self._observe()
        reward = float(tt.scores(table.state)[self.seat] - before)
        if self.render_mode == "human":
            self.render()
        return obs, reward, self._over, False, info

    def render(self) -> str | None:
        """The learner's view: text or SVG by ``render_mode``, printed for ``"human"``."""
        return _rendered(self.render_mode, self._view())


GYMNASIUM_ID = "tricktaking/TrickTaking-v1"
"""The id :class:`TricktakingEnv` is registered under for any configuration:
``gymnasium.make(GYMNASIUM_ID, config=tt.OneCardConfig(players=3))``."""

_ENTRY_POINT = "tricktaking.rl.envs:TricktakingEnv"
_VECTOR_ENTRY_POINT = "tricktaking.batch.envs:BatchVectorEnv"


def gymnasium_id(game: str) -> str:
    """The Gymnasium id of ``game``'s :class:`TricktakingEnv` with its default configuration.

    It is ``tricktaking/`` and the registry name in camel case, then the layout version.
    :func:`register_gymnasium_envs` registers it for every supported game when
    ``tricktaking.rl`` is imported; ``gymnasium.make("tricktaking.rl:" + id)`` imports it
    first, so it works in a fresh process.

    Raises:
        ArgumentTypeError: If ``game`` is not a ``str``.
        ArgumentError: If no game of that name is registered or it has no learning interface.

    Example:
        >>> from tricktaking.rl.envs import gymnasium_id
        >>> gymnasium_id("one-card")
        'tricktaking/OneCard-v1'
    """
    name = learning_game(game).name
    camel = "".join(word.capitalize() for word in name.split("-"))
    return f"tricktaking/{camel}-v{LAYOUT_VERSION}"


def register_gymnasium_envs() -> tuple[str, ...]:
    """Register :data:`GYMNASIUM_ID` and every supported game's :func:`gymnasium_id`.

    Each game's id makes a :class:`TricktakingEnv` of its default configuration (with
    the number of seats its declaration suggests); keyword arguments of
    ``gymnasium.make`` replace it or set the other options. Importing ``tricktaking.rl``
    calls this; call it again after registering a game of your own. An id already
    registered is left as it is.

    With the ``batch`` extra installed, each id also has a vector entry point:
    ``gymnasium.make_vec(id, num_envs=N)`` then makes a
    :class:`~tricktaking.batch.envs.BatchVectorEnv` (the other seats played in the
    compiled kernel, ``AutoresetMode.SAME_STEP``); ``vectorization_mode="sync"`` still
    makes copies of :class:`TricktakingEnv`.

    Gymnasium 1.x reads no entry points, so nothing registers these ids when only
    ``gymnasium`` is imported: import ``tricktaking.rl``, or name the module in the id,
    ``gymnasium.make("tricktaking.rl:tricktaking/Wizard-v1")``.

    Returns:
        Every id this module registers, the general one first.

    Example:
        >>> import gymnasium
        >>> from tricktaking.rl.envs import register_gymnasium_envs
        >>> ids = register_gymnasium_envs()
        >>> ids[:2]
        ('tricktaking/TrickTaking-v1', 'tricktaking/BidWhist-v1')
        >>> env = gymnasium.make("tricktaking/OneCard-v1")
        >>> observation, info = env.reset(seed=1)
        >>> bool(len(info["action_mask"]) == env.action_space.n)
        True
    """
    # gymnasium.register's kwargs parameter is an untyped dict: read it as a plain callable
    register: Callable[..., None] = vars(gymnasium)["register"]
    # with the batch extra, make_vec makes the compiled vector environment
    vector = _VECTOR_ENTRY_POINT if importlib.util.find_spec("numba") is not None else None
    if GYMNASIUM_ID not in gymnasium.registry:
        register(id=GYMNASIUM_ID, entry_point=_ENTRY_POINT, vector_entry_point=vector)
    ids = [GYMNASIUM_ID]
    for game in supported_games():
        env_id = gymnasium_id(game)
        if env_id not in gymnasium.registry:
            register(
                id=env_id,
                entry_point=_ENTRY_POINT,
                vector_entry_point=vector,
                kwargs={"config": learning_game(game).default_config()},
            )
        ids.append(env_id)
    return tuple(ids)


register_gymnasium_envs()
