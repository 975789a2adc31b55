"""Hostile text into the code readers: how fast each is refused (medians of repeated runs).

A deal code, a save and a result code can come from anyone (a seed box on a page, a pasted file,
a student's submission); each reader checks its limits before any work, so a huge or deeply
nested input is refused in bounded time.  Goal: a 1,000,000-character deal code refused in under
10 ms.

Run: python benchmarks/bench_codes.py   (part of `make bench`)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_learn import games  # noqa: E402
from tarot_learn.deals import decode_deal_code  # noqa: E402
from tarot_learn.errors import TarotLearnError  # noqa: E402
from tarot_learn.results import result_code, verify  # noqa: E402

REPEAT = 21


def refused_ms(read: Callable[[str], object], text: str) -> float:
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        try:
            read(text)
        except TarotLearnError:
            pass
        else:
            raise SystemExit(f"{read.__name__} accepted a hostile input")
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def main() -> None:
    honest = games.new("klondike", seed=7)
    for _ in range(40):
        honest.play(honest.legal_moves()[0])
    cases = [
        ("deal code, 1,000,000 characters", decode_deal_code, "KL1T-" + "Z" * 1_000_000),
        ("deal code, unicode digits", decode_deal_code, "KL1T-²٣"),
        ("save, 100,000 nested arrays", games.load, "[" * 100_000 + "]" * 100_000),
        ("save, 5,000,000 characters", games.load, '"' + "x" * 5_000_000 + '"'),
        ("result code, 1,000,000 characters", verify, "TLR1." + "A" * 1_000_000),
        ("result code, one character edited", verify, result_code(honest)[:-12] + "A" + result_code(honest)[-11:]),
    ]
    print(f"hostile inputs: time to refuse, median of {REPEAT} runs")
    for label, read, text in cases:
        print(f"  {label:40s} {refused_ms(read, text):8.3f} ms")
    t = time.perf_counter()
    verify(result_code(honest))
    print(f"  {'honest result code verified by replay':40s} {(time.perf_counter() - t) * 1e3:8.3f} ms "
          f"({len(honest.moves)} moves)")


if __name__ == "__main__":
    main()
