"""The plug-in helpers of tricktaking.plugins that no other test covers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.plugins import import_plug_in


def test_a_declared_plug_in_is_imported_and_checked() -> None:
    assert import_plug_in("fractions:Fraction", type, "a class") is Fraction


def test_a_plug_in_of_another_class_is_refused_by_name_and_role() -> None:
    with pytest.raises(ArgumentTypeError, match=r"fractions:Fraction \(a word\) is not a str"):
        import_plug_in("fractions:Fraction", str, "a word")


@pytest.mark.parametrize("where", ["fractions", "fractions:", ":Fraction", "", " : "])
def test_a_place_that_is_not_module_colon_attribute_is_refused(where: str) -> None:
    with pytest.raises(ArgumentError, match="module:attribute"):
        import_plug_in(where, type, "a class")


def test_a_place_that_is_not_text_is_refused() -> None:
    with pytest.raises(ArgumentTypeError, match="module:attribute"):
        import_plug_in(3, type, "a class")  # type: ignore[arg-type]


def test_a_missing_module_or_attribute_says_so_as_python_does() -> None:
    with pytest.raises(ImportError):
        import_plug_in("no_such_module_here:Thing", type, "a class")
    with pytest.raises(AttributeError):
        import_plug_in("fractions:NoSuchThing", type, "a class")
