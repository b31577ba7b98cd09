"""The game kit: the legal-action memo, the door, errors that never leak, and public
engine functions that are the kit's own methods, whose source is the code that runs."""

from __future__ import annotations
import __future__

import inspect
import textwrap
from types import CodeType, FunctionType, MethodType, ModuleType

import attrs
import pytest

import tricktaking as tt
from tricktaking import kit
from tricktaking.games import bid_whist, oh_hell, one_card, wizard
from tricktaking.kit import _field_types  # pyright: ignore[reportPrivateUsage]
from tricktaking.testing import playout


def forged(cls: type, **fields: object) -> object:
    """An instance of an action class whose fields skipped its validators (as unpickling
    or object.__setattr__ can do)."""
    action: object = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


class AlwaysEqual(int):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def bidding() -> wizard.WizardState:
    state = wizard.new_game(wizard.WizardConfig(players=3, rounds=2))
    state = wizard.apply(state, wizard.deal(state, 5))
    while state.phase is not wizard.WizardPhase.BID:
        state = wizard.apply(state, wizard.legal_actions(state)[0])
    return state


def playing(state: tt.GameState[object]) -> tt.GameState[object]:
    while tt.actor(state) is tt.CHANCE or state.phase.value != "play":
        if tt.actor(state) is tt.CHANCE:
            state = tt.apply(state, tt.deal(state, 3))
        else:
            state = tt.apply(state, tt.legal_actions(state)[0])
    return state


def test_a_listed_action_is_applied_and_an_equal_copy_is_validated_alike() -> None:
    state = playing(tt.new_game(tt.WizardConfig(players=4, rounds=3)))
    listed = tt.legal_actions(state)[0]
    assert isinstance(listed, tt.Play)
    copy = tt.Play(listed.seat, listed.card)
    assert copy is not listed
    assert tt.apply(state, listed) == tt.apply(state, copy)
    assert tt.check(state, copy) is None


def test_a_subclass_of_an_action_is_an_unknown_action() -> None:
    class SlyPlay(tt.Play):
        pass

    state = playing(tt.new_game(tt.WizardConfig(players=4, rounds=3)))
    legal = tt.legal_actions(state)[0]
    assert isinstance(legal, tt.Play)
    sly = SlyPlay(legal.seat, legal.card)
    assert tt.check(state, sly) is tt.Violation.UNKNOWN_ACTION
    with pytest.raises(tt.IllegalActionError) as caught:
        tt.apply(state, sly)
    assert caught.value.violation is tt.Violation.UNKNOWN_ACTION


@pytest.mark.parametrize(
    "value", [True, AlwaysEqual(0), 1.0, "1"], ids=["bool", "int subclass", "float", "str"]
)
def test_a_bid_must_be_exactly_an_int(value: object) -> None:
    state = bidding()
    seat = tt.actor(state)
    bid = forged(wizard.Bid, seat=seat, tricks=value)
    before = (state, hash(state))
    assert wizard.check(state, bid) is tt.Violation.UNKNOWN_ACTION
    with pytest.raises(tt.IllegalActionError):
        wizard.apply(state, bid)
    assert (state, hash(state)) == before


def test_a_seat_must_be_exactly_an_int_and_a_card_one_of_the_library() -> None:
    state = playing(tt.new_game(tt.BidWhistConfig()))
    legal = tt.legal_actions(state)[0]
    assert isinstance(legal, tt.Play)
    odd_card = object.__new__(tt.Card)
    object.__setattr__(odd_card, "rank", legal.card.rank)
    object.__setattr__(odd_card, "suit", legal.card.suit)
    for action in (
        forged(tt.Play, seat=AlwaysEqual(legal.seat), card=legal.card),
        forged(tt.Play, seat=float(legal.seat), card=legal.card),
        forged(tt.Play, seat=legal.seat, card=odd_card),
        forged(bid_whist.Bid, seat=0, level=AlwaysEqual(7), mode=bid_whist.BidMode.NO_TRUMP),
    ):
        assert tt.check(state, action) is not None


def test_messages_never_fail_on_huge_numbers_or_hostile_objects() -> None:
    state = bidding()

    class Hostile:
        def __str__(self) -> str:
            raise RuntimeError("boom")

        __repr__ = __str__

    for action in (tt.Pass(10**5000), wizard.Bid(10**5000, 0), Hostile()):
        with pytest.raises(tt.IllegalActionError) as caught:
            tt.apply(state, action)
        assert len(str(caught.value)) < 300


def test_legal_actions_are_memoised_on_the_state() -> None:
    for state in playout(tt.new_game(tt.OneCardConfig(players=3)), 2)[:40]:
        assert tt.legal_actions(state) is tt.legal_actions(state)


def test_a_field_type_the_door_cannot_test_is_refused_when_the_game_is_built() -> None:
    @attrs.frozen
    class Say:
        seat: int
        words: str

    with pytest.raises(TypeError, match=r"Say\.words: no exact-type test"):
        _field_types(Say)


BUILT_IN = [wizard, one_card, bid_whist, oh_hell]
ENGINE = ["new_game", "deal", "apply", "check", "legal_actions", "actor", "view", "is_over"]
ENGINE += ["scores", "winners", "parse_action", "zones", "with_zones"]


@pytest.mark.parametrize("module", BUILT_IN, ids=lambda m: m.__name__)
def test_every_built_in_game_is_one_instance_of_a_rules_class(module: ModuleType) -> None:
    rules = module.RULES
    assert isinstance(rules, kit.GameRules)
    assert any(tt.get_game(name).rules is rules for name in tt.available_games())
    assert type(rules).__module__ == module.__name__
    for name in ENGINE:
        function = getattr(module, name)
        assert isinstance(function, MethodType), name
        assert function.__self__ is rules, name
        assert function.__func__ is getattr(kit.GameRules, name), name  # written once


def constants(code: CodeType) -> tuple[object, ...]:
    """The constants of ``code``, the docstring's indentation (a method's is deeper) aside."""
    return tuple(inspect.cleandoc(c) if isinstance(c, str) else c for c in code.co_consts)


@pytest.mark.parametrize("name", ENGINE)
def test_the_source_of_a_public_engine_function_is_the_code_that_runs(name: str) -> None:
    function = getattr(kit.GameRules, name)
    assert isinstance(function, FunctionType)
    assert function.__module__ == kit.__name__
    assert not hasattr(function, "__wrapped__")
    source = textwrap.dedent(inspect.getsource(function))
    assert source.startswith(f"def {name}(")
    assert "pragma: no cover" not in source
    # compiled again from the source a reader sees, it is the same code
    namespace: dict[str, object] = {}
    flags = __future__.annotations.compiler_flag
    exec(compile(source, kit.__file__ or "", "exec", flags, dont_inherit=True), namespace)
    shown = namespace[name]
    assert isinstance(shown, FunctionType)
    code, seen = function.__code__, shown.__code__
    assert code.co_code == seen.co_code
    assert (code.co_names, code.co_varnames, constants(code)) == (
        seen.co_names,
        seen.co_varnames,
        constants(seen),
    )
    assert code.co_firstlineno == inspect.getsourcelines(function)[1]
    assert function.__closure__ is None
