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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import tricktaking as tt
from tricktaking.actions import CHANCE
from tricktaking.bots import Bot, BotFactory, make_bot
from tricktaking.engine import GameState, PlayerView
from tricktaking.errors import TricktakingError
from tricktaking.render import svg as render_svg
from tricktaking.rl._context import spec_of
from tricktaking.rl._text import describe
from tricktaking.rl.actions import ActionIndexError, ActionSpace, action_space
from tricktaking.rl.observations import LAYOUT_VERSION, Encoding, Layout, encode, layout_for
from tricktaking.seeding import derive_seed

if TYPE_CHECKING:  # PettingZoo ships no type information: its class as it declares it
    from tricktaking.rl._aec_types import AECEnv
else:
    from pettingzoo import AECEnv

__all__ = ["GYMNASIUM_ID", "IllegalAction", "Opponents", "TricktakingAECEnv", "TricktakingEnv"]

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
    spec, players = spec_of(tt.new_game(config))
    return (
        spec.name,
        players,
        layout_for(spec.name, players, encoding),
        action_space(spec.name, players),
    )


def _box(lay: Layout) -> spaces.Box:
    low, high = lay.bounds()
    return spaces.Box(low=low, high=high, dtype=np.float32)


def _check_render_mode(render_mode: str | None) -> None:
    if render_mode not in (None, "ansi", "svg"):
        raise ValueError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")


def _rendered(render_mode: str | None, view: PlayerView) -> str | None:
    """``view`` as text (``"ansi"``) or as an SVG picture (``"svg"``), else ``None``."""
    if render_mode == "ansi":
        return describe(view)
    if render_mode == "svg":
        return str(render_svg(view))
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
        render_mode: ``None``, ``"ansi"`` (``render()`` returns text) or ``"svg"``
            (an SVG picture of the table, by :func:`tricktaking.render.svg`).

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
        "render_modes": ["ansi", "svg"],
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
        _check_render_mode(render_mode)
        game, players, lay, space = _spaces(config, encoding)
        self.metadata = {**self.metadata, "name": f"tricktaking_{game}_v{LAYOUT_VERSION}"}
        self.render_mode = render_mode
        self.encoding: Encoding = encoding
        self.layout = lay
        self.actions = space
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
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

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(size of the action space)``."""
        return self.action_spaces[agent]

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
        number of resets since (from fresh entropy if no seed was ever given).
        """
        if seed is not None:
            derive_seed(seed)  # a seed that is not an int raises TypeError here
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

    def _select(self) -> None:
        seat = tt.actor(self._table.state)
        if isinstance(seat, int):
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent``: its encoded view and its action mask."""
        view = tt.view(self._table.state, self.possible_agents.index(agent))
        return {
            "observation": encode(view, self.encoding),
            "action_mask": self.actions.mask(view.legal_actions).astype(np.int8),
        }

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action index (``None`` once it is terminated).

        Raises:
            IllegalActionError: If the action is not legal; nothing changes.
            ActionIndexError: If ``action`` is not an index of the action space.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(cast("int", action))  # PettingZoo types it int; it is None
            return
        if action is None:
            raise ActionIndexError(f"{agent} is to act: its action cannot be None")
        table = self._table
        state = table.state
        move = self.actions.action(action, self.possible_agents.index(agent), _phase(state))
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

    def render(self) -> str | None:
        """The view of the seat to act, as text or SVG by ``render_mode``."""
        seat = self.possible_agents.index(self.agent_selection)
        return _rendered(self.render_mode, tt.view(self._table.state, seat))

    def close(self) -> None:
        """Nothing to release."""


def _phase(state: GameState[object]) -> object:
    return getattr(state, "phase", None)


def _factories(game: str, opponents: Opponents, others: int) -> list[BotFactory]:
    def factory(choice: str | BotFactory) -> BotFactory:
        if isinstance(choice, str):
            make_bot(choice, game)  # an unknown kind raises now, not at reset

            def made(seed: int, kind: str = choice) -> Bot:
                return make_bot(kind, game, seed)

            return made
        return choice

    if isinstance(opponents, str) or callable(opponents):
        return [factory(opponents)] * others
    chosen = list(opponents)
    if len(chosen) != others:
        raise ValueError(f"opponents lists {len(chosen)} bots for {others} other seats")
    return [factory(choice) for choice in chosen]


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
        illegal_reward: The reward of an illegal action under ``"terminate"``.
        render_mode: ``None``, ``"ansi"`` or ``"svg"``.

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

    metadata: dict[str, Any] = {"render_modes": ["ansi", "svg"], "render_fps": 1}  # noqa: RUF012

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
        _check_render_mode(render_mode)
        if illegal_action not in ("raise", "terminate"):
            raise ValueError(
                f"illegal_action must be 'raise' or 'terminate', not {illegal_action!r}"
            )
        game, players, lay, space = _spaces(config, encoding)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        self.render_mode = render_mode
        self.seat = seat
        self.encoding: Encoding = encoding
        self.layout = lay
        self.actions = space
        self.illegal_action: IllegalAction = illegal_action
        self.illegal_reward = float(illegal_reward)
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
        """Start a new game; ``seed`` determines every deal and every bot."""
        super().reset(seed=seed)
        master = seed if seed is not None else int(self.np_random.integers(_MAX_SEED))
        self._bots = {
            other: factory(derive_seed(master, "bot", other))
            for other, factory in zip(self._others, self._factories, strict=True)
        }
        self._table.restart(master)
        self._over = False
        self._bots_play()
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
        return obs, reward, self._over, False, info

    def render(self) -> str | None:
        """The learner's view, as text or SVG by ``render_mode``."""
        return _rendered(self.render_mode, self._view())


GYMNASIUM_ID = "tricktaking/TrickTaking-v1"
"""The id :class:`TricktakingEnv` is registered under:
``gymnasium.make(GYMNASIUM_ID, config=tt.OneCardConfig(players=3))``."""

if GYMNASIUM_ID not in gymnasium.registry:
    # gymnasium.register's kwargs parameter is an untyped dict: read it as a plain callable
    _register: Callable[..., None] = vars(gymnasium)["register"]
    _register(id=GYMNASIUM_ID, entry_point="tricktaking.rl.envs:TricktakingEnv")
