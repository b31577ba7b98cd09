"""The shared table mechanics: playing a card into a round and naming the trick winner."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tricktaking import Card, Deck, Play, Round, Trick, parse_cards
from tricktaking._table import add_at, empty_trick, play_into_round, replace_at
from tricktaking.tricks import best_play

_CARDS = sorted(set(Deck.wizard()), key=str)


@given(st.lists(st.sampled_from(_CARDS), min_size=1, max_size=6))
def test_best_play_is_the_strongest_earliest_first(cards: list[Card]) -> None:
    strength = {card: sum(map(ord, str(card))) % 5 for card in _CARDS}  # many ties
    plays = tuple(Play(seat, card) for seat, card in enumerate(cards))
    values = [strength[play.card] for play in plays]
    assert best_play(plays, strength) is plays[values.index(max(values))]


def test_the_last_card_of_a_trick_closes_it_and_its_winner_leads_next() -> None:
    hands = (parse_cards("AS"), parse_cards("KS"))
    rnd = Round(number=1, dealer=1, hands=hands, trick=Trick(leader=0))
    order = {card: index for index, card in enumerate(parse_cards("KS AS"))}
    rnd, done = play_into_round(rnd, Play(0, Card.parse("AS")), 2, lambda plays: order)
    assert done is None
    assert rnd.trick.plays == (Play(0, Card.parse("AS")),)
    rnd, done = play_into_round(rnd, Play(1, Card.parse("KS")), 2, lambda plays: order)
    assert done is not None
    assert done.winner == 0
    assert rnd.trick is empty_trick(0)
    assert rnd.tricks == (done,)
    assert rnd.won == (1, 0)
    assert rnd.hands == ((), ())


def test_tuple_edits_leave_the_original_unchanged() -> None:
    numbers = (1, 2, 3)
    assert replace_at(numbers, 1, 9) == (1, 9, 3)
    assert add_at(numbers, 2, 4) == (1, 2, 7)
    assert numbers == (1, 2, 3)
