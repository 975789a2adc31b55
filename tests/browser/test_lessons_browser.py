"""The lessons as a new user meets them, in real JupyterLab: open the start lesson, follow its lesson
map to lesson 02, answer a quiz question wrongly and then rightly, and play a move on lesson 04's
board; then every lesson in Voila.  Screenshots go to test-artifacts/ (and, under ``make
screenshots``, to images/lessons/)."""

from __future__ import annotations

import json
import os
import pathlib
import sys

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import act, dom_counts, settle
    from tests.browser.jlab import ROOT, open_notebook
except ImportError:
    from boardkit import act, dom_counts, settle
    from jlab import ROOT, open_notebook
from tarot_learn import games
from tarot_learn.cards import Card

from tarot_learn.lessons import kit  # noqa: E402

SHOTS = ROOT / "images" / "lessons"
VISIBLE = ".jp-NotebookPanel:not(.lm-mod-hidden)"
BUSY = "Python 3 (ipykernel) | Busy"


def shoot(page, name: str, artifacts: pathlib.Path, selector: str | None = None) -> None:
    """Screenshot into test-artifacts/; with TAROT_LEARN_SCREENSHOTS=1 (``make screenshots``) also
    into images/lessons/, so a plain test run never edits the tree."""
    path = artifacts / name
    if selector:
        page.locator(selector).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path))
    if os.environ.get("TAROT_LEARN_SCREENSHOTS") == "1":
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / name).write_bytes(path.read_bytes())


