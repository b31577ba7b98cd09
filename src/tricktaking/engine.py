"""The engine contract: the Rules protocol, the registry and the top-level functions.

The top-level functions dispatch to the registered game of the state they are given.

Every game's rules (``tricktaking.games.wizard.RULES`` and the others, instances of
:class:`~tricktaking.kit.GameRules`) implement :class:`Rules`, and each game module
exports their methods with precise types. The top-level functions here accept a state of
any registered game.

Example:
    >>> from tricktaking.engine import available_games
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=3))
    >>> tt.actor(state) is tt.CHANCE
    True
    >>> state = tt.apply(state, tt.deal(state, seed=1))
    >>> tt.actor(state)
    1
    >>> available_games()
    ('bid-whist', 'oh-hell', 'one-card', 'wizard')
"""

from __future__ import annotations

import enum
import functools
import importlib.metadata
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import attrs

from tricktaking.actions import CHANCE, Action, Chance, Deal
from tricktaking.errors import (
    ArgumentError,
    ArgumentTypeError,
    ConfigError,
    UnknownGameError,
    Violation,
    safe_repr,
)
from tricktaking.history import History
from tricktaking.plugins import (
    BotFactory,
    LearningSpec,
    NotationWords,
    TableExtras,
    TerminalPlugin,
    WorldsPlugin,
)
from tricktaking.tricks import Trick
from tricktaking.views import PlayerView

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tricktaking.cards import Card, Suit
    from tricktaking.rounds import Round
    from tricktaking.views import Zone

__all__ = [
    "ENTRY_POINT_GROUP",
    "Action",
    "Game",
    "GameState",
    "PlayerView",
    "Rules",
    "actor",
    "apply",
    "available_games",
    "check",
    "completed_trick",
    "deal",
    "deal_ended",
    "game_of",
    "game_of_action",
    "game_of_view",
    "get_game",
    "is_over",
    "legal_actions",
    "new_game",
    "register_game",
    "scores",
    "view",
    "winners",
]

_A_co = TypeVar("_A_co", covariant=True)
_A = TypeVar("_A")
_S = TypeVar("_S", bound="GameState[object]")
_C_contra = TypeVar("_C_contra", contravariant=True)
_C = TypeVar("_C")


class GameState(Protocol[_A_co]):
    """What every game state has: its config, phase, deal, trump, scores and history.

    The type parameter is the game's action type, which lets the top-level functions
    return precisely typed actions.

    Example:
        >>> import tricktaking as tt
        >>> len(tt.new_game(tt.WizardConfig(players=4)).history)
        0
    """

    @property
    def history(self) -> History[_A_co]:
        """Every action applied so far, deals included, oldest first."""
        ...

    @property
    def config(self) -> object:
        """The game's configuration."""
        ...

    @property
    def phase(self) -> enum.Enum:
        """The game's phase (each game has its own phase enum)."""
        ...

    @property
    def round(self) -> Round:
        """The current deal, with its hands, the trick in progress and the completed tricks."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current deal, or ``None``."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores, one per seat."""
        ...


