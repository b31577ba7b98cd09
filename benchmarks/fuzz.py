"""Fuzz the public API with hostile input: actions, notation and records.

Every call must either succeed or raise a documented
:class:`~tricktaking.errors.TricktakingError`; a rejected action must leave the state
unchanged (equal, same hash), and ``check`` must agree with ``apply``. Anything else is
counted as a failure and the first few are printed.

The test suite drives the same generators through Hypothesis (``tests/test_fuzz_*.py``);
this script is the long-running mode:

    python benchmarks/fuzz.py --actions 1000000 --records 100000 --parsers 1000000

Hostile objects include ints equal to everything, bools, huge ints, Cards that are not
the library's, objects whose ``__str__``/``__repr__`` raise, action subclasses, and
deals whose cards were swapped after the engine made them, and objects that lie
through properties (a field that changes on each read), which the engine's exact-type
door refuses.
"""

from __future__ import annotations

import argparse
import copy
import enum
import functools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs

import tricktaking as tt
from tricktaking import Card, Deal, Rank, Suit, records
from tricktaking.errors import RecordError, TricktakingError
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.notation import parse_core_action, parse_move
from tricktaking.testing import playout

__all__ = [
    "Outcome",
    "action_outcome",
    "parser_outcomes",
    "random_action",
    "random_text",
    "record_mutant",
    "record_outcome",
    "sample_records",
    "sample_states",
]

Outcome = str
"""``"ok"``, ``"typed"`` (a TricktakingError) or a failure description."""

HUGE = (10**5000, -(10**5000), 2**64, -1, 2**31)
UNICODE_DIGITS = ("²", "¹", "١", "٣", "𝟗", "٠", "৩", "Ⅻ", "½")


class AlwaysEqual(int):
    """An int equal to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


class Loud(int):
    """An int whose text raises."""

    def __str__(self) -> str:
        raise RuntimeError("Loud.__str__")

    __repr__ = __str__


class Unprintable:
    """Not an action; its text and its comparisons raise."""

    seat = 0

    def __str__(self) -> str:
        raise RuntimeError("Unprintable.__str__")

    def __repr__(self) -> str:
        raise RuntimeError("Unprintable.__repr__")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("Unprintable.__eq__")

    __hash__ = object.__hash__


class LoudPass(tt.Pass):
    """A library action subclass whose token raises."""

    def __str__(self) -> str:
        raise RuntimeError("LoudPass.__str__")


class LoudPlay(tt.Play):
    """A library action subclass whose token raises."""

    def __str__(self) -> str:
        raise RuntimeError("LoudPlay.__str__")


class FlipPlay(tt.Play):
    """Shows one card to the first read of ``card`` and another after."""

    __slots__ = ("_other", "_reads")

    def __getattribute__(self, name: str) -> object:
        if name == "card":
            try:
                reads = object.__getattribute__(self, "_reads")
            except AttributeError:  # attrs' __init__ reads the field to validate it
                reads = -1
            if reads >= 0:
                object.__setattr__(self, "_reads", reads + 1)
            if reads > 0:
                return object.__getattribute__(self, "_other")
        return object.__getattribute__(self, name)


class RaisingSeat:
    """An object whose ``seat`` raises."""

    @property
    def seat(self) -> int:
        raise RuntimeError("RaisingSeat.seat")


def flip_play(seat: int, first: Card, then: Card) -> tt.Play:
    """A :class:`FlipPlay` that reads ``first`` once, then ``then``."""
    play = FlipPlay(seat, first)
    object.__setattr__(play, "_reads", 0)
    object.__setattr__(play, "_other", then)
    return play


def forged_card(rank: Rank, suit: Suit | None) -> Card:
    """A Card that is not the library's flyweight for its rank and suit."""
    card = object.__new__(Card)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    return card


_CARDS = tuple(Card.parse(token) for token in tt.format_cards(tt.Deck.wizard()).split())
_ALL_CARDS = (
    *{card: None for deck in (tt.Deck.wizard(), tt.Deck.bid_whist()) for card in deck},
    Card.parse("JK"),
)


