"""``tricktaking review FILE``: text, ``--json``, ``--html``, and hostile files refused."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking import records
from tricktaking.cli import main
from tricktaking.simulate import game_states

pytest.importorskip("numba", reason="the review needs the batch extra")


@pytest.fixture
def record(tmp_path: Path) -> Path:
    final = list(game_states(tt.WizardConfig(players=3, rounds=2), ["heuristic"] * 3, 5))[-1]
    path = tmp_path / "wizard.json"
    path.write_text(records.dumps(final, seats=["Ann", "<b>Bo</b>", "Cy"]))
    return path


def test_review_prints_every_deal_and_the_tally(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Wizard review (positions solved up to 6 cards a hand)")
    assert "Deal 1" in out and "Deal 2" in out and "seat 0 (Ann)" in out
    assert out.count("  trick ") == 9  # every card: three in deal 1, six in deal 2
    assert "Tally" in out


def test_review_json_is_the_review_schema(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(record), "--json", "--max-cards-left", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["format"], data["version"], data["max_cards_left"]) == ("tricktaking-review", 1, 1)
    statuses = [play["status"] for deal in data["deals"] for play in deal["plays"]]
    assert statuses == ["solved"] * 3 + ["too_large"] * 3 + ["solved"] * 3


def test_review_html_writes_a_page_with_the_cards_drawn(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "review.html"
    assert main(["review", str(record), "--html", str(page)]) == 0
    assert capsys.readouterr().out.startswith("Wizard review")
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and "<script" not in html
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html
    svgs = html.count('class="tricktaking-card"')
    assert svgs >= 9  # at least every card played
    body = html.split("<body>", 1)[1].split("</body>", 1)[0]
    ET.fromstring(f"<body>{body}</body>")  # well-formed: every tag closed, text escaped


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{}", "is not a valid game record"),
        ("[1, 2", "is not a valid game record"),
        (b"\xff\xfe", "is not UTF-8 text"),
        ('{"format": "tricktaking-record", "version": 1, "game": "wizard"}', "not a valid"),
    ],
)
def test_a_hostile_file_is_refused_with_the_record_error(
    content: str | bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    assert main(["review", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_a_record_of_one_seat_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = list(game_states(tt.OhHellConfig(players=3, hand_size=2), ["heuristic"] * 3, 5))[-1]
    path = tmp_path / "seen.json"
    path.write_text(records.dumps(final, seat=0))
    assert main(["review", str(path)]) == 2
    assert "needs every hand" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--max-cards-left", "-1"],
        ["--max-cards-left", "21"],
        ["--max-cards-left", "x"],
        ["--html", "/no/such/directory/review.html"],
    ],
)
def test_bad_options_exit_with_status_two(
    record: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(record), *argv]) == 2
    assert "error" in capsys.readouterr().err


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
