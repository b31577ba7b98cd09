"""Pytest configuration shared by the tests and the doctests."""

from __future__ import annotations

import os

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
# example imports what it uses (issue 14; tests/test_doctest_imports.py checks it).
