"""Every script in examples/ runs to completion."""

from __future__ import annotations

import importlib.util
import io
import runpy
import sys
from pathlib import Path

import pytest

from tricktaking import engine

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))

ARGUMENTS = {
    "terminal_frontend": ["5"],
    "web_frontend": ["--self-test"],
    "tournament": ["6", "--jobs", "2"],
    "train_reinforce": ["--quick"],
    "train_maskable_ppo": ["--quick"],
}
EXPECTED = {
    "terminal_frontend": "final scores",
    "web_frontend": "final scores",
    "tournament": "Bid Whist: 6 games",
    "records_roundtrip": "tampered record rejected at action 3",
    "random_game": "winners",
    "train_reinforce": "win rate after training",
    "high_card": "winners",
    "plain_whist": "win rate",
    "train_maskable_ppo": "after 256 steps",
}
# Examples that need a package outside the project's extras: tools/test installs
# sb3-contrib and the CPU build of torch into the Python 3.11 environment only.
NEEDS = {"train_maskable_ppo": "sb3_contrib"}


def test_every_example_is_exercised() -> None:
    assert {path.stem for path in EXAMPLES} == set(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_example_runs(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    needed = NEEDS.get(path.stem)
    if needed is not None and importlib.util.find_spec(needed) is None:
        pytest.skip(f"{path.name} needs {needed} (pip install sb3-contrib), not installed here")
    for registry in ("_GAMES", "_BY_STATE", "_BY_CONFIG", "_BY_VIEW", "_BY_ACTION", "_RULES"):
        # an example may register a game of its own; the registry is restored after it
        monkeypatch.setattr(engine, registry, dict(getattr(engine, registry)))
    monkeypatch.setattr(sys, "argv", [str(path), *ARGUMENTS.get(path.stem, [])])
    monkeypatch.setattr(sys, "stdin", io.StringIO("bid 9\nnonsense\n"))
    runpy.run_path(str(path), run_name="__main__")
    assert EXPECTED[path.stem] in capsys.readouterr().out
