"""The optional extras, and the error for a module used without the packages of its extra.

Some modules need more than the base install: NumPy and numba for the batch layer
(``batch``), Gymnasium and PettingZoo for the learning environments (``rl``), Starlette
and uvicorn for the web table (``web``), Dask for simulations on a cluster (``dask``).
Such a module first asks :func:`missing_modules` for those packages and raises a
:class:`MissingExtraError` that names the extra and both ways to install it, so a user
reads what to do instead of a bare ``ModuleNotFoundError``::

    if missing_modules("numba", "numpy"):
        raise MissingExtraError(__name__, "batch")

Example:
    >>> from tricktaking.extras import MissingExtraError
    >>> error = MissingExtraError("tricktaking.batch", "batch")
    >>> print(error)  # doctest: +NORMALIZE_WHITESPACE
    tricktaking.batch needs the optional extra 'batch' (numba, numpy): pip install
    'tricktaking[batch]' (from a clone of the repository: pip install '.[batch]')
    >>> isinstance(error, ImportError), error.extra
    (True, 'batch')
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import re

from tricktaking.errors import TricktakingError

__all__ = ["MissingExtraError", "extra_packages", "missing_modules"]

_DISTRIBUTION = "tricktaking"


@functools.cache
def extra_packages(extra: str) -> tuple[str, ...]:
    """The packages that ``pip install 'tricktaking[extra]'`` adds, from the install's metadata.

    Empty when the package's metadata cannot be read (run from a source tree that was
    never installed) or names no such extra.

    Example:
        >>> from tricktaking.extras import extra_packages
        >>> extra_packages("web")
        ('starlette', 'uvicorn', 'websockets')
        >>> extra_packages("no-such-extra")
        ()
    """
    try:
        requirements = importlib.metadata.requires(_DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - always installed here
        return ()
    found: list[str] = []
    for requirement in requirements:
        name, _, marker = requirement.partition(";")
        if re.search(rf"""extra\s*==\s*["']{re.escape(extra)}["']""", marker):
            package = re.split(r"[\s<>=!~\[;(]", name.strip(), maxsplit=1)[0]
            if not package.startswith(_DISTRIBUTION):
                found.append(package)
    return tuple(dict.fromkeys(found))


def missing_modules(*modules: str) -> tuple[str, ...]:
    """Those of ``modules`` (top-level import names) that cannot be imported, in order.

    Found without importing them; a module set to ``None`` in ``sys.modules`` counts as
    missing, as the import system treats it.

    Args:
        modules: Top-level import names, such as ``"numpy"``.

    Example:
        >>> from tricktaking.extras import missing_modules
        >>> missing_modules("json", "no_such_module_here")
        ('no_such_module_here',)
    """
    return tuple(module for module in modules if importlib.util.find_spec(module) is None)


class MissingExtraError(TricktakingError, ImportError):
    """A module was imported without the packages of the optional extra it needs.

    It is an ``ImportError`` (code that tries an optional module catches it as one) whose
    message names the extra, its packages and both install commands.

    Args:
        module: The module that needs the extra (its ``__name__``).
        extra: The extra's name in ``pyproject.toml`` (``"batch"``).

    Example:
        >>> from tricktaking.extras import MissingExtraError
        >>> MissingExtraError("tricktaking.web", "web").extra
        'web'
    """

    def __init__(self, module: str, extra: str) -> None:
        packages = extra_packages(extra)
        needs = f" ({', '.join(packages)})" if packages else ""
        super().__init__(
            f"{module} needs the optional extra {extra!r}{needs}: "
            f"pip install 'tricktaking[{extra}]' "
            f"(from a clone of the repository: pip install '.[{extra}]')",
            name=module,
        )
        self.extra = extra
