"""The review's immutable results, and their JSON data (the schema of :meth:`Review.to_dict`).

What is public here, :mod:`tricktaking.analysis` exports (its ``__all__`` lists it).
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from tricktaking.cards import Card, Direction, Suit
from tricktaking.engine import Action

DEFAULT_MAX_CARDS_LEFT: Final = 6
"""The largest hand (cards left in the fullest hand) :func:`review` solves by default.

Measured by ``benchmarks/review.py`` (CPU time of one ``solver.card_values``, positions
of games between heuristic bots): with 6 cards a hand the medians are 4 to 81 ms per
position and the slowest 1.5 s; with 8 cards, 17 ms to 15 s and the slowest over a
minute (One Card 143 s), too slow for a review that solves every card."""

FORMAT: Final = "tricktaking-review"
"""The value of every review's ``"format"`` field."""

VERSION: Final = 1
"""The review schema version this library writes."""

MAX_CARDS_LEFT: Final = 20
"""The largest ``max_cards_left`` accepted: every hand of every game here fits."""

Contract: TypeAlias = tuple[Suit | None, Direction]
"""A Bid Whist contract as the solver's contract table keys it: trump (``None``: no
trump) and direction."""

Status: TypeAlias = Literal["solved", "too_large", "out_of_time"]
"""Whether a position was solved, or why not: the hands were larger than
``max_cards_left``, or the review's time budget was spent before it was reached."""

Verdict: TypeAlias = Literal["best", "inaccuracy", "blunder"]
"""A solved play's verdict: it kept the best value (``best``); it lost less than half of
the value that was available (``inaccuracy``); it lost half or more (``blunder``)."""


def _verdict(cost: int, best: int) -> Verdict:
    if cost == 0:
        return "best"
    return "blunder" if 2 * cost >= best else "inaccuracy"


@attrs.frozen(kw_only=True)
class PlayReview:
    """One card played, against perfect play with every hand known from its position.

    Values are the solver's question for the game (:func:`tricktaking.solver.card_values`):
    the tricks of the player's side in the rest of the deal (Bid Whist), 1 or 0 for
    whether the player can still end with exactly its bid (Wizard, Oh Hell), the card
    points it takes in the rest of the deal (One Card).

    Attributes:
        index: The action's index in the game's action list (deals included).
        seat: The seat that played.
        card: The card it played.
        trick: The trick of the deal it was played to, from 0.
        status: ``"solved"``, or why it was not.
        value: The value of the card played (``None`` unless solved).
        best: The best value any legal card had (``None`` unless solved).
        best_cards: The legal cards of that best value, in legal-action order.

    Example:
        >>> from tricktaking import Card
        >>> from tricktaking.analysis import PlayReview
        >>> play = PlayReview(index=9, seat=1, card=Card.parse("QH"), trick=2,
        ...     status="solved", value=1, best=3, best_cards=(Card.parse("AH"),))
        >>> play.cost, play.verdict
        (2, 'blunder')
    """

    index: int
    seat: int
    card: Card
    trick: int
    status: Status
    value: int | None = None
    best: int | None = None
    best_cards: tuple[Card, ...] = ()

    @property
    def cost(self) -> int | None:
        """The value the play lost against the best card, ``best - value`` (or ``None``)."""
        if self.value is None or self.best is None:
            return None
        return self.best - self.value

    @property
    def verdict(self) -> Verdict | None:
        """The play's ``Verdict`` (``None`` unless solved)."""
        cost = self.cost
        return None if cost is None or self.best is None else _verdict(cost, self.best)


@attrs.frozen(kw_only=True)
class BidReview:
    """A call before the deal's first lead, against what the hand could make from there.

    A call is any move before the first lead that is not a card: a bid, a pass, a
    trump or a direction.

    Attributes:
        index: The action's index in the game's action list.
        seat: The seat that called.
        action: The call.
        status: ``"solved"``, or why it was not (also ``"too_large"`` when the deal never
            reached its first lead: nothing to measure against).
        value: :func:`tricktaking.solver.value` of the caller at the first lead: its
            side's tricks in the contract played (Bid Whist), 1 or 0 for whether it could
            make exactly its bid (Wizard, Oh Hell), the points it could force (One Card).
        forcible: The trick totals the caller could force (Wizard, Oh Hell:
            :func:`tricktaking.solver.forcible_tricks`), else ``None``.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.analysis import BidReview
        >>> bid = BidReview(index=1, seat=1, action=tt.wizard.Bid(1, 2), status="solved",
        ...     value=0, forcible=frozenset({0, 1}))
        >>> bid.makeable
        False
    """

    index: int
    seat: int
    action: Action
    status: Status
    value: int | None = None
    forcible: frozenset[int] | None = None

    @property
    def makeable(self) -> bool | None:
        """Whether the bid's trick total was one the caller could force.

        ``None`` unless the game has forcible totals and the call names a number of tricks.
        """
        tricks = getattr(self.action, "tricks", None)
        if self.forcible is None or type(tricks) is not int:
            return None
        return tricks in self.forcible


