"""The long differential run: random games of every game and variant, batch against engine.

Each game and variant plays ``--games`` random games in a batch simulator and replays
every one through ``tt.apply`` (``tricktaking.batch.differences``), then prints the
number of differences and the CPU time. ``--games 100000`` is the release run.

    python benchmarks/batch_differential.py --games 100000
"""

from __future__ import annotations

import argparse
import time

import tricktaking as tt
from tricktaking.batch import differences

VARIANTS: dict[str, list[object]] = {
    "wizard": [
        tt.WizardConfig(players=3),
        tt.WizardConfig(players=4, bid_rule="hook"),
        tt.WizardConfig(players=5, first_dealer=2, rounds=6),
        tt.WizardConfig(players=6, first_dealer=5, bid_rule="hook"),
    ],
    "one-card": [
        tt.OneCardConfig(players=2),
        tt.OneCardConfig(players=3, first_dealer=2),
        tt.OneCardConfig(players=4, first_dealer=1, target=45),
    ],
    "bid-whist": [
        tt.BidWhistConfig(),
        tt.BidWhistConfig(kitty="exchange", first_lead="declarer", first_dealer=3),
        tt.BidWhistConfig(min_bid=4, nt_double=True, target=5, first_dealer=1),
        tt.BidWhistConfig(kitty="exchange", nt_double=True, min_bid=7, target=9),
        tt.BidWhistConfig(target=1, first_lead="declarer", first_dealer=2),
        tt.BidWhistConfig(
            kitty="exchange",
            nt_double=True,
            min_bid=3,
            target=11,
            first_lead="declarer",
            first_dealer=2,
        ),
        tt.BidWhistConfig(min_bid=2, target=3, first_dealer=3),
    ],
    "oh-hell": [
        tt.OhHellConfig(),
        tt.OhHellConfig(players=5, num_suits=2, cards_per_suit=7),
        tt.OhHellConfig(players=4, schedule="up_down", bid_rule="free", off_bid_penalty=True),
        tt.OhHellConfig(players=7, schedule="down_up", first_dealer=3, exact_bonus=0),
    ],
}


def main() -> None:
    """Run the differential test at scale and print one line per game and variant."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per game (all variants)")
    parser.add_argument("--chunk", type=int, default=1000, help="games per batch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--game", choices=sorted(VARIANTS), action="append", help="only this game (repeatable)"
    )
    parser.add_argument(
        "--variant",
        type=int,
        action="append",
        help="only the variant of this index in each game's list, from 0 (repeatable)",
    )
    options = parser.parse_args()
    total_differences = 0
    for game, configs in VARIANTS.items():
        if options.game and game not in options.game:
            continue
        # ceiling division: the variants together play at least --games games
        per_variant = max(1, -(-options.games // len(configs)))
        for index, config in enumerate(configs):
            if options.variant and index not in options.variant:
                continue
            start = time.process_time()
            found = 0
            played = 0
            seed = options.seed
            while played < per_variant:
                size = min(options.chunk, per_variant - played)
                found += len(differences(config, size=size, seed=seed))
                played += size
                seed += 1
            total_differences += found
            print(
                f"{game:10} {played:7,} games  {found} differences  "
                f"{time.process_time() - start:7.1f} s CPU  {config!r}",
                flush=True,
            )
    print(f"total differences: {total_differences}")


if __name__ == "__main__":
    main()
