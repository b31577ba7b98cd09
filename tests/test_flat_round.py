"""The round held flat in a state: play_card, the lazily built round, value semantics."""

from __future__ import annotations

import attrs
import pytest

from tricktaking import Card, Play, Round, Trick, parse_cards
from tricktaking._fast import replacer, short_cut_eq
from tricktaking._flat_round import (
    FlatRound,
    empty_trick,
    flat_round_state,
    new_round,
    play_card,
    start_round,
    with_leader,
)
from tricktaking.history import History


@flat_round_state
@short_cut_eq
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class _State(FlatRound):
    history: History[Play]


_ORDER = {card: index for index, card in enumerate(parse_cards("KS AS"))}
_AS, _KS = Card.parse("AS"), Card.parse("KS")


def _strength(plays: tuple[Play, ...]) -> dict[Card, int]:
    return _ORDER


def _dealt() -> _State:
    hands = (parse_cards("AS"), parse_cards("KS"))
    return _State(round=new_round(1, 1, hands, leader=0), history=History())


def _play(state: _State, play: Play) -> tuple[_State, Trick | None]:
    return play_card(state, play, state.history.append(play), _strength)


def test_a_state_made_from_a_round_holds_its_parts_and_gives_it_back() -> None:
    state = _dealt()
    assert state.round == new_round(1, 1, (parse_cards("AS"), parse_cards("KS")), 0)
    assert state.round is state.round  # built once, then kept


def test_the_last_card_of_a_trick_closes_it_and_its_winner_leads_next() -> None:
    state, done = _play(_dealt(), Play(0, _AS))
    assert done is None
    assert state.round.trick.plays == (Play(0, _AS),)
    assert state.round.trick.next_seat(2) == 1
    state, done = _play(state, Play(1, _KS))
    assert done == Trick(leader=0, plays=(Play(0, _AS), Play(1, _KS)), winner=0)
    rnd = state.round
    assert rnd.trick is empty_trick(0)
    assert rnd.tricks == (done,)
    assert rnd.won == (1, 0)
    assert rnd.hands == ((), ())
    assert len(state.history) == 2


def test_a_played_state_equals_the_same_state_made_from_its_round() -> None:
    played, _ = _play(_dealt(), Play(0, _AS))
    rebuilt = _State(round=played.round, history=played.history)
    assert played == rebuilt
    assert hash(played) == hash(rebuilt)


def test_equality_does_not_depend_on_whether_the_round_was_built() -> None:
    one, _ = _play(_dealt(), Play(0, _AS))
    two, _ = _play(_dealt(), Play(0, _AS))
    one.round  # noqa: B018  (built on one side only)
    assert one == two
    assert hash(one) == hash(two)


def test_evolve_with_a_round_replaces_the_parts() -> None:
    state = _dealt()
    other = Round(number=3, dealer=0, hands=((_KS,), (_AS,)), trick=Trick(leader=1))
    changed = attrs.evolve(state, round=other)
    assert changed.round == other
    assert changed != state
    assert state.round.number == 1  # the original is unchanged


def test_fast_copies_forget_the_built_round() -> None:
    state = _dealt()
    state.round  # noqa: B018
    copy = replacer(_State, "history")(state, history=History((Play(0, _AS),)))
    assert copy.round == state.round
    assert copy.round is not state.round


def test_a_new_leader_leads_an_empty_trick() -> None:
    state = with_leader(_dealt(), 1)
    assert state.round.trick is empty_trick(1)
    assert state.round.hands == _dealt().round.hands


def test_a_new_deal_starts_left_of_the_dealer_with_no_tricks() -> None:
    played, _ = _play(_dealt(), Play(0, _AS))
    state = start_round(played, 2, 0, ((_KS,), (_AS,)))
    assert state.round == new_round(2, 0, ((_KS,), (_AS,)), leader=1)
    assert state.history == played.history


def test_a_deal_names_its_round_and_leaves_the_other_fields_to_the_game() -> None:
    played, _ = _play(_dealt(), Play(0, _AS))
    fresh = History[Play]()
    started = start_round(played, number=2, dealer=0, hands=((_KS,), (_AS,)))
    state = replacer(_State)(started, history=fresh)
    assert state.history is fresh
    assert state.round == new_round(2, 0, ((_KS,), (_AS,)), leader=1)
    with pytest.raises(TypeError, match="histroy"):
        replacer(_State)(started, histroy=fresh)


def test_repr_shows_the_round_not_its_parts() -> None:
    text = repr(_dealt())
    assert text.startswith("_State(round=Round(number=1")
    assert "_hands" not in text
