"""The docs' examples as a reader meets them: typed, found from anywhere, or skipped by name.

``tools/doc_examples.py`` (a step of ``./tools/test``) type-checks every page's examples
with ``mypy --strict``; these tests check that it reads the pages as the test suite runs
them, and that on a plain install every page runs or is skipped naming its extra.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    path = ROOT / "tools" / "doc_examples.py"
    spec = importlib.util.spec_from_file_location("doc_examples", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PAGE = """# A page

Some words.

```python
>>> x = 1
>>> def f(y: int) -> int:
...     return y + x
>>> f(2)
3

```

```{code-block} python
import tricktaking as tt

print(tt.WizardConfig(players=3))
```
"""


def test_each_example_line_keeps_its_line_on_the_page() -> None:
    module = _tool().doctest_module(PAGE).splitlines()
    page = PAGE.splitlines()
    assert module[5] == "x = 1" and page[5] == ">>> x = 1"
    assert module[6:8] == ["def f(y: int) -> int:", "    return y + x"]
    assert module[8] == "f(2)" and len(module) == 9  # the expected output is not code


def test_a_plain_code_block_is_a_module_of_its_own() -> None:
    [(first, code)] = list(_tool().plain_modules(PAGE))
    assert code.splitlines()[first] == "import tricktaking as tt"


@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None,
    reason="needs mypy (the dev extra): pip install -e '.[dev]'",
)
def test_a_type_error_is_reported_at_its_line_on_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.md"
    page.write_text(PAGE.replace(">>> f(2)", '>>> f("2")'), encoding="utf-8")
    assert _tool().main([str(page)]) == 1
    out = capsys.readouterr().out
    assert f'{page}:9: error: Argument 1 to "f" has incompatible type' in out
    page.write_text(PAGE, encoding="utf-8")
    assert _tool().main([str(page)]) == 0


def test_the_check_runs_in_tools_test() -> None:
    script = (ROOT / "tools" / "test").read_text(encoding="utf-8")
    assert '"$py" tools/doc_examples.py' in script


# Runs pytest on the docs in a process where no optional extra can be imported.
PLAIN = """
import sys
for name in ("numpy", "gymnasium", "pettingzoo", "starlette", "uvicorn", "websockets",
             "dask", "distributed", "httpx2", "playwright"):
    sys.modules[name] = None
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""


def test_on_a_plain_install_every_page_runs_or_is_skipped_naming_its_extra() -> None:
    run = subprocess.run(
        [sys.executable, "-c", PLAIN, "-q", "-p", "no:cacheprovider", "-rs", "docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    skips = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    assert skips, run.stdout
    for line in skips:
        assert "from the optional extra" in line and "pip install -e '.[" in line, line


def test_the_new_game_page_finds_its_example_from_any_directory(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(ROOT / "docs" / "howto" / "new-game.md"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:]
