"""Stepping random games in a batch and through ``tt.apply`` side by side."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import tricktaking as tt
from tricktaking.actions import CHANCE
from tricktaking.batch._simulator import Simulator
from tricktaking.engine import GameState

__all__ = ["differences"]


def differences(config: object, size: int = 256, seed: int = 0) -> tuple[str, ...]:
    """Every difference between the batch rules and the engine over ``size`` random games.

    The games are played to their end in a :class:`Simulator`, half of the steps taking
    the first legal action (so that rare branches, such as everybody passing, are
    reached) and half a uniformly random one. Each row is then replayed through
    ``tt.apply``: at every decision the engine's legal set and actor must equal the
    batch's, and at the end the scores. Needs the ``rl`` extra.

    Returns:
        One line per differing game; empty when the batch is exact.

    Example:
        >>> from tricktaking.batch import differences
        >>> import tricktaking as tt
        >>> differences(tt.WizardConfig(players=4, rounds=2), size=20, seed=1)
        ()
    """
    from tricktaking.rl.actions import action_space  # noqa: PLC0415 (rl needs Gymnasium)

    sim = Simulator(config, size=size, seed=seed)
    coin = np.random.default_rng(seed)
    masks: list[npt.NDArray[np.bool_]] = []
    actors: list[npt.NDArray[np.int64]] = []
    while not sim.done.all():
        mask = sim.legal_mask().copy()
        masks.append(mask)
        actors.append(sim.actor.astype(np.int64))
        first = mask.argmax(axis=1)
        sim.step(np.where(coin.random(size) < 0.5, first, sim.random_actions()))
    space = action_space(sim.game.name, sim.players)
    found: list[str] = []
    for row in range(size):
        step = 0
        state = tt.new_game(config)
        for state in sim.replay(row):
            actor = tt.actor(state)
            if actor is CHANCE or actor is None:
                continue
            expected = space.mask(tt.legal_actions(state))
            if not np.array_equal(masks[step][row], expected) or actors[step][row] != actor:
                found.append(f"row {row}, step {step}: the legal sets or actors differ")
                break
            step += 1
        else:
            found.extend(_ending_differences(sim, row, state, masks[step:]))
    return tuple(found)


def _ending_differences(
    sim: Simulator,
    row: int,
    state: GameState[object],
    later: list[npt.NDArray[np.bool_]],
) -> list[str]:
    """How the end of a game replayed without a difference on the way differs, if it does."""
    found: list[str] = []
    if not tt.is_over(state):
        found.append(f"row {row}: the replayed game is not over")
    scores = tuple(int(score) for score in sim.scores[row])
    if scores != tt.scores(state):
        found.append(f"row {row}: scores {scores} in the batch, {tt.scores(state)} replayed")
    if any(mask[row].any() for mask in later):
        found.append(f"row {row}: legal actions after the game ended")
    return found
