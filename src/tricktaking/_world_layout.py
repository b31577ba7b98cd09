"""What a game's worlds plug-in tells the sampler: the hidden zones, their rules, a builder.

Every game reduces a view to the same structure: the cards the seat cannot see, the
hidden zones they lie in (sizes fixed by the view), the cards each zone cannot hold
(derived from the history through the game's own ``legal_plays``), and a function that
turns an assignment of the hidden cards into a full state by replaying the view's
public history from a deal. The sampler and the counter know nothing of any game.
:func:`deal_layout` is the whole plug-in of a game whose deal is the hands and a stock;
the pieces it is made of serve a game with more to it. :mod:`tricktaking.kit` makes
these public.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar, cast

import attrs

from tricktaking import engine as tt
from tricktaking.actions import Deal
from tricktaking.cards import Card, sort_cards
from tricktaking.engine import Action, GameState
from tricktaking.plugins import Assignment, WorldLayout
from tricktaking.rounds import Round
from tricktaking.tricks import Play, Trick
from tricktaking.views import PlayerView

__all__ = [
    "deal_layout",
    "dealing_builder",
    "deck_of",
    "first_deal",
    "hand_dealer",
    "hidden_cards",
    "hidden_hands",
    "plays_of",
    "replayer",
    "seen_cards",
    "view_config",
    "voids",
]

Follow = Callable[[tuple[Card, ...], Trick], tuple[Card, ...]]
"""A game's legal plays of a hand to a trick (its ``legal_plays``, trump bound)."""

Layout = WorldLayout

_C_co = TypeVar("_C_co", covariant=True)
_C = TypeVar("_C")


class _Configured(Protocol[_C_co]):
    @property
    def config(self) -> _C_co: ...


def view_config(view: _Configured[_C]) -> _C:
    """The configuration a view carries: everyone at the table knows the rules.

    A game's worlds plug-in reads the rules from the view with it.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> kit.view_config(tt.view(tt.new_game(tt.OneCardConfig(players=3)), 0)).players
        3
    """
    return view.config


def first_deal(config: object) -> Deal:
    """A deal of ``config``'s first deal: its sizes and cards are those of every deal.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> [len(hand) for hand in kit.first_deal(tt.BidWhistConfig()).hands]
        [12, 12, 12, 12]
    """
    return tt.deal(tt.new_game(config), 0)


def deck_of(config: object) -> Counter[Card]:
    """The cards of one deal of ``config``'s game, counted (a deal holds them all).

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> import tricktaking as tt
        >>> deck = kit.deck_of(tt.WizardConfig(players=3))
        >>> sum(deck.values()), deck[Card.parse("WZ")]
        (60, 4)
    """
    return _deck(config).copy()


@functools.lru_cache(maxsize=64)
def _deck(config: object) -> Counter[Card]:
    dealt = first_deal(config)
    return Counter([*(card for hand in dealt.hands for card in hand), *dealt.stock])


