"""Issue 15, the library part: every example of the issue, as a regression test.

Hostile input gets a documented TricktakingError and leaves the state unchanged;
crafted objects cannot bypass validation; records cost bounded time and memory.
"""

from __future__ import annotations

import importlib.util
import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import tricktaking as tt
from tricktaking import Card, Rank, records
from tricktaking.errors import ActionError, ArgumentError, ArgumentTypeError, safe_repr, safe_str
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.testing import playout


def _fuzz() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz.py"
    spec = importlib.util.spec_from_file_location("fuzz", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz()


def _states(config: object, seed: int = 1) -> list[tt.GameState[object]]:
    return playout(tt.new_game(config), seed)


def _first(config: object, phase: str, seed: int = 1) -> tt.GameState[object]:
    return next(s for s in _states(config, seed) if s.phase.value == phase)


WIZARD = tt.WizardConfig(players=3, rounds=3)
ONE_CARD = tt.OneCardConfig(players=3, target=10)
BID_WHIST = tt.BidWhistConfig(target=3)


def _seat(state: tt.GameState[object]) -> int:
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return seat


def _any(value: object) -> Any:  # a value of the wrong type, on purpose
    return value


def _rejected(state: tt.GameState[object], action: object) -> tt.Violation:
    """``check`` and ``apply`` agree that ``action`` is illegal; the state is unchanged."""
    before = hash(state)
    verdict = tt.check(state, action)
    assert verdict is not None
    with pytest.raises(tt.IllegalActionError) as caught:
        tt.apply(state, action)
    assert caught.value.violation is verdict
    assert hash(state) == before
    return verdict


# --- 1. untyped exceptions -----------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda s: tt.Pass(10**5000),
        lambda s: tt.Play(10**5000, Card.parse("QH")),
        lambda s: wizard.Bid(10**5000, 1),
        lambda s: wizard.Bid(_seat(s), 10**5000),
        lambda s: wizard.Bid(_seat(s), -(10**5000)),
    ],
)
def test_huge_ints_are_illegal_not_a_crash(make: object) -> None:
    state = _first(WIZARD, "bid")
    action = make(state)  # type: ignore[operator]
    _rejected(state, action)
    with pytest.raises(tt.IllegalActionError) as caught:
        tt.apply(state, action)
    message = str(caught.value)
    assert len(message) < 400


@pytest.mark.parametrize(
    ("config", "phase", "make"),
    [
        (ONE_CARD, "bid", lambda s: one_card.Bid(_seat(s), 10**5000)),
        (
            BID_WHIST,
            "bid",
            lambda s: bid_whist.Bid(_seat(s), 10**5000, bid_whist.BidMode.UPTOWN),
        ),
        (BID_WHIST, "bid", lambda s: tt.Pass(-(10**5000))),
        (ONE_CARD, "play", lambda s: tt.Play(10**5000, Card.parse("9H"))),
    ],
)
def test_huge_ints_in_every_game(config: object, phase: str, make: object) -> None:
    state = _first(config, phase)
    _rejected(state, make(state))  # type: ignore[operator]


def test_an_object_whose_str_raises_gets_a_typed_error() -> None:
    state = _first(WIZARD, "play")
    assert _rejected(state, fuzz.Unprintable()) is tt.Violation.UNKNOWN_ACTION
    assert _rejected(state, fuzz.LoudPass(0)) is tt.Violation.UNKNOWN_ACTION


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (wizard.parse_action, "1 bid ²"),
        (bid_whist.parse_action, "1 bid ¹U"),
        (wizard.parse_action, "١ bid ١"),
        (one_card.parse_action, "1 bid ١"),
        (one_card.parse_action, "1 bid " + "9" * 4301),
        (wizard.parse_action, "9" * 4301 + " bid 1"),
        (bid_whist.parse_action, "9" * 4301 + " pass"),
        (tt.parse_cards, "QH " * 10_000 + "ZZ" * 10_000),
        (wizard.parse_action, None),
        (bid_whist.parse_action, b"0 pass"),
    ],
)
def test_parsers_refuse_unicode_digits_and_huge_numbers(parse: object, text: object) -> None:
    with pytest.raises(tt.NotationError) as caught:
        parse(text)  # type: ignore[operator]
    assert len(str(caught.value)) < 400


