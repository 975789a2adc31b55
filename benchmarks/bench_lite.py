"""The static site: its size, and the time from opening lesson 00 to its first board with card
pictures, cold (a fresh browser: nothing cached) and warm (the same browser again: files cached),
served by ``python -m http.server`` on this machine, in headless Chromium.  Medians of a few runs.
Beside it, the peer's own start: the same site with only what JupyterLite's Pyodide kernel loads for
itself, timed until the kernel is idle (it keeps this build's compiled standard library and wheels,
so it times JupyterLab's and Pyodide's own start as this site ships them).

Run by ``make bench`` (after ``make lite``); ``python benchmarks/bench_lite.py [RUNS]``.
Goals: site <= 60 MB, cold <= 30 s, warm <= 10 s.
"""

from __future__ import annotations

import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "dist" / "lite"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# What the lessons add to the kernel's start: tarot_learn and the packages only it needs.
OURS = {"tarot-learn", "anywidget", "ipywidgets", "fsrs", "psygnal", "platformdirs"}
BOARD_DRAWN = ("() => [...document.querySelectorAll('.tl-board img')]"
               ".filter(i => i.complete && i.naturalHeight > 0).length >= 20")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_board(page, base: str, board: bool = True) -> tuple[float, float]:
    """Seconds from opening lesson 00 to its board drawn (kernel start, then Run All), and of
    them, seconds until the kernel said it was idle (JupyterLab, Pyodide and every wheel loaded).
    Without ``board``, only the second (twice)."""
    t0 = time.perf_counter()
    page.goto(f"{base}/lab/index.html?path=00_start_here.ipynb")
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=600_000)
    ready = time.perf_counter() - t0
    if not board:
        return ready, ready
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(BOARD_DRAWN, timeout=600_000)
    return time.perf_counter() - t0, ready


def kernel_only(folder: Path) -> Path:
    """A copy of the site whose kernel loads only what JupyterLite's Pyodide kernel needs itself:
    the peer's own start on this machine, to compare ours with."""
    copy = folder / "kernel-only"
    shutil.copytree(SITE, copy)
    config = json.loads((copy / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    options = kernel["loadPyodideOptions"]
    options["packages"] = [n for n in options["packages"] if n not in OURS]
    (copy / "jupyter-lite.json").write_text(json.dumps(config))
    return copy


def measure(site: Path, runs: int, board: bool) -> tuple[list, list]:
    """(cold, warm) times of ``runs`` fresh browser profiles, each opening lesson 00 twice."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cold: list[tuple[float, float]] = []
    warm: list[tuple[float, float]] = []
    try:
        time.sleep(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1300, "height": 1000})
                page = context.new_page()
                cold.append(first_board(page, f"http://127.0.0.1:{port}", board))
                page.close()
                page = context.new_page()              # same browser profile: files cached
                warm.append(first_board(page, f"http://127.0.0.1:{port}", board))
                print(f"  run {len(cold)}: cold {cold[-1][0]:.1f} s (kernel idle at {cold[-1][1]:.1f} s), "
                      f"warm {warm[-1][0]:.1f} s (kernel idle at {warm[-1][1]:.1f} s)", flush=True)
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    return cold, warm


def main(runs: int = 3) -> None:
    subprocess.run(["make", "--no-print-directory", "lite"], cwd=ROOT, check=True)
    files = [p for p in SITE.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files) / 1e6
    wheel = sum(p.stat().st_size for p in (SITE / "static/pyodide").glob("*.whl")) / 1e6
    print(f"site: {size:.1f} MB in {len(files)} files (goal <= 60 MB); of which Python wheels {wheel:.1f} MB",
          flush=True)
    cold, warm = measure(SITE, runs, board=True)
    for name, times, goal in (("cold", cold, 30), ("warm", warm, 10)):
        totals = [t for t, _ in times]
        print(f"first board, {name}: median {statistics.median(totals):.1f} s over {runs} runs "
              f"({', '.join(f'{t:.1f}' for t in totals)}) (goal <= {goal} s); kernel idle at median "
              f"{statistics.median(r for _, r in times):.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        print("JupyterLite's Pyodide kernel with only its own packages (the same site without tarot_learn and the "
              "widgets):", flush=True)
        cold, warm = measure(kernel_only(Path(folder)), runs, board=False)
    print(f"kernel idle, JupyterLite's own packages only: median cold {statistics.median(t for t, _ in cold):.1f} s, "
          f"warm {statistics.median(t for t, _ in warm):.1f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
