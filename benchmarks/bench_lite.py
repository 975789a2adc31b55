"""The static site: its size, what lesson 00 downloads before its first board, and how long the
board takes, in headless Chromium served from this machine.

* **Bytes before the first board**: every byte the server sends from opening lesson 00 until its
  board shows card pictures (the page, JupyterLab, the kernel's worker, Pyodide and every wheel),
  counted by the server itself, so the kernel's worker is counted too, and listed by file, biggest
  first.  The server gzips scripts, JSON, icons and WebAssembly for a browser that accepts it, as
  static hosts and the class server's ``--site`` route do (``--no-gzip``: a host that compresses
  nothing); wheels and art are zips already.  Goal: at most half of the 42 MB the site's first
  version fetched (21 MB).
* **Through a classroom link**: the same, with the whole download throttled by the server to
  1.5 Mbps shared by every request, each answered 300 ms late (the worker's downloads included,
  which a page's own network emulation does not reach), in a fresh browser; and the second at which
  the page first showed its progress (the bar ``lite/progress.html`` puts in the page's own HTML).
* **On this machine**: lesson 00 to its board, cold (a fresh browser profile) and warm (the same
  profile again: files cached), medians of a few runs; beside it, the peer's own start: the same
  site with only what JupyterLite's Pyodide kernel loads for itself, timed until the kernel is
  idle (it keeps this build's compiled standard library and wheels, so it times JupyterLab's and
  Pyodide's own start as this site ships them).

Run by ``make bench`` (after ``make lite``); ``python benchmarks/bench_lite.py [--runs N] [--quick]
[--site DIR] [--no-link]``.  ``--quick`` is one run of each, for checking the bench itself.
Goals: site <= 60 MB; first board <= 30 s cold, <= 10 s warm; bytes <= 21 MB.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "dist" / "lite"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# What the lessons add to the kernel's start: tarot_learn and the packages only it needs.
OURS = {"tarot-learn", "anywidget", "ipywidgets", "fsrs", "psygnal", "platformdirs", "pygal"}
BOARD_DRAWN = ("() => [...document.querySelectorAll('.tl-board img')]"
               ".filter(i => i.complete && i.naturalHeight > 0).length >= 20")
LINK_BYTES_PER_S = 1_500_000 / 8        # 1.5 Mbps
LINK_LATENCY_S = 0.3
COMPRESS = [True]                       # --no-gzip sets it False for the whole run
FIRST_SITE_MB = 42.0                    # what lesson 00 fetched before its first board in the site's first version


# What a plain static host (GitHub Pages, nginx's gzip, Netlify) compresses on its way out: text,
# scripts, JSON and WebAssembly; zips (the wheels, the art) and pictures already are.
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm", "image/svg+xml",
                    "image/vnd.microsoft.icon", "image/x-icon")


class Link:
    """A shared link: ``rate`` bytes a second for every request together (None: unthrottled), each
    answer ``latency`` seconds late; counts the bytes sent, in all and by file."""

    def __init__(self, rate: float | None = None, latency: float = 0.0) -> None:
        self.rate, self.latency = rate, latency
        self.sent = 0
        self.by_file: dict[str, int] = {}
        self._lock = threading.Lock()
        self._free_at = time.monotonic()

    def reset(self) -> None:
        with self._lock:
            self.sent = 0
            self.by_file = {}

    def send(self, out, chunk: bytes, path: str = "") -> None:
        if self.rate:
            with self._lock:           # the link carries one chunk at a time, in order of arrival
                start = max(self._free_at, time.monotonic())
                self._free_at = start + len(chunk) / self.rate
                done = self._free_at
            time.sleep(max(0.0, done - time.monotonic()))
        out.write(chunk)
        with self._lock:
            self.sent += len(chunk)
            self.by_file[path] = self.by_file.get(path, 0) + len(chunk)


@functools.lru_cache(maxsize=512)
def _gzipped(path: str, mtime: float) -> bytes:
    """``path`` compressed once (level 6, a static host's usual), kept for the next browser."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), 6, mtime=0)


class LinkHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server whose answers travel over :class:`Link`; compressible files go out
    gzipped to a browser that accepts it, as a plain static host sends them."""

    link: Link
    compress = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "application/javascript", ".js": "application/javascript", ".json": "application/json"}

    def send_head(self):  # noqa: ANN201 - http.server's own signature
        time.sleep(self.link.latency)
        path = self.translate_path(self.path)
        kind = self.guess_type(path)
        if (self.compress and os.path.isfile(path) and kind.startswith(COMPRESSED_TYPES)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            body = _gzipped(path, os.stat(path).st_mtime)
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def copyfile(self, source, outputfile) -> None:
        name = self.path.split("?")[0]
        try:
            while chunk := source.read(16384):
                self.link.send(outputfile, chunk, name)
        except (BrokenPipeError, ConnectionResetError):      # the browser closed mid-file (the run is over)
            pass

    def log_message(self, *args) -> None:
        pass


class SiteServer:
    """``folder`` served on a free local port over ``link`` (gzipping what a static host would,
    unless ``compress`` is False: a host that compresses nothing)."""

    def __init__(self, folder: Path, link: Link, compress: bool = True) -> None:
        handler = functools.partial(type("Handler", (LinkHandler,), {"link": link, "compress": compress}),
                                    directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def first_board(page, base: str, link: Link, board: bool = True) -> dict:
    """Lesson 00 opened until its board is drawn (kernel start, then Run All): seconds to the board,
    to the kernel's idle, to the progress bar shown, and the bytes sent meanwhile.  Without
    ``board``, up to the kernel's idle only."""
    link.reset()
    t0 = time.perf_counter()
    page.goto(f"{base}/lab/index.html?path=00_start_here.ipynb", wait_until="commit", timeout=600_000)
    progress = None
    try:
        page.locator("#tl-progress").wait_for(state="visible", timeout=30_000)
        progress = time.perf_counter() - t0
    except Exception:                     # a site without the bar (the kernel-only copy keeps it, though)
        pass
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=1_200_000)
    ready = time.perf_counter() - t0
    if board:
        page.locator(".jp-Notebook").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        page.wait_for_function(BOARD_DRAWN, timeout=1_200_000)
    return {"board": time.perf_counter() - t0 if board else ready, "idle": ready, "progress": progress,
            "bytes": link.sent, "by_file": dict(link.by_file)}


