"""Board latency and traffic in real Chromium with real JupyterLab (the browser-test harness).

Two boards play the same Tarot Solitaire deal side by side in one notebook:

* **anywidget** (SolitaireBoard): card pictures sent once; a click sends an intent and the kernel
  answers with the compact JSON view;
* **whole PNG**: an ``ipywidgets.Image`` whose PNG (``render.board_png``) is re-encoded and sent
  after every move, the approach the board avoids.

For each, a click is timed in the page from the click to the updated board (a MutationObserver on
``data-version`` for the board, on the image's ``src`` for the PNG), and the bytes of the kernel
websocket frames the click causes are counted through the Chrome DevTools Protocol.  Prints
medians (and p95 for latency).  Needs Debian's chromium and the .venv (``make bench``).

    .venv/bin/python benchmarks/bench_widgets.py [--clicks 40]
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import pathlib
import secrets
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))

from jlab import (ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Server, free_port,  # noqa: E402
                  open_notebook, run_all_cells, wait_for)

NOTEBOOK = ARTIFACTS / "bench_widgets.ipynb"

BOARD_CELL = """from tarot_learn.widgets import SolitaireBoard
board = SolitaireBoard("tarot-solitaire", seed=1)
board"""

PNG_CELL = """import ipywidgets as W
from tarot_learn import games
from tarot_learn.render import board_png
png_state = games.new("tarot-solitaire", seed=1)
png_image = W.Image(value=board_png(png_state), format="png")
png_step = W.Button(description="draw (whole PNG)")
png_step.add_class("png-step")
png_image.add_class("png-board")

def _png_draw(_):
    png_state.play("s")                      # the same draw the board's stock click makes
    png_image.value = board_png(png_state)   # re-encode and send the whole picture

png_step.on_click(_png_draw)
W.VBox([png_step, png_image])"""

TIMED = """
async ([how]) => {
  const t0 = performance.now();
  let target, root, attr;
  if (how === "png") {
    root = document.querySelector(".png-board");
    attr = "src";
    target = document.querySelector(".png-step");
  } else {
    root = document.querySelector(".tl-board");
    attr = "data-version";
    target = how === "draw" ? root.querySelector('[data-pile="s"]')
           : how === "pick" ? [...root.querySelectorAll('[data-pile^="t"] img:last-child')].pop()
           : root;        // "drop": a click on the felt puts the card back (deselect)
  }
  const v0 = root.getAttribute(attr);
  const done = new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => {
      if (root.getAttribute(attr) !== v0) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(root, { attributes: true, attributeFilter: [attr] });
    setTimeout(() => { obs.disconnect(); reject(new Error("no update within 20 s")); }, 20000);
  });
  if (how === "drop") root.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  else target.click();
  return await done;
}
"""


def write_notebook() -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    ARTIFACTS.mkdir(exist_ok=True)
    nb = new_notebook(cells=[new_code_cell(BOARD_CELL), new_code_cell(PNG_CELL)],
                      metadata={"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                               "language": "python"}})
    nbformat.write(nb, NOTEBOOK)


class Frames:
    """Bytes of kernel websocket frames, as Chromium received them (CDP Network events)."""

    def __init__(self, page) -> None:
        self.kernel_sockets: set[str] = set()
        self.received = 0
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketCreated", self._created)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        cdp.send("Network.enable")

    def _created(self, event) -> None:
        if "/api/kernels/" in event["url"]:
            self.kernel_sockets.add(event["requestId"])

    def _frame(self, event) -> None:
        if event["requestId"] not in self.kernel_sockets:
            return
        resp = event["response"]
        data = resp["payloadData"]
        # opcode 2: binary frame, which CDP reports base64-encoded
        self.received += len(base64.b64decode(data)) if resp.get("opcode") == 2 else len(data.encode())


def measure(page, frames: Frames, how: str, clicks: int) -> tuple[list[float], list[int]]:
    times, sizes = [], []
    for _ in range(clicks):
        before = frames.received
        times.append(page.evaluate(TIMED, [how]))
        time.sleep(0.25)        # let the kernel's trailing status messages arrive and be counted
        sizes.append(frames.received - before)
    return times, sizes


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="timed clicks per kind (default 40)")
    args = parser.parse_args()
    if not pathlib.Path(CHROMIUM).exists():
        print("chromium is not installed: skipping the widget benchmark (make chromium)")
        return
    from playwright.sync_api import sync_playwright

    write_notebook()
    port, token = free_port(), secrets.token_hex(16)
    jupyter = pathlib.Path(sys.executable).with_name("jupyter")
    argv = [str(jupyter), "lab", "--ip=127.0.0.1", f"--port={port}", "--no-browser",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={ROOT}",
            "--LabApp.news_url=None"]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    server = Server(argv, port, token, ARTIFACTS / "bench-jupyterlab.log")
    try:
        wait_for(f"{server.base}/api/status?token={token}")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1500, "height": 1200})
            frames = Frames(page)
            open_notebook(page, server, str(NOTEBOOK.relative_to(ROOT)))
            run_all_cells(page)
            page.wait_for_selector(".tl-board[data-version]", timeout=120_000)
            page.wait_for_selector(".png-board", timeout=120_000)
            for how in ("draw", "pick", "drop", "png"):       # warm-up: caches, JIT, layout
                measure(page, frames, how, 3)
            results = {}
            for how in ("draw", "pick", "drop", "png"):
                results[how] = measure(page, frames, how, args.clicks)
            browser.close()
    finally:
        server.stop()
        NOTEBOOK.unlink(missing_ok=True)

    from tarot_learn.widgets import SolitaireBoard

    board = SolitaireBoard("tarot-solitaire", seed=1)
    board.press("draw")
    view_bytes = len(json.dumps(board.surface.view, separators=(",", ":")))
    pictures = sum(len(v) for v in board.surface.images.values())
    labels = {"draw": "board: stock click (draw)", "pick": "board: pick up a card",
              "drop": "board: put it back", "png": "whole PNG per move: draw"}
    print(f"widget latency and traffic, {args.clicks} clicks each, real Chromium + JupyterLab")
    print(f"{'':34} {'p50 ms':>8} {'p95 ms':>8} {'KB/click (median)':>19}")
    for how, (times, sizes) in results.items():
        print(f"{labels[how]:34} {statistics.median(times):8.1f} {p95(times):8.1f} "
              f"{statistics.median(sizes) / 1024:19.2f}")
    print(f"board view JSON per update: {view_bytes / 1024:.2f} KB; card pictures sent once per "
          f"deck: {pictures / 1024:.0f} KB")
    print("goals: board p50 < 100 ms, p95 < 250 ms, < 5 KB per move")


if __name__ == "__main__":
    main()
