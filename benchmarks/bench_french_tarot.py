"""French Tarot engine and bots: simulation speed and the heuristic player's strength.

Run: python benchmarks/bench_french_tarot.py [deals]   (or `make bench`; default 2000 deals)

Figures printed:
* deals/s of the fast loop (``simulate``), four HeuristicBots, wall clock and CPU time (the
  CPU-time rate is steadier on a shared machine), medians of 5 runs; thrown-in deals are counted
  apart, since they cost almost nothing;
* deals/s of the checked engine (``play_deal``: moves validated, undo records, observations);
* the heuristic player's contract success rate as taker, by contract, with 3, 4 and 5 players;
* mean score per deal of one seat played by HeuristicBot, compared with the same seat played by a
  RandomBot (the baseline), over the same seeded deals, against random and heuristic opponents.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_learn.games.french_tarot import rules as R  # noqa: E402
from tarot_learn.games.french_tarot.bots import HeuristicBot, RandomBot, play_deal  # noqa: E402
from tarot_learn.games.french_tarot.simulate import simulate  # noqa: E402


def speed(deals: int) -> None:
    bots = [HeuristicBot() for _ in range(4)]
    wall, cpu, played = [], [], 0
    for run in range(5):
        t, p = time.perf_counter(), time.process_time()
        played = 0
        for seed in range(deals):
            played += simulate(seed, bots, dealer=seed % 4).score is not None
        wall.append(deals / (time.perf_counter() - t))
        cpu.append(deals / (time.process_time() - p))
    share = played / deals
    print(f"fast simulate, 4 heuristic bots: {statistics.median(wall):,.0f} deals/s wall, "
          f"{statistics.median(cpu):,.0f} deals/s CPU (median of 5 runs of {deals}; "
          f"{share:.0%} played to the end, the rest thrown in)")
    print(f"  played deals only: {statistics.median(wall) * share:,.0f}/s wall, "
          f"{statistics.median(cpu) * share:,.0f}/s CPU")
    n = max(50, deals // 10)
    t = time.perf_counter()
    for seed in range(n):
        play_deal(seed, [HeuristicBot() for _ in range(4)], dealer=seed % 4)
    print(f"checked engine (play_deal, observations, validation): {n / (time.perf_counter() - t):,.0f} deals/s wall")
    if hasattr(os, "getloadavg"):
        print(f"  (load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")


def success(deals: int) -> None:
    for players in (4, 3, 5):
        bots = [HeuristicBot() for _ in range(players)]
        by_contract: dict[int, list[int]] = {}
        thrown = 0
        for seed in range(deals):
            r = simulate(seed, bots, players=players, dealer=seed % players)
            if r.score is None:
                thrown += 1
                continue
            by_contract.setdefault(r.contract, []).append(r.score.made)
        total = [m for v in by_contract.values() for m in v]
        detail = ", ".join(f"{R.CONTRACT_NAMES[k]} {sum(v) / len(v):.0%} of {len(v)}"
                           for k, v in sorted(by_contract.items()))
        print(f"heuristic taker, {players} players: made {sum(total) / len(total):.1%} of "
              f"{len(total)} contracts ({detail}); {thrown} of {deals} deals thrown in")


def versus_random(deals: int) -> None:
    """Seat 0 played by a HeuristicBot, then by a RandomBot, on the same seeded deals, against
    three random players and against three heuristic players."""
    for others in ("random", "heuristic"):
        def seat0(make):
            scores, made, taken = [], 0, 0
            for seed in range(deals):
                rest = [RandomBot(seed * 4 + i) if others == "random" else HeuristicBot()
                        for i in range(1, 4)]
                r = simulate(seed, [make(seed)] + rest, dealer=seed % 4)
                if r.score is None:
                    continue
                scores.append(r.score.scores[0])
                if r.taker == 0:
                    taken += 1
                    made += r.score.made
            return statistics.mean(scores) if scores else 0.0, made, taken, len(scores)

        h, hm, ht, n = seat0(lambda seed: HeuristicBot())
        r, rm, rt, m = seat0(lambda seed: RandomBot(seed * 4))
        print(f"seat 0 against 3 {others} bots, {deals} seeded deals: HeuristicBot {h:+.1f} "
              f"points/deal over {n} scored (made {hm}/{ht} as taker) vs RandomBot baseline "
              f"{r:+.1f} over {m} scored (made {rm}/{rt})")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    speed(deals)
    success(deals)
    versus_random(deals)


if __name__ == "__main__":
    main()
