"""Player views: the fields every game's view has, and their JSON encoders.

Each game defines its own frozen view class (``WizardView`` and the others). Every view
has the same table fields, named alike in all games (:class:`PlayerView` lists them),
built by :func:`table_fields` and serialised by :func:`table_json`, so a frontend can
show any game's table without knowing the game; the game adds its own fields (bids, a
contract, the kitty) beside them.

Example:
    >>> from tricktaking.cards import Card, parse_cards
    >>> from tricktaking.tricks import Play, Trick
    >>> from tricktaking.views import cards_to_json, trick_to_json
    >>> cards_to_json(parse_cards("AS WZ"))
    ['AS', 'WZ']
    >>> trick_to_json(Trick(leader=1, plays=(Play(1, Card.parse("QH")),)))
    {'leader': 1, 'plays': [{'seat': 1, 'card': 'QH'}], 'winner': None}
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Generic, Protocol, TypeAlias, TypeVar, cast

import attrs

from tricktaking.actions import Action, Chance
from tricktaking.cards import Card, Suit, sort_cards
from tricktaking.errors import ArgumentTypeError
from tricktaking.tricks import Trick

if TYPE_CHECKING:
    from tricktaking.rounds import Round

__all__ = [
    "TABLE_FIELDS",
    "JSONValue",
    "PlayerView",
    "TableState",
    "TableView",
    "Zone",
    "actions_to_json",
    "cards_to_json",
    "check_zone_names",
    "config_json",
    "hand_zones",
    "played_zones",
    "register_svg_renderer",
    "replaced_hands",
    "replacement",
    "svg_of",
    "table_fields",
    "table_json",
    "table_values",
    "trick_to_json",
    "view_of",
]

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
"""Any value :func:`json.dumps` accepts without a custom encoder."""


class PlayerView(Protocol):
    """What one seat may see of a state: the table fields every game's view has.

    Every view is frozen, typed and JSON-ready, and never holds a card hidden from its
    seat. A game's view adds its own fields (Wizard's ``bids``, Bid Whist's
    ``contract``) to these.

    Example:
        >>> import tricktaking as tt
        >>> v = tt.view(tt.new_game(tt.WizardConfig(players=4)), 2)
        >>> v.seat, v.players, v.round_number, v.scores
        (2, 4, 0, (0, 0, 0, 0))
    """

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def phase(self) -> enum.Enum:
        """The game's phase (each game has its own phase enum; ``phase.value`` is a word)."""
        ...

    @property
    def round_number(self) -> int:
        """The 1-based number of the current deal (Wizard round, One Card or Bid Whist hand).

        ``0`` before the first deal.
        """
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat of the current deal."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in canonical order."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, index = seat (the only thing shown of others)."""
        ...

    @property
    def trick(self) -> Trick:
        """The trick in progress, with its leader and the cards played to it so far."""
        ...

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the current deal, oldest first, each with its winner."""
        ...

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won in the current deal."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` (no trump, or not chosen yet)."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores, one per seat (Bid Whist partners share their team's)."""
        ...

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` at a deal and after the game."""
        ...

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is to act, else ``()``."""
        ...

    def to_dict(self) -> dict[str, JSONValue]:
        """The view as plain JSON data (``json.dumps`` needs no custom encoder)."""
        ...


_V = TypeVar("_V")
_P_co = TypeVar("_P_co", bound=enum.Enum, covariant=True)
_A_co = TypeVar("_A_co", covariant=True)


@attrs.frozen(kw_only=True)
class TableView(Generic[_P_co, _A_co]):
    """The table fields of a view, declared once: each game's view class extends it.

    The type parameters are the game's phase enum and action type. A game's view adds
    its own fields (Wizard's ``bids``, Bid Whist's ``contract``) and its ``to_dict()``.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.views import TableView
        >>> isinstance(tt.view(tt.new_game(tt.BidWhistConfig()), 1), TableView)
        True
    """

    seat: int
    """The seat whose view this is."""
    players: int
    """The number of seats at the table."""
    phase: _P_co
    """The game's phase."""
    round_number: int
    """The number of the current deal (Wizard round, One Card or Bid Whist hand), from 1;
    0 before the first deal."""
    dealer: int
    """The dealer of the current deal."""
    hand: tuple[Card, ...]
    """The seat's own cards, in canonical order."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds, index = seat (all that is shown of other hands)."""
    trick: Trick
    """The trick in progress, with its leader and the cards played to it so far."""
    tricks: tuple[Trick, ...]
    """The completed tricks of the deal, oldest first, each with its winner."""
    tricks_won: tuple[int, ...]
    """Tricks each seat has won in this deal (Bid Whist's kitty book is not among them)."""
    trump: Suit | None
    """The trump suit, or ``None`` (no trump, or not named yet)."""
    scores: tuple[int, ...]
    """Cumulative scores, one per seat (Bid Whist partners share their team's)."""
    actor: int | None
    """The seat to act, or ``None`` at a deal and after the game."""
    legal_actions: tuple[_A_co, ...]
    """The seat's legal actions when it is to act, else ``()``."""

    def _repr_svg_(self) -> str | None:
        # Jupyter's picture of the view; every game's view is a PlayerView
        return svg_of(cast("PlayerView", self))


_svg_renderer: list[Callable[[PlayerView], str]] = []


def register_svg_renderer(renderer: Callable[[PlayerView], str]) -> None:
    """Set the function that draws views as SVG: :func:`tricktaking.render.svg`.

    Views show as pictures in Jupyter through their ``_repr_svg_``, which calls it. The
    renderer lives in a layer above the views, so it registers itself here when
    imported (``import tricktaking`` does that) instead of the views importing it.

    Example:
        >>> import tricktaking as tt
        >>> tt.view(tt.new_game(tt.WizardConfig(players=3)), 0)._repr_svg_()[:4]
        '<svg'
    """
    _svg_renderer[:] = [renderer]


def svg_of(view: PlayerView) -> str | None:
    """``view`` drawn as SVG by the registered renderer, or ``None`` without one.

    Every view class uses it as its ``_repr_svg_`` method.

    Example:
        >>> from tricktaking.views import svg_of
        >>> import tricktaking as tt
        >>> svg_of(tt.view(tt.new_game(tt.OneCardConfig(players=2)), 1)).startswith("<svg")
        True
    """
    return _svg_renderer[0](view) if _svg_renderer else None


def view_of(view_type: type[_V], view: object) -> _V:
    """``view``, if it is a ``view_type``: a plug-in's check that it was given its game's view.

    Raises:
        ArgumentTypeError: If ``view`` is of another class (a ``TypeError``).

    Example:
        >>> from tricktaking.views import view_of
        >>> from tricktaking.games.wizard import WizardView
        >>> import tricktaking as tt
        >>> view_of(WizardView, tt.view(tt.new_game(tt.WizardConfig(players=4)), 0)).seat
        0
        >>> view_of(WizardView, tt.view(tt.new_game(tt.OneCardConfig(players=2)), 0))
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentTypeError: expected WizardView, not OneCardView
    """
    if not isinstance(view, view_type):
        raise ArgumentTypeError(f"expected {view_type.__name__}, not {type(view).__name__[:40]}")
    return view


class TableState(Protocol):
    """What :func:`table_fields` reads of a state: every game's state has it.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.views import TableState
        >>> state: TableState = tt.new_game(tt.OneCardConfig(players=2))
        >>> state.round.number, state.trump, state.scores
        (0, None, (0, 0))
    """

    @property
    def round(self) -> Round:
        """The current deal."""
        ...

    @property
    def phase(self) -> enum.Enum:
        """The game's phase."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None``."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores, one per seat."""
        ...


TABLE_FIELDS: tuple[str, ...] = (
    "seat",
    "players",
    "phase",
    "round_number",
    "dealer",
    "hand",
    "hand_sizes",
    "trick",
    "tricks",
    "tricks_won",
    "trump",
    "scores",
    "actor",
    "legal_actions",
)
"""The names of the table fields of every view, in the order of :func:`table_values`."""


def table_values(
    state: TableState, seat: int, actor: int | Chance | None, legal_actions: tuple[Action, ...]
) -> tuple[object, ...]:
    """The table fields of ``seat``'s view of ``state``, in the order of :data:`TABLE_FIELDS`.

    ``actor`` and ``legal_actions`` are the state's; the view shows a seat number or
    ``None`` as the actor, and the legal actions only to the seat to act. A game builds
    its view from these values and its own fields with one positional constructor, the
    cheapest call on the path of every bot decision and every search playout.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.views import TABLE_FIELDS, table_values
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> values = dict(zip(TABLE_FIELDS, table_values(state, 0, tt.actor(state), ())))
        >>> values["hand_sizes"], values["actor"]
        ((12, 12), 1)
    """
    rnd = state.round
    hands = rnd.hands
    if type(actor) is not int:
        actor = None
    return (
        seat,
        len(hands),
        state.phase,
        rnd.number,
        rnd.dealer,
        hands[seat],
        tuple(map(len, hands)),
        rnd.trick,
        rnd.tricks,
        rnd.won,
        state.trump,
        state.scores,
        actor,
        legal_actions if actor == seat else (),
    )


def table_fields(
    state: TableState,
    seat: int,
    *,
    actor: int | Chance | None,
    legal_actions: tuple[Action, ...],
) -> dict[str, object]:
    """The table fields of ``seat``'s view of ``state``, as keyword arguments of a view.

    The values of :func:`table_values` by name.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.views import table_fields
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> fields = table_fields(state, 0, actor=tt.actor(state),
        ...                       legal_actions=tt.legal_actions(state))
        >>> fields["hand_sizes"], fields["tricks_won"], fields["actor"], fields["legal_actions"]
        ((12, 12), (0, 0), 1, ())
    """
    return dict(zip(TABLE_FIELDS, table_values(state, seat, actor, legal_actions), strict=True))


def config_json(config: object) -> dict[str, JSONValue]:
    """A game's configuration as JSON data: its options by name (the ``config`` key of a view).

    Every option of the four games is a number, a string, a flag or ``None``.

    Example:
        >>> from tricktaking.views import config_json
        >>> import tricktaking as tt
        >>> config_json(tt.WizardConfig(players=3))
        {'players': 3, 'first_dealer': 0, 'rounds': None, 'bid_rule': 'free'}
    """
    fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(config)))
    return {field.name: cast("JSONValue", getattr(config, field.name)) for field in fields}


def table_json(game: str, view: PlayerView) -> dict[str, JSONValue]:
    """The table fields of ``view`` as JSON data, led by the ``game`` name.

    Example:
        >>> from tricktaking.views import table_json
        >>> import tricktaking as tt
        >>> data = table_json("wizard", tt.view(tt.new_game(tt.WizardConfig(players=3)), 0))
        >>> list(data)[:6]
        ['game', 'seat', 'players', 'phase', 'round_number', 'dealer']
    """
    trump = view.trump
    return {
        "game": game,
        "seat": view.seat,
        "players": view.players,
        "phase": view.phase.value,
        "round_number": view.round_number,
        "dealer": view.dealer,
        "hand": cards_to_json(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "trick": trick_to_json(view.trick),
        "tricks": [trick_to_json(trick) for trick in view.tricks],
        "tricks_won": list(view.tricks_won),
        "trump": None if trump is None else trump.value,
        "scores": list(view.scores),
        "actor": view.actor,
        "legal_actions": actions_to_json(view.legal_actions),
    }


@attrs.frozen
class Zone:
    """A place where cards lie, and who may see them: the visibility model of a game.

    Every card of a dealt round is in exactly one zone. Visibility belongs to the zone,
    declared by ownership or role (a seat's hand, the declarer's discards), never by
    phase alone; views are built to show a seat only the zones it may see.

    Args:
        name: The zone's name, e.g. ``"hand 2"``, ``"stock"``, ``"tricks"``.
        cards: The cards in it.
        seen_by: The seats that may see it; ``None`` when it is public.

    Example:
        >>> from tricktaking.cards import parse_cards
        >>> from tricktaking.views import Zone
        >>> Zone("hand 1", parse_cards("AS"), frozenset({1})).visible_to(0)
        False
        >>> Zone("trick", parse_cards("KH"), None).visible_to(0)
        True
    """

    name: str
    cards: tuple[Card, ...]
    seen_by: frozenset[int] | None

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat`` may see the cards of this zone."""
        return self.seen_by is None or seat in self.seen_by


def played_zones(trick: Trick, tricks: Iterable[Trick]) -> tuple[Zone, Zone]:
    """The public zones of the cards played: the current trick and the completed ones.

    Example:
        >>> from tricktaking.tricks import Trick
        >>> from tricktaking.views import played_zones
        >>> [zone.name for zone in played_zones(Trick(leader=0), ())]
        ['trick', 'tricks']
    """
    done = tuple(play.card for done in tricks for play in done.plays)
    return Zone("trick", trick.cards, None), Zone("tricks", done, None)


def hand_zones(hands: Iterable[tuple[Card, ...]]) -> tuple[Zone, ...]:
    """One zone per hand, each seen by its owner only.

    Example:
        >>> from tricktaking.views import hand_zones
        >>> [zone.seen_by for zone in hand_zones(((), ()))]
        [frozenset({0}), frozenset({1})]
    """
    return tuple(Zone(f"hand {seat}", hand, frozenset({seat})) for seat, hand in enumerate(hands))


def replacement(
    cards: Mapping[str, tuple[Card, ...]], name: str, current: tuple[Card, ...]
) -> tuple[Card, ...]:
    """The new cards for zone ``name`` from ``cards``, or ``current`` if not given.

    Games use it to implement ``with_zones``.

    Raises:
        ValueError: If the new cards are not as many as the current ones.

    Example:
        >>> from tricktaking.cards import parse_cards
        >>> from tricktaking.views import replacement
        >>> replacement({"stock": parse_cards("AS")}, "stock", parse_cards("KH"))
        (Card(Rank.ACE, Suit.SPADES),)
    """
    new = cards.get(name, current)
    if len(new) != len(current):
        raise ValueError(f"zone {name!r} holds {len(current)} cards, not {len(new)}")
    return tuple(new)


def check_zone_names(cards: Mapping[str, object], zones: Iterable[Zone]) -> None:
    """Reject names in ``cards`` that are not hidden zones of ``zones``.

    Raises:
        ValueError: If a name is unknown or names a public zone.

    Example:
        >>> from tricktaking.views import Zone, check_zone_names
        >>> check_zone_names({"trick": ()}, [Zone("trick", (), None)])
        Traceback (most recent call last):
        ...
        ValueError: 'trick' is not a zone whose cards may be replaced
    """
    allowed = {zone.name for zone in zones if zone.seen_by is not None}
    for name in cards:
        if name not in allowed:
            raise ValueError(f"{name!r} is not a zone whose cards may be replaced")


def replaced_hands(
    cards: Mapping[str, tuple[Card, ...]], hands: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[Card, ...], ...]:
    """The hands with the replacements in ``cards`` (zones ``"hand 0"``, …), sorted.

    Example:
        >>> from tricktaking.cards import format_cards, parse_cards
        >>> from tricktaking.views import replaced_hands
        >>> hands = (parse_cards("2C"), parse_cards("3C 4C"))
        >>> [format_cards(hand) for hand in replaced_hands({"hand 1": parse_cards("AS KS")}, hands)]
        ['2C', 'KS AS']
    """
    return tuple(
        sort_cards(replacement(cards, f"hand {seat}", hand)) for seat, hand in enumerate(hands)
    )


def cards_to_json(cards: Iterable[Card]) -> list[JSONValue]:
    """The tokens of ``cards``, in order.

    Example:
        >>> from tricktaking.views import cards_to_json
        >>> cards_to_json(())
        []
    """
    return [str(card) for card in cards]


def trick_to_json(trick: Trick) -> dict[str, JSONValue]:
    """A trick as ``{"leader", "plays": [{"seat", "card"}], "winner"}``.

    Example:
        >>> from tricktaking.tricks import Trick
        >>> from tricktaking.views import trick_to_json
        >>> trick_to_json(Trick(leader=0))["plays"]
        []
    """
    return {
        "leader": trick.leader,
        "plays": [{"seat": play.seat, "card": str(play.card)} for play in trick.plays],
        "winner": trick.winner,
    }


def actions_to_json(actions: Iterable[object]) -> list[JSONValue]:
    """The canonical tokens of ``actions``, in order.

    Example:
        >>> from tricktaking.actions import Pass
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play
        >>> from tricktaking.views import actions_to_json
        >>> actions_to_json([Pass(0), Play(1, Card.parse("AS"))])
        ['0 pass', '1 play AS']
    """
    return [str(action) for action in actions]
