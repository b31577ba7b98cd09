"""The strength ladder (``benchmarks/ladder.py``): its arithmetic on known inputs, its files.

The ratings are a weighted least-squares fit, so the tests give pairs whose fit is known
in closed form; the files are checked for pooling, orientation and deals pooled twice.
The quick run plays real deals (a smoke test: no strength or timing is asserted).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tricktaking.bots import BOT_KINDS, COMPILED_BOT_KINDS, IsmctsBot, PimcBot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))


def ladder() -> ModuleType:
    """benchmarks/ladder.py, imported from its folder."""
    return importlib.import_module("ladder")


def pair(first: str, second: str, difference: float, error: float, deals: int = 10) -> object:
    """A pair's statistics as the ladder pools them, given directly."""
    return ladder().PairStats(
        first=first,
        second=second,
        deals=deals,
        difference=difference,
        standard_error=error,
        ahead=0,
        level=0,
        behind=0,
    )


def rated(fit: object) -> dict[str, object]:
    return {rating.kind: rating for rating in fit.ratings}  # type: ignore[attr-defined]


# --- the pairs' statistics ---------------------------------------------------------------


def test_a_pairs_difference_is_the_mean_with_the_sample_error_and_a_95_percent_interval() -> None:
    stats = ladder().pair_stats("a", "b", [2.0, 4.0, 0.0, 6.0])
    assert stats.difference == 3.0
    assert stats.standard_error == pytest.approx(math.sqrt(20 / 3 / 4))
    low, high = stats.interval
    assert low == pytest.approx(3.0 - 1.96 * stats.standard_error)
    assert high == pytest.approx(3.0 + 1.96 * stats.standard_error)
    assert (stats.ahead, stats.level, stats.behind) == (3, 1, 0)


def test_a_pair_counts_deals_ahead_level_and_behind() -> None:
    stats = ladder().pair_stats("a", "b", [1.0, 0.0, -2.0, 0.0])
    assert (stats.deals, stats.ahead, stats.level, stats.behind) == (4, 1, 2, 1)


# --- the ratings -------------------------------------------------------------------------


def test_one_pair_rates_its_first_kind_at_the_difference_with_the_pairs_error() -> None:
    fit = ladder().fit_ratings([pair("ismcts", "heuristic", 3.5, 0.5)])
    ratings = rated(fit)
    assert fit.anchor == "heuristic"
    assert ratings["ismcts"].rating == pytest.approx(3.5)  # type: ignore[attr-defined]
    assert ratings["ismcts"].standard_error == pytest.approx(0.5)  # type: ignore[attr-defined]
    assert ratings["ismcts"].interval == pytest.approx((3.5 - 0.98, 3.5 + 0.98))  # type: ignore[attr-defined]
    assert ratings["heuristic"].rating == 0.0  # type: ignore[attr-defined]
    assert (fit.chi2, fit.dof) == (0.0, 0)


def test_a_chain_of_pairs_adds_its_differences_and_its_variances() -> None:
    fit = ladder().fit_ratings([pair("a", "b", 2.0, 0.3), pair("b", "heuristic", 1.0, 0.4)])
    a = rated(fit)["a"]
    assert a.rating == pytest.approx(3.0)  # type: ignore[attr-defined]
    assert a.standard_error == pytest.approx(0.5)  # type: ignore[attr-defined]  # √(0.09 + 0.16)


def test_an_inconsistent_triangle_is_fitted_by_least_squares_with_its_chi_square() -> None:
    # equal errors s = 1: ra = (m1 + m2 + 2 m3) / 3, rb = (2 m2 - m1 + m3) / 3 with the
    # anchor c; the covariance is s² [[2, 1], [1, 2]] / 3; every residual is ±1
    fit = ladder().fit_ratings(
        [pair("a", "b", 1.0, 1.0), pair("b", "c", 2.0, 1.0), pair("a", "c", 6.0, 1.0)],
        anchor="c",
    )
    ratings = rated(fit)
    assert ratings["a"].rating == pytest.approx(5.0)  # type: ignore[attr-defined]
    assert ratings["b"].rating == pytest.approx(3.0)  # type: ignore[attr-defined]
    assert ratings["a"].standard_error == pytest.approx(math.sqrt(2 / 3))  # type: ignore[attr-defined]
    assert fit.chi2 == pytest.approx(3.0)
    assert fit.dof == 1
    assert [rating.kind for rating in fit.ratings] == ["a", "b", "c"]