def kernel_only(folder: Path, site: Path) -> Path:
    """A copy of the site whose kernel loads only what JupyterLite's Pyodide kernel needs itself:
    the peer's own start on this machine, to compare ours with."""
    copy = folder / "kernel-only"
    shutil.copytree(site, copy)
    config = json.loads((copy / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    options = kernel["loadPyodideOptions"]
    options["packages"] = [n for n in options["packages"] if n not in OURS]
    (copy / "jupyter-lite.json").write_text(json.dumps(config))
    return copy


def measure(site: Path, runs: int, board: bool, link: Link, warm: bool = True) -> tuple[list, list]:
    """(cold, warm) results of ``runs`` fresh browser profiles, each opening lesson 00 (twice with
    ``warm``: the second time with the files in the browser's cache)."""
    from playwright.sync_api import sync_playwright

    cold: list[dict] = []
    again: list[dict] = []
    with SiteServer(site, link, COMPRESS[0]) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            page = context.new_page()
            cold.append(first_board(page, server.base, link, board))
            page.close()
            line = f"  run {len(cold)}: cold {_said(cold[-1])}"
            if warm:
                page = context.new_page()              # same browser profile: files cached
                again.append(first_board(page, server.base, link, board))
                line += f"; warm {_said(again[-1])}"
            print(line, flush=True)
            context.close()
        browser.close()
    return cold, again


def _said(r: dict) -> str:
    shown = "no progress bar" if r["progress"] is None else f"progress shown at {r['progress']:.1f} s"
    return f"{r['board']:.1f} s (kernel idle at {r['idle']:.1f} s, {shown}, {r['bytes'] / 1e6:.1f} MB)"


def _median(results: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in results)


def byte_list(result: dict, shown: int = 25) -> None:
    """The files lesson 00 fetched before its board, biggest first (bytes on the wire)."""
    files = sorted(result["by_file"].items(), key=lambda kv: (-kv[1], kv[0]))
    print(f"what lesson 00 fetched before its board, biggest first ({len(files)} files):")
    for name, sent in files[:shown]:
        print(f"  {sent / 1e6:7.2f} MB  {name}")
    rest = sum(sent for _, sent in files[shown:])
    if rest:
        print(f"  {rest / 1e6:7.2f} MB  the other {len(files) - shown} files")


def size_line(site: Path) -> None:
    files = [p for p in site.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files) / 1e6
    wheel = sum(p.stat().st_size for p in (site / "static/pyodide").glob("*.whl")) / 1e6
    print(f"site: {size:.1f} MB in {len(files)} files (goal <= 60 MB); of which Python wheels {wheel:.1f} MB",
          flush=True)


def through_the_link(site: Path) -> None:
    link = Link(LINK_BYTES_PER_S, LINK_LATENCY_S)
    print(f"lesson 00 through a {LINK_BYTES_PER_S * 8 / 1e6:.1f} Mbps, {LINK_LATENCY_S * 1000:.0f} ms link "
          "(the whole download, the kernel's worker included), a fresh browser:", flush=True)
    (r,), _ = measure(site, 1, True, link, warm=False)
    shown = "never" if r["progress"] is None else f"at {r['progress']:.1f} s"
    print(f"first board through the link: {r['board']:.0f} s (kernel idle at {r['idle']:.0f} s); progress shown "
          f"{shown}; {r['bytes'] / 1e6:.1f} MB fetched (the link's floor for them: "
          f"{r['bytes'] / LINK_BYTES_PER_S:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh browser profiles on this machine (default 3)")
    parser.add_argument("--quick", action="store_true", help="one run of each: checks the bench, not the figures")
    parser.add_argument("--site", type=Path, default=None, help="a built site (default: make lite's dist/lite)")
    parser.add_argument("--no-link", action="store_true", help="leave out the throttled link (about 4 minutes)")
    parser.add_argument("--no-gzip", action="store_true", help="serve every file as it is (a host that compresses "
                        "nothing) instead of gzipping scripts, JSON and WebAssembly as static hosts do")
    args = parser.parse_args()
    COMPRESS[0] = not args.no_gzip
    runs = 1 if args.quick else args.runs
    if args.site is None:
        subprocess.run(["make", "--no-print-directory", "lite"], cwd=ROOT, check=True)
    site = (args.site or SITE).resolve()
    size_line(site)
    cold, warm = measure(site, runs, True, Link())
    print(f"bytes lesson 00 fetches before its first board: {_median(cold, 'bytes') / 1e6:.1f} MB (goal <= "
          f"{FIRST_SITE_MB / 2:.0f} MB, half of the first site's {FIRST_SITE_MB:.0f} MB); warm "
          f"{_median(warm, 'bytes') / 1e6:.1f} MB")
    byte_list(cold[0])
    for name, times, goal in (("cold", cold, 30), ("warm", warm, 10)):
        print(f"first board, {name}: median {_median(times, 'board'):.1f} s over {runs} runs "
              f"({', '.join(format(r['board'], '.1f') for r in times)}) (goal <= {goal} s); kernel idle at median "
              f"{_median(times, 'idle'):.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        print("JupyterLite's Pyodide kernel with only its own packages (the same site without tarot_learn and the "
              "widgets):", flush=True)
        cold, warm = measure(kernel_only(Path(folder), site), runs, False, Link())
    print(f"kernel idle, JupyterLite's own packages only: median cold {_median(cold, 'idle'):.1f} s, "
          f"warm {_median(warm, 'idle'):.1f} s")
    if not args.no_link:
        through_the_link(site)


if __name__ == "__main__":
    main()
