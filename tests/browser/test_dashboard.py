"""The class dashboard in Chromium: three students and the teacher, each in a browser of their own.

Each student names themself once on the class page (the name survives a reload), answers lesson
02's first exercise wrong and then right, and plays a move in the class challenge.  Cy opens the
lesson at an address that claims to be Ada (``?learner=Ada``): the answers are filed under Cy, the
browser the server handed the kernel to.  The challenge and a shared table take each student's name
from the class page, with nothing typed.  A fourth browser cannot take ``ben``: ``Ben`` and ``ben``
are one student.  The teacher's dashboard shows all three with the right counts and the most
common wrong answer; the CSV has three rows; the projector view has no control.
"""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.browser.test_challenge_browser import PLAY_BY_CLICKS, open_teacher_page, serious_violations
from tests.test_challenge import GAME, SEED, ClassServer, free_port

LESSON = "02_numerology.ipynb"
EXERCISE = "02.temperance-value"           # the guide's answer 5, its common wrong answer 14
STUDENTS = (("Ada", "14"), ("Ben", "14"), ("Cy", "7"))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("dashboard-browser") / "class", free_port(), standby=1)
    try:
        s.start()
        yield s
    finally:
        s.stop()


def name_myself(page, server, name: str) -> None:
    page.goto(f"{server.base}?token={server.password}")
    page.get_by_label(re.compile("Type your first name once")).fill(name)
    page.get_by_role("button", name="This is me").click()
    page.get_by_text(re.compile(rf"You are {name}\.")).wait_for(timeout=20_000)


def answer_wrong_then_right(page, wrong: str) -> None:
    page.wait_for_selector(".jp-OutputArea-output", timeout=240_000)
    page.wait_for_function("() => !document.body.innerText.includes('Loading widget')", timeout=180_000)
    box = page.locator(".lesson-exercise").filter(has=page.locator(f"[data-exercise='{EXERCISE}']"))
    box.wait_for(timeout=180_000)
    for value, level in ((wrong, "hint"), ("5", "right")):
        box.locator(".lesson-answer input").fill(value)
        box.locator(".lesson-check").click()
        box.locator(f".lesson-feedback[data-level='{level}']").wait_for(timeout=30_000)


def play_a_challenge_move(page, server, name: str) -> None:
    """The challenge joins under the roster name by itself: nothing is typed."""
    page.goto(f"{server.base}tarot/challenge", wait_until="commit", timeout=240_000)
    page.get_by_text(f"Welcome, {name}: play the deal below").wait_for(timeout=240_000)
    page.locator(".tl-board[data-version]").wait_for(timeout=60_000)
    box = page.locator(".widget-text input").first
    assert box.input_value() == name and box.is_disabled()
    page.evaluate(PLAY_BY_CLICKS, ["draw"])


def sit_at_a_table(page, server, name: str) -> None:
    """The lobby shows the roster name, takes no other, and seats the browser under it."""
    page.goto(f"{server.base}tarot/tables")
    box = page.locator("#name")
    page.wait_for_function("(name) => document.getElementById('name').value === name", arg=name, timeout=20_000)
    assert box.evaluate("e => e.readOnly")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/tarot/tables/[0-9a-f]{8}$"), timeout=30_000)
    mine = page.request.get(f"{server.base}tarot/tables/api").json()["mine"]
    assert [t["yours"] for t in mine] == [[name]]


def test_the_teacher_sees_three_students_learn(server, browser):
    teacher_context = browser.new_context()
    teacher = teacher_context.new_page()
    teacher.goto(f"{server.base}?token={server.password}")
    teacher.goto(f"{server.base}tarot/teacher/dashboard")
    assert teacher.locator("#students").count() == 0                  # the class password is not enough
    open_teacher_page(teacher, server)
    teacher.get_by_label("Game", exact=True).select_option(GAME)
    teacher.get_by_label("Deal", exact=True).fill(str(SEED))
    teacher.get_by_role("button", name="Start the challenge").click()
    teacher.get_by_text(re.compile(r"Challenge 1: Klondike")).first.wait_for()
    teacher.get_by_role("link", name="Class dashboard").click()
    teacher.locator("#students").wait_for()

    contexts = []
    for name, wrong in STUDENTS:
        context = browser.new_context()
        contexts.append(context)
        page = context.new_page()
        name_myself(page, server, name)
        page.reload()
        page.get_by_text(re.compile(rf"You are {name}\.")).wait_for(timeout=20_000)   # named once, kept
        assert page.get_by_role("button", name="This is me").is_hidden()
        if name == "Cy":   # an address naming another student names no one on the class server
            page.goto(f"{server.base}voila/render/{LESSON}?learner=Ada", timeout=240_000)
        else:
            page.get_by_role("link", name=re.compile(r"^Numerology")).click()
        answer_wrong_then_right(page, wrong)
        play_a_challenge_move(page, server, name)
        sit_at_a_table(page, server, name)

    other = browser.new_context()
    page = other.new_page()
    page.goto(f"{server.base}?token={server.password}")
    page.get_by_label(re.compile("Type your first name once")).fill("ben")
    page.get_by_role("button", name="This is me").click()
    page.get_by_text(re.compile(r"Ben is taken by another browser")).wait_for(timeout=20_000)
    assert serious_violations(page) == []                            # the class page with its name box

    rows = teacher.locator("#students tbody tr")
    try:
        teacher.wait_for_function("() => document.querySelectorAll('#students tbody tr[data-id]').length === 3 && "
                                  "[...document.querySelectorAll('#students tbody tr')].every(r => "
                                  "r.textContent.includes('1/6 (0 first)') && r.textContent.includes('joined'))",
                                  timeout=60_000)
    except Exception:
        pytest.fail("the dashboard shows: " + teacher.locator("main").inner_text())
    assert [rows.nth(i).locator("th").inner_text().strip() for i in range(3)] == ["Ada", "Ben", "Cy"]
    exercise = teacher.locator(f"#exercises tr[data-exercise='{EXERCISE}']")
    assert re.sub(r"\s+", " ", exercise.inner_text()).strip() == f"{EXERCISE} 3 of 3 who tried 100 % 14 (2)"
    assert teacher.locator("#summary").inner_text().startswith("3 of 3 students named")
    assert serious_violations(teacher) == []

    answer = teacher_context.request.get(f"{server.base}tarot/teacher/dashboard.csv")
    assert answer.status == 200
    table = list(csv.DictReader(io.StringIO(answer.text())))
    assert [(r["name"], r["lesson 02 solved"], r["lesson 02 first try"]) for r in table] == \
        [("Ada", "1", "0"), ("Ben", "1", "0"), ("Cy", "1", "0")]
    student_csv = contexts[0].request.get(f"{server.base}tarot/teacher/dashboard.csv")
    assert student_csv.status == 403 and "Ada" not in student_csv.text()

    projector = teacher_context.new_page()
    projector.goto(f"{server.base}tarot/teacher/projector")
    projector.get_by_text(re.compile(r"^3 of 3 students named")).wait_for(timeout=20_000)
    projector.get_by_text(EXERCISE).wait_for()
    assert projector.locator("button, input, select, textarea, form").count() == 0
    assert serious_violations(projector) == []
    for context in (*contexts, other, teacher_context):
        context.close()
