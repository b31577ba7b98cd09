"""What a page opened late hears besides its view: the deal so far and the deals done."""

from __future__ import annotations

from typing import cast

import attrs
import pytest

import tricktaking as tt
from tricktaking.web.recap import deal_events, deal_summaries, deal_summary, refused_choices
from tricktaking.web.store import Store
from tricktaking.web.tables import JOURNAL, Table


def _played(config: object, kinds: list[str], seed: int, until: int | None = None) -> Table:
    table = Table.create(config, kinds, names=[f"P{seat}" for seat in range(len(kinds))], seed=seed)
    while (until is None or table.seq < until) and (action := table.automatic_action()) is not None:
        table.accept(action)
    return table


def first_event(table: Table) -> dict[str, object]:
    return cast("dict[str, object]", deal_events(table, None)[0])


def test_a_stored_table_tells_its_current_deal_as_it_was_told() -> None:
    store = Store(":memory:")
    table = Table.create(tt.BidWhistConfig(kitty="exchange", target=3), ["random"] * 4, seed=9)
    store.create(table)
    while (action := table.automatic_action()) is not None and table.seq < 3 * JOURNAL:
        after = tt.apply(table.state, action)
        store.append(table, action, after)
        table.accept(action, after)
    again = store.load(table.id)
    for viewer in (None, 0, 1, 2, 3):
        assert deal_events(again, viewer) == deal_events(table, viewer)
        assert deal_summaries(again, viewer) == deal_summaries(table, viewer)
    assert first_event(again)["action"] == "deal"
    store.close()


def test_a_journal_keeps_a_deal_longer_than_its_length() -> None:
    table = _played(tt.WizardConfig(players=3, rounds=20), ["random"] * 3, 2)
    events = cast("list[dict[str, object]]", deal_events(table, 0))
    last_deal = [
        index for index, action in enumerate(table.state.history) if isinstance(action, tt.Deal)
    ][-1]
    assert [event["seq"] for event in events] == list(range(last_deal + 1, table.seq + 1))
    assert len(table.journal) >= len(events)


def test_partners_are_named_together_in_a_deal_summary() -> None:
    table = _played(tt.BidWhistConfig(target=1), ["random"] * 4, 5)
    (summary,) = deal_summaries(table, None)
    assert isinstance(summary, dict)
    lines = summary["lines"]
    assert isinstance(lines, list)
    assert any("P0 and P2" in str(line) or "P1 and P3" in str(line) for line in lines), lines
    calls = summary["calls"]
    assert isinstance(calls, list) and all(call is not None for call in calls)


def test_a_game_without_words_of_its_own_has_no_summary_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = tt.get_game("wizard")
    monkeypatch.setattr(tt.engine, "get_game", lambda name: attrs.evolve(game, terminal=None))
    monkeypatch.setattr(tt, "game_of", lambda state: attrs.evolve(game, terminal=None))
    end = _played(tt.WizardConfig(players=3, rounds=1), ["random"] * 3, 1).state
    assert deal_summary(end, [0, 0, 0], ["A", "B", "C"], 0)["lines"] == []


def test_wizards_hook_refuses_the_dealers_bid_that_adds_up() -> None:
    state = tt.new_game(tt.WizardConfig(players=3, rounds=2, bid_rule="hook"))
    state = tt.apply(state, tt.deal(state, seed=3))
    state = tt.apply(state, tt.wizard.Bid(1, 0))
    state = tt.apply(state, tt.wizard.Bid(2, 0))
    refused = refused_choices(state, 0)
    assert list(refused) == ["0 bid 1"]
    assert "(WZ-7.4)" in refused["0 bid 1"] or "hook" in refused["0 bid 1"]
    assert refused_choices(state, None) == {}
