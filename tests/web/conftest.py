"""The web tests' shared fixture: a test client of the app that speaks as ``localhost``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from tricktaking.web import create_app
from tricktaking.web.limits import Limits

BASE = "http://localhost"


class LocalClient(TestClient):
    """A test client whose requests and sockets name the ``localhost`` host."""

    def websocket_connect(
        self, url: str, subprotocols: Any = None, **kwargs: Any
    ) -> WebSocketTestSession:
        absolute = url if "://" in url else "ws://localhost" + url
        return super().websocket_connect(absolute, subprotocols, **kwargs)


@contextmanager
def served(db: str | Path = ":memory:", limits: Limits | None = None) -> Iterator[LocalClient]:
    """A test client of a fresh app whose bots move without delay (searches in threads)."""
    app = create_app(db, bot_delay=0, limits=limits, processes=False)
    with LocalClient(app, BASE) as client:
        yield client


Served = Callable[..., AbstractContextManager[LocalClient]]


@pytest.fixture(name="served")
def served_fixture() -> Served:
    """:func:`served`, for tests to call with their own database and limits."""
    return served


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``limits`` marker: keyword arguments of a live server's Limits."""
    config.addinivalue_line("markers", "limits(**fields): the live server's Limits")
