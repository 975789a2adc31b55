"""Speed of the card art: import cost, a cold whole-deck render and a warm (cached) card.

Run: python benchmarks/bench_render.py   (or `make bench`).  Prints medians, the goals and the
ratio of each median to its goal (below 1.00 meets the goal).  The cold render also prints its
CPU time: on a busy machine wall-clock time includes waiting for a core.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                              os.environ.get("PYTHONPATH")])))

IMPORT_RUNS, COLD_RUNS, WARM_CALLS = 7, 5, 10_000
GOAL_COLD_S, GOAL_WARM_S = 2.0, 0.001

_IMPORT = """
import time
t = time.perf_counter()
import {module}
print(time.perf_counter() - t)
"""

_COLD = """
import time
from tarot_learn.cards import tarot_deck
from tarot_learn.render import card_image
deck = tarot_deck()
t, c = time.perf_counter(), time.process_time()
for card in deck:
    card_image(card, 280)
print(time.perf_counter() - t, time.process_time() - c)
"""


def in_fresh_process(code: str) -> list[float]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV,
                         cwd=ROOT, check=True)
    return [float(x) for x in out.stdout.strip().splitlines()[-1].split()]


def median_of(code: str, runs: int, column: int = 0) -> float:
    return statistics.median(in_fresh_process(code)[column] for _ in range(runs))


def medians_of(code: str, runs: int) -> tuple[float, ...]:
    rows = [in_fresh_process(code) for _ in range(runs)]
    return tuple(statistics.median(col) for col in zip(*rows))


def warm_per_card() -> float:
    from tarot_learn.cards import Card
    from tarot_learn.render import card_image
    card = Card.parse("T19")
    card_image(card, 280)
    clock = time.perf_counter
    times = []
    for _ in range(WARM_CALLS):
        t = clock()
        card_image(card, 280)
        times.append(clock() - t)
    return statistics.median(times)


def board_median(runs: int = 30) -> float:
    """board_png of a fresh Tarot Solitaire deal (cards already cached), as _repr_png_ does."""
    from tarot_learn import games
    from tarot_learn.render import board_png
    state = games.new("tarot-solitaire", seed=1)
    board_png(state)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        board_png(state)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def line(name: str, seconds: float, goal: float | None = None) -> None:
    text = f"{name:<44} {seconds * 1000:10.3f} ms"
    if goal is not None:
        text += f"   goal < {goal * 1000:g} ms   ratio {seconds / goal:5.2f}"
    print(text)


def main() -> int:
    print(f"python {sys.version.split()[0]}; medians: import x{IMPORT_RUNS} and cold deck "
          f"x{COLD_RUNS} in fresh processes, warm over {WARM_CALLS:,} calls")
    line("import tarot_learn", median_of(_IMPORT.format(module="tarot_learn"), IMPORT_RUNS))
    line("import tarot_learn.render (Pillow too)",
         median_of(_IMPORT.format(module="tarot_learn.render"), IMPORT_RUNS))
    wall, cpu = medians_of(_COLD, COLD_RUNS)
    line("cold render, 78 tarot cards at 280 px", wall, GOAL_COLD_S)
    line("  the same, CPU time of the process", cpu, GOAL_COLD_S)
    line("warm card_image (cached), per card", warm_per_card(), GOAL_WARM_S)
    line("board_png, Tarot Solitaire deal, 120 px cards", board_median())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
