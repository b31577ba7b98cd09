"""The shared table mechanics: naming the trick winner, editing tuples."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tricktaking import Card, Deck, Play
from tricktaking._table import actions_for, add_at, replace_at
from tricktaking.tricks import best_play

_CARDS = sorted(set(Deck.wizard()), key=str)


@given(st.lists(st.sampled_from(_CARDS), min_size=1, max_size=6))
def test_best_play_is_the_strongest_earliest_first(cards: list[Card]) -> None:
    strength = {card: sum(map(ord, str(card))) % 5 for card in _CARDS}  # many ties
    plays = tuple(Play(seat, card) for seat, card in enumerate(cards))
    values = [strength[play.card] for play in plays]
    assert best_play(plays, strength) is plays[values.index(max(values))]


def test_tuple_edits_leave_the_original_unchanged() -> None:
    numbers = (1, 2, 3)
    assert replace_at(numbers, 1, 9) == (1, 9, 3)
    assert add_at(numbers, 2, 4) == (1, 2, 7)
    assert numbers == (1, 2, 3)


def test_actions_for_keeps_the_order_of_the_cards() -> None:
    plays = {card: Play(0, card) for card in _CARDS}
    for count in (0, 1, 2, 7):
        cards = tuple(_CARDS[count::-1][:count])
        assert actions_for(plays, cards) == tuple(plays[card] for card in cards)