def test_a_pair_with_the_smaller_error_weighs_more() -> None:
    # two measures of one pair: the fit is their inverse-variance mean
    fit = ladder().fit_ratings([pair("a", "b", 1.0, 1.0), pair("a", "b", 4.0, 2.0)], anchor="b")
    assert rated(fit)["a"].rating == pytest.approx((1.0 / 1 + 4.0 / 4) / (1 + 1 / 4))  # type: ignore[attr-defined]


def test_the_anchor_is_the_first_kind_when_the_heuristic_is_not_rated() -> None:
    fit = ladder().fit_ratings([pair("pimc", "ismcts", -1.0, 0.5)])
    assert fit.anchor == "pimc"
    assert rated(fit)["ismcts"].rating == pytest.approx(1.0)  # type: ignore[attr-defined]


def test_a_pair_whose_deals_all_differ_alike_still_fits() -> None:
    stats = ladder().pair_stats("a", "heuristic", [2.0, 2.0, 2.0])
    assert stats.standard_error == 0.0
    assert rated(ladder().fit_ratings([stats]))["a"].rating == pytest.approx(2.0)  # type: ignore[attr-defined]


def test_pairs_below_two_deals_carry_no_weight() -> None:
    fit = ladder().fit_ratings(
        [pair("a", "heuristic", 1.0, 0.5), pair("a", "heuristic", 9.0, math.inf, deals=1)]
    )
    assert rated(fit)["a"].rating == pytest.approx(1.0)  # type: ignore[attr-defined]
    assert fit.dof == 0


def test_kinds_no_pair_connects_have_no_rating() -> None:
    with pytest.raises(ladder().LadderError, match="no pairs connect c, d with a"):
        ladder().fit_ratings([pair("a", "b", 1.0, 0.5), pair("c", "d", 1.0, 0.5)])


def test_no_pair_with_two_deals_is_nothing_to_rate() -> None:
    with pytest.raises(ladder().LadderError, match="nothing to rate"):
        ladder().fit_ratings([pair("a", "b", 1.0, math.inf, deals=1)])


# --- the files ---------------------------------------------------------------------------


def arena_file(
    folder: Path,
    name: str,
    bots: tuple[str, str],
    differences: dict[int, float],
    times: dict[str, list[float]] | None = None,
    *,
    game: str = "one-card",
    ms: int = 50,
) -> Path:
    """A file in the ladder's format: the arena's data, the budget, the decision times."""
    data = {
        "game": game,
        "ms": ms,
        "bots": [{"bot": bots[0]}, {"bot": bots[1]}],
        "results": [
            {"deal": index, "seed": seed, "differences": [value, -value]}
            for index, (seed, value) in enumerate(differences.items())
        ],
        "decision_cpu_ms": times or {bots[0]: [], bots[1]: []},
    }
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_files_of_one_pair_pool_their_deals_and_decision_times(tmp_path: Path) -> None:
    one = arena_file(tmp_path, "1.json", ("ismcts", "heuristic"), {1: 2.0, 2: 4.0},
                     {"ismcts": [40.0, 60.0], "heuristic": [0.1]})  # fmt: skip
    two = arena_file(tmp_path, "2.json", ("ismcts", "heuristic"), {3: 6.0},
                     {"ismcts": [50.0], "heuristic": []})  # fmt: skip
    pooled = ladder().load([one, two])[("one-card", 50)]
    assert pooled.values == {("ismcts", "heuristic"): [2.0, 4.0, 6.0]}
    assert pooled.times == {"ismcts": [40.0, 60.0, 50.0], "heuristic": [0.1]}


def test_a_file_naming_the_pair_the_other_way_round_is_negated(tmp_path: Path) -> None:
    one = arena_file(tmp_path, "1.json", ("pimc", "ismcts"), {1: 2.0})
    two = arena_file(tmp_path, "2.json", ("ismcts", "pimc"), {2: 3.0})
    assert ladder().load([one, two])[("one-card", 50)].values == {("pimc", "ismcts"): [2.0, -3.0]}


