"""What a game may plug into the layers above the engine: data and protocols only.

A game's declaration (:class:`~tricktaking.engine.Game`) names its rules and, optionally,
a plug-in for each upper layer: a heuristic bot for :mod:`tricktaking.bots`, its hidden
zones for :mod:`tricktaking.worlds`, its observation fields and calls for
:mod:`tricktaking.rl`, and what :mod:`tricktaking.render` draws beyond the common table.
The layers read these from the registry and never name a game, so a game written outside
the package is as much at home as a built-in one.

This module holds only the shapes of those plug-ins; it imports nothing above the core,
so a game module can import it.

Example:
    >>> from tricktaking.plugins import CardGroup, TableExtras
    >>> turn_up = CardGroup(label="turn-up", cards=(None,))
    >>> extras = TableExtras(lines=("round 1 of 3",), groups=(turn_up,))
    >>> extras.groups[0].label, extras.seat_notes
    ('turn-up', ())
"""

from __future__ import annotations

import enum
import functools
import importlib
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar, cast

import attrs

from tricktaking.actions import Action
from tricktaking.cards import Card, Suit
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError, safe_repr
from tricktaking.views import PlayerView, view_of

__all__ = [
    "FORGED_VIEW_ERRORS",
    "ActionIndex",
    "Assignment",
    "Bot",
    "BotFactory",
    "CardGroup",
    "FieldSink",
    "LearningSpec",
    "NotationWords",
    "Observation",
    "ObservationTables",
    "Screen",
    "SeatNames",
    "TableExtras",
    "TerminalPlugin",
    "WorldLayout",
    "WorldsPlugin",
    "for_views_of",
    "forged_view_error",
    "import_plug_in",
    "legal_choices",
    "refusing_forged_views",
]


_V = TypeVar("_V")
_C = TypeVar("_C")
_R = TypeVar("_R")
_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., Any])

FORGED_VIEW_ERRORS = (
    AttributeError,
    IndexError,
    KeyError,
    OverflowError,
    RecursionError,
    StopIteration,
    TypeError,
    ValueError,
    ZeroDivisionError,
)
"""What reading a forged view's fields raises (a field of the wrong type or size, a
history the rules refuse, as an ``IllegalActionError`` is a ``ValueError``).

The one list every layer that reads views catches: bots and encoders turn it into
:func:`forged_view_error`, world sampling into its ``InconsistentViewError``, the
renderer into its ``RenderError``."""


def import_plug_in(where: str, kind: type[_T], role: str) -> _T:
    """The object a declaration names as ``"module:attribute"``, imported when first asked for.

    A declaration names its heavier plug-ins (a batch kernel, solver rules) by where they
    are, so that registering a game imports none of their dependencies.

    Args:
        where: ``"module:attribute"``, as a :class:`~tricktaking.engine.Game` gives its
            ``batch_rules`` and ``solver``.
        kind: The class the object must be an instance of.
        role: What the object is, for the error: ``"the batch kernel of 'wizard'"``.

    Raises:
        ArgumentError: If ``where`` is not ``"module:attribute"``, both named.
        ArgumentTypeError: If ``where`` is not text, or the object is not a ``kind``.
        ImportError: If the module does not import.
        AttributeError: If the module has no such attribute.

    Example:
        >>> from tricktaking.plugins import import_plug_in
        >>> import_plug_in("fractions:Fraction", type, "a number class").__name__
        'Fraction'
        >>> import_plug_in("fractions:Fraction", str, "a word")
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentTypeError: fractions:Fraction (a word) is not a str
    """
    if not isinstance(where, str):
        raise ArgumentTypeError(f'a plug-in\'s place is "module:attribute", not {safe_repr(where)}')
    module, _, attribute = (part.strip() for part in where.partition(":"))
    if not module or not attribute:
        raise ArgumentError(f'a plug-in\'s place is "module:attribute", not {where!r}')
    found: object = getattr(importlib.import_module(module), attribute)
    if not isinstance(found, kind):
        raise ArgumentTypeError(f"{where} ({role}) is not a {kind.__name__}")
    return found


