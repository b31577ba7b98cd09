"""tricktaking.render: golden pictures, well-formed and deterministic SVG, no hidden card."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import tricktaking as tt
from tricktaking.records import GameRecord
from tricktaking.render import (
    CardGroup,
    RenderError,
    TableExtras,
    back_svg,
    card_svg,
    deal_count,
    deal_svg,
    register_extras,
    repr_svg,
    svg,
    text,
)
from tricktaking.testing import playout
from tricktaking.tricks import Play, Trick
from tricktaking.views import JSONValue

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "render_golden"
NS = "{http://www.w3.org/2000/svg}"

CONFIGS = {
    "wizard": tt.WizardConfig(players=4, rounds=4),
    "one-card": tt.OneCardConfig(players=3, target=5),
    "bid-whist": tt.BidWhistConfig(kitty="exchange"),
}


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "render_goldens", ROOT / "tools" / "render_goldens.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pictures() -> dict[str, str]:
    made: dict[str, str] = _load_tool().pictures()
    return made


def _cards_drawn(picture: str) -> list[str]:
    return [
        node.get("data-card", "") for node in ET.fromstring(picture).iter() if node.get("data-card")
    ]


def test_goldens_cover_every_game_and_phase(pictures: dict[str, str]) -> None:
    stored = {path.name for path in GOLDEN.glob("*.svg")}
    assert stored == set(pictures), "run tools/render_goldens.py and review the new pictures"
    for game in tt.available_games():
        phases = {
            name.removeprefix(game + "-").removesuffix(".svg")
            for name in pictures
            if name.startswith(game + "-")
        }
        assert {"deal", "bid", "play", "over", "deal-sheet", "deal-frame"} <= phases
    assert "wizard-choose_trump.svg" in pictures
    assert "one-card-choose_direction.svg" in pictures
    assert {"bid-whist-choose.svg", "bid-whist-discard.svg"} <= set(pictures)


def test_pictures_equal_their_goldens(pictures: dict[str, str]) -> None:
    for name, picture in sorted(pictures.items()):
        golden = (GOLDEN / name).read_text(encoding="utf-8")
        assert picture + "\n" == golden, (
            f"{name} differs from its golden; see tools/render_goldens.py"
        )


def test_pictures_are_well_formed_svg(pictures: dict[str, str]) -> None:
    for name, picture in pictures.items():
        root = ET.fromstring(picture)
        assert root.tag == NS + "svg", name
        assert root.get("viewBox", "").startswith("0 0 "), name


def _states(game: str) -> Iterator[tt.GameState[object]]:
    """About 25 states spread over a whole game, every phase among them."""
    states = playout(tt.new_game(CONFIGS[game]), 11)
    yield from states[:: max(1, len(states) // 25)]


# Every card token is two letters or digits standing alone.
_TWO_CHARACTER_WORDS = re.compile(r"(?<![A-Za-z0-9])([A-Za-z0-9]{2})(?![A-Za-z0-9])")


# A text element's content: escaped by the renderer, so it never holds a "<".
_TEXT_CONTENT = re.compile(r"(<text\b[^>]*>)[^<]*(</text>)")


def _without_texts(picture: str) -> str:
    """The picture with its text nodes emptied: bids such as Bid Whist's ``5D`` look
    like card tokens, so texts are checked by :func:`_swap_hidden` instead."""
    return _TEXT_CONTENT.sub(r"\1\2", picture)


def test_emptying_the_texts_leaves_the_rest_of_the_picture() -> None:
    picture = svg(_play_view())
    emptied = _without_texts(picture)
    root = ET.fromstring(emptied)
    assert all(not node.text for node in root.iter(NS + "text"))
    assert len(list(root.iter())) == len(list(ET.fromstring(picture).iter()))
    assert _cards_drawn(emptied) == _cards_drawn(picture)


def _swap_hidden(game: str, state: tt.GameState[object], seat: int) -> tt.GameState[object] | None:
    """``state`` with the cards hidden from ``seat`` moved round between their zones."""
    rules = tt.get_game(game).rules
    hidden = [z for z in rules.zones(state) if z.seen_by is not None and seat not in z.seen_by]
    cards = [card for zone in hidden for card in zone.cards]
    if len(set(cards)) < 2:
        return None
    turned = cards[1:] + cards[:1]
    new: dict[str, tuple[tt.Card, ...]] = {}
    for zone in hidden:
        new[zone.name], turned = tuple(turned[: len(zone.cards)]), turned[len(zone.cards) :]
    return rules.with_zones(state, new)


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_a_seat_picture_never_holds_a_hidden_card(game: str) -> None:
    rules = tt.get_game(game).rules
    checked = swapped = 0
    for state in _states(game):
        zones = rules.zones(state)
        for seat in range(len(tt.scores(state))):
            visible = {str(card) for zone in zones if zone.visible_to(seat) for card in zone.cards}
            hidden = {
                str(card) for zone in zones if not zone.visible_to(seat) for card in zone.cards
            }
            picture = svg(tt.view(state, seat))
            assert set(_cards_drawn(picture)) <= visible
            words = set(_TWO_CHARACTER_WORDS.findall(_without_texts(picture)))
            assert not words & (hidden - visible), seat
            checked += len(hidden - visible)
            other = _swap_hidden(game, state, seat)
            if other is not None:
                assert svg(tt.view(other, seat)) == picture
                swapped += 1
    assert checked > 100 and swapped > 10


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_the_same_view_gives_the_same_picture(game: str) -> None:
    first = list(_states(game))
    second = list(_states(game))
    for one, two in zip(first, second, strict=True):
        assert svg(tt.view(one, 0)) == svg(tt.view(two, 0))
        assert text(tt.view(one, 1)) == text(tt.view(two, 1))


def test_seat_names_are_escaped_never_injected() -> None:
    state = tt.new_game(tt.OneCardConfig(players=3))
    state = tt.apply(state, tt.deal(state, seed=2))
    names = ['<script>alert("x")</script>', "A & B", "]]><!--"]
    picture = svg(tt.view(state, 0), names=names)
    assert "<script>" not in picture and "]]><!--" not in picture
    texts = [node.text or "" for node in ET.fromstring(picture).iter(NS + "text")]
    assert any(text.startswith("A & B") for text in texts)
    assert any(text.startswith("]]><!--") for text in texts)


def test_bad_input_gets_a_render_error() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    seen = tt.view(state, 0)
    with pytest.raises(RenderError, match="not a player view"):
        svg(object())  # type: ignore[arg-type]
    with pytest.raises(RenderError, match="3 seat names"):
        svg(seen, names=["only one"])
    with pytest.raises(RenderError, match="3 seat names"):
        svg(seen, names="abc")
    with pytest.raises(RenderError, match="must be strings"):
        svg(seen, names=["a", "b", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        card_svg("QH")  # type: ignore[arg-type]
    for size in (0, -5, "800", True, float("nan")):
        with pytest.raises(RenderError, match="size must be"):
            svg(seen, size=size)  # type: ignore[arg-type]


def _play_view() -> tt.one_card.OneCardView:
    state = tt.new_game(tt.OneCardConfig(players=3))
    state = tt.apply(state, tt.deal(state, seed=4))
    while state.phase.value != "play" or not state.round.trick.plays:
        state = tt.apply(state, tt.legal_actions(state)[-1])
    seat = tt.actor(state)
    assert isinstance(seat, int)
    return tt.view(state, seat)


def test_legal_cards_are_marked_and_the_others_dimmed() -> None:
    seen = _play_view()
    legal = {str(action.card) for action in seen.legal_actions if isinstance(action, Play)}
    root = ET.fromstring(svg(seen))
    own = next(node for node in root.iter(NS + "g") if node.get("class") == "hand own")
    marks = {node.get("data-card"): node.get("class") for node in own if node.get("data-card")}
    assert marks == {
        str(card): "card legal" if str(card) in legal else "card illegal" for card in seen.hand
    }
    assert "card illegal" in marks.values()


def _seat_boxes(picture: str) -> dict[int, tuple[float, float]]:
    boxes: dict[int, tuple[float, float]] = {}
    for node in ET.fromstring(picture).iter(NS + "g"):
        if node.get("class") == "seat":
            rect = node.find(NS + "rect")
            assert rect is not None
            boxes[int(node.get("data-seat", "-1"))] = (
                float(rect.get("x", "0")),
                float(rect.get("y", "0")),
            )
    return boxes


def test_seats_sit_around_the_viewer_in_playing_order() -> None:
    state = tt.new_game(tt.BidWhistConfig())
    state = tt.apply(state, tt.deal(state, seed=1))
    boxes = _seat_boxes(svg(tt.view(state, 2)))
    assert boxes[2][1] == max(y for _, y in boxes.values())  # the viewer at the bottom
    assert boxes[3][0] == min(x for x, _ in boxes.values())  # next to play: on its left
    assert boxes[0][1] == min(y for _, y in boxes.values())  # the partner across
    assert boxes[1][0] == max(x for x, _ in boxes.values())


def test_trick_cards_lie_on_the_side_of_their_seat() -> None:
    seen = _play_view()
    root = ET.fromstring(svg(seen))
    trick = next(node for node in root.iter(NS + "g") if node.get("class") == "trick")
    drawn = {int(node.get("data-seat", "-1")): node.get("data-card") for node in trick}
    assert drawn == {play.seat: str(play.card) for play in seen.trick.plays}


def test_every_card_has_a_face_and_the_specials_are_distinct() -> None:
    faces = {}
    for card in (*tt.Deck.wizard().cards, *tt.Deck.one_card().cards, *tt.Deck.bid_whist().cards):
        picture = card_svg(card, size=90)
        root = ET.fromstring(picture)
        assert root.get("width") == "90" and root.get("height") == "126"
        assert _cards_drawn(picture) == [str(card)]
        faces[str(card)] = picture
    assert len({faces[token] for token in ("WZ", "JE", "JK", "RJ", "BJ")}) == 5
    assert "data-card" not in back_svg() and 'class="card back"' in back_svg()
    red, black = "#c62828", "#1b1b1b"
    assert f'fill="{red}"' in faces["QH"] and f'fill="{red}"' in faces["2D"]
    assert f'fill="{black}"' in faces["QS"] and f'fill="{red}"' not in faces["QC"]
    assert f'fill="{red}"' in faces["RJ"] and f'fill="{red}"' not in faces["BJ"]
    assert card_svg(tt.Card.parse("QH"), colors={"red": "#ff0000"}).count("#ff0000") > 0


def _record(game: str, seed: int = 3) -> GameRecord:
    final = playout(tt.new_game(CONFIGS[game]), seed)[-1]
    return GameRecord.from_state(final)


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_a_replay_frame_shows_every_hand_face_up(game: str) -> None:
    record = _record(game)
    assert deal_count(record) >= 1
    states = list(record.states())
    start = next(i for i, action in enumerate(record.actions) if isinstance(action, tt.Deal))
    state = states[start + 1 + 5]
    drawn = _cards_drawn(deal_svg(record, 0, step=5, seat=1))
    for hand in state.round.hands:
        assert all(str(card) in drawn for card in hand)
    sheet = deal_svg(record, 0)
    ET.fromstring(sheet)
    deal = record.actions[start]
    assert isinstance(deal, tt.Deal)
    assert all(str(card) in _cards_drawn(sheet) for hand in deal.hands for card in hand)


def test_a_deal_still_being_played_cannot_be_replayed() -> None:
    states = playout(tt.new_game(CONFIGS["wizard"]), 3)
    middle = next(
        state
        for state in states
        if state.round.number == 2 and getattr(state, "phase").value == "play"  # noqa: B009
    )
    record = GameRecord.from_state(middle)
    assert deal_count(record) == 1
    deal_svg(record, 0)
    with pytest.raises(RenderError, match="cannot be replayed"):
        deal_svg(record, 1, step=0)
    with pytest.raises(RenderError, match="step must be"):
        deal_svg(record, 0, step=10_000)
    with pytest.raises(RenderError, match="seat must be"):
        deal_svg(record, 0, step=0, seat=9)
    with pytest.raises(RenderError, match="GameRecord"):
        deal_svg(middle, 0)  # type: ignore[arg-type]


_QUEEN_LED = Trick(leader=1, plays=(Play(1, tt.Card.parse("QS")),))


@attrs.frozen
class _OtherView:
    """A view of an imaginary fourth game, with only the common fields."""

    seat: int = 0
    players: int = 2
    phase: tt.Direction = tt.Direction.UPTOWN  # any enum whose values are words
    round_number: int = 1
    dealer: int = 1
    hand: tuple[tt.Card, ...] = tt.parse_cards("AS KS")
    hand_sizes: tuple[int, ...] = (2, 2)
    trick: Trick = _QUEEN_LED
    tricks: tuple[Trick, ...] = ()
    tricks_won: tuple[int, ...] = (0, 0)
    trump: tt.Suit | None = None
    scores: tuple[int, ...] = (3, 4)
    actor: int | None = 0
    legal_actions: tuple[Play, ...] = (Play(0, tt.Card.parse("AS")),)

    def to_dict(self) -> dict[str, JSONValue]:
        return {"game": "imaginary-game"}


def test_register_extras_still_adds_a_games_extras_but_is_deprecated() -> None:
    seen = _OtherView()
    plain = svg(seen)
    assert "hidden treasure" not in plain
    with pytest.warns(DeprecationWarning, match="declare render_extras"):
        register_extras(
            "imaginary-game",
            lambda view: TableExtras(
                lines=("hidden treasure",),
                seat_notes=(("note zero",), ("note one",)),
                groups=(CardGroup(label="pile", cards=(None, tt.Card.parse("2C"))),),
            ),
        )
    picture = svg(seen)
    assert "hidden treasure" in picture and "note one" in picture
    assert _cards_drawn(picture).count("2C") == 1
    assert "hidden treasure" in text(seen)


def test_a_view_whose_fields_do_not_fit_gets_a_render_error() -> None:
    with pytest.raises(RenderError, match="seat must be an int 0 to 1, not 5"):
        svg(_OtherView(seat=5))
    with pytest.raises(RenderError, match="scores must be a tuple of 2 ints"):
        svg(_OtherView(scores=(1, 2, 3)))


def test_text_and_repr_svg() -> None:
    seen = _play_view()
    assert repr_svg(seen) == svg(seen)
    assert svg(seen)._repr_svg_() == svg(seen)
    lines = text(seen, ascii_only=True).splitlines()
    hand = next(line for line in lines if line.startswith("hand: "))
    for action in seen.legal_actions:
        assert isinstance(action, Play)
        assert f"[{action.card.pretty(ascii_only=True)}]" in hand


def test_the_render_benchmark_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("render_bench", ROOT / "benchmarks" / "render.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--quick"])
    out = capsys.readouterr().out
    assert "| game | renderer | median ms | lowest–highest ms |" in out
    for game in ("Wizard", "One Card", "Bid Whist"):
        assert f"| {game}" in out
    assert out.count("| svg(view) |") == 3
