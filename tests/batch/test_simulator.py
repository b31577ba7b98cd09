"""The batch simulator: seeding, conversions both ways, auto-reset, and every refused input."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import cast

import attrs
import numpy as np
import pytest

import tricktaking as tt
from tricktaking import batch
from tricktaking.batch import (
    BatchActionError,
    ForgedStateError,
    RowError,
    Simulator,
    kernel_for,
)
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.history import History
from tricktaking.kernel_kit import Kernel

CONFIGS = [tt.WizardConfig(players=4, rounds=3), tt.OneCardConfig(players=3), tt.BidWhistConfig()]


def play_out(sim: Simulator, steps: int) -> list[np.ndarray]:
    masks = []
    for _ in range(steps):
        masks.append(sim.legal_mask().copy())
        sim.step(sim.random_actions())
    return masks


def states_of(sim: Simulator) -> list[tt.GameState[object]]:
    return [sim.state_of(row) for row in range(sim.size)]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_seeded_batches_are_reproducible(config: object) -> None:
    first, second = Simulator(config, size=32, seed=3), Simulator(config, size=32, seed=3)
    for one, two in zip(play_out(first, 30), play_out(second, 30), strict=True):
        assert np.array_equal(one, two)
    assert np.array_equal(first.scores, second.scores)
    assert [first.state_of(i) for i in range(4)] == [second.state_of(i) for i in range(4)]
    other = Simulator(config, size=32, seed=4)
    assert [first.state_of(i) for i in range(4)] != [other.state_of(i) for i in range(4)]


def test_any_int_seeds_and_a_seed_is_not_a_float() -> None:
    config = tt.WizardConfig(players=3)
    assert Simulator(config, size=2, seed=-1).state_of(0) != Simulator(config, size=2).state_of(0)
    Simulator(config, size=1, seed=10**40)
    for seed in (1.5, "1", None, True):
        with pytest.raises(ArgumentTypeError, match="seed"):
            Simulator(config, size=2, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_a_batch_built_from_states_holds_those_states(config: object) -> None:
    sim = Simulator(config, size=6, seed=9)
    play_out(sim, 17)
    states = states_of(sim)
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
    assert np.array_equal(rebuilt.legal_mask()[[0, 2]], np.repeat(sim.legal_mask()[:1], 2, 0))


def test_from_states_refuses_mixed_configs_nothing_and_what_is_not_a_state() -> None:
    with pytest.raises(ArgumentError, match="same config"):
        Simulator.from_states(
            [tt.new_game(tt.WizardConfig(players=3)), tt.new_game(tt.WizardConfig(players=4))]
        )
    with pytest.raises(ArgumentError, match="number of states"):
        Simulator.from_states([])
    for bad in (
        [None],
        [tt.new_game(tt.WizardConfig(players=3)), "state"],
        [tt.WizardConfig(players=3)],
    ):
        with pytest.raises(ArgumentTypeError, match=r"state [01]"):
            Simulator.from_states(bad)  # type: ignore[arg-type]
    state = tt.new_game(tt.WizardConfig(players=3))
    for bad_collection in (state, iter([state]), {state: 1}, "states"):
        with pytest.raises(ArgumentTypeError, match="list or tuple"):
            Simulator.from_states(bad_collection)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed"):
        Simulator.from_states([state], seed=0.5)  # type: ignore[arg-type]


def mid_deal(
    config: object = tt.WizardConfig(players=3, rounds=3), seed: int = 0
) -> tt.WizardState:
    """A Wizard state a few actions into its second deal."""
    return cast("tt.WizardState", in_a_later_deal(config, deals=2, seed=seed))


def test_from_states_refuses_every_forged_state() -> None:
    state = mid_deal()
    history = state.history
    deal_at = max(i for i, action in enumerate(history) if isinstance(action, tt.Deal))
    deal = cast("tt.Deal", history[deal_at])
    hands = list(deal.hands)
    hands[0] = (hands[1][0], *hands[0][1:])  # a card dealt twice
    twice = attrs.evolve(deal, hands=tuple(hands))
    stranger = attrs.evolve(deal, stock=(tt.Card.parse("JK"), *deal.stock[1:]))  # One Card's joker
    swapped = list(history)
    swapped[-1], swapped[-2] = swapped[-2], swapped[-1]
    forged = {
        "a deal with a card twice": attrs.evolve(
            state, history=History([*history[:deal_at], twice, *history[deal_at + 1 :]])
        ),
        "an emptied history": attrs.evolve(state, history=History(())),
        "another dealer": attrs.evolve(state, round=attrs.evolve(state.round, dealer=2)),
        "a truncated history": attrs.evolve(state, history=History(history[:-1])),
        "a reordered history": attrs.evolve(state, history=History(swapped)),
        "a plain list as history": attrs.evolve(state, history=list(history)),  # type: ignore[arg-type]
        "a round past the schedule": attrs.evolve(state, round=attrs.evolve(state.round, number=9)),
        "a card of another deck": attrs.evolve(
            state, history=History([*history[:deal_at], stranger, *history[deal_at + 1 :]])
        ),
        "other scores": attrs.evolve(state, scores=(1000, 0, 0)),
    }
    for name, fake in forged.items():
        with pytest.raises(ForgedStateError, match="state 1") as refused:
            Simulator.from_states([state, fake])
        assert isinstance(refused.value, ArgumentError), name
    assert Simulator.from_states([state]).state_of(0) == state


def test_bad_sizes_rows_and_configs() -> None:
    config = tt.WizardConfig(players=3)
    for size in (0, -3, batch.MAX_SIZE + 1):
        with pytest.raises(ArgumentError, match="size"):
            Simulator(config, size=size)
    began = time.process_time()
    with pytest.raises(ArgumentError, match="size"):
        Simulator(config, size=10**7)  # refused before anything is allocated
    assert time.process_time() - began < 1.0
    not_sizes: tuple[object, ...] = (2.0, "2", None, True)
    for not_size in not_sizes:
        with pytest.raises(ArgumentTypeError, match="size"):
            Simulator(config, size=not_size)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        Simulator("wizard", size=2)
    sim = Simulator(config, size=2)
    with pytest.raises(RowError):
        sim.state_of(2)
    with pytest.raises(IndexError):
        sim.state_of(-3)
    not_rows: tuple[object, ...] = ("1", 1.0, None, True)
    for row in not_rows:
        with pytest.raises(ArgumentTypeError, match="row"):
            sim.state_of(row)  # type: ignore[arg-type]
    assert sim.state_of(-1) == sim.state_of(np.int64(1))  # type: ignore[arg-type]


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
    state = mid_deal()
    cut = attrs.evolve(state, history=History(state.history[-2:]))
    with pytest.raises(ForgedStateError, match="starts inside a deal"):
        Simulator.from_states([state, cut])


def test_a_reset_row_no_longer_starts_from_its_loaded_state() -> None:
    from tricktaking.worlds import sample_world

    state = mid_deal()
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
    sim.play(100)
    assert sim.done.all() and not sim.legal_mask().any()
    before = states_of(sim)
    sim.step(np.full(8, 999))
    assert states_of(sim) == before


def test_illegal_actions_raise_and_leave_the_batch_unchanged() -> None:
    sim = Simulator(tt.OneCardConfig(players=2), size=4, seed=0)
    before = states_of(sim)
    ints, cards = sim._rows.ints.copy(), sim._rows.cards.copy()
    with pytest.raises(BatchActionError, match=r"row 0: action 0 \(.*\) is illegal.*unchanged"):
        sim.step(np.zeros(4, np.int64))
    with pytest.raises(BatchActionError, match="outside"):
        sim.step(np.full(4, 99))
    with pytest.raises(BatchActionError, match="outside"):
        sim.step(np.full(4, 2**63, np.uint64))
    with pytest.raises(BatchActionError, match="4 integer actions"):
        sim.step(np.zeros(3, np.int64))
    for not_integers in (np.zeros(4), np.zeros(4, np.bool_), ["a"] * 4, None):
        with pytest.raises(BatchActionError, match="integer"):
            sim.step(not_integers)  # type: ignore[arg-type]
    assert states_of(sim) == before
    assert np.array_equal(sim._rows.ints, ints) and np.array_equal(sim._rows.cards, cards)


def test_a_refused_step_names_rows_and_actions() -> None:
    sim = Simulator(tt.WizardConfig(players=3), size=9, seed=0)
    illegal = np.array([int(np.flatnonzero(~mask)[0]) for mask in sim.legal_mask()])
    with pytest.raises(BatchActionError) as refused:
        sim.step(illegal)
    message = str(refused.value)
    assert message.startswith("row 0: action") and "row 4" in message
    assert "(and 4 more rows)" in message


def test_masked_steps_move_only_the_chosen_rows() -> None:
    sim = Simulator(tt.OneCardConfig(players=3), size=6, seed=8)
    assert sim.phase.tolist() == [1] * 6  # every row in the auction
    before = states_of(sim)
    mask = sim.legal_mask()
    chosen = np.array([True, False, True, False, False, False])
    sim.step(mask.argmax(axis=1), where=chosen)
    after = states_of(sim)
    assert [a != b for a, b in zip(after, before, strict=True)] == chosen.tolist()
    for where in (np.ones(6), np.ones(5, np.bool_), [1] * 6):
        with pytest.raises(BatchActionError, match="where"):
            sim.step(mask.argmax(axis=1), where=where)
        with pytest.raises(BatchActionError, match="where"):
            sim.reset(where)
    assert not sim.step(np.zeros(6, np.int64), where=np.zeros(6, np.bool_)).any()


def test_play_runs_the_kernels_policies_and_checks_its_arguments() -> None:
    config = tt.OhHellConfig(players=4, hand_size=5, first_dealer=0)
    sim = Simulator(config, size=8, seed=1)
    ended = sim.play(1000, "heuristic")
    assert ended.all() and sim.done.all()
    for row in range(8):
        state = sim.state_of(row)
        assert tt.is_over(state) and tt.scores(state) == tuple(sim.scores[row])
    looping = Simulator(tt.WizardConfig(players=3, rounds=2), size=4, seed=1, auto_reset=True)
    looping.play(200)
    assert not looping.done.any() and looping.final_scores.any()
    for steps in (0, -1, 10**10):
        with pytest.raises(ArgumentError, match="steps"):
            sim.play(steps)
    not_steps: tuple[object, ...] = (1.5, "3", None)
    for not_count in not_steps:
        with pytest.raises(ArgumentTypeError, match="steps"):
            sim.play(not_count)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="policy"):
        sim.play(3, "greedy")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="policy"):
        sim.play(3, 1)  # type: ignore[arg-type]


def test_play_to_the_end_of_a_deal_stops_each_row_at_its_next_deal() -> None:
    sim = Simulator(tt.WizardConfig(players=4, rounds=5), size=16, seed=2)
    sim.play(3)
    sim.play(10_000, to_end_of_deal=True)
    assert sim.deal_numbers.tolist() == [2] * 16
    assert all(len(sim.state_of(row).round.tricks) == 0 for row in range(16))


def test_heuristic_actions_are_the_heuristic_bots() -> None:
    from tricktaking.rl import action_index

    sim = Simulator(tt.WizardConfig(players=4, rounds=4), size=16, seed=3)
    make_bot = sim.game.heuristic_bot
    assert make_bot is not None
    bot = make_bot(0)
    for _ in range(12):
        chosen = sim.heuristic_actions()
        for row in range(sim.size):
            state = sim.state_of(row)
            seat = tt.actor(state)
            assert isinstance(seat, int)
            view = tt.view(state, seat)
            assert chosen[row] == action_index(view, bot.act(view))
        sim.step(chosen)


def test_a_simulator_without_a_record_has_no_states() -> None:
    sim = Simulator(tt.WizardConfig(players=3), size=4, record=False)
    sim.play(50)
    with pytest.raises(ArgumentError, match="record"):
        sim.state_of(0)


def test_records_grow_as_games_get_long() -> None:
    config = tt.OneCardConfig(players=2, target=60)
    sim = Simulator(config, size=3, seed=4)
    sim.play(5000)
    assert sim._rows.log.shape[1] > 64
    for row in range(3):
        state = sim.state_of(row)
        assert tt.scores(state) == tuple(sim.scores[row])


def test_the_record_of_actions_and_of_decks_grow_each_at_its_own_pace() -> None:
    sim = Simulator(tt.WizardConfig(players=4), size=2, seed=4)
    sim.play(10**6)
    deals = int(sim._rows.counts[:, 1].max())
    assert deals == 15
    assert sim._rows.decks.shape[1] < 2 * deals  # not doubled with the actions' room
    assert sim._rows.log.shape[1] >= sim._rows.counts[:, 0].max()
    assert all(tt.is_over(sim.state_of(row)) for row in range(2))


def test_a_state_of_a_row_waiting_for_its_next_deal_stops_there() -> None:
    sim = Simulator(tt.WizardConfig(players=3, rounds=2), size=1, seed=0)
    for _ in range(3 + 3):  # round 1: three bids and three plays, then round 2 is dealt
        sim.step(sim.random_actions())
    sim._rows.counts[0, 1] -= 1  # forget round 2's deal: the replay stops before it
    assert tt.actor(sim.state_of(0)) is tt.CHANCE


def test_the_built_in_games_declare_kernels_found_through_the_registry() -> None:
    declared = [name for name in tt.available_games() if tt.get_game(name).batch_rules]
    assert set(declared) >= {"bid-whist", "oh-hell", "one-card", "wizard"}
    for name in declared:
        kernel = kernel_for(tt.get_game(name))
        assert isinstance(kernel, Kernel)
        with pytest.raises(ArgumentTypeError, match="kernel needs"):
            kernel.checked(object())


def test_kernels_that_are_not_kernels_are_refused() -> None:
    game = attrs.evolve(tt.get_game("wizard"), batch_rules="tricktaking.cards:Card")
    with pytest.raises(ArgumentTypeError, match="not a Kernel"):
        kernel_for(game)
    stranger = attrs.evolve(tt.get_game("wizard"), batch_rules=None)
    with pytest.raises(ArgumentError, match="no batch kernel"):
        kernel_for(stranger)


def test_the_simulator_keeps_its_game() -> None:
    sim = Simulator(tt.OneCardConfig(players=3), size=1)
    assert sim.game is tt.get_game("one-card")


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


def test_importing_without_numba_names_the_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['numba'] = None\n"
        "try:\n"
        "    import tricktaking.batch\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'tricktaking[batch]'" in out.stdout


class _Miscounting(Simulator):
    """A simulator whose scores are off by one for seat 0: a broken rule, seen from outside."""

    @property
    def scores(self) -> np.ndarray:
        scores = super().scores.copy()
        scores[:, 0] += 1
        return scores


class _Permissive(Simulator):
    """A simulator that offers its last action everywhere: a broken legality rule."""

    def legal_mask(self) -> np.ndarray:
        mask = super().legal_mask().copy()
        mask[~self.done, -1] = True
        return mask


def test_differences_report_a_broken_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaking.batch import _verify

    config = tt.WizardConfig(players=3, rounds=1)
    monkeypatch.setattr(_verify, "Simulator", _Miscounting)
    found = batch.differences(config, size=3, seed=0)
    assert len(found) == 3 and all("scores" in line for line in found)
    monkeypatch.setattr(_verify, "Simulator", _Permissive)
    found = batch.differences(config, size=3, seed=0)
    assert found and all("legal sets" in line for line in found)
