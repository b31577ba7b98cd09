"""High Card: a complete trick-taking game written outside the package, from public names only.

Two players, the four cards AS KS AH KH, two cards each, one deal. The player left of the
dealer leads; follow suit if you can; the ace of the suit led wins the trick, and each
trick scores a point.

The module is the game's rules (the functions of :class:`tricktaking.engine.Rules`) and
ends with its declaration and one registration: from then on the whole library plays it
(the top-level functions, records, the CLI, render, world sampling, the bots, the arena
and the learning environments). The "Add a game" how-to walks through it.

Run it to play one game between two heuristic bots::

    python examples/high_card.py
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Mapping
from typing import cast

import attrs

import tricktaking as tt
from tricktaking.actions import CHANCE, Action, Chance, Deal, Play, parse_core_action
from tricktaking.cards import Card, Rank, is_card, parse_cards, sort_cards
from tricktaking.deck import Deck
from tricktaking.engine import Rules
from tricktaking.errors import IllegalActionError, NotationError, Violation
from tricktaking.history import History
from tricktaking.plugins import (
    ActionIndex,
    Assignment,
    FieldSink,
    LearningSpec,
    Observation,
    ObservationTables,
    TableExtras,
    WorldLayout,
    WorldsPlugin,
    legal_choices,
)
from tricktaking.rounds import Round
from tricktaking.tricks import Trick, follow_suit, left_of
from tricktaking.views import (
    JSONValue,
    PlayerView,
    TableView,
    Zone,
    check_zone_names,
    hand_zones,
    played_zones,
    replaced_hands,
    table_json,
)

__all__ = [
    "GAME",
    "HighCardBot",
    "HighCardConfig",
    "HighCardPhase",
    "HighCardState",
    "HighCardView",
    "apply",
    "check",
    "deal",
    "legal_actions",
    "new_game",
    "view",
]

DECK = Deck(parse_cards("AS KS AH KH"))
PLAYERS = 2
HAND_SIZE = 2

# ---------------------------------------------------------------------------------------
# The game's values: a config, phases, a state and a view


@attrs.frozen(kw_only=True)
class HighCardConfig:
    """The options of a High Card game.

    Args:
        first_dealer: The dealer, seat 0 or 1.
    """

    first_dealer: int = 0

    def __attrs_post_init__(self) -> None:
        if type(self.first_dealer) is not int or self.first_dealer not in (0, 1):
            raise tt.ConfigError(f"first_dealer must be 0 or 1, not {self.first_dealer!r}")

    @property
    def players(self) -> int:
        """Always two seats."""
        return PLAYERS


class HighCardPhase(enum.Enum):
    """Where a High Card game stands."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


@attrs.frozen(kw_only=True)
class HighCardState:
    """The whole game: the config, the phase, the deal in progress and the history."""

    config: HighCardConfig
    phase: HighCardPhase
    round: Round
    trump: None = None  # High Card has no trump
    scores: tuple[int, ...] = (0, 0)
    history: History[Deal | Play] = attrs.field(factory=History)


@attrs.frozen(kw_only=True)
class HighCardView(TableView[HighCardPhase, Play]):
    """A seat's view: the table fields every game has, and nothing else."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as JSON data, naming its game."""
        return table_json(NAME, self)


NAME = "high-card"

# ---------------------------------------------------------------------------------------
# The rules


def new_game(config: HighCardConfig) -> HighCardState:
    """A new game before its deal; the actor is ``CHANCE``."""
    if not isinstance(config, HighCardConfig):
        raise TypeError(f"expected a HighCardConfig, not {type(config).__name__}")
    dealer = config.first_dealer
    return HighCardState(
        config=config,
        phase=HighCardPhase.DEAL,
        round=Round(
            number=0,
            dealer=dealer,
            hands=((), ()),
            trick=Trick(leader=left_of(dealer, PLAYERS), plays=()),
        ),
    )