def test_games_and_budgets_pool_apart(tmp_path: Path) -> None:
    one = arena_file(tmp_path, "1.json", ("a", "b"), {1: 2.0}, ms=50)
    two = arena_file(tmp_path, "2.json", ("a", "b"), {1: 2.0}, ms=200)
    three = arena_file(tmp_path, "3.json", ("a", "b"), {1: 2.0}, game="wizard")
    assert sorted(ladder().load([one, two, three])) == [
        ("one-card", 50),
        ("one-card", 200),
        ("wizard", 50),
    ]


def test_a_deal_pooled_twice_is_refused(tmp_path: Path) -> None:
    one = arena_file(tmp_path, "1.json", ("a", "b"), {7: 2.0})
    two = arena_file(tmp_path, "2.json", ("b", "a"), {7: -2.0})
    with pytest.raises(ladder().LadderError, match="deal seed 7 of b v a"):
        ladder().load([one, two])


def test_the_report_puts_the_higher_rated_kind_first_in_each_pair(tmp_path: Path) -> None:
    files = [
        arena_file(tmp_path, "1.json", ("random", "heuristic"), {1: -3.0, 2: -5.0}),
        arena_file(tmp_path, "2.json", ("heuristic", "ismcts"), {1: -1.0, 2: -2.0}),
        arena_file(tmp_path, "3.json", ("random", "ismcts"), {1: -4.0, 2: -7.0}),
    ]
    text = ladder().report(files)
    assert "### One Card, 50 ms per decision" in text
    assert "| 1 | ismcts | +1.50 |" in text
    assert "| 2 | heuristic | +0.00 | 0 (anchor) |" in text
    assert "| ismcts | heuristic | 2 | +1.50 |" in text
    assert "| heuristic | random | 2 | +4.00 |" in text


def test_the_report_of_unconnected_pairs_gives_their_pairs_and_no_ratings(tmp_path: Path) -> None:
    files = [
        arena_file(tmp_path, "1.json", ("pimc", "heuristic"), {1: 3.0, 2: 5.0}),
        arena_file(tmp_path, "2.json", ("ismcts", "random"), {1: 1.0, 2: 2.0}),
    ]
    text = ladder().report(files)
    assert "Ratings: none (no pairs connect ismcts, random with pimc" in text
    assert "| heuristic | pimc | 2 | -4.00 |" in text  # by name, with no ratings
    assert "| ismcts | random | 2 | +1.50 |" in text


def test_margins_compare_two_kinds_over_the_heuristic_on_the_deals_both_played(
    tmp_path: Path,
) -> None:
    files = [
        arena_file(tmp_path, "1.json", ("new", "heuristic"), {1: 3.0, 2: 5.0, 3: 9.0}),
        arena_file(tmp_path, "2.json", ("heuristic", "old"), {1: -1.0, 2: -3.0}),
    ]
    (found,) = ladder().margins(files, "new", "old")
    assert (found.game, found.deals, found.first, found.second) == ("one-card", 2, 4.0, 2.0)
    assert found.ratio == 2.0
    low, high = found.interval
    assert low <= found.ratio <= high
    table = ladder().margins_report(files, "new", "old")
    assert "| One Card | 50 | 2 | +4.00 | +2.00 | 2.00 |" in table


# --- the plan and the budget -------------------------------------------------------------


def test_the_plan_plays_every_pair_batch_by_batch_on_the_same_deals() -> None:
    tasks = ladder().plan(["one-card", "wizard"], lambda game: ["a", "b", "c"], [50, 200],
                          deals=15, batch=10, seed=3)  # fmt: skip
    assert len(tasks) == 2 * 2 * 2 * 3
    assert {task.batch for task in tasks[:12]} == {0}
    assert {task.deals for task in tasks[12:]} == {5}
    assert {task.arena_seed for task in tasks[:12]} == {tasks[0].arena_seed}
    assert tasks[0].arena_seed != tasks[12].arena_seed
    assert len({task.name for task in tasks}) == len(tasks)


def test_a_task_names_its_file_by_game_budget_pair_seed_and_batch() -> None:
    task = ladder().Task("oh-hell", 200, "ismcts", "my.bots:Strong", 2, 10, 0)
    assert task.name == "oh-hell-200ms-ismcts-vs-my_bots_Strong-seed0-batch2.json"


