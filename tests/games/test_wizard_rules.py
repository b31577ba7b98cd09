"""Wizard rules: one test per clause and worked example of rules/wizard.md."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import attrs
import pytest

from tricktaking import (
    CHANCE,
    Card,
    ChooseTrump,
    ConfigError,
    Deal,
    Deck,
    IllegalActionError,
    Play,
    Suit,
    Trick,
    Violation,
    format_cards,
    parse_cards,
)
from tricktaking.games import wizard
from tricktaking.games.wizard import (
    Bid,
    WizardConfig,
    WizardPhase,
    WizardState,
    apply,
    legal_actions,
    legal_plays,
    trick_winner,
)
from tricktaking.testing import assert_rejected, play_cards, trick_of

WZ = Card.parse("WZ")
JE = Card.parse("JE")


# --- helpers -------------------------------------------------------------------------


def stock_for(hands: list[str], turn_up: str | None) -> tuple[Card, ...]:
    """The rest of the Wizard deck after ``hands``, with ``turn_up`` on top."""
    rest = Counter(Deck.wizard())
    rest.subtract(card for hand in hands for card in parse_cards(hand))
    top = parse_cards(turn_up or "")
    rest.subtract(top)
    return top + tuple(card for card in Deck.wizard().sorted() for _ in range(rest.pop(card, 0)))


def dealt(
    hands: list[str],
    *,
    turn_up: str | None = "JE",
    round_number: int | None = None,
    dealer: int = 0,
    bid_rule: wizard.BidRule = "free",
    players: int | None = None,
    rounds: int | None = None,
) -> WizardState:
    """A state right after dealing ``hands`` in round ``len(hand)`` with ``dealer``."""
    n = players or len(hands)
    r = round_number or len(parse_cards(hands[0]))
    config = WizardConfig(
        players=n, first_dealer=(dealer - (r - 1)) % n, bid_rule=bid_rule, rounds=rounds
    )
    start = wizard.new_game(config)
    before = attrs.evolve(start, round=attrs.evolve(start.round, number=r - 1, dealer=dealer))
    deal = Deal(hands=[parse_cards(hand) for hand in hands], stock=stock_for(hands, turn_up))
    return apply(before, deal)


def bid_all(state: WizardState, bids: list[int]) -> WizardState:
    """Apply bids in bidding order (left of the dealer first)."""
    for tricks in bids:
        seat = wizard.actor(state)
        assert isinstance(seat, int)
        state = apply(state, Bid(seat, tricks))
    return state


# --- 1. players and seating ------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_wz_1_1_three_to_six_players_each_alone(players: int) -> None:
    state = wizard.new_game(WizardConfig(players=players))
    assert len(state.scores) == players
    for bad in (2, 7):
        with pytest.raises(ConfigError):
            WizardConfig(players=bad)


def test_wz_1_2_dealing_bidding_and_play_move_left() -> None:
    state = dealt(["2S 3S", "4S 5S", "6S 7S", "8S 9S"], dealer=1)
    assert wizard.actor(state) == 2
    state = bid_all(state, [0, 0, 0, 0])
    assert [wizard.actor(state)] == [2]
    state = play_cards(state, "6S")
    assert wizard.actor(state) == 3


# --- 2. deck -----------------------------------------------------------------------------


def test_wz_2_1_sixty_cards() -> None:
    counts = Counter(Deck.wizard())
    assert len(Deck.wizard()) == 60
    assert counts[WZ] == counts[JE] == 4
    assert len([card for card in counts if card.suit is not None]) == 52


def test_wz_2_2_suited_tokens_and_rank_order() -> None:
    assert Card.parse("10S") == Card.parse("TS")
    low_to_high = format_cards(Deck.standard()[13:26]).split()
    for lower, higher in pairwise(low_to_high):
        assert trick_winner(trick_of(f"{lower} {higher}"), None) == 1


def test_wz_2_3_wizards_and_jesters_are_never_trump_or_the_suit_to_follow() -> None:
    assert WZ.suit is None and JE.suit is None
    assert trick_winner(trick_of("2C JE"), Suit.CLUBS) == 0
    assert wizard.led_suit(trick_of("JE 5D")) is Suit.DIAMONDS


def test_wz_2_4_identical_specials_the_first_counts() -> None:
    hand = parse_cards("WZ WZ JE JE")
    assert hand.count(WZ) == 2
    assert trick_winner(trick_of("5C WZ WZ AC"), None) == 1


# --- 3. configuration --------------------------------------------------------------------


def test_wz_3_1_options_and_defaults() -> None:
    config = WizardConfig(players=4)
    assert (config.first_dealer, config.rounds, config.bid_rule) == (0, None, "free")
    assert WizardConfig(players=3, first_dealer=2, rounds=20, bid_rule="hook").total_rounds == 20
    assert {field.name for field in attrs.fields(WizardConfig)} == {
        "players",
        "first_dealer",
        "rounds",
        "bid_rule",
    }
    with pytest.raises(TypeError, match="'players'"):  # players is required
        WizardConfig()  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "first_dealer": 4},
        {"players": 4, "first_dealer": -1},
        {"players": 4, "rounds": 0},
        {"players": 4, "rounds": 16},
        {"players": 6, "rounds": 11},
        {"players": 4, "bid_rule": "canadian"},
        {"players": True},
        {"players": 4.0},
    ],
)
def test_wz_3_2_values_outside_the_allowed_set_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        WizardConfig(**options)  # type: ignore[arg-type]


def test_wz_3_3_fixed_rules() -> None:
    # WZ and JE always playable; a WZ turn-up forces a suit choice; ties are co-winners.
    nine_led = trick_of("9H")
    assert set(legal_plays(parse_cards("3H WZ JE"), nine_led)) == set(parse_cards("3H WZ JE"))
    state = dealt(["2S", "3S", "4S"], turn_up="WZ")
    assert state.phase is WizardPhase.CHOOSE_TRUMP
    over = attrs.evolve(state, phase=WizardPhase.OVER, scores=(10, 10, 5))
    assert wizard.winners(over) == (0, 1)


# --- 4. dealer rotation ------------------------------------------------------------------


def test_wz_4_1_first_dealer_deals_round_one() -> None:
    state = wizard.new_game(WizardConfig(players=4, first_dealer=3))
    state = apply(state, wizard.deal(state, 1))
    assert state.round.dealer == 3


def test_wz_4_2_the_deal_passes_left() -> None:
    state = wizard.new_game(WizardConfig(players=5, first_dealer=2, rounds=6))
    dealers = []
    while not wizard.is_over(state):
        if wizard.actor(state) is CHANCE:
            state = apply(state, wizard.deal(state, len(state.history)))
            dealers.append(state.round.dealer)
        else:
            state = apply(state, legal_actions(state)[0])
    assert dealers == [(2 + r - 1) % 5 for r in range(1, 7)]


# --- 5. dealing --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_wz_5_1_full_game_rounds(players: int, rounds: int) -> None:
    assert WizardConfig(players=players).total_rounds == rounds


def test_wz_5_2_every_round_uses_all_sixty_cards() -> None:
    state = wizard.new_game(WizardConfig(players=4))
    for seed in range(3):
        deal = wizard.deal(state, seed)
        assert Deck.wizard().same_cards([*[c for hand in deal.hands for c in hand], *deal.stock])


def test_wz_5_3_round_r_deals_r_cards_one_at_a_time_from_the_dealers_left() -> None:
    config = WizardConfig(players=4, first_dealer=1)
    state = wizard.new_game(config)
    state = attrs.evolve(state, round=attrs.evolve(state.round, number=2))  # next is round 3
    deal = wizard.deal(state, 11)
    shuffled = Deck.wizard().shuffled(11)
    dealer = (1 + 3 - 1) % 4
    for k in range(12):
        assert shuffled[k] in deal.hands[(dealer + 1 + k) % 4]
    assert [len(hand) for hand in deal.hands] == [3, 3, 3, 3]


def test_wz_5_4_the_stock_is_the_undealt_cards_in_order_and_unseen() -> None:
    state = wizard.new_game(WizardConfig(players=3))
    deal = wizard.deal(state, 5)
    assert deal.stock == Deck.wizard().shuffled(5)[3:]
    state = apply(state, deal)
    seen = wizard.view(state, 0).to_dict()
    hidden = {str(card) for card in deal.stock[1:]} - {str(deal.stock[0])}
    hidden -= set(seen["hand"])  # type: ignore[arg-type]
    assert not hidden & set(str(seen).replace("'", " ").split())


def test_wz_5_5_the_stock_is_empty_only_in_the_last_round_of_a_full_game() -> None:
    hands = [format_cards(Deck.wizard()[i * 15 : (i + 1) * 15]) for i in range(4)]
    state = dealt(hands, turn_up=None)
    assert state.stock == () and state.turn_up is None
    short = wizard.new_game(WizardConfig(players=4, rounds=14))
    short = attrs.evolve(short, round=attrs.evolve(short.round, number=13))
    assert len(wizard.deal(short, 1).stock) == 60 - 14 * 4


def test_wz_5_6_any_deal_with_the_right_sizes_is_valid() -> None:
    state = dealt(["WZ", "WZ", "WZ"], turn_up="WZ")
    assert state.round.hands == ((WZ,), (WZ,), (WZ,))
    start = wizard.new_game(WizardConfig(players=3))
    wrong_size = Deal(
        hands=[parse_cards("2S 3S"), parse_cards("4S"), parse_cards("5S")],
        stock=stock_for(["2S 3S", "4S", "5S"], None),
    )
    assert_rejected(start, wrong_size, Violation.BAD_DEAL)
    duplicate = Deal(
        hands=[parse_cards("2S"), parse_cards("2S"), parse_cards("5S")],
        stock=stock_for(["3S", "2S", "5S"], None),
    )
    assert_rejected(start, duplicate, Violation.BAD_DEAL)


# --- 6. trump ----------------------------------------------------------------------------


def test_wz_6_1_the_turn_up_is_public_and_never_played() -> None:
    state = dealt(["2S", "3S", "4S"], turn_up="AH")
    assert state.turn_up == Card.parse("AH")
    assert all(wizard.view(state, seat).turn_up == Card.parse("AH") for seat in range(3))
    assert all(Card.parse("AH") not in hand for hand in state.round.hands)


def test_wz_6_2_a_suited_turn_up_is_trump() -> None:
    assert dealt(["2S", "3S", "4S"], turn_up="5D").trump is Suit.DIAMONDS


def test_wz_6_3_a_jester_turn_up_means_no_trump() -> None:
    state = dealt(["2S", "3S", "4S"], turn_up="JE")
    assert state.trump is None and state.phase is WizardPhase.BID


def test_wz_6_4_a_wizard_turn_up_makes_the_dealer_choose_a_suit_before_bidding() -> None:
    state = dealt(["2S", "3S", "4S"], turn_up="WZ", dealer=2)
    assert state.phase is WizardPhase.CHOOSE_TRUMP
    assert wizard.actor(state) == 2
    assert legal_actions(state) == tuple(ChooseTrump(2, suit) for suit in Suit)
    assert_rejected(state, Bid(0, 1), Violation.WRONG_PHASE)
    assert_rejected(state, ChooseTrump(0, Suit.SPADES), Violation.NOT_YOUR_TURN)
    state = apply(state, ChooseTrump(2, Suit.CLUBS))
    assert state.trump is Suit.CLUBS and state.phase is WizardPhase.BID


def test_wz_6_5_an_empty_stock_means_no_trump() -> None:
    hands = [format_cards(Deck.wizard()[i * 20 : (i + 1) * 20]) for i in range(3)]
    state = dealt(hands, turn_up=None)
    assert state.trump is None and state.phase is WizardPhase.BID


def test_wz_6_6_trump_stays_fixed_for_the_round() -> None:
    state = dealt(["2S 3H", "4S 5H", "6S 7H"], turn_up="9H")
    state = bid_all(state, [0, 0, 0])
    state = play_cards(state, "4S 6S 2S")
    assert state.trump is Suit.HEARTS


# --- 7. bidding --------------------------------------------------------------------------


def test_wz_7_1_everyone_bids_once_from_the_dealers_left_to_the_dealer() -> None:
    state = dealt(["2S", "3S", "4S", "5S"], dealer=2)
    order = []
    while state.phase is WizardPhase.BID:
        seat = wizard.actor(state)
        assert isinstance(seat, int)
        order.append(seat)
        state = apply(state, Bid(seat, 0))
    assert order == [3, 0, 1, 2]
    assert state.phase is WizardPhase.PLAY


def test_wz_7_2_a_bid_is_zero_to_r_and_there_is_no_pass() -> None:
    state = dealt(["2S 3S", "4S 5S", "6S 7S"])
    assert [action.tricks for action in legal_actions(state)] == [0, 1, 2]  # type: ignore[union-attr]
    assert_rejected(state, Bid(1, 3), Violation.BID_OUT_OF_RANGE)
    assert_rejected(state, Bid(1, -1), Violation.BID_OUT_OF_RANGE)
    from tricktaking import Pass

    assert_rejected(state, Pass(1), Violation.UNKNOWN_ACTION)


def test_wz_7_3_bids_are_public() -> None:
    state = bid_all(dealt(["2S 3S", "4S 5S", "6S 7S"]), [2])
    assert all(wizard.view(state, seat).bids == (None, 2, None) for seat in range(3))


def test_wz_7_4_free_bidding_allows_any_total() -> None:
    state = bid_all(dealt(["2S", "3S", "4S", "5S"]), [0, 0, 0])
    assert [b.tricks for b in legal_actions(state)] == [0, 1]  # type: ignore[union-attr]


def test_wz_7_5_hook_forbids_only_the_dealers_total() -> None:
    state = dealt(["2S 3S 4S", "5S 6S 7S", "8S 9S TS", "JS QS KS"], bid_rule="hook")
    assert [b.tricks for b in legal_actions(state)] == [0, 1, 2, 3]  # type: ignore[union-attr]
    state = bid_all(state, [1, 0, 1])
    assert [b.tricks for b in legal_actions(state)] == [0, 2, 3]  # type: ignore[union-attr]
    assert_rejected(state, Bid(0, 1), Violation.FORBIDDEN_BID_TOTAL)


def test_wz_7_6_bidding_ends_with_the_dealer() -> None:
    state = bid_all(dealt(["2S", "3S", "4S"], dealer=1), [0, 1, 0])
    assert state.phase is WizardPhase.PLAY
    assert_rejected(state, Bid(1, 0), Violation.WRONG_PHASE)


# --- 8, 9. choices and leading -------------------------------------------------------------


def test_wz_8_1_play_begins_when_the_dealer_has_bid() -> None:
    state = bid_all(dealt(["2S", "3S", "4S"]), [0, 0, 0])
    assert state.phase is WizardPhase.PLAY
    assert all(isinstance(action, Play) for action in legal_actions(state))


def test_wz_9_1_left_of_the_dealer_leads_the_first_trick() -> None:
    state = bid_all(dealt(["2S", "3S", "4S", "5S"], dealer=3), [0, 0, 0, 0])
    assert wizard.actor(state) == 0 and state.round.trick.leader == 0


def test_wz_9_2_the_trick_winner_leads_the_next() -> None:
    state = bid_all(dealt(["2S AH", "3S 4D", "4S 5D"]), [0, 0, 0])
    state = play_cards(state, "3S 4S 2S")
    assert state.round.tricks[0].winner == 2
    assert wizard.actor(state) == 2


def test_wz_9_3_r_tricks_and_every_card_played() -> None:
    state = bid_all(dealt(["2S AH 3C", "3S 4D 9C", "4S 5D TC"]), [0, 0, 0])
    while state.phase is WizardPhase.PLAY:
        state = apply(state, legal_actions(state)[0])
    assert len(state.round.tricks) == 3
    assert all(hand == () for hand in state.round.hands)
    assert sum(len(trick.plays) for trick in state.round.tricks) == 9


# --- 10. legal plays -----------------------------------------------------------------------


def test_wz_10_1_suit_to_follow() -> None:
    assert wizard.led_suit(Trick(leader=0)) is None
    assert wizard.led_suit(trick_of("JE JE")) is None
    assert wizard.led_suit(trick_of("JE 7D KD")) is Suit.DIAMONDS
    assert wizard.led_suit(trick_of("JE WZ 5S")) is None
    assert wizard.led_suit(trick_of("WZ 2H")) is None
    assert wizard.led_suit(trick_of("9H WZ")) is Suit.HEARTS


def test_wz_10_2_the_leader_may_lead_anything() -> None:
    hand = parse_cards("2S AH WZ JE")
    assert legal_plays(hand, Trick(leader=0)) == hand


def test_wz_10_3_holding_the_suit_allows_the_suit_and_the_specials() -> None:
    hand = parse_cards("3H 9H KS WZ JE")
    assert legal_plays(hand, trick_of("9D 7H")) == hand  # diamonds led, none held
    assert format_cards(legal_plays(hand, trick_of("TH"))) == "3H 9H WZ JE"


def test_wz_10_4_otherwise_every_card_is_legal() -> None:
    hand = parse_cards("KS 4D JE")
    assert legal_plays(hand, trick_of("9H")) == hand
    assert legal_plays(hand, trick_of("WZ")) == hand
    assert legal_plays(hand, trick_of("JE")) == hand


def test_wz_10_5_wizards_and_jesters_are_always_legal() -> None:
    state = bid_all(dealt(["9H 2C", "3H WZ", "4H JE"]), [0, 0, 0])
    state = play_cards(state, "3H")  # seat 1 leads a heart
    assert Play(2, JE) in legal_actions(state)
    state2 = apply(state, Play(2, JE))
    assert state2.round.trick.plays[-1].card == JE


def test_wz_10_6_no_duty_to_trump_or_to_beat() -> None:
    state = bid_all(dealt(["2H 3C", "9H TC", "AH KH"], turn_up="5C"), [0, 0, 0])
    state = play_cards(state, "9H")
    # seat 2 holds hearts: may play the low heart; seat 0 may not trump while holding hearts
    assert set(legal_actions(state)) == {Play(2, Card.parse("AH")), Play(2, Card.parse("KH"))}
    state = play_cards(state, "KH")
    assert_rejected(state, Play(0, Card.parse("3C")), Violation.MUST_FOLLOW_SUIT)


def test_wz_10_7_after_a_jester_lead_the_first_suited_card_sets_the_suit() -> None:
    assert wizard.led_suit(trick_of("JE 2C")) is Suit.CLUBS
    assert legal_plays(parse_cards("5C AD"), trick_of("JE 2C")) == parse_cards("5C")
    assert legal_plays(parse_cards("5C AD"), trick_of("JE WZ 2C")) == parse_cards("5C AD")


# --- 11. trick winner ----------------------------------------------------------------------


def test_wz_11_1_the_first_wizard_wins() -> None:
    assert trick_winner(trick_of("AS WZ 2S WZ"), Suit.SPADES) == 1


def test_wz_11_2_all_jesters_go_to_the_first() -> None:
    assert trick_winner(trick_of("JE JE JE JE", leader=2), Suit.HEARTS) == 2


def test_wz_11_3_the_highest_trump_wins() -> None:
    assert trick_winner(trick_of("AD 2C KD 3C"), Suit.CLUBS) == 3


def test_wz_11_4_else_the_highest_card_of_the_suit_to_follow() -> None:
    assert trick_winner(trick_of("JE 4D AD 9D"), Suit.CLUBS) == 2


def test_wz_11_5_jesters_and_off_suit_cards_never_win() -> None:
    assert trick_winner(trick_of("2D JE AS KC"), None) == 0
    assert trick_winner(trick_of("JE 2D"), None) == 1


def test_trick_winner_so_far_and_empty_trick() -> None:
    assert trick_winner(trick_of("5H"), None) == 0
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner(Trick(leader=0), None)


# --- 12, 13. scoring and the end -----------------------------------------------------------


def test_wz_12_1_exact_bids_score_20_plus_10_per_trick_else_minus_10_per_trick_off() -> None:
    assert [wizard.round_score(b, t) for b, t in [(0, 0), (2, 2), (1, 0), (0, 3)]] == [
        20,
        40,
        -10,
        -30,
    ]


def test_wz_12_2_round_scores_add_to_totals_that_may_be_negative() -> None:
    state = bid_all(dealt(["2S", "3S", "4S"]), [1, 1, 0])
    state = play_cards(state, "3S 4S 2S")
    assert state.scores == (20, -10, 30)
    assert tuple(state.score_sheet) == ((20, -10, 30),)
    assert min(state.scores) < 0


def test_wz_13_1_the_game_ends_after_round_n() -> None:
    state = wizard.new_game(WizardConfig(players=3, rounds=2))
    while not wizard.is_over(state):
        if wizard.actor(state) is CHANCE:
            state = apply(state, wizard.deal(state, len(state.history)))
        else:
            state = apply(state, legal_actions(state)[0])
    assert len(state.score_sheet) == 2
    assert wizard.actor(state) is None and legal_actions(state) == ()
    assert_rejected(state, Bid(0, 0), Violation.GAME_OVER)
    with pytest.raises(IllegalActionError):
        wizard.deal(state, 1)


def test_wz_13_2_ties_at_the_top_are_co_winners() -> None:
    state = bid_all(dealt(["2S", "3S", "4S"], rounds=1), [1, 0, 0])
    state = play_cards(state, "3S 4S 2S")  # seat 2 wins the trick it did not bid
    assert state.scores == (20, -10, -10)
    assert wizard.winners(state) == (0,)
    state = bid_all(dealt(["2S", "3S", "4S"], rounds=1), [0, 0, 0])
    state = play_cards(state, "3S 4S 2S")
    assert state.scores == (20, 20, -10)
    assert wizard.winners(state) == (0, 1)
    tied = attrs.evolve(state, scores=(120, 90, 120))
    assert wizard.winners(tied) == (0, 2)


def test_wz_13_3_a_winner_may_be_negative() -> None:
    state = bid_all(dealt(["2S", "3S", "4S"], rounds=1), [1, 1, 1])
    state = play_cards(state, "3S 4S 2S")
    assert state.scores == (-10, -10, 30)
    negative = attrs.evolve(state, scores=(-10, -40, -30))
    assert wizard.winners(negative) == (0,)


# --- worked examples -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "trump", "cards", "winner"),
    [
        ("WZ-EX-1", Suit.HEARTS, "TS KS 2H AS", 2),
        ("WZ-EX-2", Suit.HEARTS, "TS KS 3D AS", 3),
        ("WZ-EX-3", Suit.CLUBS, "AD 2C KD 3C", 3),
        ("WZ-EX-4", None, "5C WZ WZ AC", 1),
        ("WZ-EX-4", Suit.CLUBS, "5C WZ WZ AC", 1),
        ("WZ-EX-5", Suit.SPADES, "JE 7D KD 2S", 3),
        ("WZ-EX-7", None, "JE JE 4C JE", 2),
        ("WZ-EX-8", Suit.SPADES, "JE JE WZ 5S", 2),
        ("WZ-EX-9", Suit.HEARTS, "WZ 2H AS WZ", 0),
    ],
)
def test_wz_ex_1_to_9_trick_winners(
    example: str, trump: Suit | None, cards: str, winner: int
) -> None:
    assert trick_winner(trick_of(cards), trump) == winner, example


def test_wz_ex_6_three_jesters_with_three_players() -> None:
    assert trick_winner(trick_of("JE JE JE", players=3), Suit.SPADES) == 0


def test_wz_ex_8_after_je_je_wz_any_card_is_legal() -> None:
    assert wizard.led_suit(trick_of("JE JE WZ")) is None
    assert legal_plays(parse_cards("5S 9H"), trick_of("JE JE WZ")) == parse_cards("5S 9H")


def test_wz_ex_9_after_a_led_wizard_everyone_is_free() -> None:
    assert legal_plays(parse_cards("2H AS"), trick_of("WZ")) == parse_cards("2H AS")


def test_wz_ex_l1_holding_the_suit_wizard_and_jester_are_still_legal() -> None:
    legal = legal_plays(parse_cards("3H KS WZ JE"), trick_of("9H"))
    assert set(legal) == set(parse_cards("3H WZ JE"))


def test_wz_ex_l2_void_in_the_led_suit_everything_is_legal() -> None:
    assert set(legal_plays(parse_cards("KS 4D JE"), trick_of("9H"))) == set(parse_cards("KS 4D JE"))


def test_wz_ex_l3_after_a_led_wizard_both_cards_are_legal() -> None:
    assert set(legal_plays(parse_cards("2H AS"), trick_of("WZ"))) == set(parse_cards("2H AS"))


def test_wz_ex_l4_after_je_7d_diamonds_or_the_wizard() -> None:
    legal = legal_plays(parse_cards("2D AS WZ"), trick_of("JE 7D"))
    assert set(legal) == set(parse_cards("2D WZ"))


def test_wz_ex_l5_after_a_lone_jester_any_card_and_it_sets_the_suit() -> None:
    assert set(legal_plays(parse_cards("2D AS"), trick_of("JE"))) == set(parse_cards("2D AS"))
    assert wizard.led_suit(trick_of("JE AS")) is Suit.SPADES


def test_wz_ex_l6_holding_the_suit_one_may_not_trump() -> None:
    state = bid_all(dealt(["9H 2C", "3H AS", "4D 5D"], turn_up="7S", dealer=2), [0, 0, 0])
    state = play_cards(state, "9H")
    assert legal_actions(state) == (Play(1, Card.parse("3H")),)
    assert_rejected(state, Play(1, Card.parse("AS")), Violation.MUST_FOLLOW_SUIT)


def test_wz_ex_s1_round_scores() -> None:
    bids, taken = [1, 0, 2, 1], [1, 1, 1, 0]
    assert [wizard.round_score(b, t) for b, t in zip(bids, taken, strict=True)] == [
        30,
        -10,
        -10,
        -10,
    ]


def test_wz_ex_s2_scoring_examples() -> None:
    cases = [(0, 0, 20), (0, 2, -20), (2, 5, -30), (4, 4, 60), (5, 3, -20)]
    for bid, took, score in cases:
        assert wizard.round_score(bid, took) == score


def test_wz_ex_s3_the_last_round_deals_the_whole_deck_with_no_trump() -> None:
    for players, rounds in [(3, 20), (4, 15), (5, 12), (6, 10)]:
        state = wizard.new_game(WizardConfig(players=players))
        state = attrs.evolve(state, round=attrs.evolve(state.round, number=rounds - 1))
        deal = wizard.deal(state, 3)
        assert deal.stock == ()
        state = apply(state, deal)
        assert state.turn_up is None and state.trump is None


def test_wz_ex_s4_jester_turn_up_gives_no_choice_wizard_turn_up_needs_a_suit() -> None:
    state = dealt(["2S", "3S", "4S"], turn_up="JE")
    assert state.phase is WizardPhase.BID and state.trump is None
    state = dealt(["2S", "3S", "4S"], turn_up="WZ")
    assert state.phase is WizardPhase.CHOOSE_TRUMP
    assert all(isinstance(action.suit, Suit) for action in legal_actions(state))  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        ChooseTrump(0, None)  # type: ignore[arg-type]


def test_wz_ex_s5_hook_round_three() -> None:
    hands = ["2S 3S 4S", "5S 6S 7S", "8S 9S TS", "JS QS KS"]
    hook = bid_all(dealt(hands, bid_rule="hook"), [1, 0, 1])
    assert [b.tricks for b in legal_actions(hook)] == [0, 2, 3]  # type: ignore[union-attr]
    free = bid_all(dealt(hands), [1, 0, 1])
    assert [b.tricks for b in legal_actions(free)] == [0, 1, 2, 3]  # type: ignore[union-attr]


def test_wz_ex_s6_hook_when_others_overbid_or_in_round_one() -> None:
    two = bid_all(dealt(["2S 3S", "5S 6S", "8S 9S", "JS QS"], bid_rule="hook"), [2, 1, 0])
    assert [b.tricks for b in legal_actions(two)] == [0, 1, 2]  # type: ignore[union-attr]
    one = bid_all(dealt(["2S", "5S", "8S", "JS"], bid_rule="hook"), [0, 0, 0])
    assert [b.tricks for b in legal_actions(one)] == [0]  # type: ignore[union-attr]


def test_wz_ex_s7_a_shortened_game() -> None:
    state = wizard.new_game(WizardConfig(players=4, first_dealer=2, rounds=3))
    seen = []
    while not wizard.is_over(state):
        if wizard.actor(state) is CHANCE:
            state = apply(state, wizard.deal(state, len(state.history)))
            seen.append((len(state.round.hands[0]), state.round.dealer, state.turn_up is not None))
        else:
            state = apply(state, legal_actions(state)[0])
    assert seen == [(1, 2, True), (2, 3, True), (3, 0, True)]
    with pytest.raises(ConfigError):
        WizardConfig(players=4, rounds=16)


def test_wz_ex_s8_the_canonical_deal_of_round_one() -> None:
    top = parse_cards("AH WZ 7C JE")
    rest = Counter(Deck.wizard())
    rest.subtract(top)
    deck = top + tuple(card for card in Deck.wizard().sorted() for _ in range(rest.pop(card, 0)))
    deal = Deal.from_deck(deck, players=3, first_seat=1, hand_size=1)
    assert deal.hands == ((Card.parse("7C"),), (Card.parse("AH"),), (WZ,))
    state = apply(wizard.new_game(WizardConfig(players=3)), deal)
    assert state.turn_up == JE and state.trump is None
    assert wizard.actor(state) == 1
    state = bid_all(state, [0, 0, 0])
    assert wizard.actor(state) == 1


def test_wz_ex_s9_co_winners_and_negative_winners() -> None:
    state = attrs.evolve(wizard.new_game(WizardConfig(players=3)), phase=WizardPhase.OVER)
    assert wizard.winners(attrs.evolve(state, scores=(120, 90, 120))) == (0, 2)
    assert wizard.winners(attrs.evolve(state, scores=(-10, -40, -30))) == (0,)


# --- illegal actions -------------------------------------------------------------------------


def test_illegal_actions_have_the_right_violation_and_leave_the_state_unchanged() -> None:
    state = bid_all(dealt(["2S 9H", "3S 4D", "4S 5D"]), [0, 0, 0])
    assert_rejected(state, Play(2, Card.parse("4S")), Violation.NOT_YOUR_TURN)
    assert_rejected(state, Play(1, Card.parse("AH")), Violation.CARD_NOT_IN_HAND)
    assert_rejected(state, Bid(1, 0), Violation.WRONG_PHASE)
    assert_rejected(
        state, wizard.deal(wizard.new_game(WizardConfig(players=3)), 1), Violation.WRONG_PHASE
    )
    assert_rejected(state, "1 play 3S", Violation.UNKNOWN_ACTION)
    state = play_cards(state, "3S")
    assert_rejected(state, Play(2, Card.parse("5D")), Violation.MUST_FOLLOW_SUIT)
    assert_rejected(state, Play(7, Card.parse("4S")), Violation.NOT_YOUR_TURN)


def test_error_messages_name_seat_action_phase_and_reason() -> None:
    state = bid_all(dealt(["2S 9H", "3S 4D", "4S 5D"]), [0, 0, 0])
    state = play_cards(state, "3S")
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Play(2, Card.parse("5D")))
    message = str(caught.value)
    assert "seat 2" in message and "2 play 5D" in message and "play phase" in message
    assert "spades" in message
    assert caught.value.seat == 2