@attrs.frozen(kw_only=True)
class DealReview:
    """One deal: its calls, its plays and its par.

    Attributes:
        number: The deal's number in the game, from 1.
        bids: The calls before the first lead, in order.
        plays: The cards played, in order.
        par: The value of the first lead for each seat (:func:`tricktaking.solver.value`),
            the others playing against it; ``None`` when not solved or never reached.
        contracts: Bid Whist: the tricks the declaring side could force with each
            ``Contract`` (:func:`tricktaking.solver.contract_table`), as
            ``(contract, tricks)`` pairs in the table's order; ``None`` for the other games
            or when not solved.
        finished: Whether the deal was played to its end.

    Example:
        >>> from tricktaking.analysis import DealReview
        >>> DealReview(number=1, bids=(), plays=(), par=None, contracts=None,
        ...     finished=False).blunders
        ()
    """

    number: int
    bids: tuple[BidReview, ...]
    plays: tuple[PlayReview, ...]
    par: tuple[int, ...] | None
    contracts: tuple[tuple[Contract, int], ...] | None
    finished: bool

    @property
    def blunders(self) -> tuple[PlayReview, ...]:
        """The plays judged ``"blunder"``."""
        return tuple(play for play in self.plays if play.verdict == "blunder")


@attrs.frozen(kw_only=True)
class Review:
    """A game's review: every deal's calls and plays against perfect play.

    Attributes:
        game: The game's registry name.
        seats: The seat names.
        deals: One review per deal, in order (the last one unfinished if the game is).
        finished: Whether the game was over.
        max_cards_left: The bound the review solved positions within.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.analysis import review
        >>> from tricktaking.simulate import game_states
        >>> final = list(game_states(tt.OneCardConfig(players=2, target=1), ["random"] * 2, 3))[-1]
        >>> result = review(final, max_cards_left=4)
        >>> result.game, result.finished, len(result.plays) > 0
        ('one-card', True, True)
    """

    game: str
    seats: tuple[str, ...]
    deals: tuple[DealReview, ...]
    finished: bool
    max_cards_left: int

    @property
    def plays(self) -> tuple[PlayReview, ...]:
        """Every card played in the game, in order."""
        return tuple(play for deal in self.deals for play in deal.plays)

    def to_dict(self) -> dict[str, object]:
        """The review as JSON data (schema: :ref:`review-json`), format version 1.

        Example:
            >>> from tricktaking.analysis import Review
            >>> Review(game="wizard", seats=("a", "b", "c"), deals=(), finished=False,
            ...     max_cards_left=8).to_dict()["format"]
            'tricktaking-review'
        """
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seats": list(self.seats),
            "finished": self.finished,
            "max_cards_left": self.max_cards_left,
            "deals": [_deal_dict(deal) for deal in self.deals],
        }


def _play_dict(play: PlayReview) -> dict[str, object]:
    return {
        "index": play.index,
        "seat": play.seat,
        "card": str(play.card),
        "trick": play.trick,
        "status": play.status,
        "value": play.value,
        "best": play.best,
        "cost": play.cost,
        "verdict": play.verdict,
        "best_cards": [str(card) for card in play.best_cards],
    }


def _bid_dict(bid: BidReview) -> dict[str, object]:
    return {
        "index": bid.index,
        "seat": bid.seat,
        "action": str(bid.action),
        "status": bid.status,
        "value": bid.value,
        "forcible": None if bid.forcible is None else sorted(bid.forcible),
        "makeable": bid.makeable,
    }


def _deal_dict(deal: DealReview) -> dict[str, object]:
    return {
        "number": deal.number,
        "finished": deal.finished,
        "par": None if deal.par is None else list(deal.par),
        "contracts": None
        if deal.contracts is None
        else [
            {"trump": None if trump is None else trump.value, "direction": way.value, "tricks": n}
            for (trump, way), n in deal.contracts
        ],
        "bids": [_bid_dict(bid) for bid in deal.bids],
        "plays": [_play_dict(play) for play in deal.plays],
    }
