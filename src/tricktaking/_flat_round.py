"""The round in progress held flat in a game state, and built as a :class:`Round` on demand.

Every card played makes a new state. If the state held its :class:`Round`, each play
would also build a new trick and a new round around it; most of those are never read
(a search bot reads a few views in thousands of states). So a state keeps the round's
parts as its own fields (the deal number, the dealer, the hands, the leader and plays of
the trick in progress, the completed tricks, the tricks won, and the seat to play) and
builds the public ``state.round`` once, when it is first read, and keeps it.

The parts *are* the value: equality and the hash read them, never the built round.
A state made with ``round=...`` (its public constructor, ``attrs.evolve``) takes its
parts from that round, so the public way to make or change a state is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from tricktaking._fast import DERIVED, constructor, replacer, slot_setter
from tricktaking._table import without_card
from tricktaking.cards import Card
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick, best_play, left_of

__all__ = [
    "FlatRound",
    "Parts",
    "empty_trick",
    "flat_round_state",
    "is_flat_round_state",
    "new_round",
    "play_card",
    "round_fields",
    "start_round",
    "with_leader",
]

_S = TypeVar("_S", bound="Parts")
_C = TypeVar("_C", bound="type[FlatRound]")


class Parts(Protocol):
    """The parts of a state's deal, which a :class:`FlatRound` holds and the steps read."""

    @property
    def _number(self) -> int: ...
    @property
    def _dealer(self) -> int: ...
    @property
    def _hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def _leader(self) -> int: ...
    @property
    def _plays(self) -> tuple[Play, ...]: ...
    @property
    def _tricks(self) -> tuple[Trick, ...]: ...
    @property
    def _won(self) -> tuple[int, ...]: ...
    @property
    def _turn(self) -> int: ...


_make_round = constructor(Round)
_make_trick = constructor(Trick)
# Tricks are immutable, so every round can share one empty trick per leader.
_EMPTY_TRICKS = tuple(Trick(leader=seat) for seat in range(16))


def empty_trick(leader: int) -> Trick:
    """The shared empty trick led by ``leader`` (0 to 15)."""
    return _EMPTY_TRICKS[leader]


def new_round(number: int, dealer: int, hands: Sequence[tuple[Card, ...]], leader: int) -> Round:
    """A fresh round with ``hands`` and an empty trick led by ``leader``."""
    return _make_round(
        number=number,
        dealer=dealer,
        hands=tuple(hands),
        trick=empty_trick(leader),
        tricks=(),
        won=(0,) * len(hands),
    )


def _part(alias: str, default: Any) -> Any:
    return attrs.field(default=default, alias=alias, repr=False)


@attrs.frozen(kw_only=True, eq=False, repr=False)
class FlatRound:
    """A state's round in progress, as flat fields; ``round`` builds the :class:`Round`.

    Game states extend this class. Their constructor takes ``round=``; the parts are
    filled from it. The engine's fast paths set the parts directly and leave the round
    to be built when read.
    """

    _round: Round | None = attrs.field(
        default=None, alias="round", eq=False, metadata={DERIVED: True}
    )
    _number: int = _part("number", 0)
    _dealer: int = _part("dealer", 0)
    _hands: tuple[tuple[Card, ...], ...] = _part("hands", ())
    _leader: int = _part("leader", 0)
    _plays: tuple[Play, ...] = _part("plays", ())
    _tricks: tuple[Trick, ...] = _part("tricks", ())
    _won: tuple[int, ...] = _part("won", ())
    # the seat to play next, (leader + plays) mod players: derived, so not part of the
    # value, but kept because every legal-move list and every validated play needs it
    _turn: int = attrs.field(default=0, alias="turn", eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        rnd = self._round
        if rnd is None:
            return
        for name, value in round_fields(rnd).items():
            object.__setattr__(self, name, value)

    @property
    def round(self) -> Round:
        """The current round (built from the state's parts the first time it is read)."""
        rnd = self._round
        if rnd is None:
            plays = self._plays
            leader = self._leader
            rnd = _make_round(
                number=self._number,
                dealer=self._dealer,
                hands=self._hands,
                trick=_make_trick(leader=leader, plays=plays, winner=None)
                if plays
                else _EMPTY_TRICKS[leader],
                tricks=self._tricks,
                won=self._won,
            )
            _set_round(self, rnd)
        return rnd

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{field.alias}={getattr(self, field.alias)!r}"
            for field in attrs.fields(type(self))
            if field.repr
        )
        return f"{type(self).__name__}({shown})"


_set_round = slot_setter(FlatRound, "_round")


def round_fields(rnd: Round) -> dict[str, object]:
    """The parts of ``rnd`` by field name (``_hands``, ``_plays``, ...)."""
    trick = rnd.trick
    return {
        "_number": rnd.number,
        "_dealer": rnd.dealer,
        "_hands": rnd.hands,
        "_leader": trick.leader,
        "_plays": trick.plays,
        "_tricks": rnd.tricks,
        "_won": rnd.won,
        "_turn": trick.next_seat(len(rnd.hands)) if rnd.hands else trick.leader,
    }


