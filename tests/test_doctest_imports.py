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
from types import ModuleType

import pytest

import tricktaking

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


def _failures(module: ModuleType) -> list[str]:
    failed = []
    finder = doctest.DocTestFinder(exclude_empty=True)
    for test in finder.find(module, module.__name__, globs={}):
        runner = doctest.DocTestRunner(optionflags=_FLAGS)
        with contextlib.redirect_stdout(io.StringIO()):
            result = runner.run(test, out=lambda _: None)
        if result.failed:
            failed.append(test.name)
    return failed


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run_in_an_empty_namespace(name: str) -> None:
    failed = _failures(importlib.import_module(name))
    assert failed == [], f"these examples use names they do not import: {failed}"
