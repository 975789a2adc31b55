"""In Voila: lesson 03 opens with the review of the learner's due drill cards, and a solver-judged
"which move keeps this deal winnable?" exercise answered with the losing move shows the proof, then
takes the right one."""

from __future__ import annotations

import time

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.test_exercises_voila import LEARNER, check, enter, lesson_server, open_lesson  # noqa: F401
except ImportError:
    from test_exercises_voila import LEARNER, check, enter, lesson_server, open_lesson  # noqa: F401

from tarot_learn.drill import Drill
from tarot_learn.lessons.strategy import DECISIONS

pytestmark = pytest.mark.browser


def test_lesson_03_opens_with_the_due_cards(page, lesson_server, monkeypatch):
    server, data = lesson_server
    monkeypatch.setenv("TAROT_LEARN_DATA", str(data))
    start = time.time() - 2 * 86400                 # a drill two days ago: the missed card is due now
    drill = Drill(kind="value", cards="trumps", seed=1, learner=LEARNER, clock=lambda: start)
    drill.choose(next(i for i, o in enumerate(drill.question.options) if o != drill.question.expected))
    open_lesson(page, server, "03_suit_alternation")
    review = page.locator(".tl-review").first
    review.wait_for(timeout=60_000)
    assert "Review first:" in review.inner_text() and "1 card is due" in review.inner_text()
    first_output = page.locator(".tl-review, .lesson-exercise").first
    assert "Review" in first_output.inner_text(), "the review comes before any exercise"
    prompt = page.locator(".tl-drill").first.inner_text()
    assert "play as" in prompt, prompt               # the due card's kind (value), not the lesson's warm-up (group)


def test_a_strategy_exercise_shows_the_proof_then_takes_the_winning_move(page, lesson_server):
    server, _ = lesson_server
    open_lesson(page, server, "04_tarot_solitaire")
    box = page.locator(".lesson-exercise", has=page.locator("[data-exercise='04.winnable-1']"))
    box.scroll_into_view_if_needed()
    enter(box, DECISIONS[0].tempting)
    hint = check(box, "hint")
    assert "proved the deal lost" in hint and DECISIONS[0].keeps not in hint, hint
    enter(box, DECISIONS[0].keeps)
    right = check(box, "right")
    assert "finds a win" in right and "proved the deal lost" in right, right
