"""Benchmark the engines fairly: interleaved slices of CPU time, medians with spread.

Run ``python benchmarks/bench.py`` (about two minutes; ``--quick`` for a smoke run of a
few seconds). Every loop below runs in this one process, in short slices of CPU time
(``time.process_time``) taken in turn: one slice of every loop, then another of every
loop (each round starting one loop later), and so on. Each figure is the median of its
slices with the lowest and highest beside it; ratios are the median of the ratios of
the slices of the same round, so that drift in the machine's speed touches both sides
alike. Printed as Markdown tables:

1. Player actions per second, for each game:

   - *whole game*: random playouts from the new game to the end, deals included; a
     seeded ``random.Random`` chooses among the legal actions and ``apply`` validates
     every action;
   - *decisions only*: the same from states just dealt, until the next deal;
   - each of those through the game module (``wizard.apply``, ...) and through the
     top-level functions (``tt.apply``, ...), which find the game's rules first;
   - *bot-driven*: the loop of ``simulate``: ``tt.view`` for the seat to act, the
     heuristic bot's ``act``, ``tt.apply``.

2. If ``open_spiel`` is installed (``pip install open_spiel``; it is never a dependency
   of tricktaking), the anchors: OpenSpiel's C++ ``oh_hell`` for 4 players (a whole
   game being 12 deals of 1 to 12 tricks) driven from the leanest Python loop (one
   ``current_player()`` per step; chance outcomes chosen uniformly from
   ``legal_actions()``, which is exact for dealing), decisions only from dealt states,
   and, labelled, the loop of earlier versions of this script (``is_terminal``,
   ``is_chance_node`` and ``chance_outcomes`` on every step), which is slower and so
   flattered the ratio. Then the ratios of Wizard (4 players) to the anchors.

3. Median microseconds of one first call of ``legal_actions``, ``apply`` and ``view``
   on mid-game states.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeAlias

import attrs

import tricktaking as tt
from tricktaking.testing import playout

GAMES: list[tuple[str, str, object]] = [
    ("Wizard, 4 players", "wizard", tt.WizardConfig(players=4)),
    ("One Card, 3 players", "one-card", tt.OneCardConfig(players=3)),
    ("Bid Whist", "bid-whist", tt.BidWhistConfig()),
    ("Oh Hell, 4 players", "oh-hell", tt.OhHellConfig(players=4, schedule="up_down")),
]
"""(label, registry name, configuration) of each game measured."""

Loop: TypeAlias = Callable[[random.Random], int]
"""One or more random games with a given generator; returns the player actions made."""


class Functions(NamedTuple):
    """The functions a random playout calls: a game module's own, or the ``tt.*`` ones."""

    new_game: Callable[[Any], Any]
    legal_actions: Callable[[Any], Sequence[Any]]
    apply: Callable[[Any, Any], Any]
    deal: Callable[[Any, int], Any]
    is_over: Callable[[Any], bool]


TOP_LEVEL = Functions(tt.new_game, tt.legal_actions, tt.apply, tt.deal, tt.is_over)


def module_functions(name: str) -> Functions:
    """The game module's own functions (no dispatch)."""
    rules: Any = tt.get_game(name).rules
    return Functions(rules.new_game, rules.legal_actions, rules.apply, rules.deal, rules.is_over)


def whole_game(functions: Functions, config: object) -> Loop:
    """Random playouts of whole games, deals included."""
    new_game, legal_actions, apply, deal, is_over = functions

    def play(rng: random.Random) -> int:
        choice = rng.choice
        state = new_game(config)
        actions = 0
        while True:
            legal = legal_actions(state)
            if legal:  # a seat is to act
                state = apply(state, choice(legal))
                actions += 1
            elif is_over(state):
                return actions
            else:  # a chance node: the next deal
                state = apply(state, deal(state, rng.getrandbits(63)))

    return play


def dealt_states(config: object) -> list[Any]:
    """The states just after each deal of two seeded games."""
    states = [*playout(tt.new_game(config), 11), *playout(tt.new_game(config), 12)]
    return [s for s in states if s.history and isinstance(s.history.last, tt.Deal)]


