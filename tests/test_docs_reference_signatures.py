"""The reference shows real signatures: type variables by public names, no protocol call."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _conf() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_conf", ROOT / "docs" / "conf.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_private_type_variables_are_shown_by_public_names() -> None:
    for module in ("tricktaking.engine", "tricktaking.history"):  # _S, _A_co, _T_co…
        importlib.import_module(module)

    conf = _conf()
    assert conf._public_names("(state: _S, action: Action) -> _S") == (
        "(state: S, action: Action) -> S"
    )
    assert conf._public_names("Protocol[_A_co], Rules[_S, _C_contra]") == (
        "Protocol[A], Rules[S, C]"
    )
    assert conf._public_names("History[_T_co]") == "History[T]"
    assert conf._public_names("limit=_LIMIT, MAX_SIZE") == "limit=_LIMIT, MAX_SIZE"


def test_protocols_show_no_call_and_private_defaults_their_value() -> None:
    pytest.importorskip("sphinx")
    from tricktaking.engine import GameState
    from tricktaking.errors import safe_repr

    conf = _conf()
    args = (None, "class", "tricktaking.engine.GameState", GameState, None)
    assert conf._signature(*args, "(*args, **kwargs)", None) == ("", None)
    found = conf._signature(
        None, "function", "safe_repr", safe_repr, None, "(value, limit=_LIMIT)", "str"
    )
    assert found is not None and "_LIMIT" not in found[0] and "limit=" in found[0]


def test_a_private_base_is_shown_as_its_public_one() -> None:
    pytest.importorskip("sphinx")
    from tricktaking.bots import PimcBot

    bases: list[object] = list(PimcBot.__bases__)
    _conf()._public_bases(None, "PimcBot", PimcBot, None, bases)
    assert bases == [object]  # _Searcher is a private helper with no public base
