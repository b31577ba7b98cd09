"""One Card rules: one test per clause and worked example of rules/one_card.md."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from tricktaking import (
    CHANCE,
    Card,
    ChooseDirection,
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
from tricktaking.games import one_card
from tricktaking.games.one_card import (
    Bid,
    OneCardConfig,
    OneCardPhase,
    OneCardState,
    apply,
    card_points,
    hand_scores,
    legal_actions,
    legal_plays,
    trick_winner,
)
from tricktaking.testing import assert_rejected, play_cards, trick_of

JK = Card.parse("JK")
UP, DOWN = Direction.UPTOWN, Direction.DOWNTOWN


# --- helpers -------------------------------------------------------------------------


def dealt(
    hands: list[str],
    *,
    centre: str | None = None,
    dealer: int = 0,
    target: int = 30,
    hand_number: int = 1,
) -> OneCardState:
    """The state right after a deal of ``hands``; the centre card is the remaining card."""
    n = len(hands)
    rest = Counter(Deck.one_card())
    rest.subtract(card for hand in hands for card in parse_cards(hand))
    remaining = [card for card, count in rest.items() if count > 0]
    if centre is not None:
        assert remaining == list(parse_cards(centre)), remaining
    config = OneCardConfig(players=n, first_dealer=(dealer - hand_number + 1) % n, target=target)
    start = one_card.new_game(config)
    start = attrs.evolve(start, round=attrs.evolve(start.round, number=hand_number - 1))
    return apply(start, Deal(hands=[parse_cards(h) for h in hands], stock=remaining))


def calls(state: OneCardState, *made: int | None) -> OneCardState:
    """Make calls in turn: an int is a bid, ``None`` a pass."""
    for points in made:
        seat = one_card.actor(state)
        assert isinstance(seat, int)
        state = apply(state, Pass(seat) if points is None else Bid(seat, points))
    return state


THREE = ["9S TS JS QS KS AS 9H TH", "JH QH KH AH 9D TD JD QD", "KD AD 9C TC JC QC KC AC"]
"""A 3-player deal; the One Card is the joker."""

THREE_JK = ["9S TS JS QS KS AS 9H JK", "JH QH KH AH 9D TD JD QD", "KD AD 9C TC JC QC KC AC"]
"""A 3-player deal with the joker in seat 0's hand; the One Card is TH."""


# --- 1. players ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_oc_1_1_two_to_four_players_each_alone(players: int) -> None:
    assert len(one_card.new_game(OneCardConfig(players=players)).scores) == players
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            OneCardConfig(players=bad)


def test_oc_1_2_bidding_and_play_move_left() -> None:
    state = dealt(THREE, dealer=2)
    assert one_card.actor(state) == 0
    state = calls(state, None)
    assert one_card.actor(state) == 1


# --- 2. deck ---------------------------------------------------------------------------


def test_oc_2_1_twenty_five_cards() -> None:
    deck = Deck.one_card()
    assert len(deck) == 25 and deck.count(JK) == 1
    assert Card.parse("10H") == Card.parse("TH")


def test_oc_2_2_plain_suit_order_uptown_and_downtown() -> None:
    order = ["9H", "TH", "JH", "QH", "KH", "AH"]
    for i in range(5):
        low_high = trick_of(f"{order[i]} {order[i + 1]}", players=3)
        assert trick_winner(low_high, None, UP) == 1
        assert trick_winner(low_high, None, DOWN) == 0


def test_oc_2_3_card_points_total_fifteen() -> None:
    assert [card_points(c) for c in parse_cards("KS QS JS AS TS 9S JK")] == [1, 1, 1, 0, 0, 0, 3]
    assert sum(map(card_points, Deck.one_card())) == 15


def test_oc_2_4_the_joker_is_lowest_trump_or_beats_everything() -> None:
    assert trick_winner(trick_of("9S JK", players=3), Suit.SPADES, UP) == 0
    assert trick_winner(trick_of("AH JK", players=3), Suit.SPADES, UP) == 1
    assert trick_winner(trick_of("AS JK", players=3), None, UP) == 1


