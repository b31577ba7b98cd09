"""Plain Whist for four players in two partnerships, on the game kit, from public names only.

Seats 0 and 2 play against seats 1 and 3. Each deal gives all 52 cards, 13 to a player,
from the dealer's left; the trump suit goes round, hearts, diamonds, spades, clubs, one
deal each. The player left of the dealer leads; follow suit if you can; the highest
trump wins the trick, else the highest card of the suit led. After the 13 tricks the
partnership with more of them scores a point for each trick over six. The first
partnership to reach the target (five points unless told otherwise) wins.

The rules are a subclass of :class:`tricktaking.kit.GameRules`, its world sampling is
:func:`tricktaking.kit.deal_layout`, its bot a :class:`tricktaking.kit.ViewBot`; the
declaration at the end plugs them into the library. Run it to play one game between
heuristic bots::

    python examples/plain_whist.py
"""

from __future__ import annotations

import attrs

import tricktaking as tt
from tricktaking import kit
from tricktaking.actions import Action, Deal, Play
from tricktaking.cards import SUITED_RANKS, Card, Direction, Suit
from tricktaking.deck import Deck
from tricktaking.history import History
from tricktaking.plugins import TableExtras, WorldLayout, WorldsPlugin, for_views_of
from tricktaking.tricks import Trick, follow_suit, left_of
from tricktaking.views import JSONValue, TableView, config_json, table_json

__all__ = ["GAME", "RULES", "PlainWhistBot", "PlainWhistConfig", "PlainWhistRules"]

NAME = "plain-whist"
PLAYERS = 4
DECK = Deck.standard()
TRUMPS = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)


@attrs.frozen(kw_only=True)
class PlainWhistConfig:
    """The options of a Plain Whist game.

    Args:
        first_dealer: The dealer of the first deal, a seat 0 to 3.
        target: The points a partnership must reach to win, 1 or more.
    """

    first_dealer: int = 0
    target: int = 5

    def __attrs_post_init__(self) -> None:
        kit.seat_option("first_dealer", self.first_dealer, PLAYERS)
        kit.int_option("target", self.target, 1, kit.MAX_TARGET)

    @property
    def players(self) -> int:
        """Always four seats, in two partnerships."""
        return PLAYERS


class PlainWhistPhase(kit.Phase):
    """Where a Plain Whist game stands."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


PlainWhistAction = Deal | Play


@kit.state_class
@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class PlainWhistState(kit.State):
    """The game: the deal in progress (``kit.State``), the trump, the scores (partners share)."""

    config: PlainWhistConfig
    phase: PlainWhistPhase
    trump: Suit | None
    scores: tuple[int, ...]
    history: History[PlainWhistAction]


@attrs.frozen(kw_only=True)
class PlainWhistView(TableView[PlainWhistPhase, Play]):
    """A seat's view: the table fields, and the configuration everyone knows."""

    config: PlainWhistConfig

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as JSON data."""
        return {**table_json(NAME, self), "config": config_json(self.config)}


def _led(trick: Trick) -> Suit | None:
    return trick.plays[0].card.suit if trick.plays else None


def legal_plays(hand: tuple[Card, ...], trick: Trick) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``: follow suit if you can."""
    return follow_suit(hand, _led(trick))


def _strength(card: Card, trump: Suit | None, direction: Direction, led: Suit | None) -> int:
    if card.suit is not trump and card.suit is not led:
        return -1
    return SUITED_RANKS.index(card.rank) + (100 if card.suit is trump else 0)


_STRENGTH = kit.strength_tables(DECK, _strength, (Direction.UPTOWN,))


def _trick_strength(plays: tuple[Play, ...], trump: Suit | None) -> dict[Card, int]:
    return _STRENGTH[trump, Direction.UPTOWN, plays[0].card.suit]


def trick_winner(trick: Trick, trump: Suit | None) -> int:
    """The seat winning ``trick`` so far: the highest trump, else the highest of the suit led."""
    return kit.trick_winner(trick.plays, _trick_strength, trump)


def _odd_tricks(won: tuple[int, ...]) -> tuple[int, int]:
    """The partnership with more tricks, and its tricks over six."""
    ours, theirs = won[0] + won[2], won[1] + won[3]
    return (0, ours - 6) if ours > theirs else (1, theirs - 6)


