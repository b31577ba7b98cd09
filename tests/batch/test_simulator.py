"""The batch simulator: seeding, conversions both ways, auto-reset, errors."""

from __future__ import annotations

import subprocess
import sys
from typing import cast

import attrs
import numpy as np
import pytest

import tricktaking as tt
from tricktaking import batch
from tricktaking.batch import BatchActionError, BatchRules, Simulator, rules_for

CONFIGS = [tt.WizardConfig(players=4, rounds=3), tt.OneCardConfig(players=3), tt.BidWhistConfig()]


def play_out(sim: Simulator, steps: int) -> list[np.ndarray]:
    masks = []
    for _ in range(steps):
        masks.append(sim.legal_mask().copy())
        sim.step(sim.random_actions())
    return masks


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_seeded_batches_are_reproducible(config: object) -> None:
    first, second = Simulator(config, size=32, seed=3), Simulator(config, size=32, seed=3)
    for one, two in zip(play_out(first, 30), play_out(second, 30), strict=True):
        assert np.array_equal(one, two)
    assert np.array_equal(first.scores, second.scores)
    assert [first.state_of(i) for i in range(4)] == [second.state_of(i) for i in range(4)]
    other = Simulator(config, size=32, seed=4)
    assert [first.state_of(i) for i in range(4)] != [other.state_of(i) for i in range(4)]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_a_batch_built_from_states_holds_those_states(config: object) -> None:
    sim = Simulator(config, size=6, seed=9)
    play_out(sim, 17)
    states = [sim.state_of(i) for i in range(6)]
    fresh = tt.new_game(config)
    rebuilt = Simulator.from_states([*states, fresh], seed=1)
    assert [rebuilt.state_of(i) for i in range(6)] == states
    assert np.array_equal(rebuilt.legal_mask()[:6], sim.legal_mask())
    assert tt.actor(rebuilt.state_of(6)) != tt.CHANCE  # a fresh state is dealt at random
    rebuilt.step(rebuilt.random_actions())


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_states_repeated_in_any_order_load_into_their_own_rows(config: object) -> None:
    sim = Simulator(config, size=2, seed=0)
    play_out(sim, 9)
    first, second = sim.state_of(0), sim.state_of(1)
    order = [first, second, first, second, second]
    rebuilt = Simulator.from_states(order)
    assert [rebuilt.state_of(i) for i in range(5)] == order


def test_from_states_refuses_mixed_configs_and_nothing() -> None:
    with pytest.raises(ValueError, match="same config"):
        Simulator.from_states(
            [tt.new_game(tt.WizardConfig(players=3)), tt.new_game(tt.WizardConfig(players=4))]
        )
    with pytest.raises(ValueError, match="at least one"):
        Simulator.from_states([])


LATER = [
    tt.WizardConfig(players=3, rounds=3),
    tt.OneCardConfig(players=3, target=12),
    tt.BidWhistConfig(target=9),
    tt.OhHellConfig(players=3, schedule="up", max_hand_size=3),
]


def in_a_later_deal(config: object, deals: int, seed: int = 0) -> tt.GameState[object]:
    """A state of ``config`` that random play has taken into deal ``deals``."""
    sim = Simulator(config, size=1, seed=seed)
    while sim.deal_numbers[0] < deals and not sim.done[0]:
        sim.step(sim.random_actions())
    for _ in range(2):  # a few actions into the deal
        sim.step(sim.random_actions())
    return sim.state_of(0)


