"""The winnability explorer (issue 6): results, cache hits, resuming after an interruption without
corrupting the cache, Wilson intervals, tables and plots, bad input."""

from __future__ import annotations

import json
import math

import pytest

from tarot_learn.solve import SolveError, explore
from tarot_learn.render.chart import win_rate_chart
from tarot_learn.solve.explorer import Exploration, add_to_cache, read_cache, table, wilson

OPTS = {"face_down_row": False}   # quick deals: most solve in a few hundred positions


def run(tmp_path, deals=4, **kw):
    kw.setdefault("seconds_per_deal", 2.0)
    kw.setdefault("processes", 1)
    return explore("tarot-solitaire", deals=deals, cache=tmp_path / "cache.jsonl",
                   progress=False, **OPTS, **kw)


def test_explore_counts_every_deal_and_matches_the_solver(tmp_path):
    from tarot_learn import games
    from tarot_learn.solve import solve

    r = run(tmp_path, deals=3)
    assert r.deals == 3 and r.computed == 3
    assert r.solved + r.impossible + r.undecided == 3
    for row in r.rows:
        direct = solve(games.new("tarot-solitaire", seed=row["seed"], **OPTS), states=None, seconds=2.0)
        assert direct.status.value == row["status"] or "undecided" in (direct.status.value, row["status"])
    lo, hi = r.bracket()
    assert lo == r.solved / 3 and hi == (r.solved + r.undecided) / 3


def test_a_second_run_reads_the_cache(tmp_path):
    first = run(tmp_path, deals=3)
    again = run(tmp_path, deals=3)
    assert again.computed == 0 and again.rows == first.rows
    # A different budget is a different question: nothing is reused.
    other = run(tmp_path, deals=2, seconds_per_deal=1.5)
    assert other.computed == 2


def test_an_interrupted_run_resumes_and_never_corrupts_the_cache(tmp_path):
    seen = []

    def stop_after_two(row):
        seen.append(row["seed"])
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(tmp_path, deals=5, callback=stop_after_two)
    path = tmp_path / "cache.jsonl"
    assert len(read_cache(path)) == 2
    # A crash in the middle of a write leaves half a line at the end of the file.
    with open(path, "ab") as fh:
        fh.write(b'{"key": "[1,\\"tarot-sol')
    r = run(tmp_path, deals=5)
    assert r.computed == 3 and r.deals == 5
    assert [row["seed"] for row in r.rows] == [0, 1, 2, 3, 4]
    lines = path.read_bytes().split(b"\n")
    good = [ln for ln in lines if ln.strip()]
    parsed = []
    for ln in good:
        try:
            parsed.append(json.loads(ln))
        except ValueError:
            parsed.append(None)
    assert parsed.count(None) == 1          # only the torn line, never a new one glued to it
    assert len(read_cache(path)) == 5
    assert run(tmp_path, deals=5).computed == 0


def test_worker_processes_give_the_same_verdicts(tmp_path):
    one = explore("tarot-solitaire", deals=4, seconds_per_deal=None, states_per_deal=3000,
                  processes=1, cache=False, progress=False, **OPTS)
    two = explore("tarot-solitaire", deals=4, seconds_per_deal=None, states_per_deal=3000,
                  processes=2, cache=False, progress=False, **OPTS)
    assert [r["status"] for r in one.rows] == [r["status"] for r in two.rows]
    assert [r["states"] for r in one.rows] == [r["states"] for r in two.rows]


@pytest.mark.parametrize("kw,match", [({"deals": 0}, "deals"), ({"seconds_per_deal": 0}, "seconds"),
                                      ({"processes": 0}, "processes"), ({"first_seed": -1}, "first_seed"),
                                      ({"seconds_per_deal": None}, "budget")])
def test_bad_explorer_arguments_say_what_to_fix(kw, match):
    args = {"deals": 2, **kw}
    with pytest.raises(SolveError, match=match):
        explore("tarot-solitaire", cache=False, progress=False, **args)


def test_unknown_game_or_option_is_refused():
    with pytest.raises(ValueError, match="no game"):
        explore("solitaire-deluxe", deals=1, cache=False)
    with pytest.raises(ValueError, match="unknown option"):
        explore("tarot-solitaire", deals=1, cache=False, colour="red")


