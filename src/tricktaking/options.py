"""Each game's options, read from its configuration class and said in words for players.

A game's options are the ``attrs`` fields of its registered configuration class, so a new
game or variant is offered by the command line (``tricktaking play GAME --help``) and by
the web lobby without a change to either: both read it from here. An option has a kind, a
default, its choices, a label, a help text for players and, for a number, the bounds the
configuration enforces at each number of seats.

The help is the field's ``help`` metadata, or else its ``Args:`` entry in the class
docstring (or, for a ``Literal`` that entry only lists, the alias's own docstring) in
plain words: cross-references, code marks and rule clause numbers are taken out, and
``None`` is said as leaving the option out. The bounds are never restated: they are
found by building the configuration, so the range printed is the range enforced.

Example:
    >>> from tricktaking.options import game_options, range_text
    >>> rounds = next(option for option in game_options("wizard") if option.name == "rounds")
    >>> rounds.kind, rounds.help
    ('optional-int', 'The number of rounds to play, with their normal hand sizes')
    >>> rounds.when_left_out
    'the full game'
    >>> range_text(rounds.bounds)
    '1 to 20 with 3 players, 15 with 4, 12 with 5, 10 with 6'
"""

# pyright: strict
from __future__ import annotations

import ast
import functools
import inspect
import re
import sys
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Literal, TypeAlias, cast

import attrs

from tricktaking.engine import get_game
from tricktaking.errors import ConfigError

__all__ = [
    "NO_LIMIT",
    "GameOption",
    "OptionKind",
    "OptionValue",
    "game_options",
    "option_bounds",
    "range_text",
    "seat_option_help",
]

OptionKind = Literal["int", "optional-int", "bool", "choice", "optional-choice"]
"""How an option is asked for: a number, a number that may be left out, on or off, one of
some words, or one of some words that may be left out."""

OptionValue: TypeAlias = int | str | bool | None
"""The value of an option, as its configuration field holds it."""

NO_LIMIT = 10**18
"""The upper bound reported for a number the configuration does not bound above."""

_PROBE_LIMIT = NO_LIMIT  # how far the bounds are searched for, each way


@attrs.frozen(kw_only=True)
class GameOption:
    """One option of a game's configuration, as a player chooses it.

    Args:
        name: The configuration field's name (``"bid_rule"``).
        kind: How it is asked for (:data:`OptionKind`).
        default: Its value when it is not given; ``None`` for an option whose default is
            to leave it out, and for ``players`` where the class has no default.
        choices: The values of a ``choice`` or ``optional-choice``, in declared order.
        label: Its name in words (``"Bid rule"``).
        help: What it does, for players: no code, no clause numbers, no range.
        when_left_out: For an ``optional-int`` or ``optional-choice``, what leaving it
            out does (``"the full game"``); else empty.
        notes: Further sentences for players (``"Leave it out with a schedule."``).
        bounds: For a number: the lowest and highest value the configuration accepts
            with the other options at their defaults, by number of seats. The highest is
            :data:`NO_LIMIT` when there is no upper bound.

    Example:
        >>> from tricktaking.options import game_options
        >>> kitty = next(o for o in game_options("bid-whist") if o.name == "kitty")
        >>> kitty.kind, kitty.default, kitty.choices
        ('choice', 'book', ('book', 'exchange'))
        >>> kitty.help.split(";")[0]
        "book: the kitty is the bidding team's unseen first book"
    """

    name: str
    kind: OptionKind
    default: OptionValue
    choices: tuple[str, ...] = ()
    label: str
    help: str
    when_left_out: str = ""
    notes: tuple[str, ...] = ()
    bounds: Mapping[int, tuple[int, int]] = attrs.field(factory=dict[int, tuple[int, int]])


# --- reading the class ------------------------------------------------------------------


def _kind(annotation: object) -> tuple[OptionKind, tuple[str, ...]] | None:
    """The kind of a field's type, with its choices; ``None`` for a type no one can type."""
    if annotation is bool:
        return "bool", ()
    if annotation is int:
        return "int", ()
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is Literal and all(isinstance(value, str) for value in arguments):
        return "choice", tuple(cast("tuple[str, ...]", arguments))
    if origin in (typing.Union, types.UnionType) and type(None) in arguments:
        rest = [argument for argument in arguments if argument is not type(None)]
        if rest == [int]:
            return "optional-int", ()
        if len(rest) == 1:
            inner = _kind(rest[0])
            if inner is not None and inner[0] == "choice":
                return "optional-choice", inner[1]
    return None


