"""The engine's three speed figures, optionally side by side with another commit.

* playout: random legal play (``legal_moves()`` then unchecked ``push``), steps per CPU second,
  for each patience;
* solver: positions searched per CPU second by ``solve.solve`` with a fixed state budget, over
  a fixed set of deals (mostly decided in the first dives) and over three long searches (Fool as
  trump ace deals that 150,000 positions do not decide); each again with the pure path alone
  (``TAROT_LEARN_SOLVER=pure``), so that the compiled core and its reference stand side by side;
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
import json, os, random, sys, time
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

def warm():
    try:
        from tarot_learn.solve import native
    except ImportError:
        return                      # a tree from before the compiled core
    if native.available():
        native.warm()

def solver(deals, states):
    count, t = 0, time.process_time()
    for name, opts, seed in deals:
        count += solve(games.new(name, seed=seed, **opts), states=states, seconds=None).states
    return count / (time.process_time() - t)

FIXED = [(n, o, s) for n, o in (("klondike", {"draw": 1}), ("klondike", {"draw": 3}),
                                ("tarot-solitaire", {})) for s in range(100, 106)]
LONG = [("tarot-solitaire", {"fool": "trump_ace"}, s) for s in (13000086, 13000106, 13000136)]

def solvers():
    warm()
    out = {"solver (states/s)": solver(FIXED, 20000),
           "solver, long searches (states/s)": solver(LONG, 150000)}
    os.environ["TAROT_LEARN_SOLVER"] = "pure"
    out["solver, pure path (states/s)"] = solver(FIXED, 20000)
    out["solver, pure path, long searches (states/s)"] = solver(LONG, 150000)
    return out

def tarot(deals=600):
    bots = [HeuristicBot() for _ in range(4)]
    t = time.process_time()
    for seed in range(deals):
        simulate(seed, bots, dealer=seed %% 4)
    return deals / (time.process_time() - t)

out = {f"playout {n} (steps/s)": playout(n) for n in %(patiences)r}
out["French Tarot simulate (deals/s)"] = tarot()
out.update(solvers())
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
