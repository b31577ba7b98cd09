"""A minimal terminal frontend: you play seat 0 of Wizard against heuristic bots.

Run ``python examples/terminal_frontend.py [seed]`` and type moves such as ``bid 1`` or
``QH``. It uses only the public API: the frontend sees views, never the state. When
input ends, a bot takes over your seat so the game always finishes.
"""

from __future__ import annotations

import sys

import tricktaking as tt
from tricktaking.bots import make_bot
from tricktaking.notation import parse_move, short_token
from tricktaking.seeding import derive_seed

HUMAN = 0


def label(action: object) -> str:
    """What a player types for ``action``: cards with suit symbols, other tokens as they are."""
    if isinstance(action, tt.Play):
        return f"play {action.card.pretty()}"  # parse_move reads symbols back
    return short_token(action)


def show(view: tt.games.wizard.WizardView) -> None:
    """Print what seat 0 may see."""
    trump = view.trump.symbol if view.trump else "none"
    bids = ", ".join(f"seat {seat} {bid}" for seat, bid in enumerate(view.bids) if bid is not None)
    print(f"\nround {view.round_number} | trump {trump} | bids: {bids or 'none yet'}")
    print("trick:", ", ".join(f"seat {p.seat} {p.card.pretty()}" for p in view.trick.plays) or "-")
    print("your hand:", " ".join(card.pretty() for card in view.hand))


def ask(state: tt.WizardState, autopilot: tt.bots.Bot) -> tuple[object, bool]:
    """Read a legal move from standard input; at end of input, let the bot play."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return autopilot.act(tt.view(state, HUMAN)), True
        try:
            move = parse_move(state, line.strip())
            tt.apply(state, move)  # raises with the reason if the move is illegal
        except (tt.NotationError, tt.IllegalActionError) as error:
            legal = ", ".join(label(action) for action in tt.legal_actions(state))
            print(f"{error}\nlegal: {legal}")
        else:
            return move, False


def main(seed: int) -> None:
    """Play one game of Wizard in the terminal."""
    state = tt.new_game(tt.WizardConfig(players=4, rounds=3))
    bots = [make_bot("heuristic", "wizard", derive_seed(seed, seat)) for seat in range(4)]
    autopilot = False
    while not tt.is_over(state):
        seat = tt.actor(state)
        if not isinstance(seat, int):
            action: object = tt.deal(state, derive_seed(seed, "deal", len(state.history)))
        elif seat == HUMAN and not autopilot:
            show(tt.view(state, HUMAN))
            action, autopilot = ask(state, bots[HUMAN])
            if autopilot:
                print("(input ended: a bot plays for you)")
        else:
            action = bots[seat].act(tt.view(state, seat))
        before = state
        state = tt.apply(state, action)
        if not isinstance(action, tt.Deal):
            print(f"seat {seat}: {label(action)}")
        if state.score_sheet != before.score_sheet:
            print("round scores:", ", ".join(map(str, state.score_sheet[-1])))
            print("totals:", ", ".join(map(str, state.scores)))
    winners = " and ".join(f"seat {seat}" for seat in tt.winners(state))
    print("final scores:", ", ".join(map(str, state.scores)), f"| won by {winners}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
