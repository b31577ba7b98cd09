"""The long property run of world sampling: random reachable states of every config, every seat.

Run ``python benchmarks/worlds_property.py`` (``--states N`` per game and seat, default
2,000; ``--quick`` for a smoke run; ``--json FILE`` to keep the figures). For every game
and every seat it takes ``N`` states from random legal games (seeded), spread in turn
over the configs that have that seat (every player count and rule variant below), and
for each state samples ``--worlds`` worlds from the seat's view. Each world must

- give the view exactly: ``tt.view(world, seat) == view``;
- replay legally: every card of the round was a legal play from the hand its seat held
  then (checked here from the cards, independently of the sampler's own replay through
  ``apply``), and the world is one of the game's states;
- be reproducible: the same seed gives the same world, from the sampler and from
  :func:`~tricktaking.worlds.sample_world`.

Leaks are measured over the views with more than one world: how many sampled worlds
hold exactly the real state's hidden cards, beside the number uniform sampling over the
distinct worlds would give (the sum of ``1 / count_worlds``); and, as failures, the views
with at least 20 worlds whose samples all copy the real hidden cards.

This is not a CI test (it takes minutes); ``tests/test_worlds_property_run.py`` runs a
small version of it.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

import tricktaking as tt
from tricktaking.cards import Card
from tricktaking.engine import GameState
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.testing import playout
from tricktaking.worlds import count_worlds, sample_world, world_sampler

CONFIGS: dict[str, tuple[object, ...]] = {
    "wizard": (
        tt.WizardConfig(players=3),
        tt.WizardConfig(players=4),
        tt.WizardConfig(players=4, bid_rule="hook", first_dealer=1),
        tt.WizardConfig(players=5, rounds=8),
        tt.WizardConfig(players=6, rounds=6, bid_rule="hook"),
    ),
    "one-card": (
        tt.OneCardConfig(players=2),
        tt.OneCardConfig(players=3, first_dealer=2),
        tt.OneCardConfig(players=4, target=10),
    ),
    "bid-whist": (
        tt.BidWhistConfig(),
        tt.BidWhistConfig(kitty="exchange"),
        tt.BidWhistConfig(kitty="exchange", first_lead="declarer", min_bid=3),
        tt.BidWhistConfig(nt_double=True, first_dealer=2, target=5),
    ),
}
"""Every player count and rule variant of each game."""

LEAK_MIN_WORLDS = 20
"""A view with at least this many worlds whose samples all copy the real cards fails."""


@attrs.define
class Tally:
    """What one game's run found."""

    states: dict[int, int] = attrs.field(factory=dict[int, int])  # per seat
    worlds: int = 0
    failures: list[str] = attrs.field(factory=list[str])
    several: int = 0  # views with more than one world
    copies: int = 0  # their samples that copy the real hidden cards
    expected_copies: float = 0.0  # the same under uniform sampling of distinct worlds
    seconds: float = 0.0