@pytest.mark.parametrize("config", LATER, ids=lambda config: type(config).__name__)
def test_a_sampled_world_of_a_later_deal_loads_with_the_deals_before_it(config: object) -> None:
    from tricktaking import rl
    from tricktaking.worlds import world_sampler

    state = in_a_later_deal(config, deals=2)
    seat = tt.actor(state)
    assert isinstance(seat, int) and state.round.number == 2
    sampler = world_sampler(tt.view(state, seat))
    worlds = [sampler.sample(seed) for seed in range(3)]  # each holds its deal's history only
    assert all(sum(isinstance(a, tt.Deal) for a in world.history) == 1 for world in worlds)
    sim = Simulator.from_states([*worlds, state], seed=2)
    assert [sim.state_of(i) for i in range(4)] == [*worlds, state]
    assert sim.deal_numbers.tolist() == [2] * 4
    assert sim.scores.tolist() == [list(tt.scores(world)) for world in [*worlds, state]]
    for row, world in enumerate(worlds):
        assert np.array_equal(sim.legal_mask()[row], rl.action_mask(tt.view(world, seat)))
        assert np.array_equal(sim.observe(seat)[row], rl.encode(tt.view(world, seat)))
    while not sim.done.all():
        sim.step(sim.random_actions())
    for row in range(4):  # the replay from the world validates every batch action
        final = sim.state_of(row)
        assert tt.is_over(final) and tt.scores(final) == tuple(sim.scores[row])


def test_a_world_of_a_finished_deal_starts_from_the_totals_before_it() -> None:
    from tricktaking.worlds import sample_world

    config = tt.OneCardConfig(players=3, target=40)
    state = in_a_later_deal(config, deals=2)
    while tt.actor(state) is not tt.CHANCE:
        state = tt.apply(state, tt.legal_actions(state)[0])
    assert tt.scores(state) != (0, 0, 0)
    world = sample_world(tt.view(state, 1), seed=3)
    sim = Simulator.from_states([world], seed=1)
    assert next(sim.replay(0)) == world and tt.scores(world) == tuple(sim.scores[0])
    assert sim.deal_numbers.tolist() == [3]  # the next deal is dealt at random
    while not sim.done.all():
        sim.step(sim.random_actions())
    assert tt.scores(sim.state_of(0)) == tuple(sim.scores[0])


def test_from_states_refuses_a_history_that_starts_inside_a_deal() -> None:
    from tricktaking.history import History

    state = in_a_later_deal(tt.WizardConfig(players=3, rounds=3), deals=2)
    wizard = cast("tt.WizardState", state)
    cut = attrs.evolve(wizard, history=History(wizard.history[-2:]))
    with pytest.raises(ValueError, match="starts inside a deal"):
        Simulator.from_states([state, cut])


def test_a_reset_row_no_longer_starts_from_its_loaded_state() -> None:
    from tricktaking.worlds import sample_world

    config = tt.WizardConfig(players=3, rounds=3)
    state = in_a_later_deal(config, deals=2)
    seat = tt.actor(state)
    assert isinstance(seat, int)
    sim = Simulator.from_states([sample_world(tt.view(state, seat), seed=1)] * 2)
    sim.reset(np.array([True, False]))
    assert sim.deal_numbers.tolist() == [1, 2]
    assert sim.state_of(0).round.number == 1 and len(sim.state_of(0).history) == 1


def test_auto_reset_starts_new_games_and_keeps_final_scores() -> None:
    config = tt.WizardConfig(players=3, rounds=1)
    sim = Simulator(config, size=16, seed=5, auto_reset=True)
    finished_any = np.zeros(16, np.bool_)
    for _ in range(3 + 3 + 3):  # more than one game of one round
        finished = sim.step(sim.random_actions())
        # a one-round Wizard game never ends with every score zero
        assert (sim.final_scores[finished] != 0).all()
        finished_any |= finished
    assert finished_any.all()
    assert not sim.done.any()
    assert sim.legal_mask().any(axis=1).all()
    state = sim.state_of(0)
    assert not tt.is_over(state) and state.round.number == 1


def test_done_rows_ignore_their_actions_and_have_no_legal_actions() -> None:
    sim = Simulator(tt.WizardConfig(players=3, rounds=1), size=8, seed=0)
    while not sim.done.all():
        sim.step(sim.random_actions())
    assert not sim.legal_mask().any()
    before = [sim.state_of(i) for i in range(8)]
    sim.step(np.full(8, 999))
    assert [sim.state_of(i) for i in range(8)] == before


