"""Cards and their tokens (DESIGN §3; rules README, card tokens)."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from tricktaking import Card, Deck, NotationError, Rank, Suit, format_cards, parse_cards, sort_cards
from tricktaking.cards import SPECIAL_RANKS, SUITED_RANKS, card_order

ALL_DECKS = [Deck.standard(), Deck.wizard(), Deck.one_card(), Deck.bid_whist()]


@pytest.mark.parametrize("deck", ALL_DECKS, ids=["standard", "wizard", "one_card", "bid_whist"])
def test_every_card_of_every_deck_round_trips_through_its_token(deck: Deck) -> None:
    for card in deck:
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card


def test_no_two_cards_share_a_token() -> None:
    cards = {card for deck in ALL_DECKS for card in deck}
    assert len({str(card) for card in cards}) == len(cards) == 57


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QH", "QH"),
        ("qh", "QH"),
        ("10h", "TH"),
        ("10S", "TS"),
        ("ts", "TS"),
        (" WZ ", "WZ"),
        ("je", "JE"),
        ("JK", "JK"),
        ("RJ", "RJ"),
        ("bj", "BJ"),
        ("2c", "2C"),
        ("Ad", "AD"),
    ],
)
def test_accepted_tokens(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q♥", "QH"),
        ("q♥", "QH"),
        ("10♥", "TH"),
        ("T♥", "TH"),
        ("A♠", "AS"),
        ("2♦", "2D"),
        ("K♣", "KC"),
        (" J♣ ", "JC"),
        ("Q♥\ufe0f", "QH"),  # the emoji form of the symbol, as phones and chat apps send it
    ],
)
def test_the_suit_symbols_the_terminal_prints_are_accepted(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_every_suited_card_reads_back_from_its_pretty_text() -> None:
    for card in Deck.standard():
        assert Card.parse(card.pretty()) is card
        assert Card.parse(card.pretty(ascii_only=True)) is card
    assert parse_cards("Q♥ 10♠, A♦") == parse_cards("QH TS AD")


def test_str_of_a_suit_or_rank_is_its_token() -> None:
    assert [str(suit) for suit in Suit] == ["S", "H", "D", "C"]
    assert f"{Suit.HEARTS}" == "H"
    assert str(Rank.TEN) == "T"
    assert str(Rank.WIZARD) == "WZ"
    assert repr(Suit.HEARTS) == "<Suit.HEARTS: 'H'>"


@pytest.mark.parametrize(
    "text", ["", " ", "1S", "ZZ", "10X", "11S", "QHH", "W Z", "S", "T", "♥", "Q♥♥", "WZ♥", "1♥"]
)
def test_bad_text_raises_notation_error_a_value_error(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)
    with pytest.raises(ValueError, match="card token"):
        Card.parse(text)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(NotationError):
        Card.parse(12)  # type: ignore[arg-type]


def test_suit_is_none_exactly_for_specials() -> None:
    for rank in SPECIAL_RANKS:
        assert Card(rank, None).suit is None
        with pytest.raises(ValueError, match="has no suit"):
            Card(rank, Suit.SPADES)
    for rank in SUITED_RANKS:
        with pytest.raises(ValueError, match="needs a Suit"):
            Card(rank, None)


def test_cards_are_immutable_and_hashable() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card, Card(Rank.ACE, Suit.SPADES)} == {card}


def test_ranks_have_no_order() -> None:
    with pytest.raises(TypeError):
        _ = Rank.ACE < Rank.KING  # type: ignore[operator]


def test_each_card_is_one_object() -> None:
    card = Card.parse("10h")
    assert card is Card.parse("TH") is Card(Rank.TEN, Suit.HEARTS)
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card is copy.copy(card)
    assert attrs.evolve(card, suit=Suit.SPADES) is Card.parse("TS")


def test_parse_cards_and_format_cards() -> None:
    cards = parse_cards("AS, KH  WZ")
    assert cards == (Card.parse("AS"), Card.parse("KH"), Card.parse("WZ"))
    assert format_cards(cards) == "AS KH WZ"
    assert parse_cards("") == ()
    with pytest.raises(NotationError):
        parse_cards("AS XX")


def test_canonical_order_is_suit_then_rank_then_specials() -> None:
    assert format_cards(sort_cards(parse_cards("BJ AC 2H WZ 3S TS"))) == "3S TS 2H AC WZ BJ"
    assert [card_order(card) for card in Deck.standard()] == list(range(52))


def test_pretty_uses_symbols_or_ascii() -> None:
    assert Card.parse("TH").pretty() == "10♥"
    assert Card.parse("AS").pretty(ascii_only=True) == "AS"
    assert Card.parse("WZ").pretty() == "WZ"