class PlainWhistRules(
    kit.GameRules[PlainWhistState, PlainWhistConfig, PlainWhistAction, PlainWhistView]
):
    """Plain Whist's rules: the hooks the kit's engine functions call."""

    title = "Plain Whist"
    config_type = PlainWhistConfig
    state_type = PlainWhistState
    view_type = PlainWhistView
    view_fields = ("config",)
    actions = (Deal, Play)
    deal_phase = PlainWhistPhase.DEAL
    play_phase = PlainWhistPhase.PLAY
    over_phase = PlainWhistPhase.OVER

    def _new_state(self, config: PlainWhistConfig) -> PlainWhistState:
        return PlainWhistState(
            config=config,
            phase=PlainWhistPhase.DEAL,
            round=kit.empty_round(config.first_dealer, PLAYERS),
            trump=None,
            scores=(0,) * PLAYERS,
            history=History(),
        )

    def _dealer(self, state: PlainWhistState) -> int:
        return kit.next_dealer(state.config.first_dealer, state.round.number, PLAYERS)

    def _deal_from(self, state: PlainWhistState, seed: int) -> Deal:
        first = left_of(self._dealer(state), PLAYERS)
        return kit.deal_round(DECK, seed, players=PLAYERS, hand_size=13, first_seat=first)

    def _deal_problem(self, state: PlainWhistState, deal: Deal) -> kit.Problem | None:
        dealer = self._dealer(state)
        return kit.deal_problem(
            deal, deck=DECK, players=PLAYERS, hand_size=13, stock_size=0, dealer=dealer
        )

    def _dealt(self, state: PlainWhistState, deal: Deal) -> PlainWhistState:
        number = state.round.number + 1
        dealt = kit.start_round(state, number, self._dealer(state), kit.dealt_hands(deal, DECK))
        trump = TRUMPS[(number - 1) % len(TRUMPS)]
        history = state.history.append(deal)
        return attrs.evolve(dealt, phase=PlainWhistPhase.PLAY, trump=trump, history=history)

    def _legal(self, state: PlainWhistState) -> tuple[PlainWhistAction, ...]:
        seat = self.actor(state)
        if not isinstance(seat, int):
            return ()
        return tuple(Play(seat, card) for card in self._playable(state, seat))

    def _playable(self, state: PlainWhistState, seat: int) -> tuple[Card, ...]:
        return legal_plays(state.round.hands[seat], state.round.trick)

    def _unplayable(self, state: PlainWhistState, seat: int, card: Card) -> kit.Problem:
        return kit.follow_problem(seat, _led(state.round.trick), state.trump, "follow suit")

    def _play(self, state: PlainWhistState, play: Play) -> PlainWhistState:
        history = state.history.append(play)
        played, done = kit.play_card(state, play, history, _trick_strength, state.trump)
        if done is None or played.round.hands[0]:  # cards left: the deal goes on
            return played
        team, points = _odd_tricks(played.round.won)
        scores = kit.add_at(kit.add_at(state.scores, team, points), team + 2, points)
        over = max(scores) >= state.config.target
        phase = PlainWhistPhase.OVER if over else PlainWhistPhase.DEAL
        return attrs.evolve(played, phase=phase, scores=scores)

    def _view_values(self, state: PlainWhistState, seat: int) -> tuple[object, ...]:
        return (state.config,)


RULES = PlainWhistRules()
"""The one instance of PlainWhistRules; its methods are the game's engine functions."""


class PlainWhistBot(kit.ViewBot[PlainWhistView]):
    """Wins a trick its partner is not winning, as cheaply as it can; else it ducks."""

    view_type = PlainWhistView
    game = "Plain Whist"

    def choose(self, view: PlainWhistView, legal: tuple[Action, ...]) -> Action:
        """The chosen play."""
        trick, trump = view.trick, view.trump

        def winner(trick: Trick) -> int:
            return trick_winner(trick, trump)

        partner_wins = bool(trick.plays) and winner(trick) == (view.seat + 2) % PLAYERS
        power = kit.power_table(
            (PlainWhistBot, trump), lambda c: kit.rank_index(c) + 20 * (c.suit is trump), DECK
        )
        plays = [action for action in legal if isinstance(action, Play)]
        last = len(trick.plays) == PLAYERS - 1
        return kit.choose_play(
            plays, trick, want_win=not partner_wins, power=power, winner=winner, last=last
        )


def _layout(view: PlainWhistView, config: PlainWhistConfig) -> WorldLayout:
    """The other three hands are hidden; a seat that did not follow suit holds none of it."""
    over = view.phase in (PlainWhistPhase.DEAL, PlainWhistPhase.OVER)
    plays = kit.plays_of(view.trick, view.tricks)
    return kit.deal_layout(view, config, follow=legal_plays, actions=plays, complete=over)


def _extras(view: PlainWhistView) -> TableExtras:
    trump = "none yet" if view.trump is None else view.trump.name.lower()
    teams = f"teams: 0 & 2 {view.scores[0]}, 1 & 3 {view.scores[1]}"
    return TableExtras(lines=(kit.deal_line("deal", view.round_number), f"trump {trump}", teams))


SUMMARY = """\
Plain Whist (4 players in two partnerships, 0 & 2 against 1 & 3; 52 cards, 13 each)

Trumps go round: hearts, diamonds, spades, clubs. Follow suit if you can; the highest
trump wins, else the highest card of the suit led. The side with more tricks scores one
point per trick over six; the first side to the target (5) wins.
"""

GAME = tt.Game(
    name=NAME,
    title="Plain Whist",
    config_type=PlainWhistConfig,
    state_type=PlainWhistState,
    rules=RULES,
    view_type=PlainWhistView,
    summary=SUMMARY,
    team_count=2,
    heuristic_bot=PlainWhistBot,
    worlds=WorldsPlugin.typed(PlainWhistView, PlainWhistConfig, kit.view_config, _layout),
    render_extras=for_views_of(PlainWhistView, _extras),
)
"""Plain Whist, as the registry knows it."""

if NAME not in tt.available_games():  # importing the example twice registers it once
    tt.register_game(GAME)


if __name__ == "__main__":
    from tricktaking.simulate import simulate

    print(simulate(PlainWhistConfig(), ["heuristic", "random"] * 2, games=20, seed=7).table())