def test_card_parse_keeps_its_message_short() -> None:
    with pytest.raises(tt.NotationError) as caught:
        Card.parse("x" * 1_000_000)
    assert len(str(caught.value)) < 300


def test_records_refuse_deep_nesting_and_huge_numbers() -> None:
    with pytest.raises(tt.RecordError):
        records.loads("[" * 1000)
    with pytest.raises(tt.RecordError):
        records.loads('{"format": "tricktaking-record", "x": ' + "[" * 100_000)
    with pytest.raises(tt.RecordError, match="digits"):
        records.loads('{"format": "tricktaking-record", "version": 1' + "0" * 5000 + "}")


def test_a_deal_from_any_integer_seed() -> None:
    state = tt.new_game(WIZARD)
    for seed in (10**5000, -(10**5000), 2**100_000):
        deal = tt.deal(state, seed)
        assert tt.deal(state, seed) == deal
        tt.apply(state, deal)
    assert tt.deal(state, 10**5000) != tt.deal(state, 10**5000 + 1)


def test_a_seed_keeps_its_shuffle_whatever_its_size() -> None:
    # the stream hashes the exact decimal digits, as it did before for small seeds
    from tricktaking.seeding import _decimal

    for seed in (0, 7, -3, 10**600, 3**5000, -(7**4000)):
        assert _decimal(seed) == str(seed)


def test_seeds_of_the_wrong_type_are_typed_errors() -> None:
    state = tt.new_game(WIZARD)
    for seed in (True, 1.5, "1", None):
        with pytest.raises(ActionError):
            tt.deal(state, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "options"),
    [
        (tt.OneCardConfig, {"players": 3, "target": 10**5000}),
        (tt.BidWhistConfig, {"target": 10**5000}),
        (tt.OneCardConfig, {"players": 3, "target": 1_000_001}),
        (tt.WizardConfig, {"players": True}),
        (tt.WizardConfig, {"players": 3, "first_dealer": fuzz.AlwaysEqual(0)}),
        (tt.OneCardConfig, {"players": fuzz.AlwaysEqual(3)}),
        (tt.BidWhistConfig, {"min_bid": fuzz.AlwaysEqual(1)}),
        (tt.WizardConfig, {"players": 3, "rounds": True}),
    ],
)
def test_configs_take_exact_ints_within_documented_bounds(
    make: Callable[..., object], options: dict[str, object]
) -> None:
    with pytest.raises(tt.ConfigError):
        make(**options)


def test_the_largest_target_dumps_and_loads() -> None:
    state = tt.new_game(tt.OneCardConfig(players=2, target=1_000_000))
    state = tt.apply(state, tt.deal(state, 3))
    assert records.loads(records.dumps(state)).final_state() == state


# --- 2. crafted objects --------------------------------------------------------------


def test_bids_refuse_ints_equal_to_everything() -> None:
    with pytest.raises(ActionError):
        wizard.Bid(0, fuzz.AlwaysEqual(0))
    with pytest.raises(ActionError):
        bid_whist.Bid(0, fuzz.AlwaysEqual(99), bid_whist.BidMode.NO_TRUMP)
    with pytest.raises(ActionError):
        one_card.Bid(fuzz.AlwaysEqual(0), 7)


@pytest.mark.parametrize(
    "make",
    [
        lambda: tt.Pass(True),
        lambda: wizard.Bid(1, True),
        lambda: wizard.Bid(False, 1),
        lambda: tt.Play(True, Card.parse("QH")),
        lambda: bid_whist.Bid(0, True, bid_whist.BidMode.UPTOWN),
        lambda: bid_whist.Discard(True, Card.parse("QH")),
        lambda: tt.ChooseTrump(True, tt.Suit.SPADES),
        lambda: tt.ChooseDirection(0, _any("uptown")),
        lambda: tt.ChooseTrump(0, _any("S")),
        lambda: bid_whist.Bid(0, 4, _any("NT")),
    ],
)
def test_bools_and_lookalikes_are_not_fields(make: object) -> None:
    with pytest.raises(ActionError) as caught:
        make()  # type: ignore[operator]
    assert isinstance(caught.value, TypeError)


