"""Fixtures of the web table tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from tricktaking.web import create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A test client of a fresh in-memory app whose bots move without delay."""
    with TestClient(create_app(":memory:", bot_delay=0)) as test_client:
        yield test_client