def hidden_cards(deck: Counter[Card], seen: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``deck`` not in ``seen``, sorted.

    Raises:
        ValueError: If ``seen`` holds a card more often than the deck does.

    Example:
        >>> from collections import Counter
        >>> from tricktaking import kit
        >>> from tricktaking.cards import format_cards, parse_cards
        >>> format_cards(kit.hidden_cards(Counter(parse_cards("AS KS AH KH")), parse_cards("KH")))
        'KS AS AH'
    """
    rest = Counter(deck)
    rest.subtract(seen)
    if any(count < 0 for count in rest.values()):
        raise ValueError("the view shows cards that are not in the game's deck")
    return sort_cards(rest.elements())


def all_plays(trick: Trick, tricks: Sequence[Trick]) -> list[tuple[Trick, Play]]:
    """Each play of the round with the trick as it stood before it."""
    result: list[tuple[Trick, Play]] = []
    for done in (*tricks, trick):
        for index, play in enumerate(done.plays):
            result.append((Trick(leader=done.leader, plays=done.plays[:index]), play))
    return result


def voids(
    trick: Trick, tricks: Sequence[Trick], candidates: Iterable[Card], follow: Follow
) -> dict[int, frozenset[Card]]:
    """The cards each seat cannot hold now, because a play of theirs would have been illegal.

    A play ``p`` to a trick rules out every card ``c`` for which the game's
    ``legal_plays((p, c), trick)`` leaves ``p`` out: with ``c`` in hand, ``p`` was not
    allowed. Follow rules are pairwise (holding one card of the suit to follow is
    enough) and monotone (a play legal beside every hidden card is legal beside any),
    so this is exact; it knows no suit by name, only the rules' verdicts.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import parse_cards
        >>> from tricktaking.games.oh_hell import legal_plays
        >>> from tricktaking.tricks import Play, Trick
        >>> spade, heart = parse_cards("AS 2H")
        >>> trick = Trick(leader=0, plays=(Play(0, spade), Play(1, heart)))
        >>> kit.voids(trick, (), parse_cards("KS QH"), legal_plays)  # seat 1 holds no spade
        {1: frozenset({Card(Rank.KING, Suit.SPADES)})}
    """
    kinds = tuple(dict.fromkeys(candidates))
    barred: dict[int, set[Card]] = {}
    for before, play in all_plays(trick, tricks):
        if not before.plays:
            continue  # a lead follows nothing
        card = play.card
        if card in follow((card, *kinds), before):
            continue  # legal even beside every hidden card: it rules nothing out
        for other in kinds:
            if card not in follow((card, other), before):
                barred.setdefault(play.seat, set()).add(other)
    return {seat: frozenset(cards) for seat, cards in barred.items()}


def played_by(trick: Trick, tricks: Sequence[Trick], players: int) -> list[list[Card]]:
    """The cards each seat has played this round, in order."""
    cards: list[list[Card]] = [[] for _ in range(players)]
    for _, play in all_plays(trick, tricks):
        cards[play.seat].append(play.card)
    return cards


def plays_of(trick: Trick, tricks: Sequence[Trick]) -> list[Play]:
    """The plays of the deal in order: the completed ``tricks``, then ``trick``.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import Card
        >>> from tricktaking.tricks import Play, Trick
        >>> done = Trick(leader=1, plays=(Play(1, Card.parse("AS")), Play(0, Card.parse("KS"))))
        >>> [str(play) for play in kit.plays_of(Trick(leader=1), (done,))]
        ['1 play AS', '0 play KS']
    """
    return [play for _, play in all_plays(trick, tricks)]


def seen_cards(view: PlayerView) -> list[Card]:
    """The cards of the deal the seat sees in every game: its hand and the plays.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> seen = tt.view(tt.apply(state, tt.deal(state, seed=1)), 0)
        >>> kit.seen_cards(seen) == list(seen.hand)
        True
    """
    return [*view.hand, *(card for done in view.tricks for card in done.cards), *view.trick.cards]


def hidden_hands(
    view: PlayerView, hidden: Sequence[Card], follow: Follow
) -> tuple[list[str], list[int], list[frozenset[Card]]]:
    """The other seats' hands as hidden zones: names, sizes and the cards each cannot hold.

    ``hidden`` are the cards the seat cannot see, and ``follow`` the game's legal plays
    of a hand to a trick, from which :func:`voids` finds what each seat cannot hold.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games.one_card import legal_plays
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=3))
        >>> seen = tt.view(tt.apply(state, tt.deal(state, seed=1)), 0)
        >>> hidden = kit.hidden_cards(kit.deck_of(seen.config), kit.seen_cards(seen))
        >>> follow = lambda hand, trick: legal_plays(hand, trick, None)
        >>> kit.hidden_hands(seen, hidden, follow)
        (['hand 1', 'hand 2'], [8, 8], [frozenset(), frozenset()])
    """
    others = [seat for seat in range(len(view.hand_sizes)) if seat != view.seat]
    barred = voids(view.trick, view.tricks, hidden, follow)
    return (
        [f"hand {seat}" for seat in others],
        [view.hand_sizes[seat] for seat in others],
        [barred.get(seat, frozenset()) for seat in others],
    )


def hand_dealer(view: PlayerView) -> Callable[[Assignment], list[list[Card]]]:
    """A function giving each seat's cards at the deal: what it holds now and has played.

    Its argument is an assignment of the hidden cards to the zones ``"hand 0"``, ...

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.cards import format_cards
        >>> from tricktaking.games import one_card
        >>> state = one_card.new_game(one_card.OneCardConfig(players=2))
        >>> state = one_card.apply(state, one_card.deal(state, seed=1))
        >>> dealt = kit.hand_dealer(one_card.view(state, 0))({"hand 1": state.round.hands[1]})
        >>> [format_cards(hand) for hand in dealt] == [format_cards(h) for h in state.round.hands]
        True
    """
    played = played_by(view.trick, view.tricks, len(view.hand_sizes))
    names = [f"hand {seat}" for seat in range(len(played))]
    seat, hand = view.seat, view.hand

    def dealt(assignment: Assignment) -> list[list[Card]]:
        return [
            [*(hand if other == seat else assignment[names[other]]), *cards]
            for other, cards in enumerate(played)
        ]

    return dealt


def round_starts(
    base: GameState[object], number: int, field: str, previous_dealer: int = 0
) -> Callable[[tuple[int, ...]], GameState[object]]:
    """The state before deal ``number`` with given totals, from ``base`` (a new game).

    Returns a function of the totals, which sets the state's ``field`` (``"scores"``,
    Bid Whist's ``"team_scores"``); it remembers what it built, as every world of a
    view starts from the same state. ``previous_dealer`` is the dealer of the deal
    before, for a game that passes the deal on from it (Oh Hell's drawn first dealer).
    """
    players = len(tt.scores(base))
    done = Round(
        number=number - 1,
        dealer=previous_dealer,
        hands=((),) * players,
        trick=Trick(leader=0),
        won=(0,) * players,
    )

    # attrs.evolve on a state known only as a GameState (a protocol, not an attrs class)
    _evolve = cast("Callable[..., GameState[object]]", attrs.evolve)

    @functools.cache
    def start(totals: tuple[int, ...]) -> GameState[object]:
        # every built-in game's state is an attrs class with ``round`` and the totals
        changes: dict[str, object] = {"round": done, field: totals}
        return _evolve(base, **changes)

    return start


def replayer(
    base: GameState[object],
    number: int,
    *,
    field: str,
    shown: tuple[int, ...],
    complete: bool,
    scores_of: Callable[[GameState[object]], tuple[int, ...]],
    previous_dealer: int = 0,
) -> Callable[[Sequence[Action]], GameState[object]]:
    """The function that plays a deal's actions from the state before deal ``number``.

    The totals before the deal are ``shown`` (the view's), or, when the view shows the
    deal ``complete`` (scored), ``shown`` less the deal's own score change. ``field`` and
    ``scores_of`` say where a state keeps its totals and how a view shows them.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> deal = tt.deal(state, seed=1)
        >>> run = kit.replayer(state, 1, field="scores", shown=(0, 0), complete=False,
        ...                    scores_of=tt.scores)
        >>> run([deal]) == tt.apply(state, deal)
        True
    """
    start = round_starts(base, number, field, previous_dealer)
    # the first deal starts from the game's own totals, whatever a (forged) view shows
    first: tuple[int, ...] | None = getattr(base, field) if number == 1 else None

    def run(actions: Sequence[Action]) -> GameState[object]:
        def from_totals(totals: tuple[int, ...]) -> GameState[object]:
            return replay(start(totals), actions)

        if first is not None:
            return from_totals(first)
        if complete:
            return completed_round_scores(from_totals, shown, scores_of)
        return from_totals(shown)

    return run


def dealing_builder(
    view: PlayerView,
    base: GameState[object],
    number: int,
    *,
    complete: bool,
    stock: Callable[[Assignment], tuple[Card, ...]],
    actions: Sequence[Action],
    drawn_dealer: int | None = None,
) -> Callable[[Assignment], GameState[object]]:
    """The builder of a game whose deal is the hands and a ``stock``, then ``actions``.

    ``drawn_dealer`` is the dealer the deal names when chance drew it (``None`` when the
    rotation sets it); the deal before passed the deal on to the view's dealer.

    Example:
        >>> from tricktaking import kit
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.OneCardConfig(players=2))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> build = kit.dealing_builder(tt.view(state, 0), tt.new_game(state.config), 1,
        ...     complete=False, stock=lambda assignment: (state.centre,), actions=())
        >>> build({"hand 1": state.round.hands[1]}) == state
        True
    """
    deal_hands = hand_dealer(view)
    run = replayer(
        base,
        number,
        field="scores",
        shown=view.scores,
        complete=complete,
        scores_of=tt.scores,
        previous_dealer=(view.dealer - 1) % len(view.hand_sizes),
    )

    def build(assignment: Assignment) -> GameState[object]:
        hands = tuple(sort_cards(hand) for hand in deal_hands(assignment))
        deal = Deal(hands=hands, stock=stock(assignment), dealer=drawn_dealer)
        return run((deal, *actions))

    return build


def replay(state: GameState[object], actions: Iterable[Action]) -> GameState[object]:
    """``state`` after ``actions``, each validated by the game's ``apply``."""
    apply = tt.game_of(state).rules.apply
    for action in actions:
        state = apply(state, action)
    return state


def completed_round_scores(
    build: Callable[[tuple[int, ...]], GameState[object]],
    shown: tuple[int, ...],
    scores_of: Callable[[GameState[object]], tuple[int, ...]],
) -> GameState[object]:
    """The state that ends a round with totals ``shown``, built from the totals before it.

    ``build(before)`` replays the round from totals ``before``. The round's own score
    change is found by a first replay, and subtracted.
    """
    first = build(shown)
    change = [after - before for after, before in zip(scores_of(first), shown, strict=True)]
    return build(tuple(total - delta for total, delta in zip(shown, change, strict=True)))


def deal_layout(
    view: PlayerView,
    config: object,
    *,
    follow: Follow,
    actions: Sequence[Action],
    complete: bool,
    shown: Sequence[Card] = (),
    stock_zone: tuple[str, int] | None = None,
    drawn_dealer: int | None = None,
) -> WorldLayout:
    """The worlds of a view of a game whose deal is the hands and a stock, then ``actions``.

    The hidden cards are the deck's but those the seat sees: its hand, the plays, and
    ``shown``, the stock's face-up cards (a turn-up). They lie in the other hands, each
    barred from the cards its plays rule out by ``follow`` (the game's legal plays of a
    hand to a trick), and in the stock's hidden part, ``stock_zone`` (its name and size),
    if it has one. A world deals the hands and the stock (the shown cards, then the hidden
    part) and replays the view's public ``actions`` after the deal, from the state before
    the deal with the view's totals (before the deal's own score when ``complete``).
    ``drawn_dealer`` is the dealer a deal names when chance drew it.

    Example:
        >>> from tricktaking import kit
        >>> from tricktaking.games import oh_hell
        >>> config = oh_hell.OhHellConfig(hand_size=4, first_dealer=0)
        >>> state = oh_hell.new_game(config)
        >>> seen = oh_hell.view(oh_hell.apply(state, oh_hell.deal(state, seed=1)), 2)
        >>> layout = kit.deal_layout(
        ...     seen, config, follow=oh_hell.legal_plays, actions=(), complete=False,
        ...     shown=(seen.turn_up,), stock_zone=("stock", 52 - 3 * 4 - 1))
        >>> layout.zones, layout.sizes, len(layout.hidden)
        (('hand 0', 'hand 1', 'stock'), (4, 4, 39), 47)
        >>> oh_hell.view(layout.build(dict(zip(layout.zones, (layout.hidden[:4],
        ...     layout.hidden[4:8], layout.hidden[8:])))), 2) == seen
        True
    """
    number = view.round_number
    base = tt.new_game(config)
    if number == 0:
        return WorldLayout((), (), (), (), lambda _: base)
    hidden = hidden_cards(deck_of(config), [*seen_cards(view), *shown])
    zones, sizes, forbidden = hidden_hands(view, hidden, follow)
    if stock_zone is not None:
        zones.append(stock_zone[0])
        sizes.append(stock_zone[1])
        forbidden.append(frozenset())
    front = tuple(shown)

    def stock(assignment: Assignment) -> tuple[Card, ...]:
        return front if stock_zone is None else (*front, *assignment[stock_zone[0]])

    build = dealing_builder(
        view,
        base,
        number,
        complete=complete,
        stock=stock,
        actions=actions,
        drawn_dealer=drawn_dealer,
    )
    return WorldLayout(tuple(zones), tuple(sizes), hidden, tuple(forbidden), build)
