"""Helpers for the browser tests: real JupyterLab (and later Voila) driven by Playwright in Debian's Chromium.

Playwright cannot download its own browser here, so the launch uses ``/usr/bin/chromium`` (which
``make test`` installs when missing) with flags that keep it off the network.  The server is started
the way ``make lab`` starts it, on a free loopback port, with a token.
"""

from __future__ import annotations

import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 90.0) -> int:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                return resp.status
        except urllib.error.HTTPError as err:  # up, but wants a token: still an answer
            return err.code
        except Exception as err:  # not up yet
            last = err
            time.sleep(0.5)
    raise TimeoutError(f"{url} did not answer within {timeout:.0f}s: {last}")


class Server:
    def __init__(self, argv: list[str], port: int, token: str, log: pathlib.Path):
        self.port, self.token, self.log = port, token, log
        self.base = f"http://127.0.0.1:{port}"
        self._log = open(log, "w")
        self.proc = subprocess.Popen(argv, cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
        self._log.close()


def start_classroom(folder: pathlib.Path, *extra: str):
    """``tarot-learn classroom`` on a free port with a fresh password and class folder, one warm
    kernel; yields the Server once it answers, and stops it after (a fixture's body)."""
    import sys

    port, token = free_port(), secrets.token_urlsafe(8)
    argv = [sys.executable, "-m", "tarot_learn", "classroom", "--port", str(port), "--password", token,
            "--class-dir", str(folder / "class"), "--standby", "1", *extra]
    yield from serving(argv, port, token, folder / "server.log")


def serving(argv: list[str], port: int, token: str, log: pathlib.Path):
    """Start ``argv`` (a Jupyter server), yield the Server once it answers, stop it after."""
    server = Server(argv, port, token, log)
    try:
        wait_for(f"{server.base}/api/status?token={token}")
        yield server
    finally:
        server.stop()


def open_notebook(page, server: Server, path: str) -> None:
    """Open a notebook in a fresh workspace and wait for an idle kernel."""
    url = f"{server.base}/lab/workspaces/t{secrets.token_hex(4)}/tree/{path}?reset&token={server.token}"
    page.goto(url)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=120_000)


def run_all_cells(page, timeout_ms: int = 180_000) -> None:
    """Run > Run All Cells, then wait until no cell is queued or running."""
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-InputArea-prompt')];
            return prompts.length > 0 && prompts.every(p => !p.textContent.includes('*'))
                   && prompts.some(p => /\\[\\d+\\]/.test(p.textContent));
        }""", timeout=timeout_ms)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=timeout_ms)
