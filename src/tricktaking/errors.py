"""The exceptions of tricktaking and the stable :class:`Violation` codes.

Every error the library raises on purpose is a :class:`TricktakingError`. Errors caused
by bad input are also :class:`ValueError`, so code that already catches ``ValueError``
keeps working.

Example:
    >>> from tricktaking.errors import IllegalActionError, Violation
    >>> issubclass(IllegalActionError, ValueError)
    True
    >>> Violation.MUST_FOLLOW_SUIT.value
    'must_follow_suit'
"""

from __future__ import annotations

import enum
from collections.abc import Callable

__all__ = [
    "ActionError",
    "ArgumentError",
    "ArgumentTypeError",
    "ConfigError",
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "TricktakingError",
    "UnknownGameError",
    "Violation",
    "safe_repr",
    "safe_str",
]

_LIMIT = 80
_MAX_INT_BITS = 256  # about 77 decimal digits; bigger ints are described, not converted


class Violation(enum.Enum):
    """Why an action is illegal: a stable code a frontend can branch on.

    The values are lower-case strings that never change once released, so they can
    be stored and sent over the wire.

    Example:
        >>> from tricktaking.errors import Violation
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
        >>> from tricktaking.errors import NotationError, TricktakingError
        >>> issubclass(NotationError, TricktakingError)
        True
    """


class NotationError(TricktakingError, ValueError):
    """Text that is not a valid card, card list or action token.

    Example:
        >>> from tricktaking.errors import NotationError
        >>> from tricktaking import Card
        >>> try:
        ...     Card.parse("ZZ")
        ... except NotationError as error:
        ...     print("rejected")
        rejected
    """


class ActionError(TricktakingError, TypeError, ValueError):
    """An action, card, deck or seed built from a value of the wrong type or kind.

    Seats, bids and levels are exactly ``int`` (not ``bool``, not a subclass of
    ``int``), cards are the library's own :class:`~tricktaking.cards.Card` objects and
    suits, directions and modes are members of their enums. Anything else is refused
    when the action is built, before any game sees it. It is also a ``TypeError`` (a
    field of the wrong type) and a ``ValueError`` (a card whose suit does not fit its
    rank), so code that already catches either keeps working.

    Example:
        >>> from tricktaking.errors import ActionError
        >>> from tricktaking import Pass
        >>> try:
        ...     Pass(True)
        ... except ActionError as error:
        ...     print(error)
        Pass.seat must be an int (not a bool or a subclass of int), not True
    """


class ConfigError(TricktakingError, ValueError):
    """A game configuration with an option outside its allowed values.

    Example:
        >>> from tricktaking.errors import ConfigError
        >>> issubclass(ConfigError, ValueError)
        True
    """


class ArgumentError(TricktakingError, ValueError):
    """An argument to a library function that is outside its allowed values.

    The surfaces above the engine (pictures, world sampling, bots, simulations, the
    learning environments) raise it, or a subclass of it, for a count, index, seat or
    option that they cannot use: a negative or huge number, an unknown name. The message
    names the argument and what it accepts, and describes a huge value instead of printing
    it. Code that already catches ``ValueError`` keeps working.

    Example:
        >>> from tricktaking.errors import ArgumentError
        >>> from tricktaking.render import RenderError
        >>> issubclass(RenderError, ArgumentError), issubclass(ArgumentError, ValueError)
        (True, True)
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument to a library function of the wrong type (a ``str`` where an ``int`` goes).

    It is also an :class:`ArgumentError` and so a ``ValueError``, as well as the
    ``TypeError`` Python's convention expects for a wrong type: code catching any of the
    three keeps working.

    Example:
        >>> from tricktaking.errors import ArgumentTypeError
        >>> issubclass(ArgumentTypeError, TypeError), issubclass(ArgumentTypeError, ValueError)
        (True, True)
    """


class UnknownGameError(ArgumentError, KeyError):
    """No game is registered under the name asked for.

    An :class:`ArgumentError`, and the ``KeyError`` a failed lookup by name has always
    been, so code catching either keeps working.

    Example:
        >>> from tricktaking.errors import UnknownGameError
        >>> from tricktaking.engine import get_game
        >>> try:
        ...     get_game("skat")
        ... except UnknownGameError as error:
        ...     print(error)
        no game named 'skat'; available: bid-whist, oh-hell, one-card, wizard
    """

    def __str__(self) -> str:
        return str(self.args[0])  # a KeyError would quote its message


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
        >>> from tricktaking.errors import IllegalActionError, Violation
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
        >>> from tricktaking.errors import RecordError
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


