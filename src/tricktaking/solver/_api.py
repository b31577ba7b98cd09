"""The solver's functions: validate the arguments, ask the game's rules, search.

The public ones are :mod:`tricktaking.solver`'s (its ``__all__`` lists them).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import cast

import numpy as np

from tricktaking.engine import Action, Game, GameState, actor, apply, game_of, legal_actions
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.kernel_kit import Ints
from tricktaking.plugins import import_plug_in
from tricktaking.solver._compiled import Question
from tricktaking.solver._engine import DEFAULT, Options, Position, Solve
from tricktaking.solver_kit import Contract, SolverRules
from tricktaking.tricks import Play

_AnyGame = Game[GameState[object], object]
_AnyRules = SolverRules[GameState[object]]


def _solver_rules(game: _AnyGame) -> _AnyRules:
    """The solver plug-in ``game.solver`` names, imported on first use."""
    where = game.solver
    if where is None:
        raise ArgumentError(f"the solver does not know {game.title} (its Game.solver is None)")
    return cast(
        "_AnyRules", import_plug_in(where, SolverRules, f"the solver rules of {game.name!r}")
    )


def _phase(state: GameState[object]) -> str:
    phase: object = getattr(state, "phase", None)
    return str(getattr(phase, "value", phase))


def _in_play(rules: _AnyRules, state: GameState[object]) -> bool:
    return _phase(state) in rules.play_phases


def in_trick_play(state: GameState[object]) -> bool:
    """Whether ``state`` is in the trick play of a deal, where the solver answers.

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game.

    Example:
        >>> from tricktaking import solver
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> solver.in_trick_play(tt.apply(state, tt.deal(state, seed=1)))
        False
    """
    game = game_of(state)
    return _in_play(_solver_rules(game), state)


def _playing(state: object) -> tuple[_AnyGame, _AnyRules, GameState[object]]:
    """The game and solver rules of ``state``, which must be in trick play."""
    game = game_of(state)
    rules = _solver_rules(game)
    position = cast("GameState[object]", state)
    if not _in_play(rules, position):
        raise ArgumentError(
            f"the solver answers for trick play; this {game.title} state is in the "
            f"{_phase(position)!r} phase"
        )
    return game, rules, position


def _seat(state: GameState[object], seat: object) -> int:
    players = len(state.round.hands)
    if type(seat) is not int:
        raise ArgumentTypeError(f"seat must be an int 0 to {players - 1}, not {safe_repr(seat)}")
    if not 0 <= seat < players:
        raise ArgumentError(f"seat must be 0 to {players - 1}, not {seat}")
    return seat


def _acting(state: GameState[object]) -> int:
    seat = actor(state)
    if not isinstance(seat, int):  # pragma: no cover - trick play always has a seat to act
        raise ArgumentError("no seat is to act in this state")
    return seat


def _side(game: _AnyGame, rules: _AnyRules, seat: int) -> Callable[[int], bool]:
    """Whether a seat plays with ``seat``: its partners, or (exact bids) itself alone."""
    if rules.question == "exact-bid":
        return lambda other: other == seat
    team = game.team_of(seat)
    return lambda other: game.team_of(other) == team


def _bid(rules: _AnyRules, state: GameState[object], seat: int) -> int | None:
    return None if rules.bid is None else rules.bid(state, seat)


def _question(
    game: _AnyGame, rules: _AnyRules, loaded: Position, seat: int, target: int | None
) -> Question:
    """``seat``'s question as the compiled search reads it; ``target`` for "exactly"."""
    state = loaded.state
    phase: object = getattr(state, "phase")  # noqa: B009 - every game state has one
    phases: list[enum.Enum] = list(cast("type[enum.Enum]", type(phase)))
    with_seat = _side(game, rules, seat)
    players = len(state.round.hands)
    return Question(
        in_play=np.array([phase.value in rules.play_phases for phase in phases], np.bool_),
        side=np.array([with_seat(other) for other in range(players)], np.bool_),
        tally=rules.tally_column,
        asker=seat,
        exact=target is not None,
        target=-1 if target is None else target,
        played=rules.played_column,
        scratch=np.array(
            [column in rules.lead_scratch for column in range(loaded.ints.shape[0])], np.bool_
        ),
        hands=-1 if rules.hands_column is None else rules.hands_column,
    )


def _question_of(game: _AnyGame, rules: _AnyRules, loaded: Position, seat: int) -> Question:
    """``seat``'s own question: its bid exactly, or the most it can take."""
    return _question(game, rules, loaded, seat, _bid(rules, loaded.state, seat))


