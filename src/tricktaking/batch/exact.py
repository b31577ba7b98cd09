"""Perfect-information Monte Carlo over the exact solver: sampled worlds, each solved.

:class:`ExactPimcBot` plays a card as PIMC does, with the playouts replaced by the
solver (:func:`tricktaking.solver.card_values`): it draws worlds of its view from the
exact posterior of a fair shuffle (:func:`~tricktaking.worlds.world_sampler`), solves
every world with every hand known, and plays the card with the best total value over
the worlds. The solver only ever sees the drawn worlds, never the true state. Its
values are the game's own question (the side's tricks in Bid Whist, making the bid
exactly in Wizard and Oh Hell, the card points in One Card); ties, common where the
answer is 1 or 0, go to the card the game's heuristic bot would play.

Example:
    >>> from tricktaking.batch.exact import ExactPimcBot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OhHellConfig(players=3, hand_size=2, first_dealer=0))
    >>> state = tt.apply(state, tt.deal(state, seed=5))
    >>> while not all(isinstance(a, tt.Play) for a in tt.legal_actions(state)):
    ...     state = tt.apply(state, tt.legal_actions(state)[0])
    >>> seen = tt.view(state, tt.actor(state))
    >>> ExactPimcBot(seed=1, worlds=4).act(seen) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

import time

from tricktaking import solver
from tricktaking.arguments import count_argument
from tricktaking.batch._deciding import RankingBot, seconds_argument
from tricktaking.bots import Suggestion
from tricktaking.bots.heuristic import heuristic_bot
from tricktaking.engine import PlayerView, game_of_view
from tricktaking.errors import ArgumentError
from tricktaking.plugins import legal_choices, refusing_forged_views
from tricktaking.seeding import derive_seed
from tricktaking.tricks import Play
from tricktaking.worlds import world_sampler

__all__ = ["ExactPimcBot", "cards_left"]


def cards_left(view: PlayerView) -> int:
    """The cards still in the players' hands: what the size of a solve grows with.

    Example:
        >>> from tricktaking.batch.exact import cards_left
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(players=3, hand_size=4, first_dealer=0))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> cards_left(tt.view(state, 0))
        12
    """
    return sum(view.hand_sizes)


class ExactPimcBot(RankingBot):
    """Card play from sampled worlds, each solved exactly; the best total value wins.

    The bot draws ``worlds`` worlds (with ``seconds``, worlds until the CPU time is
    spent, at least one), solves each with :func:`tricktaking.solver.card_values` and
    sums each legal card's values. It plays cards only: a decision that is not a card
    play is refused.

    Needs the ``batch`` extra (the solver's).

    Args:
        seed: Determines the worlds.
        worlds: Worlds per decision (without ``seconds``: exactly these).
        seconds: CPU seconds per decision, at most (``None``: ``worlds`` worlds).

    Raises:
        ArgumentTypeError: If an argument has the wrong type.
        ArgumentError: If ``worlds`` is below 1 or ``seconds`` not positive and finite.

    Example:
        >>> from tricktaking.batch.exact import ExactPimcBot
        >>> ExactPimcBot(worlds=0)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: worlds must be 1 to 1,000,000,000, not 0
    """

    seed: int
    worlds: int
    seconds: float | None

    def __init__(self, seed: int = 0, *, worlds: int = 16, seconds: float | None = None) -> None:
        super().__init__(seed)
        self.worlds = count_argument("worlds", worlds)
        self.seconds = seconds_argument(seconds)

    @refusing_forged_views
    def evaluate(self, view: PlayerView) -> tuple[Suggestion, ...]:
        """Every legal card with its mean solved value and the worlds solved, best first.

        Raises:
            ValueError: If the seat is not to act in ``view``.
            ArgumentError: If the decision is not a card play.
        """
        legal = legal_choices(view)
        plays = tuple(action for action in legal if isinstance(action, Play))
        if len(plays) != len(legal):
            raise ArgumentError("an ExactPimcBot plays cards only; this decision is no card play")
        seed = self._decision_seed()
        start = time.process_time()
        sampler = world_sampler(view)
        totals = dict.fromkeys(plays, 0)
        solved = 0
        while self._more(solved, start):
            values = solver.card_values(sampler.sample(derive_seed(seed, "world", solved)))
            for play in plays:
                totals[play] += values[play]
            solved += 1
        preferred = heuristic_bot(game_of_view(view).name)(seed).act(view)
        order = sorted(
            range(len(plays)), key=lambda i: (-totals[plays[i]], plays[i] != preferred, i)
        )
        return tuple(Suggestion(plays[i], totals[plays[i]] / solved, solved) for i in order)

    def _more(self, solved: int, start: float) -> bool:
        """Whether to solve one more world: ``worlds`` in all, or while time is left."""
        if self.seconds is None:
            return solved < self.worlds
        return not solved or time.process_time() - start < self.seconds
