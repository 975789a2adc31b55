"""The recognition drill in a real browser: JupyterLab and Voila render it, a click on a choice
reaches the kernel and the feedback appears in the page, with the progress panel (kept between
sessions) counting the answer; a typed answer works too."""

from __future__ import annotations

import os

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import IMAGES
    from tests.browser.jlab import open_notebook, run_all_cells
except ImportError:
    from boardkit import IMAGES
    from jlab import open_notebook, run_all_cells
from tarot_learn.drill import Drill as DrillLogic

NOTEBOOK = "tests/browser/notebooks/drill.ipynb"


def replica(kind: str, cards, seed: int) -> DrillLogic:
    """The same drill as the fixture notebook's (seeded, so the same cards and options; the
    notebook's learner is new each run, so its schedule starts empty like this one's)."""
    return DrillLogic(kind, cards, seed, remember=False)


def our_errors(errors: list[str]) -> list[str]:
    return [e for e in errors if "Failed to load resource" not in e and "favicon" not in e]


def drill_root(page, nth: int = 0):
    root = page.locator(".tl-drill").nth(nth)
    root.locator(".tl-drill-choice").first.wait_for(timeout=120_000)
    return root


def check_a_round(page, root, logic: DrillLogic, shot) -> None:
    q = logic.question
    buttons = root.locator(".tl-drill-choice")
    assert buttons.all_inner_texts() == list(q.options)
    panel = root.locator(".tl-drill-progress")
    assert "0 of 22 known" in panel.inner_text() and "22 new" in panel.inner_text()
    # The card picture is there and has been decoded.
    page.wait_for_function("el => el.complete && el.naturalHeight > 0",
                           arg=root.locator("img").first.element_handle())
    # Right answer: green feedback citing the card.
    buttons.nth(q.options.index(q.expected)).click()
    feedback = root.locator(".tl-drill-feedback")
    feedback.filter(has_text="Right!").wait_for(timeout=15_000)
    assert q.expected in root.locator(".tl-drill-choice.mod-success").inner_text()
    panel.filter(has_text="21 new").wait_for(timeout=15_000)
    assert "streak 1 day" in panel.inner_text()
    shot("right")
    # Next card, then a wrong choice: red feedback naming the right card.
    root.get_by_role("button", name="Next card").click()
    root.get_by_text("2.", exact=False).first.wait_for(timeout=15_000)
    logic.answer(q.expected)
    q2 = logic.next()
    page.wait_for_function(
        "([el, first]) => [...el.querySelectorAll('.tl-drill-choice')]"
        ".map(b => b.innerText.trim()).join('|') === first",
        arg=[root.element_handle(), "|".join(q2.options)], timeout=15_000)
    wrong = next(i for i, o in enumerate(q2.options) if o != q2.expected)
    buttons.nth(wrong).click()
    feedback.filter(has_text="Not quite").wait_for(timeout=15_000)
    assert q2.expected in feedback.inner_text()
    assert root.locator(".tl-drill-choice.mod-danger").inner_text().strip() == q2.options[wrong]
    panel.filter(has_text="20 new").wait_for(timeout=15_000)
    shot("wrong")


def test_drill_in_jupyterlab(page, jupyter_lab, artifacts, console_errors):
    open_notebook(page, jupyter_lab, NOTEBOOK)
    run_all_cells(page)
    root = drill_root(page, 0)
    root.scroll_into_view_if_needed()
    check_a_round(page, root, replica("name", "trumps", 7),
                  lambda tag: root.screenshot(path=str(artifacts / f"drill_lab_{tag}.png")))
    # The own-deck drill: type the answer in the text box and press Enter.
    own = drill_root(page, 1)
    own.scroll_into_view_if_needed()
    logic = replica("name", "T17 T18 T19 T20 T21", 3)
    box = own.locator("input[type='text']")
    box.fill(logic.question.card.title.lower())
    box.press("Enter")
    own.locator(".tl-drill-feedback").filter(has_text="Right!").wait_for(timeout=15_000)
    assert "5 scanned cards" in own.inner_text()
    own.screenshot(path=str(artifacts / "drill_lab_own_deck.png"))
    # The README shows these two; make screenshots (TAROT_LEARN_SCREENSHOTS=1) refreshes them.
    if os.environ.get("TAROT_LEARN_SCREENSHOTS") == "1":
        IMAGES.mkdir(exist_ok=True)
        for shot, name in (("drill_lab_wrong.png", "drill.png"), ("drill_lab_own_deck.png", "drill_own_deck.png")):
            (IMAGES / name).write_bytes((artifacts / shot).read_bytes())
    assert not our_errors(console_errors), console_errors


def test_drill_in_voila(page, voila, artifacts, console_errors):
    page.goto(f"{voila.base}/voila/render/drill.ipynb", timeout=120_000)
    root = drill_root(page, 0)
    check_a_round(page, root, replica("name", "trumps", 7),
                  lambda tag: root.screenshot(path=str(artifacts / f"drill_voila_{tag}.png")))
    assert not our_errors(console_errors), console_errors
