"""One Card's heuristic bot: a quick rule-of-thumb player, the search bots' default playouts.

It is the ``heuristic_bot`` plug-in of the game's declaration; it sees only views.
"""

from __future__ import annotations

from tricktaking import kit
from tricktaking.actions import Action, ChooseDirection
from tricktaking.cards import SUITED_RANKS, Card, Direction, Rank, Suit
from tricktaking.deck import Deck
from tricktaking.games.one_card import Bid, OneCardView, card_points, trick_winner
from tricktaking.tricks import Play

__all__ = ["OneCardBot"]

_KEY = object()  # this bot's card power tables, one per trump and direction

_OC_DECK = Deck.one_card()
# One Card's ranks, low to high, read from its deck (OC-4.1) rather than restated
_OC_RANKS = tuple(rank for rank in SUITED_RANKS if any(card.rank is rank for card in _OC_DECK))


class OneCardBot(kit.ViewBot[OneCardView]):
    """A heuristic One Card player: bids only with a long, high suit, chases points.

    Example:
        >>> from tricktaking.bots import OneCardBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> OneCardBot().act(tt.view(state, 1)) in tt.legal_actions(state)
        True
    """

    view_type = OneCardView
    game = "One Card"

    def choose(self, view: OneCardView, legal: tuple[Action, ...]) -> Action:
        """Bid, choose the direction or play."""
        first = legal[0]
        if isinstance(first, ChooseDirection):
            low = sum(card.rank in (Rank.NINE, Rank.TEN) for card in view.hand)
            high = sum(card.rank in (Rank.ACE, Rank.KING) for card in view.hand)
            wanted = Direction.DOWNTOWN if low > high else Direction.UPTOWN
            return next(a for a in legal if getattr(a, "direction", None) is wanted)
        if not isinstance(first, Play):
            return self._call(view, legal)
        plays = [action for action in legal if isinstance(action, Play)]
        trump = view.trump
        if view.bidder == view.seat and trump is None and not view.tricks:
            best = self._best_suit(view.hand)  # the opening lead names trump (OC-6.2)
            led = [play for play in plays if play.card.suit is best]
            if led:
                return max(led, key=lambda play: _OC_RANKS.index(play.card.rank))
        direction = view.direction

        def card_power(card: Card) -> float:
            if card.rank is Rank.JOKER:
                return 50.0 if trump is None else 19.5
            index = _OC_RANKS.index(card.rank)
            if trump is None and direction is Direction.DOWNTOWN:
                index = 5 - index
            return index + (20.0 if card.suit is trump else 0.0) - card_points(card) / 4

        power = kit.power_table((_KEY, trump, direction), card_power, _OC_DECK)
        points_down = sum(card_points(play.card) for play in view.trick.plays)
        return kit.choose_play(
            plays,
            view.trick,
            want_win=points_down > 0 or not view.trick.plays or view.bidder == view.seat,
            power=power,
            winner=lambda trick: trick_winner(trick, trump, direction),
            last=len(view.trick.plays) == view.players - 1,
        )

    @staticmethod
    def _best_suit(hand: tuple[Card, ...]) -> Suit:
        def value(suit: Suit) -> float:
            cards = [card for card in hand if card.suit is suit]
            return len(cards) + sum(_OC_RANKS.index(card.rank) for card in cards) / 6

        return max(Suit, key=value)

    def _call(self, view: OneCardView, legal: tuple[Action, ...]) -> Action:
        suit = self._best_suit(view.hand)
        trumps = [card for card in view.hand if card.suit is suit]
        tops = sum(card.rank in (Rank.ACE, Rank.KING) for card in trumps)
        strength = len(trumps) + tops + (1 if any(c.rank is Rank.JOKER for c in view.hand) else 0)
        bids = [action for action in legal if isinstance(action, Bid)]
        enough = 6 + 8 // view.players  # a long suit with its top cards
        if bids and strength >= enough and tops >= 1:
            return bids[0]
        return next((a for a in legal if not isinstance(a, Bid)), legal[0])
