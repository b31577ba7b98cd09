"""Bid Whist's heuristic bot: a quick rule-of-thumb player, the search bots' default playouts.

It is the ``heuristic_bot`` plug-in of the game's declaration; it sees only views.
"""

from __future__ import annotations

from collections.abc import Callable

from tricktaking import kit
from tricktaking.actions import Action, ChooseDirection, ChooseTrump
from tricktaking.cards import Card, Direction, Rank, Suit
from tricktaking.deck import Deck
from tricktaking.games.bid_whist import (
    Bid,
    BidMode,
    BidWhistView,
    Discard,
    effective_suit,
    partner,
    rank_strength,
    trick_winner,
)
from tricktaking.tricks import Play, Trick

__all__ = ["BidWhistBot"]

_KEY = object()  # this bot's card power tables, one per trump and direction

_BW_DECK = Deck.bid_whist()


def _top_books(cards: list[Card], direction: Direction) -> float:
    """Sure books of a suit in ``direction``: its top cards, held in an unbroken run."""
    ranks = sorted((rank_strength(c.rank, direction) for c in cards), reverse=True)
    return sum(1.0 for position, rank in enumerate(ranks[:3]) if rank >= 12 - position)


class BidWhistBot(kit.ViewBot[BidWhistView]):
    """A heuristic Bid Whist player that counts on its partner and draws trumps.

    It bids the books it expects with its partner's help, never overtakes a trick its
    partner is winning, and as declarer leads trumps while it holds two or more.

    Example:
        >>> from tricktaking.bots import BidWhistBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.BidWhistConfig())
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> BidWhistBot().act(tt.view(state, 1)) in tt.legal_actions(state)
        True
    """

    view_type = BidWhistView
    game = "Bid Whist"

    def choose(self, view: BidWhistView, legal: tuple[Action, ...]) -> Action:
        """Call, choose trump or direction, discard, or play."""
        first = legal[0]
        if isinstance(first, ChooseTrump | ChooseDirection):
            return max(legal, key=lambda action: self._choice_value(view, action))
        if isinstance(first, Discard):
            discards = [action for action in legal if isinstance(action, Discard)]
            return min(discards, key=lambda action: self._keep_value(view, action))
        if not isinstance(first, Play):
            return self._call(view, legal)
        plays = [action for action in legal if isinstance(action, Play)]
        trump, direction = view.trump, view.direction
        contract = view.contract
        declaring = contract is not None and contract.seat % 2 == view.seat % 2

        def winner(trick: Trick) -> int:
            return trick_winner(trick, trump, direction)

        def card_power(card: Card) -> float:
            if card.suit is None:
                return -1.0 if trump is None else 40.0 + (card.rank is Rank.RED_JOKER)
            strength = rank_strength(card.rank, direction)
            return strength + (20.0 if card.suit is trump else 0.0)

        power = kit.power_table((_KEY, trump, direction), card_power, _BW_DECK)
        trick = view.trick
        if trick.plays and self._partner_winning(view, trick, winner):
            return min(plays, key=lambda play: power(play.card))  # leave it to the partner
        if not trick.plays and declaring and trump is not None:
            trumps = [p for p in plays if effective_suit(p.card, trump) is trump]
            if len(trumps) >= 2:
                return max(trumps, key=lambda play: power(play.card))
        return kit.choose_play(
            plays,
            trick,
            want_win=True,
            power=power,
            winner=winner,
            last=len(trick.plays) == 3,
        )

    @staticmethod
    def _partner_winning(view: BidWhistView, trick: Trick, winner: Callable[[Trick], int]) -> bool:
        if all(play.card.suit is None for play in trick.plays) and view.trump is None:
            return False
        return winner(trick) == partner(view.seat)

    @staticmethod
    def _books(hand: tuple[Card, ...], mode: BidMode) -> tuple[float, Suit | None]:
        """Expected books of this hand in ``mode``, and the best trump suit."""
        downtown = mode is BidMode.DOWNTOWN
        direction = Direction.DOWNTOWN if downtown else Direction.UPTOWN
        jokers = sum(card.suit is None for card in hand)
        by_suit = {suit: [card for card in hand if card.suit is suit] for suit in Suit}
        top = {suit: _top_books(cards, direction) for suit, cards in by_suit.items()}
        if mode is BidMode.NO_TRUMP:
            return sum(top[suit] for suit in Suit), None
        best: tuple[float, Suit | None] = (0.0, None)
        for suit in Suit:
            value = jokers + top[suit] + max(0, len(by_suit[suit]) - 3) * 0.8
            value += sum(top[other] for other in Suit if other is not suit)
            best = max(best, (value, suit), key=lambda pair: pair[0])
        return best

    def _call(self, view: BidWhistView, legal: tuple[Action, ...]) -> Action:
        bids = [action for action in legal if isinstance(action, Bid)]
        options: list[Bid] = []
        for mode in BidMode:
            books, _ = self._books(view.hand, mode)
            level = int(books + 2.5 + 1 - 6)  # the partner's ~2.5 books and the kitty's
            options += [bid for bid in bids if bid.mode is mode and bid.level <= level]
        high = next((c for c in reversed(view.calls) if isinstance(c, Bid)), None)
        if high is not None and high.seat == partner(view.seat):
            options = [bid for bid in options if bid.level >= high.level + 2]
        if options:
            return min(options, key=lambda bid: bid.strength)
        passes = [action for action in legal if not isinstance(action, Bid)]
        return passes[0] if passes else bids[0]  # the dealer must bid (BW-7.5)

    def _choice_value(self, view: BidWhistView, action: object) -> float:
        if isinstance(action, ChooseDirection):
            return sum(
                rank_strength(card.rank, action.direction) >= 10
                for card in view.hand
                if card.suit is not None
            )
        suit = action.suit if isinstance(action, ChooseTrump) else None
        return sum(
            1.0 + (card.rank in (Rank.ACE, Rank.KING)) for card in view.hand if card.suit is suit
        )

    @staticmethod
    def _keep_value(view: BidWhistView, action: Discard) -> float:
        card = action.card
        if card.suit is None:
            return 100.0
        strength = rank_strength(card.rank, view.direction)
        return strength + (30.0 if card.suit is view.trump else 0.0)
