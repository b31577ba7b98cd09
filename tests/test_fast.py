"""The fast constructors of the hot path build ordinary, frozen instances (DESIGN §7)."""

from __future__ import annotations

import linecache

import attrs
import pytest

from tricktaking import Card, History, Play, Round, Trick
from tricktaking._fast import DERIVED, builder, constructor, replacer
from tricktaking.games import wizard
from tricktaking.testing import playout


def test_a_constructed_object_is_an_ordinary_frozen_instance() -> None:
    make = constructor(Trick)
    plays = (Play(0, Card.parse("AS")),)
    trick = make(leader=0, plays=plays, winner=None)
    assert type(trick) is Trick
    assert trick == Trick(leader=0, plays=plays)
    assert hash(trick) == hash(Trick(leader=0, plays=plays))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        trick.leader = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del trick.leader


def test_constructors_take_fields_by_name_only_and_reset_memos() -> None:
    state = wizard.new_game(wizard.WizardConfig(players=3))
    wizard.legal_actions(state)  # fills the memo
    state.round  # noqa: B018  (builds the derived round)
    values = {
        field.name: getattr(state, field.name)
        for field in attrs.fields(type(state))
        if field.init and not field.metadata.get(DERIVED)
    }
    copy = constructor(wizard.WizardState)(**values)
    assert copy == state
    assert copy._legal is None
    assert copy._round is None  # derived: rebuilt when read
    assert copy.round == state.round
    with pytest.raises(TypeError):
        constructor(Trick)(0, (), None)  # positional values could land in the wrong field


def test_a_constructor_with_an_order_takes_the_values_in_that_order() -> None:
    make = constructor(Trick, "winner", "plays", "leader")
    plays = (Play(2, Card.parse("AS")),)
    assert make(None, plays, 2) == Trick(leader=2, plays=plays)
    with pytest.raises(TypeError, match="each field once"):
        constructor(Trick, "leader", "plays")
    with pytest.raises(TypeError, match="named twice"):
        constructor(Trick, "leader", "plays", "plays")
    with pytest.raises(TypeError, match="no field 'seat'"):
        constructor(Trick, "leader", "plays", "seat")


def test_generated_source_shows_in_tracebacks() -> None:
    make = constructor(Trick)
    code = make.__code__
    lines = linecache.getlines(code.co_filename)
    assert lines[0].startswith("def make(*, leader, plays, winner):")
    assert "Trick" in code.co_filename


def test_a_replacer_changes_only_the_named_fields() -> None:
    rnd = Round(number=1, dealer=0, hands=((), ()), trick=Trick(leader=1))
    replaced = replacer(Round)(rnd, dealer=1)
    assert type(replaced) is Round
    assert replaced == attrs.evolve(rnd, dealer=1)
    assert rnd.dealer == 0


def test_a_replacer_of_named_fields_takes_exactly_those_by_keyword() -> None:
    rnd = Round(number=1, dealer=0, hands=((), ()), trick=Trick(leader=1))
    with_dealer = replacer(Round, "dealer", "number")
    assert with_dealer(rnd, number=2, dealer=1) == attrs.evolve(rnd, number=2, dealer=1)
    with pytest.raises(TypeError):
        with_dealer(rnd, 1, 2)  # positional values could land in the wrong field
    with pytest.raises(TypeError):
        with_dealer(rnd, dealer=1)  # every named field is required
    with pytest.raises(TypeError):
        with_dealer(rnd, dealer=1, number=2, hands=())  # and no other
    with pytest.raises(TypeError, match="named twice"):
        replacer(Round, "dealer", "dealer")
    with pytest.raises(TypeError, match="no field 'seat'"):
        replacer(Round, "seat")


def test_a_positional_replacer_takes_the_values_in_the_order_of_its_names() -> None:
    rnd = Round(number=1, dealer=0, hands=((), ()), trick=Trick(leader=1))
    copy = replacer(Round, "dealer", "number", positional=True)
    assert copy(rnd, 1, 2) == attrs.evolve(rnd, number=2, dealer=1)


def test_a_builder_shares_the_layout_but_not_the_identity_of_its_class() -> None:
    made = builder(Trick)
    assert issubclass(made, Trick)
    assert vars(made)["__slots__"] == ()
    assert made is not Trick


def test_appended_histories_are_plain_immutable_histories() -> None:
    history = History[int]().append(1).append(2)
    assert type(history) is History
    with pytest.raises(AttributeError):
        history._length = 0


def test_a_state_is_hashed_once_and_unequal_hashes_short_cut_equality(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = playout(wizard.new_game(wizard.WizardConfig(players=3, rounds=3)), 2)
    first, last = states[-2], states[-1]
    assert hash(last) == hash(last) and hash(first) != hash(last)

    def no_field_comparison(self: object, other: object) -> bool:
        raise AssertionError("the fields were compared")

    monkeypatch.setattr(History, "__eq__", no_field_comparison)
    monkeypatch.setattr(History, "__hash__", no_field_comparison)
    same = last
    assert last == same  # identity
    assert first != last  # both hashes are known and differ
    assert hash(last) == hash(states[-1])  # cached: the history is not hashed again
