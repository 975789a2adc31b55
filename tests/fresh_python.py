"""A fresh Python whose solver core is not compiled yet, as right after ``pip install``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable


def lines_without_compiled_core(code: str, cache: Path, stop: Callable[[str], bool],
                                most: int) -> list[tuple[float, str]]:
    """Runs ``code`` in a new process with an empty Numba cache (``cache``) and the compiled core
    allowed; returns its output lines (stripped) with their arrival times (``time.monotonic``), up
    to the first line ``stop`` accepts or ``most`` lines.  The process is then stopped, so a test
    does not pay for the compile."""
    env = {k: v for k, v in os.environ.items() if k != "TAROT_LEARN_SOLVER"}
    env["NUMBA_CACHE_DIR"] = str(cache)
    child = subprocess.Popen([sys.executable, "-u", "-c", code], env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    arrived: list[tuple[float, str]] = []
    try:
        assert child.stdout is not None
        for line in child.stdout:
            arrived.append((time.monotonic(), line.strip()))
            if stop(line.strip()) or len(arrived) > most:
                break
    finally:
        child.kill()
        child.wait()
    return arrived
