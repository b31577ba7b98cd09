"""Oh Hell's heuristic bot: a quick rule-of-thumb player, the search bots' default playouts.

It is the ``heuristic_bot`` plug-in of the game's declaration; it sees only views.
"""

from __future__ import annotations

from tricktaking import kit
from tricktaking.actions import Action
from tricktaking.cards import Card
from tricktaking.deck import Deck
from tricktaking.errors import ArgumentTypeError, safe_repr
from tricktaking.exact_bids import nearest_bid, play_for_bid
from tricktaking.games.oh_hell import Bid, OhHellConfig, OhHellView, trick_winner

__all__ = ["OhHellBot"]

_KEY = object()  # this bot's card power tables, one per trump
_DECK = Deck.standard()  # every deck of the game is a part of it


class OhHellBot(kit.ViewBot[OhHellView]):
    """A heuristic Oh Hell player: bids its expected tricks, then tries to make its bid.

    A card's worth is its rank among the ranks in play (a reduced deck's top card is a
    top card), trumps above the rest; with the hook, it bids the legal bid nearest its
    estimate.

    Example:
        >>> from tricktaking.games.oh_hell.bot import OhHellBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(players=4, hand_size=5, first_dealer=0))
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> OhHellBot().act(tt.view(state, tt.actor(state))) in tt.legal_actions(state)
        True
    """

    view_type = OhHellView
    game = "Oh Hell"

    def choose(self, view: OhHellView, legal: tuple[Action, ...]) -> Action:
        """Bid or play."""
        config: object = view.config  # a forged view may hold anything here
        if not isinstance(config, OhHellConfig):  # the bot reads the deck's size from it
            found = safe_repr(config)
            raise ArgumentTypeError(f"the view's config is not an OhHellConfig: {found}")
        if isinstance(legal[0], Bid):
            return nearest_bid(legal, self._expected_tricks(view))
        trump = view.trump

        def card_power(card: Card) -> float:
            return kit.rank_index(card) + (20.0 if card.suit is trump else 0.0)

        power = kit.power_table((_KEY, trump), card_power, _DECK)
        return play_for_bid(view, legal, power=power, winner=lambda t: trick_winner(t, trump))

    @staticmethod
    def _expected_tricks(view: OhHellView) -> float:
        """Sure-ish tricks: the top trumps, and the top cards of the other suits."""
        top = view.config.cards_per_suit - 1  # the highest rank index in play
        share = 3 / view.players  # high cards are worth less at a fuller table
        total = 0.0
        for card in view.hand:
            below_top = top - kit.rank_index(card)
            if card.suit is view.trump:
                total += {0: 0.95, 1: 0.8, 2: 0.6, 3: 0.45}.get(below_top, 0.25)
            else:
                total += {0: 0.7, 1: 0.35}.get(below_top, 0.0) * share
        return total
