"""The teacher's projector views on the class server, in Chromium.

The teacher opens the presenter from the challenge page (a lesson position, then a student's game
from the leaderboard): it opens in a new tab and the right arrow steps at once, before anything on
the page is clicked.  The projector's leaderboard has no control.  Ending the challenge asks first;
a student's page then says the challenge is closed.  When the class server stops and comes back, the
teacher's page takes back "the server does not answer".
"""

from __future__ import annotations

import re

import pytest

from tests.browser.test_challenge_browser import open_teacher_page, serious_violations
from tests.test_challenge import GAME, SEED, ClassServer, finished_code, free_port
from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.store import ClassStore


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("presenter-class") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def panel(page) -> str:
    return page.locator(".tl-present-panel").inner_text()


def open_presenter(teacher, click) -> object:
    """The presenter's tab, opened by ``click`` on the teacher's page, once its board is drawn."""
    with teacher.context.expect_page(timeout=30_000) as popup:
        click()
    shown = popup.value
    shown.locator(".tl-board.tl-present[data-version]").wait_for(timeout=120_000)
    shown.wait_for_function("() => document.activeElement && document.activeElement.closest('.tl-board')",
                            timeout=10_000)
    return shown


def step_at_once(shown, total: int | None) -> None:
    """The right arrow, pressed before anything is clicked, plays move 1; the left takes it back."""
    assert "Move 1 of" not in panel(shown)
    shown.keyboard.press("ArrowRight")
    shown.wait_for_function("() => /Move 1 of \\d+/.test(document.querySelector('.tl-present-panel').innerText)",
                            timeout=15_000)
    if total is not None:
        assert f"Move 1 of {total}" in panel(shown)
    shown.keyboard.press("ArrowRight")
    shown.wait_for_function("() => /Move 2 of/.test(document.querySelector('.tl-present-panel').innerText)",
                            timeout=15_000)
    shown.keyboard.press("ArrowLeft")
    shown.wait_for_function("() => /Move 1 of/.test(document.querySelector('.tl-present-panel').innerText)",
                            timeout=15_000)


def test_the_presenter_opens_from_the_teacher_page_and_steps_with_the_arrows_at_once(server, browser):
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    teacher = context.new_page()
    teacher.goto(f"{server.base}?token={server.password}")
    open_teacher_page(teacher, server)
    teacher.wait_for_function("() => document.getElementById('game').options.length > 0")
    assert teacher.get_by_label("Game", exact=True).input_value() == "tarot-solitaire"   # the course's first game
    teacher.get_by_label("Game", exact=True).select_option(GAME)
    teacher.get_by_label(re.compile(r"^Cards turned per draw")).select_option("3")
    teacher.get_by_label(re.compile(r"^How cards build down")).select_option("any_suit")
    teacher.get_by_label("Deal", exact=True).fill(str(SEED))
    teacher.get_by_role("button", name="Start the challenge").click()
    teacher.get_by_text(re.compile(r"^Deal code KL3")).wait_for(timeout=30_000)

    teacher.get_by_label("Lesson position").select_option("1")
    shown = open_presenter(teacher, lambda: teacher.get_by_role("button", name="Present", exact=True).first.click())
    assert "keep it winnable, position 2" in shown.locator("h2").first.inner_text()
    step_at_once(shown, None)
    shown.close()

    book = ChallengeBook(ClassStore(server.folder))                   # Ana's kernel hands in her game
    book.submit(book.current(), "Ana", finished_code())
    row = teacher.locator("table.tl-leaderboard tbody tr", has_text="Ana")
    row.wait_for(timeout=20_000)
    shown = open_presenter(teacher, lambda: row.get_by_role("button", name="Present").click())
    assert "Ana's game" in shown.locator("h2").first.inner_text() and "KL3" not in shown.content()
    step_at_once(shown, 119)
    shown.close()

    projector = context.new_page()
    projector.goto(f"{server.base}tarot/challenge/board")
    projector.get_by_role("cell", name="Ana").or_(projector.get_by_role("rowheader", name="Ana")).wait_for()
    assert projector.locator("button, input, select, textarea").count() == 0
    assert float(projector.evaluate("getComputedStyle(document.querySelector('td')).fontSize").rstrip("px")) >= 30
    assert serious_violations(projector) == [] and serious_violations(teacher) == []

    asked: list[str] = []
    teacher.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    teacher.get_by_role("button", name="End the challenge now").click()
    teacher.wait_for_timeout(500)
    assert asked and asked[0].startswith("End the challenge now?") and book.current().ended is None
    teacher.once("dialog", lambda d: d.accept())
    teacher.get_by_role("button", name="End the challenge now").click()
    teacher.get_by_text("The challenge is closed.").wait_for(timeout=10_000)
    assert book.current().ended is not None

    server.stop()
    teacher.get_by_text("The class server does not answer").wait_for(timeout=20_000)
    server.start()
    teacher.get_by_text("The class server answers again.").wait_for(timeout=30_000)
    assert teacher.get_by_text("The class server does not answer").count() == 0
    context.close()
