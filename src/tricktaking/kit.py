"""The game kit: the rules class every game is written on, and the helpers its rules use.

A game is a subclass of :class:`GameRules` and one instance of it. The class states what
the game is (its title, its configuration, state and view classes, its action classes
and the phases that deal, play and end it) beside the hooks that state its rules:

- ``_new_state(config)``: the state before the first deal;
- ``_deal_from(state, seed)``: the deal a seed gives (:func:`deal_round` deals a deck);
- ``_legal(state)``: the legal actions, in the game's documented order;
- ``_to_act(state)``: the seat to act in a phase that is neither deal nor play;
- ``_playable(state, seat)`` and ``_unplayable(state, seat, card)``: the cards the seat
  to play may play now, and why another card it holds may not be played;
- ``_problem(state, action)``: why another action of the game's is illegal, or ``None``;
- ``_deal_problem(state, deal)``: why a deal is illegal when one is due, or ``None``
  (:func:`deal_problem` says it for a deck);
- ``_play(state, play)``, ``_dealt(state, deal)`` and ``_advance(state, action)``: the
  state after a legal play, a legal deal, and any other legal action.

A few more have defaults: ``_winners``, ``_view_values``, ``_parse_own``, ``_table_zones``
and ``_hidden_changes``. From the hooks, :class:`GameRules` writes once, as plain methods,
what every game answers: :meth:`~GameRules.apply`, :meth:`~GameRules.check` and
:meth:`~GameRules.legal_actions` (with its memo), :meth:`~GameRules.actor`,
:meth:`~GameRules.view`, :meth:`~GameRules.is_over`, :meth:`~GameRules.scores`,
:meth:`~GameRules.winners`, :meth:`~GameRules.parse_action`, :meth:`~GameRules.zones`
and :meth:`~GameRules.with_zones`, and the checks every action passes first: its class
must be exactly one of the game's action classes and its fields exactly the library's
types (the *door*), and a deal must hold exactly the game's deck in the right sizes.

A game's module then exports these as functions bound to its one instance
(``apply = RULES.apply``), so ``wizard.apply(state, action)`` is the rules' own method,
precisely typed, with nothing between.

The state of a kit game extends :class:`State` (the deal in progress, held so that a
played card makes one new state) and is decorated with :func:`state_class`.

Example:
    >>> from tricktaking import kit
    >>> from tricktaking.games import wizard
    >>> isinstance(wizard.RULES, kit.GameRules), wizard.apply == wizard.RULES.apply
    (True, True)
    >>> state = wizard.new_game(wizard.WizardConfig(players=3))
    >>> state = wizard.apply(state, wizard.deal(state, seed=1))
    >>> wizard.legal_actions(state) is wizard.legal_actions(state)  # listed once per state
    True
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar, cast, get_type_hints

import attrs

from tricktaking._dealt import made_from
from tricktaking._fast import constructor, replacer, short_cut_eq, slot_setter
from tricktaking._fields import MAX_TARGET, exact_int, exact_options, library_card, member_of
from tricktaking._flat_round import (
    FlatRound,
    Parts,
    flat_round_state,
    is_flat_round_state,
    play_card,
    start_round,
    with_leader,
)
from tricktaking._table import (
    actions_for,
    add_at,
    card_actions,
    deal_round,
    dealt_hands,
    hooked_bid,
    ladder,
    next_dealer,
    replace_at,
    require_deal,
    strength_tables,
    top_seats,
    trick_winner,
    without_card,
)
from tricktaking._table_words import deal_line, last_calls
from tricktaking._tactics import choose_play, power_table, rank_index, winning_and_losing
from tricktaking._validation import (
    Problem,
    choice_option,
    deal_problem,
    follow_problem,
    int_option,
    not_playing,
    seat_option,
    sorted_orders,
    turn_problem,
)
from tricktaking._world_layout import (
    deal_layout,
    dealing_builder,
    deck_of,
    first_deal,
    hand_dealer,
    hidden_cards,
    hidden_hands,
    plays_of,
    replayer,
    seen_cards,
    view_config,
    voids,
)
from tricktaking.actions import (
    CHANCE,
    Action,
    Chance,
    Deal,
    SeatAction,
    parse_core_action,
    parse_number,
    parse_seat,
    token_text,
)
from tricktaking.arguments import is_exact_int
from tricktaking.cards import Card, _Token, is_card
from tricktaking.errors import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    NotationError,
    TricktakingError,
    Violation,
    safe_repr,
)
from tricktaking.plugins import FORGED_VIEW_ERRORS, ActionIndex, forged_view_error, legal_choices
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick, left_of
from tricktaking.views import (
    TABLE_FIELDS,
    PlayerView,
    Zone,
    check_zone_names,
    hand_zones,
    played_zones,
    replaced_hands,
    table_values,
)

__all__ = [
    "MAX_TARGET",
    "GameEnum",
    "GameRules",
    "Phase",
    "Problem",
    "State",
    "ViewBot",
    "actions_for",
    "add_at",
    "card_actions",
    "choice_option",
    "choose_play",
    "copier",
    "deal_layout",
    "deal_line",
    "deal_problem",
    "deal_round",
    "dealing_builder",
    "dealt_hands",
    "deck_of",
    "empty_round",
    "exact_int",
    "exact_options",
    "first_deal",
    "follow_problem",
    "hand_dealer",
    "hidden_cards",
    "hidden_hands",
    "hooked_bid",
    "illegal_action",
    "int_option",
    "ladder",
    "last_calls",
    "library_card",
    "member_of",
    "name_range",
    "next_dealer",
    "not_playing",
    "parse_bid",
    "play_card",
    "plays_of",
    "power_table",
    "rank_index",
    "replace_at",
    "replayer",
    "require_deal",
    "seat_option",
    "seen_cards",
    "sorted_orders",
    "start_round",
    "state_class",
    "strength_tables",
    "top_seats",
    "trick_winner",
    "turn_problem",
    "view_config",
    "voids",
    "winning_and_losing",
    "with_leader",
    "without_card",
]

_T = TypeVar("_T")
_S = TypeVar("_S", bound="_Table")
_St = TypeVar("_St", bound="State")
_C = TypeVar("_C")
_A = TypeVar("_A")
_V = TypeVar("_V")

# ---------------------------------------------------------------------------------------
# The phases and the state


class GameEnum(_Token):
    """The base of a game's own enums: the same ``repr`` on every Python, a hash by identity.

    As for the library's suits and ranks: a member is a singleton, and rule tables are keyed
    by members, so they hash in C rather than by their name.

    Example:
        >>> from tricktaking import kit
        >>> class Mode(kit.GameEnum):
        ...     UPTOWN = "uptown"
        ...     NO_TRUMP = "no_trump"
        >>> Mode.NO_TRUMP, {Mode.UPTOWN: 0, Mode.NO_TRUMP: 1}[Mode("no_trump")]
        (<Mode.NO_TRUMP: 'no_trump'>, 1)
    """


class Phase(GameEnum):
    """The base of a game's phase enum, a :class:`GameEnum`.

    Example:
        >>> from tricktaking import kit
        >>> class CountPhase(kit.Phase):
        ...     DEAL = "deal"
        ...     OVER = "over"
        >>> CountPhase.OVER
        <CountPhase.OVER: 'over'>
    """


@attrs.frozen(kw_only=True, eq=False, repr=False)
class State(FlatRound):
    """The base class of a kit game's state: the deal in progress, and the legal actions.

    A state holds the parts of its deal (the hands, the trick in progress, the tricks
    played) as its own fields and builds the public ``state.round``, a
    :class:`~tricktaking.rounds.Round`, the first time it is read; it is built with
    ``round=...`` like any state. It also keeps the legal actions
    :meth:`GameRules.legal_actions` listed for it, which take no part in its value.

    A game's state class extends it with the game's own fields, among them ``config``,
    ``phase``, ``trump``, ``scores`` and ``history`` (every action applied, a
    :class:`~tricktaking.history.History`), and is decorated with
    :func:`state_class` over ``attrs.frozen(kw_only=True, cache_hash=True, repr=False)``.
    :func:`play_card`, :func:`start_round`, :func:`with_leader` and :func:`copier` make
    the next state from it in one copy.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> isinstance(state, kit.State), state.round.number, state.round.dealer
        (True, 0, 0)
    """

    _legal: tuple[Any, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)


_remember = slot_setter(State, "_legal")


def state_class(cls: type[_St]) -> type[_St]:
    """Prepare a game's state class (an ``attrs`` class extending :class:`State`).

    Equality then short-cuts: a state equals itself at once, and once both states are
    hashed, unequal hashes are unequal states (a search's transposition table compares
    states with long histories). And the kit's fast copies of the class are made once, for
    :func:`play_card` and the other steps that make a new state.

    Raises:
        TypeError: If ``cls`` is not an ``attrs`` subclass of :class:`State` with
            ``cache_hash=True`` and without a ``repr`` of its own (``State`` shows the round).

    Example:
        >>> import attrs
        >>> from tricktaking import kit
        >>> from tricktaking.history import History
        >>> @kit.state_class
        ... @attrs.frozen(kw_only=True, cache_hash=True, repr=False)
        ... class CountState(kit.State):
        ...     count: int = 0
        ...     history: History[object] = History()
        >>> CountState(count=1) == CountState(count=1), CountState(count=2).count
        (True, 2)
    """
    given: object = cls  # anything may be decorated: say so if it is not a state class
    if not (isinstance(given, type) and issubclass(given, State) and attrs.has(given)):
        raise TypeError(f"{cls!r} is not an attrs class extending kit.State")
    if "_attrs_cached_hash" not in getattr(cls, "__slots__", ()):
        raise TypeError(f"{cls.__name__} needs attrs.frozen(..., cache_hash=True)")
    if "__repr__" in vars(cls):
        raise TypeError(f"{cls.__name__} needs attrs.frozen(..., repr=False)")
    return flat_round_state(short_cut_eq(cls))


def copier(cls: type[_T], *fields: str) -> Callable[..., _T]:
    """A function that copies a state of ``cls`` with some fields changed, by keyword.

    ``copier(cls)`` changes any fields (``attrs.evolve`` without its overhead);
    ``copier(cls, "phase", "bids")`` changes exactly these, each a required keyword: the
    cheapest copy, for a step every deal takes. Neither runs validators, and both forget
    the memo of legal actions and the cached hash.

    Raises:
        TypeError: If a name is not a field of ``cls``.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> with_bids = kit.copier(tt.WizardState, "bids")
        >>> with_bids(state, bids=(0, 1, None)).bids, state.bids
        ((0, 1, None), (None, None, None))
    """
    return replacer(cls, *fields)


def empty_round(dealer: int, players: int) -> Round:
    """Deal 0: no cards dealt yet, and the seat left of ``dealer`` to lead.

    Example:
        >>> from tricktaking import kit
        >>> rnd = kit.empty_round(3, 4)
        >>> rnd.number, rnd.hands, rnd.trick.leader, rnd.won
        (0, ((), (), (), ()), 0, (0, 0, 0, 0))
    """
    return Round(
        number=0, dealer=dealer, hands=((),) * players, trick=Trick(leader=left_of(dealer, players))
    )


class _Table(Parts, Protocol):
    """What the kit reads of every game's state: a :class:`State` with the game's fields."""

    @property
    def phase(self) -> enum.Enum: ...
    @property
    def trump(self) -> Any: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def round(self) -> Round: ...
    @property
    def _legal(self) -> tuple[Any, ...] | None: ...


# ---------------------------------------------------------------------------------------
# The rules


class GameRules(Generic[_S, _C, _A, _V]):
    """The rules of one game: the engine's functions, written once over the game's hooks.

    The type parameters are the game's state, configuration, action and view types. A
    subclass sets the class attributes below and the hooks of the module docstring;
    building it (once, at the end of the game's module) prepares the door and the view.

    Attributes:
        title: The game's name for people, in messages (``"Wizard"``).
        article: ``"a"`` or ``"an"``, before the title in messages.
        config_type: The configuration class; ``new_game`` takes only its instances.
        state_type: The state class (see :func:`state_class`).
        view_type: The view class, built from the table fields and ``view_fields``.
        view_fields: The names of the view's own fields, in the order ``_view_values``
            gives their values.
        actions: The game's action classes, exactly: an object of any other class,
            even a subclass, is an unknown action.
        deal_phase: The phase in which the next action is the chance deal.
        play_phase: The phase of trick play.
        over_phase: The phase after the game.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games import bid_whist
        >>> rules = bid_whist.RULES
        >>> isinstance(rules, kit.GameRules), rules.title, rules.play_phase
        (True, 'Bid Whist', <BidWhistPhase.PLAY: 'play'>)
    """

    title: str
    article: str = "a"
    config_type: type[_C]
    state_type: type[_S]
    view_type: type[_V]
    view_fields: tuple[str, ...] = ()
    actions: tuple[type, ...]
    deal_phase: enum.Enum
    play_phase: enum.Enum
    over_phase: enum.Enum

    def __init__(self) -> None:
        if not is_flat_round_state(self.state_type):
            raise TypeError(f"decorate {self.state_type.__name__} with @kit.state_class")
        self._own_actions = frozenset(self.actions)
        self._fields = {cls: _field_types(cls) for cls in self.actions if cls is not Deal}
        self._make_view: Callable[..., _V] = constructor(
            self.view_type, *TABLE_FIELDS, *self.view_fields
        )
        self._copy: Callable[..., _S] = replacer(self.state_type)

    # -----------------------------------------------------------------------------------
    # What every game answers

    def new_game(self, config: _C) -> _S:
        """A new game before the first deal; the actor is ``CHANCE``.

        Raises:
            TypeError: If ``config`` is not the game's configuration.

        Example:
            >>> from tricktaking.games import wizard
            >>> wizard.new_game(wizard.WizardConfig(players=3)).phase
            <WizardPhase.DEAL: 'deal'>
        """
        if not isinstance(config, self.config_type):
            kind = self.config_type.__name__
            raise TypeError(f"new_game needs a {kind}, not {type(config).__name__}")
        return self._new_state(config)

    def deal(self, state: _S, seed: int) -> Deal:
        """The next deal: the game's deck shuffled by ``seed`` and dealt by its rules.

        Pure and version-stable: the same state and seed give the same deal everywhere.

        Raises:
            IllegalActionError: If the next action is not a deal.

        Example:
            >>> from tricktaking.games import wizard
            >>> state = wizard.new_game(wizard.WizardConfig(players=4))
            >>> d = wizard.deal(state, seed=42)
            >>> [len(hand) for hand in d.hands], len(d.stock), d == wizard.deal(state, 42)
            ([1, 1, 1, 1], 56, True)
        """
        require_deal(state.phase, self.deal_phase, self.over_phase)
        return self._deal_from(state, seed)

    def legal_actions(self, state: _S) -> tuple[_A, ...]:
        """The legal actions of the seat to act; ``()`` at a deal and after the game.

        Each distinct action once, in the game's documented order, and the same objects
        every time: they are listed once per state and kept on it.

        Example:
            >>> from tricktaking.games import oh_hell
            >>> state = oh_hell.new_game(oh_hell.OhHellConfig(hand_size=2, first_dealer=0))
            >>> oh_hell.legal_actions(state)
            ()
            >>> state = oh_hell.apply(state, oh_hell.deal(state, seed=3))
            >>> [str(action) for action in oh_hell.legal_actions(state)]
            ['1 bid 0', '1 bid 1', '1 bid 2']
        """
        listed = state._legal
        if listed is None:
            listed = self._legal(state)
            _remember(state, listed)
        return listed

    def check(self, state: _S, action: Action) -> Violation | None:
        """Why ``action`` is illegal in ``state``, or ``None``: the verdict of :meth:`apply`.

        Example:
            >>> from tricktaking.games import wizard
            >>> wizard.check(wizard.new_game(wizard.WizardConfig(players=3)), wizard.Bid(1, 0))
            <Violation.WRONG_PHASE: 'wrong_phase'>
        """
        found = self._verdict(state, action)
        return None if found is None else found[0]

    def apply(self, state: _S, action: Action) -> _S:
        """The state after ``action``, validated; ``state`` is unchanged.

        Trick, deal and game scoring happen here, with no extra action. An action that
        :meth:`legal_actions` listed for this state is legal in it, so it is applied
        without being checked again; any other object, even an equal one, is checked in
        full first, with the verdict of :meth:`check`.

        Raises:
            IllegalActionError: If the action is illegal, with its
                :class:`~tricktaking.errors.Violation`.

        Example:
            >>> from tricktaking.games import wizard
            >>> state = wizard.new_game(wizard.WizardConfig(players=3))
            >>> wizard.apply(state, wizard.Bid(1, 0))
            Traceback (most recent call last):
            ...
            tricktaking.errors.IllegalActionError: seat 1: '1 bid 0' is illegal in the deal ...
        """
        # An action is any object until it has passed the door: read it as Any here,
        # where a cast per call would cost a function call on every action of a playout.
        act: Any = action
        listed = state._legal
        if listed is not None:
            for legal in listed:
                if legal is act:
                    if act.__class__ is Play:
                        return self._play(state, act)
                    return self._advance(state, act)
        found = self._verdict(state, act)
        if found is not None:
            raise illegal_action(found, act, state.phase)
        cls = act.__class__
        if cls is Play:
            return self._play(state, act)
        if cls is Deal:
            return self._dealt(state, act)
        return self._advance(state, act)

    def actor(self, state: _S) -> int | Chance | None:
        """The seat to act, ``CHANCE`` when a deal is due, ``None`` when the game is over.

        Example:
            >>> from tricktaking.games import one_card
            >>> one_card.actor(one_card.new_game(one_card.OneCardConfig(players=2)))
            <Chance.CHANCE: 'chance'>
        """
        phase = state.phase
        if phase is self.play_phase:
            return state._turn
        if phase is self.deal_phase:
            return CHANCE
        if phase is self.over_phase:
            return None
        return self._to_act(state)

    def view(self, state: _S, seat: int) -> _V:
        """What ``seat`` may see: its own hand, the game's public fields, never a hidden card.

        Raises:
            ArgumentTypeError: If ``seat`` is not an ``int``.
            ArgumentError: If ``seat`` is not a seat of this game.

        Example:
            >>> from tricktaking.games import wizard
            >>> state = wizard.new_game(wizard.WizardConfig(players=3))
            >>> v = wizard.view(wizard.apply(state, wizard.deal(state, seed=3)), 1)
            >>> len(v.hand), v.hand_sizes, v.actor
            (1, (1, 1, 1), 1)
        """
        players = len(state._hands)
        # is_exact_int, inline: a view is built for every decision of every bot
        if type(seat) is not int or not 0 <= seat < players:
            raise _not_a_seat(seat, players)
        return self._make_view(
            *table_values(state, seat, self.actor(state), self.legal_actions(state)),
            *self._view_values(state, seat),
        )

    def is_over(self, state: _S) -> bool:
        """Whether the game has ended.

        Example:
            >>> from tricktaking.games import wizard
            >>> wizard.is_over(wizard.new_game(wizard.WizardConfig(players=3)))
            False
        """
        return state.phase is self.over_phase

    def scores(self, state: _S) -> tuple[int, ...]:
        """Cumulative scores, one per seat.

        Example:
            >>> from tricktaking.games import bid_whist
            >>> bid_whist.scores(bid_whist.new_game(bid_whist.BidWhistConfig()))
            (0, 0, 0, 0)
        """
        return state.scores

    def winners(self, state: _S) -> tuple[int, ...]:
        """The winning seats, ascending, once the game is over; ``()`` until then.

        Example:
            >>> from tricktaking.games import wizard
            >>> wizard.winners(wizard.new_game(wizard.WizardConfig(players=4)))
            ()
        """
        if state.phase is not self.over_phase:
            return ()
        return self._winners(state)

    def parse_action(self, text: str) -> _A:
        """The action of this game whose canonical token (``str(action)``) is ``text``.

        Raises:
            NotationError: If the text is not the token of an action of this game.

        Example:
            >>> from tricktaking.games import wizard
            >>> wizard.parse_action("2 bid 3"), wizard.parse_action("0 play 10h")
            (Bid(seat=2, tricks=3), Play(seat=0, card=Card(Rank.TEN, Suit.HEARTS)))
        """
        action: object = self._parse_own(token_text(text))
        if action is None:
            action = parse_core_action(text)
        if action.__class__ not in self._own_actions:
            raise NotationError(f"{safe_repr(text)} is not {self.article} {self.title} action")
        parsed: _A = action  # type: ignore[assignment]  # one of the game's own classes
        return parsed

    def zones(self, state: _S) -> tuple[Zone, ...]:
        """Where every card of the deal lies, and who may see it.

        Each hand is seen by its owner and played cards by everyone; the game's other
        zones (a stock, a kitty) come between.

        Example:
            >>> from tricktaking.games import one_card
            >>> state = one_card.new_game(one_card.OneCardConfig(players=2))
            >>> [zone.name for zone in one_card.zones(state)]
            ['hand 0', 'hand 1', 'centre', 'trick', 'tricks']
        """
        rnd = state.round
        return (
            *hand_zones(rnd.hands),
            *self._table_zones(state),
            *played_zones(rnd.trick, rnd.tricks),
        )

    def with_zones(self, state: _S, cards: Mapping[str, tuple[Card, ...]]) -> _S:
        """A copy of ``state`` with the cards of some hidden zones replaced.

        For tests of what views reveal: the result need not be reachable by play.

        Raises:
            ValueError: If a zone is unknown or public, or gets a different number of cards.

        Example:
            >>> from tricktaking.games import wizard
            >>> state = wizard.new_game(wizard.WizardConfig(players=3))
            >>> state = wizard.apply(state, wizard.deal(state, seed=1))
            >>> swapped = wizard.with_zones(state, {"hand 0": state.round.hands[1],
            ...                                     "hand 1": state.round.hands[0]})
            >>> swapped.round.hands[0] == state.round.hands[1]
            True
        """
        check_zone_names(cards, self.zones(state))
        return self._copy(
            state,
            _hands=replaced_hands(cards, state._hands),
            **self._hidden_changes(state, cards),
        )

    # -----------------------------------------------------------------------------------
    # The checks every action passes

    def _verdict(self, state: _S, action: Any) -> Problem | None:
        """The door, then the game's own checks: the one verdict of ``check`` and ``apply``."""
        cls = action.__class__
        if cls is Play:  # exactly Play: its fields are read once, here
            seat, card = action.seat, action.card
            if not is_exact_int(seat) or not is_card(card):
                return Violation.UNKNOWN_ACTION, "the Play has a field of the wrong type"
            return self._play_problem(state, seat, card)
        if cls not in self._own_actions:
            return Violation.UNKNOWN_ACTION, f"{cls.__name__[:40]} is not an action of this game"
        if not (
            _deal_is_well_formed(action)
            if cls is Deal
            else all(_is_exactly(getattr(action, name), kind) for name, kind in self._fields[cls])
        ):
            return Violation.UNKNOWN_ACTION, f"the {cls.__name__} has a field of the wrong type"
        phase = state.phase
        if phase is self.over_phase:
            return Violation.GAME_OVER, "the game is over"
        if cls is Deal:
            if phase is not self.deal_phase:
                return Violation.WRONG_PHASE, "no deal is due"
            return self._deal_problem(state, action)
        return self._problem(state, action)

    def _play_problem(self, state: _S, seat: int, card: Card) -> Problem | None:
        """Why ``seat`` may not play ``card`` now: the phase, the turn, the hand, the rules."""
        phase = state.phase
        if phase is not self.play_phase:
            return not_playing(phase is self.over_phase)
        turn = state._turn
        if seat != turn:
            return turn_problem(seat, turn, "play")
        if card not in state._hands[seat]:
            return Violation.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}"
        if card in self._playable(state, seat):
            return None
        return self._unplayable(state, seat, card)

    # -----------------------------------------------------------------------------------
    # The game's hooks

    def _new_state(self, config: _C) -> _S:
        """The state before the first deal (``config`` is the game's)."""
        raise NotImplementedError

    def _deal_from(self, state: _S, seed: int) -> Deal:
        """The deal ``seed`` gives, in the deal phase."""
        raise NotImplementedError

    def _legal(self, state: _S) -> tuple[_A, ...]:
        """The legal actions, in the documented order (:meth:`legal_actions` keeps them)."""
        raise NotImplementedError

    def _to_act(self, state: _S) -> int | Chance | None:
        """The seat to act in a phase other than the deal, the play and the end."""
        raise NotImplementedError

    def _playable(self, state: _S, seat: int) -> tuple[Card, ...]:
        """The cards ``seat``, the seat to play, may play now, in hand order."""
        raise NotImplementedError

    def _unplayable(self, state: _S, seat: int, card: Card) -> Problem:
        """Why ``seat`` may not play ``card``, which it holds and which is not playable."""
        raise NotImplementedError

    def _problem(self, state: _S, action: _A) -> Problem | None:
        """Why an action of the game's own (neither a play nor a deal) is illegal, or ``None``.

        The door has checked its class and the types of its fields, and the game is not over.
        """
        raise NotImplementedError

    def _deal_problem(self, state: _S, deal: Deal) -> Problem | None:
        """Why a well-formed ``deal`` is illegal in the deal phase, or ``None``."""
        raise NotImplementedError

    def _play(self, state: _S, play: Play) -> _S:
        """The state after a legal play (:func:`play_card`, and what the trick decides)."""
        raise NotImplementedError

    def _dealt(self, state: _S, deal: Deal) -> _S:
        """The state after a legal deal (:func:`start_round`, and what the deal decides)."""
        raise NotImplementedError

    def _advance(self, state: _S, action: _A) -> _S:
        """The state after a legal action of the game's own (neither a play nor a deal)."""
        raise NotImplementedError

    def _winners(self, state: _S) -> tuple[int, ...]:
        """The winners of a game that is over: by default every seat with the top total."""
        return top_seats(self.scores(state))

    def _view_values(self, state: _S, seat: int) -> tuple[object, ...]:
        """The values of the view's own fields for ``seat``, in the order of ``view_fields``."""
        return ()

    def _parse_own(self, text: str) -> _A | None:
        """The game's own action whose token is ``text``, or ``None`` for a core token."""
        return None

    def _table_zones(self, state: _S) -> tuple[Zone, ...]:
        """The zones of the deal besides the hands and the played cards (a stock, a kitty)."""
        return ()

    def _hidden_changes(self, state: _S, cards: Mapping[str, tuple[Card, ...]]) -> dict[str, Any]:
        """The fields :meth:`with_zones` changes for the zones of :meth:`_table_zones`."""
        return {}


