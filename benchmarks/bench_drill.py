"""The drill's memory and the wheel: what remembering costs per answer, and what the wheel carries.

Run: python benchmarks/bench_drill.py   (or `make bench`)

Figures printed (medians of 5 runs unless said):
* drill logic, question + answer per second, in memory (``remember=False``) and saving the
  learner's file after every answer (FSRS schedule, atomic write, merge with the file on disk);
* the schedule file's size once every question of the 78 cards (234 flash cards) is answered;
* the wheel: its size, and how much of it is lessons, rule sheets, results and lesson images.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402
from tarot_learn.drill import Drill  # noqa: E402



def answers(n: int, remember: bool) -> None:
    clock = [1_795_435_200.0]
    d = Drill(kind="mixed", seed=1, clock=lambda: clock[0], remember=remember, learner=f"bench-{time.time_ns()}")
    for _ in range(n):
        d.answer(d.question.expected)
        clock[0] += 20
        d.next()


def file_size() -> int:
    clock = [1_795_435_200.0]
    d = Drill(kind="mixed", seed=2, clock=lambda: clock[0], learner="bench-size")
    while d.panel().new:
        d.answer(d.question.expected)
        clock[0] += 20
        d.next()
    return d.memory.path.stat().st_size


def wheel() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "build.cfg"
        cfg.write_text(f"[build]\nbuild_base = {tmp}/build\n[egg_info]\negg_base = {tmp}\n")
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                        f"{tmp}/dist", str(ROOT)], check=True, env={**os.environ, "DIST_EXTRA_CONFIG": str(cfg)})
        (path,) = Path(tmp, "dist").glob("*.whl")
        parts: dict[str, int] = {}
        for info in zipfile.ZipFile(path).infolist():
            bits = info.filename.split("/")
            key = "/".join(bits[1:3]) if len(bits) > 3 and bits[1] == "_data" else "code, fonts, art, JavaScript"
            parts[key] = parts.get(key, 0) + info.compress_size
        print(f"wheel: {path.stat().st_size / 1e6:.2f} MB")
        for key, size in sorted(parts.items(), key=lambda kv: -kv[1]):
            print(f"  {key:32s} {size / 1e6:6.2f} MB compressed")


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        os.environ["TAROT_LEARN_DATA"] = data
        n = 500
        print(f"drill, question + answer in memory: {n / median_ms(lambda: answers(n, False)) * 1000:,.0f} per s")
        n = 200
        ms = median_ms(lambda: answers(n, True))
        print(f"drill, question + answer saving the learner's file each time: {ms / n:.2f} ms per answer")
        print(f"schedule file with all 234 flash cards answered: {file_size() / 1000:.0f} kB")
    wheel()


if __name__ == "__main__":
    main()
