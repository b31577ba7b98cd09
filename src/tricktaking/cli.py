"""The ``tricktaking`` command line.

``tricktaking games`` lists the games; ``tricktaking demo GAME`` plays a whole seeded game
between random players and prints every round's result.

Example:
    >>> main(["demo", "wizard", "--players", "3", "--rounds", "1", "--seed", "4"])
    wizard, 3 players, seed 4
    round 1: ...
    final scores: ...
    0
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import tricktaking as tt
from tricktaking.seeding import derive_seed, random_below, stream

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricktaking", description="Trick-taking card games: Wizard, One Card, Bid Whist."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {tt.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the available games")
    demo = commands.add_parser("demo", help="play a seeded game between random players")
    demo.add_argument("game", choices=tt.available_games())
    demo.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    demo.add_argument("--rounds", type=int, default=None, help="Wizard: rounds to play")
    demo.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    return parser


def _demo(game: str, players: int, rounds: int | None, seed: int) -> int:
    if game != "wizard":
        print(f"{game} is not implemented yet")
        return 2
    try:
        state = tt.new_game(tt.WizardConfig(players=players, rounds=rounds))
    except tt.ConfigError as error:
        print(f"error: {error}")
        return 2
    print(f"{game}, {players} players, seed {seed}")
    choices = stream(derive_seed(seed, "choices"))
    sheet_length = 0
    while not tt.is_over(state):
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, derive_seed(seed, "deal", len(state.history))))
        else:
            actions = tt.legal_actions(state)
            state = tt.apply(state, actions[random_below(choices, len(actions))])
        if len(state.score_sheet) > sheet_length:
            sheet_length = len(state.score_sheet)
            print(f"round {sheet_length}: {state.score_sheet[-1]} -> {state.scores}")
    print(f"final scores: {state.scores}; winners: {tt.winners(state)}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Example:
        >>> main(["games"])
        bid-whist
        one-card
        wizard
        0
    """
    args = _parser().parse_args(argv)
    if args.command == "games":
        print("\n".join(tt.available_games()))
        return 0
    return _demo(args.game, args.players, args.rounds, args.seed)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