class Rules(Protocol[_S, _C_contra]):
    """The functions a game provides: every :class:`~tricktaking.kit.GameRules` is one.

    Example:
        >>> from tricktaking.engine import get_game
        >>> from tricktaking.games import wizard
        >>> get_game("wizard").rules is wizard.RULES
        True
    """

    def new_game(self, config: _C_contra) -> _S:
        """The state before the first deal."""
        ...

    def deal(self, state: _S, seed: int) -> Deal:
        """The chance action for the next deal, from a seed."""
        ...

    def apply(self, state: _S, action: Action) -> _S:
        """The state after a validated action."""
        ...

    def check(self, state: _S, action: Action) -> Violation | None:
        """Why ``action`` is illegal in ``state``, or ``None`` when it is legal."""
        ...

    def legal_actions(self, state: _S) -> tuple[Action, ...]:
        """Every legal action of the seat to act, in the game's documented order."""
        ...

    def actor(self, state: _S) -> int | Chance | None:
        """The seat to act, :data:`~tricktaking.actions.CHANCE`, or ``None`` when over."""
        ...

    def view(self, state: _S, seat: int) -> PlayerView:
        """What ``seat`` may see of ``state``."""
        ...

    def is_over(self, state: _S) -> bool:
        """Whether the game has ended."""
        ...

    def scores(self, state: _S) -> tuple[int, ...]:
        """Cumulative scores, one per seat."""
        ...

    def winners(self, state: _S) -> tuple[int, ...]:
        """The winning seats, ``()`` until the game is over."""
        ...

    def parse_action(self, text: str) -> Action:
        """The action whose canonical token (``str(action)``) is ``text``."""
        ...

    def zones(self, state: _S) -> tuple[Zone, ...]:
        """Where every card of the current deal lies, and who may see it."""
        ...

    def with_zones(self, state: _S, cards: Mapping[str, tuple[Card, ...]]) -> _S:
        """``state`` with the cards of some hidden zones replaced (for leak tests)."""
        ...


@attrs.frozen(kw_only=True)
class Game(Generic[_S, _C]):
    """A game's declaration: everything the library may ask about it, in one record.

    Each game module ends with its declaration and one :func:`register_game`. The
    layers above the engine (bots, worlds, render, rl, the CLI, the web table) read every
    per-game fact from here and never name a game; a plug-in left ``None`` means the game
    does without that layer's game-specific help (or that layer refuses it, clearly).

    Args:
        name: The registry name: lower case, words joined by ``-``.
        title: The human name, e.g. ``"Wizard"``.
        config_type: The game's configuration class (an ``attrs`` class; its fields,
            defaults and docs are the game's options in the CLI and the web lobby).
        state_type: The game's state class.
        rules: The game's rules: the one instance of its :class:`~tricktaking.kit.GameRules`.
        view_type: The class of the game's player views, if it has its own.
        action_types: The action classes only this game has (its ``Bid``), not the
            shared ones of :mod:`tricktaking.actions`.
        summary: The rules in plain words for players (``tricktaking rules``).
        team_count: Fixed partnerships: seat ``s`` plays on team ``s % team_count``;
            ``None`` when everyone plays alone.
        default_players: The number of seats the CLI and the lobby suggest; for a
            configuration with a default of its own, that default.
        heuristic_bot: Makes the game's rule-of-thumb bot from a seed.
        worlds: How :mod:`tricktaking.worlds` reads the game's views.
        learning: The action calls and observation fields of :mod:`tricktaking.rl`.
        render_extras: What :mod:`tricktaking.render` draws beyond the common table.
        terminal: The game's own words in the terminal game (``tricktaking play``).
        notation_words: The words players say for parts of the game's own move tokens
            (Bid Whist's ``uptown`` for ``U``), read from free text by
            :mod:`tricktaking.agents`.
        batch_rules: ``"module:attribute"`` of the game's batch kernel (a
            :class:`~tricktaking.kernel_kit.Kernel`), imported only when
            ``tricktaking.batch`` (which needs NumPy and numba) asks for it.
        solver: ``"module:attribute"`` of what the exact solver needs to know about the
            game (a :class:`~tricktaking.solver_kit.SolverRules`: its question, how it
            counts), imported only when :mod:`tricktaking.solver` asks for it.

    Example:
        >>> from tricktaking.engine import get_game
        >>> game = get_game("wizard")
        >>> game.title, game.config_type.__name__, game.seat_range
        ('Wizard', 'WizardConfig', range(3, 7))
    """

    name: str
    title: str
    config_type: type[_C]
    state_type: type[_S]
    rules: Rules[_S, _C]
    view_type: type[PlayerView] | None = None
    action_types: tuple[type, ...] = ()
    summary: str = ""
    team_count: int | None = None
    default_players: int | None = None
    heuristic_bot: BotFactory | None = None
    worlds: WorldsPlugin | None = None
    learning: LearningSpec | None = None
    render_extras: Callable[[PlayerView], TableExtras] | None = None
    terminal: TerminalPlugin | None = None
    notation_words: NotationWords | None = None
    batch_rules: str | None = None
    solver: str | None = None

    @property
    def seat_range(self) -> range:
        """The numbers of seats the configuration accepts, read from the configuration.

        Example:
            >>> from tricktaking.engine import get_game
            >>> get_game("bid-whist").seat_range
            range(4, 5)
        """
        return _seat_range(cast("Hashable", self.config_type))

    def default_config(self) -> _C:
        """The configuration with its defaults, seating the suggested number of players.

        That is ``default_players``, else the fewest seats the configuration accepts; a
        fixed table's configuration knows its seats.

        Example:
            >>> from tricktaking.engine import get_game
            >>> get_game("one-card").default_config().players
            3
        """
        make = cast("Callable[..., _C]", self.config_type)
        if "players" not in attrs.fields_dict(cast("type[attrs.AttrsInstance]", self.config_type)):
            return make()
        return make(players=self.default_players or self.seat_range.start)

    def team_of(self, seat: int) -> int:
        """The team of ``seat``: its partnership, or the seat itself when alone.

        Example:
            >>> from tricktaking.engine import get_game
            >>> get_game("bid-whist").team_of(2), get_game("wizard").team_of(2)
            (0, 2)
        """
        return seat if self.team_count is None else seat % self.team_count


