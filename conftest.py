"""Pytest configuration shared by the tests and the doctests."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import tricktaking
from tricktaking.games import wizard

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


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    """Put every public name of tricktaking in scope in doctests."""
    for name in tricktaking.__all__:
        doctest_namespace[name] = getattr(tricktaking, name)
    doctest_namespace["tt"] = tricktaking
    doctest_namespace["wizard"] = wizard
