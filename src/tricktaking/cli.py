"""The ``tricktaking`` command line: play against bots, simulate, replay records.

- ``tricktaking play GAME [--players N] [--seat K] [--seed S] [--record FILE] [variants]``
  plays you against heuristic bots in the terminal. Type a card (``QH``, ``10♣``),
  ``bid 2``, ``pass``, ``4NT``, ``trump S``, ``downtown``…; ``help`` lists your legal
  moves and the commands (``auto``, ``undo``, ``quit``).
- ``tricktaking simulate GAME -n N --bots heuristic,random,...`` plays bots against each
  other and prints a table (progress goes to standard error).
- ``tricktaking arena GAME --bots heuristic,random -n N [--jobs J] [--json FILE]`` compares
  bots over duplicate deals (:mod:`tricktaking.arena`) and prints the table.
- ``tricktaking replay FILE`` prints a recorded game trick by trick.
- ``tricktaking review FILE [--json] [--html OUT] [--max-cards-left N]`` sets every card
  and call of a recorded game against perfect play with all hands known
  (:mod:`tricktaking.analysis`; needs the ``batch`` extra).
- ``tricktaking demo GAME [--bots KINDS]`` plays a game between bots with no input;
  ``tricktaking games`` lists the games; ``tricktaking rules GAME`` summarises the rules.
- ``tricktaking serve [--host 127.0.0.1] [--port 8000] [--db FILE] [--expose]
  [--allow-host NAME]`` serves the web table (needs the ``web`` extra); a host other
  than loopback needs ``--expose``. The database's directory is checked before the
  server starts.
- ``tricktaking bot URL --bot KIND`` plays the seat of a web table's link with a bot,
  from this process, over the table's protocol only.

Every game option of the configuration classes is an option here too (``--bid-rule
hook``, ``--kitty exchange``, ``--target 5``…), read through :mod:`tricktaking.options`;
``tricktaking play GAME --help`` explains one game's. Card suits print as ♠♥♦♣ when the
terminal can show them, as letters otherwise or with ``--ascii``. Every error prints
``error: …`` on standard error and exits with status 2.

Example:
    >>> from tricktaking.cli import main
    >>> main(["demo", "wizard", "--players", "3", "--rounds", "1", "--seed", "4", "--ascii"])
    Wizard, 3 players, seed 4
    ...
    Game over: ...
    final scores: ...
    0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import secrets
import stat
import sys
import textwrap
import typing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NoReturn, TextIO, cast

import attrs

import tricktaking as tt
from tricktaking import records
from tricktaking._progress import Progress
from tricktaking._terminal import (
    Names,
    announce,
    clean,
    deal_summary,
    game_over,
    per_seat,
    seat_list,
)
from tricktaking._terminal_game import Session
from tricktaking.arena import MAX_DEALS, arena, deal_config
from tricktaking.bots import BOT_KINDS, check_bot_spec
from tricktaking.engine import GameState, deal_ended
from tricktaking.errors import ConfigError, TricktakingError
from tricktaking.notation import Output
from tricktaking.options import (
    GameOption,
    game_options,
    option_bounds,
    range_text,
    seat_option_help,
)
from tricktaking.plugins import TerminalPlugin
from tricktaking.simulate import MAX_GAMES, game_states, simulate

__all__ = ["main"]

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record file ``replay`` reads."""

_MAX_DIGITS = 100  # integers on the command line: enough for any seed, bounded for int()
_MAX_JOBS = 256  # worker processes: more than any machine's cores, within every OS limit
_DATABASE = "tricktaking-tables.sqlite3"  # the web server's DEFAULT_DB (a test pins it)


class _UsageError(Exception):
    """A wrong command line or input file: printed as ``error: …``, exit status 2."""


def _integer(text: str) -> int:
    """An integer argument, refused (not a traceback) when it is absurdly long."""
    stripped = text.strip()
    digits = stripped.removeprefix("-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > _MAX_DIGITS:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise argparse.ArgumentTypeError(
            f"{clean(shown)!r} is not an integer of at most {_MAX_DIGITS} digits"
        )
    return int(stripped)


