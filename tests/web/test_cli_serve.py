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

    calls: list[tuple[object, ...]] = []

    def serve(
        host: str,
        port: int,
        db: str,
        *,
        expose: bool,
        allow_hosts: list[str],
        origins: list[str],
        trusted_proxies: list[str],
    ) -> None:
        calls.append((host, port, db, expose, allow_hosts, origins, trusted_proxies))

    monkeypatch.setattr(server, "serve", serve)
    assert main(["serve", "--port", "8123", "--db", "x.sqlite3"]) == 0
    assert main(["serve", "--host", "0.0.0.0", "--expose", "--allow-host", "cards.lan"]) == 0
    proxied = ["--origin", "https://cards.example", "--trusted-proxy", "127.0.0.1"]
    assert main(["serve", *proxied, "--trusted-proxy", "10.0.0.0/8"]) == 0
    assert calls == [
        ("127.0.0.1", 8123, "x.sqlite3", False, [], [], []),
        ("0.0.0.0", 8000, server.DEFAULT_DB, True, ["cards.lan"], [], []),
        (
            "127.0.0.1", 8000, server.DEFAULT_DB, False, [],
            ["https://cards.example"], ["127.0.0.1", "10.0.0.0/8"],
        ),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [("--origin", "cards.example", "scheme://host"), ("--trusted-proxy", "a.b", "IP address")],
)
def test_a_bad_origin_or_proxy_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], option: str, value: str, said: str
) -> None:
    assert main(["serve", option, value, "--port", "1"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and said in error and error.count("\n") == 1


def test_a_non_loopback_host_needs_expose(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--port", "1"]) == 2
    assert "pass --expose" in capsys.readouterr().err


def test_the_exposure_notice_says_what_is_exposed() -> None:
    from tricktaking.web.guard import Guard
    from tricktaking.web.server import exposure_notice

    open_notice = exposure_notice("0.0.0.0", 8000, Guard(hosts=["cards.lan"]))
    assert "ANYONE" in open_notice and "cards.lan" in open_notice and "TLS" in open_notice
    assert "needs the table secret" in exposure_notice("0.0.0.0", 8000, Guard(secret="x"))
