"""The hints for a missing extra work before the package is published: from the index and
from a clone."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("extra", "module", "missing"),
    [("web", "tricktaking.web", "starlette"), ("rl", "tricktaking.rl", "pettingzoo")],
)
def test_a_missing_extra_names_both_install_commands(extra: str, module: str, missing: str) -> None:
    code = (
        f"import sys; sys.modules[{missing!r}] = None\n"
        f"try:\n    import {module}\n"
        "except ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert f"pip install 'tricktaking[{extra}]'" in out
    assert f"pip install '.[{extra}]'" in out
