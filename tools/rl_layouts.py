"""Rewrite docs/reference/rl-layouts.md from the layouts in tricktaking.rl.

Run ``python tools/rl_layouts.py`` after changing an observation layout or action
space; ``tests/test_rl.py`` fails until the page matches the code.
"""

from __future__ import annotations

from pathlib import Path

from tricktaking.rl.reference import reference_markdown

PAGE = Path(__file__).resolve().parents[1] / "docs" / "reference" / "rl-layouts.md"


def main() -> None:
    """Write the page."""
    PAGE.write_text(reference_markdown(), encoding="utf-8")
    print(f"wrote {PAGE}")


if __name__ == "__main__":
    main()
