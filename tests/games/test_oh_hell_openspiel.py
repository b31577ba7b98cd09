"""Oh Hell against OpenSpiel's ``oh_hell``, move by move (OH-15).

The comparison itself lives in ``benchmarks/oh_hell_crosscheck.py``, which also runs it
on many more deals; these tests replay the three worked deals from their OpenSpiel
histories and cross-check a few hundred random deals.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tricktaking.games import oh_hell
from tricktaking.games.oh_hell import OhHellConfig
from tricktaking.seeding import derive_seed, stream

pytest.importorskip("pyspiel", reason="OpenSpiel (package open_spiel) is not installed")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "oh_hell_crosscheck.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("oh_hell_crosscheck", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


crosscheck = _load()

D1 = [3, 0, 50, 46, 6, 30, 3, 20, 39, 24, 13, 41, 8, 49, 31, 53, 53, 52, 54, 46, 6, 30, 50, 13,
      41, 39, 49, 8, 24, 3, 20]  # fmt: skip
D2 = [4, 1, 51, 43, 50, 47, 5, 46, 2, 9, 15, 28, 36, 21, 34, 55, 54, 53, 50, 2, 5, 46, 28, 9,
      15, 51, 43, 47, 36, 21]  # fmt: skip
D3 = [2, 4, 11, 51, 12, 3, 23, 4, 30, 45, 40, 38, 32, 52, 53, 52, 53, 53, 11, 51, 12, 3, 23, 45,
      40, 38, 4, 30]  # fmt: skip


@pytest.mark.parametrize(
    ("example", "options", "history", "returns"),
    [
        ("OH-EX-D1", {"players": 4, "hand_size": 3}, D1, (12, 0, 11, 10)),
        ("OH-EX-D1", {"players": 4, "hand_size": 3, "off_bid_penalty": True}, D1, (12, -1, 11, 10)),
        (
            "OH-EX-D2",
            {"players": 3, "hand_size": 4, "points_per_trick": 2, "off_bid_penalty": True},
            D2,
            (14, -2, -2),
        ),
        ("OH-EX-D2", {"players": 3, "hand_size": 4, "points_per_trick": 2}, D2, (14, 0, 4)),
        ("OH-EX-D3", {"players": 5, "hand_size": 2}, D3, (10, 0, 1, 11, 0)),
        (
            "OH-EX-D3",
            {"players": 5, "hand_size": 2, "off_bid_penalty": True},
            D3,
            (10, -1, -1, 11, -1),
        ),
    ],
)
def test_oh_15_9_the_worked_deals_replay_from_their_histories(
    example: str, options: dict[str, int | bool], history: list[int], returns: tuple[int, ...]
) -> None:
    """OH-EX-D1 to OH-EX-D3, with a drawn and a fixed hand size (OH-15.2, OH-15.3)."""
    assert example.startswith("OH-EX-D")
    final = crosscheck.replay_history(OhHellConfig(**options), history)  # type: ignore[arg-type]
    assert oh_hell.is_over(final) and final.scores == returns
    drawn = {key: value for key, value in options.items() if key != "hand_size"}
    final = crosscheck.replay_history(OhHellConfig(**drawn), history)  # type: ignore[arg-type]
    assert final.scores == returns


def test_oh_15_1_oh_15_6_random_deals_agree_at_every_step() -> None:
    """OH-15.1, OH-15.6, OH-15.9: 320 random deals over random configurations."""
    words = stream(derive_seed(2026, "configs"))
    steps = 0
    differences: list[str] = []
    players = set()
    for index in range(320):
        config = crosscheck.random_config(words)
        players.add(config.players)
        checker = crosscheck.crosscheck(config, index, ours_deal=index % 2 == 0)
        steps += checker.steps
        differences += checker.differences
    assert differences == []
    assert players == {3, 4, 5, 6, 7}
    assert steps > 8000


def test_oh_15_2_oh_15_3_explicit_deals_and_openspiel_outcomes_map_both_ways() -> None:
    config = OhHellConfig(players=4, hand_size=3)
    deal = crosscheck.openspiel_deal(config, D1[:15])
    assert deal.dealer == 0 and str(deal.stock[0]) == "9H"
    assert [" ".join(map(str, hand)) for hand in deal.hands] == [
        "AS 2H 5D", "KS QD 7C", "3S JH 4C", "9S AD 8C"
    ]  # fmt: skip
    assert crosscheck.explicit_outcomes(config, deal, 0)[:2] == [3, 0]
    assert sorted(crosscheck.explicit_outcomes(config, deal, 0)) == sorted(D1[:15])
    fixed = OhHellConfig(players=4, hand_size=3, first_dealer=0)
    assert crosscheck.openspiel_deal(fixed, D1[:15]).dealer is None


def test_oh_15_7_text_layouts_are_not_compared_but_two_lines_are_read() -> None:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 1})
    state = game.new_initial_state()
    assert crosscheck._lines(state) == ([-1, -1, -1], [0, 0, 0])


def test_oh_15_4_oh_15_5_the_cross_check_sees_a_rule_openspiel_does_not_have() -> None:
    """Free bidding and a bonus other than 10 are not OpenSpiel's; the check notices."""
    free = OhHellConfig(players=3, hand_size=3, bid_rule="free", first_dealer=0)
    found = [crosscheck.crosscheck(free, seed).differences for seed in range(5)]
    assert any("legal actions" in line for lines in found for line in lines)
    bonus = OhHellConfig(players=3, hand_size=3, exact_bonus=5)
    found = [crosscheck.crosscheck(bonus, seed, ours_deal=False).differences for seed in range(5)]
    assert any("returns" in line for lines in found for line in lines)


def test_oh_15_8_hand_sizes_openspiel_stalls_on_are_not_configurable() -> None:
    with pytest.raises(ValueError, match="1 to 17"):
        OhHellConfig(players=3, hand_size=18)
    with pytest.raises(ValueError, match="0 or more"):
        OhHellConfig(points_per_trick=-1)


def test_the_script_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert crosscheck.main(["--deals", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "deals: 6" in out and "differences: 0" in out
