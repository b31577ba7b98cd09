"""Reading moves from free-text replies: what counts, what is refused, and never a guess."""

from __future__ import annotations

import time

import pytest

import tricktaking as tt
from tricktaking.agents import ReplyError, check, explain, parse_move, parse_reply
from tricktaking.cards import Card, Rank
from tricktaking.engine import GameState, PlayerView
from tricktaking.errors import ArgumentTypeError, NotationError, Violation
from tricktaking.tricks import Play

from ._positions import CONFIGS, first, positions

NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def words(card: Card) -> str:
    token = str(card)
    return f"the {NAMES[token[0]]} of {SUITS[token[1]]}"


def plays(view: PlayerView) -> list[Card]:
    return [action.card for action in view.legal_actions if isinstance(action, Play)]


def choice_of_plays(state: GameState[object], seen: PlayerView) -> bool:
    """A play with two suited legal cards and a suited card that may not be played."""
    legal = [card for card in plays(seen) if card.suit is not None]
    held = [card for card in seen.hand if card.suit is not None and card not in plays(seen)]
    return len(legal) >= 2 and bool(held)


@pytest.fixture(scope="module")
def wizard_play() -> tuple[GameState[object], PlayerView]:
    return first(tt.WizardConfig(players=4, rounds=6), choice_of_plays)


@pytest.fixture(scope="module")
def whist_bid() -> PlayerView:
    return first(
        tt.BidWhistConfig(),
        lambda _, seen: any(str(action).endswith(" bid 4NT") for action in seen.legal_actions),
    )[1]


