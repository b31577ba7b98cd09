"""Heuristic bots: quick rule-of-thumb players, one per game, found by registry name.

Each bids from the strength of its hand and then plays for the tricks it needs; they
are the search bots' default playout policy, so they must stay fast.

Example:
    >>> from tricktaking.bots import HEURISTIC_BOTS
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.OneCardConfig(players=2))
    >>> state = tt.apply(state, tt.deal(state, seed=5))
    >>> bot = HEURISTIC_BOTS["one-card"](0)
    >>> bot.act(tt.view(state, tt.actor(state))) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tricktaking._fast import constructor
from tricktaking.actions import ChooseDirection, ChooseTrump
from tricktaking.bots._protocol import BotFactory, legal_choices
from tricktaking.cards import SUITED_RANKS, Card, Direction, Rank, Suit
from tricktaking.deck import Deck
from tricktaking.engine import Action, PlayerView
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.tricks import Play, Trick

__all__ = ["HEURISTIC_BOTS", "BidWhistBot", "OneCardBot", "WizardBot"]


# the playouts of the search bots test every candidate card: a trick built from a view's
# trick and a legal play is valid, so it is made without re-validating its fields
_make_trick = constructor(Trick)


def _rank_index(card: Card) -> int:
    return SUITED_RANKS.index(card.rank) if card.suit is not None else -1


# per game and (trump, direction): each card's power, looked up instead of recomputed for
# every card of every decision of every playout
_POWERS: dict[tuple[object, ...], dict[Card, float]] = {}


def _power_table(
    key: tuple[object, ...], power: Callable[[Card], float], deck: Deck
) -> Callable[[Card], float]:
    """``power`` as a lookup in a table of ``deck``'s cards, built once per ``key``."""
    table = _POWERS.get(key)
    if table is None:
        table = _POWERS[key] = {card: power(card) for card in set(deck)}
    return table.__getitem__


def _winning_and_losing(
    plays: Sequence[Play], trick: Trick, winner: Callable[[Trick], int]
) -> tuple[list[Play], list[Play]]:
    """The plays that would be winning ``trick`` so far, and the others, in order."""
    winning: list[Play] = []
    losing: list[Play] = []
    leader, before = trick.leader, trick.plays
    for play in plays:
        try:
            wins = winner(_make_trick(leader=leader, plays=(*before, play), winner=None))
        except ValueError:  # no winner yet: only jokers so far in no trump
            wins = -1
        (winning if wins == play.seat else losing).append(play)
    return winning, losing


def _choose_play(
    plays: Sequence[Play],
    trick: Trick,
    *,
    want_win: bool,
    power: Callable[[Card], float],
    winner: Callable[[Trick], int],
    last: bool,
) -> Play:
    """The classic trick-taking policy: win cheaply when you want tricks, else duck."""
    by_power = sorted(plays, key=lambda play: power(play.card))
    if not trick.plays:
        return by_power[-1] if want_win else by_power[0]
    winning, losing = _winning_and_losing(by_power, trick, winner)
    if want_win:
        if winning:
            return winning[0] if last else winning[-1]
        return by_power[0]
    if losing:
        return losing[-1]
    return winning[0]


# ---------------------------------------------------------------------------------------
# Wizard

_WIZARD_DECK = Deck.wizard()


class WizardBot:
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

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        """Choose trump, bid or play."""
        if not isinstance(view, wizard.WizardView):
            raise TypeError(f"WizardBot plays Wizard, not {type(view).__name__}")
        legal = legal_choices(view)
        first = legal[0]
        if isinstance(first, ChooseTrump):
            return max(legal, key=lambda action: self._suit_value(view.hand, action))
        if isinstance(first, wizard.Bid):
            estimate = self._expected_tricks(view)
            bids = [action for action in legal if isinstance(action, wizard.Bid)]
            return min(bids, key=lambda bid: (abs(bid.tricks - estimate), bid.tricks))
        plays = [action for action in legal if isinstance(action, Play)]
        bid = view.bids[view.seat] or 0
        trump = view.trump

        def card_power(card: Card) -> float:
            if card.rank is Rank.WIZARD:
                return 100.0
            if card.rank is Rank.JESTER:
                return -1.0
            return _rank_index(card) + (20.0 if card.suit is trump else 0.0)

        power = _power_table(("wizard", trump), card_power, _WIZARD_DECK)
        return _choose_play(
            plays,
            view.trick,
            want_win=view.tricks_won[view.seat] < bid,
            power=power,
            winner=lambda trick: wizard.trick_winner(trick, trump),
            last=len(view.trick.plays) == view.players - 1,
        )

    @staticmethod
    def _suit_value(hand: tuple[Card, ...], action: object) -> float:
        suit = action.suit if isinstance(action, ChooseTrump) else None
        return sum(1 + _rank_index(card) / 12 for card in hand if card.suit is suit)

    @staticmethod
    def _expected_tricks(view: wizard.WizardView) -> float:
        share = 4 / view.players  # high cards are worth less at a fuller table
        total = 0.0
        for card in view.hand:
            if card.rank is Rank.WIZARD:
                total += 0.95
            elif card.suit is not None and card.suit is view.trump:
                total += {12: 0.9, 11: 0.75, 10: 0.55, 9: 0.4}.get(_rank_index(card), 0.2)
            elif card.suit is not None:
                total += {12: 0.6, 11: 0.25}.get(_rank_index(card), 0.0) * share
        return total


