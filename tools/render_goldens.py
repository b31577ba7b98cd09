#!/usr/bin/env python3
"""Regenerate the golden SVG files of tests/test_render.py, and the docs' pictures.

Usage (from the repository root)::

    .venv/bin/python tools/render_goldens.py          # tests/render_golden/*.svg
    .venv/bin/python tools/render_goldens.py --docs   # also docs/_static/render/*.svg (+ .png)

Every picture comes from a fixed, seeded scenario below, so running the script twice
writes the same files; review the diff (or the pictures) before committing new goldens.
With ``--docs``, PNG copies for the README are made when ``rsvg-convert`` (Debian
package ``librsvg2-bin``) is installed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import tricktaking as tt
from tricktaking.records import GameRecord
from tricktaking.render import deal_count, deal_svg, svg
from tricktaking.testing import playout

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "render_golden"
STATIC = ROOT / "docs" / "_static" / "render"

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")

# A picture's name -> the game config and the phase whose view it shows.
CONFIGS: dict[str, Callable[[], object]] = {
    "wizard": lambda: tt.WizardConfig(players=4),
    "one-card": lambda: tt.OneCardConfig(players=3),
    "bid-whist": lambda: tt.BidWhistConfig(kitty="exchange"),
    "oh-hell": lambda: tt.OhHellConfig(players=4, schedule="up", max_hand_size=3),
}
PHASES: dict[str, tuple[str, ...]] = {
    "wizard": ("deal", "choose_trump", "bid", "play", "over"),
    "one-card": ("deal", "bid", "choose_direction", "play", "over"),
    "bid-whist": ("deal", "bid", "choose", "discard", "play", "over"),
    "oh-hell": ("deal", "bid", "play", "over"),
}


def _phase(state: tt.GameState[object]) -> str:
    return str(getattr(state, "phase").value)  # noqa: B009 - every built-in state has one


def _step(state: tt.GameState[object]) -> tt.GameState[object]:
    """Each seat's first legal action; in play, the last (so jokers come out early)."""
    actions = tt.legal_actions(state)
    return tt.apply(state, actions[-1] if _phase(state) == "play" else actions[0])


def _reach(game: str, phase: str) -> tt.GameState[object]:
    """The first state in ``phase`` of the first seed that reaches it, played by :func:`_step`.

    In the play phase, two cards of the first trick are played first, so the picture
    shows a trick in progress.
    """
    if phase == "over":
        return playout(tt.new_game(CONFIGS[game]()), seed=7)[-1]
    for seed in range(200):
        state = tt.new_game(CONFIGS[game]())
        if phase == "deal":
            return state
        state = tt.apply(state, tt.deal(state, seed=seed))
        while tt.actor(state) not in (tt.CHANCE, None):
            if _phase(state) == phase:
                if phase == "play":
                    for _ in range(2):
                        state = _step(state)
                return state
            state = _step(state)
    raise SystemExit(f"no seed below 200 reaches {game} {phase}")


def _viewer(state: tt.GameState[object]) -> int:
    seat = tt.actor(state)
    return seat if isinstance(seat, int) else 0


def pictures() -> dict[str, str]:
    """Every golden picture by file name."""
    result: dict[str, str] = {}
    for game, phases in PHASES.items():
        for phase in phases:
            state = _reach(game, phase)
            names = NAMES[: len(tt.scores(state))]
            result[f"{game}-{phase}.svg"] = svg(tt.view(state, _viewer(state)), names=names)
        final = playout(tt.new_game(CONFIGS[game]()), seed=7)[-1]
        record = GameRecord.from_state(final, seats=NAMES[: len(tt.scores(final))])
        # A later deal when there is one: more cards, more tricks.
        index = min(4, deal_count(record) - 1)
        result[f"{game}-deal-sheet.svg"] = deal_svg(record, index)
        result[f"{game}-deal-frame.svg"] = deal_svg(record, index, step=6)
    six: tt.GameState[object] = tt.new_game(tt.WizardConfig(players=6))
    six = tt.apply(six, tt.deal(six, seed=3))
    while len(six.round.trick.plays) < 3 or tt.actor(six) is tt.CHANCE:
        six = _step(six)
    result["wizard-six-players-play.svg"] = svg(tt.view(six, _viewer(six)), names=NAMES)
    result["wizard-round-6-play.svg"] = _later_round()
    return result


def _later_round() -> str:
    """A Wizard round 6 trick with two cards played, trump set and a suit to follow.

    The docs' and the README's table: taken from seeded random games, so it shows
    bids, scores and the dimmed cards the seat may not play.
    """
    for seed in range(100):
        for state in playout(tt.new_game(tt.WizardConfig(players=4)), seed=seed):
            seat = tt.actor(state)
            if (
                state.round.number == 6
                and len(state.round.trick.plays) == 2
                and isinstance(seat, int)
                and getattr(state, "trump") is not None  # noqa: B009
                and len(tt.legal_actions(state)) < len(state.round.hands[seat])
            ):
                return svg(tt.view(state, seat), names=NAMES[:4])
    raise SystemExit("no seed below 100 gives the docs' Wizard table")


DOC_PICTURES = (
    "wizard-round-6-play.svg",
    "one-card-play.svg",
    "bid-whist-discard.svg",
    "wizard-deal-sheet.svg",
    "one-card-deal-frame.svg",
)


def main() -> int:
    """Write the goldens (and with ``--docs`` the docs' pictures)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", action="store_true", help="also write docs/_static/render")
    args = parser.parse_args()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    made = pictures()
    for name, text in made.items():
        (GOLDEN / name).write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(made)} goldens to {GOLDEN.relative_to(ROOT)}")
    if args.docs:
        STATIC.mkdir(parents=True, exist_ok=True)
        converter = shutil.which("rsvg-convert")
        for name in DOC_PICTURES:
            target = STATIC / name
            target.write_text(made[name] + "\n", encoding="utf-8")
            if converter is not None:
                png = target.with_suffix(".png")
                subprocess.run([converter, "-w", "800", str(target), "-o", str(png)], check=True)
        print(f"wrote {len(DOC_PICTURES)} pictures to {STATIC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