def _bounded(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def _type_name(value: object) -> str:
    try:
        name = type.__dict__["__qualname__"].__get__(type(value))
    except Exception:
        return "object"
    return name if type(name) is str else "object"


def _trusted_repr(value: object, limit: int) -> str | None:
    """The repr of a value of a built-in type, computed without calling caller code."""
    if value is None or type(value) is bool:
        return repr(value)
    if type(value) is int:
        bits = value.bit_length()
        if bits > _MAX_INT_BITS:
            return f"<{'negative ' if value < 0 else ''}int of {bits} bits>"
        return repr(value)
    if type(value) is str:
        return repr(value[: limit + 1])
    return None


def safe_repr(value: object, limit: int = _LIMIT) -> str:
    """A bounded ``repr`` of any value, for messages about input that may be hostile.

    Never raises and never returns more than ``limit`` characters. Built-in values
    (``None``, ``bool``, ``int``, ``str``) are formatted without calling any of their
    methods; an ``int`` too big to print is described by its size. Any other object's
    own ``__repr__`` is called, but its exceptions, its non-string results and its
    length are contained: the value is then named by its type only.

    Args:
        value: Anything, including objects whose ``__repr__`` raises.
        limit: The maximum length of the result, at least 1.

    Example:
        >>> from tricktaking.errors import safe_repr
        >>> safe_repr("hello")
        "'hello'"
        >>> safe_repr(10**5000)
        '<int of 16610 bits>'
        >>> class Hostile:
        ...     def __repr__(self) -> str:
        ...         raise RuntimeError("no")
        >>> safe_repr(Hostile())
        '<Hostile object>'
        >>> len(safe_repr("x" * 1000, limit=20))
        20
    """
    limit = max(limit, 1)
    trusted = _trusted_repr(value, limit)
    if trusted is not None:
        return _bounded(trusted, limit)
    text = _text_of(repr, value)
    return _bounded(f"<{_type_name(value)} object>" if text is None else text, limit)


def safe_str(value: object, limit: int = _LIMIT) -> str:
    """A bounded ``str`` of any value (an action's token), never raising.

    Like :func:`safe_repr`, but for text shown as it is: an action whose ``__str__``
    works gives its token, anything else gives :func:`safe_repr`'s description.

    Args:
        value: Anything, including objects whose ``__str__`` raises.
        limit: The maximum length of the result, at least 1.

    Example:
        >>> from tricktaking.errors import safe_str
        >>> from tricktaking import Pass
        >>> safe_str(Pass(2))
        '2 pass'
        >>> safe_str(Pass(10**5000))
        'Pass(seat=<int of 16610 bits>)'
    """
    limit = max(limit, 1)
    if type(value) is str:
        return _bounded(value, limit)
    text = _text_of(str, value)
    return _describe(value, limit) if text is None else _bounded(text, limit)


def _text_of(convert: Callable[[object], object], value: object) -> str | None:
    """``convert(value)`` if it gives a ``str``; ``None`` if it raises or gives another type."""
    try:
        text = convert(value)
    except Exception:  # the caller's __str__ or __repr__ may raise anything
        return None
    return text if type(text) is str else None


def _describe(value: object, limit: int) -> str:
    """``Class(field=value, ...)`` from a library object's attrs slots, else safe_repr."""
    try:
        fields = getattr(type(value), "__attrs_attrs__", None) if _is_library(value) else None
        if fields is None:
            return safe_repr(value, limit)
        parts: list[str] = []
        for attribute in fields:
            name = attribute.name
            try:
                field = object.__getattribute__(value, name)
            except AttributeError:  # a slot left unset on a forged object
                field = None
            parts.append(f"{name}={safe_repr(field, limit)}")
        return _bounded(f"{_type_name(value)}({', '.join(parts)})", limit)
    except Exception:
        return _bounded(f"<{_type_name(value)} object>", limit)


def _is_library(value: object) -> bool:
    module = type(value).__module__
    return type(module) is str and module.startswith("tricktaking.")
