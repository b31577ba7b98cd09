"""Worlds: the full states a seat cannot tell from what it sees, drawn exactly.

A *world* for a :class:`~tricktaking.views.PlayerView` is a state of the view's game
whose view for that seat is exactly the given view, and whose whole round replays
legally through :func:`~tricktaking.engine.apply`: every card the seat cannot see is
placed in a hidden zone (another hand, the stock, the kitty or discards, the centre card)
so that every play in the history was legal with those hands. A seat that failed to
follow suit holds none of it; a Wizard or Jester reveals nothing; a Bid Whist no-trump
joker played to a led suit shows a void in it; the cards of the kitty exchange the seat
has seen stay where they are.

:func:`sample_world` draws a world from the exact posterior of a fair shuffle: every
deal of the physical deck consistent with the view is equally likely, so identical cards
(Wizard's four Wizards and four Jesters) count as distinct cards. It reads nothing but
the view, so it cannot leak what the seat may not see. :func:`count_worlds` counts the
distinct worlds.

A world fixes what the seat cannot see of the current round: who holds which card now,
and what lies in the hidden zones. It does not model inference from the players'
choices (a bid, a discard, a lead says something about a hand; a fair shuffle does not
know it), and the order of the cards in a face-down stock is canonical (sorted), as no
rule ever reads it.

Example:
    >>> from tricktaking.worlds import count_worlds, sample_world
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=4, rounds=3))
    >>> for _ in range(3):
    ...     state = tt.apply(state, tt.deal(state, seed=5) if tt.actor(state) is tt.CHANCE
    ...                      else tt.legal_actions(state)[0])
    >>> seen = tt.view(state, 2)
    >>> world = sample_world(seen, seed=1)
    >>> tt.view(world, 2) == seen
    True
    >>> count_worlds(seen) > 1
    True
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import cast

import attrs

from tricktaking.arguments import is_exact_int
from tricktaking.cards import Card, sort_cards
from tricktaking.engine import Game, GameState, PlayerView, game_of_view
from tricktaking.errors import ArgumentTypeError, TricktakingError
from tricktaking.plugins import FORGED_VIEW_ERRORS, WorldsPlugin
from tricktaking.seeding import derive_seed, random_below, stream
from tricktaking.worlds._assign import CardClass, Step, allocation, walk

__all__ = [
    "InconsistentViewError",
    "SamplingPlan",
    "WorldSampler",
    "count_worlds",
    "sample_world",
    "world_sampler",
]


class InconsistentViewError(TricktakingError, ValueError):
    """No state of the game gives this view: it was not made by the engine.

    A forged or malformed view (another trump or actor than its history gives, a hand
    of the wrong type, a seat out of range, a config of another game) raises it, as does
    a ``config=`` argument that is not the view's own config.

    Example:
        >>> from tricktaking.worlds import InconsistentViewError
        >>> issubclass(InconsistentViewError, ValueError)
        True
    """


def _deprecated_config(config: object | None, stacklevel: int) -> None:
    """Warn of ``config=``, ``stacklevel`` frames above this function's caller.

    The one statement of the deprecation, for world sampling and the search bots (which
    pass their ``config=`` on to :class:`WorldSampler`, and are gone with it in 0.3).
    """
    if config is not None:
        warnings.warn(
            "config= is deprecated and will be removed in 0.3: a view carries its game's "
            "config (view.config), which world sampling reads",
            DeprecationWarning,
            stacklevel=stacklevel + 2,
        )


def _plugin(view: PlayerView) -> WorldsPlugin:
    game = _worlds_game(view)
    plugin = game.worlds
    if plugin is None:
        raise ArgumentTypeError(
            f"{game.title} has no world model (its declaration has no worlds plug-in)"
        )
    return plugin


def _worlds_game(view: PlayerView) -> Game[GameState[object], object]:
    try:
        return game_of_view(view)
    except TypeError:
        raise ArgumentTypeError(
            f"no world model for {type(view).__name__[:40]}: not a player view"
        ) from None


def _malformed(error: BaseException) -> InconsistentViewError:
    return InconsistentViewError(f"the view is not one the engine gives: {error}"[:300])


@attrs.frozen
class SamplingPlan:
    """The tables of a view's exact posterior, for a sampler outside this module.

    A world is drawn by walking :attr:`steps` from the first: at each step one option is
    drawn in proportion to its weight, and adds its counts of each class's cards to a
    zone; then each class's cards are shuffled and dealt to its zones by those counts.
    Every consistent placement of the physical hidden cards is then equally likely.

    Attributes:
        zones: The hidden zones, as :class:`~tricktaking.plugins.WorldLayout` names them.
        sizes: How many hidden cards each zone holds.
        classes: For each class of exchangeable cards: the zones it may lie in, and its
            cards (copies repeated).
        steps: The sampling walk's states, the first one the start.

    Example:
        >>> from tricktaking.worlds import world_sampler
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OhHellConfig(players=3, hand_size=2, first_dealer=0))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> plan = world_sampler(tt.view(state, 1)).plan()
        >>> plan.zones, plan.sizes
        (('hand 0', 'hand 2', 'stock'), (2, 2, 45))
        >>> plan.steps[0].total  # every placement of the 49 hidden cards: C(49, 2) * C(47, 2)
        1271256
    """

    zones: tuple[str, ...]
    sizes: tuple[int, ...]
    classes: tuple[tuple[tuple[int, ...], tuple[Card, ...]], ...]
    steps: tuple[Step, ...]


class WorldSampler:
    """Draws worlds of one view; building it does the counting once for many draws.

    Use :func:`world_sampler` to make one. The game's config is the view's own
    (``view.config``); ``config`` is deprecated (see :func:`world_sampler`).

    The first world a sampler builds (for a draw or a count) is checked to give back
    exactly the view, so a forged view raises :class:`InconsistentViewError` instead
    of giving worlds of another position; every other world of the view gives the same
    view, as a world differs from it only in cards the seat does not see.

    Example:
        >>> from tricktaking.worlds import world_sampler
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> sampler = world_sampler(tt.view(state, 0))
        >>> sampler.count(), sampler.physical_deals()
        (13, 13)
    """

    def __init__(self, view: PlayerView, config: object | None = None) -> None:
        _deprecated_config(config, stacklevel=1)
        self._setup(view, config)

    @classmethod
    def _quietly(cls, view: PlayerView, config: object | None) -> WorldSampler:
        """A sampler made by a function that has warned of ``config`` itself."""
        sampler = cls.__new__(cls)
        sampler._setup(view, config)
        return sampler

    def _setup(self, view: PlayerView, config: object | None) -> None:
        plugin = _plugin(view)
        self.view = view
        self._verified = False
        try:
            shown = plugin.config_of(view)
            if config is not None and config != shown:
                raise InconsistentViewError(
                    f"config={type(config).__name__}(...) is not the view's config"
                    f" ({type(shown).__name__[:40]}): the view was made under other rules"
                )
            self._layout = layout = plugin.layout(view, shown)
            if any(not is_exact_int(size) or size < 0 for size in layout.sizes):
                raise InconsistentViewError(
                    "the view gives a hidden zone a size that is not a count"
                )
            zone_of = range(len(layout.zones))
            groups: dict[tuple[int, ...], list[Card]] = {}
            for card in layout.hidden:
                allowed = tuple(z for z in zone_of if card not in layout.forbidden[z])
                groups.setdefault(allowed, []).append(card)
            self._groups = list(groups.items())
            classes = [CardClass(len(cards), allowed) for allowed, cards in self._groups]
            self._allocation = allocation(layout.sizes, classes)
            self._order = [self._groups[self._class_index(c)] for c in self._allocation.classes]
            deals = sum(layout.sizes) == len(layout.hidden) and self._allocation.count() > 0
        except InconsistentViewError:
            raise
        except FORGED_VIEW_ERRORS as error:
            raise _malformed(error) from error
        if not deals:
            raise InconsistentViewError("no deal of the cards is consistent with the view")

    def _check(self, world: GameState[object]) -> GameState[object]:
        """``world``, once its view for the seat is shown to be exactly the given view."""
        if not self._verified:
            view = self.view
            try:
                same = _worlds_game(view).rules.view(world, view.seat) == view
            except FORGED_VIEW_ERRORS as error:
                raise _malformed(error) from error
            if not same:
                raise InconsistentViewError(
                    "the view is not one the engine gives: no world gives it back"
                )
            self._verified = True
        return world

    def _checked_world(self, seed: int) -> GameState[object]:
        try:
            world = self.world(self.assignment(stream(derive_seed(seed, "world"))))
        except FORGED_VIEW_ERRORS as error:
            raise _malformed(error) from error
        return self._check(world)

    def _class_index(self, cls: CardClass) -> int:
        for index, (allowed, cards) in enumerate(self._groups):
            if allowed == cls.zones and len(cards) == cls.size:
                return index
        raise AssertionError("unreachable")  # pragma: no cover

    def physical_deals(self) -> int:
        """The number of consistent placements of the physical hidden cards.

        Raises:
            InconsistentViewError: If the view is not one the engine gives.
        """
        self._verify()
        return self._allocation.count()

    def count(self) -> int:
        """The number of distinct worlds (identical cards not told apart).

        Raises:
            InconsistentViewError: If the view is not one the engine gives.
        """
        self._verify()
        layout = self._layout
        classes: list[CardClass] = []
        for allowed, cards in self._groups:
            kinds: dict[Card, int] = {}
            for card in cards:
                kinds[card] = kinds.get(card, 0) + 1
            single = sum(1 for copies in kinds.values() if copies == 1)
            if single:
                classes.append(CardClass(single, allowed))
            classes += [CardClass(n, allowed, identical=True) for n in kinds.values() if n > 1]
        return allocation(layout.sizes, classes).count()

    def assignment(self, words: Iterator[int]) -> dict[str, tuple[Card, ...]]:
        """The hidden cards of each hidden zone, drawn from ``words``.

        Each class's cards are drawn one by one without replacement for all its zones
        but the last, which keeps the rest: every subset is equally likely.
        """
        layout = self._layout
        placed: list[list[Card]] = [[] for _ in layout.zones]
        splits = self._allocation.sample(words)
        for (allowed, cards), split in zip(self._order, splits, strict=True):
            pool = list(cards)
            last = allowed[-1]
            for zone, count in zip(allowed, split, strict=True):
                if zone == last:
                    placed[zone] += pool
                    break
                target = placed[zone]
                for _ in range(count):
                    target.append(pool.pop(random_below(words, len(pool))))
        return {name: sort_cards(cards) for name, cards in zip(layout.zones, placed, strict=True)}

    def sample(self, seed: int) -> GameState[object]:
        """A world drawn by ``seed``: the same seed gives the same world.

        Raises:
            InconsistentViewError: If the view is not one the engine gives.
        """
        return self._checked_world(seed)

    def _verify(self) -> None:
        if not self._verified:
            self._checked_world(0)

    def plan(self) -> SamplingPlan:
        """What a compiled sampler needs to draw this view's worlds exactly.

        Raises:
            InconsistentViewError: If the view is not one the engine gives.

        Example:
            >>> from tricktaking.worlds import world_sampler
            >>> import tricktaking as tt
            >>> state = tt.new_game(tt.OneCardConfig(players=2))
            >>> state = tt.apply(state, tt.deal(state, seed=1))
            >>> plan = world_sampler(tt.view(state, 0)).plan()
            >>> plan.zones, plan.sizes, plan.steps[0].total
            (('hand 1', 'centre'), (12, 1), 13)
        """
        self._verify()
        layout = self._layout
        return SamplingPlan(
            zones=layout.zones,
            sizes=layout.sizes,
            classes=tuple((allowed, tuple(cards)) for allowed, cards in self._order),
            steps=walk(self._allocation),
        )

    def world(self, assignment: dict[str, tuple[Card, ...]]) -> GameState[object]:
        """The world with these hidden cards, replayed through ``apply``.

        It is not checked against the view: an assignment that breaks the view's
        constraints (a card given to a seat known to be void of its suit) raises the
        engine's :class:`~tricktaking.errors.IllegalActionError` or gives another view.
        """
        # a game's layout builds states of that game (WorldLayout is below the engine)
        return cast("GameState[object]", self._layout.build(assignment))


def world_sampler(view: PlayerView, *, config: object | None = None) -> WorldSampler:
    """A sampler of ``view``'s worlds, for drawing many worlds of one view cheaply.

    The game's rules are the view's config (``view.config``): everyone at the table
    knows them.

    Args:
        view: The seat's view.
        config: Deprecated (removed in 0.3): the view carries its config. A config given
            here warns with a ``DeprecationWarning`` and must be the view's own.

    Raises:
        InconsistentViewError: If no state gives this view (a forged or malformed view),
            or ``config`` is not the view's config.
        ArgumentTypeError: If ``view`` is not a view of a known game (a ``TypeError``).

    Example:
        >>> from tricktaking.worlds import world_sampler
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=4))
        >>> sampler = world_sampler(tt.view(state, 0))
        >>> sampler.sample(1) == sampler.sample(1)
        True
    """
    _deprecated_config(config, stacklevel=1)
    return WorldSampler._quietly(view, config)


def sample_world(view: PlayerView, seed: int, *, config: object | None = None) -> GameState[object]:
    """A state drawn uniformly among the physical deals consistent with ``view``.

    Args:
        view: The seat's view; its ``config`` gives the rules.
        seed: Chooses the world; the same view and seed always give the same world.
        config: Deprecated (removed in 0.3): see :func:`world_sampler`.

    Returns:
        A state whose view for ``view.seat`` equals ``view`` and whose round replays
        legally from its deal.

    Raises:
        InconsistentViewError: As :func:`world_sampler` does.
        ArgumentTypeError: As :func:`world_sampler` does.

    Example:
        >>> from tricktaking.worlds import sample_world
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.BidWhistConfig())
        >>> state = tt.apply(state, tt.deal(state, seed=7))
        >>> world = sample_world(tt.view(state, 3), seed=2)
        >>> tt.view(world, 3) == tt.view(state, 3), world.round.hands[3] == state.round.hands[3]
        (True, True)
    """
    _deprecated_config(config, stacklevel=1)
    return WorldSampler._quietly(view, config).sample(seed)


def count_worlds(view: PlayerView, *, config: object | None = None) -> int:
    """The number of distinct worlds of ``view``, exactly.

    Distinct means as states: identical cards (Wizard's Wizards, its Jesters) are not
    told apart, so two deals that differ only in which Wizard a seat holds are one
    world. :func:`sample_world` weighs each world by its number of physical deals.

    Args:
        view: The seat's view; its ``config`` gives the rules.
        config: Deprecated (removed in 0.3): see :func:`world_sampler`.

    Raises:
        InconsistentViewError: As :func:`world_sampler` does.
        ArgumentTypeError: As :func:`world_sampler` does.

    Example:
        >>> from tricktaking.worlds import count_worlds
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> count_worlds(tt.view(state, 0))  # 12 cards of 13 to the other hand
        13
    """
    _deprecated_config(config, stacklevel=1)
    return WorldSampler._quietly(view, config).count()
