"""Shared tactics of the heuristic bots: card power tables and the classic trick policy.

Each game's heuristic bot (a plug-in of its declaration) composes these: it rates its
cards by a power function of its own and lets :func:`choose_play` win cheaply or duck.
They see only views, never states. :mod:`tricktaking.kit` makes them public.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from tricktaking._fast import constructor
from tricktaking.cards import SUITED_RANKS, Card
from tricktaking.deck import Deck
from tricktaking.plugins import legal_choices
from tricktaking.tricks import Play, Trick

__all__ = [
    "choose_play",
    "legal_choices",  # re-exported: the bots' shared entry check
    "power_table",
    "rank_index",
    "winning_and_losing",
]


# the playouts of the search bots test every candidate card: a trick built from a view's
# trick and a legal play is valid, so it is made without re-validating its fields
_make_trick = constructor(Trick)


def rank_index(card: Card) -> int:
    """A suited card's rank, 0 for a two to 12 for an ace; -1 for a suitless card.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> kit.rank_index(Card.parse("AS")), kit.rank_index(Card.parse("2H")), kit.rank_index(
        ...     Card.parse("WZ"))
        (12, 0, -1)
    """
    return SUITED_RANKS.index(card.rank) if card.suit is not None else -1


# per game and (trump, direction): each card's power, looked up instead of recomputed for
# every card of every decision of every playout
_POWERS: dict[Hashable, dict[Card, float]] = {}


def power_table(
    key: Hashable, power: Callable[[Card], float], deck: Deck
) -> Callable[[Card], float]:
    """``power`` as a lookup in a table of ``deck``'s cards, built once per ``key``.

    A bot's card power depends on the deal (trump, direction) but not on the decision:
    ``key`` names the bot and the deal, and every later decision of that deal looks the
    powers up.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.deck import Deck
        >>> power = kit.power_table(("doc", None), kit.rank_index, Deck.standard())
        >>> power(Card.parse("KD"))
        11
    """
    table = _POWERS.get(key)
    if table is None:
        table = _POWERS[key] = {card: power(card) for card in set(deck)}
    return table.__getitem__


def winning_and_losing(
    plays: Sequence[Play], trick: Trick, winner: Callable[[Trick], int]
) -> tuple[list[Play], list[Play]]:
    """The plays that would be winning ``trick`` so far, and the others, in order.

    ``winner`` is the game's trick winner of a trick (its ``trick_winner``, trump bound).

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.games.oh_hell import trick_winner
        >>> from tricktaking.tricks import Play, Trick
        >>> trick = Trick(leader=0, plays=(Play(0, Card.parse("9H")),))
        >>> mine = [Play(1, Card.parse(token)) for token in ("2H", "KH")]
        >>> winning, losing = kit.winning_and_losing(mine, trick, lambda t: trick_winner(t, None))
        >>> [str(play) for play in winning], [str(play) for play in losing]
        (['1 play KH'], ['1 play 2H'])
    """
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


def choose_play(
    plays: Sequence[Play],
    trick: Trick,
    *,
    want_win: bool,
    power: Callable[[Card], float],
    winner: Callable[[Trick], int],
    last: bool,
) -> Play:
    """The classic trick-taking policy: win cheaply when you want tricks, else duck.

    Leading, it plays its strongest card by ``power`` when it wants the trick, else its
    weakest. Following and wanting the trick, it plays the cheapest card that wins when it
    is ``last`` to play, else the strongest that wins (a later seat may still beat it),
    and its weakest card when none wins; not wanting it, it plays the strongest card that
    loses, else the weakest.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import parse_cards
        >>> from tricktaking.tricks import Play, Trick
        >>> mine = [Play(0, card) for card in parse_cards("QS 2H 9D")]
        >>> kit.choose_play(mine, Trick(leader=0), want_win=False, power=kit.rank_index,
        ...                 winner=lambda trick: 0, last=False)  # a lead it would lose
        Play(seat=0, card=Card(Rank.TWO, Suit.HEARTS))
    """
    by_power = sorted(plays, key=lambda play: power(play.card))
    if not trick.plays:
        return by_power[-1] if want_win else by_power[0]
    winning, losing = winning_and_losing(by_power, trick, winner)
    if want_win:
        if winning:
            return winning[0] if last else winning[-1]
        return by_power[0]
    if losing:
        return losing[-1]
    return winning[0]
