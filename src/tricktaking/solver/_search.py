"""The exact search: plain minimax over the engine's own ``apply``, remembered per call.

Every state is solved by trying every legal action through the engine, so the values are
the rules' own; a table remembers each state solved within one question, since the same
position is reached by many orders of play.
"""

from __future__ import annotations

from collections.abc import Callable

from tricktaking.engine import Action, GameState, actor, apply, legal_actions

__all__ = ["Search"]


class Search:
    """One question solved by minimax: ``goal`` at the end of the deal, for ``seat``'s side.

    Args:
        in_play: Whether a state is still in the deal's trick play.
        with_seat: Whether a seat to act plays for the side asking (maximises ``goal``).
        goal: The value of a state where the deal's trick play has ended.
    """

    def __init__(
        self,
        in_play: Callable[[GameState[object]], bool],
        with_seat: Callable[[int], bool],
        goal: Callable[[GameState[object]], int],
    ) -> None:
        self._in_play = in_play
        self._with_seat = with_seat
        self._goal = goal
        self._known: dict[GameState[object], int] = {}

    def value(self, state: GameState[object]) -> int:
        """The value of ``state`` with both sides playing perfectly to the end of the deal."""
        known = self._known.get(state)
        if known is not None:
            return known
        if not self._in_play(state):
            found = self._goal(state)
        else:
            seat = actor(state)
            values = [self.value(apply(state, action)) for action in legal_actions(state)]
            found = max(values) if isinstance(seat, int) and self._with_seat(seat) else min(values)
        self._known[state] = found
        return found

    def line(self, state: GameState[object]) -> tuple[Action, ...]:
        """A line of perfect play from ``state``: each time the first action keeping the value."""
        line: list[Action] = []
        while self._in_play(state):
            target = self.value(state)
            for action in legal_actions(state):
                after = apply(state, action)
                if self.value(after) == target:
                    line.append(action)
                    state = after
                    break
        return tuple(line)