def start_round(state: _S, number: int, dealer: int, hands: tuple[tuple[Card, ...], ...]) -> _S:
    """``state`` with deal ``number`` by ``dealer`` of ``hands``, in one copy.

    No trick is played yet; the seat left of the dealer is to lead. Nothing else
    changes: the game then sets the fields its deal decides, by name
    (``replace(start_round(...), phase=..., trump=...)``, ``replace`` a :func:`copier`).

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import parse_cards
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> dealt = kit.start_round(state, 1, 0, (parse_cards("AS"), parse_cards("KS")))
        >>> dealt.round.number, dealt.round.trick.leader, dealt.phase
        (1, 1, <OneCardPhase.DEAL: 'deal'>)
    """
    players = len(hands)
    leader = left_of(dealer, players)
    new: _S = _copies(state).deal(
        state,
        _number=number,
        _dealer=dealer,
        _hands=hands,
        _leader=leader,
        _plays=(),
        _tricks=(),
        _won=(0,) * players,
        _turn=leader,
    )
    return new


def with_leader(state: _S, leader: int, **changes: object) -> _S:
    """``state`` with an empty trick led by ``leader``, and ``changes`` (fields by name).

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=3))
        >>> led = kit.with_leader(state, 2, bidder=2)
        >>> led.round.trick.leader, led.bidder
        (2, 2)
    """
    new: _S = _copies(state).any(state, _leader=leader, _plays=(), _turn=leader, **changes)
    return new


@attrs.frozen
class _Copies:
    """The copies of one state class that the steps of a deal make."""

    card: Callable[..., Any]
    """A card played into an unfinished trick: hands, plays, turn, history, positionally."""
    trick: Callable[..., Any]
    """A trick completed: hands, leader, plays, tricks, won, turn, history, positionally."""
    deal: Callable[..., Any]
    """A new deal's round: all its parts, by keyword."""
    any: Callable[..., Any]
    """Any fields, by keyword."""


_COPIES: dict[type, _Copies] = {}


def flat_round_state(cls: _C) -> _C:
    """Register a game's state class (a :class:`FlatRound`) for :func:`play_card`."""
    _COPIES[cls] = _Copies(
        replacer(cls, "_hands", "_plays", "_turn", "history", positional=True),
        replacer(
            cls,
            *("_hands", "_leader", "_plays", "_tricks", "_won", "_turn", "history"),
            positional=True,
        ),
        replacer(
            cls, "_number", "_dealer", "_hands", "_leader", "_plays", "_tricks", "_won", "_turn"
        ),
        replacer(cls),
    )
    return cls


def is_flat_round_state(cls: type) -> bool:
    """Whether ``cls`` was registered by :func:`flat_round_state`."""
    return cls in _COPIES


def _copies(state: Parts) -> _Copies:
    return _COPIES[state.__class__]


def play_card(
    state: _S,
    play: Play,
    history: object,
    strength_of: Callable[..., Mapping[Card, int]],
    *rules: object,
) -> tuple[_S, Trick | None]:
    """The state after a legal ``play`` with ``history``, and the trick it completed, if any.

    The card leaves its hand and joins the trick. When every seat has played, the
    trick, with its winner (the strongest card by the table ``strength_of(plays,
    *rules)``, see :func:`~tricktaking.tricks.best_play`), moves to the completed
    tricks, and the winner leads an empty trick. Nothing else of the state changes: the
    game then scores what the trick decides.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games.one_card import OneCardPhase
        >>> from tricktaking.tricks import Play
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> state = kit.with_leader(state, 1, phase=OneCardPhase.PLAY)
        >>> lead, follow = state.round.hands[1][0], state.round.hands[0][0]
        >>> strongest_first = lambda plays: {lead: 1, follow: 0}
        >>> once, done = kit.play_card(state, Play(1, lead), state.history, strongest_first)
        >>> twice, done = kit.play_card(once, Play(0, follow), state.history, strongest_first)
        >>> done.winner, twice.round.trick.leader, twice.round.won
        (1, 1, (0, 1))
    """
    seat = play.seat
    hands = list(state._hands)
    hands[seat] = without_card(hands[seat], play.card)
    plays = state._plays + (play,)  # noqa: RUF005  (twice as fast as unpacking)
    copies = _COPIES[state.__class__]
    players = len(hands)
    if len(plays) < players:
        return copies.card(state, tuple(hands), plays, (seat + 1) % players, history), None
    winner = best_play(plays, strength_of(plays, *rules)).seat
    done = _make_trick(leader=state._leader, plays=plays, winner=winner)
    won = list(state._won)
    won[winner] += 1
    return (
        copies.trick(
            state, tuple(hands), winner, (), (*state._tricks, done), tuple(won), winner, history
        ),
        done,
    )
