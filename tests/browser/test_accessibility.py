"""axe-core (through axe-playwright-python) audits pages as a class sees them in Voila: a patience
board with a card picked up (names, picked-up and lit states), the French Tarot table in its
all-hands teaching view, and a lesson.  No serious or critical violation is allowed."""

from __future__ import annotations

import pathlib
import sys

import pytest

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import act, overflow, settle
    from tests.browser.jlab import Server, free_port, wait_for
except ImportError:
    from boardkit import act, overflow, settle
    from jlab import Server, free_port, wait_for


@pytest.fixture(scope="module")
def voila_root(artifacts):
    """Voila over the whole checkout (the fixture notebooks and the lessons) with the class server's
    page template, so the audit sees the pages the students see."""
    from tarot_learn.classroom.assets import jupyter_data_dir

    port = free_port()
    voila = pathlib.Path(sys.executable).with_name("voila")
    server = Server(["env", f"JUPYTER_PATH={jupyter_data_dir()}", str(voila), "--no-browser", f"--port={port}",
                     "--Voila.ip=127.0.0.1", "--template=tarot"], port, "", artifacts / "voila-axe.log")
    try:
        wait_for(f"{server.base}/")
        yield server
    finally:
        server.stop()


def serious(page) -> list[str]:
    found = axe_sync.Axe().run(page).response["violations"]
    return [f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in found if v["impact"] in ("serious", "critical")]


def open_page(page, server, path: str, ready: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{server.base}/voila/render/{path}", timeout=180_000)
    page.wait_for_selector(ready, timeout=180_000)
    if ready.startswith(".tl-board"):
        settle(page)               # the board's answer to its resume token comes first


def test_a_patience_board_passes_axe(page, voila_root):
    open_page(page, voila_root, "tests/browser/notebooks/board_klondike.ipynb", ".tl-board[data-version]")
    act(page, '[data-pile="t7"] .tl-stop')                 # a card picked up: its targets are lit
    assert page.locator(".tl-board .tl-sel").count() >= 1
    assert serious(page) == []


def test_the_french_tarot_table_passes_axe(page, voila_root):
    open_page(page, voila_root, "tests/browser/notebooks/tarot_table_all_hands.ipynb", ".tt-table[data-version]")
    assert page.locator(".tt-handtext").count() == 3
    assert serious(page) == []
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    assert overflow(page, ".tt-table") == []


def test_a_lesson_passes_axe(page, voila_root):
    open_page(page, voila_root, "notebooks/04_tarot_solitaire.ipynb", ".tl-board[data-version]")
    assert serious(page) == []
