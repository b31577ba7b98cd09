"""Table mechanics shared by the game modules: playing a card into a round, dealing.

These are the pure steps every game composes: take a card out of a hand, add it to the
trick, and close the trick with its winner when everyone has played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tricktaking.actions import Deal
from tricktaking.cards import Card
from tricktaking.deck import Deck
from tricktaking.errors import IllegalActionError, Violation
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick, left_of

__all__ = [
    "add_at",
    "deal_round",
    "new_round",
    "no_deal_due",
    "play_into_round",
    "replace_at",
    "without_card",
]

_T = TypeVar("_T")


def replace_at(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with ``items[index]`` replaced by ``value``."""
    return (*items[:index], value, *items[index + 1 :])


def add_at(numbers: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``numbers`` with ``amount`` added to ``numbers[index]``."""
    return (*numbers[:index], numbers[index] + amount, *numbers[index + 1 :])


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card``; the canonical order is kept, so no re-sort."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def play_into_round(
    rnd: Round, play: Play, players: int, winner_of: Callable[[Trick], int]
) -> tuple[Round, Trick | None]:
    """The round after ``play``, and the trick it completed (with its winner) if any.

    A completed trick moves to ``rnd.tricks`` and its winner leads a new empty trick.
    """
    seat = play.seat
    hands = replace_at(rnd.hands, seat, without_card(rnd.hands[seat], play.card))
    trick = rnd.trick
    plays = (*trick.plays, play)
    if len(plays) < players:
        new_trick = Trick(leader=trick.leader, plays=plays)
        return (
            Round(
                number=rnd.number,
                dealer=rnd.dealer,
                hands=hands,
                trick=new_trick,
                tricks=rnd.tricks,
                won=rnd.won,
            ),
            None,
        )
    winner = winner_of(Trick(leader=trick.leader, plays=plays))
    done = Trick(leader=trick.leader, plays=plays, winner=winner)
    return (
        Round(
            number=rnd.number,
            dealer=rnd.dealer,
            hands=hands,
            trick=Trick(leader=winner),
            tricks=(*rnd.tricks, done),
            won=add_at(rnd.won, winner, 1),
        ),
        done,
    )


def deal_round(deck: Deck, seed: int, *, players: int, dealer: int, hand_size: int) -> Deal:
    """The canonical deal: ``deck`` shuffled by ``seed``, dealt from the dealer's left."""
    return Deal.from_deck(
        deck.shuffled(seed),
        players=players,
        first_seat=left_of(dealer, players),
        hand_size=hand_size,
    )


def no_deal_due(phase: str, over: bool) -> IllegalActionError:
    """The error ``deal(state, seed)`` raises when the next action is not a deal."""
    violation = Violation.GAME_OVER if over else Violation.WRONG_PHASE
    return IllegalActionError(f"no deal is due in the {phase} phase", violation, None, None)


def new_round(number: int, dealer: int, hands: Sequence[tuple[Card, ...]], leader: int) -> Round:
    """A fresh round with ``hands`` and an empty trick led by ``leader``."""
    return Round(
        number=number,
        dealer=dealer,
        hands=tuple(hands),
        trick=Trick(leader=leader),
        won=(0,) * len(hands),
    )