def test_bool_seats_are_never_listed_as_legal() -> None:
    state = _first(BID_WHIST, "bid")
    assert all(type(action.seat) is int for action in tt.legal_actions(state))  # type: ignore[attr-defined]


def test_cards_are_the_librarys_flyweights() -> None:
    forged = fuzz.forged_card(Rank.QUEEN, tt.Suit.HEARTS)
    for make in (
        lambda: tt.Play(0, forged),
        lambda: bid_whist.Discard(0, forged),
        lambda: tt.Deal(hands=((forged,),), stock=()),
        lambda: tt.Play(0, _any("QH")),
        lambda: tt.Deal(hands=_any("QH"), stock=()),
    ):
        with pytest.raises(ActionError):
            make()


def test_a_deal_altered_after_the_engine_made_it_is_checked_in_full() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    genuine = tt.deal(state, 5)
    wizards = tuple((Card.parse("WZ"),) for _ in range(3))
    assert tt.check(state, attrs.evolve(genuine, hands=wizards)) is tt.Violation.BAD_DEAL
    object.__setattr__(genuine, "hands", wizards)
    _rejected(state, genuine)


def test_a_copied_deal_is_checked_and_still_legal() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    genuine = tt.deal(state, 5)
    copy = tt.Deal(hands=genuine.hands, stock=genuine.stock)
    assert tt.apply(state, copy) == tt.apply(state, genuine)


def _must_follow() -> Iterator[tuple[tt.GameState[object], tt.Play, Card]]:
    for seed in range(30):
        for state in _states(WIZARD, seed):
            seat = tt.actor(state)
            if state.phase.value != "play" or not isinstance(seat, int):
                continue
            hand = state.round.hands[seat]
            for card in hand:
                if tt.check(state, tt.Play(seat, card)) is tt.Violation.MUST_FOLLOW_SUIT:
                    legal = tt.legal_actions(state)[0]
                    assert isinstance(legal, tt.Play)
                    yield state, legal, card


def test_a_play_whose_card_changes_between_reads_is_refused() -> None:
    state, legal, off_suit = next(_must_follow())
    with pytest.raises(tt.IllegalActionError):
        tt.apply(state, fuzz.flip_play(legal.seat, legal.card, off_suit))


def test_a_deal_subclass_cannot_show_other_hands_after_the_check() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    genuine = tt.deal(state, 5)
    wizards = tuple((Card.parse("WZ"),) for _ in range(3))

    class Shifty(tt.Deal):
        reads = 0

        def __getattribute__(self, name: str) -> object:
            if name == "hands":
                Shifty.reads += 1
                return genuine.hands if Shifty.reads == 1 else wizards
            return object.__getattribute__(self, name)

    with pytest.raises(tt.IllegalActionError):
        tt.apply(state, Shifty(hands=genuine.hands, stock=genuine.stock))


def test_an_engine_deal_whose_class_is_swapped_is_not_taken_for_the_engine_s() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    genuine = tt.deal(state, 5)
    wizards = tuple((Card.parse("WZ"),) for _ in range(3))

    class Liar(tt.Deal):
        __slots__ = ()

        def __getattribute__(self, name: str) -> object:
            return wizards if name == "hands" else object.__getattribute__(self, name)

    object.__setattr__(genuine, "__class__", Liar)  # the same layout: CPython allows it
    _rejected(state, genuine)


def test_an_action_whose_seat_raises_gets_a_typed_error() -> None:
    state = _first(WIZARD, "bid")
    with pytest.raises(tt.IllegalActionError):
        tt.apply(state, fuzz.RaisingSeat())


# --- 3. records: strict types, bounded cost ------------------------------------------