def test_search_bots_get_the_budget_alone_and_the_others_are_left_as_they_are() -> None:
    ismcts = ladder().Entrant("ismcts", "wizard", 0.2).bot(1)
    pimc = ladder().Entrant("pimc", "wizard", 0.2).bot(1)
    assert isinstance(ismcts, IsmctsBot) and isinstance(pimc, PimcBot)
    assert (ismcts.iterations, ismcts.seconds) == (None, 0.2)
    assert (pimc.iterations, pimc.seconds) == (None, 0.2)
    assert not hasattr(ladder().Entrant("heuristic", "wizard", 0.2).bot(1), "seconds")


def test_the_batch_kinds_are_the_batch_bots_at_the_budget() -> None:
    pytest.importorskip("numba", reason="the batch extra is not installed")
    from tricktaking.batch.bidding import SampledBidsBot
    from tricktaking.batch.bots import BatchIsmctsBot, BatchPimcBot

    pimc = ladder().Entrant("batch-pimc", "bid-whist", 0.05).bot(1)
    ismcts = ladder().Entrant("batch-ismcts", "bid-whist", 0.05).bot(1)
    bids = ladder().Entrant("sampled-bids", "bid-whist", 0.05).bot(1)
    assert isinstance(pimc, BatchPimcBot) and pimc.seconds == 0.05
    assert isinstance(ismcts, BatchIsmctsBot) and ismcts.seconds == 0.05
    assert isinstance(bids, SampledBidsBot) and bids.seconds == 0.05


def test_a_kind_at_a_fixed_iteration_count_keeps_its_own_budget() -> None:
    entrant = ladder().Entrant("ismcts@200", "oh-hell", 0.05)
    bot = entrant.bot(1)
    assert not hasattr(bot, "seconds")
    inner = bot.bot
    assert isinstance(inner, IsmctsBot)
    assert (inner.iterations, inner.seconds) == (200, None)
    assert entrant.__name__ == "ismcts@200"


def test_a_fixed_iteration_count_needs_a_bot_that_counts_iterations() -> None:
    with pytest.raises(ladder().LadderError, match="no iteration count"):
        ladder().Entrant("heuristic@5", "oh-hell", 0.05).bot(1)


def test_the_openspiel_entrant_plays_oh_hell_only() -> None:
    with pytest.raises(ladder().LadderError, match="oh-hell only, not wizard"):
        ladder().Entrant("openspiel-ismcts", "wizard", 0.05)


def test_every_kind_make_bot_knows_is_on_the_ladder() -> None:
    seated = set(BOT_KINDS)
    if importlib.util.find_spec("numba") is None:  # the compiled bots need the batch extra
        seated -= set(COMPILED_BOT_KINDS)
    for game in ("wizard", "oh-hell"):
        assert seated <= set(ladder().default_kinds(game))
        assert not set(ladder().default_kinds(game)) - seated - {"openspiel-ismcts"}
    assert "openspiel-ismcts" not in ladder().default_kinds("wizard")


# --- a real run --------------------------------------------------------------------------


def test_the_quick_run_rates_every_pair_and_resumes_from_its_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ladder().main(["--quick", "--json-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert "### One Card, 5 ms per decision" in out
    assert "| heuristic | +0.00 | 0 (anchor) |" in out
    data = json.loads((tmp_path / "one-card-5ms-heuristic-vs-ismcts-seed0-batch0.json").read_text())
    assert data["deals"] == 2 and data["ms"] == 5
    assert data["decision_cpu_ms"]["ismcts"] and set(data["decision_cpu_ms"]) == {
        "heuristic",
        "ismcts",
    }
    before = sorted(path.name for path in tmp_path.iterdir())
    tasks = ladder().plan(["one-card"], lambda game: ["heuristic", "random", "ismcts"], [5],
                          deals=2, batch=2, seed=0)  # fmt: skip
    assert ladder().run(tasks, tmp_path, out=lambda line: None) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == before
    ladder().main(["--combine", *map(str, tmp_path.glob("*.json"))])
    assert capsys.readouterr().out.startswith("### Oh Hell, 5 ms per decision")
