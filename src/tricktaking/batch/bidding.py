"""A bot that bids from sampled worlds played out by the heuristic, and plays by kernel ISMCTS.

:class:`SampledBidsBot` splits a deal in two. Every decision that is not a card play (a
bid, a pass, a trump or direction, a kitty discard) is valued over worlds of the view
drawn from the compiled fair-shuffle sampler: each candidate is taken in the *same*
worlds and every world is played to the end of the deal by the kernel's heuristic
policy, which sees only what its seat would see, so a candidate's value is what the
heuristic's own card play makes of it (the distribution of the tricks or points the
seat takes), not what perfect play with every hand known would make of it. The
candidate with the best mean value (:func:`~tricktaking.bots.seat_values`) is chosen,
a pass included, so the bot bids only where bidding is worth more than passing. Card
play is :class:`~tricktaking.batch.bots.BatchIsmctsBot`'s.

Example:
    >>> from tricktaking.batch.bidding import SampledBidsBot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OhHellConfig(players=4, hand_size=3, first_dealer=0))
    >>> state = tt.apply(state, tt.deal(state, seed=5))
    >>> seen = tt.view(state, tt.actor(state))
    >>> SampledBidsBot(seed=1, worlds=16, iterations=64).act(seen) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

import math

from tricktaking.arguments import count_argument, real_argument, seed_argument
from tricktaking.batch.bots import BatchIsmctsBot, BatchPimcBot
from tricktaking.bots import Suggestion
from tricktaking.engine import Action, PlayerView
from tricktaking.plugins import legal_choices, refusing_forged_views
from tricktaking.seeding import derive_seed
from tricktaking.tricks import Play

__all__ = ["SampledBidsBot"]


class SampledBidsBot:
    """Bids, passes and declarations from sampled worlds; card play by kernel ISMCTS.

    A decision whose legal actions are all card plays goes to a
    :class:`~tricktaking.batch.bots.BatchIsmctsBot`; any other decision to a
    :class:`~tricktaking.batch.bots.BatchPimcBot` with heuristic playouts, so every
    candidate is played out in the same ``worlds`` worlds (in sets, with ``seconds``).
    Both are seeded from ``seed``, so the bot is deterministic for a seed and an
    iteration budget.

    Needs the ``batch`` and ``rl`` extras; the game needs a batch kernel.

    Args:
        seed: Determines the worlds and the playouts.
        worlds: Worlds per set for a bid (every candidate in each world).
        iterations: ISMCTS iterations per card play (without ``seconds``).
        seconds: CPU seconds per decision, at most (``None``: the fixed budgets).
        win_value: The value of winning the game (see :func:`~tricktaking.bots.seat_values`).

    Raises:
        ArgumentTypeError: If an argument has the wrong type.
        ArgumentError: If a count is below 1, or a number is not finite (``seconds``
            positive).

    Example:
        >>> from tricktaking.batch.bidding import SampledBidsBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=3))
        >>> state = tt.apply(state, tt.deal(state, seed=6))
        >>> seen = tt.view(state, tt.actor(state))
        >>> bot = SampledBidsBot(seed=2, worlds=32)
        >>> bot.act(seen) == SampledBidsBot(seed=2, worlds=32).act(seen)
        True
        >>> SampledBidsBot(worlds=0)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: worlds must be 1 to 1,000,000,000, not 0
    """

    seed: int
    worlds: int
    iterations: int
    win_value: float

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int = 256,
        iterations: int = 1024,
        seconds: float | None = None,
        win_value: float = 50.0,
    ) -> None:
        self.seed = seed_argument("seed", seed)
        self.worlds = count_argument("worlds", worlds)
        self.iterations = count_argument("iterations", iterations)
        self.win_value = real_argument("win_value", win_value, low=-math.inf)
        self._bidding = BatchPimcBot(
            derive_seed(self.seed, "bidding"), worlds=self.worlds, win_value=self.win_value
        )
        self._playing = BatchIsmctsBot(
            derive_seed(self.seed, "playing"),
            iterations=self.iterations,
            win_value=self.win_value,
        )
        self.seconds = seconds

    @property
    def seconds(self) -> float | None:
        """CPU seconds per decision, at most (``None``: the fixed budgets); settable."""
        return self._playing.seconds

    @seconds.setter
    def seconds(self, seconds: float | None) -> None:
        checked = (
            None if seconds is None else real_argument("seconds", seconds, low=0.0, low_open=True)
        )
        self._bidding.seconds = checked
        self._playing.seconds = checked

    def act(self, view: PlayerView) -> Action:
        """The best-valued action of the part of the deal the view is in."""
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view)[0].action

    @refusing_forged_views
    def evaluate(self, view: PlayerView) -> tuple[Suggestion, ...]:
        """Every legal action with its value and visits, best first.

        Raises:
            ValueError: If the seat is not to act in ``view``.

        Example:
            >>> from tricktaking.batch.bidding import SampledBidsBot
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.BidWhistConfig())
            >>> state = tt.apply(state, tt.deal(state, seed=3))
            >>> hints = SampledBidsBot(worlds=8).evaluate(tt.view(state, tt.actor(state)))
            >>> len(hints) == len(tt.legal_actions(state)), hints[0].visits
            (True, 8)
        """
        legal = legal_choices(view)
        if all(isinstance(action, Play) for action in legal):
            return self._playing.evaluate(view)
        return self._bidding.evaluate(view)
