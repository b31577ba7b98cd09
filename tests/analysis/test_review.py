"""The review: every card valued as plain minimax values it, hand-checked endgames, and
hostile arguments refused with typed errors."""

from __future__ import annotations

import json
import math

import attrs
import pytest

import tricktaking as tt
from tricktaking import records
from tricktaking.analysis import DEFAULT_MAX_CARDS_LEFT, review
from tricktaking.cards import Card, parse_cards
from tricktaking.engine import GameState
from tricktaking.errors import ArgumentError, ArgumentTypeError, RecordError
from tricktaking.simulate import game_states
from tricktaking.tricks import Play

from . import minimax

pytest.importorskip("numba", reason="the review needs the batch extra")

# One small game of each, and the bound under which plain minimax solves it in a moment.
GAMES: tuple[tuple[object, int, int], ...] = (
    (tt.WizardConfig(players=3, rounds=3), 3, 3),
    (tt.OhHellConfig(players=3, hand_size=3), 3, 3),
    (tt.OneCardConfig(players=3, target=1), 3, 3),
    (tt.BidWhistConfig(target=1), 4, 2),
)


def _final(config: object, seats: int, seed: int = 4) -> GameState[object]:
    return list(game_states(config, ["heuristic"] * seats, seed))[-1]


@pytest.mark.parametrize(("config", "seats", "bound"), GAMES, ids=lambda item: str(item)[:20])
def test_every_solved_card_has_the_value_plain_minimax_gives_it(
    config: object, seats: int, bound: int
) -> None:
    final = _final(config, seats)
    result = review(final, max_cards_left=bound)
    states = list(records.GameRecord.from_state(final).states())
    solved = [play for play in result.plays if play.status == "solved"]
    assert solved  # the last tricks of every deal are within the bound
    for play in result.plays:
        before = states[play.index]
        if play.status == "too_large":
            assert max(len(hand) for hand in before.round.hands) > bound
            assert play.value is None and play.verdict is None
            continue
        values = minimax.card_values(before)
        assert play.value == values[Play(play.seat, play.card)]
        assert play.best == max(values.values())
        assert play.best_cards == tuple(p.card for p, v in values.items() if v == play.best)


@pytest.mark.parametrize(("config", "seats", "bound"), GAMES, ids=lambda item: str(item)[:20])
def test_a_review_covers_every_card_and_call_of_the_record(
    config: object, seats: int, bound: int
) -> None:
    final = _final(config, seats, seed=9)
    result = review(records.GameRecord.from_state(final), max_cards_left=bound)
    history = final.history.to_tuple()
    plays = [i for i, action in enumerate(history) if isinstance(action, Play)]
    assert [play.index for play in result.plays] == plays
    assert result.finished and all(deal.finished for deal in result.deals)
    assert len(result.deals) == sum(isinstance(action, tt.Deal) for action in history)
    for deal in result.deals:
        for bid in deal.bids:
            assert history[bid.index] == bid.action and bid.action.seat == bid.seat  # type: ignore[attr-defined]


def _wizard_round_two(hands: dict[int, str], turn_up: str) -> tuple[GameState[object], int]:
    """A 3-player Wizard game at its second deal, with these hands by seat from the leader."""
    state = next(iter(game_states(tt.WizardConfig(players=3, rounds=2), ["heuristic"] * 3, 2)))
    state = tt.apply(state, tt.deal(state, seed=1))
    for _ in range(6):  # round one: three bids, three cards
        seat = tt.actor(state)
        state = tt.apply(state, tt.legal_actions(state)[0])
        assert isinstance(seat, int)
    assert tt.actor(state) is tt.CHANCE
    leader = tt.actor(tt.apply(state, tt.deal(state, seed=1)))  # left of the new dealer
    assert isinstance(leader, int)
    dealt = {(leader + offset) % 3: parse_cards(text) for offset, text in hands.items()}
    rest = list(tt.Deck.wizard())
    for card in [card for cards in dealt.values() for card in cards] + [Card.parse(turn_up)]:
        rest.remove(card)
    deal = tt.Deal(
        hands=tuple(dealt[seat] for seat in range(3)), stock=(Card.parse(turn_up), *rest)
    )
    state = tt.apply(state, deal)
    assert tt.actor(state) == leader
    return state, leader


