"""`make lab` serves JupyterLab on the start lesson, and the lesson runs in a real browser."""

from __future__ import annotations

import os
import subprocess
import urllib.request

from tests.browser.jlab import ROOT, free_port, open_notebook, run_all_cells, wait_for


def test_make_lab_serves_the_start_lesson(artifacts):
    port = free_port()
    env = {**os.environ, "PORT": str(port)}
    log = artifacts / "make-lab.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(["make", "lab", f"PORT={port}"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/api/status", timeout=120)
        text = log.read_text()
        url = next(w for w in text.split() if w.startswith(f"http://127.0.0.1:{port}/lab") and "token=" in w)
        assert "00_start_here.ipynb" in url, url
        with urllib.request.urlopen(url, timeout=30) as resp:
            assert resp.status == 200
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(30)


def test_start_lesson_runs_in_jupyterlab(page, jupyter_lab, artifacts, console_errors):
    open_notebook(page, jupyter_lab, "notebooks/00_start_here.ipynb")
    run_all_cells(page)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]
    assert not tracebacks, tracebacks[0]
    images = page.locator(".jp-OutputArea-output img")
    assert images.count() >= 3, "the lesson shows a card, a row of trumps and a deal"
    images.first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "start_here_lab.png"), full_page=False)
