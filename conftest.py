"""Pytest configuration shared by the tests and the doctests."""

from __future__ import annotations

import importlib.util
import os
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
_RL = ("numpy", "gymnasium", "pettingzoo")
_WEB = ("starlette", "uvicorn", "websockets")
_NEEDS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("src/tricktaking/rl", _RL, ".[rl]"),
    ("tests/test_rl.py", _RL, ".[rl]"),
    ("src/tricktaking/web", _WEB, ".[web]"),
    ("tests/web", (*_WEB, "httpx2"), ".[test]"),
)
_ROOT = Path(__file__).resolve().parent


def _missing_extra(path: Path) -> str | None:
    """Why ``path`` cannot run here (a module of its extra is missing), or ``None``."""
    for part, modules, install in _NEEDS:
        if path.is_relative_to(_ROOT / part):
            missing = [name for name in modules if importlib.util.find_spec(name) is None]
            if missing:
                return f"needs {', '.join(missing)}: pip install -e '{install}'"
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
