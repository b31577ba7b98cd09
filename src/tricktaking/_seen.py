"""What one seat saw of a game: its record's tokens, and the views read back from them.

A perspective record holds every action as one seat saw it. Its own actions and every
public action keep their canonical token (``"2 play QH"``, ``"1 bid 3"``). A deal shows
the seat's own hand, the cards of the stock it sees during that deal (Wizard's turn-up,
the kitty a Bid Whist declarer takes up, One Card's centre card once it is revealed) and
``?N`` for ``N`` cards it never sees there: ``"deal ?3 / 10D QS 2H / ?3 / 7C ?56"``.
Another seat's action whose card stays hidden (a Bid Whist declarer's discard) has ``?``
for the card: ``"2 discard ?"``. Cards played are public, so the plays reveal the other
hands card by card.

Reading one back, the hidden cards are filled in with cards the seat could not tell from
the real ones: each other hand with the cards it later plays, the rest wherever the rules
allow (a seat that failed to follow suit is given none of it, from the game's own world
model), and the filled game is replayed through the engine. Its views for the seat are
the views the seat had, as views never show a hidden card. Writing the filled game back
from the seat's side must give the record again, token by token: a record that names a
card the seat could not see, or hides one it saw, is refused, as is any that no game
gives (a card played twice, a play that breaks the rules).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, cast

import attrs

from tricktaking.actions import Action, Deal
from tricktaking.cards import Card, sort_cards
from tricktaking.engine import (
    GameState,
    PlayerView,
    apply,
    deal,
    game_of,
    legal_actions,
    new_game,
    view,
)
from tricktaking.errors import NotationError, RecordError, TricktakingError, safe_repr, safe_str
from tricktaking.tricks import Play, Trick
from tricktaking.views import Zone, played_zones

__all__ = ["HIDDEN", "Rebuilt", "SeenDeal", "rebuild", "seen_tokens"]

HIDDEN: Final = "?"
"""What stands for a hidden card in a perspective record's tokens."""

_PLAYED: Final = frozenset(zone.name for zone in played_zones(Trick(leader=0), ()))
_HIDDEN_RUN = re.compile(r"\?(\d{1,3})")


# --- writing --------------------------------------------------------------------------------


def _visible(zones: Iterable[Zone], seat: int, *, played: bool) -> Counter[Card]:
    return Counter(
        card
        for zone in zones
        if zone.visible_to(seat) and (played or zone.name not in _PLAYED)
        for card in zone.cards
    )


def seen_tokens(states: Sequence[GameState[object]], seat: int, *, start: int = 0) -> list[str]:
    """The token of every action of a game as ``seat`` saw it, from action ``start`` on.

    ``states`` are the states of the game: the new game, then one after each action;
    ``start`` is the index of a deal (only the states from it on are read).
    """
    rules = game_of(states[0]).rules
    zones = {index: rules.zones(states[index]) for index in range(start, len(states))}
    actions = states[-1].history.to_tuple()
    starts = [index for index, action in enumerate(actions) if isinstance(action, Deal)]
    ends = dict(zip(starts, [*starts[1:], len(actions)][: len(starts)], strict=True))
    tokens: list[str] = []
    for index in range(start, len(actions)):
        action = actions[index]
        if isinstance(action, Deal):
            seen: Counter[Card] = Counter()
            for later in range(index + 1, ends[index] + 1):
                seen |= _visible(zones[later], seat, played=False)
            tokens.append(str(_seen_deal(action, seat, seen, zones[index + 1])))
        else:
            shown = _shows(action, seat, zones[index], zones[index + 1])
            tokens.append(str(action) if shown else _masked(action))
    return tokens


def _shows(action: Action, seat: int, before: Sequence[Zone], after: Sequence[Zone]) -> bool:
    """Whether ``seat`` sees ``action`` whole: its own, one without a card, or a card shown."""
    if getattr(action, "seat", seat) == seat:
        return True
    card = getattr(action, "card", None)
    if not isinstance(card, Card):
        return True
    return _visible(after, seat, played=True)[card] > _visible(before, seat, played=True)[card]


def _masked(action: Action) -> str:
    """``"2 discard ?"``: the action's token with its card hidden."""
    token, card = str(action), str(getattr(action, "card", ""))
    seat = getattr(action, "seat", "")
    return token[: -len(card)] + HIDDEN if token.endswith(" " + card) else f"{seat} {HIDDEN}"


