"""``tricktaking serve``: the command, and its message when the web extra is missing."""

from __future__ import annotations

import sys

import pytest

from tricktaking.cli import main


def test_serve_without_the_extra_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tricktaking.web", None)  # importing it now fails
    assert main(["serve"]) == 2
    assert capsys.readouterr().err == (
        "error: tricktaking serve needs the web extra: pip install 'tricktaking[web]'\n"
    )


def test_serve_passes_its_options_to_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaking.web import server

    calls: list[tuple[str, int, str]] = []
    monkeypatch.setattr(server, "serve", lambda host, port, db: calls.append((host, port, db)))
    assert main(["serve", "--port", "8123", "--db", "x.sqlite3"]) == 0
    assert main(["serve"]) == 0
    assert calls == [("127.0.0.1", 8123, "x.sqlite3"), ("127.0.0.1", 8000, server.DEFAULT_DB)]