def _record(config: object = WIZARD) -> dict[str, object]:
    data = json.loads(records.dumps(_states(config)[-1]))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("version", True),
        ("version", 1.0),
        ("game", "WIZARD"),
        ("game", "Wizard"),
        ("scores", "replace"),
        ("winners", [True]),
        ("seats", [1, 2, 3]),
        ("config", {"players": 3.0, "rounds": 3}),
        ("config", {"players": True, "rounds": 3}),
        ("config", {"players": 3, "rounds": [3]}),
    ],
)
def test_records_have_strict_types(field: str, value: object) -> None:
    data = _record()
    if value == "replace":
        scores = data["scores"]
        assert isinstance(scores, list)
        value = [float(scores[0]), bool(scores[1]), *scores[2:]]
    data[field] = value
    with pytest.raises(tt.RecordError):
        records.loads(json.dumps(data))


def test_records_refuse_repeated_keys_and_nan() -> None:
    text = records.dumps(_states(WIZARD)[-1])
    with pytest.raises(tt.RecordError, match="repeats"):
        records.loads(text.replace('"version": 1', '"version": 1, "version": 1'))
    with pytest.raises(tt.RecordError):
        records.loads(text.replace('"version": 1', '"version": NaN'))


def test_a_record_is_rejected_at_its_first_bad_action_without_reading_on() -> None:
    data = _record()
    actions = data["actions"]
    assert isinstance(actions, list)
    data["actions"] = ["0 play WZ", *actions[1:]]
    text = json.dumps(data)
    tail = text.index('"0 play WZ"') + len('"0 play WZ"')
    broken = text[:tail] + ", not json at all" + "[" * 10_000
    with pytest.raises(tt.RecordError) as caught:
        records.loads(broken)
    assert caught.value.index == 0


def test_header_fields_in_any_order_but_before_the_actions() -> None:
    data = _record()
    reordered = {key: data[key] for key in ("winners", "scores", "seats", "config", *data)}
    assert records.loads(json.dumps(reordered)).final_state() == _states(WIZARD)[-1]
    early = {key: data[key] for key in ("format", "actions", *data)}
    with pytest.raises(tt.RecordError, match="must come after"):
        records.loads(json.dumps(early))


def test_unknown_fields_are_checked_and_ignored() -> None:
    data = _record()
    data["comment"] = {"nested": [[["fine"]]]}
    assert records.loads(json.dumps(data)).game == "wizard"
    data["comment"] = json.loads("[" * 70 + "]" * 70)
    with pytest.raises(tt.RecordError, match="deeper than 64"):
        records.loads(json.dumps(data))
    assert records.loads(json.dumps(data), max_depth=100).game == "wizard"


def test_size_is_bounded_and_configurable() -> None:
    text = records.dumps(_states(WIZARD)[-1])
    with pytest.raises(tt.RecordError, match="larger than"):
        records.loads(text, max_size=100)
    with pytest.raises(tt.RecordError, match="larger than"):
        records.loads(text.encode(), max_size=100)
    assert records.loads(text, max_size=len(text)).game == "wizard"


@pytest.mark.parametrize(
    ("limits", "error", "words"),
    [
        ({"max_size": "x"}, ArgumentTypeError, "max_size must be an int"),
        ({"max_size": 1.5}, ArgumentTypeError, "max_size must be an int"),
        ({"max_size": True}, ArgumentTypeError, "max_size must be an int"),
        ({"max_size": -1}, ArgumentError, "max_size must be 0 to"),
        ({"max_depth": "x"}, ArgumentTypeError, "max_depth must be an int"),
        ({"max_depth": 0}, ArgumentError, "max_depth must be 1 to"),
    ],
)
def test_limits_that_are_not_counts_get_typed_errors_from_every_reader(
    limits: dict[str, object], error: type[Exception], words: str
) -> None:
    for seat in (None, 0):  # a whole game's record, and one seat's
        text = records.dumps(_states(WIZARD)[0], seat=seat)
        for read_text in (records.loads, records.loads_perspective, records.loads_any):
            with pytest.raises(error, match=words):
                read_text(text, **limits)  # type: ignore[arg-type]
        for read_file in (records.load, records.load_perspective):
            with pytest.raises(error, match=words):
                read_file(io.StringIO(text), **limits)  # type: ignore[arg-type]


