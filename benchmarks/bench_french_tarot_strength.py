"""The strong French Tarot robot against the club robot and magmacrunch-tarot's robot, in duplicate.

Run: python benchmarks/bench_french_tarot_strength.py [--deals 2000] [--seed 0] [--worlds W] [--playouts P]
     [--bid-worlds B] [--call-worlds C] [--discard-worlds D] [--players 4]
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
  king calls and cards laid aside, and of all its decisions per deal;
* contracts taken and made by the seat, strong beside each rival.

``--call-worlds`` / ``--discard-worlds`` set the budgets of the strong robot's king call and discard
searches (0: the club robot's call or discard), and ``--unsearched`` seats a third
rival: the strong robot calling and discarding as the club robot (its card play and bids are the
strong robot's), so the difference is what the call and discard searches add, deal by deal.
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
from tarot_learn.games.french_tarot.strong import (DEFAULT_BID_WORLDS, DEFAULT_CALL_WORLDS,  # noqa: E402
                                                      DEFAULT_DISCARD_WORLDS, DEFAULT_PLAYOUTS, DEFAULT_WORLDS,
                                                      ROBOT_CALL_WORLDS, ROBOT_DISCARD_WORLDS, STRONG_THRESHOLDS,
                                                      StrongBot)


class TimedStrongBot(StrongBot):
    """The strong robot, noting the CPU time of each card decision that had a choice, of each bid,
    king call and card laid aside (``times[phase]``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.times: dict[str, list[float]] = {phase: [] for phase in PHASES}

    def choose(self, seen: Seen):
        start = time.process_time()
        action = super().choose(seen)
        if seen.phase == "playing" and len(seen.plays) > 1 and not seen.legal:
            self.times["playing"].append(time.process_time() - start)
        elif seen.phase in self.times and seen.phase != "playing":
            self.times[seen.phase].append(time.process_time() - start)
        return action


# The decisions timed, and how the report names them.
PHASES = {"playing": "card decision with a choice", "bidding": "bid", "calling": "king call",
          "discarding": "card laid aside"}


def _seat_score(result, seat: int) -> int:
    """The seat's score for a deal; a deal thrown in scores 0 for everyone (it is dealt again)."""
    return result.score.scores[seat] if result.score is not None else 0


def _rivals(magmacrunch: bool, unsearched: dict | None = None) -> dict[str, Callable[[int], Bot]]:
    """The robots the strong seat is compared with, each made for one deal's seed; with
    ``unsearched`` (the strong robot's options), also the strong robot that calls and discards as
    the club robot, to measure what the call and discard searches add."""
    club = HeuristicBot()
    rivals: dict[str, Callable[[int], Bot]] = {"club": lambda deal: club}
    if magmacrunch:
        rivals["magmacrunch"] = MagmaBot
    if unsearched is not None:
        rivals["unsearched"] = lambda deal: StrongBot(seed=deal, **unsearched, call_worlds=0, discard_worlds=0)
    return rivals


def duplicate(deals: int, seed: int, worlds: int, playouts: int, thresholds: tuple[int, ...],
              bid_worlds: int = DEFAULT_BID_WORLDS, progress: int = 0, magmacrunch: bool = False,
              call_worlds: int = ROBOT_CALL_WORLDS, discard_worlds: int = ROBOT_DISCARD_WORLDS, players: int = 4,
              unsearched: bool = False) -> dict:
    """Each deal played with the strong robot in the seat, then with each rival in it (the other
    seats club robots every time): the seat's score differences, contracts and CPU times."""
    club = HeuristicBot()
    options = {"worlds": worlds, "playouts": playouts, "thresholds": thresholds, "bid_worlds": bid_worlds}
    rivals = _rivals(magmacrunch, options if unsearched else None)
    diffs: dict[str, list[int]] = {name: [] for name in rivals}
    tally = {name: [0, 0] for name in ("strong", *rivals)}     # [taken, made]
    out = {"diffs": diffs, "tally": tally, "times": {phase: [] for phase in PHASES}, "cpu": 0.0}
    for i in range(deals):
        deal, seat, dealer = seed + i, i % players, (seed + i) % players
        strong = TimedStrongBot(seed=deal, worlds=worlds, playouts=playouts, thresholds=thresholds,
                                bid_worlds=bid_worlds, call_worlds=call_worlds, discard_worlds=discard_worlds)
        bots = [club] * players
        bots[seat] = strong
        start = time.process_time()
        test = simulate(deal, bots, players, dealer=dealer)
        out["cpu"] += time.process_time() - start
        for phase, spent in strong.times.items():
            out["times"][phase] += spent
        _count(tally["strong"], test, seat)
        for name, make in rivals.items():
            bots[seat] = make(deal)
            base = simulate(deal, bots, players, dealer=dealer)
            if base.score is not None or test.score is not None:
                diffs[name].append(_seat_score(test, seat) - _seat_score(base, seat))
                _count(tally[name], base, seat)
        if progress and (i + 1) % progress == 0:
            _progress(i + 1, diffs)
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


def report(out: dict, deals: int, seed: int, budget: dict[str, int], players: int = 4) -> None:
    """Print the figures of :func:`duplicate`; ``budget`` names the strong robot's search sizes."""
    sizes = ", ".join(f"{name.replace('_', ' ')} {value}" for name, value in budget.items())
    print(f"strong robot ({sizes}), duplicate, {deals} deals from seed {seed}, {players} players; "
          f"the other seats club robots:")
    for name, diffs in out["diffs"].items():
        n = len(diffs)
        mean, half = _interval(diffs)
        print(f"  vs {name} robot in the seat ({n} deals scored in either run): strong minus {name} "
              f"{mean:+.1f} points a scored deal, 95% interval [{mean - half:+.1f}, {mean + half:+.1f}]; "
              f"per deal dealt (thrown in: 0) {mean * n / deals:+.1f}")
    if "magmacrunch" in out["diffs"]:
        print(f"  ({MAGMA_NOTE})")
    for phase, label in PHASES.items():
        times = sorted(out["times"][phase])
        if times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(f"  CPU per {label}: median {statistics.median(times) * 1000:.1f} ms, "
                  f"p95 {p95 * 1000:.1f} ms ({len(times)} decisions)")
    print(f"  {out['cpu'] / max(1, deals):.2f} s CPU per deal for the whole deal with the strong seat")
    for name, (taken, made) in out["tally"].items():
        share = f"{made / taken:.0%}" if taken else "-"
        print(f"  {name:11} seat: took {taken} contracts, made {made} ({share})")
    if hasattr(os, "getloadavg"):
        print(f"  (load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4,
                        help="players at the table (magmacrunch-tarot's robot plays only with 4)")
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--thresholds", default=",".join(map(str, STRONG_THRESHOLDS)),
                        help="the strong robot's bidding strengths for prise, garde, garde sans, garde contre")
    parser.add_argument("--bid-worlds", type=int, default=DEFAULT_BID_WORLDS,
                        help="random deals per bid for the strong robot's bidding search (0: the club robot's bids)")
    parser.add_argument("--call-worlds", type=int, default=ROBOT_CALL_WORLDS,
                        help="random deals per callable card, five players (0: the club robot's call; "
                             f"the adviser uses {DEFAULT_CALL_WORLDS})")
    parser.add_argument("--discard-worlds", type=int, default=ROBOT_DISCARD_WORLDS,
                        help="random deals per card that may go aside (0: the club robot's discard; "
                             f"the adviser uses {DEFAULT_DISCARD_WORLDS})")
    parser.add_argument("--unsearched", action="store_true",
                        help="also compare with the strong robot that calls and discards as the club robot "
                             "(the 'unsearched' rival: what the call and discard searches add)")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running figure to stderr every this many deals (0: never)")
    parser.add_argument("--no-magmacrunch", action="store_true",
                        help="compare with the club robot only (magmacrunch-tarot's robot is compared when installed)")
    return parser


def main(argv: list[str] | None = None) -> None:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be 2 or more")
    if min(args.bid_worlds, args.call_worlds, args.discard_worlds) < 0:
        parser.error("--bid-worlds, --call-worlds and --discard-worlds must be 0 or more")
    thresholds = tuple(int(t) for t in args.thresholds.split(","))
    wanted = not args.no_magmacrunch and args.players == 4
    magmacrunch = wanted and available()
    if wanted and not magmacrunch:
        print("magmacrunch-tarot is not installed (pip install -e '.[bench]'): comparing with the club robot only")
    out = duplicate(args.deals, args.seed, args.worlds, args.playouts, thresholds, args.bid_worlds, args.progress,
                    magmacrunch, args.call_worlds, args.discard_worlds, args.players, args.unsearched)
    budget = {"worlds": args.worlds, "playouts": args.playouts, "bid_worlds": args.bid_worlds,
              "call_worlds": args.call_worlds, "discard_worlds": args.discard_worlds}
    report(out, args.deals, args.seed, budget, args.players)


if __name__ == "__main__":
    main()
