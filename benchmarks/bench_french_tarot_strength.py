"""The strong French Tarot robot against the club robot and magmacrunch-tarot's robot, in duplicate.

Run: python benchmarks/bench_french_tarot_strength.py [--deals 2000] [--seed 0] [--worlds W] [--playouts P]
(``make bench`` runs it with the defaults.)

Each deal is played several times from the same cards: once with one seat played by the strong robot
(:class:`~tarot_learn.games.french_tarot.strong.StrongBot`), once with that seat played by the
club robot (:class:`~tarot_learn.games.french_tarot.bots.HeuristicBot`) and, when magmacrunch-tarot
is installed (the ``bench`` extra), once with it played by magmacrunch-tarot's robot
(``magmacrunch_robot.MagmaBot``: its own bids, discard, poignées and card play; it has no chelem
announcement).  The three other seats are club robots every time.  The seat and the dealer turn with
the deal number.  Printed:

* the seat's mean score per deal, strong minus each rival, with its 95% interval, over the deals
  scored in either run (a deal thrown in scores 0);
* the CPU time of the strong robot's card decisions that had a choice (median and p95), of its bids,
  and of all its decisions per deal;
* contracts taken and made by the seat, strong beside each rival.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from magmacrunch_robot import NOTE as MAGMA_NOTE  # noqa: E402
from magmacrunch_robot import MagmaBot, available  # noqa: E402
from tarot_learn.games.french_tarot.bots import Bot, HeuristicBot, Seen  # noqa: E402
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


def _rivals(magmacrunch: bool) -> dict[str, Callable[[int], Bot]]:
    """The robots the strong seat is compared with, each made for one deal's seed."""
    club = HeuristicBot()
    rivals: dict[str, Callable[[int], Bot]] = {"club": lambda deal: club}
    if magmacrunch:
        rivals["magmacrunch"] = MagmaBot
    return rivals


def duplicate(deals: int, seed: int, worlds: int, playouts: int, thresholds: tuple[int, ...],
              bid_worlds: int = DEFAULT_BID_WORLDS, progress: int = 0, magmacrunch: bool = False) -> dict:
    """Each deal played with the strong robot in the seat, then with each rival in it (the other
    three seats club robots every time): the seat's score differences, contracts and CPU times."""
    club = HeuristicBot()
    rivals = _rivals(magmacrunch)
    diffs: dict[str, list[int]] = {name: [] for name in rivals}
    tally = {name: [0, 0] for name in ("strong", *rivals)}     # [taken, made]
    out = {"diffs": diffs, "tally": tally, "times": [], "bid_times": [], "cpu": 0.0}
    for i in range(deals):
        deal, seat, dealer = seed + i, i % 4, (seed + i) % 4
        strong = TimedStrongBot(seed=deal, worlds=worlds, playouts=playouts, thresholds=thresholds,
                                bid_worlds=bid_worlds)
        bots = [club] * 4
        bots[seat] = strong
        start = time.process_time()
        test = simulate(deal, bots, dealer=dealer)
        out["cpu"] += time.process_time() - start
        out["times"] += strong.times
        out["bid_times"] += strong.bid_times
        _count(tally["strong"], test, seat)
        for name, make in rivals.items():
            bots[seat] = make(deal)
            base = simulate(deal, bots, dealer=dealer)
            if base.score is not None or test.score is not None:
                diffs[name].append(_seat_score(test, seat) - _seat_score(base, seat))
                _count(tally[name], base, seat)
        if progress and (i + 1) % progress == 0:
            _progress(i + 1, diffs)
    out["bid_times"].sort()
    return out


def _count(tally: list[int], result, seat: int) -> None:
    """One more contract taken (and made) when the seat took it and the deal was played."""
    if result.taker == seat and result.score is not None:
        tally[0] += 1
        tally[1] += result.score.made


def _interval(diffs: list[int]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(diffs)
    mean = statistics.mean(diffs) if diffs else 0.0
    return mean, (1.96 * statistics.stdev(diffs) / n ** 0.5 if n > 1 else float("inf"))


def _progress(done: int, diffs: dict[str, list[int]]) -> None:
    figures = "; ".join(f"vs {name} {_interval(d)[0]:+.1f} ± {_interval(d)[1]:.1f} ({len(d)} scored)"
                        for name, d in diffs.items() if len(d) > 1)
    print(f"  after {done} deals: {figures}", file=sys.stderr, flush=True)


def report(out: dict, deals: int, seed: int, worlds: int, playouts: int, bid_worlds: int) -> None:
    times = sorted(out["times"])
    print(f"strong robot (worlds {worlds}, playouts {playouts}, bid worlds {bid_worlds}), duplicate, "
          f"{deals} deals from seed {seed}, 4 players; the other three seats club robots:")
    for name, diffs in out["diffs"].items():
        n = len(diffs)
        mean, half = _interval(diffs)
        print(f"  vs {name} robot in the seat ({n} deals scored in either run): strong minus {name} "
              f"{mean:+.1f} points a scored deal, 95% interval [{mean - half:+.1f}, {mean + half:+.1f}]; "
              f"per deal dealt (thrown in: 0) {mean * n / deals:+.1f}")
    if "magmacrunch" in out["diffs"]:
        print(f"  ({MAGMA_NOTE})")
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"  CPU per card decision with a choice: median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms ({len(times)} decisions); "
              f"{out['cpu'] / max(1, deals):.2f} s CPU per deal for the whole deal")
    bids = out["bid_times"]
    if bids:
        print(f"  CPU per bid: median {statistics.median(bids) * 1000:.1f} ms, "
              f"p95 {bids[min(len(bids) - 1, int(0.95 * len(bids)))] * 1000:.1f} ms ({len(bids)} bids)")
    for name, (taken, made) in out["tally"].items():
        share = f"{made / taken:.0%}" if taken else "-"
        print(f"  {name:11} seat: took {taken} contracts, made {made} ({share})")
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
    parser.add_argument("--no-magmacrunch", action="store_true",
                        help="compare with the club robot only (magmacrunch-tarot's robot is compared when installed)")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be 2 or more")
    thresholds = tuple(int(t) for t in args.thresholds.split(","))
    magmacrunch = not args.no_magmacrunch and available()
    if not args.no_magmacrunch and not magmacrunch:
        print("magmacrunch-tarot is not installed (pip install -e '.[bench]'): comparing with the club robot only")
    out = duplicate(args.deals, args.seed, args.worlds, args.playouts, thresholds, args.bid_worlds, args.progress,
                    magmacrunch)
    report(out, args.deals, args.seed, args.worlds, args.playouts, args.bid_worlds)


if __name__ == "__main__":
    main()
