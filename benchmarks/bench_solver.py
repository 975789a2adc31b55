"""Solver figures (issue 6): cross-check against Klondike-Solver, and the win rates the lessons read.

Part 1, always measured afresh: the same Klondike deals (our deals, written in PySol's board format
with ``Klondike.to_pysol()``) are solved by our solver and by Klondike-Solver (``pyksolve``, the
``bench`` extra), for draw 1 and draw 3, at the same time budget per deal.  Klondike-Solver takes a
budget in positions, not seconds, and its minimal search goes on after a first solution until the
budget ends (a wall clock would throw those solutions away), so its budget is calibrated on this
machine: the number of positions it examines in that time on deals where it spends it all.
Printed: the share of deals each one decides (solved or proved impossible), the median time per
deal, the ratio of the medians, and the number of contradictions (one says solved where the
other proved impossible), which must be zero.

Part 3 prints how long a hint takes (goal: p95 under 0.5 s).

Part 2: win rates with 95% Wilson intervals, through the explorer and its cache (a second run is
instant): Klondike draw 3 over 1,000 deals next to the published thoughtful rate (81.945% +/- 0.084%,
Blake & Gent 2019), Klondike draw 1, Tarot Solitaire (standard, draw 1, draw 3, no face-down row,
the Fool as the trumps' ace) and American Toad.  ``--write-results`` also writes
``results/winrates.json`` (done once and committed; the lessons read it).

Run: ``make bench`` or ``python benchmarks/bench_solver.py [--quick] [--write-results]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_learn import games  # noqa: E402
from tarot_learn.solve import explore  # noqa: E402
from tarot_learn.solve.explorer import SOLVER_VERSION, table  # noqa: E402

PUBLISHED = {"rate": 0.81945, "plus_minus": 0.00084,
             "source": "Blake & Gent (2019), thoughtful Klondike, draw 3"}
KS_STATUS = {"SolvedMinimal": "solved", "SolvedMayNotBeMinimal": "solved", "Impossible": "impossible",
             "CouldNotComplete": "undecided"}


# ----- Klondike-Solver in worker processes -------------------------------------------------------
def _ks_solve(job: tuple[int, int, int]) -> tuple[int, str, float, bool]:
    """One deal with Klondike-Solver's minimal search and a budget of ``max_closed`` positions;
    returns (seed, verdict, seconds, whether the budget was used up)."""
    import pyksolve.solver as ks

    seed, draw, max_closed = job
    text = games.new("klondike", seed=seed, draw=draw).to_pysol()
    sol = ks.Solitaire()
    sol.draw_count = draw
    # pyksolve's reader wants at least 211 characters; a fresh deal is ~205: pad with spaces,
    # which it skips.
    if not sol.load_pysol(text + " " * 16):
        raise SystemExit(f"Klondike-Solver could not read deal {seed}:\n{text}")
    sol.reset_game()
    start = time.perf_counter()
    result = sol.solve_minimal(max_closed_count=max_closed)
    # Its minimal search keeps going after a first solution until it proves it shortest or the
    # budget ends; "solved, may not be minimal" means it found one and spent the budget.
    capped = result.name in ("CouldNotComplete", "SolvedMayNotBeMinimal")
    return seed, KS_STATUS[result.name], time.perf_counter() - start, capped


def ks_budget(draw: int, seconds: float, pool) -> int:
    """The positions budget that takes Klondike-Solver ``seconds`` on this machine: measured on
    deals where it spends its whole budget, refined twice (its speed depends on the budget)."""
    cap = 100_000
    for _ in range(3):
        times = [secs for _, _, secs, capped in
                 pool.imap_unordered(_ks_solve, [(s, draw, cap) for s in range(900, 916)]) if capped]
        if times:
            cap = max(1000, int(cap * seconds / statistics.median(times)))
    return cap


def cross_check(deals: int, seconds: float, processes: int) -> list[dict]:
    out = []
    for draw in (1, 3):
        t0 = time.perf_counter()
        ours = explore("klondike", deals=deals, seconds_per_deal=seconds, processes=processes,
                       cache=False, progress=True, draw=draw)
        ours_wall = time.perf_counter() - t0
        with multiprocessing.get_context().Pool(processes) as pool:
            max_closed = ks_budget(draw, seconds, pool)
            t0 = time.perf_counter()
            theirs = {seed: (status, secs) for seed, status, secs, _ in
                      pool.imap_unordered(_ks_solve, [(s, draw, max_closed) for s in range(deals)])}
            ks_wall = time.perf_counter() - t0
        agree = contra = 0
        contradictions = []
        for row in ours.rows:
            a, b = row["status"], theirs[row["seed"]][0]
            if a != "undecided" and b != "undecided":
                if a == b:
                    agree += 1
                else:
                    contra += 1
                    contradictions.append(row["seed"])
        ks_decided = sum(1 for s, _ in theirs.values() if s != "undecided")
        ks_solved = sum(1 for s, _ in theirs.values() if s == "solved")
        ks_med = statistics.median(t for _, t in theirs.values())
        our_med = ours.median_seconds()
        rec = {"draw": draw, "deals": deals, "seconds_per_deal": seconds,
               "ours": {"solved": ours.solved, "impossible": ours.impossible,
                        "undecided": ours.undecided,
                        "decided_share": round((ours.solved + ours.impossible) / deals, 4),
                        "median_seconds": round(our_med, 4), "wall_seconds": round(ours_wall, 1)},
               "klondike_solver": {"solved": ks_solved, "impossible": ks_decided - ks_solved,
                                   "undecided": deals - ks_decided,
                                   "decided_share": round(ks_decided / deals, 4),
                                   "median_seconds": round(ks_med, 4),
                                   "max_closed_count": max_closed,
                                   "wall_seconds": round(ks_wall, 1)},
               "both_decided_agree": agree, "contradictions": contra,
               "contradiction_seeds": contradictions,
               "median_time_ratio_ours_over_theirs": round(our_med / ks_med, 4) if ks_med else None}
        out.append(rec)
        o, k = rec["ours"], rec["klondike_solver"]
        print(f"Klondike draw {draw}, {deals} deals, {seconds:g} s per deal:")
        print(f"  ours:            decided {100 * o['decided_share']:5.1f}% "
              f"({o['solved']} solved, {o['impossible']} impossible), median {o['median_seconds']:.3f} s/deal")
        print(f"  Klondike-Solver: decided {100 * k['decided_share']:5.1f}% "
              f"({k['solved']} solved, {k['impossible']} impossible), median {k['median_seconds']:.3f} s/deal "
              f"(budget {max_closed} positions, calibrated to ~{seconds:g} s)")
        print(f"  median time ratio ours/theirs {rec['median_time_ratio_ours_over_theirs']}; "
              f"both decided {agree + contra}, agree {agree}, contradictions {contra}")
    return out


# ----- win rates ----------------------------------------------------------------------------------------
def win_rates(quick: bool, seconds: float, processes: int) -> dict:
    n = 60 if quick else None
    plan = [
        ("klondike", {"draw": 3}, n or 1000),
        ("klondike", {"draw": 1}, n or 300),
        ("tarot-solitaire", {}, n or 300),
        ("tarot-solitaire", {"draw": 1}, n or 200),
        ("tarot-solitaire", {"draw": 3}, n or 200),
        ("tarot-solitaire", {"face_down_row": False}, n or 200),
        ("tarot-solitaire", {"fool": "trump_ace"}, n or 200),
        ("american-toad", {}, n or 100),
    ]
    runs = []
    for game, opts, deals in plan:
        per = seconds * (2 if game == "american-toad" else 1)
        runs.append(explore(game, deals=deals, seconds_per_deal=per, processes=processes, **opts))
    print(table(runs))
    k3 = runs[0]
    lo, hi = k3.bracket()
    clo, chi = k3.interval()
    inside = clo <= PUBLISHED["rate"] <= chi
    print(f"Klondike draw 3 over {k3.deals} deals: {100 * lo:.1f}% proved winnable, "
          f"{100 * hi:.1f}% at most (95% CI {100 * clo:.1f}-{100 * chi:.1f}%); published "
          f"{100 * PUBLISHED['rate']:.3f}% +/- {100 * PUBLISHED['plus_minus']:.3f}%: "
          f"{'inside' if inside else 'OUTSIDE'} our interval")
    return {"runs": [r.summary() for r in runs], "klondike_draw3_vs_published": {
        **PUBLISHED, "inside_our_interval": inside, "ours_low": round(lo, 5), "ours_high": round(hi, 5),
        "ci95_low": round(clo, 5), "ci95_high": round(chi, 5)}}


def hint_latency(positions: int) -> dict:
    """Part 3: how long ``solve.hint(state)`` (0.5 s budget) takes on positions a player meets:
    the deal, then after 5, 10 .. moves of play that follow the hints' own ordering."""
    from tarot_learn.solve import hint

    out = {}
    for game in ("tarot-solitaire", "klondike", "american-toad"):
        times = []
        seed = 0
        while len(times) < positions:
            state = games.new(game, seed=seed)
            seed += 1
            for depth in range(0, 30, 5):
                while len(state.history) < depth and not state.is_won():
                    moves = state.legal_moves()
                    if not moves:
                        break
                    state.play(moves[(len(state.history) * 7) % len(moves)])
                t0 = time.perf_counter()
                hint(state, seconds=0.5)
                times.append(time.perf_counter() - t0)
        times.sort()
        p50, p95 = times[len(times) // 2], times[int(0.95 * (len(times) - 1))]
        out[game] = {"positions": len(times), "median_seconds": round(p50, 4), "p95_seconds": round(p95, 4)}
        print(f"hint latency, {game}: median {p50:.3f} s, p95 {p95:.3f} s over {len(times)} positions "
              f"(goal p95 < 0.5 s)")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="few deals (a smoke run)")
    ap.add_argument("--deals", type=int, default=200, help="cross-check deals per draw count")
    ap.add_argument("--seconds", type=float, default=1.0, help="time budget per deal")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--write-results", action="store_true", help="write results/winrates.json")
    args = ap.parse_args()
    try:
        import pyksolve  # noqa: F401
    except ImportError:
        print("pyksolve is missing: pip install -e '.[bench]' (make bench does it)", file=sys.stderr)
        return 1
    deals = 20 if args.quick else args.deals
    start = time.perf_counter()
    checks = cross_check(deals, args.seconds, args.processes)
    rates = win_rates(args.quick, args.seconds, args.processes)
    hints = hint_latency(12 if args.quick else 60)
    print(f"bench_solver: {time.perf_counter() - start:.0f} s")
    if args.write_results:
        out = ROOT / "results" / "winrates.json"
        out.parent.mkdir(exist_ok=True)
        body = {"solver_version": SOLVER_VERSION, "machine_cores": os.cpu_count(),
                "generated_by": "python benchmarks/bench_solver.py --write-results",
                "notes": ("win rates are thoughtful (every card known); a deal not decided within "
                          "its budget counts as lost in the low bound and won in the high bound; "
                          "intervals are 95% Wilson score intervals"),
                "cross_check_klondike_solver": checks, **rates, "hint_latency": hints}
        out.write_text(json.dumps(body, indent=1) + "\n")
        print(f"wrote {out.relative_to(ROOT)}")
    bad = sum(c["contradictions"] for c in checks)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
