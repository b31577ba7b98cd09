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
- ``tricktaking demo GAME [--bots KINDS]`` plays a game between bots with no input;
  ``tricktaking games`` lists the games; ``tricktaking rules GAME`` summarises the rules.
- ``tricktaking serve [--host 127.0.0.1] [--port 8000] [--db FILE] [--expose]
  [--allow-host NAME]`` serves the web table (needs the ``web`` extra); a host other
  than loopback needs ``--expose``. The database's directory is checked before the
  server starts.
- ``tricktaking bot URL --bot KIND`` plays the seat of a web table's link with a bot,
  from this process, over the table's protocol only.

Every game option of the configuration classes is an option here too (``--bid-rule
hook``, ``--kitty exchange``, ``--target 5``…). Card suits print as ♠♥♦♣ when the
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
import ast
import contextlib
import functools
import inspect
import io
import os
import re
import secrets
import stat
import sys
import typing
from collections.abc import Callable, Sequence
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
from tricktaking.errors import TricktakingError
from tricktaking.notation import Output
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


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors read ``error: …`` (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        print(f"error: {clean(message)} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


@attrs.frozen
class _Option:
    """A game option of the command line, read from the configuration classes.

    ``choices`` are the values of a ``Literal`` option (empty for an integer), ``help``
    its text from the class docstring, or from its type alias's docstring when the
    class only lists the values.
    """

    name: str
    kind: object
    help: str
    choices: tuple[str, ...] = ()


def _option_docs(doc: str | None) -> dict[str, str]:
    """The ``Args:`` entries of a Google-style docstring, each on one line."""
    entries: dict[str, str] = {}
    current = None
    in_args = False
    for line in (doc or "").splitlines():
        stripped = line.strip()
        if stripped in ("Args:", "Attributes:"):
            in_args = True
            continue
        if in_args and stripped.endswith(":") and " " not in stripped:
            in_args = False
        if not in_args or not stripped:
            continue
        match = re.match(r"^\s{4,8}(\w+): (.*)$", line)
        if match and len(line) - len(line.lstrip()) <= 8:
            current = match.group(1)
            entries[current] = match.group(2)
        elif current is not None:
            entries[current] += " " + stripped
    return {name: text.replace("``", "") for name, text in entries.items()}


@functools.cache
def _alias_docs(module_name: str) -> dict[str, str]:
    """The docstrings of a module's type aliases (``Name: TypeAlias = ...`` then a string).

    Python keeps no docstring on an alias, so it is read from the source, as Sphinx does;
    a module without source gives none.
    """
    try:
        tree = ast.parse(inspect.getsource(sys.modules[module_name]))
    except (KeyError, OSError, TypeError, SyntaxError):
        return {}
    docs: dict[str, str] = {}
    for node, following in zip(tree.body, tree.body[1:], strict=False):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[node.target.id] = " ".join(following.value.value.split()).replace("``", "")
    return docs


def _literal_values(kind: object) -> tuple[str, ...]:
    """The values of a ``Literal`` type, or of an optional one (``Literal[...] | None``)."""
    if typing.get_origin(kind) is typing.Literal:
        return tuple(str(value) for value in typing.get_args(kind))
    for member in typing.get_args(kind):
        if typing.get_origin(member) is typing.Literal:
            return tuple(str(value) for value in typing.get_args(member))
    return ()


def _only_values(text: str) -> bool:
    """Whether a help text merely lists quoted values (``"book" or "exchange"``)."""
    rest = re.sub(r'"[^"]*"|\([^)]*\)|\bor\b|[,.;]', "", text)
    return not rest.strip()


def _option_help(config_type: type, field: str, entry: str, choices: tuple[str, ...]) -> str:
    """The help of a configuration field: its docstring entry, or its alias's docstring."""
    if choices and _only_values(entry):
        annotation = str(config_type.__annotations__.get(field, ""))
        alias = next((part.strip() for part in annotation.split("|") if part.strip() != "None"), "")
        entry = _alias_docs(config_type.__module__).get(alias) or entry
    return entry


def _game_options() -> dict[str, list[tuple[str, _Option, object]]]:
    """Every configuration field of every game but ``players``: game, option, default."""
    found: dict[str, list[tuple[str, _Option, object]]] = {}
    for name in tt.available_games():
        config_type = tt.get_game(name).config_type
        if not attrs.has(config_type):
            continue
        hints = typing.get_type_hints(config_type)
        docs = _option_docs(config_type.__doc__)
        for field in attrs.fields(config_type):
            if field.name == "players" or not field.init:
                continue
            kind = hints[field.name]
            choices = _literal_values(kind)
            text = _option_help(config_type, field.name, docs.get(field.name, ""), choices)
            option = _Option(field.name, kind, text, choices)
            default = None if field.default is attrs.NOTHING else field.default
            found.setdefault(field.name, []).append((name, option, default))
    return found


def _hyphenated(value: str) -> str:
    """A value as the command line shows it: words joined by hyphens, like game names."""
    return value.replace("_", "-")


def _readable(text: str, default: object, choices: tuple[str, ...]) -> str:
    """A docstring entry as help: no reST roles, no ``None``, values as they are typed.

    An option whose default is ``None`` is simply left out: ``None for the full game, or
    the number of rounds`` reads ``the number of rounds; omit it for the full game``.
    """
    text = re.sub(r":\w+:`~?([^`]+)`", r"\1", text).rstrip(".")
    for value in choices:
        text = text.replace(f'"{value}"', _hyphenated(value))
    if default is None:
        leading = re.match(r"^None (for|to) (.+?), or (.+)$", text)
        if leading:
            how, omitted, given = leading.groups()
            given, stop, more = given.partition(". ")
            text = f"{given[0].upper()}{given[1:]}; omit it {how} {omitted}{stop}{more}"
        text = re.sub(r"\bbe None\b", "be omitted", text)
        text = re.sub(r"\bor None (for|to)\b", r"or omit it \1", text)
        return text
    return f"{text} (default: {_shown(default, choices)})"


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


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("game options (from the game's configuration)")
    for field, entries in _game_options().items():
        option = entries[0][1]
        flag = "--" + field.replace("_", "-")
        texts = [
            f"{tt.get_game(game).title}: {_readable(spec.help, default, spec.choices)}"
            for game, spec, default in entries
        ]
        help_text = "; ".join(texts).replace("%", "%%")
        choices = tuple(dict.fromkeys(value for _, spec, _ in entries for value in spec.choices))
        if option.kind is bool:
            group.add_argument(
                flag,
                dest=f"option_{field}",
                action=argparse.BooleanOptionalAction,
                default=None,
                help=help_text,
            )
        elif choices:
            group.add_argument(
                flag,
                dest=f"option_{field}",
                type=_choice(choices),
                default=None,
                metavar="{" + ",".join(map(_hyphenated, choices)) + "}",
                help=help_text,
            )
        else:
            group.add_argument(
                flag,
                dest=f"option_{field}",
                type=_integer,
                default=None,
                metavar="N",
                help=help_text,
            )


def _shown(default: object, choices: tuple[str, ...] = ()) -> str:
    """A default as a player reads it: ``off``, ``book``, ``left-of-dealer``, ``7``."""
    match default:
        case bool():
            return "on" if default else "off"
        case str() if default in choices:
            return _hyphenated(default)
        case _:
            return str(default)


def _field_names(config_type: type) -> set[str]:
    return {field.name for field in attrs.fields(config_type)} if attrs.has(config_type) else set()


if typing.TYPE_CHECKING:
    # The type of add_subparsers(), for the functions that add a subcommand.
    _Commands: typing.TypeAlias = argparse._SubParsersAction[_Parser]  # pyright: ignore[reportPrivateUsage]


def _config(args: argparse.Namespace) -> object:
    """The configuration the options ask for, checked by the game's configuration class."""
    game = tt.get_game(args.game)
    fields: set[str] = _field_names(game.config_type)
    options: dict[str, object] = {}
    for key, value in vars(args).items():
        if not key.startswith("option_") or value is None:
            continue
        name = key.removeprefix("option_")
        if name not in fields:
            flag = "--" + name.replace("_", "-")
            raise _UsageError(f"{flag} is not an option of {game.title}")
        options[name] = value
    if "players" in fields:
        options["players"] = (
            args.players
            if args.players is not None
            else game.default_players or game.seat_range.start
        )
    try:
        config = game.config_type(**options)
    except TypeError as error:
        raise _UsageError(str(error)) from None
    if "players" not in fields and args.players is not None:
        seats = len(tt.scores(tt.new_game(config)))
        if args.players != seats:
            raise _UsageError(f"{game.title} is for exactly {seats} players")
    return config


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
        "print each bot's per-deal score difference with its 95%% interval. Each deal is one "
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


def _parser() -> argparse.ArgumentParser:
    games = tt.available_games()
    parser = _Parser(
        prog="tricktaking",
        description="Trick-taking card games: "
        + ", ".join(tt.get_game(name).title for name in games)
        + ".",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {tt.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("games", help="list the available games")
    rules = commands.add_parser("rules", help="summarise a game's rules for players")
    rules.add_argument("game", choices=games)

    def game_command(name: str, help_text: str, seed_help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("game", choices=games)
        sub.add_argument(
            "--players",
            type=_integer,
            default=None,
            metavar="N",
            help="number of seats (default 4 for Wizard, 3 for One Card)",
        )
        sub.add_argument("--seed", type=_integer, default=None, help=seed_help)
        sub.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
        _add_game_options(sub)
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
    _add_bots(game_command("demo", "play a game between bots, with no input", fresh))
    _add_arena(commands)
    replay = commands.add_parser("replay", help="print a recorded game trick by trick")
    replay.add_argument("file")
    replay.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
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
    bot = commands.add_parser("bot", help="play a web table seat with a bot (tricktaking[web])")
    bot.add_argument("url", help="the seat's link: http://HOST:PORT/play/TOKEN")
    bot.add_argument(
        "--bot",
        default="heuristic",
        metavar="BOT",
        help=f"the bot (default: heuristic); {_KINDS_HELP}",
    )
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


def _check_writable(path: str) -> None:
    """Refuse a record path that could not be written, before the game starts."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise _UsageError(f"--record {path!r} is a directory")
    if not os.path.isdir(folder):
        raise _UsageError(f"--record {path!r}: the directory {folder!r} does not exist")
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise _UsageError(f"--record {path!r} cannot be written")


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
            _save(session.state, args.record, screen)
    return status


def _save(state: GameState[object], path: str, screen: Output) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            records.dump(state, handle)
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
    names = Names(len(record.seats), None, record.seats)
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
    try:
        args = _parser().parse_args(argv)
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