# ---------------------------------------------------------------------------------------
# One Card

_OC_DECK = Deck.one_card()
# One Card's ranks, low to high, read from its deck (OC-4.1) rather than restated
_OC_RANKS = tuple(rank for rank in SUITED_RANKS if any(card.rank is rank for card in _OC_DECK))


class OneCardBot:
    """A heuristic One Card player: bids only with a long, high suit, chases points.

    Example:
        >>> from tricktaking.bots import OneCardBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> OneCardBot().act(tt.view(state, 1)) in tt.legal_actions(state)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        """Bid, choose the direction or play."""
        if not isinstance(view, one_card.OneCardView):
            raise TypeError(f"OneCardBot plays One Card, not {type(view).__name__}")
        legal = legal_choices(view)
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
            return index + (20.0 if card.suit is trump else 0.0) - one_card.card_points(card) / 4

        power = _power_table(("one-card", trump, direction), card_power, _OC_DECK)
        points_down = sum(one_card.card_points(play.card) for play in view.trick.plays)
        return _choose_play(
            plays,
            view.trick,
            want_win=points_down > 0 or not view.trick.plays or view.bidder == view.seat,
            power=power,
            winner=lambda trick: one_card.trick_winner(trick, trump, direction),
            last=len(view.trick.plays) == view.players - 1,
        )

    @staticmethod
    def _best_suit(hand: tuple[Card, ...]) -> Suit:
        def value(suit: Suit) -> float:
            cards = [card for card in hand if card.suit is suit]
            return len(cards) + sum(_OC_RANKS.index(card.rank) for card in cards) / 6

        return max(Suit, key=value)

    def _call(self, view: one_card.OneCardView, legal: tuple[Action, ...]) -> Action:
        suit = self._best_suit(view.hand)
        trumps = [card for card in view.hand if card.suit is suit]
        tops = sum(card.rank in (Rank.ACE, Rank.KING) for card in trumps)
        strength = len(trumps) + tops + (1 if any(c.rank is Rank.JOKER for c in view.hand) else 0)
        bids = [action for action in legal if isinstance(action, one_card.Bid)]
        enough = 6 + 8 // view.players  # a long suit with its top cards
        if bids and strength >= enough and tops >= 1:
            return bids[0]
        return next((a for a in legal if not isinstance(a, one_card.Bid)), legal[0])


# ---------------------------------------------------------------------------------------
# Bid Whist


_BW_DECK = Deck.bid_whist()


def _top_books(cards: list[Card], direction: Direction) -> float:
    """Sure books of a suit in ``direction``: its top cards, held in an unbroken run."""
    ranks = sorted((bid_whist.rank_strength(c.rank, direction) for c in cards), reverse=True)
    return sum(1.0 for position, rank in enumerate(ranks[:3]) if rank >= 12 - position)


class BidWhistBot:
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

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        """Call, choose trump or direction, discard, or play."""
        if not isinstance(view, bid_whist.BidWhistView):
            raise TypeError(f"BidWhistBot plays Bid Whist, not {type(view).__name__}")
        legal = legal_choices(view)
        first = legal[0]
        if isinstance(first, ChooseTrump | ChooseDirection):
            return max(legal, key=lambda action: self._choice_value(view, action))
        if isinstance(first, bid_whist.Discard):
            discards = [action for action in legal if isinstance(action, bid_whist.Discard)]
            return min(discards, key=lambda action: self._keep_value(view, action))
        if not isinstance(first, Play):
            return self._call(view, legal)
        plays = [action for action in legal if isinstance(action, Play)]
        trump, direction = view.trump, view.direction
        contract = view.contract
        declaring = contract is not None and contract.seat % 2 == view.seat % 2

        def winner(trick: Trick) -> int:
            return bid_whist.trick_winner(trick, trump, direction)

        def card_power(card: Card) -> float:
            if card.suit is None:
                return -1.0 if trump is None else 40.0 + (card.rank is Rank.RED_JOKER)
            strength = bid_whist.rank_strength(card.rank, direction)
            return strength + (20.0 if card.suit is trump else 0.0)

        power = _power_table(("bid-whist", trump, direction), card_power, _BW_DECK)
        trick = view.trick
        if trick.plays and self._partner_winning(view, trick, winner):
            return min(plays, key=lambda play: power(play.card))  # leave it to the partner
        if not trick.plays and declaring and trump is not None:
            trumps = [p for p in plays if bid_whist.effective_suit(p.card, trump) is trump]
            if len(trumps) >= 2:
                return max(trumps, key=lambda play: power(play.card))
        return _choose_play(
            plays,
            trick,
            want_win=True,
            power=power,
            winner=winner,
            last=len(trick.plays) == 3,
        )

    @staticmethod
    def _partner_winning(
        view: bid_whist.BidWhistView, trick: Trick, winner: Callable[[Trick], int]
    ) -> bool:
        if all(play.card.suit is None for play in trick.plays) and view.trump is None:
            return False
        return winner(trick) == bid_whist.partner(view.seat)

    @staticmethod
    def _books(hand: tuple[Card, ...], mode: bid_whist.BidMode) -> tuple[float, Suit | None]:
        """Expected books of this hand in ``mode``, and the best trump suit."""
        downtown = mode is bid_whist.BidMode.DOWNTOWN
        direction = Direction.DOWNTOWN if downtown else Direction.UPTOWN
        jokers = sum(card.suit is None for card in hand)
        by_suit = {suit: [card for card in hand if card.suit is suit] for suit in Suit}
        top = {suit: _top_books(cards, direction) for suit, cards in by_suit.items()}
        if mode is bid_whist.BidMode.NO_TRUMP:
            return sum(top[suit] for suit in Suit), None
        best: tuple[float, Suit | None] = (0.0, None)
        for suit in Suit:
            value = jokers + top[suit] + max(0, len(by_suit[suit]) - 3) * 0.8
            value += sum(top[other] for other in Suit if other is not suit)
            best = max(best, (value, suit), key=lambda pair: pair[0])
        return best

    def _call(self, view: bid_whist.BidWhistView, legal: tuple[Action, ...]) -> Action:
        bids = [action for action in legal if isinstance(action, bid_whist.Bid)]
        options: list[bid_whist.Bid] = []
        for mode in bid_whist.BidMode:
            books, _ = self._books(view.hand, mode)
            level = int(books + 2.5 + 1 - 6)  # the partner's ~2.5 books and the kitty's
            options += [bid for bid in bids if bid.mode is mode and bid.level <= level]
        high = next((c for c in reversed(view.calls) if isinstance(c, bid_whist.Bid)), None)
        if high is not None and high.seat == bid_whist.partner(view.seat):
            options = [bid for bid in options if bid.level >= high.level + 2]
        if options:
            return min(options, key=lambda bid: bid.strength)
        passes = [action for action in legal if not isinstance(action, bid_whist.Bid)]
        return passes[0] if passes else bids[0]  # the dealer must bid (BW-7.5)

    def _choice_value(self, view: bid_whist.BidWhistView, action: object) -> float:
        if isinstance(action, ChooseDirection):
            return sum(
                bid_whist.rank_strength(card.rank, action.direction) >= 10
                for card in view.hand
                if card.suit is not None
            )
        suit = action.suit if isinstance(action, ChooseTrump) else None
        return sum(
            1.0 + (card.rank in (Rank.ACE, Rank.KING)) for card in view.hand if card.suit is suit
        )

    @staticmethod
    def _keep_value(view: bid_whist.BidWhistView, action: bid_whist.Discard) -> float:
        card = action.card
        if card.suit is None:
            return 100.0
        strength = bid_whist.rank_strength(card.rank, view.direction)
        return strength + (30.0 if card.suit is view.trump else 0.0)


HEURISTIC_BOTS: dict[str, BotFactory] = {
    "wizard": WizardBot,
    "one-card": OneCardBot,
    "bid-whist": BidWhistBot,
}
"""The heuristic bot of each game, by registry name (see :func:`tricktaking.get_game`)."""
