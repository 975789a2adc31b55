"""The static site in a real browser, served by a plain static file server: lessons 00 and 04
run in Python in the page (Pyodide), the board shows card pictures and plays and takes back a
move, an exercise answers, the drill remembers a missed card across a reload, a French Tarot deal
against robots reaches its score sheet; every request goes to the site itself.  The kernel takes
a while to start (16-19 s on an idle machine), so each test opens as few pages as it can."""

from __future__ import annotations

import re
import sys
import time

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.jlab import ARTIFACTS, Server, free_port, wait_for
    from tests.lite_site import built_site
except ImportError:
    from jlab import ARTIFACTS, Server, free_port, wait_for
    from lite_site import built_site
from tarot_learn.drill import Drill as DrillLogic

KERNEL_IDLE = "Python (Pyodide) | Idle"
START_MS = 240_000      # a cold kernel on a busy 2-core machine
RUN_MS = 300_000


BOARD_PICTURES = ("() => [...document.querySelectorAll('.tl-board img')]"
                  ".filter(i => i.complete && i.naturalHeight > 0).length >= 20")
BROKEN_PICTURES = ("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                   ".filter(i => i.complete && !i.naturalWidth).map(i => i.src.slice(0, 60))")


@pytest.fixture(scope="module")
def lite_server():
    site = built_site()
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    server = Server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
                    port, "", ARTIFACTS / "lite-http.log")
    try:
        wait_for(f"{server.base}/index.html")
        yield server
    finally:
        server.stop()


@pytest.fixture
def requests_seen(page, lite_server):
    """Every URL the page (and its workers) asks for that is not the site's own (the browser's
    built-in pages, such as Chromium's PDF viewer, never leave the machine)."""
    outside: list[str] = []
    base = lite_server.base + "/"

    def seen(request) -> None:
        if not request.url.startswith((base, "blob:", "data:", "chrome:", "chrome-extension:")):
            outside.append(request.url)
    page.context.on("request", seen)
    return outside


def open_lesson(page, server: Server, name: str) -> None:
    page.goto(f"{server.base}/lab/index.html?path={name}")
    page.get_by_text(KERNEL_IDLE).wait_for(timeout=START_MS)


SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"     # the notebook in the tab shown (others stay open)