@pytest.mark.parametrize("source", [True, None, "a record's text", 3])
def test_load_of_something_that_is_not_a_file_is_a_typed_error(source: object) -> None:
    with pytest.raises(ArgumentTypeError, match="load reads an open file"):
        records.load(source)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="load_perspective reads an open file"):
        records.load_perspective(source)  # type: ignore[arg-type]


class _Zeros(io.RawIOBase):
    """An endless stream of zero bytes, like /dev/zero."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        buffer[:] = bytes(len(buffer))
        return len(buffer)


def test_load_reads_a_bounded_amount_of_an_endless_file() -> None:
    with pytest.raises(tt.RecordError, match="larger than"):
        records.load(io.BufferedReader(_any(_Zeros())), max_size=1_000_000)


def test_load_of_undecodable_bytes_is_a_record_error() -> None:
    with pytest.raises(tt.RecordError):
        records.load(io.BytesIO(b'{"format": "\xff\xfe"}'))
    with pytest.raises(tt.RecordError):
        records.load(io.TextIOWrapper(io.BytesIO(b"\xff\xfe\xfa"), encoding="utf-8"))


def test_replay_of_a_record_with_a_foreign_config_is_a_record_error() -> None:
    record = records.GameRecord(
        game="wizard", config=object(), seats=(), actions=(), scores=(), winners=()
    )
    with pytest.raises(tt.RecordError):
        record.final_state()


def test_replay_messages_survive_hostile_actions() -> None:
    record = attrs.evolve(
        records.loads(records.dumps(tt.new_game(WIZARD))), actions=(fuzz.Unprintable(),)
    )
    with pytest.raises(tt.RecordError) as caught:
        record.final_state()
    assert caught.value.index == 0


def test_dumps_refuses_bad_seat_names_with_a_record_error() -> None:
    with pytest.raises(tt.RecordError):
        records.dumps(tt.new_game(WIZARD), seats=["a", "b", fuzz.Loud(1)])


# --- safe messages -------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        fuzz.Unprintable(),
        fuzz.Loud(3),
        10**5000,
        -(10**5000),
        "x" * 100_000,
        (10**5000,),
        tt.Pass(10**5000),
        fuzz.LoudPass(1),
        fuzz.RaisingSeat(),
        type("Named", (), {"__repr__": lambda self: 7})(),
    ],
    ids=lambda value: type(value).__name__,
)
def test_safe_repr_and_safe_str_never_raise_and_stay_short(value: object) -> None:
    for text in (safe_repr(value), safe_str(value), safe_repr(value, 10), safe_str(value, 1)):
        assert type(text) is str
    assert len(safe_repr(value)) <= 80
    assert len(safe_str(value, 30)) <= 30


def test_cards_and_decks_of_the_wrong_kind_are_action_errors() -> None:
    forged = fuzz.forged_card(Rank.QUEEN, tt.Suit.HEARTS)
    for make in (
        lambda: Card(Rank.WIZARD, tt.Suit.HEARTS),
        lambda: Card(Rank.QUEEN, None),
        lambda: Card(_any("Q"), tt.Suit.HEARTS),
        lambda: tt.Deck([forged]),
        lambda: tt.Deck(_any("QH KH")),
        lambda: tt.Deck(_any(7)),
    ):
        with pytest.raises(ActionError) as caught:
            make()
        assert isinstance(caught.value, TypeError | ValueError)


def test_an_unknown_field_is_bounded_in_size() -> None:
    data = _record()
    data["comment"] = [[]] * 400_000
    with pytest.raises(tt.RecordError, match="not closed within"):
        records.loads(json.dumps(data))
    data["comment"] = [[]] * 1000
    assert records.loads(json.dumps(data)).game == "wizard"
