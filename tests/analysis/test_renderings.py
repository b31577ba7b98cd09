"""The review's renderings: text, JSON data and the HTML page say the same, escaped."""

from __future__ import annotations

import json

import pytest

from tricktaking.analysis import (
    BidReview,
    DealReview,
    PlayReview,
    Review,
    review_html,
    review_text,
    seat_tallies,
)
from tricktaking.cards import Card, Direction, Suit
from tricktaking.errors import ArgumentTypeError
from tricktaking.games import bid_whist

BID = bid_whist.Bid(1, 2, bid_whist.BidMode.UPTOWN)
DEAL = DealReview(
    number=1,
    bids=(BidReview(index=1, seat=1, action=BID, status="solved", value=8),),
    plays=(
        PlayReview(
            index=7, seat=1, card=Card.parse("AS"), trick=0, status="solved", value=8, best=8,
            best_cards=(Card.parse("AS"),),
        ),
        PlayReview(
            index=8, seat=2, card=Card.parse("2S"), trick=0, status="solved", value=3, best=4,
            best_cards=(Card.parse("KS"), Card.parse("QS")),
        ),
        PlayReview(index=9, seat=3, card=Card.parse("3S"), trick=0, status="out_of_time"),
    ),
    par=(4, 8, 4, 8),
    contracts=(((Suit.SPADES, Direction.UPTOWN), 8), ((None, Direction.DOWNTOWN), 5)),
    finished=True,
)  # fmt: skip
REVIEW = Review(
    game="bid-whist", seats=("Ann", "<i>Bo</i>", "Cy", "Di"), deals=(DEAL,), finished=True,
    max_cards_left=8,
)  # fmt: skip


def test_the_text_marks_each_play_and_names_the_best_cards() -> None:
    text = review_text(REVIEW)
    assert "contracts (declaring side's tricks): S uptown 8, no trump downtown 5" in text
    assert "trick 1: seat 1 (<i>Bo</i>) AS ✓ value 8" in text
    assert "trick 1: seat 2 (Cy) 2S ? value 4 -> 3 (best: KS QS)" in text
    assert "trick 1: seat 3 (Di) 3S: not solved (time)" in text
    assert "seat 1 (<i>Bo</i>): 1 bid 2U: value 8 at the first lead" in text


def test_the_json_holds_every_field_of_the_schema() -> None:
    data = json.loads(json.dumps(REVIEW.to_dict()))
    deal = data["deals"][0]
    assert deal["contracts"] == [
        {"trump": "S", "direction": "uptown", "tricks": 8},
        {"trump": None, "direction": "downtown", "tricks": 5},
    ]
    assert [play["verdict"] for play in deal["plays"]] == ["best", "inaccuracy", None]
    assert deal["plays"][1]["cost"] == 1 and deal["plays"][1]["best_cards"] == ["KS", "QS"]
    assert deal["bids"][0] == {
        "index": 1, "seat": 1, "action": "1 bid 2U", "status": "solved", "value": 8,
        "forcible": None, "makeable": None,
    }  # fmt: skip


def test_the_page_escapes_names_and_draws_every_card() -> None:
    page = review_html(REVIEW)
    assert "&lt;i&gt;Bo&lt;/i&gt;" in page and "<i>Bo" not in page
    for card in ("AS", "2S", "3S", "KS", "QS"):  # the cards played, and the best ones missed
        assert page.count(f'data-card="{card}"') == 1
    assert "S uptown: 8" in page
    assert "not solved (out of time)" in page


def test_the_tally_counts_each_seat_s_verdicts() -> None:
    tallies = seat_tallies(REVIEW)
    assert (tallies[2].solved, tallies[2].inaccuracies, tallies[2].cost) == (1, 1, 1)
    assert tallies[3].solved == 0


@pytest.mark.parametrize("render", [review_text, review_html, seat_tallies])
def test_what_is_not_a_review_is_refused(render: object) -> None:
    with pytest.raises(ArgumentTypeError):
        render("a review")  # type: ignore[operator]