def decisions_only(functions: Functions, dealt: Sequence[Any]) -> Loop:
    """Random play from each dealt state until the next deal (or the end)."""
    legal_actions, apply = functions.legal_actions, functions.apply

    def play(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        for start in dealt:
            state = start
            while legal := legal_actions(state):
                state = apply(state, choice(legal))
                actions += 1
        return actions

    return play


def bot_driven(name: str, config: object, package: Any = tt) -> Loop:
    """Whole games between heuristic bots: ``tt.view``, the bot's ``act``, ``tt.apply``.

    ``package`` is the ``tricktaking`` package to drive (``versus.py`` passes an earlier
    revision's).
    """
    view, apply, actor, deal, is_over = (
        package.view,
        package.apply,
        package.actor,
        package.deal,
        package.is_over,
    )
    make = importlib.import_module(f"{package.__name__}.bots").make_bot

    def play(rng: random.Random) -> int:
        state = package.new_game(config)
        seats = len(package.scores(state))
        bots = [make("heuristic", name, rng.getrandbits(32)) for _ in range(seats)]
        actions = 0
        while not is_over(state):
            seat = actor(state)
            if isinstance(seat, int):
                state = apply(state, bots[seat].act(view(state, seat)))
                actions += 1
            else:
                state = apply(state, deal(state, rng.getrandbits(63)))
        return actions

    return play


def open_spiel_loops_if_installed() -> dict[str, Loop]:
    """The OpenSpiel anchors of :func:`open_spiel_loops`, or none without ``open_spiel``."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: PLC0415
    except ImportError:
        return {}
    return open_spiel_loops(pyspiel)


def open_spiel_loops(pyspiel: Any) -> dict[str, Loop]:
    """OpenSpiel's oh_hell, 4 players: the lean loop, decisions only, the earlier loop."""
    deals = [
        pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": tricks})
        for tricks in range(1, 13)
    ]

    def lean_whole_game(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        for game in deals:
            state = game.new_initial_state()
            while (player := state.current_player()) != TERMINAL:
                state.apply_action(choice(state.legal_actions()))
                actions += player >= 0
        return actions

    def earlier_whole_game(rng: random.Random) -> int:
        actions = 0
        for game in deals:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        return actions

    TERMINAL = pyspiel.PlayerId.TERMINAL  # noqa: N806 (a constant for the loop above)
    setup = random.Random(3)
    dealt = []
    for game in deals:
        for _ in range(10):
            state = game.new_initial_state()
            while state.current_player() < 0:
                state.apply_action(setup.choice(state.legal_actions()))
            dealt.append(state)

    def lean_decisions(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        for start in dealt:
            state = start.clone()
            while state.current_player() >= 0:
                state.apply_action(choice(state.legal_actions()))
                actions += 1
        return actions

    return {
        SPIEL_WHOLE: lean_whole_game,
        SPIEL_DECISIONS: lean_decisions,
        SPIEL_EARLIER: earlier_whole_game,
    }


SPIEL_WHOLE = "OpenSpiel oh_hell, 4 players | whole game (12 deals), lean loop"
SPIEL_DECISIONS = "OpenSpiel oh_hell, 4 players | decisions only, lean loop"
SPIEL_EARLIER = (
    "OpenSpiel oh_hell, 4 players | whole game, loop of earlier benchmarks "
    "(is_terminal, is_chance_node, chance_outcomes)"
)


def measure(loops: dict[str, Loop], slice_seconds: float, rounds: int) -> dict[str, list[float]]:
    """Player actions per CPU second of each loop, one figure per round.

    Every round runs one slice of every loop, starting one loop later than the round
    before; a slice runs its loop until ``slice_seconds`` of CPU time have passed.
    """
    for loop in loops.values():  # warm up: imports, caches, memos of interned actions
        loop(random.Random(0))
    rates: dict[str, list[float]] = {name: [] for name in loops}
    names = list(loops)
    for index in range(rounds):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            rng = random.Random(2026 + index)
            actions = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < slice_seconds:
                actions += loops[name](rng)
            rates[name].append(actions / elapsed)
    return rates


def spread(values: Sequence[float], digits: int = 0) -> tuple[str, str]:
    """(median, "min–max") of ``values``, formatted with ``digits`` decimals."""
    form = f",.{digits}f"
    median = format(statistics.median(values), form)
    return median, f"{format(min(values), form)}–{format(max(values), form)}"


def ratios(rates: dict[str, list[float]], mine: str, theirs: str) -> list[float]:
    """The ratio of two loops in every round (their slices ran in the same round)."""
    return [a / b for a, b in zip(rates[mine], rates[theirs], strict=True)]


def throughput_tables(slice_seconds: float, rounds: int) -> list[str]:
    """Tables 1 and 2: player actions/s of every loop, and the ratios to OpenSpiel."""
    loops: dict[str, Loop] = {}
    for label, name, config in GAMES:
        own = module_functions(name)
        dealt = dealt_states(config)
        loops[f"{label} | whole game | game module"] = whole_game(own, config)
        loops[f"{label} | whole game | tt.*"] = whole_game(TOP_LEVEL, config)
        loops[f"{label} | decisions only | game module"] = decisions_only(own, dealt)
        loops[f"{label} | decisions only | tt.*"] = decisions_only(TOP_LEVEL, dealt)
        loops[f"{label} | bot-driven whole game | tt.view + bot + tt.apply"] = bot_driven(
            name, config
        )
    loops.update(open_spiel_loops_if_installed())
    rates = measure(loops, slice_seconds, rounds)
    lines = [
        f"Player actions per CPU second: median of {rounds} interleaved slices of "
        f"{slice_seconds:g} s, lowest–highest.",
        "",
        "| game | loop | through | player actions/s | lowest–highest |",
        "|---|---|---|---:|---:|",
    ]
    for name, values in rates.items():
        median, low_high = spread(values)
        lines.append(
            f"| {name}{'' if name.count('|') == 2 else ' | OpenSpiel (C++)'} "
            f"| {median} | {low_high} |"
        )
    lines += ["", "| tricktaking loop | to | ratio | lowest–highest |", "|---|---|---:|---:|"]
    for label, _, _ in GAMES:
        mine = f"{label} | whole game | tt.*"
        median, low_high = spread(ratios(rates, mine, f"{label} | whole game | game module"), 3)
        lines.append(f"| {label}, whole game, tt.* | the game module | {median} | {low_high} |")
    if SPIEL_WHOLE not in rates:
        return [*lines, "", "OpenSpiel is not installed (`pip install open_spiel`): no anchors."]
    wizard = GAMES[0][0]
    for kind, through, anchor, anchor_label in [
        ("whole game", "game module", SPIEL_WHOLE, "OpenSpiel whole game, lean loop"),
        ("whole game", "tt.*", SPIEL_WHOLE, "OpenSpiel whole game, lean loop"),
        ("decisions only", "game module", SPIEL_DECISIONS, "OpenSpiel decisions only"),
        ("decisions only", "tt.*", SPIEL_DECISIONS, "OpenSpiel decisions only"),
        ("whole game", "game module", SPIEL_EARLIER, "OpenSpiel whole game, earlier loop"),
    ]:
        values = ratios(rates, f"{wizard} | {kind} | {through}", anchor)
        median, low_high = spread(values, 3)
        lines.append(f"| {wizard}, {kind}, {through} | {anchor_label} | {median} | {low_high} |")
    return lines


def function_costs(name: str, config: object, batches: int) -> tuple[float, float, float]:
    """Median µs of legal_actions, apply and view over the mid-game states of a game.

    Each call gets a fresh copy of its state (made before timing), so neither
    ``legal_actions`` nor the validation in ``apply`` can reuse a memo of the state's
    legal actions: these are the costs of a first call.
    """
    rules: Any = tt.get_game(name).rules
    states = [s for s in playout(rules.new_game(config), 7) if isinstance(rules.actor(s), int)]
    middle = states[len(states) // 3 : 2 * len(states) // 3]
    count = 2000
    actions = [rules.legal_actions(state)[0] for state in middle]

    def timed(call: Callable[[Any, int], object], fresh: bool) -> float:
        samples = []
        for _ in range(batches):
            batch = [middle[i % len(middle)] for i in range(count)]
            if fresh:
                batch = [attrs.evolve(state) for state in batch]
            start = time.process_time()
            for index in range(count):
                call(batch[index], index)
            samples.append((time.process_time() - start) / count * 1e6)
        return statistics.median(samples)

    legal = timed(lambda state, index: rules.legal_actions(state), fresh=True)
    applied = timed(lambda state, index: rules.apply(state, actions[index % len(actions)]), True)
    seen = timed(lambda state, index: rules.view(state, 0), fresh=False)
    return legal, applied, seen


def main(argv: Sequence[str] | None = None) -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="short runs, for a smoke test")
    args = parser.parse_args(argv)
    slice_seconds, rounds = (0.02, 2) if args.quick else (0.25, 15)
    print("\n".join(throughput_tables(slice_seconds, rounds)))
    print()
    print(
        "Every figure is of the pure-Python package: no compiled build ships"
        " (`python benchmarks/kernel_study.py` measures why)."
    )
    print()
    print("| game | legal_actions µs | apply µs | view µs |")
    print("|---|---:|---:|---:|")
    for label, game, config in GAMES:
        legal, applied, seen = function_costs(game, config, 2 if args.quick else 7)
        print(f"| {label} | {legal:.2f} | {applied:.2f} | {seen:.2f} |")


if __name__ == "__main__":
    main()
