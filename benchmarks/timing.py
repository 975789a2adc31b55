"""What the benchmarks share: the median wall time of a few runs of a function.

Imported by the ``bench_*.py`` scripts (run as ``python benchmarks/bench_x.py``, so this folder is
on the path); not a benchmark itself.
"""

from __future__ import annotations

import statistics
import time
from typing import Callable


def median_seconds(fn: Callable[[], object], runs: int = 5) -> float:
    """The median of ``runs`` wall-clock timings of ``fn()``, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_ms(fn: Callable[[], object], runs: int = 5) -> float:
    """The same in milliseconds."""
    return median_seconds(fn, runs) * 1000
