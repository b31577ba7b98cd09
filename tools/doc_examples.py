"""Type-check the documentation's code examples with ``mypy --strict``, as readers paste them.

Each page of ``docs/`` becomes one Python module: its doctest examples (the ``>>>`` and
``...`` lines, which the test suite runs) in page order, each at the line it has on the
page, so that mypy's messages point into the page (``docs/quickstart.md:115: error: …``).
A ``{code-block} python`` block of plain code becomes a module of its own. ``./tools/test``
runs this script; so can you:

    python tools/doc_examples.py                # mypy --strict over every page's examples
    python tools/doc_examples.py docs/tutorial.md docs/howto/bots.md
    python tools/doc_examples.py --write DIR    # only write the modules into DIR

It exits with mypy's status: 0 when every example type-checks.
"""

from __future__ import annotations

import argparse
import doctest
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CACHE = ROOT / ".mypy_cache" / "doc-examples"

_PLAIN_BLOCK = re.compile(r"^```\{code-block\} python\n((?:(?!```).*\n)*?)```", re.MULTILINE)


def doctest_module(text: str) -> str:
    """The page's doctest examples as one module, each source line at its line on the page."""
    lines = [""] * (text.count("\n") + 1)
    for example in doctest.DocTestParser().get_examples(text):
        for offset, line in enumerate(example.source.rstrip("\n").split("\n")):
            lines[example.lineno + offset] = line
    return "\n".join(lines).rstrip("\n") + "\n"


def plain_modules(text: str) -> Iterator[tuple[int, str]]:
    """Each ``{code-block} python`` block of the page: the line it starts at, and its code."""
    for found in _PLAIN_BLOCK.finditer(text):
        first = text.count("\n", 0, found.start(1))
        yield first, "\n" * first + found.group(1)


def _shown(page: Path) -> Path:
    """The page as messages name it: from the repository's root when it is inside."""
    resolved = page.resolve()
    return resolved.relative_to(ROOT) if resolved.is_relative_to(ROOT) else resolved


def _module_name(page: Path, suffix: str = "") -> str:
    parts = _shown(page).with_suffix("").parts
    return re.sub(r"\W", "_", "__".join(part for part in parts if part != "/")) + suffix + ".py"


def write_modules(pages: Sequence[Path], folder: Path) -> dict[str, Path]:
    """Write each page's modules into ``folder``; return the page of each module's name."""
    written: dict[str, Path] = {}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        modules: list[tuple[str, str]] = []
        if doctest.DocTestParser().get_examples(text):
            modules.append((_module_name(page), doctest_module(text)))
        for index, (_, code) in enumerate(plain_modules(text)):
            modules.append((_module_name(page, f"__block{index}"), code))
        for name, code in modules:
            (folder / name).write_text(code, encoding="utf-8")
            written[name] = _shown(page)
    return written


def check(pages: Sequence[Path]) -> int:
    """Run ``mypy --strict`` over the pages' examples; print its messages against the pages.

    The modules are written to the same folder every time, beside mypy's cache: mypy's
    cache keeps each module's messages with its path, so a new folder each run would
    report old paths.
    """
    folder = CACHE / "modules"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    written = write_modules(pages, folder)
    if not written:
        print("no examples found")
        return 0
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(CACHE / "mypy"),
            *sorted(str(folder.relative_to(ROOT) / name) for name in written),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    out = run.stdout + run.stderr
    for name, page in written.items():
        out = out.replace(f"{folder.relative_to(ROOT) / name}:", f"{page}:")
    print(out, end="")
    return run.returncode


def main(argv: Sequence[str] | None = None) -> int:
    """Check the pages named (default: every page of ``docs/``), or write their modules."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("pages", nargs="*", type=Path, help="pages (default: all of docs/)")
    parser.add_argument("--write", type=Path, metavar="DIR", help="only write the modules")
    args = parser.parse_args(argv)
    pages = list(args.pages) or sorted(DOCS.rglob("*.md"))
    pages = [page for page in pages if "_build" not in page.parts]
    if args.write is not None:
        args.write.mkdir(parents=True, exist_ok=True)
        for name, page in write_modules(pages, args.write).items():
            print(f"{page} -> {args.write / name}")
        return 0
    return check(pages)


if __name__ == "__main__":
    raise SystemExit(main())