_MOST_SEATS = 16  # no card game here seats more; the probe of a config stops there


@functools.cache
def _seat_range(config: Hashable) -> range:
    """The seat counts a config class accepts, found by building it (never restated)."""
    config_type = cast("type", config)
    fields = attrs.fields_dict(config_type)
    if "players" not in fields:  # a fixed table: the default configuration says how many
        players: int = config_type().players
        return range(players, players + 1)
    accepted: list[int] = []
    for players in range(1, _MOST_SEATS + 1):
        try:
            config_type(players=players)
        except ConfigError:
            continue
        accepted.append(players)
    if not accepted:
        raise ConfigError(f"{config_type.__name__} accepts no number of seats up to {_MOST_SEATS}")
    return range(accepted[0], accepted[-1] + 1)


_ErasedGame = Game["GameState[object]", object]

_GAMES: dict[str, _ErasedGame] = {}
_BY_STATE: dict[type, _ErasedGame] = {}
_BY_CONFIG: dict[type, _ErasedGame] = {}
_BY_VIEW: dict[type, _ErasedGame] = {}
_BY_ACTION: dict[type, _ErasedGame] = {}


def register_game(game: Game[_S, _C]) -> None:
    """Add a game to the registry so the top-level functions accept its states.

    Args:
        game: The game; its name, state type and config type must be new.

    Raises:
        ValueError: If a game with the same name, state type or config type exists.

    Example:
        >>> from tricktaking.engine import get_game, register_game
        >>> register_game(get_game("wizard"))
        Traceback (most recent call last):
        ...
        ValueError: a game named 'wizard' is already registered
    """
    erased = cast("_ErasedGame", game)
    if game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is already registered")
    if game.state_type in _BY_STATE or game.config_type in _BY_CONFIG:
        raise ValueError(f"the state or config type of {game.name!r} is already registered")
    if any(kind in _BY_ACTION for kind in game.action_types):
        raise ValueError(f"an action class of {game.name!r} is already registered")
    _GAMES[game.name] = erased
    _BY_STATE[game.state_type] = erased
    _BY_CONFIG[game.config_type] = erased
    if game.view_type is not None:
        _BY_VIEW[game.view_type] = erased
    for kind in game.action_types:
        _BY_ACTION[kind] = erased
    _RULES[game.state_type] = game.rules


