"""The ``tricktaking`` command line: play against bots, simulate, replay records.

- ``tricktaking play wizard|one-card|bid-whist [--players N] [--seat K] [--seed S]``
  plays a human (you) against heuristic bots in the terminal. Type a card (``QH``),
  ``bid 2``, ``pass``, ``4NT``, ``trump S``, ``downtown``…; ``help`` lists your legal
  moves, ``auto`` lets a bot move for you, ``quit`` stops. ``--record FILE`` saves the
  game record.
- ``tricktaking simulate GAME -n N --bots heuristic,random,...`` plays bots against each
  other and prints a table (progress goes to standard error).
- ``tricktaking arena GAME --bots heuristic,random -n N [--jobs J] [--json FILE]`` compares
  bots over duplicate deals (:mod:`tricktaking.arena`) and prints the table.
- ``tricktaking replay FILE`` prints a recorded game trick by trick.
- ``tricktaking demo GAME`` plays a seeded game between bots with no input;
  ``tricktaking games`` lists the games.

Card suits print as ♠♥♦♣ when the terminal can show them, as letters otherwise or with
``--ascii``.

Example:
    >>> main(["demo", "wizard", "--players", "3", "--rounds", "1", "--seed", "4", "--ascii"])
    Wizard, 3 players, seed 4
    ...
    final scores: ...
    0
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

import tricktaking as tt
from tricktaking import records
from tricktaking._progress import Progress
from tricktaking.arena import arena, deal_config
from tricktaking.bots import Bot, make_bot
from tricktaking.cards import Card, Suit
from tricktaking.engine import GameState, PlayerView
from tricktaking.errors import IllegalActionError, NotationError, RecordError
from tricktaking.notation import parse_move, short_token
from tricktaking.seeding import derive_seed
from tricktaking.simulate import game_states, simulate
from tricktaking.tricks import Trick

__all__ = ["main"]

_GAME_NAMES = ("wizard", "one-card", "bid-whist")


class _Output:
    """Prints cards with suit symbols or letters."""

    def __init__(self, stream: TextIO, ascii_only: bool) -> None:
        self.stream = stream
        self.ascii_only = ascii_only or not _can_encode(stream, "♠♥♦♣")

    def card(self, card: Card) -> str:
        return card.pretty(ascii_only=self.ascii_only)

    def suit(self, suit: Suit) -> str:
        return suit.value if self.ascii_only else suit.symbol

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(map(self.card, cards)) or "-"

    def text(self, text: str) -> str:
        """Card tokens inside ``text`` (such as action tokens) in display form."""
        words = []
        for word in text.split(" "):
            try:
                words.append(self.card(Card.parse(word)) if len(word) == 2 else word)
            except NotationError:
                words.append(word)
        return " ".join(words)

    def trick(self, trick: Trick) -> str:
        return ", ".join(f"{play.seat}: {self.card(play.card)}" for play in trick.plays) or "-"

    def __call__(self, line: str = "") -> None:
        print(line, file=self.stream)


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _config(game: str, players: int | None, rounds: int | None, target: int | None) -> object:
    if game == "wizard":
        return tt.WizardConfig(players=players or 4, rounds=rounds)
    if game == "one-card":
        return tt.OneCardConfig(players=players or 3, target=target or 30)
    if players not in (None, 4):
        raise tt.ConfigError("Bid Whist is for exactly 4 players")
    return tt.BidWhistConfig(target=target or 7)


def _describe(view: PlayerView, out: _Output) -> None:
    """Print what the seat sees: its hand and the public table."""
    data = view.to_dict()
    out(f"--- {data.get('phase')} | you are seat {view.seat}")
    for key, label in (("turn_up", "turn-up"), ("contract", "contract")):
        if data.get(key) is not None:
            out(f"{label}: {out.text(str(data[key]))}")
    if "trump" in data:
        trump = getattr(view, "trump", None)
        out(f"trump: {'none' if trump is None else out.suit(trump)}")
    if "direction" in data:
        out(f"direction: {data['direction']}")
    bids = getattr(view, "bids", None)
    if bids is not None:
        out("bids: " + ", ".join("-" if bid is None else str(bid) for bid in bids))
    calls = getattr(view, "calls", ())
    if calls:
        out("calls: " + ", ".join(out.text(str(call)) for call in calls))
    trick = getattr(view, "trick", None)
    if isinstance(trick, Trick):
        out(f"trick (led by {trick.leader}): {out.trick(trick)}")
    for key in ("tricks_won", "points", "scores", "team_scores"):
        if key in data:
            out(f"{key.replace('_', ' ')}: {data[key]}")
    out(f"your hand: {out.cards(getattr(view, 'hand', ()))}")


def _announce(
    before: GameState[object], action: object, after: GameState[object], out: _Output
) -> None:
    """Print a public account of an action and of any trick or deal it completed."""
    if isinstance(action, tt.Deal):
        out(f"=== deal {after.round.number}, dealer {after.round.dealer} ===")
        return
    if isinstance(action, tt.bid_whist.Discard):
        out(f"seat {action.seat} discards a card")
    else:
        out(f"seat {getattr(action, 'seat', '?')}: {out.text(short_token(action))}")
    same_deal = after.round.number == before.round.number
    if same_deal and len(after.round.tricks) > len(before.round.tricks):
        done = after.round.tricks[-1]
        out(f"  trick: {out.trick(done)} -> won by seat {done.winner}")
    if tt.scores(after) != tt.scores(before):
        out(f"  scores: {tt.scores(after)}")


def _ask(prompt: str, read: Callable[[], str], out: _Output) -> str | None:
    out.stream.write(prompt)
    out.stream.flush()
    line = read()
    return None if line == "" else line.strip()


def _play(args: argparse.Namespace, out: _Output, read: Callable[[], str]) -> int:
    config = _config(args.game, args.players, args.rounds, args.target)
    state: GameState[object] = tt.new_game(config)
    seats = len(tt.scores(state))
    if not 0 <= args.seat < seats:
        out(f"error: --seat must be 0 to {seats - 1}")
        return 2
    human = args.seat
    bots: dict[int, Bot] = {
        seat: make_bot("heuristic", args.game, derive_seed(args.seed, "bot", seat))
        for seat in range(seats)
    }
    out(f"{tt.get_game(args.game).title}: you are seat {human}; type 'help' for your moves.")
    status = 0
    while not tt.is_over(state):
        seat = tt.actor(state)
        if seat is tt.CHANCE:
            action: object = tt.deal(state, derive_seed(args.seed, "deal", len(state.history)))
        elif seat == human:
            chosen = _human_move(state, human, bots[human], out, read)
            if chosen is None:
                out("game abandoned")
                status = 1
                break
            action = chosen
        elif isinstance(seat, int):
            action = bots[seat].act(tt.view(state, seat))
        after = tt.apply(state, action)
        _announce(state, action, after, out)
        state = after
    if tt.is_over(state):
        out(f"final scores: {tt.scores(state)}; winners: {tt.winners(state)}")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as handle:
            records.dump(state, handle)
        out(f"record saved to {args.record}")
    return status


def _human_move(
    state: GameState[object], seat: int, helper: Bot, out: _Output, read: Callable[[], str]
) -> object | None:
    """Ask until the human enters a legal move; ``None`` when input ends or on quit."""
    seen = tt.view(state, seat)
    _describe(seen, out)
    while True:
        line = _ask("your move> ", read, out)
        if line is None or line.lower() in ("quit", "exit"):
            return None
        if line.lower() in ("help", "?", ""):
            moves = ", ".join(out.text(short_token(a)) for a in tt.legal_actions(state))
            out(f"legal moves: {moves}")
            continue
        if line.lower() == "auto":
            return helper.act(seen)
        try:
            move = parse_move(state, line)
        except NotationError as error:
            out(f"not understood: {error}")
            continue
        problem = tt.check(state, move)
        if problem is None:
            return move
        try:
            tt.apply(state, move)
        except IllegalActionError as error:
            out(f"illegal ({problem.value}): {error}")


def _simulate(args: argparse.Namespace, out: _Output) -> int:
    config = _config(args.game, args.players, args.rounds, args.target)
    seats = len(tt.scores(tt.new_game(config)))
    kinds = [kind.strip() for kind in args.bots.split(",") if kind.strip()]
    if len(kinds) == 1:
        kinds *= seats
    kinds += ["random"] * (seats - len(kinds))
    if len(kinds) != seats:
        out(f"error: {args.game} has {seats} seats, not {len(kinds)}")
        return 2

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)

    try:
        if args.jobs > 1:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                result = simulate(
                    config, kinds, games=args.n, seed=args.seed, executor=pool, progress=progress
                )
        else:
            result = simulate(config, kinds, games=args.n, seed=args.seed, progress=progress)
    except ValueError as error:
        out(f"error: {error}")
        return 2
    out(f"{tt.get_game(args.game).title}: {args.n} games, seed {args.seed}")
    out(result.table())
    return 0


def _replay(args: argparse.Namespace, out: _Output) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            record = records.load(handle)
    except (OSError, RecordError) as error:
        out(f"error: {error}")
        return 2
    out(f"{tt.get_game(record.game).title}, seats: {', '.join(record.seats)}")
    states = list(records.replay(record))
    for before, action, after in zip(states[:-1], record.actions, states[1:], strict=True):
        _announce(before, action, after, out)
        if isinstance(action, tt.Deal):
            for seat, hand in enumerate(after.round.hands):
                out(f"  seat {seat} ({record.seats[seat]}): {out.cards(hand)}")
    out(f"final scores: {record.scores}; winners: {record.winners}")
    return 0


def _demo(args: argparse.Namespace, out: _Output) -> int:
    config = _config(args.game, args.players, args.rounds, args.target)
    seats = len(tt.scores(tt.new_game(config)))
    out(f"{tt.get_game(args.game).title}, {seats} players, seed {args.seed}")
    previous: GameState[object] | None = None
    for state in game_states(config, ["heuristic"] * seats, args.seed):
        if previous is not None and tt.scores(state) != tt.scores(previous):
            out(f"deal {state.round.number}: scores {tt.scores(state)}")
        previous = state
    if previous is not None:
        out(f"final scores: {tt.scores(previous)}; winners: {tt.winners(previous)}")
    return 0


def _add_arena(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``arena`` subcommand: duplicate-deal bot comparisons (:mod:`tricktaking.arena`)."""
    sub = commands.add_parser(
        "arena",
        help="compare bots fairly over duplicate deals",
        description="Play every deal once per seating of the bots, with the same cards, and "
        "print each bot's per-deal score difference with its 95% interval.",
    )
    sub.add_argument("game", choices=_GAME_NAMES)
    sub.add_argument(
        "--bots", default="heuristic,random", help="bot kinds, repeated over the seats"
    )
    sub.add_argument("-n", type=int, default=100, help="duplicate deals (default 100)")
    sub.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sub.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    sub.add_argument("--json", default=None, metavar="FILE", help="also write the results here")
    sub.add_argument("--players", type=int, default=None, help="seats (default 4)")
    sub.add_argument("--rounds", type=int, default=None, help="Wizard: rounds a deal lasts (5)")
    sub.add_argument("--target", type=int, default=None, help="One Card, Bid Whist (default 1)")


