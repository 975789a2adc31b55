"""How often following Hint alone wins a deal the solver proves winnable, and how long a hint takes.

For each patience, deals from ``--first-seed`` on go to the solver first, through the explorer
(``solve.explore``: ``--solve-seconds`` CPU seconds a deal, verdicts cached on disk, so a second
run proves nothing again).  Each deal it wins is then played from the start by following
``solve.hint`` and nothing else, as a learner pressing Hint over and over would, with
``--hint-states`` positions per search of a made-up deal (a budget in positions: the same hints
on a busy machine as on a quiet one; 2,000 is the board's, ``widgets.board.HINT_STATES``, which
also stops a hint after 0.5 s of wall time).  A game ends when it is
won, when the hint has nothing to propose (every legal move goes round in a circle), when no card
has gone up, turned face up or left the reserve in ``--no-progress`` moves (the hints wander), or
after ``--max-moves`` moves.  Printed per patience: the share of solver-winnable deals won by
hints alone with its 95% Wilson interval, how the others ended, the median and 95th percentile
CPU time of one hint, and the moves that returned to a position already seen (other than draws)
or completed a pass through the stock with nothing else played: must be 0; the script exits 1
if any.  The goal for Tarot Solitaire is 80% or more.

The deals run in worker processes (``--processes``), or on a Dask cluster (``--dask ADDRESS``,
``local`` for one on this machine), as the explorer's do.

Run: ``python benchmarks/bench_hints.py`` (``make bench``: 200 deals a patience from seed
9,100,000, two processes); ``--quick`` for 10 deals a patience; flags ``--deals N --first-seed S
--processes N --dask ADDRESS --hint-seconds S --hint-states N --solve-seconds S --max-moves N
--no-progress N --only GAME``.  Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_learn import games  # noqa: E402
from tarot_learn.solve import explore, hint, native  # noqa: E402
from tarot_learn.solve.circles import is_talon_move, seen_key  # noqa: E402
from tarot_learn.solve.explorer import dask_executor, wilson  # noqa: E402

PATIENCES = ("tarot-solitaire", "klondike", "american-toad")


def circle(state, history_keys: set, pass_keys: set, move) -> bool:
    """Whether ``move``, just played on ``state``, went round in a circle: back to a position of
    this game (not a draw), or through a whole pass of the stock with nothing else played."""
    if is_talon_move(move):
        return seen_key(state, passes=False) in pass_keys
    return seen_key(state) in history_keys


def progress(state) -> tuple[int, int, int]:
    """Cards up, cards still face down, cards in the reserve: one of them changes when a game
    moves on, not when it only shuffles cards between columns or turns the stock."""
    return sum(map(len, state.found)), sum(state.down), len(state.reserve)


def follow(job: tuple) -> tuple[int, str, int, list[float], int]:
    """(seed, how the game ended, moves played, CPU seconds of each hint, circles) for one deal
    followed by hints from its start."""
    game, seed, hint_seconds, hint_states, max_moves, no_progress = job
    if native.available():
        native.warm()               # before any hint's clock (a worker that did not inherit it)
    state = games.new(game, seed=seed)
    times: list[float] = []
    keys, draws, circles = {seen_key(state)}, {seen_key(state, passes=False)}, 0
    mark, since = progress(state), 0
    while not state.is_won() and len(state.history) < max_moves:
        t0 = time.process_time()
        move = hint(state, seconds=hint_seconds, states=hint_states)
        times.append(time.process_time() - t0)
        if move is None:
            return seed, "no hint", len(state.history), times, circles
        state.play(move)
        circles += circle(state, keys, draws, move)
        keys.add(seen_key(state))
        draws = draws | {seen_key(state, passes=False)} if is_talon_move(move) else \
            {seen_key(state, passes=False)}
        now = progress(state)
        mark, since = (now, 0) if now != mark else (mark, since + 1)
        if since >= no_progress:
            return seed, "wandered", len(state.history), times, circles
    return seed, "won" if state.is_won() else "too long", len(state.history), times, circles


def report(game: str, deals: int, rows: list[tuple], wall: float) -> int:
    """Print one patience's line; returns its circles."""
    ended = [r[1] for r in rows]
    won = ended.count("won")
    times = sorted(t for r in rows for t in r[3])
    circles = sum(r[4] for r in rows)
    lo, hi = wilson(won, len(ended))
    share = won / len(ended) if ended else 0.0
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    others = ", ".join(f"{how} {ended.count(how)}" for how in ("no hint", "wandered", "too long"))
    print(f"{game:16s} {deals} deals, {len(ended)} proved winnable: won by hints alone "
          f"{won}/{len(ended)} = {share:.1%} (95% interval {lo:.1%}-{hi:.1%}); {others}; "
          f"hint median {statistics.median(times) * 1000 if times else 0:.1f} ms CPU, "
          f"95th percentile {p95 * 1000:.0f} ms, over {len(times)} hints; circles {circles}; "
          f"{wall:.0f} s wall", flush=True)
    return circles


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--quick", action="store_true", help="10 deals a patience")
    ap.add_argument("--first-seed", type=int, default=9_100_000)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--dask", default=None, metavar="ADDRESS", help="a Dask scheduler, or 'local'")
    ap.add_argument("--hint-seconds", type=float, default=10.0)
    ap.add_argument("--hint-states", type=int, default=2000)
    ap.add_argument("--solve-seconds", type=float, default=2.0)
    ap.add_argument("--max-moves", type=int, default=1500)
    ap.add_argument("--no-progress", type=int, default=300)
    ap.add_argument("--only", nargs="*", default=None, choices=PATIENCES)
    args = ap.parse_args(argv)
    deals = 10 if args.quick else args.deals
    if native.available():
        native.warm()                   # forked workers inherit the loaded core
    circles = 0
    with _executor(args) as (pool, workers):
        for game in args.only or PATIENCES:
            t0 = time.perf_counter()
            proofs = explore(game, deals=deals, first_seed=args.first_seed, seconds_per_deal=args.solve_seconds,
                             processes=workers, executor=pool, progress=False)
            winnable = [r["seed"] for r in proofs.rows if r["status"] == "solved"]
            jobs = [(game, s, args.hint_seconds, args.hint_states, args.max_moves, args.no_progress)
                    for s in winnable]
            rows = list(pool.map(follow, jobs))
            circles += report(game, deals, rows, time.perf_counter() - t0)
    return 1 if circles else 0


@contextlib.contextmanager
def _executor(args: argparse.Namespace):
    """(executor, workers): worker processes here, or a Dask cluster's (``--dask``)."""
    if args.dask:
        with dask_executor(args.dask, workers=args.processes) as (pool, workers):
            yield pool, workers
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(args.processes) as pool:
        yield pool, args.processes


if __name__ == "__main__":
    sys.exit(main())