def card_values(state: GameState[object]) -> dict[Play, int]:
    """Each card the seat to act may play, and its exact value under perfect play.

    The value is the game's question (see :mod:`tricktaking.solver`) for the seat to act
    after it plays that card, everyone playing perfectly from there.

    Args:
        state: A state in trick play where a seat is to play a card.

    Returns:
        Each legal :class:`~tricktaking.tricks.Play`, in the order of
        :func:`~tricktaking.engine.legal_actions`, with its value.

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game.
        ArgumentError: If it is not in trick play, or the seat to act has a choice other
            than a card to make.

    Example:
        >>> from tricktaking import solver
        >>> import tricktaking as tt
        >>> start = tt.new_game(tt.OhHellConfig(players=3, hand_size=2))
        >>> state = tt.apply(start, tt.deal(start, seed=3))
        >>> while not solver.in_trick_play(state):  # the bids
        ...     state = tt.apply(state, tt.legal_actions(state)[1])
        >>> state.bids, state.trump, tt.actor(state)  # seat 1 holds 6S TD
        ((2, 1, 1), <Suit.SPADES: 'S'>, 1)
        >>> {str(play.card): won for play, won in solver.card_values(state).items()}
        {'6S': 0, 'TD': 1}
    """
    game, rules, position = _playing(state)
    seat = _acting(position)
    plays = legal_actions(position)
    if not all(isinstance(play, Play) for play in plays):
        raise ArgumentError(
            f"the seat to act has no card to play: this {game.title} state is in the "
            f"{_phase(position)!r} phase"
        )
    return _card_values(game, rules, position, seat, DEFAULT)


def _card_values(
    game: _AnyGame, rules: _AnyRules, state: GameState[object], seat: int, options: Options
) -> dict[Play, int]:
    loaded = Position(state)
    question = _question_of(game, rules, loaded, seat)
    return plays_solved(loaded, Solve(loaded, question, options), question, options)


def plays_solved(
    loaded: Position, solve: Solve, question: Question, options: Options
) -> dict[Play, int]:
    """Each legal play of the loaded position, valued by ``solve`` (see :func:`card_values`).

    A card equivalent to one valued before it takes that card's value.
    """
    base = _base(question, loaded.ints)
    values: dict[Play, int] = {}
    for action in legal_actions(loaded.state):
        play = cast("Play", action)
        alike = options.equivalence and next(
            (known for known in values if loaded.equivalent(known, play)), None
        )
        if alike:
            values[play] = values[alike]
            continue
        ints, cards = loaded.child(loaded.ints, loaded.cards, play)
        values[play] = solve.value(ints, cards) - base
    return values


def _base(question: Question, ints: Ints) -> int:
    """What the side has counted so far (nothing for an exact target)."""
    if question.exact:
        return 0
    side = question.side
    return sum(int(ints[question.tally + seat]) for seat in range(len(side)) if side[seat])


def value(state: GameState[object], seat: int | None = None) -> int:
    """The exact value of ``state`` for ``seat``, everyone playing perfectly.

    Args:
        state: A state in trick play.
        seat: The seat asked about; the seat to act when ``None``.

    Returns:
        The game's question for ``seat`` (see :mod:`tricktaking.solver`); for the seat
        to act, the best of its :func:`card_values`.

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game, or
            ``seat`` is not an ``int``.
        ArgumentError: If ``state`` is not in trick play, or ``seat`` is not a seat.

    Example:
        >>> from tricktaking import solver
        >>> from tricktaking.simulate import game_states
        >>> import tricktaking as tt
        >>> states = game_states(tt.OhHellConfig(players=3, hand_size=3), ["heuristic"] * 3, 7)
        >>> state = next(state for state in states if solver.in_trick_play(state))
        >>> state.bids, tt.actor(state)
        ((0, 0, 0), 1)
        >>> [solver.value(state, seat) for seat in range(3)]  # seat 1 can no longer make its 0
        [1, 0, 1]
        >>> solver.value(state) == max(solver.card_values(state).values())
        True
    """
    game, rules, position = _playing(state)
    asked = _acting(position) if seat is None else _seat(position, seat)
    return _value(game, rules, position, asked, DEFAULT)


def _value(
    game: _AnyGame, rules: _AnyRules, state: GameState[object], seat: int, options: Options
) -> int:
    loaded = Position(state)
    question = _question_of(game, rules, loaded, seat)
    return Solve(loaded, question, options).value(loaded.ints, loaded.cards) - _base(
        question, loaded.ints
    )


def principal_line(state: GameState[object]) -> tuple[Action, ...]:
    """One line of perfect play from ``state`` to the end of the deal's trick play.

    The line answers the question of the seat to act: its side takes the best action,
    the others the worst for it, each time the first in legal order that keeps the
    value. It holds plays, and any other choice the rules ask for during trick play
    (One Card's reversal). Replayed through :func:`~tricktaking.engine.apply`, it ends the deal
    with what :func:`value` says.

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game.
        ArgumentError: If it is not in trick play.

    Example:
        >>> from tricktaking import solver
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.BidWhistConfig())
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> while len(state.round.tricks) < 11:  # the auction, then all but the last trick
        ...     state = tt.apply(state, tt.legal_actions(state)[0])
        >>> [str(action) for action in solver.principal_line(state)], solver.value(state)
        (['2 play RJ', '3 play JD', '0 play KC', '1 play AD'], 1)
    """
    game, rules, position = _playing(state)
    seat = _acting(position)
    return _principal_line(game, rules, position, seat, DEFAULT)