def run_visible_notebook(page, timeout_ms: int = 180_000) -> None:
    """Run > Run All Cells on the notebook in front, then wait until every cell has run."""
    no_news = page.get_by_role("button", name="No", exact=True)   # JupyterLab's news prompt
    if no_news.count():
        no_news.first.click()
    page.locator(f"{VISIBLE} .jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        """(sel) => {
            const prompts = [...document.querySelectorAll(sel + ' .jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""", arg=VISIBLE, timeout=timeout_ms)


def tracebacks(page) -> list[str]:
    errors = page.locator(f"{VISIBLE} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    return [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]


def quiz_first_question() -> tuple[str, str, str]:
    """The first quiz exercise of lesson 02, asked of the engine: (prompt, a wrong option, the right one)."""
    target = Card.parse("T13")
    options = [Card.parse(t) for t in ("T14", "5C", "T12", "T4")]
    right = [c.name for c in options if kit.build_verdict(c, target)[0]]
    wrong = [c.name for c in options if not kit.build_verdict(c, target)[0]]
    assert len(right) == 1
    return f"Which of these may be built on {target.name}?", wrong[0], right[0]


def test_new_user_follows_the_map_and_answers_a_quiz(page, jupyter_lab, artifacts, console_errors):
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_notebook(page, jupyter_lab, "notebooks/00_start_here.ipynb")
    run_visible_notebook(page)
    assert not tracebacks(page)
    link = page.locator(f"{VISIBLE} .jp-RenderedMarkdown a[href*='02_numerology']").first
    link.scroll_into_view_if_needed()
    shoot(page, "00_lesson_map.png", artifacts)

    link.click()   # JupyterLab opens the linked lesson in a new tab
    page.locator(".lm-TabBar-tab.lm-mod-current", has_text="02_numerology").wait_for(timeout=60_000)
    page.locator(f"{VISIBLE} .jp-Notebook").wait_for(timeout=60_000)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=120_000)
    run_visible_notebook(page)
    assert not tracebacks(page)

    prompt, wrong, right = quiz_first_question()
    question = page.locator(f"{VISIBLE} .lesson-exercise", has_text=prompt).first
    question.scroll_into_view_if_needed()
    question.get_by_text(wrong, exact=True).click()
    question.locator(".lesson-check").click()
    hint = question.locator(".lesson-feedback[data-level='hint']")
    hint.wait_for(timeout=15_000)
    assert "Not quite" in hint.inner_text() and "TS-" in hint.inner_text(), "a wrong answer names its rule"
    shoot(page, "02_quiz_wrong.png", artifacts, f"{VISIBLE} .lesson-exercise >> nth=2")
    question.get_by_text(right, exact=True).click()
    question.locator(".lesson-check").click()
    question.locator(".lesson-feedback[data-level='right']").wait_for(timeout=15_000)
    shoot(page, "02_quiz_right.png", artifacts, f"{VISIBLE} .lesson-exercise >> nth=2")
    explorer = page.locator(f"{VISIBLE} .lesson-explorer").first
    explorer.scroll_into_view_if_needed()
    explorer.locator("select").select_option(label="The Sun (XIX)")   # what may go on the Sun?
    page.wait_for_function("(el) => el.textContent.includes('The Sun (XIX) is trump')",
                           arg=explorer.element_handle(), timeout=15_000)
    shoot(page, "02_explorer.png", artifacts, f"{VISIBLE} .lesson-explorer")


def test_tarot_solitaire_lesson_board_takes_a_move(page, jupyter_lab, artifacts, console_errors):
    page.set_viewport_size({"width": 1500, "height": 1100})
    open_notebook(page, jupyter_lab, "notebooks/04_tarot_solitaire.ipynb")
    run_visible_notebook(page)
    assert not tracebacks(page)
    page.wait_for_selector(".tl-board[data-version]", timeout=120_000)
    settle(page)
    replica = games.new("tarot-solitaire", seed=2026)       # the lesson's deal
    counts = {p.id: p.size for p in replica.observation().piles}
    assert dom_counts(page) == counts

    move = next(m for m in replica.legal_moves() if m.action == "move")
    n = replica.observation().pile(move.src).size
    act(page, f'[data-pile="{move.src}"] [data-index="{n - move.count}"]')
    act(page, f'[data-pile="{move.dst}"]', nth=0)
    replica.play(move)
    assert dom_counts(page) == {p.id: p.size for p in replica.observation().piles}
    explanation = page.locator(".tl-explain").first.inner_text()
    assert "TS-" in explanation, explanation
    page.locator(".tl-solitaire-board").first.scroll_into_view_if_needed()
    shoot(page, "04_board_after_a_move.png", artifacts, ".tl-solitaire-board")
    assert not [e for e in console_errors if "Failed to load resource" not in e and "favicon" not in e]


# ----- every lesson in Voila: rendered clean, no stray output, widgets alive -----------------------
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def voila_lessons(artifacts):
    """Voila serving notebooks/ (the lessons import their kit from tarot_learn.lessons), loopback only."""
    try:
        from tests.browser.jlab import Server, free_port, wait_for
    except ImportError:
        from jlab import Server, free_port, wait_for
    port = free_port()
    voila = pathlib.Path(sys.executable).with_name("voila")
    server = Server([str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "notebooks"],
                    port, "", artifacts / "voila-lessons.log")
    try:
        wait_for(f"{server.base}/")
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_renders_clean_in_voila(page, voila_lessons, artifacts, console_errors, name):
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{voila_lessons.base}/voila/render/{name}", timeout=240_000)
    page.wait_for_selector(".jp-OutputArea-output", timeout=120_000)
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "Error" not in text.replace("CardError", ""), name
    # Voila shows printed text (and bare reprs) as text/plain: the lessons end cells with tables,
    # sentences (Markdown), pictures and widgets instead.  The start page's prints are its own.
    noisy = page.locator(".jp-OutputArea-output[data-mime-type='text/plain'], "
                         ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    if name != "00_start_here.ipynb":
        assert noisy.count() == 0, f"{name} shows plain text: {noisy.all_inner_texts()[:2]}"
    code = sum(1 for c in json.loads((ROOT / "notebooks" / name).read_text())["cells"]
               if c["cell_type"] == "code" and "".join(c["source"]).strip())
    assert page.locator(".jp-OutputArea-output").count() >= code // 2, "most cells show something"
    # every widget model the page shows was created by the kernel (no "Loading widget..." left)
    page.wait_for_function("() => !document.body.innerText.includes('Loading widget')", timeout=60_000)
    shoot(page, f"voila_{name.replace('.ipynb', '')}.png", artifacts)
    assert not [e for e in console_errors if "Failed to load resource" not in e and "favicon" not in e]
