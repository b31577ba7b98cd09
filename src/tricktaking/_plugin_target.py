"""The plug-in a game's declaration names by its target, ``module:attribute``."""

from __future__ import annotations

import importlib

from tricktaking.errors import ArgumentTypeError

__all__ = ["imported_plugin"]


def imported_plugin(where: str, kind: type, what: str) -> object:
    """What ``where`` (``module:attribute``) names, imported, if it is a ``kind``.

    It is typed ``object``: the type arguments of a generic ``kind`` are the caller's to say.

    Raises:
        ArgumentTypeError: If it is not; the message says it was to be ``what``.
    """
    module, _, attribute = where.partition(":")
    found: object = getattr(importlib.import_module(module), attribute)
    if not isinstance(found, kind):
        raise ArgumentTypeError(f"{where} ({what}) is not a {kind.__name__}")
    return found
