"""What every compiled search bot shares: its time budget's check, and a move from a ranking."""

from __future__ import annotations

from collections.abc import Callable

from tricktaking.arguments import real_argument, seed_argument
from tricktaking.bots import Suggestion
from tricktaking.engine import Action, PlayerView
from tricktaking.plugins import legal_choices
from tricktaking.seeding import derive_seed


def seconds_argument(seconds: object) -> float | None:
    """A CPU time budget per decision: ``None``, or positive and finite, else a typed error."""
    return None if seconds is None else real_argument("seconds", seconds, low=0.0, low_open=True)


def best_action(view: PlayerView, rank: Callable[[PlayerView], tuple[Suggestion, ...]]) -> Action:
    """The only legal action without a search, else the first of ``rank``'s ranking."""
    legal = legal_choices(view)
    if len(legal) == 1:
        return legal[0]
    return rank(view)[0].action


class RankingBot:
    """A seeded bot that ranks a decision's legal actions and plays the first of them.

    Each decision takes its own seed, derived from the bot's ``seed`` and the number of
    decisions it has made, so a bot replays the same game the same way.
    """

    seed: int

    def __init__(self, seed: object) -> None:
        self.seed = seed_argument("seed", seed)
        self._decisions = 0

    def act(self, view: PlayerView) -> Action:
        """The first action of :meth:`evaluate`'s ranking (the only legal one: no search)."""
        return best_action(view, self.evaluate)

    def evaluate(self, view: PlayerView) -> tuple[Suggestion, ...]:
        """Every legal action with its value and visits, in the order the bot prefers them."""
        raise NotImplementedError  # pragma: no cover - every bot ranks in its own way

    def _decision_seed(self) -> int:
        """The seed of a new decision: the next one derived from ``seed``."""
        self._decisions += 1
        return derive_seed(self.seed, "decision", self._decisions)