@attrs.frozen
class SeenDeal:
    """A deal as one seat saw it: each hand and the stock, a card or a count of hidden ones.

    Example:
        >>> from tricktaking._seen import SeenDeal
        >>> from tricktaking.cards import Card
        >>> str(SeenDeal(None, ((2,), (Card.parse("QH"), Card.parse("2C")), (Card.parse("7S"), 5))))
        'deal ?2 / QH 2C / 7S ?5'
    """

    dealer: int | None
    groups: tuple[tuple[Card | int, ...], ...]

    def __str__(self) -> str:
        text = " / ".join(
            " ".join(str(item) if isinstance(item, Card) else f"{HIDDEN}{item}" for item in group)
            for group in self.groups
        )
        return "deal " + text if self.dealer is None else f"deal dealer {self.dealer}: {text}"

    @classmethod
    def parse(cls, text: str) -> SeenDeal:
        """Read a deal token of a perspective record.

        Raises:
            NotationError: If it is not one.
        """
        body = text.strip()[len("deal") :].strip()
        dealer: int | None = None
        if body.startswith("dealer"):
            head, colon, body = body.partition(":")
            number = head.removeprefix("dealer").strip()
            if not colon or not number.isascii() or not number.isdigit() or len(number) > 3:
                raise NotationError(f"{safe_repr(text)} names no dealer")
            dealer = int(number)
        groups: list[tuple[Card | int, ...]] = []
        for part in body.split("/"):
            items: list[Card | int] = []
            for word in part.split():
                run = _HIDDEN_RUN.fullmatch(word)
                if run is not None and int(run[1]) > 0:
                    count = int(run[1])
                    if items and isinstance(items[-1], int):
                        items[-1] += count
                    else:
                        items.append(count)
                else:
                    items.append(Card.parse(word))
            groups.append(tuple(items))
        return cls(dealer, tuple(groups))

    @property
    def shown(self) -> Counter[Card]:
        """Every card the deal shows."""
        return Counter(item for group in self.groups for item in group if isinstance(item, Card))


def _seen_deal(action: Deal, seat: int, seen: Counter[Card], zones: Sequence[Zone]) -> SeenDeal:
    """The deal as ``seat`` saw it, given the cards it saw outside the tricks that deal."""
    extra = seen - Counter(action.hands[seat])
    open_hands = {zone.name for zone in zones if zone.visible_to(seat)}
    stock: list[Card | int] = []
    for card in action.stock:
        if extra[card] > 0:
            extra[card] -= 1
            stock.append(card)
        else:
            _hide(stock)
    groups: list[tuple[Card | int, ...]] = []
    for other, hand in enumerate(action.hands):
        if other == seat or f"hand {other}" in open_hands:
            groups.append(tuple(hand))
        else:
            groups.append((len(hand),) if hand else ())
    return SeenDeal(action.dealer, (*groups, tuple(stock)))


def _hide(items: list[Card | int]) -> None:
    if items and isinstance(items[-1], int):
        items[-1] += 1
    else:
        items.append(1)


# --- reading back ---------------------------------------------------------------------------


@attrs.frozen
class Rebuilt:
    """A perspective record read back: the seat's views and the filled game's last state."""

    views: tuple[PlayerView, ...]
    final: GameState[object]


@attrs.frozen
class _Masked:
    """An action of another seat whose card the seat did not see: its token."""

    token: str


def rebuild(config: object, seat: int, tokens: Sequence[str]) -> Rebuilt:
    """The views ``seat`` had, from the tokens of its perspective record.

    Raises:
        RecordError: With the index of the first token that no game the seat could have
            seen gives.
    """
    state: GameState[object] = new_game(config)
    game = game_of(state)
    parse = game.rules.parse_action
    items: list[SeenDeal | Action | _Masked] = []
    for index, token in enumerate(tokens):
        items.append(_item(token, index, parse))
    states = [state]
    starts = [index for index, item in enumerate(items) if isinstance(item, SeenDeal)]
    if items and not isinstance(items[0], SeenDeal):
        raise RecordError("action 0 is not the first deal", index=0)
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(items)
        segment = _Segment(seat, start, items[start:end])
        states += segment.play(states[-1])
    written = seen_tokens(states, seat)
    for index, (token, again) in enumerate(zip(tokens, written, strict=True)):
        if _normal(token, parse) != _normal(again, parse):
            raise RecordError(
                f"action {index} ({safe_str(token)}) is not what seat {seat} saw: it would "
                f"read {safe_str(again)!r} (a card the seat could not see is named, or one "
                "it saw is hidden)",
                index=index,
            )
    return Rebuilt(views=tuple(view(state, seat) for state in states), final=states[-1])