def forged_view_error(view: object, error: Exception) -> ArgumentError:
    """The typed error for a view whose fields do not fit its game (``error`` raised).

    A bot, an encoder or a plug-in reads a view's fields deep inside its own code and
    trusts them: a view made by a game always fits. A forged one
    (``attrs.evolve(view, trick=())``, say) fails there with whatever Python raises; the
    public entry point turns that into this error, with the original chained.

    Example:
        >>> from tricktaking.plugins import forged_view_error
        >>> print(forged_view_error("a view", KeyError("x")))
        the fields of 'a view' do not fit its game (KeyError)
    """
    return ArgumentError(
        f"the fields of {safe_repr(view)} do not fit its game ({type(error).__name__})"
    )


def refusing_forged_views(method: _F) -> _F:
    """``method`` (a bot's ``act``, taking the view first) refusing a forged view.

    What the method raises from reading a forged view's fields becomes
    :func:`forged_view_error`; a ``TricktakingError`` passes unchanged. The signature is
    the method's own, so a bot still satisfies the :class:`Bot` protocol, and catching
    costs nothing when nothing is raised.

    Example:
        >>> from tricktaking.plugins import refusing_forged_views
        >>> class Counter:
        ...     @refusing_forged_views
        ...     def act(self, view):
        ...         return len(view.hand)
        >>> Counter().act(3)
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: the fields of 3 do not fit its game (AttributeError)
    """

    @functools.wraps(method)
    def checked(self: object, view: PlayerView, *args: object, **kwargs: object) -> object:
        try:
            return method(self, view, *args, **kwargs)
        except TricktakingError:
            raise
        except FORGED_VIEW_ERRORS as error:
            raise forged_view_error(view, error) from error

    return cast("_F", checked)


def for_views_of(view_type: type[_V], function: Callable[[_V], _R]) -> Callable[[PlayerView], _R]:
    """``function`` as a plug-in that takes any view and refuses one of another game.

    A plug-in is called with a view of its own game; this wrapper says so with an
    :class:`~tricktaking.errors.ArgumentTypeError` (a ``TypeError``) for any other, so
    ``function`` may rely on its type.

    Example:
        >>> from tricktaking.plugins import for_views_of
        >>> from tricktaking.games.wizard import WizardView
        >>> import tricktaking as tt
        >>> rounds = for_views_of(WizardView, lambda view: view.total_rounds)
        >>> rounds(tt.view(tt.new_game(tt.WizardConfig(players=4)), 0))
        15
        >>> rounds(tt.view(tt.new_game(tt.OneCardConfig(players=2)), 0))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentTypeError: expected WizardView, not OneCardView
    """

    def plug_in(view: PlayerView) -> _R:
        return function(view_of(view_type, view))

    return plug_in


# ---------------------------------------------------------------------------------------
# Bots


class Bot(Protocol):
    """A player: given its seat's view when it is to act, it returns a legal action.

    Any object with such an ``act`` method is a bot; there is no base class.

    Example:
        >>> from tricktaking.bots import Bot, RandomBot
        >>> bot: Bot = RandomBot(1)
        >>> callable(bot.act)
        True
    """

    def act(self, view: PlayerView) -> Action:
        """The action to take; ``view.legal_actions`` lists the choices."""
        ...


BotFactory: TypeAlias = Callable[[int], Bot]
"""A callable that makes a bot from a seed; the bot classes are factories."""


def legal_choices(view: PlayerView) -> tuple[Action, ...]:
    """The view's legal actions, for a bot to choose from.

    Raises:
        ArgumentTypeError: If ``view`` is not a player view (a ``TypeError``).
        ArgumentError: If the seat has none (it is not its turn; a ``ValueError``).

    Example:
        >>> from tricktaking.plugins import legal_choices
        >>> import tricktaking as tt
        >>> legal_choices(tt.view(tt.new_game(tt.OneCardConfig(players=2)), 0))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: seat 0 has no legal action in this view
    """
    legal: object = getattr(view, "legal_actions", None)
    if type(legal) is not tuple:
        raise ArgumentTypeError(f"a bot acts on a player view, not {safe_repr(view)}")
    if not legal:
        raise ArgumentError(f"seat {safe_repr(view.seat)} has no legal action in this view")
    return cast("tuple[Action, ...]", legal)


# ---------------------------------------------------------------------------------------
# Render


