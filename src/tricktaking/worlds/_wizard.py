"""The hidden part of a Wizard view: the other hands and the stock under the turn-up."""

from __future__ import annotations

import attrs

import tricktaking as tt
from tricktaking.actions import ChooseTrump, Deal
from tricktaking.cards import Rank, sort_cards
from tricktaking.engine import Action, GameState
from tricktaking.games import wizard
from tricktaking.rounds import Round
from tricktaking.tricks import Trick
from tricktaking.worlds._layout import (
    Assignment,
    Layout,
    completed_round_scores,
    deck_of,
    hidden_cards,
    played_by,
    plays_of,
    replay,
    voids,
)

__all__: list[str] = []


def config_of(view: wizard.WizardView) -> wizard.WizardConfig:
    """The config the view shows; ``bid_rule`` is "hook" only where the view proves it."""
    n = view.players
    first_dealer = (view.dealer - max(view.round_number - 1, 0)) % n
    rounds = None if view.total_rounds == 60 // n else view.total_rounds
    hook = (
        view.phase is wizard.WizardPhase.BID
        and view.seat == view.dealer
        and len(view.legal_actions) < view.round_number + 1
    )
    return wizard.WizardConfig(
        players=n, first_dealer=first_dealer, rounds=rounds, bid_rule="hook" if hook else "free"
    )


def layout(view: wizard.WizardView, config: wizard.WizardConfig) -> Layout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    n = view.players
    r = view.round_number
    seat = view.seat
    base = wizard.new_game(config)
    if r == 0:
        return Layout((), (), (), (), lambda _: base)
    deck = deck_of(config)
    public = [*view.hand, *(c for t in view.tricks for c in t.cards), *view.trick.cards]
    if view.turn_up is not None:
        public.append(view.turn_up)
    hidden = hidden_cards(deck, public)
    others = [s for s in range(n) if s != seat]
    stock_size = sum(deck.values()) - r * n - (1 if view.turn_up is not None else 0)
    zones = (*(f"hand {s}" for s in others), "stock")
    sizes = (*(view.hand_sizes[s] for s in others), stock_size)
    barred = voids(view.trick, view.tricks, hidden, wizard.legal_plays)
    forbidden = (*(barred.get(s, frozenset()) for s in others), frozenset())
    played = played_by(view.trick, view.tricks, n)
    plays = plays_of(view.trick, view.tricks)
    calls: list[Action] = []
    if view.turn_up is not None and view.turn_up.rank is Rank.WIZARD and view.trump is not None:
        calls.append(ChooseTrump(view.dealer, view.trump))  # the dealer named it (WZ-6.4)
    for bidder in ((view.dealer + 1 + k) % n for k in range(n)):  # WZ-7.1 order
        tricks = view.bids[bidder]
        if tricks is not None:
            calls.append(wizard.Bid(bidder, tricks))
    complete = view.phase in (wizard.WizardPhase.DEAL, wizard.WizardPhase.OVER)

    def build(assignment: Assignment) -> GameState[object]:
        hands = []
        for s in range(n):
            now = view.hand if s == seat else assignment[f"hand {s}"]
            hands.append(sort_cards((*now, *played[s])))
        turn_up = () if view.turn_up is None else (view.turn_up,)
        dealt = Deal(hands=tuple(hands), stock=(*turn_up, *assignment["stock"]))

        def from_totals(totals: tuple[int, ...]) -> GameState[object]:
            start = attrs.evolve(
                base,
                round=Round(
                    number=r - 1, dealer=view.dealer, hands=((),) * n, trick=Trick(leader=0)
                ),
                scores=totals,
            )
            return replay(start, (dealt, *calls, *plays))

        if complete:
            return completed_round_scores(from_totals, view.scores, tt.scores)
        return from_totals(view.scores)

    return Layout(zones, sizes, hidden, forbidden, build)
