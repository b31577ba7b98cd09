"""High Card: a tiny fourth trick-taking game, written the way a game module is written.

Two players, the four cards AS KS AH KH, two cards each, one deal. The non-dealer leads;
follow suit if you can; the ace of the suit led wins. Each trick scores a point. It lives
in the test suite to show that a new game touches no core file: it imports only the
core, and registering it is all the engine, the conformance kit and the CLI need.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from tricktaking._fast import constructor, replacer, slot_setter
from tricktaking._flat_round import FlatRound, flat_round_state, new_round, play_card, start_round
from tricktaking._skeleton import Hooks, engine_functions
from tricktaking._table import (
    deal_round,
    dealt_hands,
    next_dealer,
    require_deal,
)
from tricktaking._validation import (
    Problem,
    card_play_problem,
    deal_problem,
    follow_problem,
    not_playing,
    require_config,
    sorted_orders,
    view_seat,
)
from tricktaking.actions import CHANCE, Action, Chance, Deal, parse_core_action
from tricktaking.cards import Card, Suit, parse_cards
from tricktaking.deck import Deck
from tricktaking.errors import NotationError, Violation
from tricktaking.history import History
from tricktaking.tricks import Play, follow_suit, left_of
from tricktaking.views import (
    JSONValue,
    TableView,
    Zone,
    check_zone_names,
    hand_zones,
    played_zones,
    replaced_hands,
    table_fields,
    table_json,
)

_DECK = Deck(parse_cards("AS KS AH KH"))
_ORDERS = sorted_orders(_DECK)
_STRENGTH = {card: 2 if card.rank.value == "A" else 1 for card in _DECK}


@attrs.frozen(kw_only=True)
class HighCardConfig:
    """High Card has no options but who deals first."""

    first_dealer: int = 0


class HighCardPhase(enum.Enum):
    """Where a High Card game stands."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


@flat_round_state
@attrs.frozen(kw_only=True, repr=False)
class HighCardState(FlatRound):
    """The whole game; the round's parts are kept flat by :class:`FlatRound`."""

    config: HighCardConfig
    phase: HighCardPhase
    trump: Suit | None
    scores: tuple[int, ...]
    history: History[Deal | Play]
    _legal: tuple[Play, ...] | None = attrs.field(default=None, init=False, eq=False)


@attrs.frozen(kw_only=True)
class HighCardView(TableView[HighCardPhase, Play]):
    """A seat's view: the table fields and nothing else."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as JSON data."""
        return table_json("high-card", self)


_make_view = constructor(HighCardView)
_replace = replacer(HighCardState)
_PHASE_DEAL, _PHASE_PLAY, _PHASE_OVER = HighCardPhase


def new_game(config: HighCardConfig) -> HighCardState:
    """A new game before its deal."""
    require_config(config, HighCardConfig)
    return HighCardState(
        config=config,
        phase=_PHASE_DEAL,
        round=new_round(0, config.first_dealer, ((), ()), left_of(config.first_dealer, 2)),
        trump=None,
        scores=(0, 0),
        history=History(),
    )


def deal(state: HighCardState, seed: int) -> Deal:
    """The deal: two cards each."""
    require_deal(state.phase, _PHASE_DEAL, _PHASE_OVER)
    dealer = next_dealer(state.config.first_dealer, state._number, 2)
    return deal_round(_DECK, seed, players=2, dealer=dealer, hand_size=2)


def actor(state: HighCardState) -> int | Chance | None:
    """Whose turn it is."""
    if state.phase is _PHASE_PLAY:
        return state._turn
    return CHANCE if state.phase is _PHASE_DEAL else None


def _playable(state: HighCardState, seat: int) -> tuple[Card, ...]:
    plays = state._plays
    lead = plays[0].card.suit if plays else None
    return follow_suit(state._hands[seat], lead)


def _legal_actions(state: HighCardState) -> tuple[Play, ...]:
    if state.phase is not _PHASE_PLAY:
        return ()
    seat = state._turn
    return tuple(Play(seat, card) for card in _playable(state, seat))


