"""The published win rates (``results/winrates.json``, plotted by lesson 09) hold together: every
interval is the one its counts give, and the passes add up to the counts."""

from __future__ import annotations

import json

import pytest

from tarot_learn import games, resources
from tarot_learn.solve.explorer import SOLVER_VERSION, wilson

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