def test_a_move_in_notation_words_bold_or_an_answer_line_is_read(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    card = next(card for card in plays(seen) if card.suit is not None)
    move = tt.Play(seen.seat, card)
    for reply in (
        str(card),
        card.pretty(),
        f"play {card}",
        f"I'll play {words(card)}.",
        f"**{card.pretty()}**",
        f"[play {card.pretty()}]",
        f"Final Answer: {card.pretty()}",
        f"Let me think.\n\n**Final Answer:**\n{words(card)}",
        f"<answer>{card}</answer>",
        f'{{"move": "play {card}"}}',
        f"Move: {card.pretty()}",
        f"{card.pretty()} — the safest card.",
    ):
        assert parse_reply(seen, reply) == move, reply


def test_bids_said_the_ways_models_say_them_are_read() -> None:
    _state, seen = first(tt.OhHellConfig(players=4), lambda _, seen: bool(seen.legal_actions))
    bids = {str(action).split()[-1]: action for action in seen.legal_actions}
    assert parse_reply(seen, "Final Answer: bid 1") == bids["1"]
    assert parse_reply(seen, "I bid two, I think.") == bids["2"]
    assert parse_reply(seen, "My bid is 0.") == bids["0"]
    assert parse_reply(seen, "One trick.") == bids["1"]


def test_a_card_named_among_others_is_the_one_the_writer_plays(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    first_card, second = [card for card in plays(seen) if card.suit is not None][:2]
    play = tt.Play(seen.seat, second)
    for reply in (
        f"I hold {words(first_card)} too, but I'll play {words(second)}.",
        f"I'll play {second.pretty()} rather than {first_card.pretty()}.",
        f"I'll play {words(first_card)}. Wait, no. Actually, I'll play {words(second)}.",
        f"Keeping {first_card.pretty()} for later, I'll lead {second.pretty()}.",
        f"Final Answer: play {second} (not {first_card})",
    ):
        assert parse_reply(seen, reply) == play, reply


def test_two_different_legal_moves_named_are_an_ambiguity_never_a_guess(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    first_card, second = [card for card in plays(seen) if card.suit is not None][:2]
    for reply in (
        f"Either {words(first_card)} or {words(second)} would do.",
        f"Final Answer: {first_card} or {second}",
        f"**{first_card.pretty()}** and **{second.pretty()}** both look fine",
    ):
        with pytest.raises(ReplyError) as caught:
            parse_reply(seen, reply)
        assert caught.value.problem == "ambiguous", reply
        assert set(caught.value.moves) == {
            tt.Play(seen.seat, first_card),
            tt.Play(seen.seat, second),
        }
        assert "legal moves: " in str(caught.value).lower()


def test_a_weighed_negated_or_kept_card_is_not_a_move(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    card = next(card for card in plays(seen) if card.suit is not None)
    for reply in (
        f"Should I play {words(card)}?",
        f"If I play {words(card)}, seat 2 may overtake.",
        f"I won't play {card.pretty()} yet.",
        f"Keep {words(card)} for later.",
        "Hmm, hard to say.",
        "",
    ):
        with pytest.raises(ReplyError) as caught:
            parse_reply(seen, reply)
        assert caught.value.problem == "no_move", reply


def test_an_illegal_card_gets_the_rules_reason_and_the_legal_moves(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    state, seen = wizard_play
    held = next(c for c in seen.hand if c.suit is not None and c not in plays(seen))
    with pytest.raises(ReplyError) as caught:
        parse_reply(seen, f"Final Answer: play {held}")
    error = caught.value
    assert error.problem == "illegal"
    assert error.violation is Violation.MUST_FOLLOW_SUIT
    assert error.violation is tt.check(state, tt.Play(seen.seat, held))
    assert "suit to follow" in str(error) and "legal moves:" in str(error)
    absent = next(c for c in tt.Deck.wizard() if c not in seen.hand and c.suit is not None)
    with pytest.raises(ReplyError) as caught:
        parse_reply(seen, f"I'll go with {words(absent)}.")
    assert caught.value.violation is Violation.CARD_NOT_IN_HAND


def test_bid_whist_bids_are_read_with_their_modes_and_a_bare_number_is_refused(
    whist_bid: PlayerView,
) -> None:
    seat = whist_bid.seat
    nt = tt.bid_whist.Bid(seat, 4, tt.bid_whist.BidMode.NO_TRUMP)
    down = tt.bid_whist.Bid(seat, 4, tt.bid_whist.BidMode.DOWNTOWN)
    up = tt.bid_whist.Bid(seat, 4, tt.bid_whist.BidMode.UPTOWN)
    assert parse_reply(whist_bid, "I'll bid 4 no trump downtown.") == nt
    assert parse_reply(whist_bid, "4NT") == nt
    assert parse_reply(whist_bid, "Final Answer: 4 low") == down
    assert parse_reply(whist_bid, "I bid four uptown.") == up
    assert parse_reply(whist_bid, "Partner passed, so I'll go 4 no trump.") == nt
    with pytest.raises(ReplyError) as caught:
        parse_reply(whist_bid, "I bid 4.")
    assert caught.value.problem == "ambiguous"
    assert "4U" in str(caught.value) and "4NT" in str(caught.value)


def test_calls_are_read_where_they_are_legal() -> None:
    _, seen = first(
        tt.BidWhistConfig(),
        lambda _, seen: any(isinstance(a, tt.ChooseTrump) for a in seen.legal_actions),
    )
    hearts = tt.ChooseTrump(seen.seat, tt.Suit.HEARTS)
    for reply in ("trump hearts", "I'll make hearts trump.", "Hearts.", "Trump: ♥", "H"):
        assert parse_reply(seen, reply) == hearts, reply
    _, bidding = first(
        tt.OneCardConfig(players=3),
        lambda _, seen: any(isinstance(a, tt.Pass) for a in seen.legal_actions),
    )
    for reply in ("pass", "I'll pass.", "No bid for me — I pass.", "Final Answer: no bid"):
        assert parse_reply(bidding, reply) == tt.Pass(bidding.seat), reply


def test_what_another_seat_did_is_not_read_as_a_move() -> None:
    _, seen = first(
        tt.WizardConfig(players=4, rounds=6),
        lambda _, seen: (
            len(seen.legal_actions) > 2 and isinstance(seen.legal_actions[0], tt.wizard.Bid)
        ),
    )
    with pytest.raises(ReplyError):
        parse_reply(seen, "Seat 2 bid 1 and the dealer bid 0.")


def test_special_cards_are_named_in_words() -> None:
    wizard = Card(Rank.WIZARD, None)
    _, seen = first(
        tt.WizardConfig(players=4, rounds=6),
        lambda _, seen: wizard in plays(seen) and len(plays(seen)) > 1,
    )
    move = tt.Play(seen.seat, wizard)
    for reply in ("Wizard", "I'll play my Wizard.", "Final Answer: play Wizard", "WZ"):
        assert parse_reply(seen, reply) == move, reply
    with pytest.raises(ReplyError):  # the game's name is not its card
        parse_reply(seen, "In Wizard, trumps matter most. Hard to choose.")


def test_a_huge_reply_is_read_from_its_end_quickly(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    card = plays(seen)[0]
    start = time.process_time()
    assert parse_reply(seen, "blah " * 200_000 + f"\nFinal Answer: play {card}") == tt.Play(
        seen.seat, card
    )
    assert time.process_time() - start < 5.0


def test_a_reply_that_is_not_text_or_a_view_that_is_not_a_view_is_refused(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    with pytest.raises(ArgumentTypeError):
        parse_reply(seen, b"QH")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        parse_reply("a view", "QH")  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_view_level_check_and_parse_move_agree_with_the_state(config: object) -> None:
    """For every move of the seat to act, the view's verdict is the state's verdict."""
    game = tt.game_of(tt.new_game(config))
    deck = {card for action in tt.deal(tt.new_game(config), 0).hands for card in action}
    deck |= set(tt.deal(tt.new_game(config), 0).stock)
    forms = [f"play {card}" for card in sorted(deck, key=str)][:30]
    forms += ["pass", *(f"bid {n}" for n in range(0, 17)), "bid 4U", "bid 2NT", "bid 3D"]
    forms += [f"trump {suit}" for suit in "SHDC"] + ["direction uptown", "direction downtown"]
    forms += ["discard AS", "discard 2C"]
    checked = 0
    for index, (state, seen) in enumerate(positions(config, seed=11)):
        if index % 3:
            continue
        seat = seen.seat
        for form in forms:
            try:
                action = game.rules.parse_action(f"{seat} {form}")
            except NotationError:
                continue
            assert check(seen, action) == tt.check(state, action), form
            checked += 1
            short = form.removeprefix("play ")
            assert parse_move(seen, short) == tt.notation.parse_move(state, short)
        other = tt.Pass((seat + 1) % seen.players)
        assert check(seen, other) is Violation.NOT_YOUR_TURN
        waiting = tt.view(state, other.seat)  # a seat not to act judges its own moves too
        assert check(waiting, other) == tt.check(state, other)
        for card in waiting.hand[:2]:
            own = tt.Play(other.seat, card)
            assert check(waiting, own) == tt.check(state, own)
    assert checked > 100


def test_explain_gives_no_reason_for_a_legal_move(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    _, seen = wizard_play
    assert explain(seen, seen.legal_actions[0]) == (None, "")


def test_more_ways_of_answering_are_read(
    wizard_play: tuple[GameState[object], PlayerView],
    whist_bid: PlayerView,
) -> None:
    _, seen = wizard_play
    card = next(card for card in plays(seen) if card.suit is not None)
    move = tt.Play(seen.seat, card)
    for reply in (
        f"The answer is \\boxed{{{card}}}",
        f"Answer: {str(card).lower()}",
        f"After some thought, I'll play {card} now.",
    ):
        assert parse_reply(seen, reply) == move, reply
    with pytest.raises(ReplyError):
        parse_reply(seen, f"Maybe {words(card)}?")
    up = tt.bid_whist.Bid(whist_bid.seat, 4, tt.bid_whist.BidMode.UPTOWN)
    assert parse_reply(whist_bid, "Final Answer: bid 4 (that is, 4 uptown)") == up


def test_a_wizard_token_in_running_text_and_bids_named_together() -> None:
    wizard = Card(Rank.WIZARD, None)
    _, seen = first(
        tt.WizardConfig(players=4, rounds=6),
        lambda _, seen: wizard in plays(seen) and len(plays(seen)) > 1,
    )
    assert parse_reply(seen, "Nothing beats it, so I'll play WZ here.") == tt.Play(
        seen.seat, wizard
    )
    _, bidding = first(
        tt.WizardConfig(players=4, rounds=6),
        lambda _, seen: (
            isinstance(seen.legal_actions[0], tt.wizard.Bid) and len(seen.legal_actions) > 2
        ),
    )
    with pytest.raises(ReplyError) as caught:
        parse_reply(bidding, "To bid 1 or 2, that is the question.")
    assert caught.value.problem == "ambiguous"


def test_the_verdict_on_a_view_no_game_gives_is_refused(
    wizard_play: tuple[GameState[object], PlayerView],
) -> None:
    import attrs

    _, seen = wizard_play
    forged = attrs.evolve(seen, hand=())  # type: ignore[misc]
    held = next(card for card in seen.hand if card not in plays(seen))
    with pytest.raises(ArgumentTypeError):
        check(forged, tt.Play(seen.seat, held))


def test_a_number_beside_other_words_is_no_bid() -> None:
    _, seen = first(
        tt.OhHellConfig(players=4),
        lambda _, seen: (
            isinstance(seen.legal_actions[0], tt.oh_hell.Bid) and len(seen.legal_actions) > 3
        ),
    )
    with pytest.raises(ReplyError):
        parse_reply(seen, "[play 3]")
    assert parse_reply(seen, "[3 tricks]") == tt.oh_hell.Bid(seen.seat, 3)
