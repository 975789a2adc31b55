"""Helpers for driving the boards in a real browser (JupyterLab or Voila) through Playwright.

Every intent the page sends ends with the kernel pushing a new view, and the board mirrors the
view's version into ``data-version``; so a test clicks, then waits for that attribute to move.
The kernel's own account (``board.summary()``) is read by re-running the fixture's last cell.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
import time

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.jlab import ROOT, Server, free_port, open_notebook, run_all_cells, wait_for
except ImportError:
    from jlab import ROOT, Server, free_port, open_notebook, run_all_cells, wait_for

NOTEBOOKS = "tests/browser/notebooks"
IMAGES = ROOT / "images"

# Click the element, then resolve with the milliseconds until the board's data-version changes.
CLICK_AND_WAIT = """
async ([rootSel, el, how]) => {
  const root = document.querySelector(rootSel);
  const v0 = root.dataset.version;
  const t0 = performance.now();
  const done = new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => {
      if (root.dataset.version !== v0) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(root, { attributes: true, attributeFilter: ["data-version"] });
    setTimeout(() => { obs.disconnect(); reject(new Error("the board did not answer within 15 s")); }, 15000);
  });
  if (how === "dblclick") el.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
  else el.click();
  return await done;
}
"""


def start_voila(artifacts: pathlib.Path) -> Server:
    """Voila serving the fixture notebooks on a free loopback port (no token: loopback only)."""
    port = free_port()
    voila = pathlib.Path(sys.executable).with_name("voila")
    argv = [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", NOTEBOOKS]
    server = Server(argv, port, "", artifacts / "voila.log")
    wait_for(f"{server.base}/")
    return server


def open_in_lab(page, lab: Server, name: str, root_sel: str = ".tl-board") -> None:
    open_notebook(page, lab, f"{NOTEBOOKS}/{name}.ipynb")
    run_all_cells(page)
    page.wait_for_selector(f"{root_sel}[data-version]", timeout=120_000)
    settle(page, root_sel)


def open_in_voila(page, voila: Server, name: str, root_sel: str = ".tl-board") -> None:
    page.goto(f"{voila.base}/voila/render/{name}.ipynb", timeout=120_000)
    page.wait_for_selector(f"{root_sel}[data-version]", timeout=120_000)
    settle(page, root_sel)


def settle(page, root_sel: str = ".tl-board", quiet_ms: int = 500) -> None:
    """Wait until the board's view has stayed the same for ``quiet_ms``: a board just drawn sends
    its resume token, and the kernel answers with a view of its own, which a click made before it
    arrives would otherwise take for the click's answer."""
    last, since = version(page, root_sel), time.monotonic()
    deadline = since + 15
    while time.monotonic() - since < quiet_ms / 1000:
        assert time.monotonic() < deadline, "the board's view kept changing for 15 s"
        page.wait_for_timeout(100)
        now = version(page, root_sel)
        if now != last:
            last, since = now, time.monotonic()


def version(page, root_sel: str = ".tl-board") -> int:
    return int(page.locator(root_sel).first.get_attribute("data-version"))


def act(page, selector: str, nth: int = -1, how: str = "click", root_sel: str = ".tl-board") -> float:
    """Click (or double-click) the ``nth`` element matching ``selector`` inside the board and
    wait for the kernel's new view; returns the latency in ms."""
    handle = page.locator(f"{root_sel} {selector}").nth(nth).element_handle(timeout=10_000)
    return page.evaluate(CLICK_AND_WAIT, [root_sel, handle, how])


def act_locator(page, locator, root_sel: str = ".tl-board") -> float:
    return page.evaluate(CLICK_AND_WAIT, [root_sel, locator.element_handle(timeout=10_000), "click"])


def press_key(page, key: str, root_sel: str = ".tl-board") -> None:
    v0 = version(page, root_sel)
    page.locator(root_sel).first.focus()
    page.keyboard.press(key)
    wait_newer(page, v0, root_sel)


def wait_newer(page, v0: int, root_sel: str = ".tl-board") -> None:
    page.wait_for_function(
        "([sel, v0]) => Number(document.querySelector(sel).dataset.version) > v0",
        arg=[root_sel, v0], timeout=15_000)


def dom_counts(page) -> dict[str, int]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.tl-board [data-pile]')]
        .map(p => [p.dataset.pile, Number(p.dataset.count)]))""")


def dom_digest(page) -> str:
    return page.locator(".tl-board").first.get_attribute("data-digest")


def kernel_summary(page) -> dict:
    """Re-run the fixture's last cell (``print("STATE " + json.dumps(board.summary()))``) in
    JupyterLab and read what the kernel says."""
    cell = page.locator(".jp-CodeCell").last
    prompt = cell.locator(".jp-InputArea-prompt")
    before = prompt.inner_text()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function(
        """([before]) => { const cells = document.querySelectorAll('.jp-CodeCell');
            const p = cells[cells.length - 1].querySelector('.jp-InputArea-prompt').textContent;
            return p !== before && !p.includes('*'); }""", arg=[before], timeout=60_000)
    text = cell.locator(".jp-OutputArea-output").last.inner_text()
    line = next(row for row in text.splitlines() if row.startswith("STATE "))
    return json.loads(line[len("STATE "):])


def save_image(page, selector: str, name: str, artifacts: pathlib.Path) -> pathlib.Path:
    """Screenshot one element into test-artifacts/; with TAROT_LEARN_SCREENSHOTS=1 (``make
    screenshots``) also copy it to images/ for the README, so a plain test run never edits the tree."""
    shot = artifacts / name
    page.locator(selector).first.screenshot(path=str(shot))
    if os.environ.get("TAROT_LEARN_SCREENSHOTS") == "1":
        IMAGES.mkdir(exist_ok=True)
        (IMAGES / name).write_bytes(shot.read_bytes())
    return shot


def overflow(page, root_sel: str = ".tl-board") -> list[str]:
    """What of the board reaches past the window's right edge (the page must not scroll sideways)."""
    return page.evaluate("""(sel) => {
      const out = [];
      const wide = document.documentElement.scrollWidth;
      if (wide > window.innerWidth) out.push(`page ${wide}px wide`);
      for (const e of document.querySelectorAll(`${sel}, ${sel} *`)) {
        const r = e.getBoundingClientRect();
        if (r.width && r.right > window.innerWidth + 1) out.push(`${e.className} ends at ${Math.round(r.right)}px`);
      }
      return out.slice(0, 5); }""", root_sel)
