"""The lobby's choices: each game's variant options, read from its configuration class.

The options are those of :mod:`tricktaking.options` (the command line offers the same),
as JSON for the lobby: each has a ``kind`` (``"int"``, ``"optional-int"``, whose empty
value means the default rule, ``"bool"``, ``"choice"`` or ``"optional-choice"``), a
``label`` and a ``help`` text for players that states the accepted range. Every integer
is bounded, so no option can make a game endless: ``min`` and ``max`` are the bounds the
configuration enforces, with ``max`` at most the field's ``max`` metadata, else
``max(100, 10 × default)``.

Example:
    >>> from tricktaking.web.options import build_config, game_options
    >>> [option["name"] for option in game_options("one-card")]
    ['players', 'first_dealer', 'target']
    >>> build_config("one-card", {"players": 3, "target": 5}).target
    5
"""

# pyright: strict
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

import attrs

import tricktaking as tt
from tricktaking.errors import ConfigError
from tricktaking.options import GameOption, OptionKind, range_text
from tricktaking.options import game_options as _options
from tricktaking.views import JSONValue

__all__ = ["DEFAULT_MAX", "OptionKind", "build_config", "game_options", "seat_count"]

DEFAULT_MAX = 100
"""The least upper bound of an integer option whose field gives none."""


def _bounds(game: str, option: GameOption) -> tuple[int, int]:
    """The lobby's bounds of a number: the widest the configuration accepts, capped."""
    config_type = cast("type[attrs.AttrsInstance]", tt.get_game(game).config_type)
    metadata = attrs.fields_dict(config_type)[option.name].metadata
    default = option.default if type(option.default) is int else 0
    cap = int(cast("int", metadata.get("max", max(DEFAULT_MAX, 10 * default))))
    low = min(low for low, _ in option.bounds.values())
    high = max(high for _, high in option.bounds.values())
    return low, min(high, cap)


def _help(option: GameOption, high: int) -> str:
    """The option's help as the lobby shows it: meaning, range, what leaving it empty does."""
    text = option.help
    if option.bounds:
        text += f": {range_text(option.bounds, high=high)}"
    if option.when_left_out:
        how = "to" if option.when_left_out.startswith("draw ") else "for"
        text += f"; leave it empty {how} {option.when_left_out}"
    text += "".join(f". {note.rstrip('.')}" for note in option.notes)
    return text.replace("Leave it out", "Leave it empty") + "."


def game_options(game: str) -> list[dict[str, JSONValue]]:
    """The options of ``game``'s configuration: name, kind, default, choices, label, help.

    Integer options also have their ``min`` and ``max``; the help states the same range.

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
        >>> rounds = game_options("wizard")[2]
        >>> rounds["min"], rounds["max"]
        (1, 20)
        >>> print(rounds["help"])  # doctest: +NORMALIZE_WHITESPACE
        The number of rounds to play, with their normal hand sizes: 1 to 20 with 3 players,
        15 with 4, 12 with 5, 10 with 6; leave it empty for the full game.
        >>> [option["kind"] for option in game_options("oh-hell") if option["name"] == "schedule"]
        ['optional-choice']
    """
    options: list[dict[str, JSONValue]] = []
    for option in _options(game):
        entry: dict[str, JSONValue] = {
            "name": option.name,
            "kind": option.kind,
            "default": option.default,
            "choices": list(option.choices),
            "label": option.label,
        }
        high = 0
        if option.bounds:
            entry["min"], entry["max"] = _, high = _bounds(game, option)
        entry["help"] = _help(option, high)
        options.append(entry)
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
        tricktaking.errors.ConfigError: option 'target' must be 1 to 300, not 1000000000
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
