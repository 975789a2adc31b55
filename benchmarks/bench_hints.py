"""How often following Hint alone wins a deal the solver proves winnable, and how long a hint takes.

For each patience, deals from ``--first-seed`` on go to the solver (``--solve-seconds`` CPU seconds
a deal); each deal it wins is then played from the start by following ``solve.hint`` and nothing
else, as a learner pressing Hint over and over would, with the board's budget (0.5 s of wall
time, 4 made-up deals) unless ``--hint-seconds`` says otherwise.  A game ends when it is won,
when the hint has nothing to propose (every legal move goes round in a circle), or after
``--max-moves`` moves.  Printed per patience: the share of solver-winnable deals won by hints
alone (with a 95% Wilson interval), the deals where hints found no move, the median and 95th
percentile time of one hint, and the moves that returned to a position already seen (other than
draws) or completed a pass through the stock with nothing else played: must be 0; the script
exits 1 if any.  The goal for Tarot Solitaire is 80% or more.

Run: ``python benchmarks/bench_hints.py`` (``make bench``: 200 deals a patience from seed
9,100,000, two processes; over an hour on two quiet cores); flags ``--deals N
--first-seed S --processes N --hint-seconds S --hint-states N --solve-seconds S --max-moves N
--only GAME``.  Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_learn import games  # noqa: E402
from tarot_learn.solve import hint, native, solve  # noqa: E402
from tarot_learn.solve.circles import is_talon_move, seen_key  # noqa: E402

PATIENCES = ("tarot-solitaire", "klondike", "american-toad")


def circle(state, history_keys: set, pass_keys: set, move) -> bool:
    """Whether ``move``, just played on ``state``, went round in a circle: back to a position of
    this game (not a draw), or through a whole pass of the stock with nothing else played."""
    if is_talon_move(move):
        return seen_key(state, passes=False) in pass_keys
    return seen_key(state) in history_keys


def follow(job: tuple) -> tuple[int, str, int, list[float], int]:
    """(seed, how the game ended, moves played, hint times, circles) for one deal followed by hints."""
    game, seed, hint_seconds, hint_states, solve_seconds, max_moves = job
    state = games.new(game, seed=seed)
    if not solve(state, states=None, seconds=solve_seconds, clock=time.process_time).solved:
        return seed, "not proved winnable", 0, [], 0
    times: list[float] = []
    keys, draws, circles = {seen_key(state)}, {seen_key(state, passes=False)}, 0
    while not state.is_won() and len(state.history) < max_moves:
        t0 = time.perf_counter()
        move = hint(state, seconds=hint_seconds, states=hint_states)
        times.append(time.perf_counter() - t0)
        if move is None:
            return seed, "no hint", len(state.history), times, circles
        state.play(move)
        circles += circle(state, keys, draws, move)
        keys.add(seen_key(state))
        draws = draws | {seen_key(state, passes=False)} if is_talon_move(move) else \
            {seen_key(state, passes=False)}
    return seed, "won" if state.is_won() else "too long", len(state.history), times, circles


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of k successes in n trials, as shares."""
    if not n:
        return 0.0, 1.0
    z, p = 1.96, k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def report(game: str, rows: list[tuple], wall: float) -> int:
    """Print one patience's line; returns its circles."""
    ended = [r[1] for r in rows if r[1] != "not proved winnable"]
    won = ended.count("won")
    times = sorted(t for r in rows for t in r[3])
    circles = sum(r[4] for r in rows)
    lo, hi = wilson(won, len(ended))
    share = won / len(ended) if ended else 0.0
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    print(f"{game:16s} {len(rows)} deals, {len(ended)} proved winnable: won by hints alone "
          f"{won}/{len(ended)} = {share:.1%} (95% interval {lo:.1%}-{hi:.1%}); no hint "
          f"{ended.count('no hint')}, too long {ended.count('too long')}; "
          f"hint median {statistics.median(times) * 1000 if times else 0:.0f} ms, "
          f"95th percentile {p95 * 1000:.0f} ms, over {len(times)} hints; circles {circles}; "
          f"{wall:.0f} s wall", flush=True)
    return circles


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=9_100_000)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--hint-seconds", type=float, default=0.5)
    ap.add_argument("--hint-states", type=int, default=None)
    ap.add_argument("--solve-seconds", type=float, default=2.0)
    ap.add_argument("--max-moves", type=int, default=1500)
    ap.add_argument("--only", nargs="*", default=None, choices=PATIENCES)
    args = ap.parse_args(argv)
    if native.available():
        native.warm()                   # forked workers inherit the loaded core
    circles = 0
    seeds = range(args.first_seed, args.first_seed + args.deals)
    with multiprocessing.Pool(args.processes) as pool:
        for game in args.only or PATIENCES:
            t0 = time.perf_counter()
            jobs = [(game, s, args.hint_seconds, args.hint_states, args.solve_seconds, args.max_moves)
                    for s in seeds]
            rows = list(pool.imap_unordered(follow, jobs))
            circles += report(game, rows, time.perf_counter() - t0)
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
