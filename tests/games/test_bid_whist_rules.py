"""Bid Whist rules: one test per clause and worked example of rules/bid_whist.md."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import pytest

from tricktaking import (
    CHANCE,
    Card,
    ChooseDirection,
    ChooseTrump,
    ConfigError,
    Deal,
    Deck,
    Direction,
    Pass,
    Play,
    Suit,
    Trick,
    Violation,
    format_cards,
    parse_cards,
)
from tricktaking.games import bid_whist
from tricktaking.games.bid_whist import (
    Bid,
    BidMode,
    BidWhistConfig,
    BidWhistPhase,
    BidWhistState,
    Discard,
    apply,
    hand_score,
    legal_actions,
    legal_plays,
    trick_winner,
)
from tricktaking.testing import assert_rejected, play_cards, trick_of

RJ, BJ = Card.parse("RJ"), Card.parse("BJ")
UP, DOWN = Direction.UPTOWN, Direction.DOWNTOWN
U, D, NT = BidMode.UPTOWN, BidMode.DOWNTOWN, BidMode.NO_TRUMP

# A deal by suit: seat 0 all spades but the ace, seat 1 hearts, seat 2 diamonds,
# seat 3 clubs; the kitty holds the four aces and both jokers.
BY_SUIT = [
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
]


# --- helpers -------------------------------------------------------------------------


def dealt(hands: list[str] | None = None, *, dealer: int = 0, **options: object) -> BidWhistState:
    hands = hands or BY_SUIT
    rest = Counter(Deck.bid_whist())
    rest.subtract(card for hand in hands for card in parse_cards(hand))
    kitty = tuple(card for card in Deck.bid_whist() if rest[card] > 0)
    config = BidWhistConfig(first_dealer=dealer, **options)  # type: ignore[arg-type]
    return apply(
        bid_whist.new_game(config), Deal(hands=[parse_cards(h) for h in hands], stock=kitty)
    )


def calls(state: BidWhistState, *made: str | None) -> BidWhistState:
    """Calls in turn: ``"4U"``, ``"3NT"`` or ``None`` for a pass."""
    for call in made:
        seat = bid_whist.actor(state)
        assert isinstance(seat, int)
        state = apply(
            state, Pass(seat) if call is None else bid_whist.parse_action(f"{seat} bid {call}")
        )
    return state


def finish_hand(state: BidWhistState) -> BidWhistState:
    while state.phase not in (BidWhistPhase.DEAL, BidWhistPhase.OVER):
        state = apply(state, legal_actions(state)[0])
    return state


# --- 1. players and teams -------------------------------------------------------------


def test_bw_1_1_exactly_four_seats() -> None:
    assert len(bid_whist.scores(bid_whist.new_game(BidWhistConfig()))) == 4
    assert "players" not in {f.name for f in attrs.fields(BidWhistConfig)}


def test_bw_1_2_partners_sit_opposite() -> None:
    assert [bid_whist.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [bid_whist.team_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_bw_1_3_calls_and_play_move_left() -> None:
    state = dealt(dealer=1)
    assert bid_whist.actor(state) == 2
    assert bid_whist.actor(calls(state, None)) == 3


def test_bw_1_4_partners_share_the_team_score() -> None:
    state = attrs.evolve(bid_whist.new_game(BidWhistConfig()), team_scores=(3, -2))
    assert bid_whist.scores(state) == (3, -2, 3, -2)


# --- 2. deck and ranking ---------------------------------------------------------------


def test_bw_2_1_fifty_four_cards() -> None:
    deck = Deck.bid_whist()
    assert len(deck) == 54 and RJ in deck and BJ in deck
    assert Card.parse("10S") == Card.parse("TS")


def test_bw_2_2_red_is_the_big_joker() -> None:
    assert trick_winner(trick_of("BJ RJ", leader=1), Suit.SPADES, UP) == 2


def test_bw_2_3_uptown_and_downtown_orders_ace_best_in_both() -> None:
    uptown = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    downtown = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    for order, direction in ((uptown, UP), (downtown, DOWN)):
        for high, low in itertools.pairwise(order):
            assert trick_winner(trick_of(f"{low} {high}", leader=1), None, direction) == 2


def test_bw_2_4_trump_order_jokers_then_the_suit() -> None:
    assert trick_winner(trick_of("AS BJ", leader=1), Suit.SPADES, UP) == 2
    assert trick_winner(trick_of("AS 2S", leader=1), Suit.SPADES, DOWN) == 1
    assert trick_winner(trick_of("KS 2S", leader=1), Suit.SPADES, DOWN) == 2


def test_bw_2_5_no_trump_jokers_never_win() -> None:
    assert trick_winner(trick_of("2H RJ BJ 3H", leader=1), None, UP) == 0


# --- 3. configuration ---------------------------------------------------------------------


def test_bw_3_1_options_and_defaults() -> None:
    config = BidWhistConfig()
    assert (
        config.first_dealer,
        config.target,
        config.min_bid,
        config.kitty,
        config.nt_double,
        config.first_lead,
    ) == (0, 7, 1, "book", False, "left_of_dealer")


@pytest.mark.parametrize(
    "options",
    [
        {"first_dealer": 4},
        {"target": 0},
        {"min_bid": 0},
        {"min_bid": 8},
        {"kitty": "swap"},
        {"nt_double": 1},
        {"first_lead": "dealer"},
        {"target": 7.0},
    ],
)
def test_bw_3_2_values_outside_the_allowed_set_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        BidWhistConfig(**options)  # type: ignore[arg-type]


def test_bw_3_3_fixed_rules() -> None:
    state = calls(dealt(), None, None, None)
    assert Pass(0) not in legal_actions(state)  # the dealer must bid
    assert trick_winner(trick_of("RJ BJ", leader=1), Suit.HEARTS, DOWN) == 1  # RJ is big


# --- 4. dealers --------------------------------------------------------------------------


def test_bw_4_1_first_dealer_deals_hand_one() -> None:
    assert dealt(dealer=3).round.dealer == 3


def test_bw_4_2_the_deal_passes_left() -> None:
    state = bid_whist.new_game(BidWhistConfig(first_dealer=2, target=30))
    dealers = []
    for _ in range(5):
        state = apply(state, bid_whist.deal(state, len(state.history)))
        dealers.append(state.round.dealer)
        state = finish_hand(state)
    assert dealers == [2, 3, 0, 1, 2]


# --- 5. dealing --------------------------------------------------------------------------


def test_bw_5_1_twelve_cards_each_and_a_six_card_kitty() -> None:
    deal = bid_whist.deal(bid_whist.new_game(BidWhistConfig()), 1)
    assert [len(h) for h in deal.hands] == [12] * 4 and len(deal.stock) == 6


def test_bw_5_2_canonical_deal_order() -> None:
    state = bid_whist.new_game(BidWhistConfig(first_dealer=2))
    deal = bid_whist.deal(state, 4)
    shuffled = Deck.bid_whist().shuffled(4)
    for k in range(48):
        assert shuffled[k] in deal.hands[(2 + 1 + k) % 4]
    assert deal.stock == shuffled[48:]


def test_bw_5_3_nobody_sees_the_kitty_in_the_auction() -> None:
    state = dealt(kitty="exchange")
    for seat in range(4):
        assert bid_whist.view(state, seat).kitty == ()


def test_bw_5_4_any_deal_of_the_right_sizes_is_valid() -> None:
    assert dealt().kitty == parse_cards("AS AH AD AC RJ BJ")
    start = bid_whist.new_game(BidWhistConfig())
    bad = Deal(hands=[parse_cards(h) for h in BY_SUIT], stock=parse_cards("AS AH AD AC RJ RJ"))
    assert_rejected(start, bad, Violation.BAD_DEAL)
    short = Deal(hands=[parse_cards(h) for h in BY_SUIT], stock=parse_cards("AS AH AD AC RJ"))
    assert_rejected(start, short, Violation.BAD_DEAL)


# --- 6. trump ------------------------------------------------------------------------------


def test_bw_6_1_trump_is_named_by_the_declarer_none_in_no_trump() -> None:
    state = apply(calls(dealt(), "2U", None, None, None), ChooseTrump(1, Suit.HEARTS))
    assert state.trump is Suit.HEARTS
    state = apply(calls(dealt(), "2NT", None, None, None), ChooseDirection(1, DOWN))
    assert state.trump is None


def test_bw_6_2_direction_is_the_mode_or_the_no_trump_choice() -> None:
    assert calls(dealt(), "2D", None, None, None).direction is DOWN
    assert calls(dealt(), "2U", None, None, None).direction is UP
    nt = apply(calls(dealt(), "2NT", None, None, None), ChooseDirection(1, DOWN))
    assert nt.direction is DOWN


def test_bw_6_3_trump_and_direction_stay_fixed() -> None:
    state = apply(calls(dealt(), "2U", None, None, None), ChooseTrump(1, Suit.HEARTS))
    state = play_cards(state, "2H")
    assert_rejected(state, ChooseTrump(1, Suit.SPADES), Violation.WRONG_PHASE)
    assert state.trump is Suit.HEARTS and state.direction is UP


# --- 7. bidding ----------------------------------------------------------------------------


def test_bw_7_1_one_call_each_dealer_last() -> None:
    state = dealt(dealer=2)
    order = []
    while state.phase is BidWhistPhase.BID:
        seat = bid_whist.actor(state)
        assert isinstance(seat, int)
        order.append(seat)
        state = apply(state, legal_actions(state)[-1] if seat == 2 else Pass(seat))
    assert order == [3, 0, 1, 2] and len(state.calls) == 4


def test_bw_7_2_levels_min_bid_to_seven_and_three_modes() -> None:
    state = dealt(min_bid=3)
    bids = [a for a in legal_actions(state) if isinstance(a, Bid)]
    assert (bids[0].level, bids[-1].level) == (3, 7) and len(bids) == 15
    assert_rejected(state, Bid(1, 8, U), Violation.BID_OUT_OF_RANGE)
    assert_rejected(state, Bid(1, 0, U), Violation.BID_OUT_OF_RANGE)


def test_bw_7_3_bids_ordered_by_level_then_mode() -> None:
    order = [Bid(0, 3, U), Bid(0, 3, D), Bid(0, 3, NT), Bid(0, 4, U), Bid(0, 7, NT)]
    strengths = [bid.strength for bid in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == 5


def test_bw_7_4_a_bid_must_beat_the_high_bid_partners_may_overcall() -> None:
    state = calls(dealt(), "3U")
    assert_rejected(state, Bid(2, 3, U), Violation.BID_TOO_LOW)
    state = calls(state, "3D", "3NT")  # P3, the high bidder's partner, overcalls
    assert state.calls[-1] == Bid(3, 3, NT)
    seven = calls(dealt(), "7NT")
    assert legal_actions(seven) == (Pass(2),)


def test_bw_7_5_the_dealer_must_bid_after_three_passes() -> None:
    state = calls(dealt(), None, None, None)
    assert_rejected(state, Pass(0), Violation.MUST_BID)
    assert legal_actions(state)[0] == Bid(0, 1, U)


def test_bw_7_6_the_highest_bid_is_the_contract() -> None:
    state = calls(dealt(), "2U", "3D", None, None)
    assert state.contract == Bid(2, 3, D) and state.declarer == 2
    assert state.phase is BidWhistPhase.CHOOSE


# --- 8. choices after bidding -----------------------------------------------------------------


def test_bw_8_1_second_choice_trump_suit_or_direction() -> None:
    trump = calls(dealt(), "2U", None, None, None)
    assert legal_actions(trump) == tuple(ChooseTrump(1, suit) for suit in Suit)
    assert_rejected(trump, ChooseDirection(1, DOWN), Violation.INVALID_CHOICE)
    assert_rejected(trump, ChooseTrump(2, Suit.SPADES), Violation.NOT_YOUR_TURN)
    nt = calls(dealt(), "2NT", None, None, None)
    assert legal_actions(nt) == (ChooseDirection(1, UP), ChooseDirection(1, DOWN))
    assert_rejected(nt, ChooseTrump(1, Suit.SPADES), Violation.INVALID_CHOICE)


def test_bw_8_2_book_kitty_stays_unseen_and_counts_one_book() -> None:
    state = apply(calls(dealt(), "1U", None, None, None), ChooseTrump(1, Suit.HEARTS))
    assert state.phase is BidWhistPhase.PLAY and len(state.round.hands[1]) == 12
    assert all(bid_whist.view(state, seat).kitty == () for seat in range(4))


def test_bw_8_3_exchange_pickup_and_six_discards() -> None:
    state = apply(
        calls(dealt(kitty="exchange"), "1U", None, None, None), ChooseTrump(1, Suit.HEARTS)
    )
    assert state.phase is BidWhistPhase.DISCARD and len(state.round.hands[1]) == 18
    assert bid_whist.view(state, 1).kitty == state.kitty
    assert bid_whist.view(state, 3).kitty == ()
    assert_rejected(state, Discard(3, Card.parse("2C")), Violation.NOT_YOUR_TURN)
    assert_rejected(state, Discard(1, Card.parse("2C")), Violation.CARD_NOT_IN_HAND)
    for token in ("RJ", "AS", "2H", "3H", "4H", "5H"):
        state = apply(state, Discard(1, Card.parse(token)))
    assert state.phase is BidWhistPhase.PLAY and len(state.round.hands[1]) == 12
    assert bid_whist.view(state, 1).discards == parse_cards("RJ AS 2H 3H 4H 5H")
    assert bid_whist.view(state, 0).discards == ()


def test_bw_8_4_no_other_choices() -> None:
    state = apply(calls(dealt(), "1U", None, None, None), ChooseTrump(1, Suit.HEARTS))
    assert all(isinstance(a, Play) for a in legal_actions(state))


# --- 9. leading ----------------------------------------------------------------------------


def test_bw_9_1_first_lead_left_of_dealer_or_declarer() -> None:
    default = apply(calls(dealt(), None, None, "2U", None), ChooseTrump(3, Suit.CLUBS))
    assert bid_whist.actor(default) == 1
    declarer = apply(
        calls(dealt(first_lead="declarer"), None, None, "2U", None), ChooseTrump(3, Suit.CLUBS)
    )
    assert bid_whist.actor(declarer) == 3


def test_bw_9_2_the_trick_winner_leads() -> None:
    state = apply(calls(dealt(), "1U", None, None, None), ChooseTrump(1, Suit.CLUBS))
    state = play_cards(state, "2H 2D 2C 2S")
    assert state.round.tricks[0].winner == 3 and bid_whist.actor(state) == 3


def test_bw_9_3_twelve_tricks() -> None:
    state = finish_hand(apply(calls(dealt(), "1U", None, None, None), ChooseTrump(1, Suit.CLUBS)))
    assert len(state.round.tricks) == 12


# --- 10. legal plays -----------------------------------------------------------------------------


def test_bw_10_1_effective_suits() -> None:
    assert bid_whist.effective_suit(RJ, Suit.SPADES) is Suit.SPADES
    assert bid_whist.effective_suit(RJ, None) is None
    assert bid_whist.effective_suit(Card.parse("2H"), Suit.SPADES) is Suit.HEARTS


def test_bw_10_2_suit_to_follow() -> None:
    assert bid_whist.led_suit(trick_of("BJ", leader=1), Suit.HEARTS) is Suit.HEARTS
    assert bid_whist.led_suit(trick_of("BJ", leader=1), None) is None
    assert bid_whist.led_suit(trick_of("BJ RJ 4C", leader=1), None) is Suit.CLUBS
    assert bid_whist.led_suit(Trick(leader=0), Suit.HEARTS) is None


def test_bw_10_3_the_leader_may_lead_any_card() -> None:
    hand = parse_cards("2S RJ BJ AH")
    assert legal_plays(hand, Trick(leader=0), None) == hand
    assert legal_plays(hand, Trick(leader=0), Suit.CLUBS) == hand


def test_bw_10_4_follow_the_effective_suit_if_possible() -> None:
    assert legal_plays(parse_cards("2S 3H"), trick_of("5H", leader=1), Suit.SPADES) == parse_cards(
        "3H"
    )
    assert legal_plays(parse_cards("2S 3D"), trick_of("5H", leader=1), Suit.SPADES) == parse_cards(
        "2S 3D"
    )


def test_bw_10_5_trump_led_must_play_trump_or_joker_no_duty_to_trump() -> None:
    assert legal_plays(parse_cards("RJ 4H"), trick_of("2S", leader=1), Suit.SPADES) == (RJ,)
    assert legal_plays(parse_cards("2S 4D"), trick_of("5H", leader=1), Suit.SPADES) == parse_cards(
        "2S 4D"
    )


def test_bw_10_6_no_trump_joker_only_when_leading_free_or_void() -> None:
    assert legal_plays(parse_cards("BJ 9H KS"), trick_of("4H", leader=1), None) == parse_cards("9H")
    assert legal_plays(parse_cards("BJ KS"), trick_of("4H", leader=1), None) == parse_cards("BJ KS")
    assert legal_plays(parse_cards("BJ KS"), trick_of("RJ", leader=1), None) == parse_cards("BJ KS")


# --- 11. trick winner ---------------------------------------------------------------------------


def test_bw_11_1_highest_trump_wins() -> None:
    assert trick_winner(trick_of("KS 2H AS BJ", leader=1), Suit.HEARTS, UP) == 0


def test_bw_11_2_else_highest_of_the_suit_in_the_direction() -> None:
    assert trick_winner(trick_of("5D 3D KD 4D", leader=1), Suit.CLUBS, DOWN) == 2


def test_bw_11_3_no_trump_highest_of_the_suit_jokers_never() -> None:
    assert trick_winner(trick_of("RJ 7C 2C QC", leader=1), None, DOWN) == 3
    with pytest.raises(ValueError, match="jokers only"):
        trick_winner(trick_of("RJ BJ", leader=1), None, UP)


# --- 12. scoring ------------------------------------------------------------------------------


def test_bw_12_1_books_are_tricks_plus_the_kitty() -> None:
    state = finish_hand(apply(calls(dealt(), "1U", None, None, None), ChooseTrump(1, Suit.CLUBS)))
    team_tricks = state.round.won[1] + state.round.won[3]
    books = team_tricks + 1
    assert state.score_sheet[-1] == (
        0,
        hand_score(level=1, books=books, no_trump=False, nt_double=False),
    )
    assert sum(state.round.won) + 1 == 13


def test_bw_12_2_made_scores_books_minus_six() -> None:
    assert hand_score(level=4, books=11, no_trump=False, nt_double=False) == 5


def test_bw_12_3_set_scores_minus_level() -> None:
    assert hand_score(level=4, books=9, no_trump=False, nt_double=False) == -4


def test_bw_12_4_no_trump_doubling() -> None:
    assert hand_score(level=3, books=10, no_trump=True, nt_double=True) == 8
    assert hand_score(level=3, books=10, no_trump=True, nt_double=False) == 4
    assert hand_score(level=3, books=10, no_trump=False, nt_double=True) == 4


def test_bw_12_5_defenders_never_score() -> None:
    for seed in range(5):
        state = bid_whist.new_game(BidWhistConfig(target=50))
        state = finish_hand(apply(state, bid_whist.deal(state, seed)))
        team = bid_whist.team_of(state.declarer or 0)
        assert state.score_sheet[-1][1 - team] == 0


def test_bw_12_6_scores_start_at_zero_and_may_be_negative() -> None:
    assert bid_whist.new_game(BidWhistConfig()).team_scores == (0, 0)
    state = apply(calls(dealt(), None, None, None, "7NT"), ChooseDirection(0, UP))
    state = finish_hand(state)
    assert state.team_scores[0] < 0


# --- 13. end of game ------------------------------------------------------------------------------


def test_bw_13_1_the_game_ends_at_plus_or_minus_target() -> None:
    state = apply(calls(dealt(target=7), None, None, None, "7NT"), ChooseDirection(0, UP))
    state = finish_hand(state)
    assert state.team_scores[0] == -7 and state.phase is BidWhistPhase.OVER


def test_bw_13_2_the_higher_team_wins() -> None:
    state = apply(calls(dealt(target=7), None, None, None, "7NT"), ChooseDirection(0, UP))
    state = finish_hand(state)
    assert bid_whist.winners(state) == (1, 3)


def test_bw_13_3_otherwise_another_hand() -> None:
    state = dealt(target=30)
    state = finish_hand(apply(calls(state, "1U", None, None, None), ChooseTrump(1, Suit.CLUBS)))
    assert state.phase is BidWhistPhase.DEAL and bid_whist.actor(state) is CHANCE
    assert apply(state, bid_whist.deal(state, 1)).round.dealer == 1


# --- worked examples -------------------------------------------------------------------------


def test_bw_ex_p1_dealing_from_dealer_two() -> None:
    deal = bid_whist.deal(bid_whist.new_game(BidWhistConfig(first_dealer=2)), 6)
    d = Deck.bid_whist().shuffled(6)
    assert [
        d[0] in deal.hands[3],
        d[1] in deal.hands[0],
        d[2] in deal.hands[1],
        d[3] in deal.hands[2],
        d[47] in deal.hands[2],
    ] == [True] * 5
    assert deal.stock == d[48:]


@pytest.mark.parametrize(
    ("example", "trump", "direction", "cards", "winner"),
    [
        ("BW-EX-T1", Suit.HEARTS, UP, "KS 2H AS BJ", 0),
        ("BW-EX-T2", Suit.CLUBS, DOWN, "5D 3D KD AD", 0),
        ("BW-EX-T2", Suit.CLUBS, DOWN, "5D 3D KD 4D", 2),
        ("BW-EX-T3", Suit.CLUBS, DOWN, "7D 2C AC KC", 3),
        ("BW-EX-T4", None, DOWN, "RJ 7C 2C QC", 3),
        ("BW-EX-T5", None, UP, "4H RJ 5H 3H", 3),
    ],
)
def test_bw_ex_t1_to_t5_trick_winners(
    example: str, trump: Suit | None, direction: Direction, cards: str, winner: int
) -> None:
    assert trick_winner(trick_of(cards, leader=1), trump, direction) == winner, example


def test_bw_ex_t4_p2_is_free_after_a_joker_lead() -> None:
    assert legal_plays(parse_cards("7C 9H"), trick_of("RJ", leader=1), None) == parse_cards("7C 9H")


def test_bw_ex_l1_no_trump_joker_legality() -> None:
    assert legal_plays(parse_cards("BJ 9H KS"), trick_of("5H", leader=1), None) == parse_cards("9H")
    assert legal_plays(parse_cards("BJ KS"), trick_of("5H", leader=1), None) == parse_cards("BJ KS")


def test_bw_ex_l2_jokers_are_trump() -> None:
    assert legal_plays(parse_cards("RJ 4H"), trick_of("5H", leader=1), Suit.SPADES) == parse_cards(
        "4H"
    )
    assert legal_plays(parse_cards("RJ 4H"), trick_of("5S", leader=1), Suit.SPADES) == (RJ,)
    assert legal_plays(parse_cards("2S 4H"), trick_of("RJ", leader=1), Suit.SPADES) == parse_cards(
        "2S"
    )
    assert legal_plays(parse_cards("BJ 4H"), trick_of("RJ", leader=1), Suit.SPADES) == (BJ,)


def test_bw_ex_b1_overcalls_and_the_declarer() -> None:
    state = calls(dealt(), "3U", "3D", "4U", None)
    assert state.declarer == 3 and state.contract == Bid(3, 4, U)
    assert bid_whist.actor(state) == 3
    assert_rejected(calls(dealt(), "3U", "3D"), Bid(3, 3, U), Violation.BID_TOO_LOW)


def test_bw_ex_b2_the_dealer_must_bid() -> None:
    state = calls(dealt(), None, None, None)
    assert legal_actions(state)[0] == Bid(0, 1, U)
    assert_rejected(state, Pass(0), Violation.MUST_BID)
    high = calls(dealt(min_bid=3), None, None, None)
    assert legal_actions(high)[0] == Bid(0, 3, U)
    assert_rejected(high, Bid(0, 2, NT), Violation.BID_TOO_LOW)


def test_bw_ex_b3_after_seven_no_trump_only_passes() -> None:
    state = calls(dealt(), "7NT")
    for seat in (2, 3, 0):
        assert legal_actions(state) == (Pass(seat),)
        state = apply(state, Pass(seat))
    assert state.declarer == 1
    assert legal_actions(state) == (ChooseDirection(1, UP), ChooseDirection(1, DOWN))


def test_bw_ex_s1_four_downtown() -> None:
    for books, score in [(10, 4), (11, 5), (9, -4)]:
        assert hand_score(level=4, books=books, no_trump=False, nt_double=False) == score


def test_bw_ex_s2_the_original_texts_examples() -> None:
    assert 0 + hand_score(level=4, books=9, no_trump=False, nt_double=False) == -4
    assert hand_score(level=2, books=7, no_trump=False, nt_double=False) == -2


def test_bw_ex_s3_all_twelve_tricks() -> None:
    assert all(
        hand_score(level=level, books=13, no_trump=False, nt_double=False) == 7
        for level in range(1, 8)
    )


def test_bw_ex_d1_no_trump_doubled() -> None:
    assert hand_score(level=3, books=10, no_trump=True, nt_double=True) == 8
    assert hand_score(level=3, books=8, no_trump=True, nt_double=True) == -6
    assert hand_score(level=3, books=10, no_trump=False, nt_double=True) == 4
    assert hand_score(level=3, books=8, no_trump=False, nt_double=True) == -3


def test_bw_ex_k1_exchange_sequence() -> None:
    state = calls(dealt(kitty="exchange"), None, None, "4U", None)
    assert state.declarer == 3 and state.phase is BidWhistPhase.CHOOSE
    state = apply(state, ChooseTrump(3, Suit.CLUBS))
    assert len(state.round.hands[3]) == 18
    for action in legal_actions(state)[:6]:
        state = apply(state, action)
    assert len(state.round.hands[3]) == 12 and len(state.discards) == 6
    state = finish_hand(state)
    books = 1 + state.round.won[1] + state.round.won[3]
    assert state.score_sheet[-1][1] == hand_score(
        level=4, books=books, no_trump=False, nt_double=False
    )


def test_bw_ex_f1_first_lead() -> None:
    declarer = apply(
        calls(dealt(first_lead="declarer"), None, None, "2U", None), ChooseTrump(3, Suit.SPADES)
    )
    assert bid_whist.actor(declarer) == 3
    default = apply(calls(dealt(), None, None, "2U", None), ChooseTrump(3, Suit.SPADES))
    assert bid_whist.actor(default) == 1


def test_bw_ex_e1_end_of_game() -> None:
    assert 5 + hand_score(level=3, books=10, no_trump=False, nt_double=False) == 9
    assert -6 + hand_score(level=2, books=7, no_trump=False, nt_double=False) == -8
    state = attrs.evolve(dealt(target=7), team_scores=(5, -6))
    state = apply(calls(state, None, None, None, "1U"), ChooseTrump(0, Suit.SPADES))
    state = finish_hand(state)
    if abs(state.team_scores[0]) >= 7:
        assert state.phase is BidWhistPhase.OVER
        assert bid_whist.winners(state) == ((0, 2) if state.team_scores[0] > 0 else (1, 3))


# --- illegal actions -------------------------------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = dealt()
    assert_rejected(state, Play(1, Card.parse("2H")), Violation.WRONG_PHASE)
    assert_rejected(state, Pass(2), Violation.NOT_YOUR_TURN)
    assert_rejected(state, Discard(1, Card.parse("2H")), Violation.WRONG_PHASE)
    assert_rejected(state, "1 pass", Violation.UNKNOWN_ACTION)
    state = apply(calls(state, "1U", None, None, None), ChooseTrump(1, Suit.CLUBS))
    state = play_cards(state, "2H")
    assert_rejected(state, Play(2, Card.parse("AH")), Violation.CARD_NOT_IN_HAND)
    assert_rejected(state, Play(3, Card.parse("2C")), Violation.NOT_YOUR_TURN)
    nt = apply(
        calls(
            dealt(["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS RJ", *BY_SUIT[1:]]), None, None, None, "1NT"
        ),
        ChooseDirection(0, UP),
    )
    nt = play_cards(nt, "2H 2D 2C")
    assert format_cards(legal_plays(nt.round.hands[0], nt.round.trick, None)) == (
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS RJ"
    )
    holding = apply(
        calls(
            dealt(
                [
                    "2S 3S 4S 5S 6S 7S 8S 9S TS JS 2H RJ",
                    "QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                    *BY_SUIT[2:],
                ]
            ),
            None,
            None,
            None,
            "1NT",
        ),
        ChooseDirection(0, UP),
    )
    holding = play_cards(holding, "3H 2D 2C")
    assert_rejected(holding, Play(0, RJ), Violation.MUST_FOLLOW_SUIT)