# ---------------------------------------------------------------------------------------
# A game's own tokens


def parse_bid(text: str, bid: Callable[[int, int], _T], example: str) -> _T | None:
    """The bid ``bid(seat, number)`` whose token is ``text``: ``"<seat> bid <number>"``.

    ``None`` if ``text`` is not a bid token (three words, the second ``bid`` in any case),
    so that :meth:`GameRules.parse_action` reads it as a core token; ``example``, a bid of
    the game, begins the message of a bid token that does not read.

    Raises:
        NotationError: If the seat or the number of a bid token is not a number.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games.one_card import Bid
        >>> kit.parse_bid("1 BID 9", Bid, "a bid"), kit.parse_bid("1 pass", Bid, "a bid")
        (Bid(seat=1, points=9), None)
        >>> kit.parse_bid("1 bid nine", Bid, "a One Card bid such as '1 bid 9'")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: not a One Card bid such as '1 bid 9': 'nine' is not ...
    """
    words = text.split()
    if len(words) != 3 or words[1].lower() != "bid":
        return None
    try:
        return bid(parse_seat(words[0]), parse_number(words[2], "bid"))
    except NotationError as error:
        raise NotationError(f"not {example}: {error}") from None


# ---------------------------------------------------------------------------------------
# The learning plug-in


