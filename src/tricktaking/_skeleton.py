"""The engine skeleton every game shares: ``apply``, ``check`` and the legal-action memo.

A game states its rules as a few hooks (:class:`Hooks`): the legal actions of a state,
why a card may not be played, why another action is illegal, and how each action changes
the state. From them :func:`engine_functions` builds the game's ``legal_actions``,
``check`` and ``apply``, so that these are written once:

- ``legal_actions`` is computed once per state and memoised on it;
- an action that ``legal_actions`` handed out for a state is legal in it, so ``apply``
  skips validating it (that rule is stated once, in ``apply`` below);
- every other action passes the door first: its class must be exactly one of the game's
  action classes and its fields exactly the library's types (no subclass, no ``bool``
  for an ``int``), then the game's own checks; ``check`` and ``apply`` give the same
  verdict because both call the same function.

A game's public, documented ``apply`` and ``check`` call these; its ``legal_actions``
may state the memo itself (read ``state._legal``, else compute and store it), as the
library's games do to save a call on every action of a playout.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from typing import Any, Generic, NoReturn, Protocol, TypeVar, cast, get_type_hints

import attrs

from tricktaking._dealt import made_from
from tricktaking._validation import Problem
from tricktaking.actions import Deal, SeatAction
from tricktaking.cards import Card, is_card
from tricktaking.errors import IllegalActionError, Violation
from tricktaking.tricks import Play

__all__ = ["EngineFunctions", "Hooks", "engine_functions", "raise_problem"]

_S = TypeVar("_S", bound="_Memoised")
_A = TypeVar("_A")


class _Memoised(Protocol):
    """A state with a slot for its memoised legal actions (``None`` until computed)."""

    @property
    def _legal(self) -> tuple[Any, ...] | None: ...

    @property
    def phase(self) -> enum.Enum: ...


@attrs.frozen(kw_only=True)
class Hooks(Generic[_S, _A]):
    """What a game tells the skeleton.

    Args:
        game: The game's title, for messages (``"Wizard"``).
        actions: The game's action classes, exactly (subclasses are unknown actions).
        legal: The legal actions of a state, in the documented order (not memoised).
        memo: Stores a state's legal actions on it (a slot setter).
        play_problem: Why ``seat`` may not play ``card`` now, or ``None``.
        problem: Why a well-formed action of any other class is illegal, or ``None``.
        play: The state after a legal play.
        advance: The state after any other legal action.
    """

    game: str
    actions: Collection[type]
    legal: Callable[[_S], tuple[_A, ...]]
    memo: Callable[[_S, tuple[_A, ...]], None]
    play_problem: Callable[[_S, int, Card], Problem | None]
    problem: Callable[[_S, _A], Problem | None]
    play: Callable[[_S, Play], _S]
    advance: Callable[[_S, _A], _S]


@attrs.frozen
class EngineFunctions(Generic[_S, _A]):
    """A game's ``legal_actions``, ``check`` and ``apply``, built from its hooks."""

    legal_actions: Callable[[_S], tuple[_A, ...]]
    check: Callable[[_S, object], Violation | None]
    apply: Callable[[_S, object], _S]


def _exact_int(value: object) -> bool:
    return type(value) is int


def _field_checks(cls: type) -> tuple[tuple[str, Callable[[object], bool]], ...]:
    """For each field of an action class, a test that a value has exactly its type."""
    hints = get_type_hints(cls)
    checks: list[tuple[str, Callable[[object], bool]]] = []
    for field in attrs.fields(cls):
        kind = hints[field.name]
        if kind is int:
            checks.append((field.name, _exact_int))
        elif kind is Card:
            checks.append((field.name, is_card))
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            checks.append((field.name, _member_test(kind)))
        else:  # a new field type must be taught to the door
            raise TypeError(f"{cls.__name__}.{field.name}: no exact-type test for {kind!r}")
    return tuple(checks)


def _member_test(enum_type: type[enum.Enum]) -> Callable[[object], bool]:
    def is_member(value: object) -> bool:
        return type(value) is enum_type

    return is_member


