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


# Doctests run as they would paste into a fresh REPL: no names are put in scope, every
# example imports what it uses (issue 14). The modules below do not do so yet; until they
# do, their doctests still get the public names, and tests/test_doctest_imports.py fails as
# soon as one of them is fixed, so that it is removed from this list.
NOT_SELF_CONTAINED = frozenset(
    {
        "tricktaking.games.bid_whist",
        "tricktaking.games.one_card",
        "tricktaking.games.wizard",
    }
)


@pytest.fixture(autouse=True)
def _doctest_names(request: pytest.FixtureRequest, doctest_namespace: dict[str, object]) -> None:
    """Put the public names in scope, only in the doctests of the modules listed above."""
    test = getattr(request.node, "dtest", None)
    name = getattr(test, "name", "")
    if not any(name == module or name.startswith(module + ".") for module in NOT_SELF_CONTAINED):
        return
    for public in tricktaking.__all__:
        doctest_namespace[public] = getattr(tricktaking, public)
    doctest_namespace["tt"] = tricktaking
    doctest_namespace["wizard"] = wizard
