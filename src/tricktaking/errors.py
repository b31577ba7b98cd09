"""The exceptions of tricktaking and the stable :class:`Violation` codes.

Every error the library raises on purpose is a :class:`TricktakingError`. Errors caused
by bad input are also :class:`ValueError`, so code that already catches ``ValueError``
keeps working.

Example:
    >>> issubclass(IllegalActionError, ValueError)
    True
    >>> Violation.MUST_FOLLOW_SUIT.value
    'must_follow_suit'
"""

from __future__ import annotations

import enum

__all__ = [
    "ConfigError",
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "TricktakingError",
    "Violation",
]


class Violation(enum.Enum):
    """Why an action is illegal: a stable code a frontend can branch on.

    The values are lower-case strings that never change once released, so they can
    be stored and sent over the wire.

    Example:
        >>> Violation("not_your_turn") is Violation.NOT_YOUR_TURN
        True
    """

    GAME_OVER = "game_over"
    """The game has ended; no action is accepted."""
    UNKNOWN_ACTION = "unknown_action"
    """The action is not an action of this game at all."""
    WRONG_PHASE = "wrong_phase"
    """This kind of action is not taken in the current phase (a play during bidding)."""
    NOT_YOUR_TURN = "not_your_turn"
    """The action's seat is not the seat to act (or the action is not the chance deal)."""
    BAD_DEAL = "bad_deal"
    """A deal whose hands and stock are not exactly the round's deck in the right sizes."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The card played or discarded is not in the acting seat's hand."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """The seat holds the suit to follow (trump, when trump is led) and did not play it."""
    FORBIDDEN_LEAD = "forbidden_lead"
    """This card may not be led now; in One Card, the bidder's joker to trick 1."""
    BID_OUT_OF_RANGE = "bid_out_of_range"
    """The bid is outside the game's range of bids."""
    BID_TOO_LOW = "bid_too_low"
    """The bid does not beat the current high bid or is below the minimum bid."""
    FORBIDDEN_BID_TOTAL = "forbidden_bid_total"
    """Under Wizard's hook rule the dealer's bid would make the bids total the tricks."""
    ALREADY_PASSED = "already_passed"
    """The seat has passed and may make no further call in this auction."""
    MUST_BID = "must_bid"
    """The seat may not pass now, as Bid Whist's dealer after three passes."""
    INVALID_CHOICE = "invalid_choice"
    """A choice (trump suit, direction) that is not one of the allowed options."""


class TricktakingError(Exception):
    """Base class of every error raised on purpose by tricktaking.

    Example:
        >>> issubclass(NotationError, TricktakingError)
        True
    """


class NotationError(TricktakingError, ValueError):
    """Text that is not a valid card, card list or action token.

    Example:
        >>> from tricktaking import Card
        >>> try:
        ...     Card.parse("ZZ")
        ... except NotationError as error:
        ...     print("rejected")
        rejected
    """


class ConfigError(TricktakingError, ValueError):
    """A game configuration with an option outside its allowed values.

    Example:
        >>> issubclass(ConfigError, ValueError)
        True
    """


class IllegalActionError(TricktakingError, ValueError):
    """An action that the rules do not allow in this state.

    The state the action was applied to is unchanged (states are immutable) and can
    be used again. The message names the seat, the action, the phase and the reason,
    and never reveals a card the acting seat cannot see.

    Args:
        message: The human-readable explanation.
        violation: The stable reason code.
        action: The rejected action.
        seat: The seat named by the action, or ``None`` for the chance deal.

    Example:
        >>> error = IllegalActionError("seat 1 may not pass now", Violation.MUST_BID, None, 1)
        >>> error.violation
        <Violation.MUST_BID: 'must_bid'>
        >>> str(error)
        'seat 1 may not pass now'
    """

    def __init__(
        self, message: str, violation: Violation, action: object, seat: int | None
    ) -> None:
        super().__init__(message)
        self.violation = violation
        self.action = action
        self.seat = seat

    def __reduce__(
        self,
    ) -> tuple[type[IllegalActionError], tuple[str, Violation, object, int | None]]:
        # keeps the error intact across processes (a simulation on a process pool)
        return (type(self), (str(self), self.violation, self.action, self.seat))


class RecordError(TricktakingError, ValueError):
    """A game record that cannot be read or does not replay.

    Args:
        message: What is wrong.
        index: The index of the first bad action in the record's action list, or
            ``None`` when the problem is not a single action (bad JSON, wrong version).

    Example:
        >>> RecordError("action 3 is illegal", index=3).index
        3
    """

    def __init__(self, message: str, *, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index

    def __reduce__(self) -> tuple[object, ...]:
        return (_record_error, (str(self), self.index))


def _record_error(message: str, index: int | None) -> RecordError:
    return RecordError(message, index=index)