def _play_problem(state: HighCardState, seat: int, card: Card) -> Problem | None:
    if state.phase is not _PHASE_PLAY:
        return not_playing(state.phase is _PHASE_OVER)
    problem = card_play_problem(state._hands, state._turn, seat, card)
    if problem is None and card not in _playable(state, seat):
        return follow_problem(seat, state._plays[0].card.suit, None, "HC-1")
    return problem


def _problem(state: HighCardState, action: Deal | Play) -> Problem | None:
    match action:
        case Play(seat=seat, card=card):
            return _play_problem(state, seat, card)
        case Deal():
            if state.phase is not _PHASE_DEAL:
                return Violation.WRONG_PHASE, "no deal is due"
            return deal_problem(
                action,
                deck=_DECK,
                orders=_ORDERS,
                players=2,
                hand_size=2,
                stock_size=0,
                dealer=next_dealer(state.config.first_dealer, state._number, 2),
            )


def _strength(plays: tuple[Play, ...]) -> Mapping[Card, int]:
    led = plays[0].card.suit
    return {card: value if card.suit is led else 0 for card, value in _STRENGTH.items()}


def _play(state: HighCardState, action: Play) -> HighCardState:
    played, done = play_card(state, action, state.history.append(action), _strength)
    if done is None:
        return played
    over = not played._hands[0]
    return _replace(played, phase=_PHASE_OVER if over else _PHASE_PLAY, scores=played._won)


def _advance(state: HighCardState, action: Deal | Play) -> HighCardState:
    match action:
        case Deal():
            dealer = next_dealer(state.config.first_dealer, state._number, 2)
            started = start_round(state, 1, dealer, dealt_hands(action, _DECK))
            return _replace(started, phase=_PHASE_PLAY, history=state.history.append(action))
        case Play():
            return _play(state, action)


_ENGINE = engine_functions(
    Hooks(
        game="High Card",
        actions=(Deal, Play),
        legal=_legal_actions,
        memo=slot_setter(HighCardState, "_legal"),
        play_problem=_play_problem,
        problem=_problem,
        play=_play,
        advance=_advance,
    )
)


def legal_actions(state: HighCardState) -> tuple[Play, ...]:
    """The legal plays."""
    return _ENGINE.legal_actions(state)


def check(state: HighCardState, action: Action) -> Violation | None:
    """Why an action is illegal, or None."""
    return _ENGINE.check(state, action)


def apply(state: HighCardState, action: Action) -> HighCardState:
    """The state after an action."""
    return _ENGINE.apply(state, action)


def view(state: HighCardState, seat: int) -> HighCardView:
    """What a seat sees."""
    view_seat(seat, 2)
    return _make_view(
        **table_fields(state, seat, actor=actor(state), legal_actions=legal_actions(state))
    )


def is_over(state: HighCardState) -> bool:
    """Whether the deal is over."""
    return state.phase is _PHASE_OVER


def scores(state: HighCardState) -> tuple[int, ...]:
    """Tricks won."""
    return state.scores


def winners(state: HighCardState) -> tuple[int, ...]:
    """The seats with the most tricks, once over."""
    if state.phase is not _PHASE_OVER:
        return ()
    top = max(state.scores)
    return tuple(seat for seat, score in enumerate(state.scores) if score == top)


def parse_action(text: str) -> Deal | Play:
    """Read a deal or a play."""
    action = parse_core_action(text)
    if isinstance(action, Deal | Play):
        return action
    raise NotationError(f"{text!r} is not a High Card action")


def zones(state: HighCardState) -> tuple[Zone, ...]:
    """The hands and the played cards."""
    rnd = state.round
    return (*hand_zones(rnd.hands), *played_zones(rnd.trick, rnd.tricks))


def with_zones(state: HighCardState, cards: Mapping[str, tuple[Card, ...]]) -> HighCardState:
    """The state with hidden hands replaced."""
    check_zone_names(cards, zones(state))
    rnd = state.round
    return attrs.evolve(state, round=attrs.evolve(rnd, hands=replaced_hands(cards, rnd.hands)))
