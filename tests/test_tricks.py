"""Plays, tricks, rounds and the shared mechanics (DESIGN §3, §1.6)."""

from __future__ import annotations

from tricktaking import Card, Play, Round, Suit, Trick, format_cards, parse_cards
from tricktaking.tricks import best_play, follow_suit, left_of, seats_from


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


def test_best_play_prefers_the_earliest_on_ties() -> None:
    trick = _trick(0, "WZ WZ", 4)
    assert best_play(trick.plays, {Card.parse("WZ"): 1}).seat == 0


def test_round_counts_tricks_won() -> None:
    tricks = (Trick(leader=0, winner=1), Trick(leader=1, winner=1), Trick(leader=1, winner=0))
    rnd = Round(number=3, dealer=0, hands=((), ()), trick=Trick(leader=0), tricks=tricks)
    assert rnd.won == (1, 2)
    assert rnd.tricks_won(1) == 2
    assert rnd.players == 2