def test_leading_the_jester_with_a_bid_of_one_throws_the_bid_away() -> None:
    # The leader holds AS and a Jester and bid 1; the others hold KS 3H and QS 4H, clubs
    # are trump. AS wins the first trick (both must follow), and the Jester then loses: one
    # trick, exactly. Led first, the Jester lets the next seat choose the suit: KS makes the
    # third seat follow with QS, KS wins, and 3H then draws 4H, which beats AS (no heart):
    # no trick. So AS keeps the bid (value 1) and the Jester loses it (value 0): a blunder.
    state, leader = _wizard_round_two({0: "AS JE", 1: "KS 3H", 2: "QS 4H"}, "5C")
    for tricks in (1, 0, 0):
        state = tt.apply(state, tt.wizard.Bid(tt.actor(state), tricks))  # type: ignore[arg-type]
    state = tt.apply(state, Play(leader, Card.parse("JE")))
    while tt.actor(state) is not tt.CHANCE and not tt.is_over(state):
        state = tt.apply(state, tt.legal_actions(state)[0])
    deal = review(state).deals[1]
    lead = deal.plays[0]
    assert (lead.card, lead.value, lead.best, lead.cost, lead.verdict) == (
        Card.parse("JE"),
        0,
        1,
        1,
        "blunder",
    )
    assert lead.best_cards == (Card.parse("AS"),)
    first_bid = deal.bids[0]
    assert first_bid.seat == leader and first_bid.makeable is True
    assert first_bid.forcible is not None and 1 in first_bid.forcible
    assert deal.par is not None and deal.par[leader] == 1


def test_a_game_in_progress_is_reviewed_up_to_where_it_is() -> None:
    states = list(game_states(tt.OhHellConfig(players=3, hand_size=3), ["heuristic"] * 3, 2))
    middle = next(state for state in states if len(state.round.tricks) == 1)
    result = review(middle)
    assert not result.finished and not result.deals[-1].finished
    assert len(result.plays) == sum(isinstance(a, Play) for a in middle.history.to_tuple())
    bidding = next(state for state in states if len(state.history) == 2)
    unplayed = review(bidding).deals[0]
    assert unplayed.plays == () and unplayed.par is None
    assert all(bid.status == "too_large" and bid.value is None for bid in unplayed.bids)


def test_positions_above_the_bound_are_marked_never_guessed() -> None:
    final = _final(tt.OhHellConfig(players=3, hand_size=3), 3)
    result = review(final, max_cards_left=1)
    assert [play.status for play in result.plays] == ["too_large"] * 6 + ["solved"] * 3
    assert all(deal.par is None for deal in result.deals)
    assert review(final).max_cards_left == DEFAULT_MAX_CARDS_LEFT


def test_a_spent_time_budget_leaves_positions_out_of_time() -> None:
    final = _final(tt.OhHellConfig(players=3, hand_size=3), 3)
    result = review(final, seconds=0)
    assert {play.status for play in result.plays} == {"out_of_time"}


def test_the_time_budget_starts_once_a_position_is_solved() -> None:
    # the solver's first use in a process compiles it: that must not spend the budget
    final = _final(tt.OhHellConfig(players=3, hand_size=3), 3)
    result = review(final, seconds=0)
    assert all(deal.par is not None for deal in result.deals[:1])


@pytest.mark.parametrize(
    ("argument", "error"),
    [
        ({"max_cards_left": -1}, ArgumentError),
        ({"max_cards_left": 21}, ArgumentError),
        ({"max_cards_left": True}, ArgumentTypeError),
        ({"max_cards_left": "8"}, ArgumentTypeError),
        ({"seconds": math.nan}, ArgumentError),
        ({"seconds": -1.0}, ArgumentError),
        ({"seconds": "1"}, ArgumentTypeError),
    ],
)
def test_bad_bounds_are_refused(argument: dict[str, object], error: type[Exception]) -> None:
    final = _final(tt.OhHellConfig(players=3, hand_size=2), 3)
    with pytest.raises(error):
        review(final, **argument)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["a record", None, 3, tt.OhHellConfig(players=3), object()])
def test_what_is_not_a_game_is_refused(game: object) -> None:
    with pytest.raises(ArgumentTypeError, match="GameRecord or a game state"):
        review(game)  # type: ignore[arg-type]


def test_a_record_of_what_one_seat_saw_is_refused() -> None:
    final = _final(tt.OhHellConfig(players=3, hand_size=2), 3)
    seen = records.loads_any(records.dumps(final, seat=1))
    with pytest.raises(ArgumentTypeError, match="every hand"):
        review(seen)  # type: ignore[arg-type]


def test_a_record_that_does_not_replay_is_a_record_error() -> None:
    final = _final(tt.OhHellConfig(players=3, hand_size=2), 3)
    record = records.GameRecord.from_state(final)
    broken = attrs.evolve(record, actions=record.actions[:1] + record.actions[2:3])
    with pytest.raises(RecordError):
        review(broken)


def test_the_review_is_immutable_and_json_ready() -> None:
    result = review(_final(tt.WizardConfig(players=3, rounds=2), 3))
    assert hash(result) == hash(attrs.evolve(result))
    data = json.loads(json.dumps(result.to_dict()))
    assert data["format"] == "tricktaking-review" and data["version"] == 1
    assert [p["card"] for d in data["deals"] for p in d["plays"]] == [
        str(play.card) for play in result.plays
    ]