ENTRY_POINT_GROUP = "tricktaking.games"
"""The entry-point group through which an installed package adds its games.

A distribution that declares, in its ``pyproject.toml``::

    [project.entry-points."tricktaking.games"]
    high-card = "high_card"

has the module ``high_card`` imported (and so its game registered) the first time the
registry is asked for the available games, so ``tricktaking play high-card`` plays it.
"""


@functools.cache  # once per process: importing a game registers it for good
def _load_entry_points() -> None:
    """Import every module of the ``tricktaking.games`` entry points."""
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            entry.load()
        except Exception as error:
            raise ImportError(
                f"the game of entry point {entry.name!r} ({entry.value}) failed to load: {error}"
            ) from error


def available_games() -> tuple[str, ...]:
    """The names of the registered games, sorted.

    Games of installed packages that declare a ``tricktaking.games`` entry point
    (:data:`ENTRY_POINT_GROUP`) are loaded first.

    Example:
        >>> from tricktaking.engine import available_games
        >>> "wizard" in available_games()
        True
    """
    _load_entry_points()
    return tuple(sorted(_GAMES))


def get_game(name: str) -> Game[GameState[object], object]:
    """The registered game called ``name``.

    Args:
        name: A name from :func:`available_games`; ``_`` is accepted for ``-``.

    Raises:
        UnknownGameError: If no such game is registered (a ``KeyError``).
        ArgumentTypeError: If ``name`` is not a ``str``.

    Example:
        >>> from tricktaking.engine import get_game
        >>> get_game("Wizard").name
        'wizard'
    """
    if type(name) is not str:
        raise ArgumentTypeError(f"a game's name is a str, not {safe_repr(name)}")
    key = name.lower().replace("_", "-")
    if key not in _GAMES:
        _load_entry_points()
    game = _GAMES.get(key)
    if game is None:
        available = ", ".join(available_games())
        raise UnknownGameError(f"no game named {safe_repr(name)}; available: {available}")
    return game


def game_of(state: object) -> Game[GameState[object], object]:
    """The registered game whose state ``state`` is.

    Raises:
        ArgumentTypeError: If ``state`` is not the state of a registered game (a
            ``TypeError``).

    Example:
        >>> from tricktaking.engine import game_of
        >>> import tricktaking as tt
        >>> game_of(tt.new_game(tt.OneCardConfig(players=2))).name
        'one-card'
    """
    game = _BY_STATE.get(type(state))
    if game is None:
        kind = type(state).__name__[:40]
        raise ArgumentTypeError(f"{kind} is not the state of a registered game")
    return game


def game_of_view(view: object) -> Game[GameState[object], object]:
    """The registered game whose player view ``view`` is.

    A view of a class the game declared is found by its type; any other view by the
    game its ``to_dict()`` names.

    Raises:
        ArgumentTypeError: If ``view`` is not the player view of a registered game (a
            ``TypeError``).

    Example:
        >>> from tricktaking.engine import game_of_view
        >>> import tricktaking as tt
        >>> game_of_view(tt.view(tt.new_game(tt.BidWhistConfig()), 0)).title
        'Bid Whist'
    """
    game = _BY_VIEW.get(type(view))
    if game is not None:
        return game
    to_dict = getattr(view, "to_dict", None)
    data: object = to_dict() if callable(to_dict) else None
    name = cast("dict[str, object]", data).get("game") if isinstance(data, dict) else None
    game = _GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        kind = type(view).__name__[:40]
        raise ArgumentTypeError(f"{kind} is not the player view of a registered game")
    return game


def game_of_action(action: object) -> Game[GameState[object], object] | None:
    """The registered game that declared ``action``'s class, or ``None`` for a shared one.

    Example:
        >>> from tricktaking.engine import game_of_action
        >>> import tricktaking as tt
        >>> game_of_action(tt.wizard.Bid(0, 1)).name, game_of_action(tt.Pass(0))
        ('wizard', None)
    """
    return _BY_ACTION.get(type(action))


