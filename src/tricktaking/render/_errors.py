"""The error of the renderer."""

from __future__ import annotations

from tricktaking.errors import ArgumentError

__all__ = ["RenderError"]


class RenderError(ArgumentError):
    """The input cannot be drawn: not a view, bad seat names, an unfinished deal.

    Example:
        >>> from tricktaking.render import RenderError, svg
        >>> try:
        ...     svg("not a view")
        ... except RenderError as error:
        ...     print(error)
        'not a view' is not a player view (it has no to_dict())
    """