def test_wilson_interval_properties():
    for n in (1, 10, 100, 1000):
        for k in {0, n // 3, n // 2, n}:
            lo, hi = wilson(k, n)
            assert 0 <= lo <= k / n <= hi <= 1
            # Symmetry: the interval of the failures mirrors the interval of the successes.
            lo2, hi2 = wilson(n - k, n)
            assert math.isclose(lo, 1 - hi2, abs_tol=1e-12) and math.isclose(hi, 1 - lo2, abs_tol=1e-12)
    # More deals, narrower interval.
    assert (lambda a, b: a[1] - a[0] > b[1] - b[0])(wilson(8, 10), wilson(800, 1000))


def test_table_and_summary_list_each_variant():
    a = Exploration("tarot-solitaire", {"draw": 2}, 1.0, None, rows=[
        {"seed": 0, "status": "solved", "states": 5, "seconds": 0.1, "moves": 3},
        {"seed": 1, "status": "undecided", "states": 9, "seconds": 1.0, "moves": 0}],
        defaults={"draw": 2})
    b = Exploration("tarot-solitaire", {"draw": 3}, 1.0, None, rows=[
        {"seed": 0, "status": "impossible", "states": 5, "seconds": 0.1, "moves": 0}],
        defaults={"draw": 2})
    text = table([a, b])
    assert len(text.splitlines()) == 3 and "standard" in text and "draw=3" in text
    assert "50.0-100.0%" in text
    s = a.summary()
    assert (s["solved"], s["undecided"], s["deals"]) == (1, 1, 2)
    assert s["ci95_low"] <= s["win_rate_low"] <= s["win_rate_high"] <= s["ci95_high"]
    assert "<table>" in a._repr_html_()


def test_the_chart_draws_one_bar_and_one_interval_per_variant():
    a = Exploration("klondike", {"draw": 3}, 1.0, None, rows=[
        {"seed": 0, "status": "solved", "states": 5, "seconds": 0.1, "moves": 3},
        {"seed": 1, "status": "undecided", "states": 5, "seconds": 1.0, "moves": None}])
    svg = win_rate_chart([a, a], reference={"published": 0.81945}).svg
    assert svg.count("stroke-width:14") == 2 and svg.count("stroke-width:2;") == 2
    assert svg.count("stroke-dasharray:5 4") == 1
    low, high = a.bracket()
    assert f"{100 * low:.1f}% to {100 * high:.1f}%" in svg and "published" in svg


# ----- executors: any concurrent.futures.Executor, Dask, no processes at all ------------------------
QUICK = {"seconds_per_deal": None, "states_per_deal": 3000, "progress": False}


def verdicts(run):
    return [(r["seed"], r["status"], r["states"]) for r in run.rows]


def test_any_executor_gives_the_same_verdicts_and_fills_the_same_cache(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    here = explore("tarot-solitaire", deals=6, processes=1, cache=False, **QUICK, **OPTS)
    with ThreadPoolExecutor(2) as pool:
        there = explore("tarot-solitaire", deals=6, executor=pool, processes=2,
                        cache=tmp_path / "c.jsonl", **QUICK, **OPTS)
    assert verdicts(there) == verdicts(here) and there.computed == 6
    again = explore("tarot-solitaire", deals=6, processes=1, cache=tmp_path / "c.jsonl", **QUICK, **OPTS)
    assert again.computed == 0 and verdicts(again) == verdicts(here)


def test_an_interrupted_executor_run_cancels_the_rest_and_resumes(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    seen = []

    def stop(row):
        seen.append(row)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(KeyboardInterrupt):
            explore("tarot-solitaire", deals=8, executor=pool, processes=1, cache=tmp_path / "c.jsonl",
                    callback=stop, **QUICK, **OPTS)
    assert len(read_cache(tmp_path / "c.jsonl")) == 2
    rest = explore("tarot-solitaire", deals=8, processes=1, cache=tmp_path / "c.jsonl", **QUICK, **OPTS)
    assert rest.computed == 6 and rest.deals == 8


def test_without_worker_processes_the_deals_run_in_this_process(monkeypatch):
    import concurrent.futures

    def no_processes(*args, **kwargs):
        raise NotImplementedError("no multiprocessing here")   # what Pyodide says

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)
    one = explore("tarot-solitaire", deals=3, processes=1, cache=False, **QUICK, **OPTS)
    two = explore("tarot-solitaire", deals=3, processes=2, cache=False, **QUICK, **OPTS)
    assert verdicts(one) == verdicts(two)


def test_a_variant_is_explored_like_its_options_and_standard_cache_keys_did_not_move(tmp_path):
    from tarot_learn.games.variants import variant
    from tarot_learn.solve.explorer import SOLVER_VERSION, cache_key

    v = variant("tarot-solitaire", empty_column="any", **OPTS)
    a = explore(v, deals=3, processes=1, cache=tmp_path / "c.jsonl", **QUICK)
    b = explore("tarot-solitaire", deals=3, processes=1, cache=tmp_path / "c.jsonl", empty_column="any",
                **QUICK, **OPTS)
    assert b.computed == 0 and verdicts(a) == verdicts(b) and "empty_column=any" in a.label
    full = games_options("klondike", draw=3)
    old = json.dumps([SOLVER_VERSION, "klondike", [["draw", 3], ["foundation_return", True]], 5, None, 2.0],
                     separators=(",", ":"))
    assert cache_key("klondike", full, 5, None, 2.0) == old
    with pytest.raises(SolveError, match="Executor"):
        explore("tarot-solitaire", deals=1, cache=False, executor=object())


def games_options(name, **opts):
    from tarot_learn import games

    return games.get(name).check_options(opts)


def test_a_dask_local_cluster_gives_the_same_verdicts_as_the_local_run(tmp_path):
    pytest.importorskip("dask.distributed")
    import time

    from tarot_learn.solve.explorer import dask_executor

    start = time.perf_counter()
    local = explore("tarot-solitaire", deals=20, processes=1, cache=False, **QUICK, **OPTS)
    with dask_executor("local", workers=2, processes=False) as (executor, slots):
        assert slots == 2
        far = explore("tarot-solitaire", deals=20, executor=executor, processes=slots,
                      cache=tmp_path / "dask.jsonl", **QUICK, **OPTS)
    assert verdicts(far) == verdicts(local) and far.computed == 20
    assert len(read_cache(tmp_path / "dask.jsonl")) == 20
    assert time.perf_counter() - start < 60


def test_chosen_seeds_and_the_cache_alone(tmp_path):
    """A second pass over chosen deals (longer budget) and a report of what a long run finished:
    ``cached_only`` solves nothing and counts only the deals already in the cache."""
    first = run(tmp_path, deals=4)
    picked = run(tmp_path, seeds=[3, 1, 1], seconds_per_deal=3.0)
    assert [r["seed"] for r in picked.rows] == [1, 3] and picked.computed == 2
    assert run(tmp_path, seeds=[1, 3], seconds_per_deal=3.0).computed == 0     # from the cache
    partial = run(tmp_path, deals=10, cached_only=True)
    assert partial.computed == 0 and [r["seed"] for r in partial.rows] == [r["seed"] for r in first.rows]
    assert run(tmp_path, deals=2, first_seed=50, cached_only=True).deals == 0
    with pytest.raises(SolveError):
        run(tmp_path, seeds=[])
    with pytest.raises(SolveError):
        run(tmp_path, seeds=[-1, 2])


def test_verdicts_made_elsewhere_join_the_cache_once_and_are_read_back(tmp_path):
    """Another cache's lines (another machine's, or the published verdicts) added to this one
    answer the same request without solving; lines already held, repeated or without a key are
    not added, and the file stays one whole line per verdict."""
    (tmp_path / "there").mkdir()
    there = explore("tarot-solitaire", deals=3, cache=tmp_path / "there" / "cache.jsonl",
                    progress=False, processes=1, seconds_per_deal=2.0, **OPTS)
    lines = list(read_cache(tmp_path / "there" / "cache.jsonl").values())
    here = tmp_path / "cache.jsonl"
    here.write_bytes(b'{"key": "torn')            # a line cut short by a crash
    junk = [{"seed": 1}, {"key": "no status"}, {"key": 5, "status": "solved"}, "not a row"]
    assert add_to_cache(lines + lines[:1] + junk, here) == 3
    assert add_to_cache(lines, here) == 0
    assert sorted(read_cache(here)) == sorted(r["key"] for r in lines)
    again = run(tmp_path, deals=3)
    assert again.computed == 0 and again.rows == there.rows
