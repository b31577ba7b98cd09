"""Plays, tricks, rounds and the shared mechanics (DESIGN §3, §1.6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktaking import Card, Deck, Play, Round, Suit, Trick, format_cards, parse_cards
from tricktaking.tricks import best_play, effective_suit, follow_suit, left_of, seats_from

_SUITS_OR_NONE = st.sampled_from([*Suit, None])


def _trick(leader: int, tokens: str, players: int) -> Trick:
    cards = parse_cards(tokens)
    return Trick(
        leader=leader,
        plays=tuple(Play((leader + i) % players, card) for i, card in enumerate(cards)),
    )


def test_trick_records_plays_in_order() -> None:
    trick = _trick(2, "9H KH", 3)
    assert [play.seat for play in trick.plays] == [2, 0]
    assert trick.next_seat(3) == 1
    assert trick.card_of(0) == Card.parse("KH")
    assert trick.card_of(1) is None
    assert str(trick) == "led by 2: 9H KH"
    assert str(Trick(leader=1, winner=1)) == "led by 1: - (won by 1)"


def test_seat_rotation() -> None:
    assert left_of(5, 6) == 0
    assert seats_from(1, 3) == (1, 2, 0)


def test_follow_suit_keeps_the_led_suit_when_held() -> None:
    hand = parse_cards("2H KS 9H RJ")
    assert format_cards(follow_suit(hand, Suit.HEARTS)) == "2H 9H"
    assert format_cards(follow_suit(hand, Suit.HEARTS, trump=Suit.HEARTS)) == "2H 9H RJ"
    assert format_cards(follow_suit(hand, Suit.SPADES, trump=Suit.HEARTS)) == "KS"
    assert follow_suit(hand, Suit.CLUBS) == hand
    assert follow_suit(hand, None) == hand


@given(
    st.lists(st.sampled_from(sorted(set(Deck.bid_whist()) | set(Deck.wizard()), key=str))),
    _SUITS_OR_NONE,
    _SUITS_OR_NONE,
)
def test_follow_suit_is_the_cards_whose_effective_suit_is_led(
    cards: list[Card], lead: Suit | None, trump: Suit | None
) -> None:
    hand = tuple(cards)
    following = tuple(card for card in hand if effective_suit(card, trump) is lead)
    assert follow_suit(hand, lead, trump) == (following if lead is not None and following else hand)


def test_follow_suit_refuses_a_lead_that_is_not_a_suit() -> None:
    with pytest.raises(TypeError, match="must be suits or None"):
        follow_suit(parse_cards("2H"), "H")  # type: ignore[arg-type]


def test_best_play_prefers_the_earliest_on_ties() -> None:
    trick = _trick(0, "WZ WZ", 4)
    assert best_play(trick.plays, {Card.parse("WZ"): 1}).seat == 0


def test_round_counts_tricks_won() -> None:
    tricks = (Trick(leader=0, winner=1), Trick(leader=1, winner=1), Trick(leader=1, winner=0))
    rnd = Round(number=3, dealer=0, hands=((), ()), trick=Trick(leader=0), tricks=tricks)
    assert rnd.won == (1, 2)
    assert rnd.tricks_won(1) == 2
    assert rnd.players == 2
