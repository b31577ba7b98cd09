"""Pytest configuration shared by the tests and the doctests."""

from __future__ import annotations

import doctest
import fnmatch
import importlib.util
import os
import re
from collections.abc import Generator, Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# Doctests run as they would paste into a fresh REPL: no names are put in scope, every
# example imports what it uses (tests/test_doctest_imports.py checks it).


# The parts of the suite that need an optional extra: the modules they import, and the
# install that brings them. Without those, a plain install (pip install -e . pytest
# hypothesis) reports these files as skipped, naming the install, instead of failing to
# collect them.
_BATCH = ("numpy", "numba")
_RL = ("numpy", "gymnasium", "pettingzoo")
_WEB = ("starlette", "uvicorn", "websockets")
_NEEDS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # the compiled code: the batch and solver packages, the kernels and the solver rules
    ("src/tricktaking/batch", _BATCH, "pip install -e '.[batch]'"),
    ("src/tricktaking/solver", _BATCH, "pip install -e '.[batch]'"),
    ("src/tricktaking/*kernel*.py", _BATCH, "pip install -e '.[batch]'"),
    ("src/tricktaking/games/*/_kernel.py", _BATCH, "pip install -e '.[batch]'"),
    ("src/tricktaking/games/*_solver.py", _BATCH, "pip install -e '.[batch]'"),
    ("tests/batch", _BATCH, "pip install -e '.[batch]'"),
    ("tests/solver", _BATCH, "pip install -e '.[batch]'"),
    ("src/tricktaking/rl", _RL, "pip install -e '.[rl]'"),
    ("tests/test_rl*.py", _RL, "pip install -e '.[rl]'"),
    ("src/tricktaking/web", _WEB, "pip install -e '.[web]'"),
    ("tests/web", (*_WEB, "httpx2"), "pip install -e '.[test]'"),
    # Stable-Baselines3 is no extra of ours: sb3-contrib brings it (and PyTorch)
    ("src/tricktaking/batch/sb3.py", ("stable_baselines3",), "pip install sb3-contrib"),
)
_ROOT = Path(__file__).resolve().parent


def _missing_extra(path: Path) -> str | None:
    """Why ``path`` cannot run here (a module of its extra is missing), or ``None``."""
    where = path.relative_to(_ROOT).as_posix() if path.is_relative_to(_ROOT) else ""
    for part, modules, install in _NEEDS:
        if fnmatch.fnmatch(where, part) or fnmatch.fnmatch(where, f"{part}/*"):
            missing = [name for name in modules if importlib.util.find_spec(name) is None]
            if missing:
                return f"needs {', '.join(missing)}: {install}"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport | None:
    """Report a file whose extra is missing as skipped, before pytest imports it."""
    if not isinstance(collector, pytest.File):
        return None
    reason = _missing_extra(collector.path)
    if reason is None:
        return None
    return pytest.CollectReport(
        collector.nodeid, "skipped", (str(collector.path), 0, f"Skipped: {reason}"), []
    )


# A test elsewhere that reaches an extra (a docstring check over every module, an example,
# a how-to's doctest, a Dask cluster) fails on the missing module itself, or on the
# package's own guard, whose message names the extra. Without that extra installed, such
# a failure is a skip; with it installed (as ./tools/test installs them all) nothing is
# converted, so no real failure is hidden.
_EXTRA_MODULES = {
    "batch": _BATCH,
    "rl": _RL,
    "web": _WEB,
    "dask": ("dask", "distributed"),
    "test": ("httpx2", "playwright"),
    # not an extra: the Stable-Baselines3 route of the batch how-to (pip install sb3-contrib)
    "sb3": ("sb3_contrib", "stable_baselines3", "torch"),
}
_NOT_AN_EXTRA = "sb3"
_GUARD = re.compile(r"pip install '\.\[(\w+)\]'")


def _absent(modules: Iterable[str]) -> list[str]:
    return [name for name in modules if importlib.util.find_spec(name) is None]


def _missing_extra_of(error: BaseException | None) -> tuple[str, str] | None:
    """The absent optional module behind ``error`` (or its causes) and its extra, or ``None``.

    A page of doctests run with ``--doctest-continue-on-failure`` fails many times after
    a missing module (each later example lacks a name the import would have bound): the
    first failure is the one that counts.
    """
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        failures = getattr(error, "failures", None)  # pytest's MultipleDoctestFailures
        if isinstance(failures, list) and failures:
            error = failures[0]
            continue
        if isinstance(error, doctest.UnexpectedException):
            error = error.exc_info[1]
            continue
        if isinstance(error, ModuleNotFoundError) and error.name:
            top = error.name.partition(".")[0]
            for extra, modules in _EXTRA_MODULES.items():
                if top in modules and _absent([top]):
                    return top, extra
        if isinstance(error, ImportError) and (guard := _GUARD.search(str(error))):
            absent = _absent(_EXTRA_MODULES.get(guard.group(1), ()))
            if absent:
                return absent[0], guard.group(1)
        error = error.__cause__ or error.__context__
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Report a test that failed only for a missing optional module as skipped."""
    report = yield
    if report.failed and call.excinfo is not None:
        missing = _missing_extra_of(call.excinfo.value)
        if missing is not None:
            module, extra = missing
            report.outcome = "skipped"
            path, line, _ = item.location
            reason = (
                f"Skipped: needs {module}: pip install sb3-contrib"
                if extra == _NOT_AN_EXTRA
                else f"Skipped: needs {module}, from the optional extra {extra!r}: "
                f"pip install -e '.[{extra}]'"
            )
            report.longrepr = (path, (line or 0) + 1, reason)
    return report


@pytest.fixture(autouse=True)
def _docs_run_from_the_repository(request: pytest.FixtureRequest) -> None:
    """Run a page of the docs from the repository's root, wherever pytest was started.

    A reader runs the examples from a clone's root (``examples/high_card.py``).
    """
    path = Path(str(request.node.path))
    if path.suffix == ".md" and path.is_relative_to(_ROOT / "docs"):
        request.getfixturevalue("monkeypatch").chdir(_ROOT)
