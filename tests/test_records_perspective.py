"""Perspective records: what one seat saw, nothing else, read back into the views it had."""

from __future__ import annotations

import io
import itertools
import json
import random

import pytest

import tricktaking as tt
from tricktaking import records
from tricktaking._seen import seen_tokens
from tricktaking.engine import GameState
from tricktaking.errors import RecordError
from tricktaking.records import (
    GameRecord,
    PerspectiveRecord,
    dumps,
    loads,
    loads_perspective,
    replay_views,
)
from tricktaking.testing import playout
from tricktaking.worlds import sample_world

VARIANTS: tuple[object, ...] = (
    tt.WizardConfig(players=4, rounds=6),
    tt.WizardConfig(players=3, rounds=4, bid_rule="hook"),
    tt.WizardConfig(players=6, rounds=3),
    tt.OhHellConfig(players=4),
    tt.OhHellConfig(players=3, first_dealer=None),
    tt.OhHellConfig(players=5, hand_size=4, off_bid_penalty=True),
    tt.OhHellConfig(players=3, schedule="up", max_hand_size=3),
    tt.OneCardConfig(players=2, target=10),
    tt.OneCardConfig(players=3),
    tt.OneCardConfig(players=4, target=15),
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange"),
    tt.BidWhistConfig(kitty="exchange", nt_double=True, first_lead="declarer"),
)


def games(config: object, count: int) -> list[list[GameState[object]]]:
    return [playout(tt.new_game(config), seed=seed) for seed in range(count)]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_a_perspective_record_reads_back_into_the_views_the_seat_had(config: object) -> None:
    rng = random.Random(repr(config))
    for states in games(config, 3):
        for cut in {len(states) - 1, rng.randrange(len(states)), rng.randrange(len(states))}:
            state = states[cut]
            for seat in range(len(tt.scores(state))):
                record = loads_perspective(dumps(state, seat=seat))
                assert list(record.views) == [tt.view(each, seat) for each in states[: cut + 1]]
                assert (record.scores, record.winners) == (tt.scores(state), tt.winners(state))
                assert record == PerspectiveRecord.from_state(state, seat)


def test_swapping_the_cards_a_seat_cannot_see_changes_nothing_in_its_record() -> None:
    """The last deal is dealt again as a world the seat allows: the seat's record is the same."""
    positions = 0
    for config in (*VARIANTS[::2], tt.BidWhistConfig(kitty="exchange")):
        for states in games(config, 2):
            for count, state in enumerate(states[1:], start=1):
                actions = state.history.to_tuple()
                last = max(i for i, action in enumerate(actions) if isinstance(action, tt.Deal))
                positions += 1
                seat = positions % len(tt.scores(state))
                world = sample_world(tt.view(state, seat), seed=positions)
                swapped = [states[last]]
                for action in world.history.to_tuple():
                    swapped.append(tt.apply(swapped[-1], action))
                assert tt.view(swapped[-1], seat) == tt.view(state, seat)
                ours = states[: count + 1]
                theirs = [*states[:last], *swapped]
                assert seen_tokens(theirs, seat, start=last) == seen_tokens(ours, seat, start=last)
    assert positions >= 1000


def named(token: str) -> list[tt.Card]:
    found = []
    for word in token.replace("/", " ").replace(":", " ").split():
        try:
            found.append(tt.Card.parse(word))
        except ValueError:
            continue
    return found


def test_a_record_names_only_cards_the_seat_saw() -> None:
    for config in VARIANTS:
        for states in games(config, 1):
            final = states[-1]
            actions = final.history.to_tuple()
            for seat in range(len(tt.scores(final))):
                tokens = PerspectiveRecord.from_state(final, seat).actions
                for index, token in enumerate(tokens):
                    after = states[index + 1]
                    end = next(
                        (
                            i
                            for i in range(index + 1, len(actions))
                            if isinstance(actions[i], tt.Deal)
                        ),
                        len(actions),
                    )
                    seen = set()
                    for later in states[index + 1 : end + 1]:
                        for zone in tt.game_of(after).rules.zones(later):
                            if zone.visible_to(seat):
                                seen |= set(zone.cards)
                    if "bid" not in token:
                        assert set(named(token)) <= seen, (index, token)