def _principal_line(
    game: _AnyGame, rules: _AnyRules, state: GameState[object], seat: int, options: Options
) -> tuple[Action, ...]:
    loaded = Position(state)
    solve = Solve(loaded, _question_of(game, rules, loaded, seat), options)
    ints, cards = loaded.ints, loaded.cards
    target = solve.value(ints, cards)
    line: list[Action] = []
    position = state
    while _in_play(rules, position):
        for action in legal_actions(position):
            child_ints, child_cards = loaded.child(ints, cards, action)
            if solve.value(child_ints, child_cards) == target:
                line.append(action)
                position = apply(position, action)
                ints, cards = child_ints, child_cards
                break
        else:  # pragma: no cover - some action always keeps a minimax value
            raise RuntimeError("no action keeps the value: the solver disagrees with itself")
    return tuple(line)


def forcible_tricks(state: GameState[object], seat: int) -> frozenset[int]:
    """The trick totals ``seat`` can force to end the deal with exactly (exact-bid games).

    A total counts the tricks ``seat`` has already won in the deal; ``t`` is in the set
    when ``seat`` can end the deal with exactly ``t`` tricks against any play of all the
    others together. (Was the bid in this set? Then it could be made.)

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game, or
            ``seat`` is not an ``int``.
        ArgumentError: If ``state`` is not in trick play, ``seat`` is not a seat, or the
            game does not ask for exactly a bid.

    Example:
        >>> from tricktaking import solver
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(hand_size=3))
        >>> state = tt.apply(state, tt.deal(state, seed=2))
        >>> for _ in range(3):  # every seat bids 0
        ...     state = tt.apply(state, tt.legal_actions(state)[0])
        >>> [sorted(solver.forcible_tricks(state, seat)) for seat in range(3)]
        [[2, 3], [], [0]]
    """
    game, rules, position = _playing(state)
    asked = _seat(position, seat)
    if rules.question != "exact-bid":
        raise ArgumentError(f"forcible_tricks is for games of exact bids, not {game.title}")
    return _forcible_tricks(game, rules, position, asked, DEFAULT)


def _forcible_tricks(
    game: _AnyGame, rules: _AnyRules, state: GameState[object], seat: int, options: Options
) -> frozenset[int]:
    loaded = Position(state)
    now = int(loaded.ints[rules.tally_column + seat])
    left = max(len(hand) for hand in state.round.hands)
    return frozenset(
        total
        for total in range(now, now + left + 1)
        if Solve(loaded, _question(game, rules, loaded, seat, total), options).value(
            loaded.ints, loaded.cards
        )
    )


def contract_table(state: GameState[object]) -> dict[Contract, int]:
    """For each contract, the tricks the declaring side can force with it (Bid Whist).

    At the first lead of a deal (after the kitty): the same hands played under every
    contract the declarer might have named, each trump suit uptown and downtown and no
    trump uptown and downtown, with the others playing against the declaring side. At
    the lead of a later trick, the same for the rest of the deal (the tricks already
    played stand as they were).

    Returns:
        Each :data:`~tricktaking.solver.Contract` (trump suit or ``None``, direction)
        with the tricks the declaring side takes in the rest of the deal under it: at
        the first lead, the tricks of the whole deal.

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game.
        ArgumentError: If it is not at the lead of a trick in trick play, or the game
            has no contracts.

    Example:
        >>> from tricktaking import solver
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.BidWhistConfig())
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> while len(state.round.tricks) < 10:  # the auction, then 10 tricks
        ...     state = tt.apply(state, tt.legal_actions(state)[-1])
        >>> state.contract.seat, state.trump, state.direction.value
        (1, None, 'downtown')
        >>> table = solver.contract_table(state)
        >>> len(table), table[None, tt.Direction.DOWNTOWN] == solver.value(state, seat=1)
        (10, True)
    """
    game, rules, position = _playing(state)
    if not rules.contracts or rules.under_contract is None or rules.declarer is None:
        raise ArgumentError(f"contract_table is for games with contracts, not {game.title}")
    rnd = position.round
    if rnd.trick.plays or not all(isinstance(play, Play) for play in legal_actions(position)):
        raise ArgumentError(
            f"contract_table needs a seat to lead; {len(rnd.trick.plays)} cards of this "
            f"{game.title} trick have been played"
        )
    return _contract_table(game, rules, position, DEFAULT)


def _contract_table(
    game: _AnyGame, rules: _AnyRules, state: GameState[object], options: Options
) -> dict[Contract, int]:
    under_contract, declarer = rules.under_contract, rules.declarer
    if under_contract is None or declarer is None:  # pragma: no cover - checked by the caller
        raise ArgumentError(f"contract_table is for games with contracts, not {game.title}")
    loaded = Position(state)
    question = _question(game, rules, loaded, declarer(state), None)
    solve = Solve(loaded, question, options)
    base = _base(question, loaded.ints)
    table: dict[Contract, int] = {}
    for contract in rules.contracts:
        ints = loaded.ints.copy()
        under_contract(ints, contract)
        table[contract] = solve.value(ints, loaded.cards) - base
    return table
