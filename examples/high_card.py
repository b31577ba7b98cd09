"""High Card: a complete trick-taking game written outside the package, on the game kit.

Two players, the four cards AS KS AH KH, two cards each, one deal. The player left of the
dealer leads; follow suit if you can; the ace of the suit led wins the trick, and each
trick scores a point.

The game's rules are a subclass of :class:`tricktaking.kit.GameRules`, which writes
``apply``, ``check``, ``legal_actions`` and the rest once over a few hooks, and the
module ends with its declaration and one registration: from then on the whole library
plays it (the top-level functions, records, the CLI, render, world sampling, the bots,
the arena and the learning environments). It uses public names only. The "Add a game"
how-to walks through it.

Run it to play one game between two heuristic bots::

    python examples/high_card.py
"""

from __future__ import annotations

import attrs

import tricktaking as tt
from tricktaking import kit
from tricktaking.actions import Action, Deal, Play
from tricktaking.cards import Card, Direction, Rank, Suit, parse_cards, sort_cards
from tricktaking.deck import Deck
from tricktaking.errors import Violation
from tricktaking.history import History
from tricktaking.plugins import (
    ActionIndex,
    FieldSink,
    LearningSpec,
    Observation,
    ObservationTables,
    TableExtras,
    WorldLayout,
    WorldsPlugin,
)
from tricktaking.tricks import Trick, follow_suit
from tricktaking.views import JSONValue, PlayerView, TableView, table_json

__all__ = [
    "GAME",
    "RULES",
    "HighCardBot",
    "HighCardConfig",
    "HighCardPhase",
    "HighCardRules",
    "HighCardState",
    "HighCardView",
    "apply",
    "check",
    "deal",
    "legal_actions",
    "new_game",
    "view",
]

NAME = "high-card"
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
        kit.seat_option("first_dealer", self.first_dealer, PLAYERS)

    @property
    def players(self) -> int:
        """Always two seats."""
        return PLAYERS


class HighCardPhase(kit.Phase):
    """Where a High Card game stands."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


HighCardAction = Deal | Play


@kit.state_class
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class HighCardState(kit.State):
    """The whole game: the deal in progress (from ``kit.State``), the phase, the scores."""

    config: HighCardConfig
    phase: HighCardPhase
    trump: None = None  # High Card has no trump
    scores: tuple[int, ...] = (0, 0)
    history: History[HighCardAction] = attrs.field(factory=History)


@attrs.frozen(kw_only=True)
class HighCardView(TableView[HighCardPhase, Play]):
    """A seat's view: the table fields every game has, and nothing else."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as JSON data, naming its game."""
        return table_json(NAME, self)


# ---------------------------------------------------------------------------------------
# The rules


def _led(trick: Trick) -> Suit | None:
    return trick.plays[0].card.suit if trick.plays else None


def _follow(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
    """The one rule of play: follow the suit led if you can."""
    return follow_suit(hand, _led(trick))


def _strength(card: Card, trump: Suit | None, direction: Direction, led: Suit | None) -> int:
    if card.suit is not led:
        return -1
    return 1 if card.rank is Rank.ACE else 0  # the ace of the suit led wins


_STRENGTH = kit.strength_tables(DECK, _strength, (Direction.UPTOWN,))


def _trick_strength(plays: tuple[Play, ...]) -> dict[Card, int]:
    return _STRENGTH[None, Direction.UPTOWN, plays[0].card.suit]


class HighCardRules(kit.GameRules[HighCardState, HighCardConfig, HighCardAction, HighCardView]):
    """High Card's rules: the hooks the kit's engine functions call."""

    title = "High Card"
    config_type = HighCardConfig
    state_type = HighCardState
    view_type = HighCardView
    actions = (Deal, Play)
    deal_phase = HighCardPhase.DEAL
    play_phase = HighCardPhase.PLAY
    over_phase = HighCardPhase.OVER

    def _new_state(self, config: HighCardConfig) -> HighCardState:
        round_0 = kit.empty_round(config.first_dealer, PLAYERS)
        return HighCardState(config=config, phase=HighCardPhase.DEAL, round=round_0)

    def _deal_from(self, state: HighCardState, seed: int) -> Deal:
        # the four cards shuffled by the seed, two each, the first to seat 0
        return kit.deal_round(DECK, seed, players=PLAYERS, hand_size=HAND_SIZE, first_seat=0)

    def _deal_problem(self, state: HighCardState, deal: Deal) -> kit.Problem | None:
        return kit.deal_problem(
            deal,
            deck=DECK,
            players=PLAYERS,
            hand_size=HAND_SIZE,
            stock_size=0,
            dealer=state.config.first_dealer,
        )

    def _dealt(self, state: HighCardState, deal: Deal) -> HighCardState:
        hands = kit.dealt_hands(deal, DECK)
        dealt = kit.start_round(state, 1, state.config.first_dealer, hands)
        return attrs.evolve(dealt, phase=HighCardPhase.PLAY, history=state.history.append(deal))

    def _legal(self, state: HighCardState) -> tuple[HighCardAction, ...]:
        seat = self.actor(state)
        if not isinstance(seat, int):
            return ()
        return tuple(Play(seat, card) for card in self._playable(state, seat))

    def _playable(self, state: HighCardState, seat: int) -> tuple[Card, ...]:
        return _follow(state.round.hands[seat], state.round.trick)

    def _unplayable(self, state: HighCardState, seat: int, card: Card) -> kit.Problem:
        return Violation.MUST_FOLLOW_SUIT, "a card of the suit led must be played"

    def _play(self, state: HighCardState, play: Play) -> HighCardState:
        played, done = kit.play_card(state, play, state.history.append(play), _trick_strength)
        if done is None:
            return played
        rnd = played.round
        phase = HighCardPhase.PLAY if rnd.hands[0] else HighCardPhase.OVER
        return attrs.evolve(played, phase=phase, scores=rnd.won)  # a point a trick


RULES = HighCardRules()
"""The one instance of HighCardRules; its methods are the game's engine functions."""

new_game = RULES.new_game
deal = RULES.deal
apply = RULES.apply
check = RULES.check
legal_actions = RULES.legal_actions
view = RULES.view

# ---------------------------------------------------------------------------------------
# The plug-ins: what the layers above the engine may ask


class HighCardBot(kit.ViewBot[HighCardView]):
    """Plays an ace whenever it may, else its first legal card."""

    view_type = HighCardView
    game = "High Card"

    def choose(self, view: HighCardView, legal: tuple[Action, ...]) -> Action:
        """The chosen play."""
        aces = [a for a in legal if isinstance(a, Play) and a.card.rank is Rank.ACE]
        return aces[0] if aces else legal[0]


def _config_of(view: HighCardView) -> HighCardConfig:
    return HighCardConfig(first_dealer=view.dealer)  # one deal: its dealer dealt first


def _layout(view: HighCardView, config: HighCardConfig) -> WorldLayout:
    """The other hand is hidden; a void shown in play rules out that suit."""
    plays = kit.plays_of(view.trick, view.tricks)
    return kit.deal_layout(view, config, follow=_follow, actions=plays, complete=False)


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
    rules=RULES,
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