# --- 3. configuration --------------------------------------------------------------------


def test_oc_3_1_options_and_defaults() -> None:
    config = OneCardConfig(players=3)
    assert (config.first_dealer, config.target) == (0, 30)
    assert {f.name for f in attrs.fields(OneCardConfig)} == {"players", "first_dealer", "target"}
    with pytest.raises(TypeError, match="'players'"):  # players is required
        OneCardConfig()  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "first_dealer": 3},
        {"players": 2, "target": 0},
        {"players": 3, "target": "30"},
        {"players": False},
    ],
)
def test_oc_3_2_values_outside_the_allowed_set_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        OneCardConfig(**options)  # type: ignore[arg-type]


def test_oc_3_3_fixed_rules() -> None:
    state = calls(dealt(THREE_JK), None, None, 7)  # P1, P2 pass; P0 bids 7 and leads
    assert_rejected(state, Play(0, JK), Violation.FORBIDDEN_LEAD)
    no_bid = calls(dealt(THREE_JK), None, None, None)
    assert (no_bid.direction, no_bid.round.trick.leader) == (UP, 1)


# --- 4. dealer rotation ----------------------------------------------------------------


def test_oc_4_1_first_dealer_deals_hand_one() -> None:
    state = one_card.new_game(OneCardConfig(players=3, first_dealer=2))
    assert apply(state, one_card.deal(state, 1)).round.dealer == 2


def test_oc_4_2_the_deal_passes_left_also_in_tie_break_hands() -> None:
    state = one_card.new_game(OneCardConfig(players=3, first_dealer=1, target=3))
    dealers = []
    while not one_card.is_over(state):
        if one_card.actor(state) is CHANCE:
            state = apply(state, one_card.deal(state, len(state.history)))
            dealers.append(state.round.dealer)
        else:
            state = apply(state, legal_actions(state)[0])
    assert dealers == [(1 + h) % 3 for h in range(len(dealers))]


# --- 5. dealing ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 12), (3, 8), (4, 6)])
def test_oc_5_1_hand_sizes(players: int, size: int) -> None:
    deal = one_card.deal(one_card.new_game(OneCardConfig(players=players)), 3)
    assert [len(hand) for hand in deal.hands] == [size] * players
    assert len(deal.stock) == 1


def test_oc_5_2_one_card_at_a_time_from_the_dealers_left() -> None:
    state = one_card.new_game(OneCardConfig(players=3, first_dealer=1))
    deal = one_card.deal(state, 5)
    shuffled = Deck.one_card().shuffled(5)
    for k in range(24):
        assert shuffled[k] in deal.hands[(1 + 1 + k) % 3]


def test_oc_5_3_the_one_card_is_hidden_until_the_last_trick_then_won() -> None:
    state = calls(dealt(THREE_JK, centre="TH"), None, None, None)
    assert all(one_card.view(state, seat).centre is None for seat in range(3))
    while state.phase is not OneCardPhase.DEAL:
        assert one_card.view(state, 0).centre is None
        state = apply(state, legal_actions(state)[0])
    assert all(one_card.view(state, seat).centre == Card.parse("TH") for seat in range(3))


def test_oc_5_4_any_deal_with_the_right_sizes_is_valid() -> None:
    start = one_card.new_game(OneCardConfig(players=3))
    ok = Deal(hands=[parse_cards(h) for h in THREE], stock=(JK,))
    assert apply(start, ok).centre == JK
    bad = Deal(hands=[parse_cards(h) for h in THREE], stock=parse_cards("AS"))
    assert_rejected(start, bad, Violation.BAD_DEAL)
    short = Deal(hands=[parse_cards(h)[:-1] for h in THREE], stock=(JK,))
    assert_rejected(start, short, Violation.BAD_DEAL)


# --- 6. trump ------------------------------------------------------------------------------


def test_oc_6_1_a_no_bid_hand_has_no_trump() -> None:
    state = play_cards(calls(dealt(THREE), None, None, None), "JH")
    assert state.trump is None and state.bidder is None


