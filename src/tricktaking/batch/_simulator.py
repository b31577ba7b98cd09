"""The batch simulator: many games of one config, stepped at once, exact against the engine."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

import numpy as np
import numpy.typing as npt

import tricktaking as tt
from tricktaking.actions import CHANCE, Deal
from tricktaking.batch._registry import rules_for
from tricktaking.batch_kit import BatchCore, Bools, Ints, LayoutOffsets
from tricktaking.engine import Game, GameState
from tricktaking.errors import TricktakingError

__all__ = ["BatchActionError", "Simulator"]

_G = TypeVar("_G", bound=np.generic)


class BatchActionError(TricktakingError, ValueError):
    """An array of actions of the wrong shape, or an illegal action for some row.

    Example:
        >>> from tricktaking.batch import BatchActionError
        >>> issubclass(BatchActionError, ValueError)
        True
    """


class Simulator:
    """``size`` games of one config, stepped together; each row is one game.

    Rows start dealt: every row waits for its first player action. Deals are drawn from
    the simulator's own NumPy generator (seeded by ``seed``), so a seeded simulator
    stepped with the same actions is reproducible. Every row remembers its deals and
    actions, so :meth:`state_of` rebuilds the exact immutable state through ``tt.apply``.

    Args:
        config: The config of a registered game with batch rules.
        size: The number of games.
        seed: Seeds the deals and :meth:`random_actions`.
        auto_reset: Start a new game in a row as soon as its game is over (its final
            scores stay in :attr:`final_scores`); otherwise the row stays done.

    Raises:
        TypeError: If ``config`` is not the config of a registered game.
        ValueError: If the game has no batch rules or ``size`` is not positive.

    Attributes:
        config: The games' config.
        game: The declaration of the config's game (whose batch rules step the rows).
        size: The number of games.
        players: The number of seats.
        action_size: The size of the game's ``rl`` action space.
        final_scores: ``(size, players)``: each row's final scores of its last finished
            game (zeros until one finishes).

    Example:
        >>> from tricktaking import batch
        >>> import tricktaking as tt
        >>> sim = batch.Simulator(tt.WizardConfig(players=4, rounds=2), size=100, seed=1)
        >>> while not sim.done.all():
        ...     _ = sim.step(sim.random_actions())
        >>> state = sim.state_of(7)
        >>> tt.is_over(state), tt.scores(state) == tuple(sim.scores[7])
        (True, True)
    """

    config: object
    game: Game[GameState[object], object]
    size: int
    players: int
    action_size: int
    auto_reset: bool
    final_scores: npt.NDArray[np.int32]

    def __init__(
        self, config: object, size: int = 4096, seed: int = 0, *, auto_reset: bool = False
    ) -> None:
        self._setup(config, size, seed, auto_reset)
        self._deal_random(self._core.dealing())

    def _setup(self, config: object, size: int, seed: int, auto_reset: bool) -> None:
        if type(size) is not int or size < 1:
            raise ValueError(f"size must be a positive int, not {size!r}")
        game = tt.game_of(tt.new_game(config))
        core = rules_for(game).create(config, size)
        self.config = config
        self.game = game
        self._layout: LayoutOffsets | None = None
        self.size = size
        self.players = core.players
        self.action_size = core.action_size
        self.auto_reset = auto_reset
        self._core: BatchCore = core
        self._rng = np.random.default_rng(seed)
        self._all = np.arange(size)
        self._mask: Bools | None = None
        self._drawn: Ints | None = None  # the last random_actions of the rows as they are
        self._actions = np.zeros((size, 64), np.int16)
        self._acted = np.zeros(size, np.int64)
        self._decks = np.zeros((size, 4, core.deck_size + len(core.draws)), np.uint8)
        self._dealt = np.zeros(size, np.int64)
        # rows loaded from a state whose history starts at a later deal: the deals before
        # it, and the state with the deals and actions recorded when it was loaded
        self._before = np.zeros(size, np.int64)
        self._starts: dict[int, tuple[GameState[object], int, int]] = {}
        self.final_scores = np.zeros((size, core.players), np.int32)
        core.reset(self._all)

    @classmethod
    def from_states(cls, states: Sequence[GameState[object]], seed: int = 0) -> Simulator:
        """A simulator whose row ``i`` is ``states[i]``, replayed from its history.

        Rows whose state waits for a deal are dealt at random from ``seed``. A state's
        history may start at the new game or at a later deal: a sampled world of
        :func:`~tricktaking.worlds.sample_world` holds only its own deal's history, and
        its row starts from the deals before it (their number, the last dealer and the
        totals). :meth:`state_of` and :meth:`replay` of such a row start at the state
        given.

        Raises:
            ValueError: If ``states`` is empty, its states have different configs, or a
                state's history starts inside a deal.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> from tricktaking.worlds import sample_world
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.WizardConfig(players=3))
            >>> state = tt.apply(state, tt.deal(state, seed=5))
            >>> Simulator.from_states([state]).state_of(0) == state
            True
            >>> while tt.actor(state) is not tt.CHANCE:
            ...     state = tt.apply(state, tt.legal_actions(state)[0])
            >>> state = tt.apply(state, tt.deal(state, seed=6))
            >>> world = sample_world(tt.view(state, 0), seed=1)
            >>> sim = Simulator.from_states([world])
            >>> sim.state_of(0) == world, sim.deal_numbers.tolist()
            (True, [2])
        """
        if not states:
            raise ValueError("from_states needs at least one state")
        config: object = getattr(states[0], "config", None)
        if any(getattr(state, "config", None) != config for state in states):
            raise ValueError("every state of a batch has the same config")
        # states loaded many times (a world once per action) share one history
        copies: dict[int, tuple[object, ...]] = {}
        histories: list[Sequence[object]] = []
        for state in states:
            history: Sequence[object] = getattr(state, "history", ())
            known = copies.get(id(history))
            if known is None:
                known = copies[id(history)] = tuple(history)
            histories.append(known)
        before = np.zeros(len(states), np.int64)  # the deals before each history
        for row, (state, history) in enumerate(zip(states, histories, strict=True)):
            dealt = sum(isinstance(action, Deal) for action in history)
            before[row] = state.round.number - dealt
            if before[row] < 0 or (before[row] and history and not isinstance(history[0], Deal)):
                raise ValueError(f"state {row}: its history starts inside a deal")
        totals = np.array([tt.scores(state) for state in states], np.int64)
        sim = cls._load(config, states, histories, before=before, totals=totals, seed=seed)
        later = np.flatnonzero(before)
        if len(later):
            # a history holding a finished deal changed the totals: start from the totals
            # before it (a deal's score does not depend on the totals)
            change = sim.scores[later] - totals[later]
            if change.any():
                totals[later] -= change
                sim = cls._load(config, states, histories, before=before, totals=totals, seed=seed)
        return sim

    @classmethod
    def _load(
        cls,
        config: object,
        states: Sequence[GameState[object]],
        histories: Sequence[Sequence[object]],
        *,
        before: Ints,
        totals: Ints,
        seed: int,
    ) -> Simulator:
        from tricktaking.rl.actions import action_index  # noqa: PLC0415 (rl needs Gymnasium)

        sim = cls.__new__(cls)
        sim._setup(config, len(states), seed, False)
        core = sim._core
        later = np.flatnonzero(before)
        if len(later):
            dealers = [
                (states[row].round.dealer - states[row].round.number + before[row]) % sim.players
                for row in later.tolist()
            ]
            core.resume(later, before[later], np.array(dealers, np.int64), totals[later])
            sim._before[later] = before[later]
        # a state loaded into several rows (a world, once per action) is replayed once
        # for all of them: its rows stay equal until they take their own actions
        rows_of: dict[int, list[int]] = {}
        for row, state in enumerate(states):
            rows_of.setdefault(id(state), []).append(row)
        groups = [(members, histories[members[0]]) for members in rows_of.values()]
        indexes_of: dict[object, int] = {}
        # the k-th actions of every row in one step: states that share their public
        # history (sampled worlds, say) are replayed in as many steps as one of them
        for k in range(max(len(history) for history in histories)):
            dealt: list[int] = []
            decks: list[Ints] = []
            acting: list[int] = []
            indexes: list[int] = []
            for members, history in groups:
                if k < len(history):
                    action = history[k]
                    if isinstance(action, Deal):
                        dealt += members
                        decks += [core.deck_of(members[0], action)] * len(members)
                    else:
                        index = indexes_of.get(action)
                        if index is None:
                            index = indexes_of[action] = action_index(states[members[0]], action)
                        acting += members
                        indexes += [index] * len(members)
            # the rules take their rows in increasing order, as a step gives them
            if dealt:
                order = np.argsort(dealt)
                sim._deal(np.array(dealt)[order], np.stack(decks)[order])
            if acting:
                order = np.argsort(acting)
                rows, chosen = np.array(acting)[order], np.array(indexes, np.int64)[order]
                sim._check(rows, chosen)
                core.step(rows, chosen)
                sim._record(rows, chosen)
        for row in later.tolist():
            sim._starts[row] = (states[row], int(sim._dealt[row]), int(sim._acted[row]))
        sim._deal_random(core.dealing())
        return sim

    # -- the state of the batch ----------------------------------------------------------

    @property
    def done(self) -> Bools:
        """Whether each row's game is over, one flag per row (never set with ``auto_reset``)."""
        return self._core.done

    @property
    def scores(self) -> npt.NDArray[np.int32]:
        """Each row's cumulative scores, ``(size, players)``, as ``tt.scores``."""
        return self._core.scores

    @property
    def actor(self) -> Ints:
        """The seat to act in each row (meaningless where done)."""
        return self._core.actor

    @property
    def deal_numbers(self) -> Ints:
        """Each row's deal number, as ``round.number`` of its state (0 before the first deal).

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> Simulator(tt.WizardConfig(players=3), size=2).deal_numbers.tolist()
            [1, 1]
        """
        return self._before + self._dealt

    @property
    def phase(self) -> Ints:
        """Each row's phase, as the index of its member in the game's phase enum."""
        return self._core.phase

    def legal_mask(self) -> Bools:
        """``(size, action_size)`` bools: each row's legal ``rl`` actions; all False where done.

        The array is the simulator's until the next :meth:`step`: copy it to keep it.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3), size=2, seed=0)
            >>> sim.legal_mask().shape
            (2, 79)
        """
        if self._mask is None:
            done = self._core.done
            if done.any():
                mask = np.zeros((self.size, self.action_size), np.bool_)
                rows = np.flatnonzero(~done)
                mask[rows] = self._core.legal_mask(rows)
            else:
                mask = self._core.legal_mask(self._all)
            self._mask = mask
        return self._mask

    def observe(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Every row's observation for a seat, in the ``rl`` ``"situation"`` layout.

        Row ``i`` holds exactly ``rl.encode(tt.view(sim.state_of(i), seats[i]))``.

        Args:
            seats: One seat per row, or one seat for every row; by default each row's
                seat to act.

        Raises:
            ValueError: If a seat is not a seat of the game.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> from tricktaking import rl
            >>> import numpy as np
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=4), size=8, seed=0)
            >>> view = tt.view(sim.state_of(3), 2)
            >>> bool(np.array_equal(sim.observe(2)[3], rl.encode(view)))
            True
        """
        if seats is None:
            chosen = self._core.actor.astype(np.int64)
        else:
            chosen = np.broadcast_to(np.asarray(seats), (self.size,)).astype(np.int64)
            if (
                not np.issubdtype(np.asarray(seats).dtype, np.integer)
                or ((chosen < 0) | (chosen >= self.players)).any()
            ):
                raise ValueError(f"seats are integers 0 to {self.players - 1}")
        return self._core.observe(self._all, chosen, self._layout_offsets())

    def _layout_offsets(self) -> LayoutOffsets:
        if self._layout is None:
            from tricktaking.rl.observations import layout_for  # noqa: PLC0415 (rl needs Gymnasium)

            layout = layout_for(self.game.name, self.players)
            self._layout = LayoutOffsets(
                size=layout.size,
                cards=len(layout.cards),
                at={field.name: field.offset for field in layout.fields},
            )
        return self._layout

    def random_actions(self) -> Ints:
        """One uniformly random legal action per row (0 where done), from the simulator's seed.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3), size=4, seed=0)
            >>> bool(sim.legal_mask()[range(4), sim.random_actions()].all())
            True
        """
        done = self._core.done
        if not done.any():
            actions = self._core.random_actions(self._all, self._rng)
        else:
            actions = np.zeros(self.size, np.int64)
            rows = np.flatnonzero(~done)
            actions[rows] = self._core.random_actions(rows, self._rng)
        self._drawn = actions.copy()
        return actions

    def step(self, actions: npt.ArrayLike, where: npt.ArrayLike | None = None) -> Bools:
        """Apply one action per row (``rl`` indexes); rows that are done ignore theirs.

        With ``where``, only the rows where it is true act; the others ignore their
        action and stay as they are (a masked step). Rounds that end are scored and the
        next deal is made at once, so after a step every row that is not done waits for
        a player action.

        Args:
            actions: ``size`` integer action indexes.
            where: ``size`` bools, or ``None`` for every row.

        Returns:
            One flag per row: its game ended with this step.

        Raises:
            BatchActionError: If ``actions`` is not ``size`` integers, ``where`` is not
                ``size`` bools, or an action is illegal in its row (the batch is then
                unchanged).

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3), size=2, seed=0)
            >>> sim.step([0, 0])
            Traceback (most recent call last):
            ...
            tricktaking.batch._simulator.BatchActionError: row 0: action 0 ('play 2S') is illegal
        """
        array = np.asarray(actions)
        if array.shape != (self.size,) or not np.issubdtype(array.dtype, np.integer):
            raise BatchActionError(
                f"step needs {self.size} integer actions, not an array of shape "
                f"{array.shape} and type {array.dtype}"
            )
        core = self._core
        done = core.done.copy()  # the core sets its flags in place
        if where is None:
            rows = self._all if not done.any() else np.flatnonzero(~done)
        else:
            acting = np.asarray(where)
            if acting.shape != (self.size,) or acting.dtype != np.bool_:
                raise BatchActionError(f"where must be {self.size} bools, or None")
            rows = np.flatnonzero(acting & ~done)
        if not len(rows):
            return np.zeros(self.size, np.bool_)
        chosen = array[rows].astype(np.int64)
        self._check(rows, chosen)
        core.step(rows, chosen)
        self._record(rows, chosen)
        self._deal_random(core.dealing())
        finished = np.zeros(self.size, np.bool_)
        if core.done.any():
            finished = core.done & ~done
            if finished.any():
                self._finish(np.flatnonzero(finished))
        self._mask = None
        self._drawn = None
        return finished

    def reset(self, where: npt.ArrayLike | None = None) -> None:
        """Start new games (dealt at random) in the rows where ``where`` is true, or in all.

        Raises:
            BatchActionError: If ``where`` is not ``size`` bools.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import numpy as np
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3, rounds=1), size=2, seed=0)
            >>> while not sim.done.all():
            ...     _ = sim.step(sim.random_actions())
            >>> sim.reset(np.array([True, False]))
            >>> sim.done.tolist()
            [False, True]
        """
        if where is None:
            rows = self._all
        else:
            chosen = np.asarray(where)
            if chosen.shape != (self.size,) or chosen.dtype != np.bool_:
                raise BatchActionError(f"where must be {self.size} bools, or None")
            rows = np.flatnonzero(chosen)
        self._core.reset(rows)
        self._acted[rows] = 0
        self._dealt[rows] = 0
        self._forget(rows)
        self._deal_random(rows)
        self._mask = None
        self._drawn = None

    def _check(self, rows: Ints, actions: Ints) -> None:
        if self._drawn is not None and np.array_equal(self._drawn[rows], actions):
            return  # what random_actions drew from these very rows' legal actions
        inside = (actions >= 0) & (actions < self.action_size)
        if self._mask is not None:  # the mask the caller asked for, if any, is at hand
            legal = inside.copy()
            legal[inside] = self._mask[rows[inside], actions[inside]]
        elif inside.all():
            legal = self._core.is_legal(rows, actions)
        else:
            legal = inside.copy()
            legal[inside] = self._core.is_legal(rows[inside], actions[inside])
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            action = int(actions[bad])
            if inside[bad]:
                name = self._space_names()[action]
                raise BatchActionError(f"row {rows[bad]}: action {action} ({name!r}) is illegal")
            raise BatchActionError(
                f"row {rows[bad]}: action {action} is outside 0 to {self.action_size - 1}"
            )

    def _space_names(self) -> tuple[str, ...]:
        from tricktaking.rl.actions import action_space  # noqa: PLC0415 (rl needs Gymnasium)

        return action_space(self.game.name, self.players).names

    def _finish(self, rows: Ints) -> None:
        self.final_scores[rows] = self._core.scores[rows]
        if self.auto_reset:
            self._core.reset(rows)
            self._acted[rows] = 0
            self._dealt[rows] = 0
            self._forget(rows)
            self._deal_random(rows)

    # -- deals and the rows' records -----------------------------------------------------

    def _forget(self, rows: Ints) -> None:
        """Rows that start new games no longer start from a loaded state."""
        if self._starts:
            self._before[rows] = 0
            for row in rows.tolist():
                self._starts.pop(row, None)

    def _deal_random(self, rows: Ints) -> None:
        if len(rows):
            size = self._core.deck_size
            decks = self._rng.permuted(np.broadcast_to(np.arange(size), (len(rows), size)), axis=1)
            if self._core.draws:
                draws = [
                    self._rng.integers(0, outcomes, len(rows)) for outcomes in self._core.draws
                ]
                decks = np.column_stack([decks, *draws])
            self._deal(rows, decks)

    def _deal(self, rows: Ints, decks: Ints) -> None:
        self._core.deal(rows, decks)
        dealt = self._dealt[rows]
        if dealt.max() >= self._decks.shape[1]:
            self._decks = _grown(self._decks)
        self._decks[rows, dealt] = decks
        self._dealt[rows] = dealt + 1

    def _record(self, rows: Ints, actions: Ints) -> None:
        acted = self._acted[rows]
        width = self._actions.shape[1]
        if acted.max() >= width:
            self._actions = _grown(self._actions)
            width = self._actions.shape[1]
        self._actions.reshape(-1)[rows * width + acted] = actions
        self._acted[rows] = acted + 1

    def state_of(self, row: int) -> GameState[object]:
        """The exact immutable state of game ``row``: its deals and actions through ``tt.apply``.

        Needs the ``rl`` extra, whose action indexes it reads.

        Raises:
            IndexError: If ``row`` is not a row.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=4), size=3, seed=2)
            >>> state = sim.state_of(1)
            >>> tt.legal_actions(state) == tt.legal_actions(sim.state_of(1))
            True
        """
        *_, last = self.replay(row)
        return last

    def replay(self, row: int) -> Iterator[GameState[object]]:
        """Every state of game ``row``: the new game, then the state after each deal and action.

        A row loaded by :meth:`from_states` from a state whose history starts at a later
        deal starts at that state.

        Raises:
            IndexError: If ``row`` is not a row.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=4), size=3, seed=2)
            >>> [type(state).__name__ for state in sim.replay(0)]
            ['WizardState', 'WizardState']
        """
        from tricktaking.rl.actions import action_from_index  # noqa: PLC0415 (rl needs Gymnasium)

        if not -self.size <= row < self.size:
            raise IndexError(f"row {row} is outside 0 to {self.size - 1}")
        row %= self.size
        state, dealt, acted = self._starts.get(row, (tt.new_game(self.config), 0, 0))
        yield state
        deals = iter(self._decks[row, dealt : self._dealt[row]].astype(np.int64))
        actions = iter(self._actions[row, acted : self._acted[row]].tolist())
        while True:
            actor = tt.actor(state)
            if actor is None:
                return
            if actor is CHANCE:
                deck = next(deals, None)
                if deck is None:
                    return
                state = tt.apply(state, self._core.deal_action(state, deck))
            else:
                index = next(actions, None)
                if index is None:
                    return
                state = tt.apply(state, action_from_index(state, index))
            yield state


def _grown(array: npt.NDArray[_G]) -> npt.NDArray[_G]:
    """``array`` with its second axis doubled (the new entries zero)."""
    shape = list(array.shape)
    shape[1] *= 2
    grown = np.zeros(shape, array.dtype)
    grown[:, : array.shape[1]] = array
    return grown
