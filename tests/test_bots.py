"""Bots see only views, always choose legal actions, and the heuristics beat random play."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest

import tricktaking as tt
from tricktaking.bots import (
    HEURISTIC_BOTS,
    BidWhistBot,
    OhHellBot,
    OneCardBot,
    RandomBot,
    WizardBot,
    make_bot,
)
from tricktaking.bots.heuristic import heuristic_bot
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.seeding import derive_seed
from tricktaking.simulate import simulate

CONFIGS = {
    "wizard": tt.WizardConfig(players=4, rounds=6),
    "one-card": tt.OneCardConfig(players=3, target=15),
    "bid-whist": tt.BidWhistConfig(kitty="exchange", target=5),
    "oh-hell": tt.OhHellConfig(players=4, schedule="up_down", max_hand_size=3),
}


@pytest.mark.parametrize("game", sorted(CONFIGS))
@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_bots_choose_legal_actions_from_views(game: str, kind: str) -> None:
    for seed in range(3):
        state = tt.new_game(CONFIGS[game])
        bots = [
            make_bot(kind, game, derive_seed(seed, seat)) for seat in range(len(tt.scores(state)))
        ]
        while not tt.is_over(state):
            seat = tt.actor(state)
            if isinstance(seat, int):
                action = bots[seat].act(tt.view(state, seat))
                assert action in tt.legal_actions(state)
            else:
                action = tt.deal(state, derive_seed(seed, len(state.history)))
            state = tt.apply(state, action)


def test_every_games_heuristic_bot_is_exported_by_name() -> None:
    from tricktaking import bots

    for game, factory in HEURISTIC_BOTS.items():
        assert getattr(bots, factory.__name__) is factory, game
        assert factory.__name__ in bots.__all__
    assert HEURISTIC_BOTS["oh-hell"] is OhHellBot


def test_random_bot_is_reproducible() -> None:
    state = tt.new_game(tt.WizardConfig(players=3))
    state = tt.apply(state, tt.deal(state, 1))
    seen = tt.view(state, 1)
    assert [RandomBot(9).act(seen) for _ in range(3)] == [RandomBot(9).act(seen)] * 3


def test_bots_refuse_other_games_and_empty_views() -> None:
    wizard_view = tt.view(tt.new_game(tt.WizardConfig(players=3)), 0)
    for bot in (OneCardBot(), BidWhistBot(), OhHellBot()):
        with pytest.raises(TypeError):
            bot.act(wizard_view)
    bid_whist_view = tt.view(tt.new_game(tt.BidWhistConfig()), 0)
    with pytest.raises(TypeError):
        WizardBot().act(bid_whist_view)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot().act(wizard_view)
    with pytest.raises(ValueError, match="no 'clever' bot"):
        make_bot("clever", "wizard")


@pytest.mark.parametrize(
    ("config", "bots", "seats", "at_least"),
    [
        (tt.WizardConfig(players=4), ["heuristic", "random", "random", "random"], [0], 0.35),
        (tt.OneCardConfig(players=3), ["heuristic", "random", "random"], [0], 0.45),
        (tt.BidWhistConfig(), ["heuristic", "random", "heuristic", "random"], [0, 2], 0.60),
        (tt.OhHellConfig(players=4), ["heuristic", "random", "random", "random"], [0], 0.40),
    ],
    ids=["wizard", "one-card", "bid-whist", "oh-hell"],
)
def test_heuristic_bots_beat_random_bots(
    config: object, bots: list[str], seats: list[int], at_least: float
) -> None:
    """A small sample with a loose margin; the closing figures come from `simulate` runs."""
    result = simulate(config, bots, games=60, seed=99)
    for seat in seats:
        assert result.seats[seat].win_rate >= at_least


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: make_bot(3, "wizard"), ArgumentTypeError, "kind"),  # type: ignore[arg-type]
        (lambda: make_bot("clever", "wizard"), ArgumentError, "kinds: heuristic"),
        (lambda: make_bot("random", None), ArgumentTypeError, "game"),  # type: ignore[arg-type]
        (lambda: make_bot("random", "skat"), ArgumentError, "no game 'skat'"),
        (lambda: make_bot("random", "wizard", seed=1.5), ArgumentTypeError, "seed"),  # type: ignore[arg-type]
        (lambda: make_bot("random", "wizard", seed=True), ArgumentTypeError, "seed"),
        (lambda: RandomBot("7"), ArgumentTypeError, "seed"),  # type: ignore[arg-type]
        (lambda: heuristic_bot(None), ArgumentTypeError, "game"),  # type: ignore[arg-type]
        (lambda: heuristic_bot("skat"), ArgumentError, "no game 'skat'"),
    ],
)
def test_wrong_arguments_to_the_bot_factories_raise_typed_errors(
    call: Callable[[], object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        call()


def test_the_compiled_kinds_without_the_batch_extra_name_the_extra() -> None:
    # a process where numba cannot be imported, as after an install without the extra
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from tricktaking.bots import make_bot\n"
        "from tricktaking.extras import MissingExtraError\n"
        "for kind in ('batch-pimc', 'batch-ismcts', 'sampled-bids'):\n"
        "    try:\n"
        "        make_bot(kind, 'wizard')\n"
        "    except MissingExtraError as error:\n"
        "        print(kind, error.extra)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split("\n") == [
        "batch-pimc batch",
        "batch-ismcts batch",
        "sampled-bids batch",
        "",
    ]
