"""The docs' front page tours the library in examples that run, before its contents."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
INDEX = (DOCS / "index.md").read_text(encoding="utf-8")

# Each stop of the tour: its bold lead-in, and the how-to page it links to.
STOPS = {
    "Views": "howto/frontend",
    "Bots": "howto/bots",
    "Records": "howto/records",
    "Pictures": "reference/render",
    "The web table": "howto/web",
    "Learning": "howto/training",
    "Batches": "howto/batch",
}


def stop(lead: str) -> str:
    """The text of the tour stop that opens with ``**lead.**``, up to the next stop."""
    start = INDEX.index(f"**{lead}.**")
    following = INDEX.find("\n**", start + 1)
    return INDEX[start : following if following != -1 else INDEX.index("## Contents")]


@pytest.mark.parametrize(("lead", "page"), STOPS.items())
def test_every_stop_of_the_tour_has_a_doctest_and_links_its_page(lead: str, page: str) -> None:
    text = stop(lead)
    assert "```python\n>>> " in text
    assert f"{{doc}}`{page}`" in text and (DOCS / f"{page}.md").is_file()


def test_the_tour_comes_before_the_contents() -> None:
    assert INDEX.index("## A tour") < INDEX.index("## Contents") < INDEX.index("{toctree}")


def test_the_pictures_on_the_front_page_are_checked_in() -> None:
    pictures = re.findall(r"!\[[^]]*\]\(([^)]+)\)", INDEX)
    assert any(path.endswith(".svg") for path in pictures)
    assert any(path.endswith("web-table.png") for path in pictures)
    assert all((DOCS / path).is_file() for path in pictures)


def test_pytest_runs_the_examples_of_every_docs_page() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = config["tool"]["pytest"]["ini_options"]
    assert "docs" in options["testpaths"] and "--doctest-glob=*.md" in options["addopts"]
