"""Every public module has a static __all__, and every public class and function a
docstring with an example."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import tricktaking

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(tricktaking.__path__, "tricktaking.")
    if not any(part.startswith("_") for part in name.split("."))
)


def public_objects(module: ModuleType) -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for name in module.__all__:
        value = getattr(module, name)
        ours = getattr(value, "__module__", "").startswith("tricktaking")
        if ours and (inspect.isclass(value) or inspect.isfunction(value)):
            found.append((name, value))
    return found


@pytest.mark.parametrize("name", ["tricktaking", *MODULES])
def test_public_modules_have_a_static_all(name: str) -> None:
    module = importlib.import_module(name)
    assert isinstance(module.__all__, list)
    assert len(set(module.__all__)) == len(module.__all__)
    for exported in module.__all__:
        assert hasattr(module, exported), f"{name}.{exported}"


@pytest.mark.parametrize("name", MODULES)
def test_public_classes_and_functions_have_an_example(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__doc__, name
    missing = [
        exported
        for exported, value in public_objects(module)
        if not value.__doc__ or ">>>" not in value.__doc__
    ]
    assert missing == []