def test_oc_6_2_the_bidders_first_lead_names_trump() -> None:
    state = calls(dealt(THREE), 7, None, None)
    assert state.bidder == 1 and state.trump is None
    assert one_card.actor(state) == 1
    state = play_cards(state, "9D")
    assert state.trump is Suit.DIAMONDS


def test_oc_6_3_the_bidder_may_not_lead_the_joker_to_trick_one() -> None:
    state = calls(dealt(THREE_JK), None, None, 7)
    assert Play(0, JK) not in legal_actions(state)
    assert_rejected(state, Play(0, JK), Violation.FORBIDDEN_LEAD)


def test_oc_6_4_the_joker_is_the_lowest_trump() -> None:
    assert trick_winner(trick_of("JK 9S", players=3), Suit.SPADES, UP) == 1
    assert trick_winner(trick_of("AH JK KH", players=3), Suit.SPADES, UP) == 1


# --- 7. bidding ----------------------------------------------------------------------------


def test_oc_7_1_bidding_goes_round_skipping_passed_players() -> None:
    state = calls(dealt(THREE), 7, None, 8)  # P1 7, P2 pass, P0 8
    assert one_card.actor(state) == 1
    assert state.calls == (Bid(1, 7), Pass(2), Bid(0, 8))


def test_oc_7_2_minimum_and_maximum_bids() -> None:
    state = dealt(THREE)
    assert_rejected(state, Bid(1, 6), Violation.BID_TOO_LOW)
    assert_rejected(state, Bid(1, 16), Violation.BID_OUT_OF_RANGE)
    state = calls(state, 7)
    assert_rejected(state, Bid(2, 7), Violation.BID_TOO_LOW)
    assert legal_actions(state)[1] == Bid(2, 8)
    assert calls(state, 12).calls[-1] == Bid(2, 12)  # raises of any size


def test_oc_7_3_a_bid_names_no_suit() -> None:
    assert [f.name for f in attrs.fields(Bid)] == ["seat", "points"]


def test_oc_7_4_a_pass_is_final() -> None:
    state = calls(dealt(THREE), 7, None, 8)
    state = calls(state, 9)  # P1 raises; P2 passed earlier and is skipped
    assert one_card.actor(state) == 0
    assert_rejected(state, Bid(2, 10), Violation.ALREADY_PASSED)


def test_oc_7_5_the_auction_ends_when_only_the_high_bidder_remains() -> None:
    state = calls(dealt(THREE), 7, 8, None, 9, None)
    assert state.phase is OneCardPhase.PLAY
    assert (state.bidder, state.contract) == (1, 9)


def test_oc_7_6_a_bid_of_fifteen_ends_the_auction_at_once() -> None:
    state = calls(dealt(THREE), 15)
    assert state.phase is OneCardPhase.PLAY and (state.bidder, state.contract) == (1, 15)


def test_oc_7_7_all_pass_a_no_bid_hand_is_played() -> None:
    state = calls(dealt(THREE), None, None, None)
    assert state.phase is OneCardPhase.PLAY and state.bidder is None and state.contract is None


def test_oc_7_8_the_high_bidder_is_the_bidder_with_the_contract() -> None:
    state = calls(dealt(THREE), None, 8, 10, None)
    assert (state.bidder, state.contract) == (0, 10)


# --- 8. choices after bidding ---------------------------------------------------------------


def test_oc_8_1_a_bid_hand_has_no_separate_choice() -> None:
    state = calls(dealt(THREE), 7, None, None)
    assert all(isinstance(action, Play) for action in legal_actions(state))


def test_oc_8_2_a_no_bid_hand_starts_uptown() -> None:
    assert calls(dealt(THREE), None, None, None).direction is UP


