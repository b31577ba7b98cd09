"""The batch simulator: many games of one config, stepped at once, exact against the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Final, Literal, cast

import attrs
import numpy as np
import numpy.typing as npt
from attrs import AttrsInstance

import tricktaking as tt
import tricktaking.batch._drivers as drivers
from tricktaking.actions import CHANCE, Deal
from tricktaking.arguments import count_argument, seed_argument
from tricktaking.batch._registry import kernel_for
from tricktaking.batch._rows import Rows, ensure_compiled
from tricktaking.batch._sampling import Worlds, zone_codes
from tricktaking.cards import Card
from tricktaking.engine import Game, GameState, PlayerView
from tricktaking.errors import (
    ArgumentError,
    ArgumentTypeError,
    TricktakingError,
    safe_repr,
)
from tricktaking.history import History
from tricktaking.kernel_kit import ACTOR, OVER, PHASE, STATUS, Kernel, held_row, seeded_rows
from tricktaking.seeding import derive_seed

if TYPE_CHECKING:
    from tricktaking.worlds import WorldSampler

__all__ = ["MAX_SIZE", "BatchActionError", "ForgedStateError", "Policy", "RowError", "Simulator"]

MAX_SIZE: Final = 1 << 22
"""The most rows one simulator may have (4,194,304)."""

Policy = Literal["random", "heuristic"]
"""A policy the kernel plays by itself: uniformly random legal actions, or the heuristic bot."""

_POLICIES: Final = {"random": drivers.RANDOM, "heuristic": drivers.HEURISTIC}
_SHOWN: Final = 5  # rows named in an error message


class BatchActionError(TricktakingError, ValueError):
    """An array of actions of the wrong shape or type, or an illegal action for some row.

    The batch is unchanged when it is raised.

    Example:
        >>> from tricktaking.batch import BatchActionError
        >>> issubclass(BatchActionError, ValueError)
        True
    """


class RowError(ArgumentError, IndexError):
    """A row index that is not a row of the batch.

    Example:
        >>> from tricktaking.batch import RowError
        >>> issubclass(RowError, IndexError)
        True
    """


class ForgedStateError(ArgumentError):
    """A state given to :meth:`Simulator.from_states` that its own history does not make.

    Example:
        >>> from tricktaking.batch import ForgedStateError
        >>> issubclass(ForgedStateError, ValueError)
        True
    """


def _game_of_config(config: object) -> Game[GameState[object], object]:
    return tt.game_of(tt.new_game(config))


class Simulator:
    """``size`` games of one config, stepped together in a compiled kernel; each row is a game.

    Rows start dealt: every row waits for its first player action. Deals and the
    kernel's own policies draw from counter-based streams seeded by ``seed`` (one per
    row), so a seeded simulator stepped with the same actions is reproducible on every
    platform and Python version. With ``record`` (the default) every row keeps the deals
    and actions of its game, so :meth:`state_of` rebuilds the exact immutable state
    through ``tt.apply``.

    Memory: a row takes about 250 to 350 bytes (its kernel's columns, its stream and
    flags) and, with ``record``, 2 bytes per action and ``2 * (deck size + 2)`` bytes
    per deal of its game so far (124 for Wizard), in room that doubles as it fills
    (about 4 kB for a whole game of Wizard).

    Args:
        config: The config of a registered game with a batch kernel.
        size: The number of games, 1 to :data:`MAX_SIZE`.
        seed: Seeds the deals and the kernel's policies (any ``int``).
        auto_reset: Start a new game in a row as soon as its game is over (its final
            scores stay in :attr:`final_scores`); otherwise the row stays done.
        record: Keep each row's deals and actions (needed by :meth:`state_of`).

    Raises:
        ArgumentTypeError: If ``config`` is not the config of a registered game, or
            ``size`` or ``seed`` is not an ``int``.
        ArgumentError: If ``size`` is out of range or the game has no batch kernel.

    Attributes:
        config: The games' config.
        game: The declaration of the config's game.
        size: The number of games.
        players: The number of seats.
        action_size: The size of the game's ``rl`` action space.
        auto_reset: Whether finished games start again at once.
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
        self,
        config: object,
        size: int = 4096,
        seed: int = 0,
        *,
        auto_reset: bool = False,
        record: bool = True,
    ) -> None:
        self._setup(config, size, seed, auto_reset, record)
        self._rows.reset(self._rows.everywhere)

    def _setup(self, config: object, size: int, seed: int, auto_reset: bool, record: bool) -> None:
        size = count_argument("size", size, high=MAX_SIZE)
        seed = seed_argument("seed", seed)
        game = _game_of_config(config)
        kernel: Kernel[object] = kernel_for(game)
        params = kernel.params(kernel.checked(config))
        ensure_compiled(kernel, params)
        self.config = config
        self.game = game
        self.size = size
        self.players = params.players
        self.action_size = params.action_size
        self.auto_reset = bool(auto_reset)
        self._kernel = kernel
        self._rows = Rows(kernel, params, size, derive_seed(seed, "batch"), record=bool(record))
        self.final_scores = self._rows.final
        self._mask: npt.NDArray[np.bool_] | None = None
        self._offsets: npt.NDArray[np.int64] | None = None
        # rows loaded by from_states start from the state given: it, and the record then
        self._starts: dict[int, tuple[GameState[object], int, int]] = {}
        # rows dealt as worlds of a view by from_view start from their world
        self._worlds: Worlds | None = None
        self._assigned = np.zeros((0, 0), np.int16)
        self._in_world = np.zeros(0, np.bool_)

    # -- the state of the batch ----------------------------------------------------------

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each row's game is over, one flag per row (never set with ``auto_reset``)."""
        done: npt.NDArray[np.bool_] = self._rows.column(STATUS) == OVER
        return done

    @property
    def scores(self) -> npt.NDArray[np.int32]:
        """Each row's cumulative scores, ``(size, players)``, as ``tt.scores`` (a view)."""
        return self._rows.scores()

    @property
    def actor(self) -> npt.NDArray[np.int32]:
        """The seat to act in each row (meaningless where done)."""
        return self._rows.column(ACTOR)

    @property
    def deal_numbers(self) -> npt.NDArray[np.int32]:
        """Each row's deal number, as ``round.number`` of its state.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> Simulator(tt.WizardConfig(players=3), size=2).deal_numbers.tolist()
            [1, 1]
        """
        return self._rows.column(3)

    @property
    def phase(self) -> npt.NDArray[np.int32]:
        """Each row's phase, as the index of its member in the game's phase enum."""
        return self._rows.column(PHASE)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
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
            self._mask = np.zeros((self.size, self.action_size), np.bool_)
            self._rows.legal_masks(self._mask)
        return self._mask

    def random_actions(self) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per row (0 where done), from the rows' streams.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3), size=4, seed=0)
            >>> bool(sim.legal_mask()[range(4), sim.random_actions()].all())
            True
        """
        actions = np.zeros(self.size, np.int64)
        self._rows.choose(drivers.RANDOM, actions)
        return actions

    def heuristic_actions(self) -> npt.NDArray[np.int64]:
        """The action the game's heuristic bot takes in each row (0 where done).

        Each row's action is the one the scalar heuristic bot chooses from the view of
        the seat to act.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> from tricktaking.bots import WizardBot
            >>> from tricktaking.rl import action_index
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=4), size=3, seed=5)
            >>> view = tt.view(sim.state_of(2), int(sim.actor[2]))
            >>> int(sim.heuristic_actions()[2]) == action_index(view, WizardBot().act(view))
            True
        """
        actions = np.zeros(self.size, np.int64)
        self._rows.choose(drivers.HEURISTIC, actions)
        return actions

    def observe(
        self,
        seats: npt.ArrayLike | None = None,
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """Every row's observation for a seat, in the ``rl`` ``"situation"`` layout.

        Row ``i`` holds exactly ``rl.encode(tt.view(sim.state_of(i), seats[i]))``.
        Needs the ``rl`` extra, whose layouts it reads.

        Args:
            seats: One seat per row, or one seat for every row; by default each row's
                seat to act.
            out: A ``float32`` array of shape ``(size, layout size)`` to write into.

        Raises:
            ArgumentTypeError: If ``seats`` are not integers or ``out`` is not such an
                array.
            ArgumentError: If a seat is not a seat of the game.

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
        chosen = self._seats(seats)
        offsets = self._layout_offsets()
        width = int(offsets[-1])
        if out is None:
            out = np.zeros((self.size, width), np.float32)
        elif (
            not isinstance(cast("object", out), np.ndarray)
            or out.dtype != np.float32
            or out.shape != (self.size, width)
            or not out.flags.c_contiguous
            or not out.flags.writeable
        ):
            raise ArgumentTypeError(
                f"out must be a writable C-contiguous float32 array of shape "
                f"{(self.size, width)}, not {safe_repr(out)}"
            )
        self._rows.observe(self._rows.everywhere, chosen, offsets[:-1], out)
        return out

    def _seats(self, seats: npt.ArrayLike | None) -> npt.NDArray[np.int64]:
        if seats is None:
            return self.actor.astype(np.int64)
        given = np.asarray(seats)
        if given.dtype == np.bool_ or not np.issubdtype(given.dtype, np.integer):
            raise ArgumentTypeError(f"seats are integers, not {safe_repr(seats)}")
        try:
            chosen = np.broadcast_to(given, (self.size,)).astype(np.int64)
        except ValueError:
            raise ArgumentError(
                f"seats must be one seat or {self.size} seats, not an array of shape {given.shape}"
            ) from None
        if ((chosen < 0) | (chosen >= self.players)).any():
            raise ArgumentError(f"seats are 0 to {self.players - 1}")
        return chosen

    def _layout_offsets(self) -> npt.NDArray[np.int64]:
        """The kernel's fields' offsets in the layout, then the layout's size."""
        if self._offsets is None:
            from tricktaking.rl.observations import layout_for  # noqa: PLC0415 (rl needs Gymnasium)

            layout = layout_for(self.game.name, self.players)
            at = {field.name: field.offset for field in layout.fields}
            self._offsets = np.array(
                [at.get(name, -1) for name in self._kernel.fields] + [layout.size], np.int64
            )
        return self._offsets

    # -- stepping -----------------------------------------------------------------------

    def _where(self, where: npt.ArrayLike | None) -> npt.NDArray[np.bool_]:
        if where is None:
            return self._rows.everywhere
        chosen = np.asarray(where)
        if chosen.shape != (self.size,) or chosen.dtype != np.bool_:
            raise BatchActionError(f"where must be {self.size} bools, or None")
        return chosen

    def step(
        self, actions: npt.ArrayLike, where: npt.ArrayLike | None = None
    ) -> npt.NDArray[np.bool_]:
        """Apply one action per row (``rl`` indexes); rows that are done ignore theirs.

        With ``where``, only the rows where it is true act; the others ignore their
        action and stay as they are (a masked step). Deals that end are scored and the
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
            tricktaking.batch._simulator.BatchActionError: row 0: action 0 ('play 2S') is ...
        """
        array = np.asarray(actions)
        if (
            array.shape != (self.size,)
            or array.dtype == np.bool_
            or not np.issubdtype(array.dtype, np.integer)
        ):
            raise BatchActionError(
                f"step needs {self.size} integer actions, not an array of shape "
                f"{array.shape} and type {array.dtype}"
            )
        chosen = np.clip(array, -1, self.action_size).astype(np.int64)
        mask = self._where(where)
        problems = self._rows.step(chosen, mask, self.auto_reset)
        if problems:
            raise BatchActionError(self._problems(chosen))
        self._after_step(self._rows.finished)
        return self._rows.finished.copy()

    def _problems(self, actions: npt.NDArray[np.int64]) -> str:
        """The message of a refused step: the first rows and their actions."""
        errors = self._rows.errors
        rows: list[int] = np.flatnonzero(errors).tolist()
        parts: list[str] = []
        for row in rows[:_SHOWN]:
            action = int(actions[row])
            if errors[row] == drivers.OUTSIDE:
                parts.append(f"row {row}: action outside 0 to {self.action_size - 1}")
            else:
                name = self._space_names()[action]
                parts.append(f"row {row}: action {action} ({name!r}) is illegal")
        more = f" (and {len(rows) - _SHOWN} more rows)" if len(rows) > _SHOWN else ""
        return "; ".join(parts) + more + "; the batch is unchanged"

    def _space_names(self) -> tuple[str, ...]:
        from tricktaking.rl.actions import action_space  # noqa: PLC0415 (rl needs Gymnasium)

        return action_space(self.game.name, self.players).names

    def _after_step(self, finished: npt.NDArray[np.bool_]) -> None:
        self._mask = None
        if self.auto_reset and self._starts and finished.any():
            self._forget(np.flatnonzero(finished))

    def play(
        self,
        steps: int,
        policy: Policy = "random",
        *,
        to_end_of_deal: bool = False,
    ) -> npt.NDArray[np.bool_]:
        """Every row takes up to ``steps`` actions of a policy run inside the kernel.

        A row stops early when its game is over (unless ``auto_reset``), or, with
        ``to_end_of_deal``, when its current deal is over (its next deal is made, and
        the row waits there). This is the fast path: no Python between the steps.

        Args:
            steps: The most actions each row takes (1 to a billion).
            policy: ``"random"`` (uniformly random legal actions) or ``"heuristic"``
                (the game's heuristic bot, as the scalar bot would choose).
            to_end_of_deal: Stop each row at the end of its current deal.

        Returns:
            One flag per row: a game ended in it during the call.

        Raises:
            ArgumentTypeError: If ``steps`` is not an ``int`` or ``policy`` not a ``str``.
            ArgumentError: If ``steps`` is out of range or ``policy`` is unknown.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.OhHellConfig(players=4, hand_size=5), size=64, seed=2)
            >>> bool(sim.play(1000, "heuristic").all()), bool(sim.done.all())
            (True, True)
        """
        count = count_argument("steps", steps)
        policies = np.full((self.size, self.players), _policy_code(policy), np.int8)
        left = np.full(self.size, count, np.int64)
        none = np.full(self.size, -1, np.int64)
        last = self.deal_numbers.astype(np.int64) if to_end_of_deal else none
        ended, _ = self._rows.play(left, policies, none, last, self.auto_reset)
        self._after_step(ended)
        return ended

    def reset(self, where: npt.ArrayLike | None = None) -> None:
        """Start new games (dealt) in the rows where ``where`` is true, or in all.

        Raises:
            BatchActionError: If ``where`` is not ``size`` bools.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import numpy as np
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3, rounds=1), size=2, seed=0)
            >>> _ = sim.play(100)
            >>> sim.reset(np.array([True, False]))
            >>> sim.done.tolist()
            [False, True]
        """
        chosen = self._where(where)
        self._rows.reset(chosen)
        self._forget(np.flatnonzero(chosen))
        self._mask = None

    def reseed(self, seeds: int | Sequence[int]) -> None:
        """Restart the rows' random streams: from one seed, or from one seed per row.

        With one seed per row, row ``r``'s deals and the kernel's choices in it depend
        on ``seeds[r]`` alone (not on the batch's size or the other rows), as a
        vector environment's ``reset(seed=[...])`` expects. Only what is drawn from
        now on changes.

        Raises:
            ArgumentTypeError: If a seed is not an ``int``, or ``seeds`` neither an
                ``int`` nor a list or tuple.
            ArgumentError: If there is not one seed per row.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> one = Simulator(tt.WizardConfig(players=3), size=2)
            >>> two = Simulator(tt.WizardConfig(players=3), size=3)
            >>> one.reseed([7, 8]); two.reseed([1, 2, 7])
            >>> one.reset(); two.reset()
            >>> one.state_of(0) == two.state_of(2)
            True
        """
        if type(seeds) is int:
            self._rows.rng[:] = seeded_rows(derive_seed(seeds, "batch"), self.size)
            return
        if not isinstance(seeds, list | tuple):
            raise ArgumentTypeError(
                f"seeds must be an int or a list of ints, not {safe_repr(seeds)}"
            )
        if len(seeds) != self.size:
            raise ArgumentError(f"there must be one seed per row ({self.size}), not {len(seeds)}")
        keys = [derive_seed(seed_argument("seed", seed), "row") for seed in seeds]
        self._rows.reseed(keys)

    def _forget(self, rows: npt.NDArray[np.int64]) -> None:
        """Rows that start new games no longer start from a loaded state or world."""
        for row in rows.tolist():
            self._starts.pop(row, None)
        if len(self._in_world):
            self._in_world[rows] = False

    # -- states in and out ----------------------------------------------------------------

    def state_of(self, row: int) -> GameState[object]:
        """The exact immutable state of game ``row``: its deals and actions through ``tt.apply``.

        Needs the ``rl`` extra, whose action indexes it reads, and ``record``.

        Raises:
            ArgumentTypeError: As :meth:`replay` does.
            RowError: As :meth:`replay` does.
            ArgumentError: As :meth:`replay` does.

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

    def row_arrays(self, row: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64]]:
        """Copies of game ``row``'s kernel row: its ``int32`` and its ``uint64`` columns.

        The columns are the game's kernel's (see :mod:`tricktaking.kernel_kit`): for
        code that runs the kernel's own functions on a game, such as
        :mod:`tricktaking.solver`. The copies are the caller's; the row is unchanged.

        Raises:
            ArgumentTypeError: If ``row`` is not an ``int``.
            RowError: If it is not a row of the simulator.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> from tricktaking.kernel_kit import ACTOR
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=3), size=2, seed=0)
            >>> ints, cards = sim.row_arrays(1)
            >>> int(ints[ACTOR]) == int(sim.actor[1]), str(cards.dtype)
            (True, 'uint64')
        """
        index = self._row(row)
        return self._rows.ints[index].copy(), self._rows.cards[index].copy()

    def replay(self, row: int) -> Iterator[GameState[object]]:
        """Every state of game ``row``: the new game, then the state after each deal and action.

        A row loaded by :meth:`from_states` starts at the state it was loaded from.

        Raises:
            ArgumentTypeError: If ``row`` is not an ``int``.
            RowError: If ``row`` is not a row (an ``IndexError``).
            ArgumentError: If the simulator keeps no record.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> sim = Simulator(tt.WizardConfig(players=4), size=3, seed=2)
            >>> [type(state).__name__ for state in sim.replay(0)]
            ['WizardState', 'WizardState']
        """
        index = self._row(row)
        if not self._rows.recording:
            raise ArgumentError("this simulator keeps no record (record=False): no state_of")
        return self._states_from(index)

    def _row(self, row: object) -> int:
        if type(row) is not int and not isinstance(row, np.integer):
            raise ArgumentTypeError(f"a row is an int, not {safe_repr(row)}")
        index = int(cast("int", row))  # an int or a NumPy integer
        if not -self.size <= index < self.size:
            raise RowError(f"row {index} is outside 0 to {self.size - 1}")
        return index % self.size

    def _states_from(self, row: int) -> Iterator[GameState[object]]:
        from tricktaking.rl.actions import action_from_index  # noqa: PLC0415 (rl needs Gymnasium)

        rows = self._rows
        if len(self._in_world) and self._in_world[row] and self._worlds is not None:
            state, dealt, acted = self._worlds.world(self._assigned[row]), 0, 0
        else:
            state, dealt, acted = self._starts.get(row, (tt.new_game(self.config), 0, 0))
        yield state
        deals = iter(rows.decks[row, dealt : rows.counts[row, 1]].tolist())
        actions = iter(rows.log[row, acted : rows.counts[row, 0]].tolist())
        while True:
            actor = tt.actor(state)
            if actor is None:
                return
            if actor is CHANCE:
                deck = next(deals, None)
                if deck is None:
                    return
                state = tt.apply(state, self._kernel.deal_action(state, deck))
            else:
                index = next(actions, None)
                if index is None:
                    return
                state = tt.apply(state, action_from_index(state, index))
            yield state

    @classmethod
    def from_states(
        cls, states: Sequence[GameState[object]], seed: int = 0, *, record: bool = True
    ) -> Simulator:
        """A simulator whose row ``i`` is ``states[i]``, replayed from its history.

        Every state must be what its own history makes: its history is replayed through
        ``tt.apply`` and the result must equal the state (a state edited by hand is
        refused). A history may start at the new game or at a later deal: a sampled
        world of :func:`~tricktaking.worlds.sample_world` holds only its own deal's
        history. Rows whose state waits for a deal are dealt at random from ``seed``.
        :meth:`state_of` and :meth:`replay` of a loaded row start at the state given.

        Raises:
            ArgumentTypeError: If ``states`` is not a list or tuple of states of a
                registered game, or ``seed`` not an ``int``.
            ArgumentError: If ``states`` is empty or too long, or its states have
                different configs.
            ForgedStateError: If a state is not what its history makes (its message
                names the state and what differs).

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
        if not isinstance(states, list | tuple):
            raise ArgumentTypeError(
                f"states must be a list or tuple of states, not {safe_repr(states)}"
            )
        count_argument("the number of states", len(states), high=MAX_SIZE)
        games = [_state_game(index, state) for index, state in enumerate(states)]
        config: object = states[0].config
        for index, state in enumerate(states):
            if games[index] is not games[0] or state.config != config:
                raise ArgumentError(
                    f"state {index}: every state of a batch has the same config as state 0"
                )
        sim = cls.__new__(cls)
        sim._setup(config, len(states), seed, False, record)
        sim._load(states)
        return sim

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        size: int = 4096,
        seed: int = 0,
        *,
        copies: int = 1,
        record: bool = True,
    ) -> Simulator:
        """A simulator whose ``size`` rows are worlds of ``view``, drawn in compiled code.

        Each row's hidden cards (the other hands, a stock, a kitty, the One Card) are
        drawn from the exact posterior of a fair shuffle, as
        :func:`~tricktaking.worlds.sample_world` draws them: every deal of the physical
        deck consistent with the view equally likely (identical cards counted as
        distinct cards), every void and every card revealed respected. The counting is
        done once for the view (in Python, exactly); the draws, ``size`` of them, run in
        the kernel. :meth:`state_of` of a row is its world (``view`` seen by the seat)
        and what the row did since.

        Args:
            view: The seat's view.
            size: The number of rows.
            seed: Seeds the worlds (and the deals and policies after them).
            copies: Each world fills this many rows in a row (a search tries each of
                its actions in the same worlds); it must divide ``size``.
            record: Keep each row's actions (needed by :meth:`state_of`).

        Raises:
            InconsistentViewError: If no state gives this view.
            ArgumentTypeError: If ``view`` is not a view of a game with a batch kernel,
                or ``size`` or ``seed`` is not an ``int``.
            ArgumentError: If ``size`` is out of range, or ``copies`` does not divide it.

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=3))
            >>> state = tt.apply(state, tt.deal(state, seed=3))
            >>> seen = tt.view(state, 1)
            >>> sim = Simulator.from_view(seen, size=100, seed=2)
            >>> all(tt.view(sim.state_of(row), 1) == seen for row in range(100))
            True
        """
        from tricktaking.worlds import world_sampler  # noqa: PLC0415 (worlds sit beside batch)

        size = count_argument("size", size, high=MAX_SIZE)
        seed = seed_argument("seed", seed)
        copies = count_argument("copies", copies, high=size)
        if size % copies:
            raise ArgumentError(f"copies ({copies}) must divide size ({size})")
        sampler = world_sampler(view)
        template = sampler.sample(derive_seed(seed, "template"))
        sim = cls.__new__(cls)
        sim._setup(template.config, size, seed, False, record)
        sim._deal_worlds(sampler, template, copies)
        return sim

    def _deal_worlds(self, sampler: WorldSampler, template: GameState[object], copies: int) -> None:
        """Load ``template`` into row 0, then deal every row a world of the sampler's view."""
        from tricktaking.rl.actions import action_index  # noqa: PLC0415 (rl needs Gymnasium)

        loaded = _loaded(self._kernel, 0, template, action_index)
        which = np.full(self.size, -1, np.int64)
        which[0] = 0
        starts = np.array([[loaded.before, loaded.dealer, *loaded.totals]], np.int64)
        table = np.array([loaded.entries or [0]], np.int64)
        decks = np.array(loaded.decks or [[0] * (self._rows.params.deck_size + 2)], np.int64)
        self._rows.load(which, starts, table, np.array([len(loaded.entries)], np.int64), decks)
        rows = self._rows
        plan = sampler.plan()
        with np.errstate(over="ignore"):  # the kernel's own Python runs on NumPy words
            shown = int(held_row(rows.params, rows.ints, rows.cards, 0, -1))
            numbers = self._kernel.numbers(self.config)
            hidden = {
                n for n, card in enumerate(numbers) if card is not None and not shown >> n & 1
            }
            for code in zone_codes(self._kernel, plan.zones):
                if code >= 0:
                    mask = int(held_row(rows.params, rows.ints, rows.cards, 0, code))
                    hidden |= {n for n in range(64) if mask >> n & 1}
        worlds = Worlds(sampler, plan, self._kernel, self.config, sorted(hidden))
        self._worlds = worlds
        self._assigned = np.zeros((self.size, max(1, sum(worlds.sizes))), np.int16)
        self._in_world = np.ones(self.size, np.bool_)
        rows.sample_worlds(worlds, self._assigned, copies)
        rows.deal_due()

    def hidden_of(self, row: int) -> dict[str, tuple[Card, ...]]:
        """The hidden cards of each hidden zone that :meth:`from_view` dealt ``row``.

        Raises:
            ArgumentTypeError: If ``row`` is not an ``int``.
            RowError: If ``row`` is not a row.
            ArgumentError: If the row was not dealt a world of a view (or was reset since).

        Example:
            >>> from tricktaking.batch import Simulator
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.OhHellConfig(players=3, hand_size=2, first_dealer=0))
            >>> state = tt.apply(state, tt.deal(state, seed=1))
            >>> sorted(Simulator.from_view(tt.view(state, 1), size=2).hidden_of(0))
            ['hand 0', 'hand 2', 'stock']
        """
        index = self._row(row)
        if self._worlds is None or not self._in_world[index]:
            raise ArgumentError(f"row {index} holds no world of a view (see from_view)")
        return self._worlds.assignment(self._assigned[index])

    def _load(self, states: Sequence[GameState[object]]) -> None:
        from tricktaking.rl.actions import action_index  # noqa: PLC0415 (rl needs Gymnasium)

        # a state given many times (a world, once per action) is checked and built once
        loads: dict[int, _Loaded] = {}
        which = np.zeros(len(states), np.int64)
        for row, state in enumerate(states):
            loaded = loads.get(id(state))
            if loaded is None:
                loaded = loads[id(state)] = _loaded(self._kernel, row, state, action_index)
                loaded.program = len(loads) - 1
            which[row] = loaded.program
        programs = list(loads.values())
        width = max(len(loaded.entries) for loaded in programs)
        table = np.zeros((len(programs), max(width, 1)), np.int64)
        lengths = np.zeros(len(programs), np.int64)
        decks: list[Sequence[int]] = []
        for loaded in programs:
            first = len(decks)  # the program's decks are numbered after the earlier ones'
            entries = [entry if entry >= 0 else entry - first for entry in loaded.entries]
            table[loaded.program, : len(entries)] = entries
            lengths[loaded.program] = len(entries)
            decks.extend(loaded.decks)
        starts = np.array([[p.before, p.dealer, *p.totals] for p in programs], np.int64)
        failed = self._rows.load(
            which,
            starts,
            table,
            lengths,
            np.array(decks or [[0] * (self._rows.params.deck_size + 2)], np.int64),
        )
        if (failed >= 0).any():  # pragma: no cover - the engine accepted these actions
            row = int(np.flatnonzero(failed >= 0)[0])
            raise RuntimeError(
                f"the {self._kernel.title} kernel refused entry {int(failed[row])} of state "
                f"{row}, which the engine accepts: a bug in the kernel"
            )
        for row, state in enumerate(states):
            self._starts[row] = (state, 0, 0)
        self._rows.deal_due()