def _item(token: str, index: int, parse: Callable[[str], Action]) -> SeenDeal | Action | _Masked:
    try:
        if token.strip().lower().startswith("deal"):
            return SeenDeal.parse(token)
        words = token.split()
        if words and words[-1] == HIDDEN:
            return _Masked(" ".join(words))
        return parse(token)
    except (NotationError, ValueError) as error:
        raise RecordError(
            f"action {index} ({safe_repr(token)}) is not an action: {error}", index=index
        ) from None


def _normal(token: str, parse: Callable[[str], Action]) -> str:
    """A token in one spelling, so that ``"2 play qh"`` and ``"2 play QH"`` compare equal."""
    if token.strip().lower().startswith("deal"):
        return str(SeenDeal.parse(token))
    words = token.split()
    if words and words[-1] == HIDDEN:
        return " ".join(words)
    return str(parse(token))


class _Segment:
    """One deal of a perspective record and the actions after it, played on a filled deal."""

    def __init__(self, seat: int, start: int, items: Sequence[SeenDeal | Action | _Masked]):
        self.seat = seat
        self.start = start
        self.seen = cast("SeenDeal", items[0])
        self.items = items[1:]
        # every card each seat is seen to play in this deal, in order
        self.plays: list[list[Card]] = []

    def play(self, before: GameState[object]) -> list[GameState[object]]:
        seen = self.seen
        players = len(before.round.hands)
        if len(seen.groups) != players + 1:
            raise self._error(0, f"the deal has {len(seen.groups)} groups, not {players + 1}")
        self.plays = [[] for _ in range(players)]
        for item in self.items:
            if isinstance(item, Play) and 0 <= item.seat < players:
                self.plays[item.seat].append(item.card)
        action = self._filled(before)
        try:
            state = apply(before, action)
        except TricktakingError as error:
            raise self._error(0, f"does not replay: {error}") from None
        states = [state]
        for offset, item in enumerate(self.items, start=1):
            state = self._step(state, item, offset)
            states.append(state)
        return states

    def _error(self, offset: int, reason: str) -> RecordError:
        index = self.start + offset
        return RecordError(f"action {index} {reason}", index=index)

    def _filled(self, before: GameState[object]) -> Deal:
        """The deal with every hidden card filled in, the later plays in their hands."""
        try:
            sample = deal(before, 0)  # any deal of this round holds the round's deck
        except TricktakingError as error:
            raise self._error(0, f"is a deal where none is due: {error}") from None
        deck = Counter(card for hand in sample.hands for card in hand)
        deck.update(sample.stock)
        pool = deck - self.seen.shown
        if self.seen.shown - deck:
            raise self._error(0, "shows a card more often than the deck holds it")
        hands: list[list[Card]] = []
        holes: list[int] = []
        for other, group in enumerate(self.seen.groups[:-1]):
            hand = [item for item in group if isinstance(item, Card)]
            hidden = sum(item for item in group if isinstance(item, int))
            known: list[Card] = []
            if hidden:  # the hidden cards of a hand hold the cards it is seen to play
                unseen = Counter(self.plays[other]) - Counter(hand)
                known = list(unseen.elements())
                if len(known) > hidden:
                    raise self._error(self._play_offset(other, hidden), "plays a card too many")
                for card in known:
                    if pool[card] <= 0:
                        number = self.plays[other].index(card)
                        raise self._error(
                            self._play_offset(other, number),
                            f"plays {card}, which is not to be had",
                        )
                    pool[card] -= 1
            hands.append(hand + known)
            holes.append(hidden - len(known))
        rest = sort_cards(pool.elements())
        stock: list[Card] = []
        taken = 0
        for item in self.seen.groups[-1]:
            if isinstance(item, Card):
                stock.append(item)
            else:
                stock += rest[taken : taken + item]
                taken += item
        for other, hole in enumerate(holes):
            hands[other] += rest[taken : taken + hole]
            taken += hole
        return Deal(
            hands=tuple(sort_cards(hand) for hand in hands),
            stock=tuple(stock),
            dealer=self.seen.dealer,
        )

    def _play_offset(self, seat: int, number: int) -> int:
        """The offset in the segment of ``seat``'s play number ``number`` (from 0)."""
        offsets = [
            offset
            for offset, item in enumerate(self.items, start=1)
            if isinstance(item, Play) and item.seat == seat
        ]
        return offsets[number]

    def _step(
        self, state: GameState[object], item: SeenDeal | Action | _Masked, offset: int
    ) -> GameState[object]:
        if isinstance(item, SeenDeal):  # pragma: no cover - segments start at their deal
            raise self._error(offset, "is a deal in the middle of a deal")
        if isinstance(item, _Masked):
            return self._hidden(state, item, offset)
        try:
            return apply(state, item)
        except TricktakingError as error:
            repaired = self._repaired(state, item, offset)
            if repaired is None:
                raise self._error(offset, f"({safe_str(item)}) does not replay: {error}") from None
            return repaired

    def _pinned(self, offset: int) -> list[Counter[Card]]:
        """The cards each seat must still hold after ``offset``: its later plays."""
        pinned: list[Counter[Card]] = [Counter() for _ in self.plays]
        for item in self.items[offset - 1 :]:
            if isinstance(item, Play) and 0 <= item.seat < len(pinned):
                pinned[item.seat][item.card] += 1
        return pinned

    def _hidden(self, state: GameState[object], item: _Masked, offset: int) -> GameState[object]:
        """A hidden action: any legal one of its kind whose card is no later play."""
        pinned = self._pinned(offset + 1)
        for action in legal_actions(state):
            if _masked(action) != item.token:
                continue
            card = getattr(action, "card", None)
            owner = getattr(action, "seat", None)
            if isinstance(owner, int) and isinstance(card, Card) and pinned[owner][card]:
                continue
            return apply(state, action)
        raise self._error(offset, f"({safe_str(item.token)}) has no legal action of its kind")

    def _repaired(
        self, state: GameState[object], action: Action, offset: int
    ) -> GameState[object] | None:
        """The state with the hidden cards placed anew so that ``action`` is legal, or ``None``.

        Only the cards nobody has shown move (hands keep their later plays, the stock the
        cards the seat saw), and the game's own world model says who cannot hold which.
        """
        if not isinstance(action, Play) or not 0 <= action.seat < len(self.plays):
            return None
        if action.seat == self.seat:
            return None
        game = game_of(state)
        plugin = game.worlds
        if plugin is None:
            return None
        zones = [zone for zone in game.rules.zones(state) if not zone.visible_to(self.seat)]
        pinned = self._pinned(offset)
        keep: dict[str, Counter[Card]] = {}
        free: list[Card] = []
        for zone in zones:
            held = Counter(zone.cards)
            must = _hand_seat(zone.name)
            stay = held & (pinned[must] if must is not None else self.seen.shown)
            keep[zone.name] = stay
            free += (held - stay).elements()
        seen = view(state, self.seat)
        sizes = list(seen.hand_sizes)
        sizes[action.seat] -= 1
        # the view as it would stand after the play, for the voids the play shows; every
        # game's view is an attrs class (PlayerView is a protocol, unknown to attrs)
        evolve = cast("Callable[..., PlayerView]", attrs.evolve)
        after = evolve(
            seen,
            trick=Trick(leader=seen.trick.leader, plays=(*seen.trick.plays, action)),
            hand_sizes=tuple(sizes),
        )
        try:
            layout = plugin.layout(after, plugin.config_of(after))
        except (TricktakingError, ValueError, TypeError, KeyError, IndexError):
            return None
        barred = dict(zip(layout.zones, layout.forbidden, strict=True))
        slots = {zone.name: len(zone.cards) - sum(keep[zone.name].values()) for zone in zones}
        placed = _place(sort_cards(free), slots, barred)
        if placed is None:
            return None
        cards = {zone.name: (*keep[zone.name].elements(), *placed[zone.name]) for zone in zones}
        try:
            return apply(game.rules.with_zones(state, cards), action)
        except (TricktakingError, ValueError):
            return None


def _hand_seat(name: str) -> int | None:
    words = name.split()
    return int(words[1]) if len(words) == 2 and words[0] == "hand" and words[1].isdigit() else None


def _place(
    cards: Sequence[Card], slots: dict[str, int], barred: dict[str, frozenset[Card]]
) -> dict[str, list[Card]] | None:
    """Cards into zones of the given sizes, none where it is barred (augmenting paths)."""
    names = list(slots)
    holder: dict[tuple[str, int], int] = {}  # (zone, slot) -> card index

    def fits(card: int, seen: set[tuple[str, int]]) -> bool:
        for name in names:
            if cards[card] in barred.get(name, frozenset()):
                continue
            for slot in range(slots[name]):
                key = (name, slot)
                if key in seen:
                    continue
                seen.add(key)
                if key not in holder or fits(holder[key], seen):
                    holder[key] = card
                    return True
        return False

    for card in range(len(cards)):
        if not fits(card, set()):
            return None
    placed: dict[str, list[Card]] = {name: [] for name in names}
    for (name, _), card in sorted(holder.items()):
        placed[name].append(cards[card])
    return placed