def test_oc_8_3_the_jokers_captor_chooses_the_direction_once() -> None:
    # P1 leads 9S... P0 holds the joker; P0 plays it when void in the led suit.
    hands = ["9S TS JS QS KS AS TD JK", "JH QH KH AH 9H 9D JD QD", "KD AD 9C TC JC QC KC AC"]
    state = calls(dealt(hands), None, None, None)  # P1 leads
    state = play_cards(state, "JH KD JK")
    assert state.phase is OneCardPhase.CHOOSE_DIRECTION
    assert one_card.actor(state) == 0
    assert legal_actions(state) == (ChooseDirection(0, UP), ChooseDirection(0, DOWN))
    assert_rejected(state, ChooseDirection(1, DOWN), Violation.NOT_YOUR_TURN)
    assert_rejected(state, Play(0, Card.parse("9S")), Violation.WRONG_PHASE)
    state = apply(state, ChooseDirection(0, DOWN))
    assert state.direction is DOWN and state.phase is OneCardPhase.PLAY
    assert one_card.actor(state) == 0


def test_oc_8_4_no_reversal_in_bid_hands_nor_for_the_centre_or_last_trick_joker() -> None:
    hands = ["9S TS JS QS KS AS TD JK", "JH QH KH AH 9H 9D JD QD", "KD AD 9C TC JC QC KC AC"]
    state = calls(dealt(hands), 7, None, None)  # P1 bids and leads
    state = play_cards(state, "JH KD JK")  # P0, void in hearts, plays the joker (lowest trump)
    assert state.phase is OneCardPhase.PLAY
    assert state.direction is UP


# --- 9. leading ----------------------------------------------------------------------------


def test_oc_9_1_the_bidder_leads_trick_one() -> None:
    assert one_card.actor(calls(dealt(THREE), None, 7, None)) == 2