def hidden_part(state: GameState[object], seat: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of the zones ``seat`` cannot see, zone by zone."""
    return tuple(
        tuple(sorted(zone.cards, key=repr))  # as a multiset: orders are not hidden information
        for zone in tt.get_game(tt.game_of(state).name).rules.zones(state)
        if not zone.visible_to(seat)
    )


def illegal_play(world: GameState[object]) -> str | None:
    """The first play of the world's round its seat could not make, if any."""
    rnd = world.round
    held = [list(hand) for hand in rnd.hands]
    plays = [(done, i) for done in (*rnd.tricks, rnd.trick) for i in range(len(done.plays))]
    for done, index in plays:
        held[done.plays[index].seat].append(done.plays[index].card)
    trump = getattr(world, "trump", None)
    for done, index in plays:
        play = done.plays[index]
        before = tt.Trick(leader=done.leader, plays=done.plays[:index])
        hand = tuple(held[play.seat])
        if isinstance(world, wizard.WizardState):
            legal = wizard.legal_plays(hand, before)
        elif isinstance(world, one_card.OneCardState):
            legal = one_card.legal_plays(hand, before, trump)
        else:
            legal = bid_whist.legal_plays(hand, before, trump)
        if play.card not in legal:
            return f"{play} from {hand} to {before}"
        held[play.seat].remove(play.card)
    return None


def check_view(
    state: GameState[object], seat: int, config: object, *, worlds: int, seed: int, tally: Tally
) -> None:
    """Sample ``worlds`` worlds of ``seat``'s view of ``state`` and check each."""
    seen = tt.view(state, seat)
    sampler = world_sampler(seen)  # the rules are the view's own config
    count = count_worlds(seen)
    real = hidden_part(state, seat)
    copies = 0
    for k in range(worlds):
        world_seed = seed * 1000 + k
        world = sampler.sample(world_seed)
        tally.worlds += 1
        where = f"{config!r} seat {seat} seed {world_seed}"
        if tt.view(world, seat) != seen:
            tally.failures.append(f"view differs: {where}")
        if (problem := illegal_play(world)) is not None:
            tally.failures.append(f"illegal play {problem}: {where}")
        if type(world) is not type(state) or getattr(world, "config", None) != config:
            tally.failures.append(f"not a state of the game under its rules: {where}")
        if world != sampler.sample(world_seed) or world != sample_world(seen, world_seed):
            tally.failures.append(f"not reproducible: {where}")
        copies += hidden_part(world, seat) == real
    if count > 1:
        tally.several += 1
        tally.copies += copies
        tally.expected_copies += worlds / count
        if count >= LEAK_MIN_WORLDS and copies == worlds:
            tally.failures.append(f"every world copies the real cards: {config!r} seat {seat}")
    elif count != 1 or copies != worlds:
        tally.failures.append(f"one world, not the real one: {config!r} seat {seat}")


def run_game(game: str, states: int, worlds: int, seed: int) -> Tally:
    """``states`` random reachable states per seat of ``game``, over its configs."""
    tally = Tally()
    configs = CONFIGS[game]
    seats = max(len(tt.scores(tt.new_game(config))) for config in configs)
    pick = random.Random(f"{game}-{seed}")
    games: dict[tuple[int, int], list[GameState[object]]] = {}
    start = time.process_time()
    for seat in range(seats):
        having = [i for i, c in enumerate(configs) if len(tt.scores(tt.new_game(c))) > seat]
        for n in range(states):
            index = having[n % len(having)]
            key = (index, pick.randrange(50))
            if key not in games:
                games[key] = playout(tt.new_game(configs[index]), seed * 100 + key[1])
            state = pick.choice(games[key])
            check_view(
                state, seat, configs[index], worlds=worlds, seed=pick.randrange(2**31), tally=tally
            )
            tally.states[seat] = tally.states.get(seat, 0) + 1
    tally.seconds = time.process_time() - start
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    """Run every game; print a table; return 1 if anything failed."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--states", type=int, default=2000, help="per game and seat")
    parser.add_argument("--worlds", type=int, default=3, help="sampled per state")
    parser.add_argument("--games", default=",".join(CONFIGS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None, help="write the figures here")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 5 states per seat")
    args = parser.parse_args(argv)
    states = 5 if args.quick else args.states
    print(
        "| game | configs | states per seat | worlds | views with >1 world "
        "| copies of the real cards (uniform expects) | failures | CPU s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    report: dict[str, object] = {}
    failed = False
    for game in args.games.split(","):
        tally = run_game(game, states, args.worlds, args.seed)
        failed |= bool(tally.failures)
        per_seat = ", ".join(f"{tally.states[s]}" for s in sorted(tally.states))
        print(
            f"| {game} | {len(CONFIGS[game])} | {per_seat} | {tally.worlds:,} | {tally.several:,} "
            f"| {tally.copies:,} ({tally.expected_copies:,.1f}) | {len(tally.failures)} "
            f"| {tally.seconds:.1f} |",
            flush=True,
        )
        for failure in tally.failures[:10]:
            print(f"  FAILURE {failure}")
        report[game] = {
            "configs": [repr(c) for c in CONFIGS[game]],
            "states_per_seat": tally.states,
            "worlds": tally.worlds,
            "views_with_several_worlds": tally.several,
            "copies_of_real_hidden_cards": tally.copies,
            "copies_expected_if_uniform_over_distinct_worlds": tally.expected_copies,
            "failures": tally.failures,
            "cpu_seconds": tally.seconds,
        }
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
