"""Every doctest imports what it uses, so each example pastes into a fresh REPL.

pytest runs the doctests of ``docs/*.md`` with an empty namespace (``conftest.py`` puts no
names in scope for them). This test runs every docstring example of the package with an
empty namespace too, not the module's globals, which pytest's doctest runner provides.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
from collections.abc import Callable
from types import ModuleType, TracebackType

import pytest

import tricktaking
from tricktaking.extras import MissingExtraError

_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(tricktaking.__path__, "tricktaking."):
        try:
            importlib.import_module(info.name)
        except ImportError:  # a subpackage whose optional extra is not installed
            continue
        names.append(info.name)
    return sorted(names)


class _Runner(doctest.DocTestRunner):
    """A doctest runner that keeps the first optional extra an example found missing."""

    missing: MissingExtraError | None = None

    def report_unexpected_exception(
        self,
        out: Callable[[str], object],
        test: doctest.DocTest,
        example: doctest.Example,
        exc_info: tuple[type[BaseException], BaseException, TracebackType],
    ) -> None:
        if isinstance(exc_info[1], MissingExtraError) and self.missing is None:
            self.missing = exc_info[1]
        super().report_unexpected_exception(out, test, example, exc_info)


def _failures(module: ModuleType) -> tuple[list[str], MissingExtraError | None]:
    """The examples of ``module`` that fail, and the missing extra behind a failure."""
    failed = []
    missing = None
    finder = doctest.DocTestFinder(exclude_empty=True)
    for test in finder.find(module, module.__name__, globs={}):
        runner = _Runner(optionflags=_FLAGS)
        with contextlib.redirect_stdout(io.StringIO()):
            result = runner.run(test, out=lambda _: None)
        if result.failed:
            failed.append(test.name)
            missing = missing or runner.missing
    return failed, missing


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run_in_an_empty_namespace(name: str) -> None:
    failed, missing = _failures(importlib.import_module(name))
    if failed and missing is not None:  # only where that extra is not installed
        pytest.skip(str(missing))
    assert failed == [], f"these examples use names they do not import: {failed}"