def _configs() -> list[object]:
    """A few small configurations of every registered game."""
    found: list[object] = []
    for name in tt.available_games():
        make = tt.get_game(name).config_type
        for options in ({}, {"players": 3}, {"players": 4}, {"players": 2}):
            try:
                config = make(**options)
            except (TypeError, TricktakingError):
                continue
            for small in ({"rounds": 3}, {"target": 3}, {"target": 15}, {}):
                try:
                    found.append(type(config)(**{**options, **small}))
                    break
                except (TypeError, TricktakingError):
                    continue
    return found


CONFIGS = tuple(_configs())


@functools.cache
def sample_states(config_index: int, seed: int) -> tuple[tt.GameState[object], ...]:
    """The states of one seeded random game of ``CONFIGS[config_index]``."""
    return tuple(playout(tt.new_game(CONFIGS[config_index]), seed))


_SNAPSHOTS: dict[int, tuple[tt.GameState[object], tt.GameState[object], int]] = {}


def _snapshot(state: tt.GameState[object]) -> tuple[tt.GameState[object], int]:
    """A deep copy of ``state`` and its hash, taken once per state."""
    kept = _SNAPSHOTS.get(id(state))
    if kept is None or kept[0] is not state:
        kept = _SNAPSHOTS[id(state)] = (state, copy.deepcopy(state), hash(state))
    return kept[1], kept[2]


def _int(rng: random.Random, good: int) -> object:
    roll = rng.random()
    if roll < 0.4:
        return good
    if roll < 0.55:
        return rng.randrange(-3, 12)
    if roll < 0.7:
        return rng.choice(HUGE)
    if roll < 0.8:
        return rng.choice((True, False))
    if roll < 0.9:
        return AlwaysEqual(good)
    return Loud(good)


def _card(rng: random.Random, good: Card) -> object:
    roll = rng.random()
    if roll < 0.5:
        return good
    if roll < 0.85:
        return rng.choice(_ALL_CARDS)
    if roll < 0.95:
        return forged_card(good.rank, good.suit)
    return str(good)


def _seat(action: object) -> int:
    seat = getattr(action, "seat", 0)
    return seat if type(seat) is int else 0


def _mutated_deal(rng: random.Random, genuine: Deal) -> Callable[[], object]:
    groups = [list(hand) for hand in genuine.hands] + [list(genuine.stock)]
    roll = rng.random()
    if roll < 0.25:  # swap two cards between groups: the same deck, still a legal deal
        a, b = rng.sample(range(len(groups)), 2) if len(groups) > 1 else (0, 0)
        if groups[a] and groups[b]:
            i, j = rng.randrange(len(groups[a])), rng.randrange(len(groups[b]))
            groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
    elif roll < 0.5:  # replace a card by another
        group = rng.choice([g for g in groups if g] or [groups[0]])
        if group:
            group[rng.randrange(len(group))] = rng.choice(_ALL_CARDS)
    elif roll < 0.65:  # move a card: wrong sizes
        source = rng.choice([g for g in groups if g] or [groups[0]])
        if source:
            rng.choice(groups).append(source.pop())
    elif roll < 0.8:  # the engine's own deal with its hands swapped after it was made
        forged = tt.Deal(hands=genuine.hands, stock=genuine.stock)
        hands = tuple(tuple(_ALL_CARDS[:1] * len(hand)) for hand in genuine.hands)

        def swapped() -> object:
            object.__setattr__(forged, "hands", hands)
            return forged

        return swapped
    else:
        return lambda: genuine
    return lambda: tt.Deal(hands=groups[:-1], stock=groups[-1])


def _hostile(rng: random.Random, value: object) -> object:
    """``value`` or, often, a hostile value in its place."""
    if type(value) is int:
        return _int(rng, value)
    if isinstance(value, Card):
        return _card(rng, value)
    if isinstance(value, enum.Enum):
        return rng.choice((value, *type(value), value.value, None))
    return value


