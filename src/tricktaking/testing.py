"""The conformance kit: seeded random playouts that check every engine invariant.

It uses only the public engine contract (the top-level functions, ``zones`` and
``with_zones``), so a new game checks itself with one call::

    report = check_conformance(MyConfig(...), games=300)

The invariants, checked on every state of every game:

- legal actions exist exactly when a seat is to act, and each names that seat;
- every listed action passes :func:`~tricktaking.engine.check`, and on sampled states
  every listed action applies;
- sampled illegal actions (wrong seat, cards not allowed, a bad deal, the wrong kind of
  action) are rejected by :func:`~tricktaking.engine.apply` with the same
  :class:`~tricktaking.errors.Violation` that ``check`` gives, and leave the state equal
  to what it was;
- the cards of all zones are exactly the cards of the deal (conservation);
- every completed trick has one winner, who leads the next trick;
- on sampled states, every card a view mentions is visible to that seat, and replacing
  the cards hidden from a seat does not change that seat's view;
- every finished game's record round-trips through :mod:`tricktaking.records`.

Example:
    >>> from tricktaking.testing import check_conformance
    >>> import tricktaking as tt
    >>> report = check_conformance(tt.WizardConfig(players=3, rounds=2), games=3)
    >>> report.games, report.states > 0
    (3, True)
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any, TypeVar, cast

import attrs

from tricktaking.actions import CHANCE, Deal, SeatAction
from tricktaking.cards import Card, parse_cards
from tricktaking.engine import (
    GameState,
    actor,
    apply,
    check,
    deal,
    game_of,
    is_over,
    legal_actions,
    new_game,
    view,
)
from tricktaking.errors import IllegalActionError, Violation
from tricktaking.records import dumps, loads
from tricktaking.seeding import derive_seed, random_below, shuffle, stream
from tricktaking.tricks import Play, Trick
from tricktaking.views import JSONValue

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "assert_rejected",
    "check_conformance",
    "play_cards",
    "playout",
    "trick_of",
]

_S = TypeVar("_S", bound=GameState[object])


def _expect(condition: bool, message: str, *values: object) -> None:
    """Like ``assert``, but never stripped by ``python -O``.

    ``message`` is a ``str.format`` template of ``values``, formatted only on failure:
    the kit checks every state of many games, and formatting every message was about a
    sixth of its time.
    """
    if not condition:
        raise AssertionError(message.format(*values))


def playout(state: _S, seed: int, *, max_actions: int = 1_000_000) -> list[_S]:
    """Every state of a game played on from ``state`` with random legal actions.

    Deals use seeds derived from ``seed`` and the history length; players choose
    uniformly among :func:`~tricktaking.engine.legal_actions` with the library's
    version-stable stream, so a seed always gives the same game.

    Args:
        state: Where to start, e.g. ``new_game(config)``.
        seed: The master seed.
        max_actions: A safety limit on the number of actions.

    Returns:
        The states from ``state`` to the end of the game, both included.

    Raises:
        RuntimeError: If the game has not ended after ``max_actions`` actions.

    Example:
        >>> from tricktaking.testing import playout
        >>> import tricktaking as tt
        >>> start = tt.new_game(tt.OneCardConfig(players=2, target=5))
        >>> playout(start, 3) == playout(start, 3)
        True
    """
    states = list(_game(state, seed, max_actions))
    if not is_over(states[-1]):
        raise RuntimeError(f"the game did not end within {max_actions} actions")
    return states


def _game(state: _S, seed: int, max_actions: int) -> Iterator[_S]:
    """The states of a seeded random game, lazily (see :func:`playout`)."""
    yield state
    choices = stream(derive_seed(seed, "choices"))
    for _ in range(max_actions):
        if is_over(state):
            return
        if actor(state) is CHANCE:
            action: object = deal(state, derive_seed(seed, "deal", len(state.history)))
        else:
            actions = legal_actions(state)
            action = actions[random_below(choices, len(actions))]
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise ConformanceError(
                f"the engine offered {action}, then rejected it: {error}"
            ) from error
        yield state


def trick_of(tokens: str, leader: int = 0, players: int = 4) -> Trick:
    """A trick led by ``leader`` with the cards ``tokens`` in play order, seats clockwise.

    Example:
        >>> from tricktaking.testing import trick_of
        >>> trick = trick_of("9H KH WZ", leader=2, players=3)
        >>> [play.seat for play in trick.plays], trick.winner
        ([2, 0, 1], None)
    """
    cards = parse_cards(tokens)
    plays = tuple(Play((leader + i) % players, card) for i, card in enumerate(cards))
    return Trick(leader=leader, plays=plays)


def play_cards(state: _S, cards: str) -> _S:
    """Play ``cards`` (tokens such as ``"QH KH 2H"``) in turn, each by the seat to act.

    For tests and examples that set up a position; every card goes through ``apply``.

    Raises:
        IllegalActionError: If a card may not be played by the seat to act.

    Example:
        >>> from tricktaking.testing import play_cards
        >>> import tricktaking as tt
        >>> start = tt.new_game(tt.WizardConfig(players=3, rounds=1))
        >>> deal = tt.Deal.from_deck(tt.Deck.wizard(), players=3, first_seat=1, hand_size=1)
        >>> state = tt.apply(start, deal)
        >>> for seat in (1, 2, 0):
        ...     state = tt.apply(state, tt.wizard.Bid(seat, 0))
        >>> play_cards(state, "2S 3S 4S").round.tricks[0].winner
        0
    """
    for card in parse_cards(cards):
        seat = actor(state)
        if not isinstance(seat, int):
            raise IllegalActionError(
                f"no seat is to act to play {card}", Violation.WRONG_PHASE, card, None
            )
        state = apply(state, Play(seat, card))
    return state


class ConformanceError(AssertionError):
    """An engine invariant that does not hold, with the game, seed and state index.

    Example:
        >>> from tricktaking.testing import ConformanceError
        >>> issubclass(ConformanceError, AssertionError)
        True
    """


@attrs.frozen(kw_only=True)
class ConformanceReport:
    """What :func:`check_conformance` checked.

    Attributes:
        game: The game's registry name.
        games: Games played.
        states: States checked.
        legal_checked: Listed actions checked with ``check``.
        legal_applied: Listed actions applied.
        illegal_checked: Illegal actions checked to be rejected.
        views_checked: Views checked for leaks.
        records_checked: Records round-tripped.

    Example:
        >>> from tricktaking.testing import ConformanceReport
        >>> ConformanceReport(game="x", games=0, states=0, legal_checked=0, legal_applied=0,
        ...                   illegal_checked=0, views_checked=0, records_checked=0).games
        0
    """

    game: str
    games: int
    states: int
    legal_checked: int
    legal_applied: int
    illegal_checked: int
    views_checked: int
    records_checked: int


@attrs.define
class _Counts:
    states: int = 0
    legal_checked: int = 0
    legal_applied: int = 0
    illegal_checked: int = 0
    views_checked: int = 0
    records_checked: int = 0


def check_conformance(
    config: object, *, games: int = 300, seed: int = 0, sample_every: int = 7
) -> ConformanceReport:
    """Play ``games`` seeded random games of ``config`` and check every invariant.

    Args:
        config: The configuration of a registered game.
        games: How many games to play.
        seed: The master seed; game ``i`` uses a seed derived from it and ``i``.
        sample_every: The costlier checks (applying every listed action, leak tests)
            run on every ``sample_every``-th state, and on the last state of each game.

    Returns:
        The counts of what was checked.

    Raises:
        ConformanceError: At the first invariant that does not hold.

    Example:
        >>> from tricktaking.testing import check_conformance
        >>> import tricktaking as tt
        >>> check_conformance(tt.BidWhistConfig(), games=2, seed=4).records_checked
        2
    """
    counts = _Counts()
    name = game_of(new_game(config)).name
    for index in range(games):
        game_seed = derive_seed(seed, "conformance", index)
        words = stream(derive_seed(game_seed, "samples"))
        state = start = new_game(config)
        position = 0
        try:
            for position, state in enumerate(_game(start, game_seed, 1_000_000)):
                sampled = position % sample_every == 0 or is_over(state)
                _check_state(state, words, counts, sampled=sampled)
        except AssertionError as error:
            raise ConformanceError(
                f"{name}, game {index} (seed {game_seed}), state {position}: {error}"
            ) from error
        _check_record(state, name, index)
        counts.records_checked += 1
    return ConformanceReport(game=name, games=games, **attrs.asdict(counts))


def _check_state(
    state: GameState[object], words: Iterator[int], counts: _Counts, *, sampled: bool
) -> None:
    counts.states += 1
    seat = actor(state)
    legal = legal_actions(state)
    if isinstance(seat, int):
        _expect(bool(legal), "seat {} is to act but has no legal action", seat)
        for action in legal:  # legal_actions never lists the chance deal
            acting = cast("SeatAction", action).seat
            _expect(acting == seat, "{} is listed for seat {}", action, seat)
    else:
        _expect(legal == (), "no seat is to act, yet actions are listed: {}", legal)
    for action in legal:
        _expect(check(state, action) is None, "listed action {} fails check", action)
    counts.legal_checked += len(legal)
    if sampled:
        for action in legal:
            apply(state, action)
        counts.legal_applied += len(legal)
    for action in _illegal_candidates(state, seat, legal, words):
        _check_rejected(state, action)
        counts.illegal_checked += 1
    _check_cards(state)
    _check_tricks(state)
    if sampled:
        counts.views_checked += _check_views(state, words)


def _illegal_candidates(
    state: GameState[object], seat: int | object, legal: tuple[object, ...], words: Iterator[int]
) -> list[object]:
    rnd = state.round
    players = len(rnd.hands)
    candidates: list[object] = []
    if isinstance(seat, int):
        action = legal[random_below(words, len(legal))]
        if players > 1 and attrs.has(type(action)) and hasattr(action, "seat"):
            candidates.append(attrs.evolve(cast("Any", action), seat=(seat + 1) % players))
        legal_set = set(legal)
        cards = [card for hand in rnd.hands for card in hand]
        plays = [Play(seat, card) for card in cards if Play(seat, card) not in legal_set]
        if plays:
            candidates.append(plays[random_below(words, len(plays))])
        if state.history:
            candidates.append(state.history.to_tuple()[0])  # a deal out of turn
    elif seat is CHANCE:
        candidates.append(Play(0, Card.parse("AS")))
        good = deal(state, next(words))
        hands = list(good.hands)
        other = [card for card in good.stock if hands and hands[0] and card != hands[0][0]]
        if other:
            hands[0] = (other[0], *hands[0][1:])  # one card twice, one missing
            candidates.append(Deal(hands=hands, stock=good.stock))
    else:
        candidates.append(Play(0, Card.parse("AS")))
    candidates.append("not an action")
    return candidates


def assert_rejected(
    state: GameState[object], action: object, violation: Violation | None = None
) -> None:
    """Assert that ``action`` is illegal in ``state``, the same way for check and apply.

    ``check`` and the :class:`~tricktaking.errors.IllegalActionError` of ``apply`` must
    give the same code (``violation``, when given), and ``state`` must be unchanged.

    Raises:
        AssertionError: If any of that does not hold.

    Example:
        >>> from tricktaking.testing import assert_rejected
        >>> import tricktaking as tt
        >>> assert_rejected(tt.new_game(tt.WizardConfig(players=3)), tt.Pass(0),
        ...                 tt.Violation.UNKNOWN_ACTION)
    """
    _check_rejected(state, action)
    if violation is not None:
        verdict = check(state, action)
        _expect(verdict is violation, "{}: expected {}, got {}", action, violation, verdict)


def _check_rejected(state: GameState[object], action: object) -> None:
    snapshot = copy.copy(state)
    verdict = check(state, action)
    _expect(verdict is not None, "illegal action {} passes check", action)
    try:
        apply(state, action)
    except IllegalActionError as error:
        raised = error.violation
        _expect(error.action is action, "the error for {} names {}", action, error.action)
    else:
        raise AssertionError(f"illegal action {action} was applied")
    _expect(raised is verdict, "{}: apply says {}, check says {}", action, raised, verdict)
    _expect(state == snapshot, "rejecting {} changed the state", action)


def _check_cards(state: GameState[object]) -> None:
    deals = [action for action in state.history if isinstance(action, Deal)]
    if not deals:
        return
    dealt = Counter(card for hand in deals[-1].hands for card in hand)
    dealt.update(deals[-1].stock)
    held = Counter(card for zone in game_of(state).rules.zones(state) for card in zone.cards)
    if held != dealt:
        raise AssertionError(
            f"cards are not conserved: {held - dealt} extra, {dealt - held} missing"
        )


def _check_tricks(state: GameState[object]) -> None:
    rnd = state.round
    players = len(rnd.hands)
    for position, trick in enumerate(rnd.tricks):
        seats = [play.seat for play in trick.plays]
        _expect(sorted(seats) == list(range(players)), "trick {} has plays {}", position, seats)
        _expect(trick.winner in seats, "trick {} has winner {}", position, trick.winner)
        following = rnd.tricks[position + 1] if position + 1 < len(rnd.tricks) else rnd.trick
        _expect(following.leader == trick.winner, "the winner of trick {} did not lead", position)


def _mentioned_cards(data: JSONValue) -> Iterator[Card]:
    if isinstance(data, str):
        words = data.replace("/", " ").split()
        if len(words) == 3 and words[1] == "bid":  # "4D" in "1 bid 4D" is a bid, not a card
            return
        for word in words:
            try:
                yield Card.parse(word)
            except ValueError:
                continue
    elif isinstance(data, list):
        for item in data:
            yield from _mentioned_cards(item)
    elif isinstance(data, dict):
        for item in data.values():
            yield from _mentioned_cards(item)


def _check_views(state: GameState[object], words: Iterator[int]) -> int:
    rules = game_of(state).rules
    zones = rules.zones(state)
    players = len(state.round.hands)
    for seat in range(players):
        data = view(state, seat).to_dict()
        _expect(json.loads(json.dumps(data)) == data, "the view is not plain JSON")
        visible = {card for zone in zones if zone.visible_to(seat) for card in zone.cards}
        leaked = set(_mentioned_cards(data)) - visible
        _expect(not leaked, "the view of seat {} shows hidden cards {}", seat, leaked)
        hidden = [zone for zone in zones if not zone.visible_to(seat)]
        pool = shuffle([card for zone in hidden for card in zone.cards], next(words))
        replaced: dict[str, tuple[Card, ...]] = {}
        start = 0
        for zone in hidden:
            replaced[zone.name] = pool[start : start + len(zone.cards)]
            start += len(zone.cards)
        variant = rules.with_zones(state, replaced)
        _expect(
            view(variant, seat) == view(state, seat),
            "the view of seat {} depends on cards hidden from it",
            seat,
        )
    return players


def _check_record(final: GameState[object], name: str, index: int) -> None:
    try:
        _expect(loads(dumps(final)).final_state() == final, "the record does not round-trip")
    except AssertionError as error:
        raise ConformanceError(f"{name}, game {index}: {error}") from error
