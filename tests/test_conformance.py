"""All three games pass the conformance kit over at least 300 seeded games each."""

from __future__ import annotations

import pytest

import tricktaking as tt
from tricktaking.testing import ConformanceError, check_conformance

WIZARD = [
    tt.WizardConfig(players=3, rounds=3),
    tt.WizardConfig(players=4, rounds=3, bid_rule="hook", first_dealer=2),
    tt.WizardConfig(players=5, rounds=2),
    tt.WizardConfig(players=6, rounds=2, bid_rule="hook"),
]
# The kit's checks hold state by state, so a game's cost is its length. To 8 points a
# game is about two hands; to 4 it is one, sometimes two (a tie at the top, or no one at
# 4 yet), at two thirds of the states and with the same lines and branches of the game
# covered. The 2-player games still run to 8, for long games.
ONE_CARD = [
    tt.OneCardConfig(players=2, target=8),
    tt.OneCardConfig(players=3, target=4, first_dealer=1),
    tt.OneCardConfig(players=4, target=4),
]
BID_WHIST = [
    tt.BidWhistConfig(),
    tt.BidWhistConfig(kitty="exchange", first_lead="declarer"),
    tt.BidWhistConfig(nt_double=True, min_bid=3, target=5, first_dealer=3),
    tt.BidWhistConfig(kitty="exchange", nt_double=True, target=9),
]


@pytest.mark.parametrize(
    ("configs", "games"),
    [(WIZARD, 75), (ONE_CARD, 100), (BID_WHIST, 75)],
    ids=["wizard", "one-card", "bid-whist"],
)
def test_three_hundred_games_pass_the_kit(configs: list[object], games: int) -> None:
    reports = [
        check_conformance(config, games=games, seed=index) for index, config in enumerate(configs)
    ]
    assert sum(report.games for report in reports) >= 300
    assert all(report.illegal_checked > report.states for report in reports)
    assert all(report.views_checked > 0 and report.records_checked == games for report in reports)


def test_full_wizard_games_pass_the_kit() -> None:
    report = check_conformance(tt.WizardConfig(players=4), games=2, sample_every=25)
    assert report.states > 1000


def test_the_kit_catches_a_broken_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaking.games import wizard

    original = wizard.legal_actions

    def also_lists_an_illegal_bid(state: wizard.WizardState) -> tuple[wizard.WizardAction, ...]:
        actions = original(state)
        if state.phase is wizard.WizardPhase.BID and actions:
            return (*actions, wizard.Bid(actions[0].seat, 99))  # type: ignore[union-attr]
        return actions

    monkeypatch.setattr(wizard.RULES, "legal_actions", also_lists_an_illegal_bid)
    with pytest.raises(ConformanceError, match="fails check"):
        check_conformance(tt.WizardConfig(players=3, rounds=1), games=1)
