"""What a newcomer meets first: the README's two set-up commands, the contributor's guide,
the test script's modes, and an sdist that runs its own tests."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_has_exactly_two_set_up_commands_play_and_test() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n(.*?)```", readme, flags=re.DOTALL)
    assert len(blocks) == 2
    play, test = (block.strip() for block in blocks)
    assert "pip install" in play and "tricktaking play" in play
    assert test == "./tools/test"
    assert "pip install -e '.[dev]'" in readme and "--quick" in readme


def test_the_test_script_documents_its_quick_mode_and_pytest_arguments() -> None:
    out = subprocess.run(
        [str(ROOT / "tools" / "test"), "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "--quick" in out and "-- ARGS" in out
    wrong = subprocess.run(
        [str(ROOT / "tools" / "test"), "--no-such-option"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert wrong.returncode == 2 and "pytest arguments go after --" in wrong.stderr


def test_the_contributors_guide_explains_the_layout_and_the_checks() -> None:
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "## Layout" in guide and "## The checks" in guide
    assert "./tools/test --quick" in guide and "tests/test_architecture.py" in guide


def test_the_sdist_holds_what_its_tests_need() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = set(config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
    assert {"conftest.py", "tests", "tools", "src", "docs"} <= included
