"""Seeded games, bot games and CLI output stay byte for byte what they were.

Changes of the engine's internal representation must not change any game: this test
plays seeded random games and seeded bot games of every registered game, runs the
CLI's ``simulate``, ``demo`` and ``replay`` commands, and compares SHA-256 digests of
the record text and of the printed output against digests stored below (taken before the
engine's internal representation last changed).

A deliberate change of output (a new record format, a changed table) needs new digests:
``python tests/test_golden_digests.py`` prints the current ones to paste below.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import sys
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking import records
from tricktaking.cli import main
from tricktaking.simulate import game_states
from tricktaking.testing import playout

RECORDS = Path(__file__).parent / "records"

CONFIGS: dict[str, tuple[object, ...]] = {
    "wizard": (
        tt.WizardConfig(players=3),
        tt.WizardConfig(players=4),
        tt.WizardConfig(players=6, first_dealer=2, rounds=5, bid_rule="hook"),
    ),
    "one-card": (
        tt.OneCardConfig(players=2),
        tt.OneCardConfig(players=3),
        tt.OneCardConfig(players=4, first_dealer=1, target=40),
    ),
    "bid-whist": (
        tt.BidWhistConfig(),
        tt.BidWhistConfig(kitty="exchange", target=11, min_bid=3),
        tt.BidWhistConfig(first_dealer=3, nt_double=True, first_lead="declarer"),
    ),
    "oh-hell": (
        tt.OhHellConfig(),
        tt.OhHellConfig(players=5, num_suits=3, cards_per_suit=10, off_bid_penalty=True),
        tt.OhHellConfig(players=4, schedule="up_down", max_hand_size=4, first_dealer=2),
    ),
}
"""The configurations played, per game: the defaults and the options."""

SEEDS = (0, 1, 2026)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _random_games(game: str) -> str:
    """The record texts of seeded random playouts of every configuration, one a line."""
    return "\n".join(
        records.dumps(playout(tt.new_game(config), seed)[-1])
        for config in CONFIGS[game]
        for seed in SEEDS
    )


def _bot_games(game: str) -> str:
    """The record texts of seeded games between heuristic and random bots."""
    texts = []
    for config in CONFIGS[game]:
        seats = len(tt.scores(tt.new_game(config)))
        bots = ["heuristic" if seat % 2 == 0 else "random" for seat in range(seats)]
        for seed in SEEDS:
            final = deque(game_states(config, bots, seed), maxlen=1)[0]
            texts.append(records.dumps(final))
    return "\n".join(texts)


def _cli(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return f"exit {code}\n{out.getvalue()}"


def _simulate(game: str) -> str:
    # A heuristic bot in seat 0 and random bots in the others, at the CLI's default table.
    declared = tt.get_game(game)
    seats = declared.default_players or declared.seat_range.start
    bots = ",".join(["heuristic"] + ["random"] * (seats - 1))
    return _cli(["simulate", game, "-n", "12", "--seed", "7", "--bots", bots])


def _demo(game: str) -> str:
    return _cli(["demo", game, "--seed", "3"])


def _replays(game: str) -> str:
    paths = sorted(RECORDS.glob(f"{game.replace('-', '_')}_*.json"))
    assert paths, f"no golden record of {game}"
    return "\n".join(_cli(["replay", str(path), "--ascii"]) for path in paths)


KINDS: dict[str, Callable[[str], str]] = {
    "random games": _random_games,
    "bot games": _bot_games,
    "simulate": _simulate,
    "demo": _demo,
    "replay": _replays,
}

DIGESTS: dict[tuple[str, str], str] = {
    ("wizard", "random games"): "87a7612af46786aa671ef93ba9f5935d",
    ("wizard", "bot games"): "c91679cc56fddac97d6bf2802500943e",
    ("wizard", "simulate"): "3d0fe35f033ba7d51d9f15ab016b12e1",
    ("wizard", "demo"): "1ed43537e5ac4414f084c78c1bc91cec",
    ("wizard", "replay"): "c23a921b7eec5f803c51787ca18225bb",
    ("one-card", "random games"): "e2890cffe215cd3c41c9c18e24ff3e2a",
    ("one-card", "bot games"): "e228857ede3a5800e6e8717ad7d227ec",
    ("one-card", "simulate"): "008a7f9f81a066cb38554df4049d28d4",
    ("one-card", "demo"): "31287c29dcf9453cabd5b08c50463325",
    ("one-card", "replay"): "f548e2dc698923053ff3745357599548",
    ("bid-whist", "random games"): "3587893d9d2210a21dc6c21bcdfe6370",
    ("bid-whist", "bot games"): "d2aff9e05eff2d2f605285fb5a38c38e",
    ("bid-whist", "simulate"): "9b69087c66c0bf1921bd91e3d8a3c5c0",
    ("bid-whist", "demo"): "92f647d7c8d7c39fec53a797e9635dac",
    ("bid-whist", "replay"): "df4520559b4c3e3661b9b262a308f82a",
    ("oh-hell", "random games"): "96c31c4feaa06033e5ea40896a3f4431",
    ("oh-hell", "bot games"): "bd2b128e0e9c075508d13d3ce7ac1bad",
    ("oh-hell", "simulate"): "5a6ae592e91d4dd4fc3eabbe2532c053",
    ("oh-hell", "demo"): "b913550d0f495fc5a2256f9f51d17020",
    ("oh-hell", "replay"): "fddb7703812f1b8fa354c6dd01590fdd",
}
"""SHA-256 (first 128 bits) of each output.

Engine refactors have left every digest as it was. A Wizard hand with two Wizards or two
Jesters lists that play once, which changed which action a random or heuristic choice
picks in such hands: the three Wizard digests of random choices were taken anew then
(and only they changed). The ``demo`` and ``replay`` digests were taken anew when the
terminal's wording was rewritten; Oh Hell's were added with the game.
"""


def test_every_registered_game_is_covered() -> None:
    assert sorted(CONFIGS) == sorted(tt.available_games())
    assert sorted(DIGESTS) == sorted((game, kind) for game in CONFIGS for kind in KINDS)


@pytest.mark.parametrize(("game", "kind"), sorted(DIGESTS), ids=str)
def test_output_is_unchanged(game: str, kind: str) -> None:
    assert _digest(KINDS[kind](game)) == DIGESTS[game, kind]


if __name__ == "__main__":
    lines = [
        f'    ("{name}", "{kind}"): "{_digest(make(name))}",'
        for name in CONFIGS
        for kind, make in KINDS.items()
    ]
    sys.stdout.write("\n".join(["DIGESTS: dict[tuple[str, str], str] = {", *lines, "}", ""]))