def mutants(text: str, rng: random.Random, count: int) -> list[str]:
    """Records changed in one place each: a token named, dropped, doubled, moved, reseated."""
    cards = [str(card) for card in tt.Deck.wizard()] + ["JK", "RJ", "BJ", "9S"]
    base = json.loads(text)
    found = []
    for _ in range(count):
        data = json.loads(text)
        actions = data["actions"]
        index = rng.randrange(len(actions))
        token = actions[index]
        words = token.split()
        match rng.randrange(6):
            case 0:
                actions[index] = token.replace("?", rng.choice(cards) + " ?", 1)
            case 1 if len(words) == 3:
                actions[index] = " ".join([*words[:2], rng.choice(cards)])
            case 2:
                actions.insert(index, token)
            case 3:
                other = rng.randrange(len(actions))
                actions[index], actions[other] = actions[other], actions[index]
            case 4:
                data["seat"] = rng.choice([-1, (base["seat"] + 1) % len(base["seats"]), 99])
            case _:
                actions[index] = token[: rng.randrange(len(token))]
        found.append(json.dumps(data))
    return found


def test_mutants_of_perspective_records_are_refused_with_record_errors_or_are_records() -> None:
    rng = random.Random(7)
    refused = 0
    for config in (VARIANTS[0], VARIANTS[3], VARIANTS[8], VARIANTS[11]):
        for states in games(config, 3):
            state = states[rng.randrange(1, len(states))]
            for seat in range(len(tt.scores(state))):
                for mutant in mutants(dumps(state, seat=seat), rng, 8):
                    try:
                        record = loads_perspective(mutant)
                    except RecordError:
                        refused += 1
                        continue
                    # a mutant that reads is a record some game gives: it writes back as it is
                    assert json.loads(mutant)["actions"] == list(record.actions)
    assert refused > 200


@pytest.fixture(scope="module")
def finished() -> GameState[object]:
    return playout(tt.new_game(tt.WizardConfig(players=3, rounds=3)), seed=2)[-1]


def test_a_card_played_twice_is_refused_at_its_index(finished: GameState[object]) -> None:
    data = json.loads(dumps(finished, seat=0))
    plays = [i for i, token in enumerate(data["actions"]) if " play " in token and token[0] != "0"]
    index = plays[1]
    data["actions"][index] = data["actions"][plays[0]].replace(
        data["actions"][plays[0]][0], data["actions"][index][0], 1
    )
    with pytest.raises(RecordError) as caught:
        loads_perspective(json.dumps(data))
    assert caught.value.index is not None and caught.value.index <= index


def test_a_hidden_card_named_is_refused_at_its_index(finished: GameState[object]) -> None:
    data = json.loads(dumps(finished, seat=0))
    truth = json.loads(dumps(finished))["actions"]
    deals = [i for i, token in enumerate(data["actions"]) if token.startswith("deal")]
    data["actions"][deals[1]] = truth[deals[1]]
    with pytest.raises(RecordError, match="is not what seat 0 saw") as caught:
        loads_perspective(json.dumps(data))
    assert caught.value.index == deals[1]


def test_another_seats_discard_is_hidden_and_naming_it_is_refused() -> None:
    config = tt.BidWhistConfig(kitty="exchange")
    final = playout(tt.new_game(config), seed=3)[-1]
    actions = final.history.to_tuple()
    declarer = next(a.seat for a in actions if isinstance(a, tt.bid_whist.Discard))
    other = (declarer + 1) % 4
    data = json.loads(dumps(final, seat=other))
    hidden = [i for i, token in enumerate(data["actions"]) if token.endswith("discard ?")]
    assert len(hidden) >= 6
    data["actions"][hidden[0]] = str(actions[hidden[0]])
    with pytest.raises(RecordError) as caught:
        loads_perspective(json.dumps(data))
    assert caught.value.index == hidden[0]
    own = json.loads(dumps(final, seat=declarer))["actions"]
    assert not any(token.endswith("?") for token in own if "discard" in token)