class _Loaded:
    """A state's program: its entries (action indexes; ``-1 - k`` deals its k-th deck)."""

    def __init__(self, before: int, dealer: int, totals: tuple[int, ...]) -> None:
        self.program = 0
        self.before = before
        self.dealer = dealer
        self.totals = totals
        self.entries: list[int] = []
        self.decks: list[Sequence[int]] = []


def _loaded(
    kernel: Kernel[object],
    index: int,
    state: GameState[object],
    action_index: Callable[[GameState[object], object], int],
) -> _Loaded:
    """The program of ``state``, which must be what its history makes.

    A history starting at a later deal starts from the state before that deal, with the
    totals before it: the state's own totals, less what the history's completed deals
    added (a deal's score does not depend on the totals before it).
    """
    history: object = state.history
    if not isinstance(history, History):
        raise ForgedStateError(
            f"state {index}: its history is a {type(history).__name__[:40]}, not a History"
        )
    actions: tuple[object, ...] = tuple(history)
    deals = sum(isinstance(action, Deal) for action in actions)
    try:
        number, dealer, totals = _deal_number_dealer_and_totals(state)
    except _FORGED as error:  # fields of a forged state: anything
        raise ForgedStateError(f"state {index}: it is not a state the engine makes") from error
    before = number - deals
    if before < 0 or (before and actions and not isinstance(actions[0], Deal)):
        raise ForgedStateError(f"state {index}: its history starts inside a deal")
    config = state.config
    dealer = (dealer - deals) % len(totals)
    loaded, replayed = _replayed(
        kernel, index, config, before, dealer, totals, actions, action_index
    )
    if before and tt.scores(replayed) != totals:
        change = [after - given for after, given in zip(tt.scores(replayed), totals, strict=True)]
        earlier = tuple(given - delta for given, delta in zip(totals, change, strict=True))
        loaded, replayed = _replayed(
            kernel, index, config, before, dealer, earlier, actions, action_index
        )
    if replayed != state:
        differing = [
            field.name
            for field in attrs.fields(cast("type[AttrsInstance]", type(state)))
            if getattr(replayed, field.name) != getattr(state, field.name)
        ]
        raise ForgedStateError(
            f"state {index}: its history does not make it (it differs in "
            f"{', '.join(differing[:4]) or 'its type'})"
        )
    return loaded


