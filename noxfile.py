#!/usr/bin/env -S uv run --script
# /// script
# dependencies = ["nox>=2025.10.14"]
# ///
"""Nox sessions: the checks of ``./tools/test``, one job per session.

``nox`` (or ``./noxfile.py`` with uv, or ``python noxfile.py``) runs them all;
``nox -s lint``, ``nox -s types``, ``nox -s tests-3.12`` or ``nox -s docs`` one of them;
``nox -s tests -- -k parse`` passes arguments to pytest. ``./tools/test`` stays the
single command CI runs; these sessions are for a contributor who prefers nox's isolated
environments.
"""

from __future__ import annotations

import nox

nox.needs_version = ">=2025.10.14"
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True

PYTHONS = ["3.11", "3.12", "3.13"]
CHECKED = [
    "src",
    "tests",
    "examples",
    "benchmarks",
    "conftest.py",
    "docs/conf.py",
    "noxfile.py",
    "tools/doc_examples.py",
]


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff's lint rules and its formatting, as ``./tools/test`` checks them."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def types(session: nox.Session) -> None:
    """``mypy --strict`` over the whole tree, pyright strict on ``src`` and its public API."""
    session.install("-e", ".[dev]")
    session.run("mypy", "--strict", *CHECKED)
    session.run("python", "tools/doc_examples.py")  # the docs' examples, as readers paste them
    session.run("pyright", "src")
    session.run("pyright", "--verifytypes", "tricktaking", "--ignoreexternal")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The test suite with its doctests on one Python; arguments after ``--`` go to pytest."""
    session.install("-e", ".[test]")
    session.run("pytest", "-q", "-p", "no:cacheprovider", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation site, warnings as errors, into ``docs/_build/html``."""
    session.install("-e", ".[dev]")
    session.run(
        "sphinx-build",
        "-W",
        "--keep-going",
        "-n",
        "-q",
        "-E",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
    )


if __name__ == "__main__":
    nox.main()
