"""Every public module imports without its extra or says which extra to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tricktaking.extras import MissingExtraError, extra_packages

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tricktaking"

# In a process where no optional package can be imported, as after a plain install, import
# every public module of the package; report what each import raised.
CODE = """
import importlib, sys
for name in ("numpy", "gymnasium", "pettingzoo", "starlette", "uvicorn", "websockets",
             "dask", "distributed"):
    sys.modules[name] = None
for module in sys.argv[1:]:
    try:
        importlib.import_module(module)
    except ImportError as error:
        print(f"{module}\\t{type(error).__name__}\\t{error}")
    else:
        print(f"{module}\\tok\\t")
"""


def public_modules() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("tricktaking", *path.relative_to(PACKAGE).with_suffix("").parts)
        if any(part.startswith("_") and part != "__init__" for part in parts):
            continue
        names.append(".".join(parts).removesuffix(".__init__"))
    return names


def test_every_public_module_needing_an_extra_names_it() -> None:
    modules = public_modules()
    run = subprocess.run(
        [sys.executable, "-c", CODE, *modules], capture_output=True, text=True, check=True
    )
    outcomes = [line.split("\t", 2) for line in run.stdout.splitlines()]
    assert [module for module, _, _ in outcomes] == modules
    failed = [(module, kind, text) for module, kind, text in outcomes if kind != "ok"]
    assert failed, "some modules need an extra"
    for module, kind, text in failed:
        assert kind != "ModuleNotFoundError", (module, text)
        assert "needs the" in text and "pip install 'tricktaking[" in text, (module, text)
        assert "pip install '.[" in text, (module, text)
    needing = {module for module, _, _ in failed}
    assert {"tricktaking.kernel_kit", "tricktaking.batch", "tricktaking.rl"} <= needing
    assert "tricktaking" not in needing and "tricktaking.cli" not in needing


def test_the_error_names_the_extra_and_its_packages() -> None:
    error = MissingExtraError("tricktaking.somewhere", "rl")
    assert isinstance(error, ImportError)
    assert error.name == "tricktaking.somewhere"
    assert "'rl' (gymnasium, numpy, pettingzoo)" in str(error)
    assert extra_packages("batch") == ("numba", "numpy")


@pytest.mark.parametrize("extra", ["batch", "rl", "web", "dask"])
def test_every_extra_lists_its_packages(extra: str) -> None:
    assert extra_packages(extra)
