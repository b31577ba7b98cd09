"""Random reachable states of every game, for the world and search-bot tests."""

from __future__ import annotations

import tricktaking as tt
from tricktaking.engine import GameState
from tricktaking.testing import playout

CONFIGS: tuple[object, ...] = (
    tt.WizardConfig(players=3, rounds=3),
    tt.WizardConfig(players=4, rounds=4, bid_rule="hook"),
    tt.WizardConfig(players=5, rounds=2, first_dealer=2),
    tt.WizardConfig(players=6, rounds=2),
    tt.OneCardConfig(players=2),
    tt.OneCardConfig(players=3, first_dealer=1),
    tt.OneCardConfig(players=4),
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer"),
    tt.BidWhistConfig(kitty="exchange", min_bid=3, first_dealer=2),
)
"""Configs of every game; the options a view cannot show are passed to the sampler."""


def random_state(config: object, seed: int, position: int) -> GameState[object]:
    """A state reached by random legal play: the one ``position`` per mille into a game."""
    states = playout(tt.new_game(config), seed, max_actions=3000)
    return states[min(len(states) - 1, position * len(states) // 1000)]