def test_illegal_actions_raise_and_leave_the_batch_unchanged() -> None:
    sim = Simulator(tt.OneCardConfig(players=2), size=4, seed=0)
    before = [sim.state_of(i) for i in range(4)]
    with pytest.raises(BatchActionError, match=r"row 0: action 0 \(.*\) is illegal"):
        sim.step(np.zeros(4, np.int64))
    with pytest.raises(BatchActionError, match="outside"):
        sim.step(np.full(4, 99))
    with pytest.raises(BatchActionError, match="4 integer actions"):
        sim.step(np.zeros(3, np.int64))
    with pytest.raises(BatchActionError, match="integer"):
        sim.step(np.zeros(4))
    assert [sim.state_of(i) for i in range(4)] == before


def test_random_actions_changed_before_the_step_are_checked_again() -> None:
    sim = Simulator(tt.WizardConfig(players=3), size=4, seed=0)
    before = [sim.state_of(i) for i in range(4)]
    drawn = sim.random_actions()
    illegal = int(np.flatnonzero(~sim.legal_mask()[0])[0])
    changed = drawn.copy()
    changed[0] = illegal
    with pytest.raises(BatchActionError, match="row 0"):
        sim.step(changed)
    drawn[0] = illegal  # the caller's own array, changed in place
    with pytest.raises(BatchActionError, match="row 0"):
        sim.step(drawn)
    assert [sim.state_of(i) for i in range(4)] == before
    sim.step(sim.random_actions())
    with pytest.raises(BatchActionError, match="illegal"):
        sim.step(drawn)  # an old draw, for rows that have moved on


def test_bad_sizes_rows_and_configs() -> None:
    with pytest.raises(ValueError, match="size"):
        Simulator(tt.WizardConfig(players=3), size=0)
    with pytest.raises(TypeError):
        Simulator("wizard", size=2)
    sim = Simulator(tt.WizardConfig(players=3), size=2)
    with pytest.raises(IndexError):
        sim.state_of(2)
    assert sim.state_of(-1) == sim.state_of(1)


def test_the_built_in_games_declare_batch_rules_found_through_the_registry() -> None:
    declared = [name for name in tt.available_games() if tt.get_game(name).batch_rules]
    assert set(declared) >= {"bid-whist", "oh-hell", "one-card", "wizard"}
    for name in declared:
        rules = rules_for(tt.get_game(name))
        assert isinstance(rules, BatchRules)
        with pytest.raises(TypeError):
            rules.create(object(), 1)


def test_batch_rules_that_are_not_batch_rules_are_refused() -> None:
    game = attrs.evolve(tt.get_game("wizard"), batch_rules="tricktaking.cards:Card")
    with pytest.raises(TypeError, match="not a BatchRules"):
        rules_for(game)


def test_the_simulator_keeps_its_game() -> None:
    sim = Simulator(tt.OneCardConfig(players=3), size=1)
    assert sim.game is tt.get_game("one-card")


def test_the_package_names_its_extra() -> None:
    assert "batch" in (batch.__doc__ or "")


def test_the_rules_modules_satisfy_the_protocols_statically() -> None:
    from tricktaking.games.bid_whist import _batch as _bid_whist
    from tricktaking.games.oh_hell import _batch as _oh_hell
    from tricktaking.games.one_card import _batch as _one_card
    from tricktaking.games.wizard import _batch as _wizard

    plug_ins: list[BatchRules] = [_wizard.RULES, _one_card.RULES, _bid_whist.RULES, _oh_hell.RULES]
    cores: list[batch.BatchCore] = [
        _wizard.RULES.create(tt.WizardConfig(players=3), 1),
        _one_card.RULES.create(tt.OneCardConfig(players=2), 1),
        _bid_whist.RULES.create(tt.BidWhistConfig(), 1),
        _oh_hell.RULES.create(tt.OhHellConfig(), 1),
    ]
    assert all(isinstance(core, batch.BatchCore) for core in cores)
    assert all(isinstance(rules, BatchRules) for rules in plug_ins)