def _deal_is_well_formed(deal: Deal) -> bool:
    if made_from(deal) is not None:  # made by the engine from a deck (see _table.deal_round)
        return True
    hands, stock, dealer = deal.hands, deal.stock, deal.dealer
    if type(hands) is not tuple or type(stock) is not tuple:
        return False
    if dealer is not None and type(dealer) is not int:
        return False
    for hand in hands:
        if type(hand) is not tuple or not all(map(is_card, hand)):
            return False
    return all(map(is_card, stock))


def _door(
    actions: Collection[type],
) -> Callable[[object], Problem | None]:
    """The door of a game: exact action classes with fields of exactly their types."""
    field_checks = {cls: _field_checks(cls) for cls in actions if cls is not Deal}
    game_actions = frozenset(actions)

    def door(action: object) -> Problem | None:
        cls = action.__class__
        if cls not in game_actions:
            return Violation.UNKNOWN_ACTION, f"{cls.__name__[:40]} is not an action of this game"
        if cls is Deal:
            ok = _deal_is_well_formed(cast("Deal", action))
        else:
            ok = all(test(getattr(action, name)) for name, test in field_checks[cls])
        if ok:
            return None
        return Violation.UNKNOWN_ACTION, f"the {cls.__name__} has a field of the wrong type"

    return door


def engine_functions(hooks: Hooks[_S, _A]) -> EngineFunctions[_S, _A]:
    """Build a game's ``legal_actions``, ``check`` and ``apply`` from its hooks."""
    legal_of, memo = hooks.legal, hooks.memo
    play_problem, problem_of = hooks.play_problem, hooks.problem
    play, advance = hooks.play, hooks.advance
    door = _door(hooks.actions)

    # The closures take actions as Any: they are objects of any class until the door
    # has checked them, and a cast per call would cost a function call on the hot path.
    def legal_actions(state: _S) -> tuple[_A, ...]:
        listed = state._legal
        if listed is None:
            listed = legal_of(state)
            memo(state, listed)
        return listed

    def problem(state: _S, action: Any) -> Problem | None:
        if action.__class__ is Play:  # exactly Play: its fields are read once, here
            seat, card = action.seat, action.card
            if type(seat) is not int or not is_card(card):
                return Violation.UNKNOWN_ACTION, "the Play has a field of the wrong type"
            return play_problem(state, seat, card)
        refused = door(action)
        return refused if refused is not None else problem_of(state, action)

    def check(state: _S, action: object) -> Violation | None:
        found = problem(state, action)
        return None if found is None else found[0]

    def apply(state: _S, action: Any) -> _S:
        # An action that legal_actions handed out for this state is legal in it, so it
        # skips validation; any other object, even an equal one, is validated in full.
        listed = state._legal
        if listed is not None:
            for legal in listed:
                if legal is action:
                    if action.__class__ is Play:
                        return play(state, action)
                    return advance(state, action)
        found = problem(state, action)
        if found is not None:
            raise_problem(found, action, state)
        return play(state, action) if action.__class__ is Play else advance(state, action)

    return EngineFunctions(legal_actions, check, apply)


def _seat_text(seat: int) -> str:
    # str() of an int past 4,300 digits raises; no real seat is that long anyway
    return str(seat) if -1000 < seat < 1000 else "(out of range)"


def _token(action: object) -> str:
    """The action's token for a message, never raising and never long."""
    try:
        text = str(action)
    except Exception:  # a field that cannot be printed (a 5,000-digit int)
        return f"a {action.__class__.__name__[:40]}"
    return text if len(text) <= 80 else text[:77] + "..."


def raise_problem(problem: Problem, action: object, state: _Memoised) -> NoReturn:
    """Raise the :class:`IllegalActionError` for ``problem``."""
    violation, reason = problem
    phase = state.phase.value
    if violation is Violation.UNKNOWN_ACTION:
        # An object of a foreign class: never call its __str__ (it may raise or lie).
        raise IllegalActionError(f"{reason} (in the {phase} phase)", violation, action, None)
    if action.__class__ is Deal:
        # A deal's token lists every hand, so it is never echoed into a message.
        raise IllegalActionError(
            f"the deal is illegal in the {phase} phase: {reason}", violation, action, None
        )
    seat = cast("SeatAction", action).seat
    message = (
        f"seat {_seat_text(seat)}: {_token(action)!r} is illegal in the {phase} phase: {reason}"
    )
    raise IllegalActionError(message, violation, action, seat)
