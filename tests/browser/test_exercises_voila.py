"""Every lesson exercise answered in Voila, as a student on the class server would: a wrong answer
(the hint appears, naming the rule, with the rule's text), the same wrong answer again (the worked
step), then the right answer (marked right); the attempts land in the learner's progress file, and
the start page's progress table counts them.

The page carries only each exercise's id (``data-exercise`` on its prompt); the answers and the
common wrong answers come from the teacher's guide (``docs/teachers_guide/<lesson>.md``), whose
answers the kernel tests check against the notebooks.  One Voila server serves every lesson in turn.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import sys
import tempfile

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests import answer_key
    from tests.browser.jlab import ROOT, Server, wait_for
except ImportError:
    import answer_key
    from jlab import ROOT, Server, wait_for

LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
LEARNER = "voila-student"
PORTS = range(9400, 9500)   # this test's own range


def _port() -> int:
    import socket

    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.skip("no free port in 9400-9499")


@pytest.fixture(scope="module")
def lesson_server(artifacts):
    """Voila serving notebooks/ with the learner's data in a fresh folder; yields (server, folder)."""
    data = pathlib.Path(tempfile.mkdtemp(prefix="tl-voila-progress-"))
    port = _port()
    voila = pathlib.Path(sys.executable).with_name("voila")
    saved = {k: os.environ.get(k) for k in ("TAROT_LEARN_DATA", "TAROT_LEARN_LEARNER")}
    os.environ.update(TAROT_LEARN_DATA=str(data), TAROT_LEARN_LEARNER=LEARNER)   # the kernels inherit them
    try:
        server = Server([str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "notebooks"],
                        port, "", artifacts / "voila-exercises.log")
    finally:
        for k, v in saved.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    try:
        wait_for(f"{server.base}/")
        yield server, data
    finally:
        server.stop()


def open_lesson(page, server: Server, stem: str) -> None:
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{server.base}/voila/render/{stem}.ipynb", timeout=240_000)
    page.wait_for_selector(".jp-OutputArea-output", timeout=180_000)
    page.wait_for_function("() => !document.body.innerText.includes('Loading widget')", timeout=90_000)


def enter(box, value: str) -> None:
    """Type, pick or toggle ``value`` (the guide's form: text, an option, card notation)."""
    if box.locator(".lesson-card-picker").count():
        wanted = set(value.split())
        cards = box.locator(".lesson-card")

        def pressed(i: int) -> bool:
            return "mod-active" in (cards.nth(i).get_attribute("class") or "")

        def notation(i: int) -> str:
            return cards.nth(i).inner_text().rsplit("·", 1)[-1].strip()

        for want_on in (False, True):   # let go of the wrong cards first (a one-card picker swaps)
            for i in range(cards.count()):
                if (notation(i) in wanted) == want_on and pressed(i) != want_on:
                    cards.nth(i).click()
                    cards.nth(i).page.wait_for_function(
                        "([el, on]) => el.classList.contains('mod-active') === on",
                        arg=[cards.nth(i).element_handle(), want_on], timeout=15_000)
    elif box.locator(".lesson-choices").count():
        box.locator(".lesson-choices label").filter(has_text=re.compile(rf"^\s*{re.escape(value)}\s*$")).click()
    else:
        box.locator(".lesson-answer input").fill(value)


def check(box, level: str) -> str:
    """Press Check and wait for the feedback of ``level``; returns its text."""
    box.locator(".lesson-check").click()
    feedback = box.locator(f".lesson-feedback[data-level='{level}']")
    feedback.wait_for(timeout=20_000)
    return feedback.inner_text()


@pytest.mark.parametrize("stem", LESSONS)
def test_every_exercise_wrong_hint_wrong_step_right(page, lesson_server, artifacts, stem):
    server, data = lesson_server
    key = answer_key.rows(stem)
    if not key:
        pytest.skip(f"{stem} has no exercise in the teacher's guide")
    open_lesson(page, server, stem)
    boxes = page.locator(".lesson-exercise")
    seen = []
    for i in range(boxes.count()):
        box = boxes.nth(i)
        ex_id = box.locator("[data-exercise]").get_attribute("data-exercise")
        row = key[ex_id]
        if box.locator(".lesson-answer").count() and not row["answer"].isdigit():
            assert row["answer"] not in box.inner_html(), f"{ex_id}: the page carries the answer"
        box.scroll_into_view_if_needed()
        enter(box, row["wrong"])
        hint = check(box, "hint")
        if row["rule"]:
            assert row["rule"] in hint, (ex_id, hint)
            assert box.locator(".lesson-rule").inner_text().startswith(row["rule"]), ex_id
        if not seen or box.locator(".lesson-card-picker").count():
            box.screenshot(path=str(artifacts / f"voila_exercise_hint_{ex_id}.png"))
        check(box, "step")                          # the same wrong answer again
        enter(box, row["answer"])
        assert "Right" in check(box, "right"), ex_id
        seen.append(ex_id)
    assert sorted(seen) == sorted(key), f"{stem}: the page shows {seen}, the guide lists {sorted(key)}"
    kept = json.loads((data / "progress" / f"{LEARNER}.json").read_text())["exercises"]
    for ex_id in seen:
        assert kept[ex_id] == {"attempts": 3, "solved": True, "first_try": False}, (ex_id, kept.get(ex_id))


def test_start_page_shows_the_progress_made(page, lesson_server):
    """After the lessons above, the start page's table counts what this learner solved."""
    server, data = lesson_server
    if not (data / "progress" / f"{LEARNER}.json").exists():
        pytest.skip("no lesson was answered in this run")
    kept = json.loads((data / "progress" / f"{LEARNER}.json").read_text())["exercises"]
    open_lesson(page, server, "00_start_here")
    panel = page.locator(".lesson-progress-panel")
    assert panel.locator("input").input_value() == LEARNER
    table = panel.locator("table.lesson-progress").inner_text()
    for stem in LESSONS:
        ids = list(answer_key.rows(stem))
        if ids and all(i in kept for i in ids):
            assert f"{len(ids)} / {len(ids)}" in table, (stem, table)
