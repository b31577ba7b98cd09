"""The hidden part of a Bid Whist view: the other hands and the kitty or the discards.

With the exchange, once the declarer has taken up the kitty, the other seats see
neither the kitty nor the discards: the hidden zones are the declarer's hand and the
discards. Which of the declarer's eighteen cards came from the kitty changes nothing
that follows and every split is equally likely, so a world fixes the kitty as the
discards (topped up from the declarer's hand while discards are still to come).
"""

from __future__ import annotations

from tricktaking import engine, kit
from tricktaking.actions import ChooseDirection, ChooseTrump, Deal
from tricktaking.cards import Card, sort_cards
from tricktaking.engine import Action, GameState
from tricktaking.games.bid_whist import (
    BidMode,
    BidWhistConfig,
    BidWhistPhase,
    BidWhistView,
    Discard,
    legal_plays,
    new_game,
)
from tricktaking.plugins import Assignment, WorldLayout, WorldsPlugin
from tricktaking.tricks import Trick

__all__ = ["WORLDS"]

_Phase = BidWhistPhase


def _choice(view: BidWhistView) -> list[Action]:
    """The declarer's second choice, once made (BW-8.1)."""
    contract = view.contract
    if contract is None or view.phase in (_Phase.BID, _Phase.CHOOSE):
        return []
    if contract.mode is BidMode.NO_TRUMP:
        return [ChooseDirection(contract.seat, view.direction)]
    if view.trump is None:
        raise ValueError("a suit contract past the choice must show its trump")
    return [ChooseTrump(contract.seat, view.trump)]


def _picked_up(view: BidWhistView, config: BidWhistConfig) -> bool:
    """Whether the declarer has taken up the kitty (the exchange, after the choice)."""
    return (
        config.kitty == "exchange"
        and view.contract is not None
        and view.phase not in (_Phase.BID, _Phase.CHOOSE)
    )


def layout(view: BidWhistView, config: BidWhistConfig) -> WorldLayout:
    """The hidden zones of ``view`` and the builder of its worlds."""
    number = view.round_number
    base = new_game(config)
    if number == 0:
        return WorldLayout((), (), (), (), lambda _: base)
    shape = kit.first_deal(config)
    kitty_size = len(shape.stock)
    declarer = None if view.contract is None else view.contract.seat
    picked_up = _picked_up(view, config)
    seen = kit.seen_cards(view)
    if seat_declares := view.seat == declarer and picked_up:
        seen += view.discards  # the kitty is in the declarer's hand, played or discarded
    hidden = kit.hidden_cards(kit.deck_of(config), seen)

    def follow(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
        return legal_plays(hand, trick, view.trump)

    zones, sizes, forbidden = kit.hidden_hands(view, hidden, follow)
    if not picked_up:
        zones.append("kitty")
        sizes.append(kitty_size)
        forbidden.append(frozenset())
    elif declarer is not None and not seat_declares:
        held = view.hand_sizes[declarer] + sum(
            p.seat == declarer for p in kit.plays_of(view.trick, view.tricks)
        )
        zones.append("discards")
        sizes.append(len(shape.hands[0]) + kitty_size - held)
        forbidden.append(frozenset())
    actions = [*view.calls, *_choice(view)]
    plays = kit.plays_of(view.trick, view.tricks)

    deal_hands = kit.hand_dealer(view)
    complete = view.phase in (_Phase.DEAL, _Phase.OVER)
    run = kit.replayer(
        base,
        number,
        field="team_scores",
        shown=view.team_scores,
        complete=complete,
        scores_of=_team_scores,
    )

    def build(assignment: Assignment) -> GameState[object]:
        hands = deal_hands(assignment)
        discards: tuple[Card, ...] = ()
        if not picked_up or declarer is None:
            kitty = assignment["kitty"]
        else:
            if seat_declares:
                kitty, discards = view.kitty, view.discards
            else:
                discards = assignment["discards"]
                top_up = kitty_size - len(discards)  # discards still to come (BW-8.3)
                kitty = (*discards, *assignment[f"hand {declarer}"][:top_up])
            hands[declarer] += discards
            for card in kitty:  # the declarer was dealt the eighteen cards but the kitty
                hands[declarer].remove(card)
        dealt = Deal(hands=tuple(sort_cards(hand) for hand in hands), stock=kitty)
        exchange = [Discard(declarer, card) for card in discards if declarer is not None]

        return run((dealt, *actions, *exchange, *plays))

    return WorldLayout(tuple(zones), tuple(sizes), hidden, tuple(forbidden), build)


def _team_scores(state: GameState[object]) -> tuple[int, ...]:
    return engine.scores(state)[:2]


WORLDS = WorldsPlugin.typed(BidWhistView, BidWhistConfig, kit.view_config, layout)
"""How world sampling reads this game's views."""