@functools.cache
def name_range(space: ActionIndex, first: str, last: str) -> tuple[int, int]:
    """The index range ``[start, stop)`` of the actions named ``first`` … ``last``.

    A learning plug-in's one-hot field of a run of calls (the bids of an auction, say)
    covers ``stop - start`` indexes of ``space`` from ``start``.

    Raises:
        ValueError: If ``space`` names no action ``first`` or ``last``.

    Example:
        >>> from tricktaking.kit import name_range
        >>> from tricktaking.rl import action_space
        >>> start, stop = name_range(action_space("one-card", 3), "bid 7", "bid 15")
        >>> stop - start
        9
    """
    return space.names.index(first), space.names.index(last) + 1


# ---------------------------------------------------------------------------------------
# The heuristic bot


class ViewBot(Generic[_V]):
    """The base of a game's heuristic bot: it acts on that game's views, and only those.

    A subclass sets ``view_type`` and ``game`` (the game's title, for messages) and writes
    ``choose``. :meth:`act` refuses a view of another game, a view whose fields do not
    fit it (as :func:`~tricktaking.plugins.refusing_forged_views` does) and a seat with
    nothing to do (``plugins.legal_choices``), then lets ``choose`` pick a legal action.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games.one_card import OneCardView
        >>> import tricktaking as tt
        >>> class FirstBot(kit.ViewBot[OneCardView]):
        ...     view_type, game = OneCardView, "One Card"
        ...     def choose(self, view, legal):
        ...         return legal[0]
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> FirstBot(seed=1).act(tt.view(state, 1))
        Pass(seat=1)
        >>> FirstBot().act(tt.view(tt.new_game(tt.WizardConfig(players=3)), 0))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentTypeError: FirstBot plays One Card, not WizardView
    """

    view_type: type[_V]
    game: str

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        """The action the bot takes in ``view``, one of its legal actions.

        Raises:
            ArgumentTypeError: If ``view`` is not a view of the bot's game.
            ArgumentError: If the seat has no legal action, or the view's fields do not
                fit its game.
        """
        # refusing_forged_views, written out: a bot acts in every step of every playout
        try:
            if not isinstance(view, self.view_type):
                kind = type(view).__name__[:40]
                raise ArgumentTypeError(f"{type(self).__name__} plays {self.game}, not {kind}")
            return self.choose(view, legal_choices(view))
        except TricktakingError:
            raise
        except FORGED_VIEW_ERRORS as error:
            raise forged_view_error(view, error) from error

    def choose(self, view: _V, legal: tuple[Action, ...]) -> Action:
        """The action to take among ``legal``, the view's legal actions (at least one)."""
        raise NotImplementedError


