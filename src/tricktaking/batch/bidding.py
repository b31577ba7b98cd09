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
play is :class:`~tricktaking.batch.bots.BatchIsmctsBot`'s until few enough cards are
left for the exact solver to fit the budget, then
:class:`~tricktaking.batch.exact.ExactPimcBot`'s (sampled worlds, each solved).

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

from tricktaking.arguments import count_argument, real_argument
from tricktaking.batch._deciding import RankingBot, seconds_argument
from tricktaking.batch.bots import BatchIsmctsBot, BatchPimcBot
from tricktaking.batch.exact import ExactPimcBot, cards_left
from tricktaking.bots import Suggestion
from tricktaking.engine import PlayerView
from tricktaking.plugins import legal_choices, refusing_forged_views
from tricktaking.seeding import derive_seed
from tricktaking.tricks import Play

__all__ = ["EXACT_CARDS", "SampledBidsBot"]

EXACT_CARDS = 10
"""The most cards left in the hands at which :class:`SampledBidsBot` solves by default.

At 10 cards one solve takes about 10 ms at most in every game, so a budget of 100 ms
solves ten worlds or more; at 12 cards a solve can take over 100 ms."""


class SampledBidsBot(RankingBot):
    """Bids, passes and declarations from sampled worlds; card play by kernel ISMCTS.

    A decision whose legal actions are all card plays goes to a
    :class:`~tricktaking.batch.exact.ExactPimcBot` when at most ``exact_cards`` cards
    are left in the hands (:func:`~tricktaking.batch.exact.cards_left`), else to a
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
        exact_cards: The most cards left in the hands at which card play solves
            sampled worlds exactly (0: never).
        exact_worlds: Worlds solved per card play there (without ``seconds``).
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
    exact_cards: int
    win_value: float

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int = 256,
        iterations: int = 1024,
        exact_cards: int = EXACT_CARDS,
        exact_worlds: int = 16,
        seconds: float | None = None,
        win_value: float = 50.0,
    ) -> None:
        super().__init__(seed)
        self.worlds = count_argument("worlds", worlds)
        self.iterations = count_argument("iterations", iterations)
        self.exact_cards = count_argument("exact_cards", exact_cards, low=0)
        self.win_value = real_argument("win_value", win_value, low=-math.inf)
        self._bidding = BatchPimcBot(
            derive_seed(self.seed, "bidding"), worlds=self.worlds, win_value=self.win_value
        )
        self._playing = BatchIsmctsBot(
            derive_seed(self.seed, "playing"),
            iterations=self.iterations,
            win_value=self.win_value,
        )
        self._solving = ExactPimcBot(derive_seed(self.seed, "solving"), worlds=exact_worlds)
        self.seconds = seconds

    @property
    def seconds(self) -> float | None:
        """CPU seconds per decision, at most (``None``: the fixed budgets); settable."""
        return self._playing.seconds

    @seconds.setter
    def seconds(self, seconds: float | None) -> None:
        checked = seconds_argument(seconds)
        self._bidding.seconds = checked
        self._playing.seconds = checked
        self._solving.seconds = checked

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
            if cards_left(view) <= self.exact_cards:
                return self._solving.evaluate(view)
            return self._playing.evaluate(view)
        return self._bidding.evaluate(view)
