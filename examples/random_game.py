"""Play one seeded Wizard game between random players and print the score sheet.

Run it with ``python examples/random_game.py [seed]``. Randomness comes only from the
library's version-stable stream, so a seed always gives the same game.
"""

from __future__ import annotations

import sys

import tricktaking as tt
from tricktaking.seeding import derive_seed, random_below, stream


def play(seed: int, players: int = 4) -> tt.WizardState:
    """Play a whole game with uniformly random legal actions."""
    state = tt.new_game(tt.WizardConfig(players=players))
    choices = stream(derive_seed(seed, "choices"))
    while not tt.is_over(state):
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, derive_seed(seed, "deal", state.round.number)))
        else:
            actions = tt.legal_actions(state)
            state = tt.apply(state, actions[random_below(choices, len(actions))])
    return state


def main(argv: list[str]) -> None:
    """Print the score sheet of the game with the seed given on the command line."""
    seed = int(argv[1]) if len(argv) > 1 else 0
    state = play(seed)
    for number, round_scores in enumerate(state.score_sheet, start=1):
        print(f"round {number:2}: {round_scores}")
    print(f"totals: {state.scores}, winners: {tt.winners(state)}")


if __name__ == "__main__":
    main(sys.argv)