def run_all(page) -> None:
    page.locator(f"{SHOWN} .jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        """(shown) => { const ps = [...document.querySelectorAll(shown + ' .jp-InputArea-prompt')];
                   return ps.length > 0 && ps.every(p => !p.textContent.includes('*'))
                          && ps.some(p => /\\[\\d+\\]/.test(p.textContent)); }""", arg=SHOWN, timeout=RUN_MS)
    page.get_by_text(KERNEL_IDLE).wait_for(timeout=RUN_MS)
    outputs = page.locator(f"{SHOWN} .jp-OutputArea-output")
    tracebacks = [t for t in outputs.all_inner_texts() if "Traceback" in t or "Error:" in t]
    assert not tracebacks, tracebacks[0][-1500:]


def wait_version_after(page, root_sel: str, v0: int) -> None:
    page.wait_for_function("([sel, v0]) => Number(document.querySelector(sel).dataset.version) > v0",
                           arg=[root_sel, v0], timeout=30_000)


def test_lessons_00_and_04_run_in_the_page(page, lite_server, requests_seen):
    page.set_viewport_size({"width": 1300, "height": 1000})
    open_lesson(page, lite_server, "00_start_here.ipynb")
    run_all(page)
    # The board shows card pictures, decoded by the browser.
    board = page.locator(".tl-board").first
    board.scroll_into_view_if_needed()
    page.wait_for_function("() => [...document.querySelectorAll('.tl-board img')]"
                           ".filter(i => i.complete && i.naturalHeight > 0).length >= 20", timeout=30_000)
    # A click on the stock plays a move (Draw); Undo takes it back.
    def counts() -> dict:
        return page.evaluate("() => Object.fromEntries([...document.querySelectorAll('.tl-board [data-pile]')]"
                             ".map(p => [p.dataset.pile, Number(p.dataset.count)]))")
    before = counts()
    v0 = int(board.get_attribute("data-version"))
    page.locator('.tl-board [data-pile="s"]').first.click()
    wait_version_after(page, ".tl-board", v0)
    played = counts()
    assert played != before and played["s"] < before["s"]
    v1 = int(board.get_attribute("data-version"))
    page.locator(".tl-btn-undo").first.click()
    wait_version_after(page, ".tl-board", v1)
    assert counts() == before
    # A click on an empty pile (the page sends index null, a JsNull in the page's Python) is taken.
    page.locator('.tl-board [data-pile="f1"]').first.click()
    page.get_by_text("is empty: pick up a card first").first.wait_for(timeout=30_000)
    assert page.get_by_text("not a card index").count() == 0
    # An exercise answered wrong gets its hint (with the rule), in the page.
    exercise = page.locator(".lesson-exercise").first
    exercise.scroll_into_view_if_needed()
    exercise.locator("input").first.fill("12")
    exercise.get_by_role("button", name="Check").click()
    exercise.locator(".lesson-feedback-box").filter(has_text="TS-5").first.wait_for(timeout=30_000)
    assert "TS-5" in exercise.inner_text()
    page.screenshot(path=str(ARTIFACTS / "lite_00.png"))
    # Every picture among the lesson's outputs decoded (the trumps' sheet, the card): none reached
    # the page as data it cannot show.
    assert page.evaluate(BROKEN_PICTURES) == []
    # Tab completes with IPython's own completer (jedi is loaded only when asked for).
    page.locator(f"{SHOWN} .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type("import tarot_le")
    page.keyboard.press("Tab")
    page.wait_for_function(     # offered in the completer's list, or put in the cell when it is the only one
        """(shown) => [...document.querySelectorAll('.jp-Completer:not(.lm-mod-hidden)')]
                          .some(c => c.textContent.includes('tarot_learn'))
                      || [...document.querySelectorAll(shown + ' .jp-Cell .cm-content')]
                          .some(c => c.textContent.includes('import tarot_learn'))""", arg=SHOWN, timeout=60_000)
    page.keyboard.press("Escape")
    # Lesson 04 in the same page: the board of the whole game, the positions drawn without Pillow.
    open_lesson(page, lite_server, "04_tarot_solitaire.ipynb")
    assert page.locator(".jp-NotebookPanel").count() == 1, "the site reopened lesson 00 beside 04"
    run_all(page)
    shown = f"{SHOWN} .jp-OutputArea-output img, {SHOWN} .jp-OutputArea-output svg"
    # Outputs are drawn after the kernel answers: on a busy machine give the page time to draw them.
    page.wait_for_function("sel => document.querySelectorAll(sel).length >= 3", arg=shown, timeout=90_000)
    pictures = page.locator(shown)
    assert pictures.count() >= 3, "lesson 04's positions are shown as pictures (SVG where Pillow is absent)"
    page.screenshot(path=str(ARTIFACTS / "lite_04.png"))
    assert page.evaluate(BROKEN_PICTURES) == []
    # The printable cheat sheets are the site's own files: one opens in JupyterLab's PDF viewer.
    page.goto(f"{lite_server.base}/lab/index.html?path=cheatsheets/cheatsheet_tarot_solitaire.pdf")
    page.locator(".jp-PDFContainer iframe").first.wait_for(timeout=START_MS)
    assert requests_seen == [], requests_seen[:5]


def test_drill_remembers_and_a_deal_reaches_its_score_sheet(page, lite_server, requests_seen):
    page.set_viewport_size({"width": 1300, "height": 1100})
    open_lesson(page, lite_server, "01_meet_the_deck.ipynb")
    run_all(page)
    logic = DrillLogic("name", "trumps", 1, remember=False)     # the lesson's drill, seeded
    q = logic.question
    root = page.locator(f"{SHOWN} .tl-drill").first
    root.scroll_into_view_if_needed()
    wrong = next(i for i, o in enumerate(q.options) if o != q.expected)
    root.locator(".tl-drill-choice").nth(wrong).click()
    root.locator(".tl-drill-feedback").filter(has_text="Not quite").wait_for(timeout=30_000)
    panel = root.locator(".tl-drill-progress")
    panel.filter(has_text="21 new").wait_for(timeout=30_000)
    time.sleep(2)                                   # the browser's storage takes the write
    # Open the lesson again: a new kernel reads the learner's progress back from the browser's
    # storage (a reopened site restores no tab, so the lesson is opened by its address).
    open_lesson(page, lite_server, "01_meet_the_deck.ipynb")
    run_all(page)
    root = page.locator(f"{SHOWN} .tl-drill").first
    panel = root.locator(".tl-drill-progress")
    panel.filter(has_text="21 new").wait_for(timeout=30_000)     # the answer was kept
    root.scroll_into_view_if_needed()
    due = re.search(r"(\d+)\s*due today", panel.text_content() or "")
    assert due and int(due.group(1)) >= 1, panel.text_content()  # the missed card comes back today
    page.screenshot(path=str(ARTIFACTS / "lite_01_reloaded.png"))
    # French Tarot against three robots, played by clicks to the deal's score sheet.
    open_lesson(page, lite_server, "07_french_tarot_play.ipynb")
    run_all(page)
    table = page.locator(f"{SHOWN} .tt-table").first
    table.scroll_into_view_if_needed()
    sheet = page.locator(f"{SHOWN} .tl-sheet").first
    for _ in range(120):
        if sheet.inner_text().strip():
            break
        mine = page.locator(f"{SHOWN} .tt-table[data-to-play='0'] .tt-hand .tt-legal")
        passing = page.locator(f"{SHOWN} .tl-btn-pass")
        v0 = int(table.get_attribute("data-version"))
        if page.locator(f"{SHOWN} .tt-table[data-phase=bidding][data-to-play='0']").count() and passing.count():
            passing.first.click()
        elif mine.count():
            mine.first.click()
        else:
            page.wait_for_timeout(500)
            continue
        wait_version_after(page, f"{SHOWN} .tt-table", v0)
    assert sheet.inner_text().strip(), "the deal did not reach the score sheet"
    page.screenshot(path=str(ARTIFACTS / "lite_07_sheet.png"))
    assert requests_seen == [], requests_seen[:5]


def test_lesson_09_charts_and_races_two_rule_sets_without_threads(page, lite_server, requests_seen):
    """Lesson 09 in the page: its win-rate chart is drawn (SVG, no matplotlib there), and the
    what-if race, which has no thread in the browser, advances batch by batch while the kernel
    stays free to answer: the status moves on, and Stop ends the race."""
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_lesson(page, lite_server, "09_rule_explorer.ipynb")
    run_all(page)
    assert page.locator(f"{SHOWN} .jp-RenderedHTMLCommon svg[role=img]").count() >= 1
    start = page.locator(f"{SHOWN} button.jupyter-button:has-text('Start')").first     # the lesson's first race
    start.scroll_into_view_if_needed()
    start.click()
    status = page.locator(f"{SHOWN} .widget-html-content", has_text="deals each")
    status.first.wait_for(timeout=120_000)                     # the first batch is in
    page.get_by_text(KERNEL_IDLE).wait_for(timeout=30_000)     # and the kernel is free between batches
    page.locator(f"{SHOWN} button.jupyter-button:has-text('Stop')").first.click()
    page.wait_for_function("""(shown) => [...document.querySelectorAll(shown + ' .widget-html-content')]
        .some(e => /deals each/.test(e.textContent) && !e.textContent.includes('...'))""", arg=SHOWN, timeout=60_000)
    assert page.locator(f"{SHOWN} .widget-html-content svg[role=img]").count() == 1     # the live chart
    assert not requests_seen, requests_seen[:5]


def test_the_leaderboard_notebook_checks_a_won_games_code_in_the_page(page, lite_server, requests_seen):
    """A class with no server: the code of a won game (what a board's win shows) pasted into the
    site's leaderboard notebook is replayed in the page's Python and ranked as a win."""
    from tarot_learn import games, results, solve

    state = games.new("klondike", seed=6, draw=3, build="any_suit")
    for move in solve.solve(games.new("klondike", seed=6, draw=3, build="any_suit"), seconds=60).moves:
        state.play(str(move))
    assert state.is_won()
    page.set_viewport_size({"width": 1300, "height": 1000})
    open_lesson(page, lite_server, "leaderboard.ipynb")
    run_all(page)
    page.locator(f"{SHOWN} textarea").last.fill(f"Ana: {results.result_code(state)}")
    page.locator(f"{SHOWN} button.jupyter-button:has-text('Check the codes')").click()
    row = page.locator(f"{SHOWN} .tl-leaderboard tbody tr", has_text="Ana").last
    row.wait_for(timeout=60_000)
    assert "won" in row.inner_text() and str(state.moves_made) in row.inner_text()
    assert not requests_seen, requests_seen[:5]


def test_a_site_visited_once_opens_its_lesson_with_no_network(page, lite_server):
    """After one visit the service worker has kept what lesson 00 fetched (the kernel's worker's
    downloads and the card art included): with the network gone (the laptop left the classroom),
    the lesson opens again, runs, and its board shows its card pictures."""
    page.set_viewport_size({"width": 1300, "height": 1000})
    open_lesson(page, lite_server, "00_start_here.ipynb")
    run_all(page)
    page.wait_for_function(BOARD_PICTURES, timeout=60_000)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    kept = page.evaluate("async () => (await (await caches.open('precache')).keys()).map(r => new URL(r.url).pathname)")
    assert {"/static/pyodide/pyodide.asm.wasm", "/files/00_start_here.ipynb"} <= set(kept)
    assert any(k.startswith("/static/pyodide/art/cards-") for k in kept), "the art lesson 00 drew is kept"
    page.context.set_offline(True)
    try:
        open_lesson(page, lite_server, "00_start_here.ipynb")
        run_all(page)
        page.wait_for_function(BOARD_PICTURES, timeout=60_000)
    finally:
        page.context.set_offline(False)