# ---------------------------------------------------------------------------------------
# The door and the error


def _field_types(cls: type) -> tuple[tuple[str, type], ...]:
    """Each field of an action class and its type, which a value must have exactly."""
    hints = get_type_hints(cls)
    fields: list[tuple[str, type]] = []
    for field in attrs.fields(cls):
        kind = hints[field.name]
        if not (
            kind is int or kind is Card or (isinstance(kind, type) and issubclass(kind, enum.Enum))
        ):
            # a new field type must be taught to the door
            raise TypeError(f"{cls.__name__}.{field.name}: no exact-type test for {kind!r}")
        fields.append((field.name, kind))
    return tuple(fields)


def _is_exactly(value: object, kind: type) -> bool:
    """Whether ``value`` is exactly of ``kind``: an int, a member, one of the library's cards."""
    return is_card(value) if kind is Card else type(value) is kind


def _deal_is_well_formed(deal: Deal) -> bool:
    if made_from(deal) is not None:  # made by the engine from a deck (see deal_round)
        return True
    hands, stock, dealer = deal.hands, deal.stock, deal.dealer
    if type(hands) is not tuple or type(stock) is not tuple:
        return False
    if dealer is not None and not is_exact_int(dealer):
        return False
    for hand in hands:
        if type(hand) is not tuple or not all(map(is_card, hand)):
            return False
    return all(map(is_card, stock))