_FORGED = (AttributeError, IndexError, KeyError, OverflowError, TypeError, ValueError)
"""What reading a forged state's fields may raise."""


def _deal_number_dealer_and_totals(state: GameState[object]) -> tuple[int, int, tuple[int, ...]]:
    number, dealer = state.round.number, state.round.dealer
    if type(number) is not int or type(dealer) is not int:
        raise TypeError("a deal number or dealer that is not an int")
    return number, dealer, tt.scores(state)


def _replayed(  # noqa: PLR0917 (a private function of one caller)
    kernel: Kernel[object],
    index: int,
    config: object,
    before: int,
    dealer: int,
    totals: tuple[int, ...],
    actions: tuple[object, ...],
    action_index: Callable[[GameState[object], object], int],
) -> tuple[_Loaded, GameState[object]]:
    """``actions`` replayed through ``tt.apply`` from their start, and their program."""
    loaded = _Loaded(before, dealer, totals)
    state = tt.new_game(config) if not before else kernel.resumed(config, before, dealer, totals)
    for position, action in enumerate(actions):
        try:
            after = tt.apply(state, action)  # apply checks it
        except (TricktakingError, TypeError, ValueError) as error:
            raise ForgedStateError(
                f"state {index}: action {position} of its history ({safe_repr(action)}) "
                f"does not replay: {error}"
            ) from None
        # the action is legal here, so its deck and index exist
        if isinstance(action, Deal):
            loaded.entries.append(-1 - len(loaded.decks))
            loaded.decks.append(kernel.deck_of(state, action))
        else:
            loaded.entries.append(action_index(state, action))
        state = after
    return loaded, state


def _state_game(index: int, state: object) -> Game[GameState[object], object]:
    try:
        return tt.game_of(state)
    except ArgumentTypeError:
        raise ArgumentTypeError(
            f"state {index}: {type(state).__name__[:40]} is not the state of a registered game"
        ) from None


def policy_argument(policy: object) -> Policy:
    """``policy`` if it is a kernel's policy, else a typed error."""
    if type(policy) is not str:
        raise ArgumentTypeError(f"policy must be a str, not {safe_repr(policy)}")
    if policy not in _POLICIES:
        raise ArgumentError(f"policy must be 'random' or 'heuristic', not {safe_repr(policy)}")
    return policy  # type: ignore[return-value]  # one of the two names, checked


def _policy_code(policy: object) -> int:
    return _POLICIES[policy_argument(policy)]
