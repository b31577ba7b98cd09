"""Every clause and worked example of an implemented game's rules has a test naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
IMPLEMENTED = {
    "wizard.md": "WZ",
    "one_card.md": "OC",
    "bid_whist.md": "BW",
    "oh_hell.md": "OH",
}

CLAUSE = re.compile(
    r"\*\*((?:WZ|OC|BW|OH)-(?:\d+\.\d+|EX-[A-Z]*\d+))\*\*|\| ((?:WZ|OC|BW|OH)-EX-\w+) \|"
)


def clause_ids(path: Path) -> list[str]:
    found = []
    for match in CLAUSE.finditer(path.read_text(encoding="utf-8")):
        found.append(match.group(1) or match.group(2))
    return found


def test_the_rules_copy_lists_clauses() -> None:
    assert len(clause_ids(RULES / "wizard.md")) > 60


@pytest.mark.parametrize("rules_file", sorted(IMPLEMENTED))
def test_every_clause_is_named_by_a_test(rules_file: str) -> None:
    tests = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests").rglob("*.py"))
    missing = []
    for clause in clause_ids(RULES / rules_file):
        name = clause.lower().replace("-", "_").replace(".", "_")
        if (
            not re.search(rf"test_\w*{re.escape(name)}(?![0-9])", tests)
            and f'"{clause}"' not in tests
        ):
            missing.append(clause)
    assert missing == []


SHARED = ROOT.parent / "shared" / "rules"


@pytest.mark.parametrize("rules_file", sorted(IMPLEMENTED))
def test_the_docs_copy_of_the_rules_is_current(rules_file: str) -> None:
    """docs/rules holds the rules as published; refresh it when the specification changes."""
    if not (SHARED / rules_file).exists():
        pytest.skip("the rules specification is not checked out beside the repository")
    assert (RULES / rules_file).read_text(encoding="utf-8") == (SHARED / rules_file).read_text(
        encoding="utf-8"
    )
