"""Speed and size of the three patiences (medians of repeated runs).

For each game: random playout throughput (one step = ``legal_moves()`` then ``push`` of a random
legal move; a new deal starts when no move is left or after 1,000 moves), the time to undo a
1,000-move game with ``undo_all()``, the time to check ``is_over()`` (stuck probe included), and
the memory of one State (``tracemalloc`` over 200 states of 50 moves each, shared rule tables
excluded since every state of a game shares them).

Times are CPU time of this process (``time.process_time``), so a busy machine shared with other
jobs slows the figures less than wall-clock time would.

Run: python benchmarks/bench_patience.py   (or `make bench`).  Goal: >= 50,000 Klondike steps/s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_learn import games  # noqa: E402

GAMES = ("klondike", "tarot-solitaire", "american-toad")
STEPS = 20_000
REPEAT = 7


def playout_rate(name: str, seed: int) -> float:
    rng = random.Random(seed)
    state = games.new(name, seed=seed)
    start = time.process_time()
    for n in range(STEPS):
        moves = state.legal_moves()
        if not moves or len(state.history) >= 1000:
            state = games.new(name, seed=seed + n)
            moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])
    return STEPS / (time.process_time() - start)


def played(name: str, seed: int, n: int) -> "games.State":
    rng = random.Random(seed)
    state = games.new(name, seed=seed)
    for _ in range(n):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(moves[rng.randrange(len(moves))])
    return state


def undo_all_seconds(name: str, seed: int) -> tuple[float, int]:
    state = played(name, seed, 1000)
    start = time.process_time()
    n = state.undo_all()
    return time.process_time() - start, n


def is_over_seconds(name: str, seed: int) -> float:
    state = played(name, seed, 200)
    start = time.process_time()
    for _ in range(20):
        state.is_over()
    return (time.process_time() - start) / 20


def bytes_per_state(name: str) -> float:
    games.new(name, seed=0)                 # build the shared tables first
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    keep = [played(name, seed, 50) for seed in range(200)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    total = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert keep
    return total / len(keep)


def main() -> None:
    print(f"patience benchmarks: median of {REPEAT} runs, {STEPS:,} random steps each")
    for name in GAMES:
        rates = [playout_rate(name, seed) for seed in range(REPEAT)]
        undo = [undo_all_seconds(name, seed) for seed in range(REPEAT)]
        over = statistics.median(is_over_seconds(name, seed) for seed in range(REPEAT))
        per_move = statistics.median(t / max(n, 1) for t, n in undo)
        print(f"{name:16s} playout {statistics.median(rates):9,.0f} steps/s   "
              f"undo {per_move * 1e6:5.1f} us/move (undo_all of ~1000 moves "
              f"{statistics.median(t for t, _ in undo) * 1e3:5.1f} ms)   "
              f"is_over {over * 1e3:5.2f} ms   state {bytes_per_state(name) / 1024:5.1f} KB")


if __name__ == "__main__":
    main()