def _seat_text(seat: int) -> str:
    # str() of an int past 4,300 digits raises; no real seat is that long anyway
    return str(seat) if -1000 < seat < 1000 else "(out of range)"


def _token(action: object) -> str:
    """The action's token for a message, never raising and never long."""
    try:
        text = str(action)
    except Exception:  # a field that cannot be printed (a 5,000-digit int)
        return f"a {action.__class__.__name__[:40]}"
    return text if len(text) <= 80 else text[:77] + "..."


def illegal_action(problem: Problem, action: object, phase: enum.Enum) -> IllegalActionError:
    """The :class:`~tricktaking.errors.IllegalActionError` for ``action``'s ``problem``.

    The message names the seat, the action's token, the phase and the reason, and never
    calls a foreign object's ``__str__`` (it may raise or lie) nor echoes a deal's cards.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.actions import Pass
        >>> from tricktaking.errors import Violation
        >>> from tricktaking.games.one_card import OneCardPhase
        >>> error = kit.illegal_action((Violation.NOT_YOUR_TURN, "it is seat 2's turn"),
        ...                            Pass(1), OneCardPhase.BID)
        >>> print(error)
        seat 1: '1 pass' is illegal in the bid phase: it is seat 2's turn
        >>> error.violation, error.seat
        (<Violation.NOT_YOUR_TURN: 'not_your_turn'>, 1)
    """
    violation, reason = problem
    name = phase.value
    if violation is Violation.UNKNOWN_ACTION:
        return IllegalActionError(f"{reason} (in the {name} phase)", violation, action, None)
    if action.__class__ is Deal:
        # A deal's token lists every hand, so it is never echoed into a message.
        return IllegalActionError(
            f"the deal is illegal in the {name} phase: {reason}", violation, action, None
        )
    seat = cast("SeatAction", action).seat
    message = (
        f"seat {_seat_text(seat)}: {_token(action)!r} is illegal in the {name} phase: {reason}"
    )
    return IllegalActionError(message, violation, action, seat)


def _not_a_seat(seat: object, players: int) -> ArgumentError:
    """The error for a ``seat`` that names no seat of a game of ``players`` seats."""
    if type(seat) is not int:
        return ArgumentTypeError(f"seat must be an int 0 to {players - 1}, not {safe_repr(seat)}")
    return ArgumentError(f"seat must be 0 to {players - 1}, not {seat}")
