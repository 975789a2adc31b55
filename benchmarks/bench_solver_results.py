"""The published win rates (``results/winrates.json``, read by lesson 09), rebuilt with the explorer.

Each game or rule variant: ``--deals`` seeded deals (American Toad: a quarter of them, at least
500) from ``--first-seed``, each solved within ``--seconds`` CPU seconds (American Toad: twice
that); then, with ``--second S``, every deal left undecided gets a second search of ``S`` CPU
seconds.  A verdict is a proof (a solution that replays, or a search exhausted under sound
pruning), so the passes add up.  Everything goes through the explorer's cache: an interrupted run
resumes where it stopped, and a finished one is read back at once.  ``--second 10 30`` gives the
deals still undecided after the 10-second pass a third pass of 30 seconds; a pass after the second
runs only while the interval is wider than its bar (American Toad, which has none, takes every
pass).  ``--write-results`` also writes every verdict it counts, one explorer cache line per deal
and pass, to ``results/winrates_deals.jsonl.gz``: each figure can be checked deal by deal, and a
rebuild with the same solver version starts from them (so a longer pass added later solves only
its own deals).

Printed per variant: solved, impossible, undecided, the win-rate bracket and its width (the
undecided share plus the 95% Wilson interval), next to the bar it should meet (Tarot Solitaire 4
points, Klondike 10).  ``--write-results`` writes the file, naming the solver version, the
budgets, the seed range and the machine.  ``make bench`` runs a small smoke version (50 deals,
0.5 s); the published file comes from::

    python benchmarks/bench_solver_results.py --deals 2000 --seconds 1 --second 10 30 --write-results
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_learn.solve import explore  # noqa: E402
from tarot_learn.solve.explorer import (  # noqa: E402
    SOLVER_VERSION, add_to_cache, cache_key, default_cache, read_cache, wilson)

PLAN: list[tuple[str, dict]] = [
    ("tarot-solitaire", {}),
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("american-toad", {}),
    ("tarot-solitaire", {"draw": 1}),
    ("tarot-solitaire", {"draw": 3}),
    ("tarot-solitaire", {"face_down_row": False}),
    ("tarot-solitaire", {"fool": "trump_ace"}),
    ("tarot-solitaire", {"redeals": 2}),
]
BAR = {"tarot-solitaire": 0.04, "klondike": 0.10}
RESULTS = ROOT / "results" / "winrates.json"
VERDICTS = ROOT / "results" / "winrates_deals.jsonl.gz"
Used = set[str]      # the cache keys of every verdict counted


def width(solved: int, undecided: int, deals: int) -> float:
    """Undecided share plus the 95% interval: the Wilson low of solved/all to the Wilson high of
    (solved + undecided)/all."""
    return wilson(solved + undecided, deals)[1] - wilson(solved, deals)[0]


def run_variant(game: str, opts: dict, args: argparse.Namespace, used: Used) -> dict:
    toad = game == "american-toad"
    deals = max(500, args.deals // 4) if toad else args.deals
    seconds = args.seconds * (2 if toad else 1)
    first = explore(game, deals=deals, seconds_per_deal=seconds, first_seed=args.first_seed,
                    processes=args.processes, progress=args.progress, cached_only=args.cached_only, **opts)
    if not first.rows:
        return {}
    deals = first.deals
    rows = {r["seed"]: r for r in first.rows}
    used.update(cache_key(game, first.options, seed, None, seconds) for seed in rows)
    later, spent = [], sum(r["seconds"] for r in first.rows)
    for n, budget in enumerate(args.second):
        undecided = [s for s, r in rows.items() if r["status"] == "undecided"]
        solved = sum(r["status"] == "solved" for r in rows.values())
        if not undecided or (n and game in BAR and width(solved, len(undecided), deals) <= BAR[game]):
            break  # every deal decided, or after the second pass the interval as narrow as its bar asks
        again = explore(game, seeds=undecided, seconds_per_deal=budget, processes=args.processes,
                        progress=args.progress, cached_only=args.cached_only, **opts)
        rows.update({r["seed"]: r for r in again.rows})
        used.update(cache_key(game, first.options, r["seed"], None, budget) for r in again.rows)
        decided = sum(rows[s]["status"] != "undecided" for s in undecided)
        later.append({"deals": len(undecided), "seconds_per_deal": budget, "decided": decided})
        spent += sum(r["seconds"] for r in again.rows)
    solved = sum(r["status"] == "solved" for r in rows.values())
    impossible = sum(r["status"] == "impossible" for r in rows.values())
    left = deals - solved - impossible
    lo, hi = wilson(solved, deals)[0], wilson(solved + left, deals)[1]
    return {"game": game, "options": first.options, "label": first.label, "deals": deals,
            "first_seed": args.first_seed, "seconds_per_deal": seconds,
            "last_seed": max(rows), "later_passes": later,
            "solved": solved, "impossible": impossible, "undecided": left,
            "decided_share": round((solved + impossible) / deals, 5),
            "win_rate_low": round(solved / deals, 5), "win_rate_high": round((solved + left) / deals, 5),
            "ci95_low": round(lo, 5), "ci95_high": round(hi, 5), "width": round(hi - lo, 5),
            # Each row's time is how long its search took in its worker, by the wall clock: the
            # budgets are CPU time, so on a busy machine a search takes longer than its budget.
            "solver_wall_seconds": round(spent, 1)}


def show(rec: dict) -> None:
    bar = BAR.get(rec["game"])
    goal = f" (bar {100 * bar:.0f})" if bar else f" (decided {100 * rec['decided_share']:.1f}%)"
    print(f"{rec['label']:45s} {rec['deals']:5d} deals: {rec['solved']} solved, {rec['impossible']} impossible, "
          f"{rec['undecided']} undecided; win rate {100 * rec['ci95_low']:.1f}-{100 * rec['ci95_high']:.1f}%, "
          f"width {100 * rec['width']:.1f} points{goal}", flush=True)


def seed_cache_from_published() -> None:
    """Put the published per-deal verdicts into the explorer's cache, so a rebuild with the same
    solver version reads them back instead of solving those deals again (a later pass added to the
    published run solves only its own deals)."""
    rows = []
    try:
        with gzip.open(VERDICTS, "rb") as fh:
            for raw in fh:
                try:
                    rows.append(json.loads(raw))
                except ValueError:
                    continue            # a damaged line: that deal is solved again
    except FileNotFoundError:
        return
    except (OSError, EOFError) as exc:
        print(f"{VERDICTS.relative_to(ROOT)} is unreadable ({exc}); solving every deal afresh")
        return
    added = add_to_cache(rows)
    if added:
        print(f"{added} published verdicts put into {default_cache()}")


def write_verdicts(used: Used) -> None:
    """Every cached verdict the written runs count, one explorer cache line each, so each figure can
    be checked deal by deal (and a later rebuild resumes from them)."""
    cache = read_cache(default_cache())
    keep = [json.dumps(cache[key], separators=(",", ":")) for key in sorted(used) if key in cache]
    with gzip.GzipFile(VERDICTS, "wb", mtime=0) as fh:     # the same verdicts give the same bytes
        fh.write("".join(line + "\n" for line in keep).encode())
    print(f"wrote {VERDICTS.relative_to(ROOT)} ({len(keep)} verdicts)")


def write_results(runs: list[dict]) -> None:
    body = {"solver_version": SOLVER_VERSION,
            "machine": {"cores": os.cpu_count(), "processor": platform.machine(),
                        "python": platform.python_version(), "system": platform.system(),
                        "load_average_1min": round(os.getloadavg()[0], 1)},
            "generated_by": "python benchmarks/bench_solver_results.py " + " ".join(sys.argv[1:]),
            "generated_on": time.strftime("%Y-%m-%d"),
            "notes": ("thoughtful win rates (every card known); budgets are CPU seconds per deal; "
                      "an undecided deal counts as lost in the low bound and won in the high bound; "
                      "ci95 runs from the 95% Wilson low of solved/all to the Wilson high of "
                      "(solved + undecided)/all, and width is its length; solver_wall_seconds sums "
                      "the time each search took in its worker process by the wall clock; every "
                      "verdict counted is in winrates_deals.jsonl.gz"),
            "runs": runs}
    RESULTS.write_text(json.dumps(body, indent=1) + "\n")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per deal, first pass")
    ap.add_argument("--second", type=float, nargs="*", default=[],
                    help="CPU seconds of each later pass, which takes the deals still undecided (none: no later pass)")
    ap.add_argument("--first-seed", type=int, default=200_000)
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", default=None, help="games whose name contains this")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--cached-only", action="store_true",
                    help="solve nothing: report the deals a long run has finished so far (true counts)")
    ap.add_argument("--write-results", action="store_true",
                    help="write results/winrates.json and the verdicts behind it")
    args = ap.parse_args()
    start = time.perf_counter()
    seed_cache_from_published()
    runs: list[dict] = []
    used: Used = set()
    for game, opts in PLAN:
        if args.only and args.only not in game:
            continue
        rec = run_variant(game, opts, args, used)
        if rec:
            runs.append(rec)
            show(rec)
    print(f"bench_solver_results: {time.perf_counter() - start:.0f} s wall")
    if args.write_results:
        write_results(runs)
        write_verdicts(used)
    return 0


if __name__ == "__main__":
    sys.exit(main())