def _entries(doc: str | None) -> dict[str, str]:
    """Each entry of a Google-style docstring's ``Args:`` section, as one line."""
    texts: dict[str, str] = {}
    inside, name, indent = False, "", 0
    for line in (doc or "").splitlines():
        stripped = line.strip()
        if stripped in ("Args:", "Attributes:"):
            inside, indent, name = True, len(line) - len(line.lstrip()), ""
            continue
        if not inside:
            continue
        depth = len(line) - len(line.lstrip())
        if stripped and depth <= indent:
            inside = False  # the next section
            continue
        head, colon, rest = stripped.partition(":")
        if colon and depth == indent + 4 and head.isidentifier():
            name = head
            texts[name] = rest.strip()
        elif stripped and name:
            texts[name] += " " + stripped
    return texts


@functools.cache
def _alias_docs(module_name: str) -> Mapping[str, str]:
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
            docs[node.target.id] = " ".join(following.value.value.split())
    return docs


def _only_values(text: str) -> bool:
    """Whether a help text merely lists quoted values (``"book" or "exchange"``)."""
    rest = re.sub(r'``"[^"]*"``|"[^"]*"|\([^)]*\)|\bor\b|[,.;]', "", text)
    return not rest.strip()


def _alias_entry(config_type: type, field: str) -> str:
    """The docstring of the alias that names a field's type, if the field's source says one."""
    annotation = str(config_type.__annotations__.get(field, ""))
    alias = next((part.strip() for part in annotation.split("|") if part.strip() != "None"), "")
    return _alias_docs(config_type.__module__).get(alias, "")


def _fields(config_type: type) -> tuple[attrs.Attribute[object], ...]:
    attrs.resolve_types(cast("type[attrs.AttrsInstance]", config_type))
    return cast(
        "tuple[attrs.Attribute[object], ...]",
        attrs.fields(cast("type[attrs.AttrsInstance]", config_type)),
    )


# --- plain words --------------------------------------------------------------------------

_CLAUSES = re.compile(r"\s*\((?:[A-Z]{2}-[\d.]+[a-z]?(?:,\s*)?)+\)")
_ROLE = re.compile(r":\w+:`~?([^`]+)`")
_CODE = re.compile(r"``([^`]*)``")
_RANGE = (
    # a range the text states: the enforced one is printed instead
    re.compile(r"\s*\((?:\d[\d,]*|-\d+) (?:to|…|-) [^)]*\)"),
    re.compile(
        r"[,;:]?\s*(?:a seat )?\b\d[\d,]* (?:to|…) (?:\d[\d,]*|the \w[\w -]*?)(?= seats|[,.;:]|$)"
    ),
    re.compile(r"[,;]?\s*\b\d+ or more\b"),
    re.compile(r"^\d[\d,]* (?:to|…) \d[\d,]*: "),
)


def _attribute_words(config_type: type, name: str) -> str:
    """A config attribute named in a docstring, as the start of its own docstring says it."""
    found: object = getattr(config_type, name.rpartition(".")[2], None)
    doc = inspect.getdoc(found) if isinstance(found, property) else None
    if not doc:
        return name.rpartition(".")[2].replace("_", " ")
    first = re.split(r"[,.(:]", doc, maxsplit=1)[0].strip()
    return first[:1].lower() + first[1:]


def _code_words(code: str, fields: set[str]) -> str:
    """Code in a docstring as words: another option is named in quotes, by its label."""
    return f"'{code.replace('_', ' ')}'" if code in fields else code


def _plain(config_type: type, text: str) -> str:
    """A docstring's text for players: no roles, code marks, clause numbers or formulas."""
    text = _ROLE.sub(lambda found: _attribute_words(config_type, found.group(1)), text)
    text = _CLAUSES.sub("", text)
    text = re.sub(r"\s*\bof ``[^`]*[/*+][^`]*`` \w+", "", text)  # "of ``60 // players`` rounds"
    fields = {field.name for field in _fields(config_type)}
    text = _CODE.sub(lambda found: _code_words(found.group(1), fields), text).replace('"', "")
    text = re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda found: found.group(0).replace("_", " "), text)
    for pattern in _RANGE:
        text = pattern.sub("", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    return re.sub(r"^[,;:.\s]+|[,;:\s]+$", "", text)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"(?<=\.)\s+(?=[A-Z])", text) if part.strip()]


def _read_none(text: str, label: str) -> tuple[str, str, tuple[str, ...]]:
    """The help, what leaving the option out does, and notes, from an entry saying ``None``.

    ``None for the full game, or the number of rounds`` is the number of rounds, left out
    for the full game; ``Must be None with a schedule`` is the note "Leave it out with a
    schedule."
    """
    sentences = _sentences(text)
    first = sentences[0].rstrip(".") if sentences else ""
    notes: list[str] = []
    for sentence in (part.rstrip(".") for part in sentences[1:]):
        must = re.match(r"^Must be None (with|without) (.+)$", sentence)
        if must is not None:
            how, what = must.groups()
            notes.append(f"Leave it out {how} {what}." if how == "with" else f"Only with {what}.")
        else:
            notes.append(sentence + ".")
    leading = re.match(r"^None (?:to|for) (.+?),? or\b\s*(.*)$", first)
    trailing = re.match(r"^(.*?),? or None (?:to|for) (.+)$", first)
    if leading is not None:
        left_out, given = leading.groups()
    elif trailing is not None:
        given, left_out = trailing.groups()
    else:
        return first, "", tuple(notes)
    given = given.strip(" ,") or label
    return _capital(given), left_out, tuple(notes)


