"""The strong French Tarot robot against the club robot, in duplicate.

Run: python benchmarks/bench_french_tarot_strength.py [--deals 2000] [--seed 0] [--worlds W] [--playouts P]
(``make bench`` runs it with the defaults.)

Each deal is played twice from the same cards: once with one seat played by the strong robot
(:class:`~tarot_learn.games.french_tarot.strong.StrongBot`) and once with that seat played by the
club robot (:class:`~tarot_learn.games.french_tarot.bots.HeuristicBot`); the three other seats are
club robots both times.  The seat and the dealer turn with the deal number.  Printed:

* the seat's mean score per deal, strong minus club, with its 95% interval, over the deals scored in
  either run (a deal thrown in scores 0; with the club robot's bids both runs throw in the same deals);
* the CPU time of the strong robot's card decisions that had a choice (median and p95), of its bids,
  and of all its decisions per deal;
* contracts taken and made by the seat, strong beside club.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_learn.games.french_tarot.bots import HeuristicBot, Seen  # noqa: E402
from tarot_learn.games.french_tarot.simulate import simulate  # noqa: E402
from tarot_learn.games.french_tarot.strong import (DEFAULT_BID_WORLDS, DEFAULT_PLAYOUTS,  # noqa: E402
                                                      DEFAULT_WORLDS, STRONG_THRESHOLDS, StrongBot)


class TimedStrongBot(StrongBot):
    """The strong robot, noting the CPU time of each card decision that had a choice."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.times: list[float] = []
        self.bid_times: list[float] = []

    def choose(self, seen: Seen):
        start = time.process_time()
        action = super().choose(seen)
        if seen.phase == "playing" and len(seen.plays) > 1 and not seen.legal:
            self.times.append(time.process_time() - start)
        elif seen.phase == "bidding":
            self.bid_times.append(time.process_time() - start)
        return action


def _seat_score(result, seat: int) -> int:
    """The seat's score for a deal; a deal thrown in scores 0 for everyone (it is dealt again)."""
    return result.score.scores[seat] if result.score is not None else 0


def duplicate(deals: int, seed: int, worlds: int, playouts: int, thresholds: tuple[int, ...],
              bid_worlds: int = DEFAULT_BID_WORLDS, progress: int = 0) -> dict:
    club = HeuristicBot()
    diffs: list[int] = []
    tally = {"strong": [0, 0], "club": [0, 0]}     # [taken, made]
    times: list[float] = []
    bid_times: list[float] = []
    cpu_strong = 0.0
    for i in range(deals):
        deal, seat, dealer = seed + i, i % 4, (seed + i) % 4
        base = simulate(deal, [club] * 4, dealer=dealer)
        strong = TimedStrongBot(seed=deal, worlds=worlds, playouts=playouts, thresholds=thresholds,
                                bid_worlds=bid_worlds)
        bots = [club] * 4
        bots[seat] = strong
        start = time.process_time()
        test = simulate(deal, bots, dealer=dealer)
        cpu_strong += time.process_time() - start
        times += strong.times
        bid_times += strong.bid_times
        if base.score is None and test.score is None:
            continue
        diffs.append(_seat_score(test, seat) - _seat_score(base, seat))
        if progress and (i + 1) % progress == 0 and len(diffs) > 1:
            half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
            print(f"  after {i + 1} deals ({len(diffs)} scored): {statistics.mean(diffs):+.1f} ± {half:.1f}; "
                  f"sum {sum(diffs)}, sum of squares {sum(d * d for d in diffs)}", file=sys.stderr, flush=True)
        for name, r in (("strong", test), ("club", base)):
            if r.taker == seat and r.score is not None:
                tally[name][0] += 1
                tally[name][1] += r.score.made
    return {"diffs": diffs, "tally": tally, "times": times, "bid_times": sorted(bid_times), "cpu": cpu_strong}


def report(out: dict, deals: int, seed: int, worlds: int, playouts: int, bid_worlds: int) -> None:
    diffs, times = out["diffs"], sorted(out["times"])
    n = len(diffs)
    mean = statistics.mean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / n ** 0.5 if n > 1 else float("inf")
    print(f"strong robot (worlds {worlds}, playouts {playouts}, bid worlds {bid_worlds}) vs club robot, "
          f"duplicate, {deals} deals from seed {seed}, 4 players, {n} scored in either run:")
    print(f"  seat's score per scored deal, strong minus club: {mean:+.1f} points, 95% interval "
          f"[{mean - half:+.1f}, {mean + half:+.1f}]; per deal dealt (thrown in: 0) {mean * n / deals:+.1f}")
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"  CPU per card decision with a choice: median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms ({len(times)} decisions); "
              f"{out['cpu'] / max(1, deals):.2f} s CPU per deal for the whole deal")
    bids = out["bid_times"]
    if bids:
        print(f"  CPU per bid: median {statistics.median(bids) * 1000:.1f} ms, "
              f"p95 {bids[min(len(bids) - 1, int(0.95 * len(bids)))] * 1000:.1f} ms ({len(bids)} bids)")
    for name in ("strong", "club"):
        taken, made = out["tally"][name]
        share = f"{made / taken:.0%}" if taken else "-"
        print(f"  {name:6} seat: took {taken} contracts, made {made} ({share})")
    if hasattr(os, "getloadavg"):
        print(f"  (load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--thresholds", default=",".join(map(str, STRONG_THRESHOLDS)),
                        help="the strong robot's bidding strengths for prise, garde, garde sans, garde contre")
    parser.add_argument("--bid-worlds", type=int, default=DEFAULT_BID_WORLDS,
                        help="random deals per bid for the strong robot's bidding search (0: the club robot's bids)")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running figure to stderr every this many deals (0: never)")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be 2 or more")
    thresholds = tuple(int(t) for t in args.thresholds.split(","))
    out = duplicate(args.deals, args.seed, args.worlds, args.playouts, thresholds, args.bid_worlds, args.progress)
    report(out, args.deals, args.seed, args.worlds, args.playouts, args.bid_worlds)


if __name__ == "__main__":
    main()
