"""A class of 60 handing in a challenge at the same moment, on this machine.

Each student is a process of its own (as each student's kernel is on the class server) that opens
the class file and hands in a won game of the challenge's deal: the result code is replayed, then
written in one short transaction.  Prints the time from "go" to stored (median, p95), how long the
whole class took, and how long one leaderboard read takes with the class's 60 results in it.

    python benchmarks/bench_challenge.py [--students 60] [--workers 8]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import statistics
import tempfile
import time

from tarot_learn import games, results, solve
from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.store import ClassStore

GAME, OPTIONS, SEED = "klondike", {"draw": 3, "build": "any_suit"}, 6


def codes(count: int) -> list[str]:
    """``count`` different won games of the deal: i trips through the stock, then the solver's line."""
    line = [str(m) for m in solve.solve(games.new(GAME, seed=SEED, **OPTIONS), seconds=20).moves]
    out = []
    for i in range(count):
        state = games.new(GAME, seed=SEED, **OPTIONS)
        for _ in range(i):
            while True:
                move = next(str(m) for m in state.legal_moves() if str(m) in ("draw", "redeal"))
                state.play(move)
                if move == "redeal":
                    break
        for move in line:
            state.play(move)
        out.append(results.result_code(state))
    return out


def hand_in(folder: str, challenge_id: int, name: str, code: str, go: float) -> float:
    while time.time() < go:
        time.sleep(0.001)
    book = ChallengeBook(ClassStore(folder))
    book.submit(book.get(challenge_id), name, code)
    return time.time() - go


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=60)
    p.add_argument("--workers", type=int, default=8)
    args = p.parse_args()
    folder = tempfile.mkdtemp()
    book = ChallengeBook(ClassStore(folder))
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    class_codes = codes(args.students)
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(time.sleep, [0.01] * args.workers))            # the workers are up before "go"
        go = time.time() + 0.5
        waits = list(pool.map(hand_in, [folder] * args.students, [ch.id] * args.students,
                              [f"student {i}" for i in range(args.students)], class_codes,
                              [go] * args.students))
    stored = len(book.results(ch))
    reads = []
    for _ in range(50):
        t0 = time.perf_counter()
        book.leaderboard(ch)
        reads.append(time.perf_counter() - t0)
    waits.sort()
    p95 = waits[max(0, round(0.95 * len(waits)) - 1)]
    print(f"challenge hand-in: {stored}/{args.students} stored, {args.workers} processes at once; "
          f"go -> stored median {statistics.median(waits) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
          f"whole class {max(waits):.2f} s; leaderboard read with {stored} results median "
          f"{statistics.median(reads) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