# --- bounds -------------------------------------------------------------------------------


def _builds(make: Callable[..., object], values: Mapping[str, object]) -> bool:
    try:
        make(**values)
    except (ConfigError, TypeError, ValueError, OverflowError):
        return False
    return True


def _starts() -> Iterator[int]:
    yield from (0, 1, 2, 3, 4, -1)
    step = 8
    while step <= 2**20:
        yield step
        step *= 2


def _edge(accepts: Callable[[int], bool], inside: int, direction: int) -> int:
    """The last accepted value from ``inside`` (accepted) going ``direction`` (+1 or -1)."""
    step = 1
    good = inside
    while True:
        candidate = inside + direction * step
        if abs(candidate) > _PROBE_LIMIT:
            return direction * NO_LIMIT if direction > 0 else good
        if not accepts(candidate):
            bad = candidate
            break
        good = candidate
        step *= 2
    while abs(bad - good) > 1:  # bisect between the last good and the first bad value
        middle = (good + bad) // 2
        if accepts(middle):
            good = middle
        else:
            bad = middle
    return good


def _bases(
    fields: tuple[attrs.Attribute[object], ...], players: int | None
) -> Iterator[dict[str, object]]:
    """Option sets to probe a number in: the defaults, then one other option changed.

    A number that a default forbids altogether (Oh Hell's ``max_hand_size`` needs a
    schedule) is probed where it is allowed.
    """
    base: dict[str, object] = {} if players is None else {"players": players}
    yield base
    for field in fields:
        kind = _kind(field.type)
        if kind is None or field.name == "players" or not field.init:
            continue
        values: tuple[object, ...] = (True, False) if kind[0] == "bool" else kind[1]
        for value in values:
            yield {**base, field.name: value}


def _bounds_in(
    make: Callable[..., object], name: str, base: Mapping[str, object]
) -> tuple[int, int] | None:
    """The lowest and highest ``name`` that ``make`` accepts beside the options ``base``."""

    def accepts(value: int) -> bool:
        return _builds(make, {**base, name: value})

    start = next((value for value in _starts() if accepts(value)), None)
    return None if start is None else (_edge(accepts, start, -1), _edge(accepts, start, +1))


def _bounds_at(
    config_type: type,
    fields: tuple[attrs.Attribute[object], ...],
    field: attrs.Attribute[object],
    players: int | None,
) -> tuple[int, int] | None:
    make = cast("Callable[..., object]", config_type)
    for base in _bases(fields, players):
        if _builds(make, base) and (found := _bounds_in(make, field.name, base)) is not None:
            return found
    return None


def _seat_counts(config_type: type, fields: tuple[attrs.Attribute[object], ...]) -> list[int]:
    if not any(field.name == "players" for field in fields):
        return []
    make = cast("Callable[..., object]", config_type)
    return [players for players in range(1, 17) if _builds(make, {"players": players})]


# --- the options --------------------------------------------------------------------------


def _option(
    config_type: type,
    fields: tuple[attrs.Attribute[object], ...],
    field: attrs.Attribute[object],
    entries: Mapping[str, str],
    seats: list[int],
) -> GameOption | None:
    kind = _kind(field.type)
    if kind is None or not field.init:
        return None
    label = str(field.metadata.get("label", _capital(field.name.replace("_", " "))))
    entry = str(field.metadata.get("help", entries.get(field.name, "")))
    if kind[1] and _only_values(entry):
        entry = _alias_entry(config_type, field.name) or entry
    if kind[1]:  # values are shown as they are typed
        entry = re.sub(r'``"([^"]*)"``', r"\1", entry)
    text, left_out, notes = _read_none(_plain(config_type, entry), label)
    if not text:
        text = label
    bounds: dict[int, tuple[int, int]] = {}
    if kind[0] in ("int", "optional-int"):
        for players in seats or [0]:
            found = _bounds_at(config_type, fields, field, players if seats else None)
            if found is not None:
                bounds[players] = found
    default = None if field.default is attrs.NOTHING else field.default
    return GameOption(
        name=field.name,
        kind=kind[0],
        default=cast("OptionValue", default),
        choices=kind[1],
        label=label,
        help=text if text.startswith(kind[1]) else _capital(text),
        when_left_out=left_out if kind[0].startswith("optional") else "",
        notes=notes,
        bounds=bounds,
    )


