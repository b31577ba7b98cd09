"""Oh Hell rule tests, named after the clauses and examples of ``rules/oh_hell.md``."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tricktaking as tt
from tricktaking import CHANCE, Card, Deal, IllegalActionError, Play, Suit, Trick, Violation
from tricktaking.cards import format_cards, parse_cards
from tricktaking.errors import ConfigError
from tricktaking.games import oh_hell
from tricktaking.games.oh_hell import Bid, OhHellConfig, OhHellPhase, OhHellState
from tricktaking.testing import playout


def make_deal(
    config: OhHellConfig, hands: list[str], turn_up: str, dealer: int | None = None
) -> Deal:
    """A deal of ``hands`` (seat 0 first) and ``turn_up``; the rest of the deck is stock."""
    dealt = [parse_cards(hand) for hand in hands]
    top = Card.parse(turn_up)
    used = {card for hand in dealt for card in hand} | {top}
    stock = (top, *(card for card in config.deck if card not in used))
    return Deal(hands=tuple(dealt), stock=stock, dealer=dealer)


def start(
    config: OhHellConfig, hands: list[str], turn_up: str, dealer: int | None = None
) -> OhHellState:
    return oh_hell.apply(oh_hell.new_game(config), make_deal(config, hands, turn_up, dealer))


def run(state: OhHellState, *tokens: str) -> OhHellState:
    for token in tokens:
        state = oh_hell.apply(state, oh_hell.parse_action(token))
    return state


def trick(cards: str, leader: int = 0, players: int = 4) -> Trick:
    plays = [Play((leader + i) % players, card) for i, card in enumerate(parse_cards(cards))]
    return Trick(leader=leader, plays=tuple(plays))


def bids(state: OhHellState) -> list[int]:
    return [action.tricks for action in oh_hell.legal_actions(state) if isinstance(action, Bid)]


def plays(state: OhHellState) -> str:
    return format_cards(
        sorted(
            (action.card for action in oh_hell.legal_actions(state) if isinstance(action, Play)),
            key=OhHellConfig().card_index,
        )
    )


def violation(state: OhHellState, token: str) -> Violation:
    with pytest.raises(IllegalActionError) as raised:
        oh_hell.apply(state, oh_hell.parse_action(token))
    return raised.value.violation


# --- 1. Players and seating -----------------------------------------------------------


def test_oh_1_1_three_to_seven_seats_each_alone() -> None:
    for n in range(3, 8):
        state = oh_hell.new_game(OhHellConfig(players=n))
        assert len(oh_hell.scores(state)) == n
    for n in (2, 8):
        with pytest.raises(ConfigError):
            OhHellConfig(players=n)


def test_oh_1_2_bidding_and_play_move_left_dealing_starts_at_seat_0() -> None:
    config = OhHellConfig(players=4, hand_size=1, first_dealer=2)
    state = oh_hell.apply(oh_hell.new_game(config), oh_hell.deal(oh_hell.new_game(config), 5))
    order = []
    while state.phase is OhHellPhase.BID:
        seat = oh_hell.actor(state)
        assert isinstance(seat, int)
        order.append(seat)
        state = oh_hell.apply(state, oh_hell.legal_actions(state)[-1])
    assert order == [3, 0, 1, 2]
    deck = config.deck.cards
    d = Deal.from_deck(deck, players=4, first_seat=0, hand_size=1)
    assert d.hands[0] == (deck[0],)


def test_oh_1_3_the_deck_must_leave_a_turn_up_card() -> None:
    with pytest.raises(ConfigError, match=r"OH-1\.3"):
        OhHellConfig(players=4, num_suits=1, cards_per_suit=4)
    assert OhHellConfig(players=4, num_suits=1, cards_per_suit=5).h_max == 1


# --- 2. Deck and card identities ------------------------------------------------------


def test_oh_2_1_the_deck_has_num_suits_times_cards_per_suit_distinct_cards() -> None:
    for suits, ranks in [(4, 13), (2, 7), (2, 2), (1, 5), (3, 11)]:
        deck = OhHellConfig(players=3, num_suits=suits, cards_per_suit=ranks).deck
        assert len(deck) == len(set(deck)) == suits * ranks


def test_oh_2_2_suits_are_the_first_of_c_d_s_h() -> None:
    for suits, letters in [(1, "C"), (2, "CD"), (3, "CDS"), (4, "CDSH")]:
        deck = OhHellConfig(players=3, num_suits=suits, cards_per_suit=4).deck
        assert "".join(sorted({str(card)[-1] for card in deck}, key="CDSH".index)) == letters


def test_oh_2_3_ranks_are_the_lowest_ones() -> None:
    deck = OhHellConfig(players=3, num_suits=1, cards_per_suit=8).deck
    assert format_cards(deck) == "2C 3C 4C 5C 6C 7C 8C 9C"
    assert format_cards(OhHellConfig(players=3, num_suits=2, cards_per_suit=2).deck) == (
        "2C 2D 3C 3D"
    )
    # 9C is the top card of its suit with 8 cards per suit
    assert oh_hell.trick_winner(trick("2C 9C 8C", players=3), Suit.HEARTS) == 1


def test_oh_2_4_tokens_are_rank_then_suit_and_suits_are_unranked() -> None:
    assert [str(card) for card in OhHellConfig().deck[-4:]] == ["AC", "AD", "AS", "AH"]
    # without trump, a higher card of another suit does not beat the suit led
    assert oh_hell.trick_winner(trick("2S AH AD AC"), Suit.HEARTS) == 1
    assert oh_hell.trick_winner(trick("2S AD AC 3S"), Suit.HEARTS) == 3


def test_oh_2_5_card_indices_are_rank_major() -> None:
    config = OhHellConfig()
    indices = {
        token: config.card_index(Card.parse(token))
        for token in ["2C", "2D", "2S", "2H", "3C", "AS", "AH"]
    }
    assert indices == {"2C": 0, "2D": 1, "2S": 2, "2H": 3, "3C": 4, "AS": 50, "AH": 51}
    assert [config.card_index(card) for card in config.deck] == list(range(52))
    with pytest.raises(ValueError, match="not in this deck"):
        OhHellConfig(num_suits=1).card_index(Card.parse("AH"))


# --- 3. Configuration -----------------------------------------------------------------


def test_oh_3_1_options_and_defaults() -> None:
    config = OhHellConfig()
    assert (config.players, config.num_suits, config.cards_per_suit) == (3, 4, 13)
    assert (config.hand_size, config.first_dealer, config.bid_rule) == (None, None, "hook")
    assert (config.points_per_trick, config.off_bid_penalty, config.exact_bonus) == (1, False, 10)
    assert (config.schedule, config.max_hand_size) == (None, None)
    assert config.h_max == 17


@pytest.mark.parametrize(
    "options",
    [
        {"hand_size": 0},
        {"hand_size": 18},
        {"points_per_trick": -1},
        {"exact_bonus": -1},
        {"first_dealer": 3},
        {"bid_rule": "strict"},
        {"schedule": "sideways"},
        {"schedule": "up", "hand_size": 2},
        {"max_hand_size": 3},
        {"schedule": "up", "max_hand_size": 18},
        {"off_bid_penalty": 1},
        {"players": True},
        {"num_suits": 0},
        {"num_suits": 5},
        {"cards_per_suit": 1},
        {"cards_per_suit": 14},
    ],
)
def test_oh_3_2_values_outside_their_allowed_sets_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        OhHellConfig(**options)  # type: ignore[arg-type]


def test_oh_3_3_trump_always_follow_suit_only_co_winners() -> None:
    state = start(OhHellConfig(players=3, hand_size=1, first_dealer=0), ["2C", "3C", "4C"], "5C")
    assert state.trump is Suit.CLUBS
    assert oh_hell.co_winners([3, 3, 1]) == (0, 1)


def test_oh_3_4_openspiel_parameters_map_to_options() -> None:
    # the cross-check maps them; here: every OpenSpiel parameter has its option
    config = OhHellConfig(
        players=5,
        num_suits=3,
        cards_per_suit=9,
        hand_size=4,
        off_bid_penalty=True,
        points_per_trick=2,
    )
    assert (config.players, config.num_suits, config.cards_per_suit, config.hand_size) == (
        5,
        3,
        9,
        4,
    )


def test_oh_3_5_the_default_matches_openspiel() -> None:
    config = OhHellConfig()
    assert (config.bid_rule, config.exact_bonus, config.schedule) == ("hook", 10, None)


# --- 4. First dealer and rotation -----------------------------------------------------


def test_oh_4_1_the_dealer_is_drawn_uniformly_after_the_hand_size() -> None:
    state = oh_hell.new_game(OhHellConfig(players=5))
    assert oh_hell.dealer_outcomes(state) == tuple((seat, Fraction(1, 5)) for seat in range(5))
    dealers = {oh_hell.deal(state, seed).dealer for seed in range(60)}
    assert dealers == set(range(5))
    fixed = oh_hell.new_game(OhHellConfig(players=5, first_dealer=3))
    assert oh_hell.dealer_outcomes(fixed) == ((3, Fraction(1)),)
    assert oh_hell.deal(fixed, 1).dealer is None


def test_oh_4_1_a_drawn_dealer_must_be_named_and_a_fixed_one_respected() -> None:
    config = OhHellConfig(players=3, hand_size=1)
    state = oh_hell.new_game(config)
    with pytest.raises(IllegalActionError) as raised:
        oh_hell.apply(state, make_deal(config, ["2C", "3C", "4C"], "5C"))
    assert raised.value.violation is Violation.BAD_DEAL
    assert oh_hell.check(state, make_deal(config, ["2C", "3C", "4C"], "5C", dealer=3)) is (
        Violation.BAD_DEAL
    )
    fixed = OhHellConfig(players=3, hand_size=1, first_dealer=1)
    good = start(fixed, ["2C", "3C", "4C"], "5C", dealer=1)
    assert good.round.dealer == 1
    assert (
        oh_hell.check(oh_hell.new_game(fixed), make_deal(fixed, ["2C", "3C", "4C"], "5C", dealer=2))
        is Violation.BAD_DEAL
    )


def test_oh_4_2_the_dealer_decides_who_bids_and_leads_first_not_who_gets_cards() -> None:
    config = OhHellConfig(players=3, hand_size=1)
    for dealer in range(3):
        d = make_deal(config, ["2C", "3C", "4C"], "5C", dealer=dealer)
        state = oh_hell.apply(oh_hell.new_game(config), d)
        assert state.round.hands[0] == parse_cards("2C")
        assert oh_hell.actor(state) == (dealer + 1) % 3


def test_oh_4_3_single_hand_has_no_rotation() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=2)
    final = playout(oh_hell.new_game(config), 4)[-1]
    assert oh_hell.is_over(final) and final.round.number == 1


# --- 5. Dealing and leftover cards ----------------------------------------------------


def test_oh_5_1_the_hand_size_is_fixed_or_drawn_uniformly() -> None:
    state = oh_hell.new_game(OhHellConfig(players=4))
    assert oh_hell.hand_size_outcomes(state) == tuple((r, Fraction(1, 12)) for r in range(1, 13))
    sizes = {len(oh_hell.deal(state, seed).hands[0]) for seed in range(200)}
    assert sizes == set(range(1, 13))
    fixed = oh_hell.new_game(OhHellConfig(players=4, hand_size=5))
    assert oh_hell.hand_size_outcomes(fixed) == ((5, Fraction(1)),)
    assert {len(hand) for hand in oh_hell.deal(fixed, 3).hands} == {5}


def test_oh_5_1_a_deal_of_a_drawn_size_is_any_size_up_to_h_max() -> None:
    config = OhHellConfig(players=7, num_suits=1, cards_per_suit=13)
    state = oh_hell.new_game(config)
    assert config.h_max == 1
    two_each = Deal.from_deck(config.deck, players=7, first_seat=0, hand_size=1, dealer=0)
    assert oh_hell.check(state, two_each) is None
    config = OhHellConfig(players=3, num_suits=1, cards_per_suit=7)
    too_many = Deal.from_deck(config.deck, players=3, first_seat=0, hand_size=2, dealer=0)
    assert oh_hell.check(oh_hell.new_game(config), too_many) is None
    with pytest.raises(ValueError, match="cannot deal"):
        Deal.from_deck(config.deck, players=3, first_seat=0, hand_size=3, dealer=0)
    bad = Deal(hands=((), (), ()), stock=config.deck.cards, dealer=0)
    assert oh_hell.check(oh_hell.new_game(config), bad) is Violation.BAD_DEAL


def test_oh_5_2_every_hand_uses_the_whole_deck() -> None:
    config = OhHellConfig(players=4, num_suits=3, cards_per_suit=6)
    d = oh_hell.deal(oh_hell.new_game(config), 11)
    cards = [card for hand in d.hands for card in hand] + list(d.stock)
    assert sorted(cards, key=config.card_index) == list(config.deck)
    wrong = Deal(hands=d.hands, stock=(*d.stock[:-1], Card.parse("AH")), dealer=d.dealer)
    assert oh_hell.check(oh_hell.new_game(config), wrong) is Violation.BAD_DEAL


def test_oh_5_3_card_k_goes_to_seat_k_mod_n_whoever_deals() -> None:
    config = OhHellConfig(players=3, hand_size=2)
    state = oh_hell.new_game(config)
    seed = 9
    d = oh_hell.deal(state, seed)
    deck = tt.seeding.shuffle(config.deck.cards, seed)
    for seat in range(3):
        assert set(d.hands[seat]) == {deck[seat], deck[seat + 3]}
    assert d.stock == deck[6:]


def test_oh_5_4_card_n_r_is_the_turn_up_and_the_rest_stay_unseen() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = oh_hell.apply(oh_hell.new_game(config), oh_hell.deal(oh_hell.new_game(config), 2))
    assert state.turn_up == state.stock[0]
    assert len(state.stock) == 52 - 6
    seen = {str(card) for card in oh_hell.view(state, 1).hand} | {str(state.turn_up)}
    assert not seen & {str(card) for card in state.stock[1:]}
    assert [zone.name for zone in oh_hell.zones(state)][3:5] == ["turn-up", "stock"]


def test_oh_5_5_there_is_always_a_turn_up() -> None:
    for n in range(3, 8):
        config = OhHellConfig(players=n, hand_size=OhHellConfig(players=n).h_max)
        d = oh_hell.deal(oh_hell.new_game(config), n)
        assert len(d.stock) >= 1


def test_oh_5_6_any_deal_of_the_right_sizes_is_valid() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = start(config, ["AH AS", "2C 2D", "KH QH"], "7S")
    assert state.phase is OhHellPhase.BID and state.trump is Suit.SPADES
    wrong_size = make_deal(config, ["AH", "2C 2D", "KH QH"], "7S")
    assert oh_hell.check(oh_hell.new_game(config), wrong_size) is Violation.BAD_DEAL


# --- 6. Trump determination -----------------------------------------------------------


def test_oh_6_1_the_turn_up_is_public_and_never_played() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = start(config, ["2H", "3H", "4H"], "AH")
    for seat in range(3):
        assert oh_hell.view(state, seat).turn_up == Card.parse("AH")
    assert Card.parse("AH") not in state.round.hands[0]


def test_oh_6_2_the_turn_up_suit_is_trump_its_rank_plays_no_part() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    assert start(config, ["2H", "3H", "4H"], "2D").trump is Suit.DIAMONDS
    assert start(config, ["2H", "3H", "4H"], "AD").trump is Suit.DIAMONDS


def test_oh_6_3_every_hand_has_trump_one_suit_is_all_trump() -> None:
    config = OhHellConfig(players=3, num_suits=1, hand_size=2, first_dealer=0)
    state = start(config, ["2C 3C", "4C 5C", "6C 7C"], "8C")
    assert state.trump is Suit.CLUBS


def test_oh_6_4_nobody_chooses_trump() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = start(config, ["2H", "3H", "4H"], "AD")
    assert all(isinstance(action, Bid) for action in oh_hell.legal_actions(state))
    assert oh_hell.check(state, tt.ChooseTrump(1, Suit.SPADES)) is Violation.UNKNOWN_ACTION


def test_oh_6_5_a_view_shows_own_hand_size_dealer_turn_up_bids_and_plays() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = start(config, ["2H 9C", "3H TC", "4H JC"], "AD")
    state = run(state, "1 bid 1")
    v = oh_hell.view(state, 2)
    assert v.hand == parse_cards("4H JC")
    assert (v.hand_size, v.dealer, v.turn_up, v.bids) == (2, 0, Card.parse("AD"), (None, 1, None))
    assert v.hand_sizes == (2, 2, 2)
    data = v.to_dict()
    assert data["hand_size"] == 2 and data["turn_up"] == "AD" and data["bids"] == [None, 1, None]
    assert "2H" not in str(data) and "3H" not in str(data)


# --- 7. Bidding -----------------------------------------------------------------------


def test_oh_7_1_left_of_dealer_bids_first_the_dealer_last() -> None:
    config = OhHellConfig(players=4, hand_size=1, first_dealer=1)
    state = start(config, ["2C", "3C", "4C", "5C"], "6C")
    assert oh_hell.actor(state) == 2
    assert violation(state, "1 bid 0") is Violation.NOT_YOUR_TURN
    state = run(state, "2 bid 0", "3 bid 0", "0 bid 0")
    assert oh_hell.actor(state) == 1


def test_oh_7_2_a_bid_is_zero_to_r_with_no_pass() -> None:
    config = OhHellConfig(players=3, hand_size=3, first_dealer=0)
    state = start(config, ["2C 3C 4C", "5C 6C 7C", "8C 9C TC"], "JC")
    assert bids(state) == [0, 1, 2, 3]
    assert violation(state, "1 bid 4") is Violation.BID_OUT_OF_RANGE
    assert oh_hell.check(state, tt.Pass(1)) is Violation.UNKNOWN_ACTION


def test_oh_7_3_bids_are_public() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = run(start(config, ["2C", "3C", "4C"], "5C"), "1 bid 1")
    assert all(oh_hell.view(state, seat).bids == (None, 1, None) for seat in range(3))


def test_oh_7_4_the_hook_forbids_the_dealer_one_bid() -> None:
    config = OhHellConfig(players=3, hand_size=3, first_dealer=0)
    state = run(start(config, ["2C 3C 4C", "5C 6C 7C", "8C 9C TC"], "JC"), "1 bid 1", "2 bid 1")
    assert bids(state) == [0, 2, 3]
    assert violation(state, "0 bid 1") is Violation.FORBIDDEN_BID_TOTAL
    over = run(start(config, ["2C 3C 4C", "5C 6C 7C", "8C 9C TC"], "JC"), "1 bid 3", "2 bid 1")
    assert bids(over) == [0, 1, 2, 3]


def test_oh_7_5_earlier_bidders_are_never_restricted() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = run(start(config, ["2C 3C", "5C 6C", "8C 9C"], "JC"), "1 bid 2")
    assert bids(state) == [0, 1, 2]


def test_oh_7_6_free_bidding_has_no_restriction() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0, bid_rule="free")
    state = run(start(config, ["2C 3C", "5C 6C", "8C 9C"], "JC"), "1 bid 1", "2 bid 1")
    assert bids(state) == [0, 1, 2]


def test_oh_7_7_bidding_ends_with_the_dealer() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = run(start(config, ["2C", "3C", "4C"], "5C"), "1 bid 0", "2 bid 0", "0 bid 0")
    assert state.phase is OhHellPhase.PLAY


def test_oh_8_1_play_begins_right_after_the_dealer_bids() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=2)
    state = run(start(config, ["2C", "3C", "4C"], "5C"), "0 bid 0", "1 bid 0", "2 bid 0")
    assert state.phase is OhHellPhase.PLAY and oh_hell.actor(state) == 0
    assert isinstance(oh_hell.legal_actions(state)[0], Play)


# --- 9. Leading -----------------------------------------------------------------------


def test_oh_9_1_left_of_dealer_leads_first() -> None:
    config = OhHellConfig(players=4, hand_size=1, first_dealer=3)
    state = run(start(config, ["2C", "3C", "4C", "5C"], "6C"), *(f"{s} bid 0" for s in range(4)))
    assert oh_hell.actor(state) == 0


def test_oh_9_2_the_trick_winner_leads_next() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = start(config, ["2D 3D", "AD 4D", "5D 6D"], "2H")
    state = run(state, "1 bid 0", "2 bid 0", "0 bid 1", "1 play AD", "2 play 5D", "0 play 2D")
    assert state.round.tricks[-1].winner == 1 and oh_hell.actor(state) == 1


def test_oh_9_3_each_plays_once_per_trick_and_a_hand_has_r_tricks() -> None:
    config = OhHellConfig(players=5, hand_size=4, first_dealer=2)
    final = playout(oh_hell.new_game(config), 3)[-1]
    assert len(final.round.tricks) == 4
    assert all(len(t.plays) == 5 for t in final.round.tricks)
    assert all(hand == () for hand in final.round.hands)


# --- 10. Legal plays ------------------------------------------------------------------


def test_oh_10_1_the_leader_may_lead_anything_trumps_included() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = run(start(config, ["2C 3C", "2H 5D", "8C 9C"], "JH"), "1 bid 0", "2 bid 0", "0 bid 0")
    assert plays(state) == "2H 5D"


def test_oh_10_2_oh_10_3_who_holds_the_suit_led_must_follow_it() -> None:
    assert format_cards(oh_hell.legal_plays(parse_cards("3H KS 2H"), trick("9H"))) == "3H 2H"
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    state = run(
        start(config, ["2C 3H", "2H 5D", "8C 9C"], "JS"),
        "1 bid 0",
        "2 bid 0",
        "0 bid 0",
        "1 play 5D",
    )
    assert violation(state, "0 play 2C") is Violation.NOT_YOUR_TURN
    state = run(state, "2 play 8C")
    assert plays(state) == "2C 3H"  # void in D: anything
    state = run(start(config, ["2C 3H", "2H 5D", "8C 9C"], "JS"), "1 bid 0", "2 bid 0", "0 bid 0")
    state = run(state, "1 play 2H", "2 play 8C")
    assert plays(state) == "3H"
    assert violation(state, "0 play 2C") is Violation.MUST_FOLLOW_SUIT


def test_oh_10_4_a_void_player_may_play_anything() -> None:
    assert format_cards(oh_hell.legal_plays(parse_cards("KS 4D"), trick("9H"))) == "KS 4D"


def test_oh_10_5_no_duty_to_trump_or_to_beat() -> None:
    hand = parse_cards("2S 3D")  # trump S, void in H: a trump is not required
    assert format_cards(oh_hell.legal_plays(hand, trick("AH KH"))) == "2S 3D"
    hand = parse_cards("2H AH")  # both hearts are legal, the low one too
    assert format_cards(oh_hell.legal_plays(hand, trick("KH"))) == "2H AH"


# --- 11. Trick winner -----------------------------------------------------------------


def test_oh_11_1_the_highest_trump_wins() -> None:
    assert oh_hell.trick_winner(trick("TS 2H 9S AH"), Suit.HEARTS) == 3


def test_oh_11_2_without_trump_the_highest_of_the_suit_led() -> None:
    assert oh_hell.trick_winner(trick("5D AS 7D 2C"), Suit.HEARTS) == 2


def test_oh_11_3_off_suit_never_wins_and_trump_led_agrees() -> None:
    assert oh_hell.trick_winner(trick("3S AH 2S KD"), Suit.SPADES) == 0
    assert oh_hell.trick_winner(trick("3S AH 2S KD"), Suit.CLUBS) == 0
    with pytest.raises(ValueError, match="empty trick"):
        oh_hell.trick_winner(Trick(leader=0), Suit.SPADES)


# --- 12. Scoring ----------------------------------------------------------------------


def test_oh_12_1_hand_scores() -> None:
    assert oh_hell.hand_score(2, 2) == 12
    assert oh_hell.hand_score(2, 1) == 1
    assert oh_hell.hand_score(2, 1, off_bid_penalty=True) == -1
    assert oh_hell.hand_score(2, 2, off_bid_penalty=True, exact_bonus=5) == 7


def test_oh_12_2_without_penalty_scores_are_never_negative() -> None:
    assert min(oh_hell.hand_score(b, t) for b in range(5) for t in range(5)) == 0


def test_oh_12_3_the_penalty_loses_p_per_trick_of_difference() -> None:
    assert oh_hell.hand_score(1, 3, points_per_trick=2, off_bid_penalty=True) == -4
    assert oh_hell.hand_score(3, 1, points_per_trick=2, off_bid_penalty=True) == -4


def test_oh_12_4_the_bonus_is_never_multiplied() -> None:
    assert oh_hell.hand_score(3, 3, points_per_trick=2) == 16


def test_oh_12_5_scores_exist_only_once_the_hand_is_over() -> None:
    states = playout(oh_hell.new_game(OhHellConfig(players=3, hand_size=3)), 8)
    assert all(s.scores == (0, 0, 0) for s in states[:-1])
    assert states[-1].scores != (0, 0, 0)


def test_oh_12_6_each_player_is_scored_alone() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = run(start(config, ["2C", "3C", "4C"], "5H"), "1 bid 1", "2 bid 1", "0 bid 1")
    state = run(state, "1 play 3C", "2 play 4C", "0 play 2C")
    assert state.scores == (0, 0, 11)


# --- 13. End of game and winners ------------------------------------------------------


def test_oh_13_1_one_hand_ends_after_the_last_trick() -> None:
    config = OhHellConfig(players=3, hand_size=2, first_dealer=0)
    states = playout(oh_hell.new_game(config), 1)
    assert [oh_hell.is_over(s) for s in states].index(True) == len(states) - 1
    assert states[-1].phase is OhHellPhase.OVER
    assert oh_hell.actor(states[-1]) is None and oh_hell.legal_actions(states[-1]) == ()
    assert violation(states[-1], "0 bid 0") is Violation.GAME_OVER
    assert violation(states[-1], "0 play 2C") is Violation.GAME_OVER


def test_oh_13_2_ties_make_co_winners() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = run(start(config, ["2C", "3C", "4C"], "5H"), "1 bid 0", "2 bid 0", "0 bid 0")
    assert oh_hell.winners(state) == ()
    state = run(state, "1 play 3C", "2 play 4C", "0 play 2C")
    assert state.scores == (10, 10, 1) and oh_hell.winners(state) == (0, 1)


def test_oh_13_3_a_full_game_ranks_totals_even_negative() -> None:
    config = OhHellConfig(players=3, schedule="up", max_hand_size=2, off_bid_penalty=True)
    final = playout(oh_hell.new_game(config), 21)[-1]
    assert oh_hell.is_over(final)
    assert final.scores == tuple(map(sum, zip(*final.score_sheet, strict=True)))
    assert oh_hell.winners(final) == oh_hell.co_winners(final.scores)
    assert oh_hell.co_winners([-5, -2, -9]) == (1,)


# --- 14. Full game --------------------------------------------------------------------


def test_oh_14_1_a_full_game_has_no_hand_size_draw() -> None:
    config = OhHellConfig(players=3, schedule="down", max_hand_size=3)
    state = oh_hell.new_game(config)
    assert oh_hell.hand_size_outcomes(state) == ((3, Fraction(1)),)
    wrong = Deal.from_deck(config.deck, players=3, first_seat=0, hand_size=2, dealer=0)
    assert oh_hell.check(state, wrong) is Violation.BAD_DEAL


def test_oh_14_2_schedules() -> None:
    sizes = {
        schedule: OhHellConfig(players=3, schedule=schedule, max_hand_size=3).hand_sizes
        for schedule in ("up", "down", "up_down", "down_up")
    }
    assert sizes == {
        "up": (1, 2, 3),
        "down": (3, 2, 1),
        "up_down": (1, 2, 3, 2, 1),
        "down_up": (3, 2, 1, 2, 3),
    }
    assert OhHellConfig(players=3, schedule="up").hand_sizes[-1] == 17


def test_oh_14_3_the_turning_hand_is_played_once() -> None:
    assert OhHellConfig(players=5, schedule="up_down").hand_sizes.count(10) == 1
    assert OhHellConfig(players=5, schedule="down_up").hand_sizes.count(1) == 1


def test_oh_14_4_every_hand_is_dealt_afresh_with_a_turn_up() -> None:
    config = OhHellConfig(players=4, schedule="up", max_hand_size=3, first_dealer=0)
    states = playout(oh_hell.new_game(config), 5)
    deals = [a for a in states[-1].history if isinstance(a, Deal)]
    assert [len(d.hands[0]) for d in deals] == [1, 2, 3]
    assert all(len(d.stock) == 52 - 4 * len(d.hands[0]) for d in deals)


def test_oh_14_5_the_deal_passes_left() -> None:
    config = OhHellConfig(players=3, schedule="up", max_hand_size=4)
    state = oh_hell.new_game(config)
    dealers: list[int] = []
    seed = 0
    while not oh_hell.is_over(state):
        if oh_hell.actor(state) is CHANCE:
            d = oh_hell.deal(state, seed)
            seed += 1
            if dealers:
                assert d.dealer is None  # only the first dealer is drawn
                named = Deal(hands=d.hands, stock=d.stock, dealer=(dealers[-1] + 2) % 3)
                assert oh_hell.check(state, named) is Violation.BAD_DEAL
            state = oh_hell.apply(state, d)
            dealers.append(state.round.dealer)
        else:
            state = oh_hell.apply(state, oh_hell.legal_actions(state)[0])
    first = dealers[0]
    assert dealers == [(first + h) % 3 for h in range(4)]


def test_oh_14_6_totals_add_hand_scores() -> None:
    config = OhHellConfig(players=3, schedule="up_down", max_hand_size=2, first_dealer=1)
    final = playout(oh_hell.new_game(config), 6)[-1]
    assert len(final.score_sheet) == 3
    assert final.scores == tuple(map(sum, zip(*final.score_sheet, strict=True)))


def test_oh_14_7_the_game_ends_after_the_last_scheduled_hand() -> None:
    config = OhHellConfig(players=4, schedule="down", max_hand_size=2)
    states = playout(oh_hell.new_game(config), 7)
    assert states[-1].round.number == 2 and oh_hell.is_over(states[-1])
    assert not any(oh_hell.is_over(s) for s in states[:-1])
    with pytest.raises(IllegalActionError):
        oh_hell.deal(states[-1], 1)


# --- Worked examples: trick winners ---------------------------------------------------


@pytest.mark.parametrize(
    ("example", "trump", "cards", "table", "winner"),
    [
        ("OH-EX-1", Suit.HEARTS, "5D AS 7D 2C", (0, 4), 2),
        ("OH-EX-2", Suit.HEARTS, "TS 2H 9S AH", (0, 4), 3),
        ("OH-EX-3", Suit.SPADES, "3S AH 2S KD", (0, 4), 0),
        ("OH-EX-4", Suit.DIAMONDS, "KH AH 2D", (1, 3), 0),
        ("OH-EX-5", Suit.CLUBS, "5C 9C 2C", (0, 3), 1),
    ],
)
def test_oh_ex_1_to_5_trick_winners(
    example: str, trump: Suit, cards: str, table: tuple[int, int], winner: int
) -> None:
    """``table`` is the leader and the number of players."""
    assert example.startswith("OH-EX-")
    assert oh_hell.trick_winner(trick(cards, *table), trump) == winner


# --- Worked examples: bidding ---------------------------------------------------------


def _bidding(players: int, r: int, dealer: int, bid_rule: str = "hook") -> OhHellState:
    config = OhHellConfig(
        players=players,
        hand_size=r,
        first_dealer=dealer,
        bid_rule=bid_rule,  # type: ignore[arg-type]
    )
    return oh_hell.apply(oh_hell.new_game(config), oh_hell.deal(oh_hell.new_game(config), 1))


def _bid_all(state: OhHellState, values: list[int]) -> OhHellState:
    for value in values:
        state = oh_hell.apply(state, Bid(oh_hell.actor(state), value))  # type: ignore[arg-type]
    return state


def test_oh_ex_b1_one_card_dealer_bids() -> None:
    state = _bidding(4, 1, 3)
    assert bids(_bid_all(state, [0, 0, 0])) == [0]
    assert bids(_bid_all(state, [1, 0, 0])) == [1]
    assert bids(_bid_all(state, [1, 1, 0])) == [0, 1]


def test_oh_ex_b2_a_bid_that_makes_the_total_is_legal_before_the_dealer() -> None:
    state = _bidding(4, 2, 3)
    assert bids(state) == [0, 1, 2]
    assert bids(_bid_all(state, [2, 0, 0])) == [1, 2]


def test_oh_ex_b3_dealer_legal_bids() -> None:
    assert bids(_bid_all(_bidding(3, 5, 0), [2, 2])) == [0, 2, 3, 4, 5]


def test_oh_ex_b4_seven_players() -> None:
    assert bids(_bid_all(_bidding(7, 7, 6), [0] * 6)) == [0, 1, 2, 3, 4, 5, 6]


def test_oh_ex_b5_bidding_order_and_free_bids() -> None:
    state = _bidding(4, 2, 1)
    order = []
    while state.phase is OhHellPhase.BID:
        order.append(oh_hell.actor(state))
        state = oh_hell.apply(state, oh_hell.legal_actions(state)[0])
    assert order == [2, 3, 0, 1] and oh_hell.actor(state) == 2
    free = _bidding(4, 1, 3, "free")
    for values in ([0, 0, 0], [1, 0, 0], [1, 1, 0]):
        assert bids(_bid_all(free, values)) == [0, 1]


# --- Worked examples: scoring ---------------------------------------------------------


def test_oh_ex_s1_default_scoring() -> None:
    assert [oh_hell.hand_score(b, t) for b, t in [(0, 0), (2, 2), (1, 0), (0, 3)]] == [
        10,
        12,
        0,
        3,
    ]


def test_oh_ex_s2_penalty_scoring() -> None:
    scores = [
        oh_hell.hand_score(b, t, off_bid_penalty=True) for b, t in [(3, 3), (0, 3), (4, 1), (1, 0)]
    ]
    assert scores == [13, -3, -3, -1]


def test_oh_ex_s3_points_per_trick() -> None:
    assert oh_hell.hand_score(3, 3, points_per_trick=2) == 16
    assert oh_hell.hand_score(3, 1, points_per_trick=2, off_bid_penalty=True) == -4
    assert oh_hell.hand_score(3, 2, points_per_trick=2) == 4
    assert oh_hell.hand_score(2, 2, points_per_trick=0) == 10
    assert oh_hell.hand_score(2, 1, points_per_trick=0) == 0


# --- Worked examples: complete deals --------------------------------------------------


def test_oh_ex_d1_four_players_three_cards() -> None:
    for penalty, returns in [(False, (12, 0, 11, 10)), (True, (12, -1, 11, 10))]:
        config = OhHellConfig(players=4, hand_size=3, off_bid_penalty=penalty)
        state = start(config, ["AS 2H 5D", "KS 7C QD", "3S JH 4C", "9S 8C AD"], "9H", dealer=0)
        assert state.trump is Suit.HEARTS
        state = run(state, "1 bid 1", "2 bid 1", "3 bid 0")
        assert bids(state) == [0, 2, 3]
        state = run(state, "0 bid 2")
        assert plays(state) == "7C QD KS"
        state = run(state, "1 play KS", "2 play 3S", "3 play 9S", "0 play AS")
        assert state.round.tricks[-1].winner == 0 and plays(state) == "2H 5D"
        state = run(state, "0 play 5D", "1 play QD")
        assert plays(state) == "4C JH"
        state = run(state, "2 play JH", "3 play AD")
        assert state.round.tricks[-1].winner == 2
        state = run(state, "2 play 4C", "3 play 8C", "0 play 2H", "1 play 7C")
        assert state.round.tricks[-1].winner == 0
        assert state.round.won == (2, 0, 1, 0) and state.bids == (2, 1, 1, 0)
        assert state.scores == returns


def test_oh_ex_d2_three_players_penalty_two_points() -> None:
    for penalty, returns in [(True, (14, -2, -2)), (False, (14, 0, 4))]:
        config = OhHellConfig(players=3, hand_size=4, points_per_trick=2, off_bid_penalty=penalty)
        state = start(config, ["AH KH 2S 9C", "QH 3D 4D JC", "AS KS 5H 7D"], "TS", dealer=1)
        state = run(state, "2 bid 3", "0 bid 2")
        assert bids(state) == [0, 1, 2, 3, 4]
        state = run(state, "1 bid 1", "2 play AS")
        assert plays(state) == "2S"
        state = run(state, "0 play 2S")
        assert plays(state) == "3D 4D JC QH"
        state = run(state, "1 play 3D", "2 play KS")
        assert state.round.tricks[-1].winner == 2 and plays(state) == "9C KH AH"
        state = run(state, "0 play 9C", "1 play 4D", "2 play 5H")
        assert plays(state) == "KH AH"
        state = run(state, "0 play AH", "1 play QH")
        assert state.round.tricks[-1].winner == 0
        state = run(state, "0 play KH", "1 play JC", "2 play 7D")
        assert state.round.won == (2, 0, 2) and state.scores == returns


def test_oh_ex_d3_five_players_two_cards() -> None:
    for penalty, returns in [(False, (10, 0, 1, 11, 0)), (True, (10, -1, -1, 11, -1))]:
        config = OhHellConfig(players=5, hand_size=2, off_bid_penalty=penalty)
        state = start(config, ["4H 3C", "AH 9S", "5C KD", "2H QC", "7H JS"], "TC", dealer=4)
        state = run(state, "0 bid 0", "1 bid 1", "2 bid 0", "3 bid 1")
        assert bids(state) == [1, 2]
        state = run(state, "4 bid 1")
        assert plays(state) == "3C 4H"
        state = run(state, "0 play 4H", "1 play AH", "2 play 5C", "3 play 2H", "4 play 7H")
        assert state.round.tricks[-1].winner == 2
        state = run(state, "2 play KD", "3 play QC", "4 play JS", "0 play 3C", "1 play 9S")
        assert state.round.tricks[-1].winner == 3
        assert state.round.won == (0, 0, 1, 1, 0) and state.scores == returns


# --- Worked examples: configuration and deck ------------------------------------------


def test_oh_ex_c1_hand_size_outcomes_by_players() -> None:
    for players, top in [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7)]:
        outcomes = oh_hell.hand_size_outcomes(oh_hell.new_game(OhHellConfig(players=players)))
        assert outcomes == tuple((r, Fraction(1, top)) for r in range(1, top + 1))


def test_oh_ex_c2_a_six_card_deck() -> None:
    config = OhHellConfig(players=3, num_suits=2, cards_per_suit=3)
    assert format_cards(config.deck) == "2C 2D 3C 3D 4C 4D"
    assert [config.card_index(card) for card in config.deck] == list(range(6))
    assert config.h_max == 1
    assert [r for r, _ in oh_hell.hand_size_outcomes(oh_hell.new_game(config))] == [1]


def test_oh_ex_c3_deck_too_small_and_bounds() -> None:
    with pytest.raises(ConfigError):
        OhHellConfig(players=7, num_suits=1, cards_per_suit=7)
    assert OhHellConfig(players=7, num_suits=1, cards_per_suit=8).h_max == 1
    for options in ({"players": 2}, {"players": 8}, {"num_suits": 0}, {"num_suits": 5}):
        with pytest.raises(ConfigError):
            OhHellConfig(**options)  # type: ignore[arg-type]
    for cards in (1, 14):
        with pytest.raises(ConfigError):
            OhHellConfig(cards_per_suit=cards)


def test_oh_ex_c4_hand_size_above_h_max_is_rejected() -> None:
    with pytest.raises(ConfigError, match="1 to 17"):
        OhHellConfig(players=3, hand_size=18)


def test_oh_ex_c5_up_down_with_four_players() -> None:
    config = OhHellConfig(players=4, schedule="up_down", first_dealer=2)
    assert config.hand_sizes == (*range(1, 13), *range(11, 0, -1))
    assert config.total_hands == 23
    state = oh_hell.new_game(config)
    dealers = []
    for hand in range(3):
        state = oh_hell.apply(state, oh_hell.deal(state, hand))
        dealers.append(state.round.dealer)
        while state.phase is not OhHellPhase.DEAL:
            state = oh_hell.apply(state, oh_hell.legal_actions(state)[0])
    assert dealers == [2, 3, 0]


# --- Actions and notation -------------------------------------------------------------


def test_deal_tokens_with_a_dealer_round_trip() -> None:
    config = OhHellConfig(players=3, hand_size=1)
    d = make_deal(config, ["2C", "3C", "4C"], "5C", dealer=2)
    assert str(d).startswith("deal dealer 2: 2C / 3C / 4C / 5C ")
    assert oh_hell.parse_action(str(d)) == d
    for bad in ("deal dealer 2 2C / 3C", "deal dealer x: 2C / 3C", "deal dealer"):
        with pytest.raises(tt.NotationError):
            oh_hell.parse_action(bad)
    with pytest.raises(tt.NotationError, match="not an Oh Hell action"):
        oh_hell.parse_action("0 trump S")
    with pytest.raises(tt.NotationError, match="Oh Hell bid"):
        oh_hell.parse_action("0 bid x")


def test_a_dealer_that_is_not_an_int_is_refused() -> None:
    with pytest.raises(tt.TricktakingError):
        Deal(hands=(), stock=(), dealer=True)
    config = OhHellConfig(players=3, hand_size=1)
    d = make_deal(config, ["2C", "3C", "4C"], "5C", dealer=0)
    object.__setattr__(d, "dealer", "0")
    assert oh_hell.check(oh_hell.new_game(config), d) is Violation.UNKNOWN_ACTION


def test_new_game_and_view_refuse_wrong_arguments() -> None:
    with pytest.raises(TypeError):
        oh_hell.new_game(tt.WizardConfig(players=3))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        oh_hell.view(oh_hell.new_game(OhHellConfig()), 3)


def test_with_zones_swaps_hidden_cards() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = start(config, ["2C", "3C", "4C"], "5C")
    swapped = oh_hell.with_zones(state, {"hand 0": parse_cards("3C"), "hand 1": parse_cards("2C")})
    assert swapped.round.hands[:2] == (parse_cards("3C"), parse_cards("2C"))
    assert swapped.turn_up == state.turn_up


def test_the_top_level_functions_play_oh_hell() -> None:
    state = tt.new_game(tt.OhHellConfig(players=4))
    assert tt.get_game("oh-hell").title == "Oh Hell"
    state = tt.apply(state, tt.deal(state, seed=5))
    assert isinstance(tt.view(state, 0), tt.OhHellView)
    while not tt.is_over(state):
        state = tt.apply(state, tt.legal_actions(state)[0])
    assert tt.winners(state)
    text = tt.records.dumps(state)
    assert tt.records.loads(text).final_state() == state


def test_actions_out_of_their_phase_are_refused() -> None:
    config = OhHellConfig(players=3, hand_size=1, first_dealer=0)
    state = start(config, ["2C", "3C", "4C"], "5C")
    assert oh_hell.check(state, make_deal(config, ["2C", "3C", "4C"], "5C")) is (
        Violation.WRONG_PHASE
    )
    assert violation(state, "1 play 3C") is Violation.WRONG_PHASE
    state = run(state, "1 bid 0", "2 bid 0", "0 bid 0")
    assert violation(state, "1 bid 0") is Violation.WRONG_PHASE
    assert violation(state, "1 play 2C") is Violation.CARD_NOT_IN_HAND
    assert repr(state.phase) == "<OhHellPhase.PLAY: 'play'>"
    with pytest.raises(IllegalActionError):
        oh_hell.deal(state, 1)
    with pytest.raises(IllegalActionError):
        oh_hell.hand_size_outcomes(state)
