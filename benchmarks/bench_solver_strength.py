"""How many deals the solver decides in a CPU-time budget, side by side with Klondike-Solver.

For Klondike draw 1 and draw 3, the same deals (ours, written in PySol's board format) go to our
solver (``solve.solve`` with ``clock=time.process_time``: CPU seconds, so a busy shared machine does
not change the budget) and to Klondike-Solver (``pyksolve``, the ``bench`` extra) in each of its
modes: ``fast`` (a greedy best-first search that keeps only the best moves of each position: it
finds solutions but seldom proves a deal lost) and ``minimal`` (a complete A* search: it proves
deals lost, and after a first solution goes on looking for a shorter one). Both get the SAME CPU
budget: each Klondike-Solver deal runs in a process of its own whose CPU time the system limits
(``RLIMIT_CPU``); its CPU time in the search is measured, and a verdict counts only when it came
within the budget (a later one, or a process the limit stopped, is undecided, as ours would be). Its
position cap is also the size of a table it sets up before searching (about 17 bytes a position:
0.65 CPU s for 100 million), so a cap larger than a deal needs costs it part of its budget. The cap
therefore starts at its own default (5 million); when the cap stops a search within the budget, the
search runs again with four times the cap (up to 400 million), and only that last search's time
counts: each deal gets about the smallest cap that suits it, and the budget, not the cap, ends the
search. Its positions per CPU second are measured on calibration deals (seeds 800..815). Its fast
mode also gives up by itself when its pruned search runs out of positions, with the same answer as a
cap gives: the deals it ended within the budget without a verdict, either way, are counted as "gave
up". Printed per draw count and budget: the share of deals decided (solved or proved impossible) by
ours and by each mode, the better mode named "strongest", contradictions (one says solved, the other
impossible: must be 0), and positions per CPU second of both. Then our decided share for Tarot
Solitaire (standard and each variant) and American Toad.

Run: ``python benchmarks/bench_solver_strength.py`` (``make bench``: 20 deals, 2 s, a few minutes of
CPU) or ``--full`` (the acceptance run: 100 deals from seed 7,000,000, a range never used in
development, at 2 s and 10 s; hours of CPU: run it under ``nice``). Other flags: ``--deals N
--first-seed S --long --only klondike|others --processes N --peer-modes fast``; ``--method depth``
measures the older depth-first search for a before/after figure.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_learn import games  # noqa: E402
from tarot_learn.solve import solve  # noqa: E402

KS_STATUS = {"SolvedMinimal": "solved", "SolvedMayNotBeMinimal": "solved", "Impossible": "impossible",
             "CouldNotComplete": "undecided"}


def _ours(job: tuple[str, dict, int, float, str]) -> tuple[int, str, int, float]:
    game, opts, seed, seconds, method = job
    state = games.new(game, seed=seed, **opts)
    t0 = time.process_time()
    r = solve(state, states=None, seconds=seconds, method=method, clock=time.process_time)
    return seed, r.status.value, r.states, time.process_time() - t0


def _ks(job: tuple[int, int, str, int]) -> tuple[int, str, float, bool]:
    """One deal through Klondike-Solver: (seed, verdict, CPU seconds, position cap used up)."""
    import pyksolve.solver as ks

    seed, draw, mode, max_closed = job
    sol = ks.Solitaire()
    sol.draw_count = draw
    # Its reader wants at least 211 characters; a fresh deal is ~205: pad with spaces it skips.
    if not sol.load_pysol(games.new("klondike", seed=seed, draw=draw).to_pysol() + " " * 16):
        raise SystemExit(f"Klondike-Solver could not read deal {seed}")
    sol.reset_game()
    t0 = time.process_time()
    if mode == "fast":
        result = sol.solve_fast(max_closed_count=max_closed)
    else:
        result = sol.solve_minimal(max_closed_count=max_closed)
    secs = time.process_time() - t0
    capped = result.name == "CouldNotComplete" or (mode == "minimal" and result.name == "SolvedMayNotBeMinimal")
    return seed, KS_STATUS[result.name], secs, capped


STARTUP_SLACK = 3.0  # CPU seconds a fresh Python takes to import pyksolve and tarot_learn, and more


FIRST_CAP = 5_000_000   # positions: Klondike-Solver's own default
MAX_CAP = 400_000_000   # its table then takes about 7 GB
TRIES = 5               # 5, 20, 80, 320 and 400 million


def _ks_bounded(job: tuple[int, int, str, float, int]) -> tuple[int, str, bool]:
    """One deal through Klondike-Solver in a process of its own that the system stops once it has
    used the budget's CPU time (plus start-up): (seed, verdict, ended within the budget without a
    verdict).  A process stopped by the limit gives "undecided"; so does a verdict after the budget."""
    seed, draw, mode, seconds, cap = job
    limit = math.ceil(TRIES * seconds + STARTUP_SLACK)   # room for every search with a larger cap

    def cap_cpu() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a stopped search leaves no core file

    args = json.dumps([seed, draw, mode, cap, seconds])
    done = subprocess.run([sys.executable, __file__, "--peer-deal", args], capture_output=True,
                          text=True, preexec_fn=cap_cpu, check=False)
    if done.returncode != 0:
        if done.returncode > 0:  # a crash, not the limit: say so rather than count it undecided
            raise SystemExit(f"Klondike-Solver failed on deal {seed}: {done.stderr.strip()[-300:]}")
        return seed, "undecided", False
    _, status, secs, capped = json.loads(done.stdout)
    return seed, status if secs <= seconds else "undecided", capped and secs < seconds


def peer_deal(arg: str) -> int:
    """The child process of ``_ks_bounded``: one deal, its result as JSON.  A search its cap
    stopped within the budget runs again from the start with four times the cap (up to
    ``MAX_CAP``), and only the last search's CPU time counts: Klondike-Solver gets, deal by deal,
    the cap that suited it best."""
    seed, draw, mode, cap, seconds = json.loads(arg)
    result = _ks((seed, draw, mode, cap))
    while result[3] and result[2] < seconds and cap < MAX_CAP:
        cap = min(MAX_CAP, 4 * cap)
        result = _ks((seed, draw, mode, cap))
    print(json.dumps(result))
    return 0


def ks_rate(draw: int, mode: str, pool) -> float:
    """Positions per CPU second for Klondike-Solver in ``mode``, on calibration deals (seeds
    800..815) where it uses its whole budget."""
    cap = 200_000
    rates: list[float] = []
    for _ in range(2):
        rates = [cap / secs for _, _, secs, capped in
                 pool.imap_unordered(_ks, [(s, draw, mode, cap) for s in range(800, 816)])
                 if capped and secs > 0]
        if rates:
            cap = max(10_000, int(statistics.median(rates)))  # about one second's worth
    return statistics.median(rates) if rates else 300_000.0


def _share(rows: dict[int, str]) -> float:
    return sum(v != "undecided" for v in rows.values()) / max(1, len(rows))


def klondike(draw: int, seeds: list[int], seconds: float, method: str, pool, processes: int,
             modes: tuple[str, ...] = ("fast", "minimal")) -> int:
    ours = {s: (st, n, t) for s, st, n, t in pool.imap_unordered(
        _ours, [("klondike", {"draw": draw}, s, seconds, method) for s in seeds])}
    mine = {s: v[0] for s, v in ours.items()}
    rate_ours = sum(v[1] for v in ours.values()) / max(1e-9, sum(v[2] for v in ours.values()))
    print(f"Klondike draw {draw}, {len(seeds)} deals from seed {seeds[0]}, {seconds:g} CPU s per deal:")
    print(f"  ours ({method}):        decided {100 * _share(mine):5.1f}%  "
          f"({sum(v == 'solved' for v in mine.values())} solved, "
          f"{sum(v == 'impossible' for v in mine.values())} impossible), {rate_ours:,.0f} states/s")
    shares, bad = {}, 0
    for mode in modes:
        rate = ks_rate(draw, mode, pool)
        cap = FIRST_CAP
        with ThreadPoolExecutor(processes) as threads:
            got = list(threads.map(_ks_bounded, [(s, draw, mode, seconds, cap) for s in seeds]))
        theirs, short = {s: v for s, v, _ in got}, sum(c for _, _, c in got)
        contra = [s for s in seeds if {mine[s], theirs[s]} == {"solved", "impossible"}]
        bad += len(contra)
        shares[mode] = _share(theirs)
        print(f"  Klondike-Solver {mode:7s} decided {100 * shares[mode]:5.1f}%  "
              f"({sum(v == 'solved' for v in theirs.values())} solved, "
              f"{sum(v == 'impossible' for v in theirs.values())} impossible), {rate:,.0f} positions/s "
              f"(first cap {cap:,}, gave up {short}); contradictions {len(contra)} {contra if contra else ''}")
    best = max(shares, key=shares.get)
    ratio = _share(mine) / shares[best] if shares[best] else float("inf")
    print(f"  ours / strongest ({best}) = {ratio:.2f}")
    return bad


OTHERS = (("tarot-solitaire", {}), ("tarot-solitaire", {"draw": 1}), ("tarot-solitaire", {"draw": 3}),
          ("tarot-solitaire", {"face_down_row": False}), ("tarot-solitaire", {"fool": "trump_ace"}),
          ("american-toad", {}))


def others(seeds: list[int], seconds: float, method: str, pool) -> None:
    for game, opts in OTHERS:
        got = list(pool.imap_unordered(_ours, [(game, opts, s, seconds, method) for s in seeds]))
        rows = {s: st for s, st, _, _ in got}
        rate = sum(n for _, _, n, _ in got) / max(1e-9, sum(t for _, _, _, t in got))
        label = " ".join(f"{k}={v}" for k, v in opts.items()) or "standard"
        print(f"{game} {label}, {len(seeds)} deals, {seconds:g} CPU s: decided {100 * _share(rows):5.1f}% "
              f"({sum(v == 'solved' for v in rows.values())} solved, "
              f"{sum(v == 'impossible' for v in rows.values())} impossible), {rate:,.0f} states/s", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=900_000)
    ap.add_argument("--long", action="store_true", help="also a 10 s budget per deal")
    ap.add_argument("--full", action="store_true",
                    help="the acceptance run: 100 deals from seed 7,000,000 at 2 s and 10 s")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--method", choices=("best", "depth"), default="best")
    ap.add_argument("--only", choices=("klondike", "others"), default=None)
    ap.add_argument("--peer-modes", nargs="+", choices=("fast", "minimal"), default=["fast", "minimal"],
                    help="Klondike-Solver's modes to run (both by default)")
    ap.add_argument("--peer-deal", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.peer_deal:
        return peer_deal(args.peer_deal)
    try:
        import pyksolve  # noqa: F401
    except ImportError:
        print("pyksolve is missing: pip install -e '.[bench]' (make bench does it)", file=sys.stderr)
        return 1
    sys.stdout.reconfigure(line_buffering=True)  # each figure as it comes (a long run under nohup)
    if args.full:
        args.deals, args.first_seed, args.long = max(args.deals, 100), 7_000_000, True
    seeds = list(range(args.first_seed, args.first_seed + args.deals))
    budgets = (2.0, 10.0) if args.long else (2.0,)
    print(f"seeds {seeds[0]}..{seeds[-1]}, budgets {budgets} CPU s per deal, {args.processes} processes")
    bad = 0
    start = time.perf_counter()
    with multiprocessing.get_context().Pool(args.processes) as pool:
        for seconds in budgets:
            if args.only != "others":
                for draw in (1, 3):
                    bad += klondike(draw, seeds, seconds, args.method, pool, args.processes, tuple(args.peer_modes))
            if args.only != "klondike":
                others(seeds, seconds, args.method, pool)
    print(f"contradictions in all: {bad}; bench_solver_strength: {time.perf_counter() - start:.0f} s wall")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
