"""How many Tarot Solitaire and American Toad deals the solver decides in 2 and 10 CPU seconds.

Each deal goes to ``solve.solve`` with ``clock=time.process_time`` (CPU seconds: a busy shared
machine does not change the budget), once per budget.  Printed per game and variant: the share
of deals decided (solved, or proved impossible by an exhaustive search under sound pruning), the
median CPU seconds per deal, the median positions searched per CPU second, and contradictions
between budgets (a deal solved under one budget and proved impossible under the other: must be
0; the script exits 1 if any).  The deals come from seed 8,300,000 on, a range never used while
the solver was developed.

Run: ``python benchmarks/bench_solver_patience.py`` (``make bench``: 30 deals per game and
variant, 2 processes, about ten minutes of CPU); flags ``--deals N --first-seed S --processes N
--budgets 2 10 --only LABEL`` (``--only draw=3 american-toad``: just the variants whose printed
label, or whose game, is one of those given).  Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_learn import games  # noqa: E402
from tarot_learn.solve import solve  # noqa: E402

GAMES = (("tarot-solitaire", {}), ("tarot-solitaire", {"draw": 1}), ("tarot-solitaire", {"draw": 3}),
         ("tarot-solitaire", {"face_down_row": False}), ("tarot-solitaire", {"fool": "trump_ace"}),
         ("tarot-solitaire", {"redeals": 2}), ("american-toad", {}))


def one_deal(job: tuple[str, dict, int, float]) -> tuple[int, str, int, float]:
    """(seed, verdict, positions searched, CPU seconds) for one deal and budget."""
    game, opts, seed, seconds = job
    state = games.new(game, seed=seed, **opts)
    t0 = time.process_time()
    r = solve(state, states=None, seconds=seconds, clock=time.process_time)
    return seed, r.status.value, r.states, time.process_time() - t0


def label_of(opts: dict) -> str:
    """A variant's printed label: its options, or ``standard``."""
    return " ".join(f"{k}={v}" for k, v in opts.items()) or "standard"


def report(game: str, opts: dict, seeds: list[int], budgets: list[float], pool) -> int:
    """Print one line per budget for a game and variant; returns the contradictions found."""
    label = label_of(opts)
    verdicts: dict[float, dict[int, str]] = {}
    for seconds in budgets:
        rows = list(pool.imap_unordered(one_deal, [(game, opts, s, seconds) for s in seeds]))
        verdicts[seconds] = {s: v for s, v, _, _ in rows}
        decided = [v for _, v, _, _ in rows if v != "undecided"]
        cpu = statistics.median(t for _, _, _, t in rows)
        rate = statistics.median(n / max(t, 1e-6) for _, _, n, t in rows)
        print(f"{game} {label}, {len(seeds)} deals, {seconds:g} CPU s: decided "
              f"{100 * len(decided) / len(rows):5.1f}% ({decided.count('solved')} solved, "
              f"{decided.count('impossible')} impossible), median {cpu:.2f} CPU s per deal, "
              f"median {rate:,.0f} states/s", flush=True)
    bad = [s for s in seeds if {v[s] for v in verdicts.values()} >= {"solved", "impossible"}]
    print(f"  contradictions between budgets: {len(bad)} {bad if bad else ''}", flush=True)
    return len(bad)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--first-seed", type=int, default=8_300_000)
    ap.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--budgets", type=float, nargs="+", default=[2.0, 10.0])
    ap.add_argument("--only", nargs="+", metavar="LABEL", default=None,
                    help="run only these variants, by printed label (draw=3, fool=trump_ace, ...) or game")
    args = ap.parse_args()
    chosen = [(g, o) for g, o in GAMES if args.only is None or {g, label_of(o)} & set(args.only)]
    if not chosen:
        ap.error(f"no variant is labelled {' or '.join(args.only)}; labels: "
                 + ", ".join(label_of(o) for _, o in GAMES))
    seeds = list(range(args.first_seed, args.first_seed + args.deals))
    print(f"seeds {seeds[0]}..{seeds[-1]}, budgets {args.budgets} CPU s per deal, {args.processes} processes")
    start = time.perf_counter()
    with multiprocessing.get_context().Pool(args.processes) as pool:
        bad = sum(report(game, opts, seeds, args.budgets, pool) for game, opts in chosen)
    print(f"contradictions in all: {bad}; bench_solver_patience: {time.perf_counter() - start:.0f} s wall, "
          f"load average {os.getloadavg()[0]:.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