@functools.cache
def game_options(game: str) -> tuple[GameOption, ...]:
    """The options of ``game``'s configuration, in the order of its fields.

    A field of a type no one can type in (neither a number, a bool, nor a ``Literal`` of
    strings, each perhaps optional) is left out, and so keeps its default.

    Raises:
        UnknownGameError: If no game has that name (a ``KeyError``).

    Example:
        >>> from tricktaking.options import game_options
        >>> [option.name for option in game_options("one-card")]
        ['players', 'first_dealer', 'target']
        >>> game_options("one-card")[2].help, game_options("one-card")[2].bounds[3]
        ('The total a player must reach to win', (1, 1000000))
    """
    config_type = cast("type", get_game(game).config_type)
    if not attrs.has(config_type):
        return ()
    fields = _fields(config_type)
    entries = _entries(config_type.__doc__)
    seats = _seat_counts(config_type, fields)
    found = (_option(config_type, fields, field, entries, seats) for field in fields)
    return tuple(option for option in found if option is not None)


def option_bounds(game: str, name: str, values: Mapping[str, object]) -> tuple[int, int] | None:
    """The bounds of the number ``name`` when the other options are ``values``.

    ``None`` when those options allow no value at all (Oh Hell's ``hand_size`` with a
    schedule) or do not build a configuration whatever ``name`` is. What ``values`` says
    of ``name`` itself is ignored.

    Raises:
        UnknownGameError: If no game has that name (a ``KeyError``).

    Example:
        >>> from tricktaking.options import option_bounds
        >>> option_bounds("wizard", "rounds", {"players": 5})
        (1, 12)
        >>> option_bounds("oh-hell", "hand_size", {"players": 4, "cards_per_suit": 7})
        (1, 6)
        >>> print(option_bounds("oh-hell", "hand_size", {"schedule": "up"}))
        None
    """
    make = cast("Callable[..., object]", get_game(game).config_type)
    base = {key: value for key, value in values.items() if key != name}
    return _bounds_in(make, name, base)


def range_text(bounds: Mapping[int, tuple[int, int]], *, high: int = NO_LIMIT) -> str:
    """The values a number accepts, in words, by number of seats where that matters.

    ``high`` caps every upper bound (a surface may allow less than the configuration).
    A bound of :data:`NO_LIMIT` reads "or more"; the key ``0`` stands for a table whose
    number of seats is fixed.

    Example:
        >>> from tricktaking.options import NO_LIMIT, range_text
        >>> range_text({0: (1, 7)}), range_text({0: (0, NO_LIMIT)})
        ('1 to 7', '0 or more')
        >>> range_text({3: (0, 2), 4: (0, 3)})
        '0 to 2 with 3 players, 3 with 4'
        >>> range_text({0: (1, 1_000_000)}, high=300)
        '1 to 300'
    """

    def one(low: int, top: int) -> str:
        top = min(top, high)
        return f"{low:,} or more" if top >= NO_LIMIT else f"{low:,} to {top:,}"

    ranges = {(low, min(top, high)) for low, top in bounds.values()}
    if len(ranges) <= 1:
        return "" if not ranges else one(*next(iter(ranges)))
    parts: list[str] = []
    first_low: int | None = None
    for players, (low, top) in sorted(bounds.items()):
        if first_low is None:
            parts.append(f"{one(low, top)} with {players} players")
            first_low = low
        elif low == first_low and min(top, high) < NO_LIMIT:
            parts.append(f"{min(top, high):,} with {players}")
        else:
            parts.append(f"{one(low, top)} with {players}")
    return ", ".join(parts)


def seat_option_help(games: tuple[str, ...]) -> str:
    """The number of players each of ``games`` seats, and the one suggested, in words.

    The suggestion is the ``default_players`` of the game's declaration
    (:class:`~tricktaking.engine.Game`; what the command line seats when ``--players`` is
    left out), else the configuration's own default.

    Example:
        >>> from tricktaking.options import seat_option_help
        >>> seat_option_help(("bid-whist", "wizard"))
        'Bid Whist 4, Wizard 3 to 6 (default 4)'
    """
    parts: list[str] = []
    for name in games:
        declared = get_game(name)
        seats = declared.seat_range
        players = next((o for o in game_options(name) if o.name == "players"), None)
        default = declared.default_players or (players.default if players is not None else None)
        if len(seats) == 1:
            parts.append(f"{declared.title} {seats.start}")
        else:
            shown = "" if default is None else f" (default {default})"
            parts.append(f"{declared.title} {seats.start} to {seats.stop - 1}{shown}")
    return ", ".join(parts)
