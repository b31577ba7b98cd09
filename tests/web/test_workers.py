"""The web table's workers: every search kind, the compiled ones too, searches off the loop."""

from __future__ import annotations

import asyncio

import pytest

import tricktaking as tt
from tricktaking.bots import BOT_KINDS
from tricktaking.web.limits import Limits
from tricktaking.web.workers import SEARCH_KINDS, Workers


def test_every_kind_but_the_quick_ones_searches_in_the_pool() -> None:
    assert set(BOT_KINDS) - SEARCH_KINDS == {"heuristic", "random"}
    assert {"batch-pimc", "batch-ismcts", "sampled-bids"} <= SEARCH_KINDS


@pytest.mark.parametrize("kind", ["batch-pimc", "batch-ismcts", "sampled-bids"])
def test_a_compiled_bot_moves_within_the_tables_budget(kind: str) -> None:
    pytest.importorskip("numba", reason="the batch extra is not installed")
    state = tt.new_game(tt.OhHellConfig(players=3, hand_size=3, first_dealer=0))
    state = tt.apply(state, tt.deal(state, seed=2))
    seat = tt.actor(state)
    assert isinstance(seat, int)

    async def move() -> object:
        workers = Workers(Limits(decision_seconds=0.05), processes=False)
        try:
            return await workers.decide(kind, "oh-hell", 7, tt.view(state, seat))
        finally:
            workers.close()

    assert asyncio.run(move()) in tt.legal_actions(state)


@pytest.mark.parametrize("kind", ["ismcts", "pimc", "sampled-bids"])
def test_a_hint_comes_from_the_kind_the_limits_name(kind: str) -> None:
    if kind == "sampled-bids":
        pytest.importorskip("numba", reason="the batch extra is not installed")
    state = tt.new_game(tt.OneCardConfig(players=3, target=1))
    state = tt.apply(state, tt.deal(state, seed=4))
    seat = tt.actor(state)
    assert isinstance(seat, int)

    async def hint() -> object:
        workers = Workers(Limits(hint_kind=kind, hint_seconds=0.05), processes=False)
        try:
            return await workers.hint(tt.view(state, seat))
        finally:
            workers.close()

    assert asyncio.run(hint()) in tt.legal_actions(state)


@pytest.mark.parametrize("kind", ["heuristic", "random", "text", "clever", 3])
def test_a_hint_kind_is_a_search_kind(kind: object) -> None:
    with pytest.raises(ValueError, match="hint_kind must be one of pimc, ismcts"):
        Limits(hint_kind=kind)  # type: ignore[arg-type]