@pytest.mark.parametrize(
    "config",
    [tt.WizardConfig(players=3, bid_rule="hook"), tt.OneCardConfig(players=4), tt.BidWhistConfig()],
    ids=repr,
)
def test_the_random_policy_is_uniform_over_the_distinct_legal_actions(config: object) -> None:
    sim = Simulator(config, size=24, seed=6)
    for steps in (0, 3, 9):  # bids or calls, then plays
        for _ in range(steps):
            sim.step(sim.random_actions())
        mask = sim.legal_mask()
        draws = 600
        counts = np.zeros(mask.shape)
        for _ in range(draws):
            counts[np.arange(sim.size), sim.random_actions()] += 1
        assert not counts[~mask].any()
        legal = mask.sum(axis=1, keepdims=True)
        expected = draws / legal
        # every legal action comes up, near its share (five standard deviations)
        spread = 5 * np.sqrt(expected * (1 - 1 / legal))
        assert (np.abs(counts - expected)[mask] <= np.broadcast_to(spread, mask.shape)[mask]).all()


def test_importing_without_numpy_names_the_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        "try:\n"
        "    import tricktaking.batch\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'tricktaking[batch]'" in out.stdout


def test_masked_steps_move_only_the_chosen_rows() -> None:
    sim = Simulator(tt.OneCardConfig(players=3), size=6, seed=8)
    assert sim.phase.tolist() == [1] * 6  # every row in the auction
    before = [sim.state_of(i) for i in range(6)]
    mask = sim.legal_mask()
    chosen = np.array([True, False, True, False, False, False])
    sim.step(mask.argmax(axis=1), where=chosen)
    after = [sim.state_of(i) for i in range(6)]
    assert [a != b for a, b in zip(after, before, strict=True)] == chosen.tolist()
    with pytest.raises(BatchActionError, match="where"):
        sim.step(mask.argmax(axis=1), where=np.ones(6))
    with pytest.raises(BatchActionError, match="where"):
        sim.reset(np.ones(5, np.bool_))
    assert not sim.step(np.zeros(6, np.int64), where=np.zeros(6, np.bool_)).any()


def test_a_state_of_a_row_waiting_for_its_next_deal_stops_there() -> None:
    sim = Simulator(tt.WizardConfig(players=3, rounds=2), size=1, seed=0)
    for _ in range(3 + 3):  # round 1: three bids and three plays, then round 2 is dealt
        sim.step(sim.random_actions())
    sim._dealt[0] -= 1  # forget round 2's deal: the replay stops before it
    assert tt.actor(sim.state_of(0)) is tt.CHANCE


def test_differences_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaking.games.wizard import _batch as _wizard

    config = tt.WizardConfig(players=3, rounds=1)
    score = _wizard.WizardBatch._score

    def miscounted(self: _wizard.WizardBatch, rows: np.ndarray) -> None:
        score(self, rows)
        self.scores[rows, 0] += 1

    monkeypatch.setattr(_wizard.WizardBatch, "_score", miscounted)
    found = batch.differences(config, size=3, seed=0)
    assert len(found) == 3 and all("scores" in line for line in found)
    monkeypatch.undo()
    biddable = _wizard.WizardBatch._biddable

    def everything(self: _wizard.WizardBatch, rows: np.ndarray) -> np.ndarray:
        allowed = biddable(self, rows)
        allowed[:] = True
        return allowed

    monkeypatch.setattr(_wizard.WizardBatch, "_biddable", everything)
    found = batch.differences(config, size=3, seed=0)
    assert found and all("legal sets" in line for line in found)
    monkeypatch.undo()

    def over_at_once(self: _wizard.WizardBatch, rows: np.ndarray) -> None:
        score(self, rows)
        self.phase[rows] = _wizard.OVER
        self.done[rows] = True

    monkeypatch.setattr(_wizard.WizardBatch, "_score", over_at_once)
    found = batch.differences(tt.WizardConfig(players=3, rounds=2), size=2, seed=0)
    assert found == ("row 0: the replayed game is not over", "row 1: the replayed game is not over")


def test_a_game_without_batch_rules_is_refused() -> None:
    game = tt.get_game("wizard")
    stranger = type(game)(
        name="high-card",
        title="High Card",
        config_type=game.config_type,
        state_type=game.state_type,
        rules=game.rules,
    )
    with pytest.raises(ValueError, match="no batch rules"):
        rules_for(stranger)