def _bounded(low: int, high: int) -> Callable[[str], int]:
    """An argument type: an integer from ``low`` to ``high``."""

    def bounded(text: str) -> int:
        value = _integer(text)
        if not low <= value <= high:
            shown = str(value) if len(str(value)) <= 20 else f"{str(value)[:20]}…"
            top = f"{high:,}" if high >= 10**6 else str(high)  # a port reads 65535
            raise argparse.ArgumentTypeError(f"must be {low} to {top}, not {shown}")
        return value

    return bounded


def _host(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("an address or a host name, not an empty string")
    return text


def _database(path: str) -> str:
    """A database file the server can create or open: refused before anything starts."""
    if not path:
        raise argparse.ArgumentTypeError("a file name, not an empty string")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{clean(path)!r} is a directory, not a database file")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"the directory {clean(folder)!r} does not exist")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"{clean(path)!r} cannot be written")
    return path


# --- the command line -----------------------------------------------------------------------


class _Formatter(argparse.HelpFormatter):
    """Help whose descriptions keep their line breaks, each line wrapped on its own."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(
            textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent)
            for line in text.splitlines()
        )


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors read ``error: …`` (exit status 2)."""

    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self.commands: dict[str, argparse.ArgumentParser] = {}

    def error(self, message: str) -> NoReturn:
        print(f"error: {clean(message)} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


def _hyphenated(value: str) -> str:
    """A value as the command line shows it: words joined by hyphens, like game names."""
    return value.replace("_", "-")


def _flag(name: str) -> str:
    return "--" + _hyphenated(name)


def _shown(default: object, choices: tuple[str, ...] = ()) -> str:
    """A default as a player reads it: ``off``, ``book``, ``left-of-dealer``, ``7``."""
    match default:
        case bool():
            return "on" if default else "off"
        case str() if default in choices:
            return _hyphenated(default)
        case _:
            return str(default)


def _option_help(option: GameOption) -> str:
    """An option's help as the command line says it: meaning, range, what omitting does."""
    text = option.help
    for value in option.choices:
        text = re.sub(rf"\b{re.escape(value)}\b", _hyphenated(value), text)
    if option.bounds:
        text += f": {range_text(option.bounds)}"
    if option.when_left_out:
        text += f"; {_left_out(option)}"
    text += "".join(f". {note.rstrip('.')}" for note in option.notes)
    if option.default is not None:
        text += f" (default: {_shown(option.default, option.choices)})"
    first = text.partition(" ")[0]
    return text if len(first) > 1 and first.isupper() else text[:1].lower() + text[1:]


def _left_out(option: GameOption) -> str:
    """``leave it out for the full game``, or ``… to draw the hand size by chance``."""
    what = option.when_left_out
    return f"leave it out {'to' if what.startswith('draw ') else 'for'} {what}"


def _choice(choices: tuple[str, ...]) -> Callable[[str], str]:
    """An argument type: one of ``choices``, typed with hyphens or underscores."""
    by_text = {**{value: value for value in choices}, **{_hyphenated(v): v for v in choices}}

    def choice(text: str) -> str:
        found = by_text.get(text)
        if found is None:
            shown = ", ".join(map(_hyphenated, choices))
            raise argparse.ArgumentTypeError(
                f"invalid choice: {clean(text)!r} (choose from {shown})"
            )
        return found

    return choice


def _game_options() -> dict[str, dict[str, GameOption]]:
    """Every game's options but ``players`` (the command line's own), by game and name."""
    return {
        game: {option.name: option for option in game_options(game) if option.name != "players"}
        for game in tt.available_games()
    }


def _add_option(
    group: argparse._ActionsContainer,  # pyright: ignore[reportPrivateUsage]
    option: GameOption,
    choices: tuple[str, ...],
    help_text: str,
) -> None:
    """One game option; its values are ``choices`` (every game's, for a shared flag)."""
    flag, dest = _flag(option.name), f"option_{option.name}"
    if option.kind == "bool":
        group.add_argument(
            flag, dest=dest, action=argparse.BooleanOptionalAction, default=None, help=help_text
        )
    elif choices:
        metavar = "{" + ",".join(map(_hyphenated, choices)) + "}"
        group.add_argument(
            flag, dest=dest, type=_choice(choices), default=None, metavar=metavar, help=help_text
        )
    else:
        group.add_argument(
            flag, dest=dest, type=_integer, default=None, metavar="N", help=help_text
        )


def _add_game_options(parser: argparse.ArgumentParser, shown: str | None) -> None:
    """Every game's options, each flag once; the help shows ``shown``'s (or a list of all).

    A flag such as ``--target`` belongs to several games; it is parsed once and checked
    against the game chosen (:func:`_config`). ``play GAME --help`` explains that game's
    options in a group of their own, and ``play --help`` lists each game's flags.
    """
    options = _game_options()
    choices: dict[str, tuple[str, ...]] = {}
    for by_name in options.values():
        for name, option in by_name.items():
            choices[name] = tuple(dict.fromkeys((*choices.get(name, ()), *option.choices)))
    if shown is not None:
        title = tt.get_game(shown).title
        group = parser.add_argument_group(f"{title} options")
        for option in options[shown].values():
            _add_option(group, option, option.choices, _option_help(option).replace("%", "%%"))
    listing = "\n".join(
        f"{tt.get_game(game).title}: " + ", ".join(map(_flag, by_name))
        for game, by_name in options.items()
        if game != shown and by_name
    )
    others = parser.add_argument_group(
        "game options" if shown is None else "other games' options",
        f"Each game's own, explained by '{parser.prog} GAME --help':\n{listing}",
    )
    for name, values in choices.items():
        if shown is None or name not in options[shown]:
            option = next(by_name[name] for by_name in options.values() if name in by_name)
            _add_option(others, option, values, argparse.SUPPRESS)


class _GameHelp(argparse.Action):
    """``-h``/``--help`` of a game command: with the game named first, that game's options."""

    def __init__(self, option_strings: Sequence[str], dest: str, command: str) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show this help message and exit")
        self.command = command

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        game = getattr(namespace, "game", None)
        if isinstance(game, str) and game in tt.available_games():
            parser = _parser(shown=game).commands[self.command]
        parser.print_help()
        parser.exit()


def _field_names(config_type: type) -> set[str]:
    return {field.name for field in attrs.fields(config_type)} if attrs.has(config_type) else set()


if typing.TYPE_CHECKING:
    # The type of add_subparsers(), for the functions that add a subcommand.
    _Commands: typing.TypeAlias = argparse._SubParsersAction[_Parser]  # pyright: ignore[reportPrivateUsage]


def _config(args: argparse.Namespace) -> object:
    """The configuration the options ask for, checked by the game's configuration class.

    ``players`` left out is the number of seats the game's declaration suggests (its
    ``default_players``), else the fewest it accepts.
    """
    game = tt.get_game(args.game)
    fields: set[str] = _field_names(game.config_type)
    options: dict[str, object] = {}
    for key, value in vars(args).items():
        if not key.startswith("option_") or value is None:
            continue
        name = key.removeprefix("option_")
        if name not in fields:
            raise _UsageError(f"{_flag(name)} is not an option of {game.title}")
        options[name] = value
    if "players" in fields:
        options["players"] = (
            args.players
            if args.players is not None
            else game.default_players or game.seat_range.start
        )
    try:
        config = game.config_type(**options)
    except ConfigError as error:
        raise _UsageError(_players_words(args.game, str(error), options)) from None
    except TypeError as error:
        raise _UsageError(str(error)) from None
    if "players" not in fields and args.players is not None:
        seats = len(tt.scores(tt.new_game(config)))
        if args.players != seats:
            raise _UsageError(f"{game.title} is for exactly {seats} players")
    return config


def _players_words(game: str, message: str, chosen: Mapping[str, object]) -> str:
    """A configuration's complaint as the command line says it: flags and ranges, no code.

    A number out of range is told the range the other options allow (``--hand-size must
    be 1 to 12 with 4 players, or omitted to draw it by chance, not 99``); any other
    message has its field names written as flags, ``None`` as omitted and no clause
    numbers.
    """
    options = {option.name: option for option in game_options(game)}
    name = message.partition(" ")[0]
    option = options.get(name)
    value = chosen.get(name)
    bounds = None if option is None else option_bounds(game, name, chosen)
    if option is not None and isinstance(value, int) and bounds is not None:
        low, high = bounds
        if not low <= value <= high:
            subject = "--players" if name == "players" else _flag(name)
            text = f"{subject} must be {range_text({0: bounds})}"
            seats = options.get("players")
            players = chosen.get("players", None if seats is None else seats.default)
            if len({top for _, top in option.bounds.values()}) > 1 and players is not None:
                text += f" with {players} players"
            elif name == "players":
                text += f" for {tt.get_game(game).title}"
            if option.when_left_out:
                text += f" (or {_left_out(option)})"
            return f"{text}, not {value}"
    for field in sorted(options, key=len, reverse=True):
        if "_" in field or message.startswith(f"{field} "):
            message = re.sub(rf"\b{field}\b", _flag(field), message)
    message = re.sub(r"\s*\((?:[A-Z]{2}-[\d.]+(?:,\s*)?)+\)|\s*\(H_max\)", "", message)
    message = re.sub(r"\bbe None\b", "be left out", message)
    return re.sub(r"\bNone or ", "", message)


_KINDS_HELP = (
    f"kinds: {', '.join(BOT_KINDS)}, or MODULE:CALLABLE (a bot factory), text:MODULE:CALLABLE "
    "(a model from prompt to reply) or chat:MODULE:CALLABLE (a model taking chat messages)"
)


def _short_game_defaults(option: str) -> str:
    """What :func:`~tricktaking.arena.deal_config` sets ``option`` to, game by game."""
    found: list[str] = []
    for name in tt.available_games():
        config = deal_config(name)
        if option in _field_names(type(config)):
            found.append(f"{tt.get_game(name).title} {getattr(config, option)}")
    return ", ".join(found)


def _add_arena(commands: _Commands) -> None:
    """The ``arena`` subcommand: duplicate-deal bot comparisons (:mod:`tricktaking.arena`)."""
    sub = commands.add_parser(
        "arena",
        help="compare bots fairly over duplicate deals",
        description="Play every deal once per seating of the bots, with the same cards, and "
        "print each bot's per-deal score difference with its 95% interval. Each deal is one "
        "short game, much shorter than the full games of play, demo and simulate, so that "
        "the many games a fair comparison needs stay quick: the defaults below, which "
        "--players, --rounds and --target change.",
    )
    sub.add_argument("game", choices=tt.available_games())
    sub.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="KINDS",
        help="bot kinds, comma-separated, repeated over the seats; at least two different "
        f"(default: heuristic,random); {_KINDS_HELP}",
    )
    sub.add_argument(
        "-n",
        type=_bounded(1, MAX_DEALS),
        default=100,
        metavar="DEALS",
        help="duplicate deals (default: 100)",
    )
    sub.add_argument(
        "--jobs", type=_bounded(1, _MAX_JOBS), default=1, help="worker processes (default: 1)"
    )
    sub.add_argument("--seed", type=_integer, default=0, help="master seed (default: 0)")
    sub.add_argument("--json", default=None, metavar="FILE", help="also write the results here")
    for option, what in (
        ("players", "seats"),
        ("rounds", "rounds each deal's game lasts"),
        ("target", "the score that ends each deal's game"),
    ):
        sub.add_argument(
            f"--{option}",
            type=_integer,
            default=None,
            metavar="N",
            help=f"{what} (default: {_short_game_defaults(option)})",
        )


def _arena(args: argparse.Namespace, out: Output) -> int:
    """Play the duplicate deals with a progress bar on stderr; print the table."""
    kinds = [kind.strip() for kind in args.bots.split(",") if kind.strip()]
    try:
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


def _add_bots(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--bots",
        default="heuristic",
        metavar="KINDS",
        help="bot kinds, comma-separated: one for every seat, or one for all "
        f"(default: heuristic); {_KINDS_HELP}",
    )


def _bot_kinds(args: argparse.Namespace, seats: int) -> list[str]:
    """The ``--bots`` kinds, one per seat."""
    kinds = [kind.strip() for kind in args.bots.split(",")]
    for kind in kinds:
        _bot_spec(kind)
    if len(kinds) == 1:
        kinds *= seats
    if len(kinds) != seats:
        raise _UsageError(
            f"{tt.get_game(args.game).title} has {seats} seats ({seat_list(range(seats))}), "
            f"but --bots names {len(kinds)} bots: give one kind per seat, or one for all"
        )
    return kinds


def _bot_spec(spec: str) -> str:
    """A ``--bots`` or ``--bot`` entry that names a bot (a kind, or a name that imports)."""
    if ":" not in spec and spec not in BOT_KINDS:
        raise _UsageError(f"{clean(spec)!r} is not a bot kind; {_KINDS_HELP}")
    try:
        return check_bot_spec(spec)
    except tt.TricktakingError as error:
        raise _UsageError(f"{clean(spec)!r} is not a bot: {error}") from None


def _parser(shown: str | None = None) -> _Parser:
    """The command line; ``shown`` is the game whose options the game commands explain."""
    games = tt.available_games()
    parser = _Parser(
        prog="tricktaking",
        description="Trick-taking card games: "
        + ", ".join(tt.get_game(name).title for name in games)
        + ".",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {tt.__version__}")
    # Not required by argparse, so that an unknown option is named before a missing command.
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("games", help="list the available games")
    rules = commands.add_parser("rules", help="summarise a game's rules for players")
    rules.add_argument("game", choices=games)

    def game_command(name: str, help_text: str, seed_help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name,
            help=help_text,
            description=f"{help_text[0].upper()}{help_text[1:]}. "
            f"'tricktaking {name} GAME --help' explains that game's options.",
            add_help=False,
        )
        sub.add_argument("-h", "--help", action=_GameHelp, dest=argparse.SUPPRESS, command=name)
        sub.add_argument("game", choices=games)
        sub.add_argument(
            "--players",
            type=_integer,
            default=None,
            metavar="N",
            help=f"number of players: {seat_option_help(games)}",
        )
        sub.add_argument("--seed", type=_integer, default=None, help=seed_help)
        sub.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
        return sub

    fresh = "master seed (default: a fresh random seed, printed so the game can be replayed)"
    play = game_command("play", "play against heuristic bots in the terminal", fresh)
    play.add_argument("--seat", type=_integer, default=0, help="your seat (default 0)")
    play.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="save the game record to FILE (checked before the game; saved even if you quit)",
    )
    sim = game_command(
        "simulate", "play bots against each other and print statistics", "master seed (default 0)"
    )
    sim.add_argument(
        "-n",
        type=_bounded(1, MAX_GAMES),
        default=1000,
        metavar="GAMES",
        help="number of games (default: 1000)",
    )
    _add_bots(sim)
    sim.add_argument(
        "--jobs", type=_bounded(1, _MAX_JOBS), default=1, help="worker processes (default: 1)"
    )
    demo = game_command("demo", "play a game between bots, with no input", fresh)
    _add_bots(demo)
    for sub in (play, sim, demo):
        _add_game_options(sub, shown)
    _add_arena(commands)
    replay = commands.add_parser(
        "replay",
        help="print a recorded game trick by trick",
        description="Print a game record (saved by 'tricktaking play --record FILE', the web "
        "table or records.dump) deal by deal and trick by trick, with every hand.",
    )
    replay.add_argument("file")
    replay.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
    _add_review(commands)
    serve = commands.add_parser(
        "serve",
        help="serve the web table (needs tricktaking[web])",
        description="Serve the web table: a lobby where people open tables of any game and "
        "play each other and bots in the browser. It needs the web extra: pip install "
        "'tricktaking[web]'. Every table is kept in a SQLite database file, so a restarted "
        "server resumes every open table. It answers on loopback (this machine) only "
        "unless --expose is given.",
    )
    serve.add_argument(
        "--host", type=_host, default="127.0.0.1", help="address (default: 127.0.0.1)"
    )
    serve.add_argument("--port", type=_bounded(1, 65535), default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--db",
        type=_database,
        default=None,
        metavar="FILE",
        help=f"the SQLite file of the tables, created if missing (default: {_DATABASE} in "
        "the current directory)",
    )
    serve.add_argument("--expose", action="store_true", help="allow a non-loopback --host")
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another host name to answer (repeatable)",
    )
    serve.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help="an origin players reach the tables under, behind a reverse proxy, such as "
        "https://cards.example (repeatable; its host name is answered too)",
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's IP address or network, such as 127.0.0.1: its "
        "X-Forwarded-For header gives each player's address (repeatable)",
    )
    bot = commands.add_parser(
        "bot",
        help="play a web table seat with a bot (tricktaking[web])",
        description="Play the seat of a web table's link with a bot, from this process, over "
        "the table's protocol only (it needs the web extra: pip install 'tricktaking[web]').",
    )
    bot.add_argument("url", help="the seat's link: http://HOST:PORT/play/TOKEN")
    bot.add_argument(
        "--bot",
        default="heuristic",
        metavar="BOT",
        help=f"the bot (default: heuristic); {_KINDS_HELP}",
    )
    parser.commands = dict(commands.choices)
    return parser


