"""OpenSpiel's IS-MCTS bot seated at a tricktaking Oh Hell table, at a CPU time per decision.

:class:`OpenSpielIsmctsBot` plays from a tricktaking :class:`~tricktaking.PlayerView`
like any other bot. For each decision it draws one world of the view (a fair-shuffle
world, :func:`~tricktaking.worlds.world_sampler`), replays it into OpenSpiel's
``oh_hell`` through the move-by-move mapping of ``oh_hell_crosscheck.py``
(``rules/oh_hell.md`` OH-15: the explicit deal as chance outcomes, then every bid and
play as its action id), checks that OpenSpiel's player and legal actions are the view's,
asks ``pyspiel.ISMCTSBot`` for an action id and maps it back to the view's legal action.
The world's hidden cards do not reach the search: OpenSpiel's IS-MCTS draws a new world
from the acting player's information state for every simulation
(``max_world_samples=-1``), so the world only carries the public history and the seat's
own hand into OpenSpiel.

The bot's budget is CPU time, as the tricktaking search bots': OpenSpiel's bot takes a
number of simulations, so the seat sets it from the CPU time per simulation its earlier
searches took with as many moves left in the deal (a simulation's rollout plays out the
rest of the deal, so that is what its cost depends on), after subtracting the time the
mapping itself took. A number of moves left met for the first time is calibrated on
:data:`CALIBRATION` simulations. The mean CPU time per decision is then close to the
budget; the ladder reports it measured.

Example (with OpenSpiel installed)::

    >>> from openspiel_seat import OpenSpielIsmctsBot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OhHellConfig(players=3, hand_size=2))
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> bot = OpenSpielIsmctsBot(seed=1, seconds=0.01)
    >>> bot.act(tt.view(state, tt.actor(state))) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Protocol, cast

from oh_hell_crosscheck import SpielState, action_id, explicit_outcomes, spiel_game

from tricktaking import Deal
from tricktaking.engine import Action, PlayerView
from tricktaking.games import oh_hell
from tricktaking.games.oh_hell import OhHellConfig, OhHellState
from tricktaking.seeding import derive_seed
from tricktaking.worlds import world_sampler

__all__ = [
    "CALIBRATION",
    "LEAST_SIMULATIONS",
    "OpenSpielIsmctsBot",
    "SeatError",
    "spiel_actions",
    "spiel_state",
]

CALIBRATION = 32
"""Simulations of the calibration step, the first time a number of moves left is met."""

LEAST_SIMULATIONS = 2
"""OpenSpiel's IS-MCTS needs two simulations: the first only expands the root."""

_SEED_RANGE = 2**31
"""OpenSpiel's bots and evaluators take a 32-bit seed."""


class SeatError(RuntimeError):
    """The OpenSpiel state built from a view disagrees with the view (a mapping fault)."""


class _Bot(Protocol):  # the part of pyspiel.ISMCTSBot used here
    def step(self, state: SpielState) -> int: ...


def spiel_state(world: OhHellState) -> SpielState:
    """OpenSpiel's ``oh_hell`` state of a tricktaking Oh Hell state, move by move (OH-15).

    The state's deal becomes OpenSpiel's chance outcomes (hand size, dealer, the dealt
    cards, the turn-up: OH-15.3), then every action after it is applied as its id.

    Raises:
        SeatError: If the state has no deal yet.
    """
    config = world.config
    deals = [action for action in world.history if isinstance(action, Deal)]
    if len(deals) != 1:
        raise SeatError(f"an OpenSpiel state needs one dealt hand, not {len(deals)}")
    deal = deals[0]
    dealer = deal.dealer if deal.dealer is not None else config.first_dealer
    spiel = spiel_game(config).new_initial_state()
    for outcome in explicit_outcomes(config, deal, cast("int", dealer)):
        spiel.apply_action(outcome)
    for action in world.history[world.history.index(deal) + 1 :]:
        spiel.apply_action(action_id(config, action))
    return spiel


def spiel_actions(state: OhHellState) -> dict[int, Action]:
    """Each legal action of ``state`` by its OpenSpiel action id (OH-15.4)."""
    config = state.config
    return {action_id(config, action): action for action in oh_hell.legal_actions(state)}


def _moves_left(config: OhHellConfig, spiel: SpielState, hand_size: int) -> int:
    """The player moves left in the deal: what one rollout from here plays."""
    n = config.players
    total = 2 + n * hand_size + 1 + n + n * hand_size  # OH-15.2's history length
    return total - len(spiel.history())


class OpenSpielIsmctsBot:
    """OpenSpiel's ``ISMCTSBot`` (random rollouts) playing Oh Hell at a CPU time per decision.

    Args:
        seed: Seeds the worlds, OpenSpiel's bot and its rollouts, decision by decision.
        seconds: CPU seconds per decision (the mean over a deal is close to it).
        uct_c: OpenSpiel's UCT exploration constant.
        rollouts: Random rollouts per leaf evaluation.
        costs: The CPU seconds and simulations of searches so far by moves left in the
            deal, shared by the bots of one run so that each bot starts from what the
            earlier ones measured (by default the bot's own).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        seconds: float = 0.05,
        uct_c: float = 2.0,
        rollouts: int = 1,
        costs: dict[int, tuple[float, int]] | None = None,
    ) -> None:
        self.seed = seed
        self.seconds = seconds
        self.uct_c = uct_c
        self.rollouts = rollouts
        self.simulations: list[int] = []
        """Simulations of each decision searched, in order."""
        self._cost = {} if costs is None else costs

    def _bot(self, simulations: int, decision: int) -> _Bot:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]  # noqa: PLC0415

        seed = derive_seed(self.seed, "decision", decision)
        evaluator = pyspiel.RandomRolloutEvaluator(
            self.rollouts, derive_seed(seed, "rollouts") % _SEED_RANGE
        )
        return cast(
            "_Bot",
            pyspiel.ISMCTSBot(
                seed % _SEED_RANGE,
                evaluator,
                self.uct_c,
                simulations,
                -1,  # a new world from the information state for every simulation
                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                False,  # key nodes by information state strings
                False,  # oh_hell's legal actions are the same in every world of a node
            ),
        )

    def _search(self, spiel: SpielState, simulations: int, moves: int, decision: int) -> int:
        start = time.process_time()
        chosen = self._bot(simulations, decision).step(spiel)
        cpu, done = self._cost.get(moves, (0.0, 0))
        self._cost[moves] = (cpu + time.process_time() - start, done + simulations)
        self.simulations.append(simulations)
        return chosen

    def act(self, view: PlayerView) -> Action:
        """The action OpenSpiel's IS-MCTS chooses for ``view``.

        Raises:
            SeatError: If OpenSpiel's state disagrees with the view (player, legal actions).
        """
        start = time.process_time()
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        decision = len(self.simulations)
        world = cast(
            "OhHellState", world_sampler(view).sample(derive_seed(self.seed, "world", decision))
        )
        spiel = spiel_state(world)
        by_id: Mapping[int, Action] = spiel_actions(world)
        if spiel.current_player() != view.seat or sorted(by_id) != spiel.legal_actions():
            raise SeatError(f"OpenSpiel's state is not the view's: {spiel.history()}")
        moves = _moves_left(world.config, spiel, world.hand_size)
        if moves not in self._cost:  # calibrate the CPU time of a simulation from here
            self._search(spiel, CALIBRATION, moves, decision)
        cpu, done = self._cost[moves]
        left = self.seconds - (time.process_time() - start)
        simulations = max(LEAST_SIMULATIONS, min(10**7, int(left * done / cpu)))
        return by_id[self._search(spiel, simulations, moves, decision)]