@attrs.frozen(kw_only=True)
class CardGroup:
    """Cards drawn on the table outside the hands and tricks, with a label.

    Args:
        label: What the cards are, e.g. ``"turn-up"`` or ``"kitty"``.
        cards: The cards; ``None`` draws a back (a card the seat may not see).
        zone: The name of the game's zone these cards are (see each game's
            ``zones``), so a replay of a finished deal can show them face up.

    Example:
        >>> from tricktaking.render import CardGroup
        >>> CardGroup(label="One Card", cards=(None,), zone="centre").cards
        (None,)
    """

    label: str
    cards: tuple[Card | None, ...]
    zone: str | None = None


@attrs.frozen(kw_only=True)
class TableExtras:
    """A game's additions to the table drawn from a view.

    Args:
        lines: Lines of text for the information panel (``"round 3 of 15"``).
        seat_notes: For each seat, short notes under its name (``("bid 2",)``);
            empty, or one tuple per seat.
        groups: Card groups for the centre of the table.

    Example:
        >>> from tricktaking.render import TableExtras
        >>> TableExtras(lines=("contract 9",)).groups
        ()
    """

    lines: tuple[str, ...] = ()
    seat_notes: tuple[tuple[str, ...], ...] = ()
    groups: tuple[CardGroup, ...] = ()


# ---------------------------------------------------------------------------------------
# Worlds

Assignment: TypeAlias = Mapping[str, tuple[Card, ...]]
"""The hidden cards of each hidden zone, by zone name."""


@attrs.frozen
class WorldLayout:
    """The hidden part of a view and how to rebuild a state from it.

    A game's worlds plug-in reduces a view to this; the sampler and the counter of
    :mod:`tricktaking.worlds` know nothing of any game.

    Attributes:
        zones: The hidden zones' names, e.g. ``"hand 2"``, ``"stock"``.
        sizes: How many hidden cards each zone holds.
        hidden: The hidden cards (copies repeated), sorted.
        forbidden: For each zone, the cards it cannot hold.
        build: The state for an assignment, replayed through ``apply``.

    Example:
        >>> from tricktaking.plugins import WorldLayout
        >>> WorldLayout((), (), (), (), lambda assignment: None).zones
        ()
    """

    zones: tuple[str, ...]
    sizes: tuple[int, ...]
    hidden: tuple[Card, ...]
    forbidden: tuple[frozenset[Card], ...]
    build: Callable[[Assignment], object]


@attrs.frozen(kw_only=True)
class WorldsPlugin:
    """How world sampling reads a game's views.

    Args:
        config_of: The configuration a view shows (the rules everyone at the table knows).
        layout: The hidden zones of a view under a configuration, and their builder.

    Example:
        >>> import tricktaking as tt
        >>> plugin = tt.get_game("wizard").worlds
        >>> plugin is not None and callable(plugin.layout)
        True
    """

    config_of: Callable[[PlayerView], object]
    layout: Callable[[PlayerView, object], WorldLayout]

    @classmethod
    def typed(
        cls,
        view_type: type[_V],
        config_type: type[_C],
        config_of: Callable[[_V], _C],
        layout: Callable[[_V, _C], WorldLayout],
    ) -> WorldsPlugin:
        """The plug-in of a game whose views are ``view_type`` and configs ``config_type``.

        The functions it returns refuse a view or configuration of another class with a
        ``TypeError``, so a game's own functions may rely on their types.

        Example:
            >>> from tricktaking.plugins import WorldsPlugin
            >>> from tricktaking.games.wizard import WizardConfig, WizardView
            >>> plugin = WorldsPlugin.typed(WizardView, WizardConfig, lambda v: None, None)
            Traceback (most recent call last):
            ...
            TypeError: a worlds plug-in needs two functions
        """
        functions: tuple[object, object] = (config_of, layout)
        if not all(map(callable, functions)):
            raise TypeError("a worlds plug-in needs two functions")

        def read_config(view: PlayerView) -> object:
            return config_of(view_of(view_type, view))

        def read_layout(view: PlayerView, config: object) -> WorldLayout:
            if not isinstance(config, config_type):
                raise TypeError(
                    f"expected {config_type.__name__}, not {type(config).__name__[:40]}"
                )
            return layout(view_of(view_type, view), config)

        return cls(config_of=read_config, layout=read_layout)


# ---------------------------------------------------------------------------------------
# Learning interfaces


