"""tricktaking.render on hostile input: any seat name gives a parsable, encodable document,
and any bad number gives a typed error."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError, safe_repr
from tricktaking.records import GameRecord
from tricktaking.render import (
    RenderError,
    back_svg,
    card_svg,
    deal_count,
    deal_svg,
    extras_of,
    register_extras,
    svg,
    text,
)
from tricktaking.testing import playout
from tricktaking.tricks import Play, Trick

HUGE = 10**5000

# Every code point, surrogates and non-characters included: names come from clients.
ANY_CHARACTER = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None)


@cache
def _view() -> tt.one_card.OneCardView:
    state = tt.new_game(tt.OneCardConfig(players=3))
    return tt.view(tt.apply(state, tt.deal(state, seed=2)), 0)


@cache
def _record() -> GameRecord:
    final = playout(tt.new_game(tt.OneCardConfig(players=3, target=2)), seed=3)[-1]
    return GameRecord.from_state(final)


def _parses_and_encodes(picture: str) -> None:
    picture.encode("utf-8")
    ET.fromstring(picture)


@pytest.mark.parametrize(
    "name", ["\x00", "a\x01b", "\x1f", "\x7f\x80", "\ufffe", "\uffff", "\ud800", "x\udfffy"]
)
def test_a_name_xml_cannot_hold_still_gives_a_parsable_picture(name: str) -> None:
    picture = svg(_view(), names=[name, "Bob", "Cy"])
    _parses_and_encodes(picture)
    texts = [node.text or "" for node in ET.fromstring(picture).iter()]
    assert any("\ufffd" in text or text.startswith(name) for text in texts)


def test_ordinary_names_are_drawn_unchanged() -> None:
    names = ["Zoë", "李", "🂡 ace"]
    texts = {node.text for node in ET.fromstring(svg(_view(), names=names)).iter()}
    assert all(any(text and text.startswith(name) for text in texts) for name in names)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(ANY_CHARACTER, max_size=12), min_size=3, max_size=3))
def test_any_seat_names_give_a_parsable_encodable_picture(names: list[str]) -> None:
    _parses_and_encodes(svg(_view(), names=names))


@settings(max_examples=20, deadline=None)
@given(st.lists(st.text(ANY_CHARACTER, max_size=12), min_size=3, max_size=3))
def test_any_seat_names_give_a_parsable_encodable_replay(names: list[str]) -> None:
    _parses_and_encodes(deal_svg(_record(), 0, names=names))
    _parses_and_encodes(deal_svg(_record(), 0, step=1, names=names))


@pytest.mark.parametrize(
    "call",
    [
        lambda: deal_svg(_record(), HUGE),
        lambda: deal_svg(_record(), -HUGE),
        lambda: deal_svg(_record(), 0, step=HUGE),
        lambda: deal_svg(_record(), 0, step=0, seat=HUGE),
        lambda: svg(_view(), size=HUGE),
        lambda: svg(_view(), names=["a", "b", HUGE]),  # type: ignore[list-item]
    ],
)
def test_huge_numbers_get_a_render_error(call: object) -> None:
    assert callable(call)
    with pytest.raises(RenderError) as caught:
        call()
    error: object = caught.value
    assert isinstance(error, ArgumentError) and isinstance(error, ValueError)
    assert len(str(caught.value)) < 300


def test_names_that_are_not_a_sequence_get_a_render_error() -> None:
    with pytest.raises(RenderError, match="3 seat names"):
        svg(_view(), names=iter(["a", "b", "c"]))  # type: ignore[arg-type]
    with pytest.raises(RenderError, match="3 seat names"):
        svg(_view(), names=3)  # type: ignore[arg-type]


def test_a_card_picture_of_a_non_card_is_a_typed_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match="draws a Card") as caught:
        card_svg("QH")  # type: ignore[arg-type]
    error: object = caught.value
    assert isinstance(error, TypeError) and isinstance(error, TricktakingError)


@pytest.mark.parametrize(
    "colors", [5, ["red"], {"red": 5}, {"no such colour": "#fff"}, {3: "#fff"}, "red"]
)
def test_colors_that_are_not_a_mapping_of_known_names_to_text_get_a_render_error(
    colors: object,
) -> None:
    calls: list[Callable[[], object]] = [
        lambda: svg(_view(), colors=colors),  # type: ignore[arg-type]
        lambda: card_svg(tt.Card.parse("QH"), colors=colors),  # type: ignore[arg-type]
        lambda: back_svg(colors=colors),  # type: ignore[arg-type]
        lambda: deal_svg(_record(), 0, colors=colors),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(RenderError, match="colors"):
            call()


def test_known_colours_still_apply() -> None:
    assert "#123456" in svg(_view(), colors={"red": "#123456", "felt": "#123456"})


def test_register_extras_with_bad_arguments_is_a_typed_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match="register_extras"):
        register_extras(5, 5)  # type: ignore[arg-type]


@cache
def _wizard_view() -> tt.wizard.WizardView:
    state = tt.new_game(tt.WizardConfig(players=3, rounds=2))
    return tt.view(tt.apply(state, tt.deal(state, seed=4)), 1)


_WIZARD_TRICK = Trick(leader=3, plays=(Play(3, tt.Card.parse("WZ")),))

# A view's common fields replaced by values no game makes: each must be refused.
FORGED_FIELDS = [
    ("seat", HUGE),
    ("seat", True),
    ("players", object()),
    ("players", HUGE),
    ("phase", 1.5),
    ("phase", "play"),
    ("round_number", HUGE),
    ("round_number", -1),
    ("dealer", None),
    ("dealer", HUGE),
    ("hand", 0),
    ("hand", ("QH",)),
    ("hand_sizes", ("a", "b", "c")),
    ("hand_sizes", (HUGE, 0, 0)),
    ("hand_sizes", (-1, 0, 0)),
    ("trick", []),
    ("trick", _WIZARD_TRICK),  # a seat this table does not have
    ("tricks", None),
    ("tricks", (_WIZARD_TRICK,)),
    ("tricks_won", (0, 0, math.nan)),
    ("trump", {}),
    ("trump", "S"),
    ("scores", (HUGE, 0, 0)),
    ("scores", [0, 0, 0]),
    ("actor", b"\xff"),
    ("actor", HUGE),
    ("legal_actions", None),
]


def _forge(value: object, **fields: object) -> Any:
    """``value`` with ``fields`` replaced, whatever their types: a forgery."""
    return attrs.evolve(cast("Any", value), **fields)


def _id(value: object) -> str:
    if callable(value):
        return str(getattr(value, "__name__", "view"))
    plain = (int, float, str, bytes, tuple, list, dict, type(None), Trick)
    return safe_repr(value, 24) if isinstance(value, plain) else type(value).__name__


@pytest.mark.parametrize(("field", "value"), FORGED_FIELDS, ids=_id)
def test_a_view_with_a_forged_common_field_gets_a_render_error(field: str, value: object) -> None:
    forged = _forge(_view(), **{field: value})
    for draw in (svg, text):
        with pytest.raises(RenderError) as caught:
            draw(forged)
        assert field.replace("_", " ") in str(caught.value)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("view", "field", "value"),
    [
        (_wizard_view, "bids", math.inf),
        (_wizard_view, "bids", (HUGE, None, None)),
        (_wizard_view, "total_rounds", HUGE),
        (_view, "points", (-HUGE, 0, 0)),
        (_view, "calls", 1.5),
    ],
    ids=_id,
)
def test_a_view_with_a_forged_game_field_gets_a_render_error(
    view: Callable[[], object], field: str, value: object
) -> None:
    forged = _forge(view(), **{field: value})
    draws: tuple[Callable[[Any], object], ...] = (svg, text, extras_of)
    for draw in draws:
        with pytest.raises(RenderError, match="cannot draw"):
            draw(forged)


def test_an_action_that_cannot_be_written_is_still_drawn_as_a_choice() -> None:
    view = _wizard_view()
    choices = (tt.wizard.Bid(1, 0), tt.Pass(HUGE))
    forged = _forge(view, actor=view.seat, legal_actions=choices)
    assert "choices: bid 0, Pass(seat=<int of 16610 bits>)" in text(forged)
    _parses_and_encodes(svg(forged))


CONTROLS = ["\x00", "\x1b[2J", "\x07", "\x7f", "\x85", "\x9b", "\r", "\t", "\ud800", "\udfff"]


@pytest.mark.parametrize("bad", CONTROLS)
def test_text_replaces_control_characters_and_lone_surrogates_in_names(bad: str) -> None:
    lines = text(_view(), names=[f"A{bad}n", "Bob", "Cy"]).split("\n")
    lines[0].encode("utf-8")
    assert f"A\ufffd{bad[1:]}n" in "\n".join(lines)
    assert not any(bad[0] in line for line in lines)


def test_text_keeps_ordinary_names_and_non_characters() -> None:
    names = ["Zoë", "李\uffff", "🂡 ace"]
    shown = text(_view(), names=names)
    assert all(name in shown for name in names)


def test_a_seat_that_only_equals_an_int_is_not_a_seat() -> None:
    class Seat(int):
        pass

    for seat in (Seat(1), True):
        with pytest.raises(RenderError, match="seat must be"):
            deal_svg(_record(), 0, step=0, seat=seat)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", -7),
        ("game", "no-such-game"),
        ("game", "wizard"),  # the record is One Card's
        ("actions", 0),
        ("actions", HUGE),
        ("seats", 3),
    ],
    ids=_id,
)
def test_a_forged_record_gets_a_render_error(field: str, value: object) -> None:
    forged = _forge(_record(), **{field: value})
    with pytest.raises(RenderError):
        deal_svg(forged, 0)
    if field != "seats":  # counting deals reads no seat name
        with pytest.raises(RenderError):
            deal_count(forged)


def test_extras_of_a_view_with_a_huge_seat_count_is_refused_before_the_plug_in_runs() -> None:
    import attrs

    import tricktaking as tt
    from tricktaking.render import RenderError, extras_of

    state = tt.new_game(tt.WizardConfig(players=3, rounds=2))
    seen = tt.view(tt.apply(state, tt.deal(state, seed=1)), 0)
    with pytest.raises(RenderError, match="players"):
        extras_of(attrs.evolve(seen, players=2**64))