def _rebuilt(rng: random.Random, action: object) -> Callable[[], object]:
    """The action rebuilt with some fields replaced by hostile values."""
    if isinstance(action, Deal):
        return _mutated_deal(rng, action)
    kind = type(action)
    if not attrs.has(kind):
        return lambda: action
    values = [_hostile(rng, getattr(action, field.name)) for field in attrs.fields(kind)]
    return lambda: kind(*values)


def _any_action(rng: random.Random) -> Callable[[], object]:
    """An action of any game, legal or not here, with plain values."""
    seat = rng.randrange(-1, 7)
    card = rng.choice(_ALL_CARDS)
    makers: list[Callable[[], object]] = [
        lambda: tt.Play(seat, card),
        lambda: tt.Pass(seat),
        lambda: wizard.Bid(seat, rng.randrange(-2, 22)),
        lambda: one_card.Bid(seat, rng.randrange(-2, 14)),
        lambda: bid_whist.Bid(seat, rng.randrange(-1, 9), rng.choice(tuple(bid_whist.BidMode))),
        lambda: bid_whist.Discard(seat, card),
        lambda: tt.ChooseTrump(seat, rng.choice(tuple(Suit))),
        lambda: tt.ChooseDirection(seat, rng.choice(tuple(tt.Direction))),
        lambda: LoudPass(seat),
        lambda: LoudPlay(seat, card),
        Unprintable,
        lambda: None,
        lambda: "0 pass",
    ]
    return rng.choice(makers)


def _door_action(rng: random.Random, state: tt.GameState[object]) -> Callable[[], object]:
    """Objects that lie through their fields: only the engine's door can refuse them."""
    legal = tt.legal_actions(state)
    plays = [action for action in legal if type(action) is tt.Play]
    if plays and rng.random() < 0.7:
        play = rng.choice(plays)
        assert isinstance(play, tt.Play)
        other = rng.choice(_ALL_CARDS)
        return lambda: flip_play(play.seat, play.card, other)
    return RaisingSeat


def random_action(rng: random.Random, state: tt.GameState[object]) -> Callable[[], object]:
    """A maker of an action to try on ``state``: legal, mutated, foreign or hostile."""
    roll = rng.random()
    if roll < 0.1:
        return _door_action(rng, state)
    if tt.actor(state) is tt.CHANCE:
        genuine = tt.deal(state, rng.randrange(2**64))
        if roll < 0.3:
            return lambda: genuine
        if roll < 0.85:
            return _mutated_deal(rng, genuine)
        return _any_action(rng)
    legal = tt.legal_actions(state)
    if legal and roll < 0.25:
        chosen = rng.choice(legal)
        return lambda: chosen
    if legal and roll < 0.7:
        return _rebuilt(rng, rng.choice(legal))
    return _any_action(rng)


def action_outcome(state: tt.GameState[object], make: Callable[[], object]) -> Outcome:
    """Try an action on ``state``: ``ok``, ``typed`` or a description of the failure."""
    snapshot, digest = _snapshot(state)
    try:
        action = make()
    except TricktakingError:
        return "typed"
    except Exception as error:
        return f"building the action raised {type(error).__name__}: {error}"
    try:
        verdict = tt.check(state, action)
    except Exception as error:
        return f"check raised {type(error).__name__}: {error}"
    try:
        tt.apply(state, action)
    except tt.IllegalActionError as error:
        outcome = "typed"
        if error.violation is not verdict:
            outcome = f"check said {verdict}, apply raised {error.violation}"
    except Exception as error:
        outcome = f"apply raised {type(error).__name__}: {error}"
    else:
        outcome = "ok" if verdict is None else f"check said {verdict}, apply accepted"
    if hash(state) != digest or state != snapshot:
        outcome = f"the state changed ({outcome})"
    return outcome


# --- notation ----------------------------------------------------------------------

