"""The web tests' shared fixture: a test client of the app that speaks as ``localhost``.

The client lives in ``_served.py`` and is imported only by the fixture, so that without
the ``web`` extra this file still loads and the root conftest reports the web tests as
skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from ._served import LocalClient

Served = Callable[..., AbstractContextManager["LocalClient"]]


@pytest.fixture(name="served")
def served_fixture() -> Served:
    """:func:`~tests.web._served.served`, for tests to call with their own database and limits."""
    from ._served import served

    return served


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``limits`` marker: keyword arguments of a live server's Limits."""
    config.addinivalue_line("markers", "limits(**fields): the live server's Limits")
