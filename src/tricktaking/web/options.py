"""The lobby's choices: each game's variant options, read from its configuration class.

A game's options are the fields of its registered configuration class (``attrs``), so a
new game or variant appears in the lobby without changes here. Each option has a kind:
``"int"``, ``"optional-int"`` (empty means the default rule), ``"bool"`` or ``"choice"``
(a ``Literal`` of strings).

Example:
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

__all__ = ["OptionKind", "build_config", "game_options", "seat_count"]

OptionKind = Literal["int", "optional-int", "bool", "choice"]
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
    return None


def _fields(game: str) -> tuple[attrs.Attribute[object], ...]:
    config_type = cast("type[attrs.AttrsInstance]", tt.get_game(game).config_type)
    attrs.resolve_types(config_type)
    return cast("tuple[attrs.Attribute[object], ...]", attrs.fields(config_type))


def game_options(game: str) -> list[dict[str, JSONValue]]:
    """The options of ``game``'s configuration: name, kind, default and choices.

    Options of a type the lobby cannot ask for are left at their defaults.

    Raises:
        KeyError: If no game has that name.

    Example:
        >>> game_options("wizard")[3]
        {'name': 'bid_rule', 'kind': 'choice', 'default': 'free', 'choices': ['free', 'hook']}
    """
    options: list[dict[str, JSONValue]] = []
    for field in _fields(game):
        kind = _kind(field.type)
        if kind is None or not field.init:
            continue
        default = field.default if field.default is not attrs.NOTHING else None
        options.append(
            {
                "name": field.name,
                "kind": kind[0],
                "default": cast("JSONValue", default),
                "choices": kind[1],
            }
        )
    return options


def _value(name: str, kind: OptionKind, choices: list[JSONValue], value: object) -> object:
    if kind == "optional-int" and value is None:
        return None
    if kind in ("int", "optional-int") and (type(value) is not int):
        raise ConfigError(f"option {name!r} must be an integer")
    if kind == "bool" and not isinstance(value, bool):
        raise ConfigError(f"option {name!r} must be true or false")
    if kind == "choice" and value not in choices:
        raise ConfigError(f"option {name!r} must be one of {choices}")
    return value


def build_config(game: str, values: Mapping[str, object]) -> object:
    """``game``'s configuration from lobby values (options left out take their defaults).

    Raises:
        KeyError: If no game has that name.
        ConfigError: If an option is unknown, of the wrong type or invalid for the game.

    Example:
        >>> build_config("wizard", {"players": 3, "rounds": None}).players
        3
        >>> build_config("wizard", {"players": "3"})
        Traceback (most recent call last):
        ...
        tricktaking.errors.ConfigError: option 'players' must be an integer
    """
    known = {str(option["name"]): option for option in game_options(game)}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ConfigError(f"unknown option(s) for {game}: {', '.join(unknown)}")
    arguments = {
        name: _value(
            name,
            cast("OptionKind", known[name]["kind"]),
            cast("list[JSONValue]", known[name]["choices"]),
            value,
        )
        for name, value in values.items()
    }
    make = cast("Callable[..., object]", tt.get_game(game).config_type)
    try:
        return make(**arguments)
    except TypeError as error:
        raise ConfigError(f"invalid {game} options: {error}") from error


def seat_count(config: object) -> int:
    """The number of seats a configuration plays with.

    Example:
        >>> seat_count(build_config("bid-whist", {}))
        4
    """
    return len(tt.scores(tt.new_game(config)))