def test_full_and_perspective_records_are_told_apart(finished: GameState[object]) -> None:
    with pytest.raises(RecordError, match="loads_perspective"):
        loads(dumps(finished, seat=1))
    with pytest.raises(RecordError, match="no 'seat' field"):
        loads_perspective(dumps(finished))
    with pytest.raises(RecordError):
        dumps(finished, seat=3)
    full = GameRecord.from_state(finished)
    assert list(replay_views(full, seat=2)) == list(
        loads_perspective(dumps(finished, seat=2)).views
    )
    with pytest.raises(RecordError):
        list(replay_views(full))
    with pytest.raises(RecordError):
        list(replay_views(loads_perspective(dumps(finished, seat=2)), seat=1))


def test_a_perspective_record_goes_to_a_file_and_back(
    finished: GameState[object], tmp_path: object
) -> None:
    buffer = io.StringIO()
    records.dump(finished, buffer, seat=1)
    record = records.load_perspective(io.StringIO(buffer.getvalue()))
    assert record.seat == 1 and record.views[-1] == tt.view(finished, 1)
    assert list(itertools.islice(replay_views(record), 1)) == [record.views[0]]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda data: data.update(format="other"), "not a tricktaking record"),
        (lambda data: data.pop("winners"), "no 'winners' field"),
        (lambda data: data.update(version=9), "version 9 is not supported"),
        (lambda data: data.update(version="1"), "'version' field has the wrong type"),
        (lambda data: data.update(game="skat"), "unknown game"),
        (lambda data: data.update(game=3), "'game' field has the wrong type"),
        (lambda data: data.update(config={"players": 99}), "invalid wizard configuration"),
        (lambda data: data.update(seats=["a"]), "must name 3 seats"),
        (lambda data: data.update(seat=7), "seat must be 0 to 2"),
        (lambda data: data.update(scores=[0, 0, 0]), "stored result"),
        (lambda data: data.update(extra={"later": [1, 2]}), ""),
        (lambda data: data["actions"].insert(0, "1 bid 0"), "not the first deal"),
        (lambda data: data["actions"].__setitem__(0, "deal dealer x: ?1 / ?1"), "names no dealer"),
        (lambda data: data["actions"].__setitem__(0, "deal ?1 / ?1"), "groups"),
    ],
)
def test_what_is_wrong_with_a_perspective_record_is_said(
    finished: GameState[object], change: object, words: str
) -> None:
    data = json.loads(dumps(finished, seat=1))
    change(data)  # type: ignore[operator]
    if not words:
        assert loads_perspective(json.dumps(data)).seat == 1
        return
    with pytest.raises(RecordError, match=words):
        loads_perspective(json.dumps(data))


def test_hidden_runs_may_be_split_and_a_record_must_be_an_object_once() -> None:
    from tricktaking._seen import SeenDeal

    assert str(SeenDeal.parse("deal ?1 ?2 / QH")) == "deal ?3 / QH"
    with pytest.raises(RecordError, match="not a tricktaking record"):
        loads_perspective("[1]")
    with pytest.raises(RecordError, match="repeats"):
        loads_perspective('{"seat": 1, "seat": 1}')
    with pytest.raises(RecordError, match="extra text"):
        loads_perspective('{"seat": 1} {}')
    with pytest.raises(RecordError, match="not text"):
        records.load_perspective(io.TextIOWrapper(io.BytesIO(b"{\xff\xfd"), encoding="utf-8"))


def test_the_seats_own_illegal_play_is_refused(finished: GameState[object]) -> None:
    data = json.loads(dumps(finished, seat=0))
    own = next(i for i, token in enumerate(data["actions"]) if token.startswith("0 play "))
    data["actions"][own] = "0 play 2C" if not data["actions"][own].endswith("2C") else "0 play 3C"
    with pytest.raises(RecordError) as caught:
        loads_perspective(json.dumps(data))
    assert caught.value.index == own
