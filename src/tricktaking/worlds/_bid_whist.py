"""The hidden part of a Bid Whist view: the other hands and the kitty or the discards.

With the exchange, once the declarer has taken up the kitty, the other seats see
neither the kitty nor the discards: the hidden zones are the declarer's hand and the
discards. Which of the declarer's eighteen cards came from the kitty changes nothing
that follows and every split is equally likely, so a world fixes the kitty as the
discards (topped up from the declarer's hand while discards are still to come).
"""

from __future__ import annotations

import attrs

import tricktaking as tt
from tricktaking.actions import ChooseDirection, ChooseTrump, Deal
from tricktaking.cards import Card, sort_cards
from tricktaking.engine import Action, GameState
from tricktaking.games import bid_whist
from tricktaking.rounds import Round
from tricktaking.tricks import Trick
from tricktaking.worlds._layout import (
    Assignment,
    Layout,
    completed_round_scores,
    deck_of,
    first_deal,
    hidden_cards,
    played_by,
    plays_of,
    replay,
    round_number,
    voids,
)

__all__: list[str] = []

_Phase = bid_whist.BidWhistPhase


def config_of(view: bid_whist.BidWhistView) -> bid_whist.BidWhistConfig:
    """The config the view shows; what it cannot show (target, nt_double) is the default.

    The exchange shows as a kitty the declarer sees or a discard phase; the lowest bid
    level shows in the opening bids offered; who leads trick 1 shows once it is known.
    """
    players = len(view.hand_sizes)
    first_dealer = (view.dealer - max(round_number(view) - 1, 0)) % players
    exchange = bool(view.kitty) or view.phase is _Phase.DISCARD
    bids = [a for a in view.legal_actions if isinstance(a, bid_whist.Bid)]
    opening = not any(isinstance(call, bid_whist.Bid) for call in view.calls)
    min_bid = min(bid.level for bid in bids) if bids and opening else 1
    declarer = None if view.contract is None else view.contract.seat
    leader = view.tricks[0].leader if view.tricks else view.trick.leader
    led_by_declarer = (
        view.phase in (_Phase.DISCARD, _Phase.PLAY, _Phase.DEAL, _Phase.OVER)
        and declarer is not None
        and leader == declarer
        and leader != (view.dealer + 1) % players
    )
    return bid_whist.BidWhistConfig(
        first_dealer=first_dealer,
        min_bid=min_bid,
        kitty="exchange" if exchange else "book",
        first_lead="declarer" if led_by_declarer else "left_of_dealer",
    )


def _choice(view: bid_whist.BidWhistView) -> list[Action]:
    """The declarer's second choice, once made (BW-8.1)."""
    contract = view.contract
    if contract is None or view.phase in (_Phase.BID, _Phase.CHOOSE):
        return []
    if contract.mode is bid_whist.BidMode.NO_TRUMP:
        return [ChooseDirection(contract.seat, view.direction)]
    if view.trump is None:
        raise ValueError("a suit contract past the choice must show its trump")
    return [ChooseTrump(contract.seat, view.trump)]


def layout(view: bid_whist.BidWhistView, config: bid_whist.BidWhistConfig) -> Layout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    players = len(view.hand_sizes)
    number = round_number(view)
    seat = view.seat
    base = bid_whist.new_game(config)
    if number == 0:
        return Layout((), (), (), (), lambda _: base)
    deck = deck_of(config)
    shape = first_deal(config)
    kitty_size = len(shape.stock)
    dealt_size = len(shape.hands[0])
    played = played_by(view.trick, view.tricks, players)
    declarer = None if view.contract is None else view.contract.seat
    picked_up = (
        config.kitty == "exchange"
        and declarer is not None
        and view.phase
        not in (
            _Phase.BID,
            _Phase.CHOOSE,
        )
    )
    public = [*view.hand, *(c for t in view.tricks for c in t.cards), *view.trick.cards]
    if seat == declarer and picked_up:
        public += view.discards  # the kitty is in the declarer's hand or discarded
    hidden = hidden_cards(deck, public)
    others = [s for s in range(players) if s != seat]
    zones: list[str] = [f"hand {s}" for s in others]
    sizes: list[int] = [view.hand_sizes[s] for s in others]
    if not picked_up:
        zones.append("kitty")
        sizes.append(kitty_size)
    elif declarer is not None and seat != declarer:
        zones.append("discards")
        sizes.append(dealt_size + kitty_size - view.hand_sizes[declarer] - len(played[declarer]))

    def follow(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
        return bid_whist.legal_plays(hand, trick, view.trump)

    barred = voids(view.trick, view.tricks, hidden, follow)
    forbidden = (
        *(barred.get(s, frozenset()) for s in others),
        *(frozenset() for _ in zones[len(others) :]),
    )
    calls: list[Action] = [*view.calls, *_choice(view)]
    plays = plays_of(view.trick, view.tricks)
    complete = view.phase in (_Phase.DEAL, _Phase.OVER)

    def build(assignment: Assignment) -> GameState[object]:
        now = [view.hand if s == seat else assignment[f"hand {s}"] for s in range(players)]
        discards: tuple[Card, ...] = ()
        if not picked_up:
            kitty = assignment["kitty"]
        elif declarer is not None and seat == declarer:
            kitty, discards = view.kitty, view.discards
        elif declarer is not None:
            discards = assignment["discards"]
            top_up = kitty_size - len(discards)  # discards still to come (BW-8.3)
            kitty = (*discards, *now[declarer][:top_up])
        hands = [list((*now[s], *played[s])) for s in range(players)]
        if picked_up and declarer is not None:
            held = [*hands[declarer], *discards]
            for card in kitty:
                held.remove(card)
            hands[declarer] = held
        dealt = Deal(hands=tuple(sort_cards(hand) for hand in hands), stock=kitty)
        exchange = (
            [bid_whist.Discard(declarer, card) for card in discards] if declarer is not None else []
        )

        def from_totals(totals: tuple[int, ...]) -> GameState[object]:
            start = attrs.evolve(
                base,
                round=Round(
                    number=number - 1,
                    dealer=view.dealer,
                    hands=((),) * players,
                    trick=Trick(leader=0),
                ),
                team_scores=(totals[0], totals[1]),
            )
            return replay(start, (dealt, *calls, *exchange, *plays))

        if complete:
            return completed_round_scores(from_totals, view.team_scores, _team_scores)
        return from_totals(view.team_scores)

    return Layout(tuple(zones), tuple(sizes), hidden, forbidden, build)


def _team_scores(state: GameState[object]) -> tuple[int, ...]:
    return tt.scores(state)[:2]
