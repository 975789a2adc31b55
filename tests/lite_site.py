"""The static site for the tests: built once by ``make lite`` (which rebuilds only when the
site's inputs change, so a second run or CI with a warm tree does not rebuild), skipped with a
reason where the build tools' Python (>= 3.12) is missing."""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "dist" / "lite"


@functools.lru_cache(maxsize=1)
def _make_lite() -> tuple[int, str]:
    done = subprocess.run(["make", "--no-print-directory", "lite"], cwd=ROOT, capture_output=True, text=True,
                          timeout=1500)
    return done.returncode, (done.stdout + done.stderr)[-4000:]


def built_site() -> Path:
    """``dist/lite`` after ``make lite``; skips when no Python >= 3.12 is found."""
    code, log = _make_lite()
    if code != 0 and "needs Python >= 3.12" in log:
        pytest.skip("make lite needs Python >= 3.12 (none found)")
    assert code == 0, log
    return SITE