# The top-level functions dispatch through one dict lookup on the state's exact type:
# they are called for every action of every game played through them.
_RULES: dict[type, Rules[Any, Any]] = {}


def _rules(state: object) -> Rules[Any, Any]:
    rules = _RULES.get(state.__class__)
    if rules is None:
        return game_of(state).rules  # raises the TypeError for a foreign object
    return rules


def new_game(config: object) -> GameState[object]:
    """The state of a new game before its first deal; the actor is ``CHANCE``.

    Args:
        config: The configuration of a registered game, e.g. ``WizardConfig(players=4)``.

    Raises:
        ArgumentTypeError: If ``config`` is not the configuration of a registered game
            (a ``TypeError``).

    Example:
        >>> import tricktaking as tt
        >>> tt.new_game(tt.WizardConfig(players=3)).phase
        <WizardPhase.DEAL: 'deal'>
    """
    game = _BY_CONFIG.get(type(config))
    if game is None:
        kind = type(config).__name__[:40]
        raise ArgumentTypeError(f"{kind} is not the configuration of a registered game")
    return game.rules.new_game(config)


def deal(state: GameState[object], seed: int) -> Deal:
    """The chance action for the next deal: the game's deck shuffled by ``seed``.

    Pure and version-stable: the same state and seed give the same deal everywhere.

    Example:
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4))
        >>> tt.deal(state, 5) == tt.deal(state, 5)
        True
    """
    return _rules(state).deal(state, seed)


def apply(state: _S, action: Action) -> _S:
    """The state after ``action``, validated; ``state`` itself is never changed.

    Raises:
        IllegalActionError: With a :class:`~tricktaking.errors.Violation` code, if the
            action is illegal in this state.

    Example:
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=4))
        >>> tt.apply(state, tt.wizard.Bid(1, 0))
        Traceback (most recent call last):
        ...
        tricktaking.errors.IllegalActionError: seat 1: '1 bid 0' is illegal in the deal phase: ...
    """
    rules = _RULES.get(state.__class__) or _rules(state)
    after: _S = rules.apply(state, action)
    return after


def check(state: GameState[object], action: Action) -> Violation | None:
    """The verdict :func:`apply` would give, without raising: a code, or ``None``.

    Example:
        >>> import tricktaking as tt
        >>> tt.check(tt.new_game(tt.WizardConfig(players=4)), tt.Pass(1))
        <Violation.UNKNOWN_ACTION: 'unknown_action'>
    """
    return _rules(state).check(state, action)


def legal_actions(state: GameState[_A]) -> tuple[_A, ...]:
    """Every legal action of the seat to act, in the game's documented order.

    At a chance node (the next action is a deal) and after the game this is ``()``;
    use :func:`deal` for the chance action.

    Example:
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> tt.legal_actions(state)
        ()
    """
    # The rules of the state's own game list actions of its type _A, which the erased
    # Rules[Any, Any] cannot say: read its legal_actions as Any rather than cast per call.
    legal_of: Any = (_RULES.get(state.__class__) or _rules(state)).legal_actions
    legal: tuple[_A, ...] = legal_of(state)
    return legal


def actor(state: GameState[object]) -> int | Chance | None:
    """The seat to act, :data:`~tricktaking.actions.CHANCE` for a deal, or ``None``.

    Example:
        >>> import tricktaking as tt
        >>> tt.actor(tt.new_game(tt.WizardConfig(players=3)))
        <Chance.CHANCE: 'chance'>
    """
    return (_RULES.get(state.__class__) or _rules(state)).actor(state)


def view(state: GameState[object], seat: int) -> PlayerView:
    """What ``seat`` may see of ``state``: never a card hidden from that seat.

    Example:
        >>> import tricktaking as tt
        >>> tt.view(tt.new_game(tt.WizardConfig(players=3)), 0).hand
        ()
    """
    return (_RULES.get(state.__class__) or _rules(state)).view(state, seat)


