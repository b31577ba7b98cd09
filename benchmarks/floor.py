"""What a card played must cost, whatever the rules do: the floor of the public design.

Run ``python benchmarks/floor.py`` (about twenty seconds; ``--quick`` for a smoke run).

Every card played through ``apply`` returns a new immutable state (an attrs class whose
fields users read) with a new history node, after ``legal_actions`` has returned a new
tuple of the seat's interned plays. This script times, on the same mid-trick Wizard
states (4 players, fresh copies so no memo helps), two loops in interleaved slices of CPU
time:

- *engine*: ``legal_actions`` then ``apply`` of its first action, as a playout does;
- *floor*: only those unavoidable allocations, with no rule evaluated and nothing
  validated: the tuple of the seat's plays for its whole hand (looked up as the engine
  does), the hand without its first card, and the state copy with the new hands, plays,
  seat to play and history node, built by the same fast constructor the engine uses.

The floor is not reachable (the rules must run), so ``floor / engine`` bounds what any
pure-Python speed-up of the rules can give on trick play while the public types stay.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import attrs

from tricktaking._flat_round import _COPIES  # pyright: ignore[reportPrivateUsage]
from tricktaking._table import actions_for
from tricktaking.games import wizard
from tricktaking.testing import playout


def mid_trick_states(games: int) -> list[wizard.WizardState]:
    """States of seeded Wizard games where a card is to be played that ends no trick."""
    states: list[wizard.WizardState] = []
    for seed in range(games):
        for state in playout(wizard.new_game(wizard.WizardConfig(players=4)), seed):
            if state.phase is wizard.WizardPhase.PLAY and len(state.round.trick.plays) < 3:
                states.append(state)
    return states


def engine_loop(states: Sequence[wizard.WizardState]) -> float:
    """CPU seconds per state of ``legal_actions`` and ``apply`` on fresh copies."""
    copies = [attrs.evolve(state) for state in states]
    legal_actions, apply = wizard.legal_actions, wizard.apply
    start = time.process_time()
    for state in copies:
        apply(state, legal_actions(state)[0])
    return (time.process_time() - start) / len(copies)


def floor_loop(states: Sequence[wizard.WizardState]) -> float:
    """CPU seconds per state of the allocations alone (see the module's docstring)."""
    copies = [attrs.evolve(state) for state in states]
    play_into: Any = _COPIES[wizard.WizardState].card  # the engine's copy for a card played
    plays_of = wizard._PLAYS
    start = time.process_time()
    for state in copies:
        seat = state._turn
        hands = list(state._hands)
        hand = hands[seat]
        listed = actions_for(plays_of[seat], hand)
        play = listed[0]
        hands[seat] = hand[1:]
        play_into(
            state,
            tuple(hands),
            (*state._plays, play),
            (seat + 1) % 4,
            state.history.append(play),
        )
    return (time.process_time() - start) / len(copies)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the engine's and the floor's cost of a card played, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args(argv)
    games, rounds = (1, 3) if args.quick else (12, 15)
    states = mid_trick_states(games)
    random.Random(0).shuffle(states)
    engine: list[float] = []
    floor: list[float] = []
    for _ in range(rounds):
        engine.append(engine_loop(states))
        floor.append(floor_loop(states))
    ratios = [low / high for low, high in zip(floor, engine, strict=True)]
    print(f"{len(states)} mid-trick Wizard states, {rounds} interleaved rounds; ns per card:")
    print()
    print("| loop | median ns | lowest–highest |")
    print("|---|---:|---:|")
    for name, values in (("engine: legal_actions + apply", engine), ("floor", floor)):
        print(
            f"| {name} | {statistics.median(values) * 1e9:,.0f} |"
            f" {min(values) * 1e9:,.0f}–{max(values) * 1e9:,.0f} |"
        )
    print(
        f"| floor / engine | {statistics.median(ratios):.2f} |"
        f" {min(ratios):.2f}–{max(ratios):.2f} |"
    )


if __name__ == "__main__":
    main()
