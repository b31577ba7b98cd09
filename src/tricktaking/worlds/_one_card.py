"""The hidden part of a One Card view: the other hands and the One Card in the centre."""

from __future__ import annotations

import attrs

import tricktaking as tt
from tricktaking.actions import ChooseDirection, Deal
from tricktaking.cards import Rank, sort_cards
from tricktaking.engine import Action, GameState
from tricktaking.games import one_card
from tricktaking.rounds import Round
from tricktaking.tricks import Trick
from tricktaking.worlds._layout import (
    Assignment,
    Layout,
    completed_round_scores,
    deck_of,
    hidden_cards,
    played_by,
    replay,
    round_number,
    voids,
)

__all__: list[str] = []

_Phase = one_card.OneCardPhase


def config_of(view: one_card.OneCardView) -> one_card.OneCardConfig:
    """The config the view shows; the target is not shown and is the default."""
    n = view.players
    return one_card.OneCardConfig(
        players=n, first_dealer=(view.dealer - max(round_number(view) - 1, 0)) % n
    )


def _actions(view: one_card.OneCardView, hand_size: int) -> list[Action]:
    """The public actions after the deal: the calls, then the plays and any reversal."""
    actions: list[Action] = list(view.calls)
    chooses = view.bidder is None and view.phase is not _Phase.CHOOSE_DIRECTION
    for index, done in enumerate(view.tricks):
        actions.extend(done.plays)
        joker = any(card.rank is Rank.JOKER for card in done.cards)
        if chooses and joker and index < hand_size - 1 and done.winner is not None:
            actions.append(ChooseDirection(done.winner, view.direction))  # OC-8.3
    actions.extend(view.trick.plays)
    return actions


def layout(view: one_card.OneCardView, config: one_card.OneCardConfig) -> Layout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    n = view.players
    number = round_number(view)
    seat = view.seat
    base = one_card.new_game(config)
    if number == 0:
        return Layout((), (), (), (), lambda _: base)
    deck = deck_of(config)
    public = [*view.hand, *(c for t in view.tricks for c in t.cards), *view.trick.cards]
    if view.centre is not None:
        public.append(view.centre)
    hidden = hidden_cards(deck, public)
    others = [s for s in range(n) if s != seat]
    centre_hidden = view.centre is None
    zones = (*(f"hand {s}" for s in others), *(("centre",) if centre_hidden else ()))
    sizes = (*(view.hand_sizes[s] for s in others), *((1,) if centre_hidden else ()))

    def follow(hand: tuple[tt.Card, ...], trick: Trick) -> tuple[tt.Card, ...]:
        return one_card.legal_plays(hand, trick, view.trump)  # trump is fixed by trick 1's lead

    barred = voids(view.trick, view.tricks, hidden, follow)
    forbidden = (
        *(barred.get(s, frozenset()) for s in others),
        *((frozenset(),) if centre_hidden else ()),
    )
    played = played_by(view.trick, view.tricks, n)
    actions = _actions(view, config.hand_size)
    complete = view.phase in (_Phase.DEAL, _Phase.OVER)

    def build(assignment: Assignment) -> GameState[object]:
        hands = []
        for s in range(n):
            now = view.hand if s == seat else assignment[f"hand {s}"]
            hands.append(sort_cards((*now, *played[s])))
        centre = assignment["centre"] if centre_hidden else (view.centre,)
        dealt = Deal(hands=tuple(hands), stock=centre)

        def from_totals(totals: tuple[int, ...]) -> GameState[object]:
            start = attrs.evolve(
                base,
                round=Round(
                    number=number - 1, dealer=view.dealer, hands=((),) * n, trick=Trick(leader=0)
                ),
                scores=totals,
            )
            return replay(start, (dealt, *actions))

        if complete:
            return completed_round_scores(from_totals, view.scores, tt.scores)
        return from_totals(view.scores)

    return Layout(zones, sizes, hidden, forbidden, build)
