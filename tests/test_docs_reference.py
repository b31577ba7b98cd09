"""The reference pages keep up with the code: every view field, every to_dict key and
every top-level name is documented."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import attrs
import pytest
from attrs import AttrsInstance

import tricktaking as tt

DOCS = Path(__file__).parent.parent / "docs"
SECTIONS = {
    "wizard": "Wizard",
    "one-card": "One Card",
    "bid-whist": "Bid Whist",
    "oh-hell": "Oh Hell",
}


def documented_keys(section: str) -> set[str]:
    """The first-column names of the table under ``## section`` of the view-fields page."""
    text = (DOCS / "reference" / "view-fields.md").read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)`", body, flags=re.MULTILINE))


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_every_view_field_and_key_has_a_sentence(game: str) -> None:
    config = tt.get_game(game).config_type(**({} if game == "bid-whist" else {"players": 3}))
    view = tt.view(tt.new_game(config), 0)
    common = documented_keys("The fields every game has")
    own = documented_keys(SECTIONS[game])
    fields = {field.name for field in attrs.fields(cast("type[AttrsInstance]", type(view)))}
    assert fields | set(view.to_dict()) == (common | own) - ({"game"} - set(view.to_dict()))


def test_the_top_level_reference_lists_every_name_with_a_summary_and_a_link() -> None:
    text = (DOCS / "reference" / "tricktaking.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \{(\w+)\}`~?([\w.]+)` \| (.+) \|$", text, flags=re.MULTILINE)
    listed = {target.rsplit(".", 1)[-1]: summary for _, target, summary in rows}
    assert set(listed) == set(tt.__all__) - {"__version__"}
    assert all(summary.strip() for summary in listed.values())
    assert "`tt.__version__`" in text