_TOKENS = (
    "0 play QH",
    "2 bid 3",
    "1 bid 4NT",
    "1 bid 9",
    "3 pass",
    "0 trump S",
    "1 direction downtown",
    "2 discard 10C",
    "deal AS / KH / WZ JE",
    "QH",
    "bid 2",
    "4nt",
    "downtown",
    "S",
)
_ALPHABET = "0123456789 /,-+.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\t\n\x00é"


def random_text(rng: random.Random) -> object:
    """A text (or a non-text) to give to a parser."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice((None, b"0 pass", 7, ["0", "pass"], 1.5))
    if roll < 0.15:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.choice((5, 10, 4301))))
        return rng.choice(("{} bid {}", "{} pass", "0 bid {}U", "{}")).format(digits, digits)
    if roll < 0.3:
        digit = rng.choice(UNICODE_DIGITS)
        return rng.choice((f"1 bid {digit}", f"{digit} bid 1", f"1 bid {digit}U", digit))
    if roll < 0.35:
        return rng.choice(_TOKENS) * rng.randrange(1, 400)
    text = list(rng.choice(_TOKENS))
    for _ in range(rng.randrange(0, 4)):
        position = rng.randrange(len(text) + 1)
        char = rng.choice(_ALPHABET) if rng.random() < 0.8 else chr(rng.randrange(0x110000))
        if text and rng.random() < 0.5:
            text[min(position, len(text) - 1)] = char
        else:
            text.insert(position, char)
    return "".join(text)


_PARSERS: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("Card.parse", Card.parse),
    ("parse_cards", tt.parse_cards),
    ("parse_core_action", parse_core_action),
    *(
        (f"{name}.parse_action", tt.get_game(name).rules.parse_action)
        for name in tt.available_games()
    ),
)


def parser_outcomes(
    text: object, states: Sequence[tt.GameState[object]] = ()
) -> Iterator[tuple[str, Outcome]]:
    """Give ``text`` to every parser (and to ``parse_move`` on ``states``)."""
    for name, parse in _PARSERS:
        yield name, _parse_outcome(lambda parse=parse: parse(text))  # type: ignore[misc]
    for state in states:
        if isinstance(tt.actor(state), int):
            yield "parse_move", _parse_outcome(lambda state=state: parse_move(state, text))  # type: ignore[misc, arg-type]


def _parse_outcome(call: Callable[[], object]) -> Outcome:
    try:
        result = call()
    except tt.NotationError:
        return "typed"
    except Exception as error:
        return f"raised {type(error).__name__}: {error}"
    if isinstance(result, tuple):
        return "ok"
    return "ok" if _round_trips(result) else f"{result!r} does not round-trip"


def _round_trips(action: object) -> bool:
    if isinstance(action, Card):
        return Card.parse(str(action)) is action
    return bool(parse_core_action(str(action)) == action) if type(action) in _CORE else True


_CORE = (tt.Play, tt.Pass, tt.ChooseTrump, tt.ChooseDirection, Deal)


# --- records -----------------------------------------------------------------------


@functools.cache
def sample_records() -> tuple[str, ...]:
    """The records of one short game of every configuration, and of unfinished ones."""
    texts = []
    for index in range(len(CONFIGS)):
        states = sample_states(index, 0)
        texts.append(records.dumps(states[-1]))
        texts.append(records.dumps(states[len(states) // 2], indent=1))
    return tuple(texts)


_JSON_VALUES: tuple[object, ...] = (
    True,
    False,
    None,
    0,
    0.0,
    -1,
    10**30,
    "WIZARD",
    "",
    [],
    {},
    [0.0, False, 0],
    ["x"] * 3,
    {"players": True},
)


def _json_mutant(rng: random.Random, text: str) -> str:
    data = json.loads(text)
    key = rng.choice([*data, "extra"])
    roll = rng.random()
    if roll < 0.5:
        data[key] = rng.choice(_JSON_VALUES)
    elif roll < 0.7 and isinstance(data.get(key), list) and data[key]:
        items = data[key]
        items[rng.randrange(len(items))] = rng.choice(_JSON_VALUES)
    elif roll < 0.8 and isinstance(data.get(key), dict) and data[key]:
        options = data[key]
        options[rng.choice(list(options))] = rng.choice(_JSON_VALUES)
    elif roll < 0.9:
        depth = rng.choice((10, 63, 64, 65, 900, 5000))
        data[key] = json.loads("[" * depth + "]" * depth) if depth < 900 else None
        if data[key] is None:
            return text.replace(f'"{key}":', f'"{key}": ' + "[" * depth, 1)
    else:
        actions = data.get("actions")
        if isinstance(actions, list) and actions:
            actions.insert(rng.randrange(len(actions)), rng.choice(actions))
    return json.dumps(data)


def record_mutant(rng: random.Random, text: str) -> str | bytes:
    """A damaged copy of a record."""
    roll = rng.random()
    if roll < 0.15:
        return text[: rng.randrange(len(text))]
    if roll < 0.3:
        raw = bytearray(text.encode())
        for _ in range(rng.randrange(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if roll < 0.4:
        position = rng.randrange(len(text))
        return text[:position] + rng.choice('[{]}",:0-9.eE \\x') + text[position:]
    if roll < 0.45:
        return rng.choice(("[" * 1000, "{" * 1000, '{"a":' * 1000, "1" * 5000, "\ufeff{}", ""))
    if roll < 0.5:
        return text.replace('"version": 1', '"version": 1' + "0" * 4400, 1)
    return _json_mutant(rng, text)


def record_outcome(text: str | bytes) -> Outcome:
    """Load a (damaged) record: ``ok``, ``typed`` or the failure."""
    try:
        record = records.loads(text)
    except RecordError:
        return "typed"
    except Exception as error:
        return f"raised {type(error).__name__}: {str(error)[:200]}"
    try:
        record.final_state()
    except Exception as error:
        return f"a loaded record does not replay: {type(error).__name__}"
    return "ok"


# --- the long run ------------------------------------------------------------------


def _run(
    label: str, count: int, step: Callable[[random.Random], Iterator[Outcome]], seed: int
) -> Counter[str]:
    rng = random.Random(f"{label}/{seed}")
    tally: Counter[str] = Counter()
    shown = 0
    start = time.process_time()
    calls = 0
    while calls < count:
        for outcome in step(rng):
            calls += 1
            if outcome in ("ok", "typed"):
                tally[outcome] += 1
                continue
            tally["failure"] += 1
            if shown < 10:
                shown += 1
                print(f"  {label} failure: {outcome[:300]}", flush=True)
    seconds = time.process_time() - start
    print(
        f"{label}: {calls:,} calls, {tally['ok']:,} ok, {tally['typed']:,} typed errors, "
        f"{tally['failure']:,} failures, {seconds:.0f} s CPU",
        flush=True,
    )
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    """Run the fuzzers; the exit status is 1 if anything untyped escaped."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--records", type=int, default=2_000)
    parser.add_argument("--parsers", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seeds", type=int, default=4, help="games per configuration")
    args = parser.parse_args(argv)
    games = [(index, seed) for index in range(len(CONFIGS)) for seed in range(args.seeds)]

    def actions(rng: random.Random) -> Iterator[Outcome]:
        states = sample_states(*rng.choice(games))
        state = rng.choice(states)
        for _ in range(20):
            yield action_outcome(state, random_action(rng, state))

    def parsers(rng: random.Random) -> Iterator[Outcome]:
        states = sample_states(*rng.choice(games))
        text = random_text(rng)
        for _, outcome in parser_outcomes(text, (rng.choice(states),)):
            yield outcome

    def mutants(rng: random.Random) -> Iterator[Outcome]:
        yield record_outcome(record_mutant(rng, rng.choice(sample_records())))

    failures = 0
    for label, count, step in (
        ("actions", args.actions, actions),
        ("parsers", args.parsers, parsers),
        ("records", args.records, mutants),
    ):
        failures += _run(label, count, step, args.seed)["failure"]
    print(f"untyped exceptions and inconsistencies: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