def _arena(args: argparse.Namespace, out: _Output) -> int:
    """Play the duplicate deals with a progress bar on stderr; print the table."""
    kinds = [kind.strip() for kind in args.bots.split(",") if kind.strip()]
    try:
        if args.n < 1 or args.jobs < 1:
            raise tt.ConfigError(f"-n and --jobs must be at least 1, not {args.n}, {args.jobs}")
        config = deal_config(
            args.game, players=args.players, rounds=args.rounds, target=args.target
        )
        with contextlib.ExitStack() as stack:
            sink = (
                stack.enter_context(open(args.json, "w", encoding="utf-8")) if args.json else None
            )
            pool = stack.enter_context(ProcessPoolExecutor(args.jobs)) if args.jobs > 1 else None
            progress = stack.enter_context(Progress(args.n, sys.stderr, "deals"))
            result = arena(
                config, kinds, deals=args.n, seed=args.seed, executor=pool, progress=progress
            )
            progress.close()
            seconds = progress.elapsed()
            print(
                f"{result.games} games in {seconds:.1f} s: "
                f"{result.games / max(seconds, 1e-9):.1f} games/s",
                file=sys.stderr,
            )
            if sink is not None:
                sink.write(result.to_json() + "\n")
    except (tt.TricktakingError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    out(result.table())
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricktaking", description="Trick-taking card games: Wizard, One Card, Bid Whist."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {tt.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the available games")

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("game", choices=_GAME_NAMES)
        sub.add_argument("--players", type=int, default=None, help="number of seats")
        sub.add_argument("--rounds", type=int, default=None, help="Wizard: rounds to play")
        sub.add_argument("--target", type=int, default=None, help="One Card, Bid Whist: target")
        sub.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
        sub.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
        return sub

    play = game_command("play", "play against heuristic bots in the terminal")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--record", default=None, help="save the game record to this file")
    sim = game_command("simulate", "play bots against each other and print statistics")
    sim.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--bots", default="heuristic", help="comma-separated bot kinds per seat")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    game_command("demo", "play a seeded game between bots, with no input")
    _add_arena(commands)
    replay = commands.add_parser("replay", help="print a recorded game trick by trick")
    replay.add_argument("file")
    replay.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
    return parser


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Example:
        >>> main(["games"])
        bid-whist
        one-card
        wizard
        0
    """
    args = _parser().parse_args(argv)
    out = _Output(sys.stdout, getattr(args, "ascii", False))
    source = stdin if stdin is not None else sys.stdin
    try:
        if args.command == "games":
            out("\n".join(tt.available_games()))
            return 0
        if args.command == "play":
            return _play(args, out, source.readline)
        if args.command == "simulate":
            return _simulate(args, out)
        if args.command == "replay":
            return _replay(args, out)
        if args.command == "arena":
            return _arena(args, out)
        return _demo(args, out)
    except tt.ConfigError as error:
        out(f"error: {error}")
        return 2
    except KeyboardInterrupt:
        out("interrupted")
        return 130
    except BrokenPipeError:  # the reader went away (e.g. piped into head): stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