@pytest.mark.parametrize(
    ("players", "dealer", "leader"), [(2, 0, 1), (3, 0, 1), (4, 2, 0), (3, 2, 0)]
)
def test_oc_9_2_no_bid_leader(players: int, dealer: int, leader: int) -> None:
    deck = Deck.one_card()
    size = 24 // players
    hands = [format_cards(deck[i * size : (i + 1) * size]) for i in range(players)]
    state = calls(dealt(hands, dealer=dealer), *[None] * players)
    assert state.round.trick.leader == leader == (dealer + players // 2) % players


def test_oc_9_3_the_trick_winner_leads_the_next() -> None:
    state = play_cards(calls(dealt(THREE), None, None, None), "JH KD 9H")
    assert state.round.tricks[0].winner == 1 and one_card.actor(state) == 1


def test_oc_9_4_h_tricks_per_hand() -> None:
    state = calls(dealt(THREE), None, None, None)
    while state.phase is OneCardPhase.PLAY:
        state = apply(state, legal_actions(state)[0])
    assert len(state.round.tricks) == 8


# --- 10. legal plays -------------------------------------------------------------------------


def test_oc_10_1_effective_suit() -> None:
    assert one_card.effective_suit(JK, Suit.CLUBS) is Suit.CLUBS
    assert one_card.effective_suit(JK, None) is None
    assert one_card.effective_suit(Card.parse("9H"), Suit.CLUBS) is Suit.HEARTS


def test_oc_10_2_the_suit_to_follow_is_the_effective_suit_of_the_lead() -> None:
    assert one_card.led_suit(trick_of("JK", players=3), Suit.HEARTS) is Suit.HEARTS
    assert one_card.led_suit(trick_of("JK", players=3), None) is None
    assert one_card.led_suit(trick_of("9D JK", players=3), None) is Suit.DIAMONDS


def test_oc_10_3_the_leader_may_lead_anything_but_the_bidders_joker() -> None:
    state = calls(dealt(THREE_JK), None, None, None)
    assert len(legal_actions(state)) == 8
    state = calls(dealt(THREE_JK), None, None, 7)
    assert len(legal_actions(state)) == 7


def test_oc_10_4_follow_the_effective_suit_if_possible() -> None:
    assert legal_plays(parse_cards("9H TC"), trick_of("AH", players=3), Suit.CLUBS) == parse_cards(
        "9H"
    )
    assert legal_plays(parse_cards("9D TC"), trick_of("AH", players=3), Suit.CLUBS) == parse_cards(
        "9D TC"
    )


def test_oc_10_5_bid_hand_consequences() -> None:
    # holding the led plain suit: follow it, even with trumps
    assert legal_plays(
        parse_cards("9H TS JK"), trick_of("AH", players=3), Suit.SPADES
    ) == parse_cards("9H")
    # trump led: any trump, the joker included, must be played
    assert legal_plays(parse_cards("9H JK"), trick_of("AS", players=3), Suit.SPADES) == (JK,)
    # unable to follow: anything, trumping optional
    assert legal_plays(
        parse_cards("9D TS JK"), trick_of("AH", players=3), Suit.SPADES
    ) == parse_cards("9D TS JK")


def test_oc_10_6_no_bid_joker_only_when_leading_or_void() -> None:
    assert legal_plays(parse_cards("TC QD JK"), trick_of("AC", players=3), None) == parse_cards(
        "TC"
    )
    assert legal_plays(parse_cards("QD JK"), trick_of("AC", players=3), None) == parse_cards(
        "QD JK"
    )
    assert legal_plays(parse_cards("TC QD"), trick_of("JK", players=3), None) == parse_cards(
        "TC QD"
    )


# --- 11. trick winner ----------------------------------------------------------------------


def test_oc_11_1_bid_hand_highest_trump_wins() -> None:
    assert trick_winner(trick_of("AH JK KH", players=3), Suit.SPADES, UP) == 1
    assert trick_winner(trick_of("9S AS JK", players=3), Suit.SPADES, UP) == 1


def test_oc_11_2_bid_hand_without_trump_highest_of_the_led_suit_uptown() -> None:
    assert trick_winner(trick_of("KH AH 9C", players=3), Suit.SPADES, UP) == 1
    assert (
        trick_winner(trick_of("KH AH 9C", players=3), Suit.SPADES, DOWN) == 1
    )  # bid hands never reverse


def test_oc_11_3_no_bid_the_joker_wins() -> None:
    assert trick_winner(trick_of("AS KS JK", players=3), None, DOWN) == 2


def test_oc_11_4_no_bid_highest_of_the_led_suit_in_the_current_order() -> None:
    assert trick_winner(trick_of("TD AD 9D", players=3), None, UP) == 1
    assert trick_winner(trick_of("TD AD 9D", players=3), None, DOWN) == 2


# --- 12. scoring ----------------------------------------------------------------------------


def test_oc_12_1_hand_points_are_the_card_points_won() -> None:
    state = play_cards(calls(dealt(THREE), None, None, None), "JH KD 9H")
    assert state.points == (0, 2, 0)


def test_oc_12_2_the_last_trick_takes_the_one_card_and_the_pack_totals_fifteen() -> None:
    state = calls(dealt(THREE), None, None, None)
    while state.phase is OneCardPhase.PLAY:
        before = state
        state = apply(state, legal_actions(state)[0])
    last = state.round.tricks[-1]
    assert last.winner is not None
    trick_points = sum(card_points(p.card) for p in last.plays)
    assert state.points[last.winner] == before.points[last.winner] + trick_points + 3  # the JK
    assert sum(state.points) == 15


def test_oc_12_3_a_short_bidder_scores_zero_a_made_contract_scores_the_points() -> None:
    assert hand_scores((9, 3, 3), 0, 8) == (9, 3, 3)
    assert hand_scores((7, 4, 4), 0, 8) == (0, 4, 4)


def test_oc_12_4_other_players_score_their_points() -> None:
    assert hand_scores((2, 6, 7), 0, 8) == (0, 6, 7)


def test_oc_12_5_no_bid_everyone_scores_their_points() -> None:
    assert hand_scores((5, 5, 5), None, None) == (5, 5, 5)


def test_oc_12_6_totals_accumulate_and_never_decrease() -> None:
    state = one_card.new_game(OneCardConfig(players=3, target=40))
    previous = state.scores
    while not one_card.is_over(state):
        if one_card.actor(state) is CHANCE:
            state = apply(state, one_card.deal(state, len(state.history)))
        else:
            state = apply(state, legal_actions(state)[-1])  # always bid high: some bids fail
        assert all(a >= b for a, b in zip(state.scores, previous, strict=True))
        previous = state.scores
    assert tuple(map(sum, zip(*state.score_sheet, strict=True))) == state.scores


# --- 13. end of game ----------------------------------------------------------------------------


def _finish(state: OneCardState) -> OneCardState:
    """Play the current hand to its end with the first legal action each time."""
    while state.phase in (OneCardPhase.BID, OneCardPhase.PLAY, OneCardPhase.CHOOSE_DIRECTION):
        state = apply(state, legal_actions(state)[0])
    return state


def test_oc_13_1_the_end_is_checked_only_after_a_hand() -> None:
    state = attrs.evolve(dealt(THREE, target=1), scores=(5, 0, 0))
    state = play_cards(calls(state, None, None, None), "JH KD 9H")
    assert state.phase is OneCardPhase.PLAY  # over the target mid-hand, yet play goes on


def test_oc_13_2_a_unique_top_total_at_or_over_target_wins() -> None:
    state = _finish(calls(dealt(THREE, target=5), None, None, None))
    top = max(state.scores)
    if state.scores.count(top) == 1 and top >= 5:
        assert state.phase is OneCardPhase.OVER
        assert one_card.winners(state) == (state.scores.index(top),)
    else:
        assert state.phase is OneCardPhase.DEAL


def test_oc_13_3_a_shared_top_total_plays_another_hand() -> None:
    state = attrs.evolve(dealt(THREE, target=30), scores=(30, 30, 0))
    state = attrs.evolve(state, scores=(30, 30, 0))
    tied = _finish(calls(state, None, None, None))
    top = max(tied.scores)
    assert (tied.phase is OneCardPhase.OVER) == (tied.scores.count(top) == 1)
    # a player below the top never wins, even over the target
    final = attrs.evolve(tied, phase=OneCardPhase.OVER, scores=(31, 35, 0))
    assert one_card.winners(final) == (1,)


def test_oc_13_4_below_the_target_another_hand_is_played() -> None:
    state = _finish(calls(dealt(THREE, target=30), None, None, None))
    assert state.phase is OneCardPhase.DEAL and one_card.actor(state) is CHANCE


# --- worked examples ---------------------------------------------------------------------------


def test_oc_ex_d1_dealing_with_two_players_and_dealer_rotation() -> None:
    state = one_card.new_game(OneCardConfig(players=2, first_dealer=1))
    deal = one_card.deal(state, 9)
    shuffled = Deck.one_card().shuffled(9)
    assert shuffled[0] in deal.hands[0] and shuffled[1] in deal.hands[1]
    assert deal.stock == (shuffled[24],)
    config = OneCardConfig(players=3, first_dealer=1)
    assert [(config.first_dealer + h - 1) % 3 for h in range(1, 5)] == [1, 2, 0, 1]
    state = one_card.new_game(config)
    dealers = []
    for _ in range(4):
        state = apply(state, one_card.deal(state, 1))
        dealers.append(state.round.dealer)
        state = _finish(state)
        if state.phase is OneCardPhase.OVER:
            break
    assert dealers == [1, 2, 0, 1][: len(dealers)]


def test_oc_ex_b1_bidding() -> None:
    state = calls(dealt(THREE), 7, 8, None, 9, None)
    assert (state.bidder, state.contract) == (1, 9)
    partway = calls(dealt(THREE), 7, 8, None)
    assert_rejected(partway, Bid(2, 10), Violation.NOT_YOUR_TURN)
    assert_rejected(dealt(THREE), Bid(1, 6), Violation.BID_TOO_LOW)
    assert_rejected(dealt(THREE), Bid(1, 16), Violation.BID_OUT_OF_RANGE)
    assert OneCardConfig(players=4).min_bid == 6 and OneCardConfig(players=2).min_bid == 8


def test_oc_ex_b1_a_passed_player_may_not_bid_again() -> None:
    state = calls(dealt(THREE), 7, 8, None, 9)
    assert_rejected(state, Bid(0, 10), Violation.ALREADY_PASSED)


def test_oc_ex_b2_fifteen_ends_the_auction() -> None:
    state = calls(dealt(THREE), 15)
    assert state.calls == (Bid(1, 15),) and state.phase is OneCardPhase.PLAY


def test_oc_ex_b3_all_pass() -> None:
    state = calls(dealt(THREE), None, None, None)
    assert state.trump is None and state.round.trick.leader == 1


def test_oc_ex_b4_two_players() -> None:
    hands = [format_cards(Deck.one_card()[:12]), format_cards(Deck.one_card()[12:24])]
    state = calls(dealt(hands, dealer=0), None, 8)
    assert (state.bidder, state.contract, state.phase) == (0, 8, OneCardPhase.PLAY)


def test_oc_ex_t1_the_bidders_lead_names_trump() -> None:
    state = calls(dealt(THREE), 7, None, None)
    state = apply(state, Play(1, Card.parse("9D")))
    assert state.trump is Suit.DIAMONDS
    spades = calls(dealt(THREE), None, None, 7)
    assert play_cards(spades, "TS").trump is Suit.SPADES


def test_oc_ex_t2_the_joker_trumps_a_plain_lead() -> None:
    trick = trick_of("AH JK KH", leader=1, players=3)
    assert trick_winner(trick, Suit.SPADES, UP) == 2
    assert sum(card_points(p.card) for p in trick.plays) == 4


def test_oc_ex_t3_the_nine_of_trump_beats_the_joker() -> None:
    assert trick_winner(trick_of("AH 9S JK", leader=1, players=3), Suit.SPADES, UP) == 2


def test_oc_ex_t4_no_trump_played_the_ace_of_the_led_suit_wins() -> None:
    assert trick_winner(trick_of("AH KH QH", leader=1, players=3), Suit.SPADES, UP) == 1


def test_oc_ex_l1_trump_led_must_play_trump_the_joker_included() -> None:
    qs_led = trick_of("QS", leader=1, players=3)
    assert legal_plays(parse_cards("AH JK"), qs_led, Suit.SPADES) == (JK,)
    assert legal_plays(parse_cards("9S KS JD"), qs_led, Suit.SPADES) == parse_cards("9S KS")


def test_oc_ex_l2_a_heart_led_only_the_heart() -> None:
    assert legal_plays(
        parse_cards("TH 9S JK"), trick_of("AH", players=3), Suit.SPADES
    ) == parse_cards("TH")


def test_oc_ex_l3_the_bidder_may_not_lead_the_joker() -> None:
    state = calls(dealt(THREE_JK), None, None, 7)
    legal = {action.card for action in legal_actions(state)}  # type: ignore[union-attr]
    assert JK not in legal and len(legal) == 7


def test_oc_ex_n1_reversal_after_capturing_the_joker() -> None:
    assert trick_winner(trick_of("KC AC JK", leader=1, players=3), None, UP) == 0
    assert trick_winner(trick_of("TD AD 9D", leader=0, players=3), None, DOWN) == 2
    assert trick_winner(trick_of("TD AD 9D", leader=0, players=3), None, UP) == 1


def test_oc_ex_n2_joker_legality_in_no_bid_hands() -> None:
    clubs = trick_of("AC", players=3)
    assert legal_plays(parse_cards("JK TC QD"), clubs, None) == parse_cards("TC")
    assert legal_plays(parse_cards("JK QD"), clubs, None) == parse_cards("JK QD")
    assert JK in legal_plays(parse_cards("JK TC"), Trick(leader=0), None)
    assert legal_plays(parse_cards("TC QD"), trick_of("JK", players=3), None) == parse_cards(
        "TC QD"
    )


def test_oc_ex_n3_no_bid_leaders() -> None:
    assert [(d + n // 2) % n for n, d in [(2, 0), (3, 0), (4, 2)]] == [1, 1, 0]


def test_oc_ex_n4_joker_in_the_last_trick_gives_no_choice() -> None:
    # 4 players, 6 tricks: P0 keeps the joker to the end
    hands = ["9S TS JS QS KS JK", "AS 9H TH JH QH KH", "AH 9D TD JD QD KD", "AD 9C TC JC QC KC"]
    state = calls(dealt(hands, dealer=3), None, None, None, None)  # seat 1 leads (3 + 2) % 4
    while state.phase is OneCardPhase.PLAY:
        seat = one_card.actor(state)
        options = legal_actions(state)
        non_joker = [a for a in options if getattr(a, "card", None) != JK]
        state = apply(state, non_joker[0] if non_joker else options[0])
        assert state.phase is not OneCardPhase.CHOOSE_DIRECTION, seat
    last = state.round.tricks[-1]
    assert JK in [p.card for p in last.plays]
    assert state.phase is OneCardPhase.DEAL
    next_hand = apply(state, one_card.deal(state, 1))
    assert next_hand.direction is UP


def test_oc_ex_s1_made_contract() -> None:
    p1 = sum(map(card_points, parse_cards("KS QS JH KD JK")))
    p2 = sum(map(card_points, parse_cards("QD JD KC JS")))
    p0 = sum(map(card_points, parse_cards("QC JC KH QH")))
    assert (p1, p2, p0) == (7, 4, 4)
    assert hand_scores((p0, p1, p2), bidder=1, contract=7) == (4, 7, 4)
    assert p0 + p1 + p2 == 15


def test_oc_ex_s2_failed_contract_scores_zero() -> None:
    assert hand_scores((4, 7, 4), bidder=1, contract=8) == (4, 0, 4)


def test_oc_ex_s3_no_bid() -> None:
    assert hand_scores((4, 7, 4), bidder=None, contract=None) == (4, 7, 4)


def test_oc_ex_s4_the_one_cards_points_count_toward_the_contract() -> None:
    assert card_points(Card.parse("TC")) == 0 and card_points(JK) == 3
    # bidder P1 wins the last trick and the centre JK: 5 + 3 = 8 makes a contract of 8
    assert hand_scores((3, 5 + 3, 4), bidder=1, contract=8) == (3, 8, 4)


def test_oc_ex_e1_the_highest_total_over_target_wins() -> None:
    totals = (0, 27 + 3, 26 + 5)
    assert max(totals) == 31 and totals.count(31) == 1
    state = attrs.evolve(
        one_card.new_game(OneCardConfig(players=3)), phase=OneCardPhase.OVER, scores=totals
    )
    assert one_card.winners(state) == (2,)


def test_oc_ex_e2_a_tie_at_the_top_plays_another_hand() -> None:
    state = attrs.evolve(dealt(THREE, target=30), scores=(12, 31, 31))
    state = _finish(calls(state, None, None, None))
    # the hand is scored on top of the tie; it ends only with a unique top
    top = max(state.scores)
    assert (state.phase is OneCardPhase.OVER) == (state.scores.count(top) == 1)
    if state.phase is OneCardPhase.DEAL:
        assert apply(state, one_card.deal(state, 2)).round.dealer == 1


# --- illegal actions ------------------------------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = dealt(THREE)
    assert_rejected(state, Play(1, Card.parse("JH")), Violation.WRONG_PHASE)
    assert_rejected(state, Pass(2), Violation.NOT_YOUR_TURN)
    assert_rejected(state, ChooseDirection(1, DOWN), Violation.WRONG_PHASE)
    assert_rejected(
        state, one_card.deal(one_card.new_game(OneCardConfig(players=3)), 1), Violation.WRONG_PHASE
    )
    state = play_cards(calls(state, None, None, None), "JH KD")
    assert_rejected(state, Play(0, Card.parse("9S")), Violation.MUST_FOLLOW_SUIT)
    assert_rejected(state, Play(0, Card.parse("AH")), Violation.CARD_NOT_IN_HAND)
    assert_rejected(state, Bid(0, 9), Violation.WRONG_PHASE)
    assert_rejected(state, one_card.ChooseDirection(0, UP), Violation.WRONG_PHASE)
    assert_rejected(state, "0 play 9H", Violation.UNKNOWN_ACTION)
