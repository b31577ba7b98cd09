"""Search bots whose playouts run in a batch: every sampled world and action at once.

:class:`BatchPimcBot` is perfect-information Monte Carlo, like
:class:`~tricktaking.bots.PimcBot`, with the playouts moved into NumPy: for a decision it
draws its worlds from :func:`~tricktaking.worlds.world_sampler` (the exact posterior of
a fair shuffle, the same worlds the scalar bots search), loads every world once per
legal action into one :class:`~tricktaking.batch.Simulator`
(:meth:`~tricktaking.batch.Simulator.from_states`), takes each action in its rows, and
plays every row out to the end of the deal with the batch's uniform random policy in
one loop of whole-array steps. The action with the best mean value wins; the value is
the one the scalar search bots maximise (:func:`~tricktaking.bots.seat_values`).

Example:
    >>> from tricktaking.batch.bots import BatchPimcBot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OneCardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=4))
    >>> seen = tt.view(state, tt.actor(state))
    >>> BatchPimcBot(seed=1, worlds=8).act(seen) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

import math
import time

import numpy as np
import numpy.typing as npt

import tricktaking as tt
from tricktaking.arguments import count_argument, real_argument, seed_argument
from tricktaking.batch._simulator import Simulator
from tricktaking.bots import Suggestion
from tricktaking.engine import Action, PlayerView
from tricktaking.plugins import legal_choices, refusing_forged_views
from tricktaking.rl.actions import action_index
from tricktaking.seeding import derive_seed
from tricktaking.worlds import world_sampler

__all__ = ["BatchPimcBot"]


class BatchPimcBot:
    """Perfect-information Monte Carlo with every playout of a decision in one batch.

    For a decision the bot draws ``worlds`` worlds of its view, makes one batch row per
    world, legal action and rollout (``worlds * actions * rollouts`` rows), takes each
    row's action and plays every row to the end of the deal with uniformly random legal
    actions, all rows in one NumPy step at a time. Every action is tried in the same
    worlds. An action's value is the mean over its rows of the seat's value at the end
    of the deal: its (team's) total minus the mean total of the other seats (teams),
    plus ``win_value`` if the game ended there and its total is the top one (the
    winners of every built-in game), minus ``win_value`` if not.

    The budget is ``worlds * rollouts`` playouts per action, deterministic for a seed.
    With ``seconds`` the bot first plays a quarter of ``worlds`` (at least one world),
    then further sets of up to ``worlds`` worlds, each as large as the CPU time per
    world so far lets it fit in what is left of ``seconds``.

    A random rollout is weaker than the heuristic playouts of the scalar
    :class:`~tricktaking.bots.PimcBot`, but a batch plays hundreds of them in the time
    the scalar bot plays a few dozen.

    Needs the ``batch`` and ``rl`` extras; the game needs batch rules.

    Args:
        seed: Determines the worlds and the rollouts.
        worlds: Worlds per set.
        rollouts: Rollouts per world and action.
        seconds: CPU seconds per decision, at most (``None``: one set of worlds).
        win_value: The value of winning the game (see :func:`~tricktaking.bots.seat_values`).

    Raises:
        ArgumentTypeError: If ``worlds`` or ``rollouts`` is not an int, or ``seconds``
            or ``win_value`` not a number.
        ArgumentError: If ``worlds`` or ``rollouts`` is below 1 (or above a billion),
            ``seconds`` is not positive and finite, or ``win_value`` is not finite.

    Example:
        >>> from tricktaking.batch.bots import BatchPimcBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=3))
        >>> state = tt.apply(state, tt.deal(state, seed=6))
        >>> seen = tt.view(state, tt.actor(state))
        >>> BatchPimcBot(seed=2).act(seen) == BatchPimcBot(seed=2).act(seen)
        True
        >>> BatchPimcBot(worlds=0)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: worlds must be 1 to 1,000,000,000, not 0
    """

    seed: int
    worlds: int
    rollouts: int
    seconds: float | None
    win_value: float

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int = 32,
        rollouts: int = 1,
        seconds: float | None = None,
        win_value: float = 50.0,
    ) -> None:
        self.worlds = count_argument("worlds", worlds)
        self.rollouts = count_argument("rollouts", rollouts)
        self.seconds = (
            None if seconds is None else real_argument("seconds", seconds, low=0.0, low_open=True)
        )
        self.win_value = real_argument("win_value", win_value, low=-math.inf)
        self.seed = seed_argument("seed", seed)
        self._decisions = 0

    def act(self, view: PlayerView) -> Action:
        """The action with the best mean value over the sampled worlds."""
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view)[0].action

    @refusing_forged_views
    def evaluate(self, view: PlayerView) -> tuple[Suggestion, ...]:
        """Every legal action with its mean value and number of playouts, best first.

        Raises:
            ValueError: If the seat is not to act in ``view``.

        Example:
            >>> from tricktaking.batch.bots import BatchPimcBot
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.BidWhistConfig())
            >>> state = tt.apply(state, tt.deal(state, seed=3))
            >>> hints = BatchPimcBot(worlds=4).evaluate(tt.view(state, tt.actor(state)))
            >>> len(hints) == len(tt.legal_actions(state)), hints[0].visits
            (True, 4)
        """
        legal = legal_choices(view)
        self._decisions += 1
        seed = derive_seed(self.seed, "decision", self._decisions)
        start = time.process_time()
        sampler = world_sampler(view)  # the rules are the view's own config
        indexes = np.array([action_index(view, action) for action in legal], np.int64)
        totals = np.zeros(len(legal))
        drawn = sets = 0
        # with a time budget, a first small set measures the CPU time per world
        count = self.worlds if self.seconds is None else max(1, self.worlds // 4)
        per_world = 0.0  # the most CPU time per world of any set so far
        while count:
            began = time.process_time()
            worlds = [sampler.sample(derive_seed(seed, "world", drawn + k)) for k in range(count)]
            values = self._playouts(worlds, indexes, view, derive_seed(seed, "rollouts", sets))
            totals += values.reshape(count, len(legal), self.rollouts).sum(axis=(0, 2))
            drawn += count
            sets += 1
            now = time.process_time()
            if self.seconds is None:
                break
            # a set's fixed cost is in its time per world, so larger sets are overestimated
            per_world = max(per_world, (now - began) / count, 1e-9)
            count = max(0, min(self.worlds, int((self.seconds - (now - start)) / per_world)))
        played = drawn * self.rollouts
        means = totals / played
        order = sorted(range(len(legal)), key=lambda i: (-means[i], i))
        return tuple(Suggestion(legal[i], float(means[i]), played) for i in order)

    def _playouts(
        self,
        worlds: list[tt.GameState[object]],
        indexes: npt.NDArray[np.int64],
        view: PlayerView,
        seed: int,
    ) -> npt.NDArray[np.float64]:
        """The seat's value in each row: world by world, action by action, rollout by rollout."""
        copies = len(indexes) * self.rollouts
        sim = Simulator.from_states([world for world in worlds for _ in range(copies)], seed)
        sim.step(np.tile(np.repeat(indexes, self.rollouts), len(worlds)))
        deal = view.round_number
        while True:
            going = ~sim.done & (sim.deal_numbers == deal)
            if not going.any():
                break
            sim.step(sim.random_actions(), where=going)
        return self._values(sim, view.seat)

    def _values(self, sim: Simulator, seat: int) -> npt.NDArray[np.float64]:
        """The seat's value in every row, as :func:`~tricktaking.bots.seat_values`."""
        teams = sim.game.team_count or sim.players
        # partners share their total: seat ``t`` holds team ``t``'s
        totals = sim.scores[:, :teams].astype(np.float64)
        own = totals[:, seat % teams]
        values = own - (totals.sum(axis=1) - own) / (teams - 1)
        won = own == totals.max(axis=1)
        bonus: npt.NDArray[np.float64] = np.where(won, self.win_value, -self.win_value)
        result: npt.NDArray[np.float64] = values + np.where(sim.done, bonus, 0.0)
        return result