def deal(state: HighCardState, seed: int) -> Deal:
    """The deal: the four cards shuffled by ``seed``, two each, the first to seat 0."""
    return Deal.from_deck(DECK.shuffled(seed), players=PLAYERS, first_seat=0, hand_size=HAND_SIZE)


def actor(state: HighCardState) -> int | Chance | None:
    """The seat to play, ``CHANCE`` before the deal, ``None`` once the game is over."""
    if state.phase is HighCardPhase.PLAY:
        rnd = state.round
        return (rnd.trick.leader + len(rnd.trick.plays)) % PLAYERS
    return CHANCE if state.phase is HighCardPhase.DEAL else None


def _playable(state: HighCardState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play: follow the suit led if you can (the one rule of play)."""
    trick = state.round.trick
    led = trick.plays[0].card.suit if trick.plays else None
    return follow_suit(state.round.hands[seat], led)


def legal_actions(state: HighCardState) -> tuple[Play, ...]:
    """The legal plays of the seat to act, in hand order; ``()`` at the deal and after."""
    seat = actor(state)
    if not isinstance(seat, int):
        return ()
    return tuple(Play(seat, card) for card in _playable(state, seat))


def _problem(state: HighCardState, action: object) -> tuple[Violation, str] | None:
    """Why ``action`` is illegal in ``state``, or ``None``: every rule of legality, once."""
    match action:
        case Play(seat=seat, card=card) if type(action) is Play:
            if type(seat) is not int or not is_card(card):
                return Violation.UNKNOWN_ACTION, "the Play has a field of the wrong type"
            if state.phase is not HighCardPhase.PLAY:
                over = state.phase is HighCardPhase.OVER
                return (
                    (Violation.GAME_OVER, "the game is over")
                    if over
                    else (
                        Violation.WRONG_PHASE,
                        "the cards are not dealt yet",
                    )
                )
            if seat != actor(state):
                return Violation.NOT_YOUR_TURN, f"it is seat {actor(state)}'s turn"
            if card not in state.round.hands[seat]:
                return Violation.CARD_NOT_IN_HAND, "that card is not in the seat's hand"
            if card not in _playable(state, seat):
                return Violation.MUST_FOLLOW_SUIT, "a card of the suit led must be played"
            return None
        case Deal(hands=hands, stock=stock, dealer=dealer) if type(action) is Deal:
            if state.phase is not HighCardPhase.DEAL:
                return Violation.WRONG_PHASE, "no deal is due"
            if dealer not in (None, state.round.dealer):
                return Violation.BAD_DEAL, "the dealer is the configuration's, not chance's"
            sizes_right = len(hands) == PLAYERS and all(len(h) == HAND_SIZE for h in hands)
            dealt = sorted(map(str, (card for hand in hands for card in hand)))
            if not sizes_right or stock or dealt != sorted(map(str, DECK)):
                return Violation.BAD_DEAL, "each seat gets two of AS KS AH KH"
            return None
        case _:
            return (
                Violation.UNKNOWN_ACTION,
                f"{type(action).__name__[:40]} is not a High Card action",
            )


def check(state: HighCardState, action: Action) -> Violation | None:
    """Why ``action`` is illegal in ``state``, or ``None``: the verdict of :func:`apply`."""
    found = _problem(state, action)
    return None if found is None else found[0]


def apply(state: HighCardState, action: Action) -> HighCardState:
    """The state after ``action``, validated; ``state`` is unchanged."""
    found = _problem(state, action)
    if found is not None:
        violation, reason = found
        seat = getattr(action, "seat", None)
        raise IllegalActionError(
            f"{reason} (in the {state.phase.value} phase)",
            violation,
            action,
            seat if type(seat) is int else None,
        )
    match action:
        case Deal():
            return _dealt(state, action)
        case Play():
            return _played(state, action)
        case _:  # pragma: no cover - _problem lets only deals and plays through
            raise TypeError("not an action of High Card")


def _dealt(state: HighCardState, deal: Deal) -> HighCardState:
    hands = tuple(sort_cards(hand) for hand in deal.hands)
    return attrs.evolve(
        state,
        phase=HighCardPhase.PLAY,
        round=attrs.evolve(state.round, number=1, hands=hands),
        history=state.history.append(deal),
    )


def _played(state: HighCardState, play: Play) -> HighCardState:
    """The card leaves its hand for the trick; a full trick goes to the ace of the suit led."""
    rnd = state.round
    history = state.history.append(play)
    hands = tuple(
        tuple(card for card in hand if card != play.card) if seat == play.seat else hand
        for seat, hand in enumerate(rnd.hands)
    )
    plays = (*rnd.trick.plays, play)
    if len(plays) < PLAYERS:
        trick = attrs.evolve(rnd.trick, plays=plays)
        return attrs.evolve(
            state, round=attrs.evolve(rnd, hands=hands, trick=trick), history=history
        )
    led = plays[0].card.suit
    winner = next((p for p in plays if p.card.suit is led and p.card.rank is Rank.ACE), plays[0])
    done = Trick(leader=rnd.trick.leader, plays=plays, winner=winner.seat)
    won = tuple(count + (seat == winner.seat) for seat, count in enumerate(rnd.won))
    return attrs.evolve(
        state,
        phase=HighCardPhase.PLAY if hands[0] else HighCardPhase.OVER,
        round=attrs.evolve(
            rnd,
            hands=hands,
            trick=Trick(leader=winner.seat, plays=()),
            tricks=(*rnd.tricks, done),
            won=won,
        ),
        scores=won,
        history=history,
    )


def view(state: HighCardState, seat: int) -> HighCardView:
    """What ``seat`` sees: its own hand and everything public."""
    if type(seat) is not int or seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    rnd = state.round
    to_act = actor(state)
    turn = to_act if isinstance(to_act, int) else None
    return HighCardView(
        seat=seat,
        players=PLAYERS,
        phase=state.phase,
        round_number=rnd.number,
        dealer=rnd.dealer,
        hand=rnd.hands[seat],  # only its own hand: the other's is never in the view
        hand_sizes=tuple(map(len, rnd.hands)),
        trick=rnd.trick,
        tricks=rnd.tricks,
        tricks_won=rnd.won,
        trump=None,
        scores=state.scores,
        actor=turn,
        legal_actions=legal_actions(state) if turn == seat else (),
    )


def is_over(state: HighCardState) -> bool:
    """Whether both tricks are played."""
    return state.phase is HighCardPhase.OVER


def scores(state: HighCardState) -> tuple[int, ...]:
    """Tricks won by each seat."""
    return state.scores


def winners(state: HighCardState) -> tuple[int, ...]:
    """The seats with the most tricks, once the game is over."""
    if not is_over(state):
        return ()
    top = max(state.scores)
    return tuple(seat for seat, score in enumerate(state.scores) if score == top)


def parse_action(text: str) -> Deal | Play:
    """Read a deal or a play from its token (``str(action)``)."""
    action = parse_core_action(text)
    if isinstance(action, Deal | Play):
        return action
    raise NotationError(f"{text[:40]!r} is not a High Card action")


def zones(state: HighCardState) -> tuple[Zone, ...]:
    """Where the cards lie: the hands (each seen by its owner) and the played cards."""
    rnd = state.round
    return (*hand_zones(rnd.hands), *played_zones(rnd.trick, rnd.tricks))


def with_zones(state: HighCardState, cards: Mapping[str, tuple[Card, ...]]) -> HighCardState:
    """``state`` with the cards of hidden zones replaced (for tests of what views reveal)."""
    check_zone_names(cards, zones(state))
    rnd = state.round
    return attrs.evolve(state, round=attrs.evolve(rnd, hands=replaced_hands(cards, rnd.hands)))


# ---------------------------------------------------------------------------------------
# The plug-ins: what the layers above the engine may ask


class HighCardBot:
    """Plays an ace whenever it may, else its first legal card."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        """The chosen play."""
        legal = legal_choices(view)
        aces = [a for a in legal if isinstance(a, Play) and a.card.rank is Rank.ACE]
        return aces[0] if aces else legal[0]


def _config_of(view: HighCardView) -> HighCardConfig:
    return HighCardConfig(first_dealer=view.dealer)  # one deal: its dealer dealt first


def _layout(view: HighCardView, config: HighCardConfig) -> WorldLayout:
    """The other hand is hidden; a void shown in play rules out that suit."""
    base = new_game(config)
    if view.phase is HighCardPhase.DEAL:
        return WorldLayout((), (), (), (), lambda assignment: base)
    me, other = view.seat, 1 - view.seat
    plays = [play for trick in (*view.tricks, view.trick) for play in trick.plays]
    seen = {*view.hand, *(play.card for play in plays)}
    hidden = sort_cards(card for card in DECK if card not in seen)
    barred = frozenset(
        card
        for trick in (*view.tricks, view.trick)
        for play in trick.plays[1:]
        if play.seat == other and play.card.suit is not trick.plays[0].card.suit
        for card in hidden
        if card.suit is trick.plays[0].card.suit
    )

    def build(assignment: Assignment) -> HighCardState:
        dealt: list[tuple[Card, ...]] = [(), ()]
        dealt[me] = (*view.hand, *(p.card for p in plays if p.seat == me))
        dealt[other] = (*assignment[f"hand {other}"], *(p.card for p in plays if p.seat == other))
        state = apply(base, Deal(hands=(dealt[0], dealt[1]), stock=()))
        for play in plays:
            state = apply(state, play)
        return state

    zone = f"hand {other}"
    return WorldLayout((zone,), (view.hand_sizes[other],), hidden, (barred,), build)


def _no_fields(out: FieldSink, players: int, space: ActionIndex) -> None:
    """High Card observes only the fields every game has."""


def _no_values(out: Observation, view: PlayerView, tables: ObservationTables) -> None:
    """Nothing beyond the common fields to write."""


def _extras(view: PlayerView) -> TableExtras:
    return TableExtras(lines=("the ace wins",))


SUMMARY = """\
High Card (2 players; the four cards AS KS AH KH)

Each player gets two cards. The player left of the dealer leads; follow suit if you can.
The ace of the suit led wins the trick. Each trick scores a point.
"""

GAME = tt.Game(
    name=NAME,
    title="High Card",
    config_type=HighCardConfig,
    state_type=HighCardState,
    rules=cast("Rules[HighCardState, HighCardConfig]", sys.modules[__name__]),  # these functions
    view_type=HighCardView,
    summary=SUMMARY,
    heuristic_bot=HighCardBot,
    worlds=WorldsPlugin.typed(HighCardView, HighCardConfig, _config_of, _layout),
    learning=LearningSpec(
        cards=sort_cards(DECK),
        phases=tuple(HighCardPhase),
        score_scale=2.0,
        max_tricks=lambda players: HAND_SIZE,
        calls=lambda players: (),
        fields=_no_fields,
        encode=_no_values,
    ),
    render_extras=_extras,
)
"""High Card, as the registry knows it."""

if NAME not in tt.available_games():  # importing the example twice registers it once
    tt.register_game(GAME)


if __name__ == "__main__":
    from tricktaking.bots import make_bot

    state = tt.new_game(HighCardConfig())
    state = tt.apply(state, tt.deal(state, seed=7))
    bots = [make_bot("heuristic", NAME, seed) for seed in range(PLAYERS)]
    while not tt.is_over(state):
        seat = tt.actor(state)
        assert isinstance(seat, int)
        state = tt.apply(state, bots[seat].act(tt.view(state, seat)))
    print("scores", tt.scores(state), "winners", tt.winners(state))
