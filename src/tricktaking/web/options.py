"""The lobby's choices: each game's variant options, read from its configuration class.

A game's options are the fields of its registered configuration class (``attrs``), so a
new game or variant appears in the lobby without changes here. Each option has a kind:
``"int"``, ``"optional-int"`` (empty means the default rule), ``"bool"``, ``"choice"``
(a ``Literal`` of strings) or ``"optional-choice"`` (one of them, or ``None`` for the default
rule), a ``label`` and a ``help`` text (the field's ``label`` and
``help`` metadata, else its name in words and its line under ``Args:`` in the class
docstring). Every integer is bounded: ``min`` and ``max`` come from the field's metadata,
else ``0`` and ``max(100, 10 × default)``, so no option can make a game endless.

Example:
    >>> from tricktaking.web.options import build_config, game_options
    >>> [option["name"] for option in game_options("one-card")]
    ['players', 'first_dealer', 'target']
    >>> build_config("one-card", {"players": 3, "target": 5}).target
    5
"""

# pyright: strict
from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from typing import Literal, cast

import attrs

import tricktaking as tt
from tricktaking.errors import ConfigError
from tricktaking.views import JSONValue

__all__ = ["DEFAULT_MAX", "OptionKind", "build_config", "game_options", "seat_count"]

DEFAULT_MAX = 100
"""The least upper bound of an integer option whose field gives none."""

OptionKind = Literal["int", "optional-int", "bool", "choice", "optional-choice"]
"""How the lobby asks for an option."""


def _kind(annotation: object) -> tuple[OptionKind, list[JSONValue]] | None:
    if annotation is bool:
        return "bool", []
    if annotation is int:
        return "int", []
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is Literal and all(isinstance(value, str) for value in arguments):
        return "choice", list(arguments)
    if origin in (typing.Union, types.UnionType) and set(arguments) == {int, type(None)}:
        return "optional-int", []
    if origin in (typing.Union, types.UnionType) and type(None) in arguments:
        chosen = [_kind(member) for member in arguments if member is not type(None)]
        if len(chosen) == 1 and chosen[0] is not None and chosen[0][0] == "choice":
            return "optional-choice", chosen[0][1]
    return None


def _fields(game: str) -> tuple[attrs.Attribute[object], ...]:
    config_type = cast("type[attrs.AttrsInstance]", tt.get_game(game).config_type)
    attrs.resolve_types(config_type)
    return cast("tuple[attrs.Attribute[object], ...]", attrs.fields(config_type))


def _help_texts(config_type: type) -> dict[str, str]:
    """Each ``Args:`` entry of a Google-style class docstring, as one line."""
    texts: dict[str, str] = {}
    lines = (config_type.__doc__ or "").splitlines()
    inside, name, indent = False, "", 0
    for line in lines:
        stripped = line.strip()
        if stripped == "Args:":
            inside, indent = True, len(line) - len(line.lstrip())
            continue
        if not inside:
            continue
        depth = len(line) - len(line.lstrip())
        if stripped and depth <= indent:
            break  # the next section
        head, colon, rest = stripped.partition(":")
        if colon and depth == indent + 4 and head.isidentifier():
            name = head
            texts[name] = rest.strip()
        elif stripped and name:
            texts[name] += " " + stripped
    return {key: value.replace("``", "") for key, value in texts.items()}


def _bounds(field: attrs.Attribute[object]) -> tuple[int, int]:
    low = field.metadata.get("min", 0)
    default = field.default if isinstance(field.default, int) else 0
    high = field.metadata.get("max", max(DEFAULT_MAX, 10 * default))
    return int(cast("int", low)), int(cast("int", high))


def game_options(game: str) -> list[dict[str, JSONValue]]:
    """The options of ``game``'s configuration: name, kind, default, choices, label, help.

    Integer options also have their ``min`` and ``max``.

    Options of a type the lobby cannot ask for are left at their defaults.

    Raises:
        KeyError: If no game has that name.

    Example:
        >>> from tricktaking.web.options import game_options
        >>> option = game_options("wizard")[3]
        >>> option["name"], option["kind"], option["default"], option["choices"]
        ('bid_rule', 'choice', 'free', ['free', 'hook'])
        >>> option["label"]
        'Bid rule'
        >>> game_options("wizard")[1]["min"], game_options("wizard")[1]["max"]
        (0, 100)
        >>> [option["kind"] for option in game_options("oh-hell") if option["name"] == "schedule"]
        ['optional-choice']
    """
    helps = _help_texts(cast("type", tt.get_game(game).config_type))
    options: list[dict[str, JSONValue]] = []
    for field in _fields(game):
        kind = _kind(field.type)
        if kind is None or not field.init:
            continue
        default = field.default if field.default is not attrs.NOTHING else None
        option: dict[str, JSONValue] = {
            "name": field.name,
            "kind": kind[0],
            "default": cast("JSONValue", default),
            "choices": kind[1],
            "label": str(field.metadata.get("label", field.name.replace("_", " ").capitalize())),
            "help": str(field.metadata.get("help", helps.get(field.name, ""))),
        }
        if kind[0] in ("int", "optional-int"):
            option["min"], option["max"] = _bounds(field)
        options.append(option)
    return options


def _value(option: Mapping[str, JSONValue], value: object) -> object:
    name = option["name"]
    kind = cast("OptionKind", option["kind"])
    choices = cast("list[JSONValue]", option["choices"])
    if kind in ("optional-int", "optional-choice") and value is None:
        return None
    if kind in ("int", "optional-int"):
        if type(value) is not int:
            raise ConfigError(f"option {name!r} must be an integer")
        low, high = cast("int", option["min"]), cast("int", option["max"])
        if not low <= value <= high:
            raise ConfigError(f"option {name!r} must be {low} to {high}, not {value}")
    if kind == "bool" and not isinstance(value, bool):
        raise ConfigError(f"option {name!r} must be true or false")
    if kind in ("choice", "optional-choice") and value not in choices:
        raise ConfigError(f"option {name!r} must be one of {choices}")
    return value


def build_config(game: str, values: Mapping[str, object]) -> object:
    """``game``'s configuration from lobby values (options left out take their defaults).

    Raises:
        KeyError: If no game has that name.
        ConfigError: If an option is unknown, of the wrong type or invalid for the game.

    Example:
        >>> from tricktaking.web.options import build_config
        >>> build_config("wizard", {"players": 3, "rounds": None}).players
        3
        >>> build_config("wizard", {"players": "3"})
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: option 'players' must be an integer
        >>> build_config("one-card", {"target": 10**9})
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: option 'target' must be 0 to 300, not 1000000000
    """
    known = {str(option["name"]): option for option in game_options(game)}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ConfigError(f"unknown option(s) for {game}: {', '.join(unknown)}")
    arguments = {name: _value(known[name], value) for name, value in values.items()}
    make = cast("Callable[..., object]", tt.get_game(game).config_type)
    try:
        return make(**arguments)
    except TypeError as error:
        raise ConfigError(f"invalid {game} options: {error}") from error


def seat_count(config: object) -> int:
    """The number of seats a configuration plays with.

    Example:
        >>> from tricktaking.web.options import build_config, seat_count
        >>> seat_count(build_config("bid-whist", {}))
        4
    """
    return len(tt.scores(tt.new_game(config)))