class FieldSink(Protocol):
    """Where a game adds the fields of its observation layout, in array order.

    Example:
        >>> from tricktaking.rl import layout_for
        >>> layout_for("wizard", 3).field("turn_up").meaning
        'one-hot turned-up card; all 0 when there is none'
    """

    def add(
        self, name: str, length: int, meaning: str, low: float = 0.0, high: float = 1.0
    ) -> None:
        """Append a field of ``length`` values with a documented ``meaning`` and bounds."""
        ...


class ActionIndex(Hashable, Protocol):
    """What an observation encoder reads of an action space: names and indexes.

    Example:
        >>> from tricktaking.rl import action_space
        >>> from tricktaking.actions import Pass
        >>> space = action_space("one-card", 3)
        >>> space.names[space.index(Pass(2))]
        'pass'
    """

    @property
    def names(self) -> tuple[str, ...]:
        """A short name for every index (``"play AS"``, ``"bid 3"``, ``"pass"``)."""
        ...

    def index(self, action: Action) -> int:
        """The index of ``action`` (its seat is ignored)."""
        ...


class Observation(Protocol):
    """A flat ``float32`` observation array, written by index.

    Example:
        >>> from tricktaking.rl import encode
        >>> import tricktaking as tt
        >>> observation = encode(tt.view(tt.new_game(tt.OneCardConfig(players=2)), 0))
        >>> float(observation[0])
        1.0
    """

    def __getitem__(self, index: int, /) -> float: ...
    def __setitem__(self, index: int, value: float, /) -> None: ...


@attrs.frozen(kw_only=True)
class ObservationTables:
    """The lookups an encoder uses: field offsets, card indexes, the action space.

    Attributes:
        offsets: Each field's first index in the array, by name.
        card: Each distinct card's index in per-card fields.
        space: The game's action space for this number of seats.
        players: The number of seats.
        rel: A seat's number relative to the observing seat (0 is that seat).

    Example:
        >>> from tricktaking.plugins import ObservationTables
        >>> from tricktaking.rl import action_space
        >>> tables = ObservationTables(offsets={}, card={}, space=action_space("wizard", 3),
        ...                            players=3, rel=lambda seat: (seat - 1) % 3)
        >>> tables.rel(0)
        2
    """

    offsets: Mapping[str, int]
    card: Mapping[Card, int]
    space: ActionIndex
    players: int
    rel: Callable[[int], int]


@attrs.frozen(kw_only=True)
class LearningSpec:
    """The game-specific facts the encoders and action spaces of :mod:`tricktaking.rl` use.

    Args:
        cards: Every distinct card of the deck, in canonical order (two Wizards are one).
        phases: The members of the game's phase enum, in declaration order.
        score_scale: Scores are divided by this in observations.
        max_tricks: The most tricks in one deal, given the number of seats.
        calls: The calls (bids and passes) and other non-card actions of seat 0, in index
            order, given the number of seats.
        fields: Adds the game's own observation fields after the common ones.
        encode: Writes the game's own fields of a view.
        history_fields: Adds fields of the ``"infostate"`` encoding before the tricks.
        encode_history: Writes those fields.
        discard_phase: The phase in which a card index means a discard, if any.
        discard: Builds the discard action of a seat and card.

    Example:
        >>> import tricktaking as tt
        >>> spec = tt.get_game("one-card").learning
        >>> spec is not None and len(spec.cards)
        25
    """

    cards: tuple[Card, ...]
    phases: tuple[enum.Enum, ...]
    score_scale: float
    max_tricks: Callable[[int], int]
    calls: Callable[[int], tuple[Action, ...]]
    fields: Callable[[FieldSink, int, ActionIndex], None]
    encode: Callable[[Observation, PlayerView, ObservationTables], None]
    history_fields: Callable[[FieldSink, int, ActionIndex], None] | None = None
    encode_history: Callable[[Observation, PlayerView, ObservationTables], None] | None = None
    discard_phase: enum.Enum | None = None
    discard: Callable[[int, Card], Action] | None = None


# ---------------------------------------------------------------------------------------
# Free text


