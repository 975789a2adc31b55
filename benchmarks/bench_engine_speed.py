"""The engine's three speed figures, optionally side by side with another commit.

* playout: random legal play (``legal_moves()`` then unchecked ``push``), steps per CPU second,
  for each patience;
* solver: positions searched per CPU second by ``solve.solve`` over a fixed set of deals with a
  fixed state budget;
* French Tarot: deals per CPU second of the fast loop (``simulate``) with four heuristic bots.

Each figure is the median of several runs, each run in its own process.  With ``--against REF``
the same measurements run on a checkout of ``REF`` (a git worktree in a temporary folder), the two
trees taking turns so that a busy machine slows both alike, and a table shows both and the ratio.

Run: python benchmarks/bench_engine_speed.py [--against REF] [--runs N]   (part of `make bench`)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATIENCES = ("klondike", "tarot-solitaire", "american-toad")

# The measuring code runs in a fresh interpreter with the tree under test first on sys.path.
PROBE = r'''
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from tarot_learn import games
from tarot_learn.solve import solve
from tarot_learn.games.french_tarot.bots import HeuristicBot
from tarot_learn.games.french_tarot.simulate import simulate

def playout(name, steps=20000):
    rng = random.Random(1)
    state, n, done = games.new(name, seed=1), 0, 0
    t = time.process_time()
    while done < steps:
        moves = state.legal_moves()
        if not moves or n >= 1000:
            state, n = games.new(name, seed=done), 0
            continue
        state.push(rng.choice(moves)); n += 1; done += 1
    return steps / (time.process_time() - t)

def solver():
    count, t = 0, time.process_time()
    for name, opts in (("klondike", {"draw": 1}), ("klondike", {"draw": 3}),
                       ("tarot-solitaire", {})):
        for seed in range(100, 106):
            count += solve(games.new(name, seed=seed, **opts), states=20000, seconds=None).states
    return count / (time.process_time() - t)

def tarot(deals=600):
    bots = [HeuristicBot() for _ in range(4)]
    t = time.process_time()
    for seed in range(deals):
        simulate(seed, bots, dealer=seed %% 4)
    return deals / (time.process_time() - t)

out = {f"playout {n} (steps/s)": playout(n) for n in %(patiences)r}
out["solver (states/s)"] = solver()
out["French Tarot simulate (deals/s)"] = tarot()
print(json.dumps(out))
'''


def measure(tree: Path) -> dict[str, float]:
    code = PROBE % {"patiences": PATIENCES}
    done = subprocess.run([sys.executable, "-c", code, str(tree)], capture_output=True, text=True,
                          timeout=900, check=False)
    if done.returncode:
        raise SystemExit(f"measuring {tree} failed: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout)


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", help="a git ref to measure side by side (e.g. a commit before a change)")
    ap.add_argument("--runs", type=int, default=5, help="runs per tree (median), 1 to 50")
    args = ap.parse_args()
    if not 1 <= args.runs <= 50:
        ap.error("--runs must be 1 to 50")
    if not args.against:
        now = medians([measure(ROOT) for _ in range(args.runs)])
        print(f"engine speed, CPU time, median of {args.runs} runs")
        for k, v in now.items():
            print(f"  {k:42s} {v:12,.0f}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(other), args.against],
                       check=True, capture_output=True)
        try:
            mine, theirs = [], []
            for _ in range(args.runs):
                theirs.append(measure(other))
                mine.append(measure(ROOT))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)],
                           check=False, capture_output=True)
    a, b = medians(theirs), medians(mine)
    print(f"engine speed, CPU time, median of {args.runs} alternating runs: {args.against} vs this tree")
    print(f"  {'figure':42s} {args.against[:12]:>12s} {'this tree':>12s} {'ratio':>7s}")
    for k in a:
        print(f"  {k:42s} {a[k]:12,.0f} {b[k]:12,.0f} {b[k] / a[k]:7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
