"""The documentation site as a reader uses it: a docs extra, copy buttons, lines that fit."""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 88
"""The widest code line a page shows without scrolling (the theme's code column)."""


def _config() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_docs_extra_has_what_building_the_docs_needs() -> None:
    extras = _config()["project"]["optional-dependencies"]  # type: ignore[index]
    names = {re.split(r"[<>=\[]", item)[0] for item in extras["docs"]}
    assert {"sphinx", "furo", "myst-parser", "sphinx-copybutton"} <= names
    assert {"tricktaking[batch]", "tricktaking[rl]", "tricktaking[web]"} <= set(extras["docs"])
    assert "tricktaking[docs]" in extras["dev"]


def test_code_blocks_have_a_copy_button_that_copies_no_prompt() -> None:
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert '"sphinx_copybutton"' in conf
    prompt = re.search(r'copybutton_prompt_text = r"(.*)"', conf)
    assert prompt is not None
    for line, typed in ((">>> import tricktaking", "import tricktaking"), ("...     x", "    x")):
        assert re.sub("^(" + prompt.group(1) + ")", "", line) == typed
    assert "copybutton_only_copy_prompt_lines = True" in conf


def test_every_example_line_fits_the_page() -> None:
    long = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        lines = page.read_text(encoding="utf-8").split("\n")
        for example in doctest.DocTestParser().get_examples("\n".join(lines)):
            for number in range(example.lineno, example.lineno + example.source.count("\n")):
                if len(lines[number]) > WIDTH:
                    long.append(f"{page.relative_to(ROOT)}:{number + 1}")
    assert long == []


def test_the_performance_page_is_for_users_and_covers_every_game() -> None:
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    expect = page.split("## What to expect")[1].split("## Batches")[0]
    for residue in ("shared with other work", "machine was busy", "mypyc", "bias", "pilot"):
        assert residue not in page, residue
    assert "## How to measure" in page and "## How to go faster" in page
    tables = [part for part in expect.split("\n\n") if part.startswith("| ")]
    assert len(tables) >= 6
    for table in tables:
        if "Memory" in table or "actions | states kept" in table or "µs per action |" in table:
            continue  # one game each: memory and long records
        assert "Oh Hell" in table, table.splitlines()[0]
