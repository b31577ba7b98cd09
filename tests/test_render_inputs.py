"""tricktaking.render on hostile input: any seat name gives a parsable, encodable document,
and any bad number gives a typed error."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaking as tt
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError
from tricktaking.records import GameRecord
from tricktaking.render import RenderError, back_svg, card_svg, deal_svg, register_extras, svg
from tricktaking.testing import playout

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