@attrs.frozen(kw_only=True)
class NotationWords:
    """The words players say for the parts of a game's own move tokens.

    :mod:`tricktaking.agents` reads moves from free text: card names, numbers and calls
    are the same in every game, and a game adds here what only its notation has.

    Args:
        bid_suffixes: What a player may say after the number of a bid, each with the
            token suffix it stands for: ``("no trump", "NT")`` reads ``"4 no trump"`` as
            the bid ``4NT``. Words are lower case, single spaces between them. A number
            said without any of them names no bid of such a game (it would be a guess).

    Example:
        >>> import tricktaking as tt
        >>> words = tt.get_game("bid-whist").notation_words
        >>> words is not None and ("uptown", "U") in words.bid_suffixes
        True
    """

    bid_suffixes: tuple[tuple[str, str], ...] = ()


# ---------------------------------------------------------------------------------------
# The terminal game


class Screen(Protocol):
    """How the terminal game writes: cards, suits and moves in one notation, and lines.

    Example:
        >>> import io
        >>> from tricktaking.cards import Card
        >>> from tricktaking.plugins import Screen
        >>> from tricktaking.notation import Output
        >>> screen: Screen = Output(io.StringIO(), ascii_only=True)
        >>> screen.card(Card.parse("TC")), screen.move(Card.parse("TC"))
        ('10C', 'TC')
    """

    def card(self, card: Card) -> str:
        """A card as the player reads and types it (``10♣``, ``Wizard``)."""
        ...

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards, comma-separated, or ``none``."""
        ...

    def suit(self, suit: Suit) -> str:
        """A suit (``♠`` or ``S``)."""
        ...

    def move(self, action: object) -> str:
        """What the player types for ``action``."""
        ...

    def __call__(self, line: str = "") -> None:
        """Print one line."""
        ...


class SeatNames(Protocol):
    """How the terminal game calls the seats: ``you`` for the player, ``seat 2`` or a name.

    Example:
        >>> from tricktaking.plugins import SeatNames
        >>> from tricktaking._terminal import Names
        >>> names: SeatNames = Names(4, human=0)
        >>> names(0), names(2), names.team(1)
        ('you', 'seat 2', 'seats 1 and 3')
    """

    @property
    def human(self) -> int | None:
        """The player's seat, if a person plays."""
        ...

    def __call__(self, seat: int) -> str:
        """The seat's name."""
        ...

    def does(self, seat: int, verb: str) -> str:
        """``seat 2 takes`` or ``you take``."""
        ...

    def group(self, seats: Sequence[int]) -> str:
        """Several seats, ``you and seat 2`` or ``seats 1 and 3``."""
        ...

    def team(self, team: int) -> str:
        """The seats of partnership ``team`` (seat ``s`` is on team ``s % 2``)."""
        ...


def _says_nothing(*_: object) -> None:
    return None


def _leaves_it(*_: object) -> bool:
    return False  # the terminal says the plain scores


@attrs.frozen(kw_only=True)
class TerminalPlugin:
    """How the terminal game speaks of a game's own actions and view fields.

    The terminal says everything common itself (cards, tricks, trump choices, passes,
    scores); a game adds the lines and words only it has. Each function may say nothing.

    Args:
        table: Prints the game's own lines of the table, before the trick and the hand.
        task: What the player is asked to do, for a first legal action of the game's own
            (``"bid how many tricks you will take"``), or ``None``.
        move: The text the player types for an action of the game's own, or ``None``.
        secret: What others read of an action whose detail they may not see
            (``"discard a card"``), or ``None`` when it is public.
        deal_news: Prints the public facts of a new deal (Wizard's turn-up).
        deal_summary: Prints how a finished deal went, given each seat's points gained;
            returns ``False`` to let the terminal print the plain scores instead.
        help_note: An extra line of help when one of the legal actions is the game's own.

    Example:
        >>> import tricktaking as tt
        >>> plugin = tt.get_game("wizard").terminal
        >>> plugin is not None and plugin.task(tt.wizard.Bid(0, 1), None)
        'bid how many tricks you will take'
    """

    table: Callable[[PlayerView, SeatNames, Screen], None] = _says_nothing
    task: Callable[[Action, PlayerView], str | None] = _says_nothing
    move: Callable[[Action, Screen], str | None] = _says_nothing
    secret: Callable[[Action], str | None] = _says_nothing
    deal_news: Callable[[PlayerView, SeatNames, Screen], None] = _says_nothing
    deal_summary: Callable[[PlayerView, Sequence[int], SeatNames, Screen], bool] = _leaves_it
    help_note: Callable[[Sequence[Action]], str | None] = _says_nothing
