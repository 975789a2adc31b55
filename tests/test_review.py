"""The review that opens every lesson from 02 on: the learner's due cards first, a warm-up when
none is due, and the review cell in each lesson."""

from __future__ import annotations

import json
import pathlib
import time
from datetime import datetime, timedelta, timezone

import pytest

from tarot_learn.cards import Card
from tarot_learn.drill import Drill
from tarot_learn.lessons.review import due_cards, review

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


@pytest.fixture()
def ann(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    return "ann"


def missed(learner: str, kind: str, cards: str, days_ago: float = 2) -> Card:
    """A drill two days ago in which the learner missed the first card: it is due again now."""
    start = time.time() - days_ago * 86400
    d = Drill(kind=kind, cards=cards, seed=1, learner=learner, clock=lambda: start)
    card = d.question.card
    d.choose(next(i for i, o in enumerate(d.question.options) if o != d.question.expected))
    return card


def test_a_missed_card_is_due_and_the_review_asks_it_first(ann):
    card = missed(ann, "value", "trumps")
    assert due_cards(ann) == {"value": [card]}
    box = review("name", "courts", learner=ann, seed=3)
    assert "Review first:" in box.children[0].value and "1 card is due" in box.children[0].value
    assert box.drill.logic.kind == "value" and box.drill.question.card == card


def test_with_nothing_due_the_review_warms_up_on_the_lessons_cards(ann):
    assert due_cards(ann) == {}
    box = review("points", "courts", learner=ann, seed=3)
    assert "no card is due" in box.children[0].value
    assert box.drill.logic.kind == "points" and box.drill.question.card.is_court


def test_a_card_not_yet_due_waits(ann):
    missed(ann, "name", "trumps", days_ago=0)
    soon = datetime.now(timezone.utc) - timedelta(hours=1)
    assert due_cards(ann, now=soon) == {}


def test_every_lesson_from_02_opens_with_the_review():
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        if path.stem < "02":
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        heads = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
        assert "review(" in code[1], f"{path.stem}: the cell after the set-up is the review"
        assert heads[1].startswith("## Review"), path.stem
