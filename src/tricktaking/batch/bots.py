"""Search bots whose worlds and playouts run in a compiled kernel: every world and action at once.

:class:`BatchPimcBot` is perfect-information Monte Carlo, like
:class:`~tricktaking.bots.PimcBot`, with the worlds and the playouts moved into the
game's kernel: for a decision it draws its worlds in the kernel
(:meth:`~tricktaking.batch.Simulator.from_view`: the exact posterior of a fair shuffle,
the distribution the scalar bots draw from), each world in one row per legal action,
takes each row's action, and plays every row out to the end of the deal with the
kernel's heuristic (or random) policy. The action with the best mean value wins; the
value is the one the scalar search bots maximise (:func:`~tricktaking.bots.seat_values`).

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

from tricktaking.arguments import MAX_COUNT, count_argument, real_argument, seed_argument
from tricktaking.batch._simulator import Policy, Simulator, policy_argument
from tricktaking.bots import Suggestion
from tricktaking.engine import Action, PlayerView
from tricktaking.plugins import legal_choices, refusing_forged_views
from tricktaking.rl.actions import action_index
from tricktaking.seeding import derive_seed

__all__ = ["BatchPimcBot"]


class BatchPimcBot:
    """Perfect-information Monte Carlo with every playout of a decision in one batch.

    For a decision the bot draws ``worlds`` worlds of its view, one batch row per world,
    legal action and rollout (``worlds * actions * rollouts`` rows), takes each row's
    action and plays every row to the end of the deal with ``policy``, all in the
    game's compiled kernel. Every action is tried in the same worlds. An action's value
    is the mean over its rows of the seat's value at the end of the deal: its (team's)
    total minus the mean total of the other seats (teams), plus ``win_value`` if the
    game ended there and its total is the top one (the winners of every built-in game),
    minus ``win_value`` if not.

    The budget is ``worlds * rollouts`` playouts per action, deterministic for a seed.
    With ``seconds`` the bot first plays a quarter of ``worlds`` (at least one world),
    then further sets of up to ``worlds`` worlds, each as large as the CPU time per
    world so far lets it fit in what is left of ``seconds``.

    The heuristic playouts are the scalar :class:`~tricktaking.bots.PimcBot`'s (the
    kernel's heuristic decides as the game's heuristic bot does), at hundreds of times
    their speed.

    Needs the ``batch`` and ``rl`` extras; the game needs a batch kernel.

    Args:
        seed: Determines the worlds and the rollouts.
        worlds: Worlds per set.
        rollouts: Rollouts per world and action.
        seconds: CPU seconds per decision, at most (``None``: one set of worlds).
        win_value: The value of winning the game (see :func:`~tricktaking.bots.seat_values`).
        policy: How the playouts play: ``"heuristic"`` (the game's heuristic bot) or
            ``"random"`` (uniformly random legal actions).

    Raises:
        ArgumentTypeError: If ``worlds`` or ``rollouts`` is not an int, ``seconds`` or
            ``win_value`` not a number, or ``policy`` not a str.
        ArgumentError: If ``worlds`` or ``rollouts`` is below 1 (or above a billion),
            ``seconds`` is not positive and finite, ``win_value`` is not finite, or
            ``policy`` is unknown.

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
    policy: Policy

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int = 32,
        rollouts: int = 1,
        seconds: float | None = None,
        win_value: float = 50.0,
        policy: Policy = "heuristic",
    ) -> None:
        self.worlds = count_argument("worlds", worlds)
        self.rollouts = count_argument("rollouts", rollouts)
        self.seconds = (
            None if seconds is None else real_argument("seconds", seconds, low=0.0, low_open=True)
        )
        self.win_value = real_argument("win_value", win_value, low=-math.inf)
        self.seed = seed_argument("seed", seed)
        self.policy = policy_argument(policy)
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
        indexes = np.array([action_index(view, action) for action in legal], np.int64)
        totals = np.zeros(len(legal))
        drawn = sets = 0
        # with a time budget, a first small set measures the CPU time per world
        count = self.worlds if self.seconds is None else max(1, self.worlds // 4)
        per_world = 0.0  # the most CPU time per world of any set so far
        while count:
            began = time.process_time()
            values = self._playouts(view, count, indexes, derive_seed(seed, "set", sets))
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
        view: PlayerView,
        count: int,
        indexes: npt.NDArray[np.int64],
        seed: int,
    ) -> npt.NDArray[np.float64]:
        """The seat's value in each row: world by world, action by action, rollout by rollout."""
        copies = len(indexes) * self.rollouts
        sim = Simulator.from_view(view, size=count * copies, seed=seed, copies=copies, record=False)
        sim.step(np.tile(np.repeat(indexes, self.rollouts), count))
        sim.play(MAX_COUNT, self.policy, to_end_of_deal=True)
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