def _serve(args: argparse.Namespace, out: Output) -> int:
    try:
        from tricktaking.web import remote_bot, server  # noqa: PLC0415 - the optional extra
    except ImportError:
        raise _UsageError(
            f"tricktaking {args.command} needs the web extra: pip install 'tricktaking[web]'"
        ) from None
    if args.command == "bot":
        return remote_bot.play_seat(args.url, _bot_spec(args.bot), out)
    database = args.db or server.DEFAULT_DB
    try:
        _database(database)
    except argparse.ArgumentTypeError as error:
        raise _UsageError(f"the default database {error}") from None
    server.serve(
        args.host,
        args.port,
        database,
        expose=args.expose,
        allow_hosts=args.allow_host,
        origins=args.origin,
        trusted_proxies=args.trusted_proxy,
    )
    return 0


# --- play -----------------------------------------------------------------------------------


def _check_writable(path: str, option: str = "--record") -> None:
    """Refuse an output path that could not be written, before any work starts."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise _UsageError(f"{option} {path!r} is a directory")
    if not os.path.isdir(folder):
        raise _UsageError(f"{option} {path!r}: the directory {folder!r} does not exist")
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise _UsageError(f"{option} {path!r} cannot be written")


def _play(args: argparse.Namespace, screen: Output, read: Callable[[], str]) -> int:
    config = _config(args)
    if args.record:
        _check_writable(args.record)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    state: GameState[object] = tt.new_game(config)
    players = len(tt.scores(state))
    if not 0 <= args.seat < players:
        raise _UsageError(f"--seat must be 0 to {players - 1}, not {args.seat}")
    session = Session(state, args.seat, seed, screen, read)
    screen(
        f"{tt.get_game(args.game).title}, {players} players, seed {seed} "
        f"(--seed {seed} plays this game again)"
    )
    names = session.names
    where = f"you are seat {args.seat}"
    game = tt.game_of(state)
    if game.team_count == 2:
        team = game.team_of(args.seat)
        where += f", playing with your partner: {names.team(team)} against {names.team(1 - team)}"
    screen(f"{where}. Type 'help' for your moves and the commands.")
    try:
        status = session.run()
    except KeyboardInterrupt:
        screen("\ninterrupted: game abandoned")
        status = 130
    finally:
        if args.record:
            _save(session.state, args.seat, args.record, screen)
    return status


_YOU = "you"  # the record's name of the player's seat: replay says "you" as play did


def _save(state: GameState[object], human: int, path: str, screen: Output) -> None:
    seats = [_YOU if seat == human else f"seat {seat}" for seat in range(len(tt.scores(state)))]
    try:
        with open(path, "w", encoding="utf-8") as handle:
            records.dump(state, handle, seats=seats)
    except OSError as error:
        print(f"error: the record could not be saved: {clean(str(error))}", file=sys.stderr)
        return
    screen(f"record saved to {clean(path)}")


# --- simulate -------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace, screen: Output) -> int:
    config = _config(args)
    kinds = _bot_kinds(args, len(tt.scores(tt.new_game(config))))
    seed = args.seed if args.seed is not None else 0
    with contextlib.ExitStack() as stack:
        pool = stack.enter_context(ProcessPoolExecutor(args.jobs)) if args.jobs > 1 else None
        progress = stack.enter_context(Progress(args.n, sys.stderr, "games"))
        result = simulate(config, kinds, games=args.n, seed=seed, executor=pool, progress=progress)
    screen(f"{tt.get_game(args.game).title}: {args.n} games, seed {seed}")
    screen(result.table())
    return 0


# --- replay and demo ------------------------------------------------------------------------


def _read_record(path: str) -> records.GameRecord | records.PerspectiveRecord:
    """Load a record file, refusing what is not a regular file of a sensible size."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise _UsageError(f"cannot read {path!r}: {error.strerror}") from None
    except (ValueError, UnicodeError):  # a NUL byte, or a name the file system cannot hold
        raise _UsageError(f"{path!r} is not a file name this system can open") from None
    if not stat.S_ISREG(info.st_mode):
        raise _UsageError(f"{path!r} is not a regular file")
    if info.st_size > MAX_RECORD_BYTES:
        raise _UsageError(f"{path!r} is larger than {MAX_RECORD_BYTES // 2**20} MiB")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise _UsageError(f"cannot read {path!r}: {error.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise _UsageError(f"{path!r} is larger than {MAX_RECORD_BYTES // 2**20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _UsageError(f"{path!r} is not UTF-8 text, so not a game record") from None
    try:
        return records.loads_any(text)
    except (TricktakingError, RecursionError, ValueError) as error:
        raise _UsageError(f"{path!r} is not a valid game record: {error}") from None


def _replay(args: argparse.Namespace, screen: Output) -> int:
    record = _read_record(args.file)
    if isinstance(record, records.PerspectiveRecord):
        return _replay_seen(record, screen)
    game = tt.get_game(record.game)
    yours = [seat for seat, name in enumerate(record.seats) if name.lower() == _YOU]
    names = Names(len(record.seats), yours[0] if len(yours) == 1 else None, record.seats)
    screen(
        f"{game.title}, {len(record.seats)} players: "
        + ", ".join(names(seat) for seat in range(len(record.seats)))
    )
    states = list(records.replay(record))
    start_scores = tt.scores(states[0])
    for before, action, after in zip(states[:-1], record.actions, states[1:], strict=True):
        if isinstance(action, tt.Deal):
            start_scores = tt.scores(before)
        announce(before, action, after, names, screen, show_discards=True)
        if isinstance(action, tt.Deal):
            for seat in range(len(record.seats)):
                screen(f"  {names(seat)}: {screen.cards(tt.view(after, seat).hand)}")
        if deal_ended(before, after):
            deal_summary(after, start_scores, names, screen)
    final = states[-1]
    if tt.is_over(final):
        game_over(final, names, screen)
    else:
        screen(
            f"The game was abandoned after {len(record.actions)} actions, in deal "
            f"{tt.view(final, 0).round_number}; scores then: "
            f"{per_seat(tt.scores(final), names)}"
        )
    return 0


def _replay_seen(record: records.PerspectiveRecord, screen: Output) -> int:
    """Print a record of what one seat saw, from the views it had: hidden cards stay hidden."""
    game = tt.get_game(record.game)
    plugin = game.terminal or TerminalPlugin()
    players = len(record.seats)
    names = Names(players, record.seat, record.seats)
    seen = Names(players, None, record.seats)(record.seat)  # "seat 1", or "seat 1 (Ann)"
    screen(f"{game.title}, {players} players, as {seen} saw it")
    views = record.views
    start = views[0].scores
    for token, before, after in zip(record.actions, views, views[1:], strict=False):
        if token.startswith("deal"):
            start = before.scores
            screen(f"=== deal {after.round_number}, dealer {names(after.dealer)} ===")
            plugin.deal_news(after, names, screen)
            screen(f"  your hand: {screen.cards(after.hand)}")
            continue
        seat, _, move = token.partition(" ")
        if move.endswith(records.HIDDEN):
            screen(f"{names(int(seat))}: {move.split()[0]} a card")
        else:
            screen(f"{names(int(seat))}: {screen.move(game.rules.parse_action(token))}")
        if after.round_number == before.round_number and len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            plays = ", ".join(
                f"{names(play.seat)} {screen.card(play.card)}" for play in trick.plays
            )
            if trick.winner is not None:
                screen(f"  trick: {plays}: {names.does(trick.winner, 'takes')} it")
        if after.phase is not before.phase and after.actor is None:  # the deal is over
            gained = [now - then for now, then in zip(after.scores, start, strict=True)]
            screen(f"--- end of deal {after.round_number} ---")
            if not plugin.deal_summary(after, gained, names, screen):
                screen(f"scores: {per_seat(after.scores, names)}")
    if record.winners:
        alone = len(record.winners) == 1 and record.winners[0] != record.seat
        screen(f"Game over: {names.group(record.winners)} {'wins' if alone else 'win'}.")
        if game.team_count is not None:  # partners share a score: say it once
            shares = (
                f"{names.team(team)}: {record.scores[team]}" for team in range(game.team_count)
            )
            screen(f"final scores: {'; '.join(shares)}")
        else:
            screen(f"final scores: {per_seat(record.scores, names)}")
    else:
        screen(
            f"The record stops after {len(record.actions)} actions, in deal "
            f"{views[-1].round_number}; scores then: {per_seat(record.scores, names)}"
        )
    return 0


def _add_review(commands: _Commands) -> None:
    from tricktaking.analysis import DEFAULT_MAX_CARDS_LEFT, MAX_CARDS_LEFT  # noqa: PLC0415

    review = commands.add_parser(
        "review",
        help="set every card of a recorded game against perfect play (tricktaking[batch])",
        description="Review a game record: every card played against perfect play with all "
        "hands known (its value, the best value, the best cards), every call against what "
        "the hand could make, and each deal's par. It needs the batch extra: pip install "
        "'tricktaking[batch]'.",
    )
    review.add_argument("file")
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.add_argument(
        "--html", default=None, metavar="OUT", help="also write the review as an HTML page to OUT"
    )
    review.add_argument(
        "--max-cards-left",
        type=_bounded(0, MAX_CARDS_LEFT),
        default=DEFAULT_MAX_CARDS_LEFT,
        metavar="N",
        help="solve positions of up to N cards a hand; larger ones are marked not solved "
        f"(default: {DEFAULT_MAX_CARDS_LEFT})",
    )


def _review(args: argparse.Namespace, screen: Output) -> int:
    record = _read_record(args.file)
    if isinstance(record, records.PerspectiveRecord):
        raise _UsageError(
            f"{args.file!r} holds what one seat saw: a review needs every hand (a full record)"
        )
    if args.html:
        _check_writable(args.html, "--html")
    from tricktaking import analysis  # noqa: PLC0415 - only this command needs it

    try:
        result = analysis.review(record, max_cards_left=args.max_cards_left)
    except ImportError:
        raise _UsageError(
            "tricktaking review needs the batch extra: pip install 'tricktaking[batch]'"
        ) from None
    if args.html:
        with open(args.html, "w", encoding="utf-8") as handle:
            handle.write(analysis.review_html(result))
    if args.json:
        screen(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        screen(analysis.review_text(result))
    return 0


def _demo(args: argparse.Namespace, screen: Output) -> int:
    config = _config(args)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    players = len(tt.scores(tt.new_game(config)))
    kinds = _bot_kinds(args, players)
    screen(f"{tt.get_game(args.game).title}, {players} players, seed {seed}")
    names = Names(players, None)
    previous: GameState[object] | None = None
    start_scores = tt.scores(tt.new_game(config))
    for state in game_states(config, kinds, seed):
        if previous is not None:
            if tt.actor(previous) is tt.CHANCE:
                start_scores = tt.scores(previous)
            if deal_ended(previous, state):
                deal_summary(state, start_scores, names, screen)
        previous = state
    if previous is not None:
        game_over(previous, names, screen)
    return 0


def _rules(args: argparse.Namespace, screen: Output) -> int:
    game = tt.get_game(args.game)
    text = game.summary or game.rules.__doc__ or game.title
    screen(text.rstrip())
    return 0


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Args:
        argv: The arguments, without the program name.
        stdin: Where ``play`` reads the player's moves (default: standard input).

    Example:
        >>> from tricktaking.cli import main
        >>> main(["games"])
        bid-whist
        oh-hell
        one-card
        wizard
        0
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.error(f"a command is required: {', '.join(parser.commands)}")
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else 2
    screen = Output(sys.stdout, args.ascii if "ascii" in args else False)
    source = stdin if stdin is not None else _lenient(sys.stdin)
    try:
        match args.command:
            case "games":
                screen("\n".join(tt.available_games()))
                return 0
            case "rules":
                return _rules(args, screen)
            case "play":
                return _play(args, screen, source.readline)
            case "simulate":
                return _simulate(args, screen)
            case "replay":
                return _replay(args, screen)
            case "review":
                return _review(args, screen)
            case "arena":
                return _arena(args, screen)
            case "serve" | "bot":
                return _serve(args, screen)
            case _:
                return _demo(args, screen)
    except (_UsageError, TricktakingError, OSError) as error:
        if isinstance(error, BrokenPipeError):
            return _closed_pipe()
        print(f"error: {clean(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _closed_pipe() -> int:
    """The reader went away (e.g. output piped into ``head``): stop quietly."""
    with contextlib.suppress(OSError):
        sys.stdout.close()
    return 0


def _lenient(stream: TextIO) -> TextIO:
    """Standard input that turns bytes that are not UTF-8 into ``�`` instead of failing."""
    wrapper: object = stream
    if isinstance(wrapper, io.TextIOWrapper):
        cast("io.TextIOWrapper[io.BufferedReader]", wrapper).reconfigure(errors="replace")
    return stream


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
