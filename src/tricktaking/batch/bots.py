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

from tricktaking.arguments import MAX_COUNT, count_argument, real_argument
from tricktaking.batch._deciding import RankingBot, seconds_argument
from tricktaking.batch._simulator import MAX_SIZE, Policy, Simulator, policy_argument
from tricktaking.bots import EXPLORATION, Suggestion
from tricktaking.engine import PlayerView
from tricktaking.plugins import legal_choices, refusing_forged_views
from tricktaking.rl.actions import action_index
from tricktaking.seeding import derive_seed

__all__ = ["BatchIsmctsBot", "BatchPimcBot"]


class BatchPimcBot(RankingBot):
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
        self.seconds = seconds_argument(seconds)
        self.win_value = real_argument("win_value", win_value, low=-math.inf)
        super().__init__(seed)
        self.policy = policy_argument(policy)

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
        seed = self._decision_seed()
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
        return _seat_values(sim, seat, self.win_value)


class _Node:
    """A node of the search tree: the edge into it and its children by action index."""

    __slots__ = ("available", "children", "pending", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.pending = 0  # rows of the batch on their way through it (a virtual loss each)
        self.available = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}


class BatchIsmctsBot(RankingBot):
    """Information-set MCTS whose worlds, opponents and playouts run in the kernel.

    The search of :class:`~tricktaking.bots.IsmctsBot` (its default form: UCB with
    availability counts and a progressive bias towards the heuristic's choice at the
    observer's nodes, the other seats moving by the heuristic in each sampled world),
    with ``batch`` iterations at a time: their worlds are drawn in the kernel
    (:meth:`~tricktaking.batch.Simulator.from_view`), they descend the tree together,
    a step of the kernel at a time (the iterations of a batch see each other through a
    virtual loss, so they spread over the actions), and their playouts to the end of
    the deal run in the kernel with the game's heuristic. The final move is the root
    action with the most visits (ties: the higher mean, then the legal order).

    Needs the ``batch`` and ``rl`` extras; the game needs a batch kernel.

    Args:
        seed: Determines the worlds and the playouts.
        iterations: Iterations per decision (a multiple of ``batch`` is used in full).
        batch: Iterations that descend the tree together.
        seconds: CPU seconds per decision, at most (then batches run until it is spent).
        exploration: The UCB constant (``EXPLORATION`` of :mod:`tricktaking.bots` by default).
        bias: The progressive bias towards the heuristic's choice (0: plain UCB).
        win_value: The value of winning the game (see :func:`~tricktaking.bots.seat_values`).

    Raises:
        ArgumentTypeError: If an argument has the wrong type.
        ArgumentError: If a count is below 1, or a number is not finite (``seconds``
            positive).

    Example:
        >>> from tricktaking.batch.bots import BatchIsmctsBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=3))
        >>> state = tt.apply(state, tt.deal(state, seed=6))
        >>> seen = tt.view(state, tt.actor(state))
        >>> bot = BatchIsmctsBot(seed=2, iterations=128)
        >>> bot.act(seen) in tt.legal_actions(state)
        True
    """

    seed: int
    iterations: int
    batch: int
    seconds: float | None
    exploration: float
    bias: float
    win_value: float

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 1024,
        batch: int = 64,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        bias: float = 1.0,
        win_value: float = 50.0,
    ) -> None:
        self.iterations = count_argument("iterations", iterations)
        self.batch = count_argument("batch", batch, high=MAX_SIZE)
        self.seconds = seconds_argument(seconds)
        self.exploration = real_argument("exploration", exploration, low=0.0)
        self.bias = real_argument("bias", bias, low=0.0)
        self.win_value = real_argument("win_value", win_value, low=-math.inf)
        super().__init__(seed)

    @refusing_forged_views
    def evaluate(self, view: PlayerView) -> tuple[Suggestion, ...]:
        """Every legal action with its mean value and visits, most visited first.

        Example:
            >>> from tricktaking.batch.bots import BatchIsmctsBot
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.OhHellConfig(players=4, hand_size=5, first_dealer=0))
            >>> state = tt.apply(state, tt.deal(state, seed=3))
            >>> hints = BatchIsmctsBot(iterations=64).evaluate(tt.view(state, 1))
            >>> sum(hint.visits for hint in hints)
            64
        """
        legal = legal_choices(view)
        seed = self._decision_seed()
        indexes = [action_index(view, action) for action in legal]
        root = _Node()
        bounds = [math.inf, -math.inf]
        start = time.process_time()
        done = batches = 0
        while True:
            if self.seconds is None:
                if done >= self.iterations:
                    break
                size = min(self.batch, self.iterations - done)
            else:
                if done and time.process_time() - start >= self.seconds:
                    break
                size = self.batch
            self._iterate(view, root, size, derive_seed(seed, "batch", batches), bounds)
            done += size
            batches += 1
        stats = [root.children.get(index) for index in indexes]
        visits = [node.visits if node is not None else 0 for node in stats]
        means = [
            node.total / node.visits if node is not None and node.visits else -math.inf
            for node in stats
        ]
        order = sorted(range(len(legal)), key=lambda i: (-visits[i], -means[i], i))
        return tuple(Suggestion(legal[i], means[i], visits[i]) for i in order)

    def _iterate(
        self, view: PlayerView, root: _Node, size: int, seed: int, bounds: list[float]
    ) -> None:
        """``size`` iterations: worlds, a descent together, playouts, and the backup."""
        sim = Simulator.from_view(view, size=size, seed=seed, record=False)
        deal = view.round_number
        paths = [[root] for _ in range(size)]
        at = [root] * size
        going = np.ones(size, np.bool_)
        observer = view.seat
        while going.any():
            chosen = going.copy()
            mask = sim.legal_mask()
            hints = sim.heuristic_actions()
            actors = sim.actor
            actions = np.zeros(size, np.int64)
            for row in np.flatnonzero(going).tolist():
                node = at[row]
                hint = int(hints[row])
                if int(actors[row]) != observer:  # the other seats: the heuristic's move
                    action, expanded = hint, hint not in node.children
                else:
                    action, expanded = self._choose(node, np.flatnonzero(mask[row]), hint, bounds)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                    child.available += 1
                child.pending += 1
                at[row] = child
                paths[row].append(child)
                actions[row] = action
                going[row] = not expanded
            sim.step(actions, where=chosen)
            going &= ~sim.done & (sim.deal_numbers == deal)
        sim.play(MAX_COUNT, "heuristic", to_end_of_deal=True)
        values = _seat_values(sim, observer, self.win_value)
        bounds[0] = min(bounds[0], float(values.min()))
        bounds[1] = max(bounds[1], float(values.max()))
        for row, path in enumerate(paths):
            for node in path[1:]:
                node.pending -= 1
                node.visits += 1
                node.total += float(values[row])

    def _choose(
        self, node: _Node, legal: npt.NDArray[np.int64], hint: int, bounds: list[float]
    ) -> tuple[int, bool]:
        """The observer's action at ``node`` (UCB), and whether it expands the tree."""
        untried: list[int] = []
        for action in legal.tolist():
            child = node.children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            return (hint if hint in untried else untried[0]), True
        low, high = bounds
        span = high - low if high > low else 1.0
        best, best_score = int(legal[0]), -math.inf
        for action in legal.tolist():
            child = node.children[action]
            seen = child.visits + child.pending
            if not seen:
                return action, False
            # a row on its way counts as a visit of the lowest value (a virtual loss)
            total = child.total + child.pending * (low if math.isfinite(low) else 0.0)
            mean = (total / seen - (low if math.isfinite(low) else 0.0)) / span
            score = mean + self.exploration * math.sqrt(math.log(max(child.available, 1)) / seen)
            if action == hint:
                score += self.bias / (child.visits + 1)
            if score > best_score:
                best, best_score = action, score
        return best, False


def _seat_values(sim: Simulator, seat: int, win_value: float) -> npt.NDArray[np.float64]:
    """The seat's value in every row, as :func:`~tricktaking.bots.seat_values`."""
    teams = sim.game.team_count or sim.players
    # partners share their total: seat ``t`` holds team ``t``'s
    totals = sim.scores[:, :teams].astype(np.float64)
    own = totals[:, seat % teams]
    values = own - (totals.sum(axis=1) - own) / (teams - 1)
    won = own == totals.max(axis=1)
    bonus: npt.NDArray[np.float64] = np.where(won, win_value, -win_value)
    result: npt.NDArray[np.float64] = values + np.where(sim.done, bonus, 0.0)
    return result
