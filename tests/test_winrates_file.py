"""The published win rates (``results/winrates.json``, plotted by lesson 09) hold together: every
interval is the one its counts give, and the passes add up to the counts."""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

import pytest

from tarot_learn import games, resources
from tarot_learn.solve import solve
from tarot_learn.solve.explorer import SOLVER_VERSION, cache_key, wilson
from test_solve import replay

DATA = json.loads(resources.path("results", "winrates.json").read_text())
RUNS = DATA["runs"]


def test_the_file_names_how_it_was_made():
    assert 1 <= DATA["solver_version"] <= SOLVER_VERSION
    assert DATA["generated_by"].startswith("python benchmarks/bench_solver_results.py")
    assert DATA["machine"]["cores"] >= 1 and DATA["generated_on"][:2] == "20"
    assert RUNS, "the file holds no run"


@pytest.mark.parametrize("run", RUNS, ids=lambda r: r["label"])
def test_each_interval_is_the_one_its_counts_give(run):
    n, solved, lost, left = run["deals"], run["solved"], run["impossible"], run["undecided"]
    assert solved + lost + left == n
    assert run["last_seed"] - run["first_seed"] + 1 >= n      # deals from one seed range
    assert run["ci95_low"] == pytest.approx(wilson(solved, n)[0], abs=1e-5)
    assert run["ci95_high"] == pytest.approx(wilson(solved + left, n)[1], abs=1e-5)
    assert run["width"] == pytest.approx(run["ci95_high"] - run["ci95_low"], abs=2e-5)
    assert run["win_rate_low"] == pytest.approx(solved / n, abs=1e-5)
    assert run["decided_share"] == pytest.approx((solved + lost) / n, abs=1e-5)
    # The options are a whole, valid rule set of the game.
    assert games.get(run["game"]).check_options(run["options"]) == run["options"]


@pytest.mark.parametrize("run", RUNS, ids=lambda r: r["label"])
def test_each_later_pass_takes_exactly_the_deals_still_undecided(run):
    left = None
    for p in run.get("later_passes", []):
        assert p["seconds_per_deal"] > 0 and 0 <= p["decided"] <= p["deals"]
        if left is not None:
            assert p["deals"] == left
        left = p["deals"] - p["decided"]
    if left is not None:
        assert left == run["undecided"]


# ----- the verdicts behind the figures ----------------------------------------------------------
VERDICTS = Path(__file__).resolve().parent.parent / "results" / "winrates_deals.jsonl.gz"


@functools.cache
def _verdicts() -> dict[str, dict]:
    """The published verdicts by their cache key."""
    with gzip.open(VERDICTS, "rt") as fh:
        return {row["key"]: row for row in map(json.loads, fh)}


def _final(run: dict) -> dict[int, dict]:
    """Each deal's last verdict in the run's passes: the first pass, then each later one."""
    budgets = [run["seconds_per_deal"]] + [p["seconds_per_deal"] for p in run.get("later_passes", [])]
    published = _verdicts()
    final: dict[int, dict] = {}
    for budget in budgets:
        for seed in range(run["first_seed"], run["last_seed"] + 1):
            key = cache_key(run["game"], run["options"], seed, None, budget, version=DATA["solver_version"])
            if key in published:
                final[seed] = published[key]
    return final


@pytest.mark.parametrize("run", RUNS, ids=lambda r: r["label"])
def test_the_published_verdicts_give_each_runs_counts(run):
    final = _final(run)
    assert sorted(final) == list(range(run["first_seed"], run["first_seed"] + run["deals"]))
    counts = {s: sum(r["status"] == s for r in final.values()) for s in ("solved", "impossible", "undecided")}
    assert counts == {"solved": run["solved"], "impossible": run["impossible"], "undecided": run["undecided"]}


def test_the_quickest_published_verdicts_are_found_again():
    """The easiest deals of the first run are solved, or proved lost, again, and each win replays."""
    run = RUNS[0]
    rows = [r for r in _final(run).values() if r["status"] != "undecided"]
    for status in ("solved", "impossible"):
        for row in sorted((r for r in rows if r["status"] == status), key=lambda r: r["seconds"])[:2]:
            state = games.new(run["game"], seed=row["seed"], **run["options"])
            result = solve(state, seconds=5)
            assert result.status.value == status, row["seed"]
            if result.solved:
                assert replay(state, result.moves).is_won()
