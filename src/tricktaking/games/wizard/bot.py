"""Wizard's heuristic bot: a quick rule-of-thumb player, the search bots' default playouts.

It is the ``heuristic_bot`` plug-in of the game's declaration; it sees only views.
"""

from __future__ import annotations

from tricktaking import kit
from tricktaking.actions import Action, ChooseTrump
from tricktaking.cards import Card, Rank
from tricktaking.deck import Deck
from tricktaking.exact_bids import nearest_bid, play_for_bid
from tricktaking.games.wizard import Bid, WizardView, trick_winner

__all__ = ["WizardBot"]

_KEY = object()  # this bot's card power tables, one per trump and direction

_WIZARD_DECK = Deck.wizard()


class WizardBot(kit.ViewBot[WizardView]):
    """A heuristic Wizard player: bids its expected tricks, then tries to make its bid.

    Example:
        >>> from tricktaking.bots import WizardBot
        >>> from tricktaking.games import wizard
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=2))
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> isinstance(WizardBot().act(tt.view(state, tt.actor(state))), wizard.Bid)
        True
    """

    view_type = WizardView
    game = "Wizard"

    def choose(self, view: WizardView, legal: tuple[Action, ...]) -> Action:
        """Choose trump, bid or play."""
        first = legal[0]
        if isinstance(first, ChooseTrump):
            return max(legal, key=lambda action: self._suit_value(view.hand, action))
        if isinstance(first, Bid):
            return nearest_bid(legal, self._expected_tricks(view))
        trump = view.trump

        def card_power(card: Card) -> float:
            if card.rank is Rank.WIZARD:
                return 100.0
            if card.rank is Rank.JESTER:
                return -1.0
            return kit.rank_index(card) + (20.0 if card.suit is trump else 0.0)

        power = kit.power_table((_KEY, trump), card_power, _WIZARD_DECK)
        return play_for_bid(view, legal, power=power, winner=lambda t: trick_winner(t, trump))

    @staticmethod
    def _suit_value(hand: tuple[Card, ...], action: object) -> float:
        suit = action.suit if isinstance(action, ChooseTrump) else None
        return sum(1 + kit.rank_index(card) / 12 for card in hand if card.suit is suit)

    @staticmethod
    def _expected_tricks(view: WizardView) -> float:
        share = 4 / view.players  # high cards are worth less at a fuller table
        total = 0.0
        for card in view.hand:
            if card.rank is Rank.WIZARD:
                total += 0.95
            elif card.suit is not None and card.suit is view.trump:
                total += {12: 0.9, 11: 0.75, 10: 0.55, 9: 0.4}.get(kit.rank_index(card), 0.2)
            elif card.suit is not None:
                total += {12: 0.6, 11: 0.25}.get(kit.rank_index(card), 0.0) * share
        return total