def is_over(state: GameState[object]) -> bool:
    """Whether the game has ended.

    Example:
        >>> import tricktaking as tt
        >>> tt.is_over(tt.new_game(tt.WizardConfig(players=3)))
        False
    """
    return (_RULES.get(state.__class__) or _rules(state)).is_over(state)


def scores(state: GameState[object]) -> tuple[int, ...]:
    """Cumulative scores, one per seat (Bid Whist partners share their team's score).

    Example:
        >>> import tricktaking as tt
        >>> tt.scores(tt.new_game(tt.WizardConfig(players=3)))
        (0, 0, 0)
    """
    return _rules(state).scores(state)


def winners(state: GameState[object]) -> tuple[int, ...]:
    """The winning seats, sorted; ``()`` until the game is over.

    Example:
        >>> import tricktaking as tt
        >>> tt.winners(tt.new_game(tt.WizardConfig(players=3)))
        ()
    """
    return _rules(state).winners(state)


def completed_trick(before: GameState[object], after: GameState[object]) -> Trick | None:
    """The trick that ended between two consecutive states, or ``None`` if none did.

    The hook for anything that follows a game as it goes (a frontend's animation, a
    logger, a statistic): call it on each state and the one ``apply`` made from it. The
    trick returned is complete, with every seat's card in play order and its ``winner``
    set; it is read from ``after``'s round, so it works alike for every game. A deal
    never ends a trick, so the first state of a new deal gives ``None``.

    Args:
        before: A state.
        after: The state an action made from ``before``.

    Returns:
        The trick ``after``'s action completed, else ``None``.

    Raises:
        ArgumentTypeError: If either is not the state of a registered game.
        ArgumentError: If they are states of two different games.

    Example:
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> trick = None
        >>> while trick is None:
        ...     after = tt.apply(state, tt.legal_actions(state)[0])
        ...     trick, state = tt.completed_trick(state, after), after
        >>> len(trick.plays), trick.winner in (0, 1)
        (2, True)
    """
    _check_two_states("completed_trick", before, after)
    old, new = before.round, after.round
    if new.number != old.number or len(new.tricks) != len(old.tricks) + 1:
        return None
    return new.tricks[-1]


def deal_ended(before: GameState[object], after: GameState[object]) -> bool:
    """Whether the action between two consecutive states closed a deal.

    A deal is closed when the next action is the next deal (chance is to act), or when the
    game is over; a deal itself (chance acting in ``before``) closes none. The hook for
    anything that reports each deal as it ends (a summary, a recorded score line), alike
    for every game: a Bid Whist hand that every seat passed is closed too, with no trick.

    Args:
        before: A state.
        after: The state an action made from ``before``.

    Returns:
        ``True`` if ``after``'s action ended the deal ``before`` was in.

    Raises:
        ArgumentTypeError: If either is not the state of a registered game.
        ArgumentError: If they are states of two different games.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.engine import deal_ended
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> ended = []
        >>> while not tt.is_over(state) and tt.actor(state) is not tt.CHANCE:
        ...     after = tt.apply(state, tt.legal_actions(state)[0])
        ...     ended, state = [*ended, deal_ended(state, after)], after
        >>> ended.count(True), ended[-1]
        (1, True)
    """
    _check_two_states("deal_ended", before, after)
    return actor(before) is not CHANCE and (actor(after) is CHANCE or is_over(after))


def _check_two_states(function: str, before: object, after: object) -> None:
    """Refuse what is not two states of one game, in ``function``'s name."""
    try:
        game, other = game_of(before), game_of(after)
    except TypeError as error:
        raise ArgumentTypeError(f"{function} takes two game states: {error}") from None
    if game is not other:
        raise ArgumentError(
            f"{function} takes two states of the same game, not {game.name} and {other.name}"
        )
