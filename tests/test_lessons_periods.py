"""The teacher's guide's period plan (docs/teachers_guide/periods.md): 45-minute periods, log-in
included, whose lessons, parts and exercises are the notebooks' own."""

from __future__ import annotations

import json
import pathlib
import re
from dataclasses import dataclass, field

import pytest

from tests import answer_key

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PLAN = ROOT / "docs" / "teachers_guide" / "periods.md"
PERIOD_MINUTES = 45
OPTIONAL_LESSONS = {"05_klondike", "06_american_toad", "09_rule_explorer"}
FRENCH_TAROT = {"07_french_tarot_play", "08_french_tarot_scoring"}
_HEAD = re.compile(r"^## Period (\d+): (.+?)( \(optional\))?$")
_ROW = re.compile(r"^\|\s*(\d+)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$")


@dataclass
class Row:
    minutes: int
    lesson: str | None
    part: str
    exercises: list[str]
    activity: str


@dataclass
class Period:
    number: int
    title: str
    optional: bool
    activity: str = ""
    rows: list[Row] = field(default_factory=list)


def periods(text: str) -> list[Period]:
    """The plan's periods, each with its rows (minutes, lesson, part, exercise ids, what the class does)."""
    found: list[Period] = []
    for line in text.splitlines():
        head = _HEAD.match(line)
        if head:
            found.append(Period(int(head.group(1)), head.group(2), bool(head.group(3))))
        elif found and line.startswith("Class activity: "):
            found[-1].activity = line.removeprefix("Class activity: ")
        elif found and (row := _ROW.match(line)):
            lesson = re.findall(r"`([^`]+)`", row.group(2))
            found[-1].rows.append(Row(int(row.group(1)), lesson[0] if lesson else None, row.group(3).strip(),
                                      re.findall(r"`([^`]+)`", row.group(4)), row.group(5).strip()))
    return found


def headings(stem: str) -> set[str]:
    cells = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    return {line.lstrip("#").strip() for c in cells if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines() if re.match(r"#{2,3} ", line)}


def made_of_headings(part: str, names: set[str]) -> bool:
    """True when ``part`` is the lesson's section headings joined by commas, and nothing else."""
    for name in sorted(names, key=len, reverse=True):
        part = part.replace(name, "")
    return part.replace(",", "").strip() == ""


PLANNED = periods(PLAN.read_text(encoding="utf-8"))


def test_about_ten_periods_numbered_in_order():
    assert 9 <= len(PLANNED) <= 12
    assert [p.number for p in PLANNED] == list(range(1, len(PLANNED) + 1))
    assert all(p.rows for p in PLANNED)


@pytest.mark.parametrize("period", PLANNED, ids=lambda p: f"period-{p.number}")
def test_a_period_fits_45_minutes_with_its_log_in_and_a_class_activity(period):
    assert sum(r.minutes for r in period.rows) <= PERIOD_MINUTES, period.title
    assert period.rows[0].part == "Log in" and period.rows[0].minutes >= 3
    assert period.activity, f"period {period.number} names its class activity"


@pytest.mark.parametrize("period", PLANNED, ids=lambda p: f"period-{p.number}")
def test_lessons_parts_and_exercises_are_the_notebooks(period):
    known = answer_key.all_rows()
    for row in period.rows:
        if row.lesson is None:
            assert not row.exercises, row
            continue
        assert (NOTEBOOKS / f"{row.lesson}.ipynb").is_file(), row.lesson
        assert made_of_headings(row.part, headings(row.lesson)), (row.lesson, row.part)
        source = (NOTEBOOKS / f"{row.lesson}.ipynb").read_text(encoding="utf-8")
        for ex in row.exercises:
            assert ex in known and ex[:2] == row.lesson[:2], (row.lesson, ex)
            assert f'\\"{ex}\\"' in source, f"{ex} is not an exercise of {row.lesson}"


def test_every_lesson_and_exercise_is_planned_once():
    lessons = {r.lesson for p in PLANNED for r in p.rows if r.lesson}
    assert lessons == {p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")}
    planned = [ex for p in PLANNED for r in p.rows for ex in r.exercises]
    assert sorted(planned) == sorted(answer_key.all_rows()), set(answer_key.all_rows()) ^ set(planned)


def test_optional_periods_are_klondike_american_toad_and_the_explorer():
    for period in PLANNED:
        lessons = {r.lesson for r in period.rows if r.lesson}
        assert period.optional == bool(lessons & OPTIONAL_LESSONS), period.title
        assert not period.optional or lessons <= OPTIONAL_LESSONS, period.title


def test_french_tarot_periods_play_at_shared_tables_of_four():
    tarot = [p for p in PLANNED if {r.lesson for r in p.rows} & FRENCH_TAROT]
    assert len(tarot) >= 3
    for period in tarot:
        assert any(r.part == "Shared tables of four" and r.minutes >= 8 for r in period.rows), period.title
        assert "shared table" in period.activity and "four" in period.activity
    text = PLAN.read_text(encoding="utf-8")
    assert "/tarot/tables" in text and "against three robots" not in text


def test_the_parser_catches_an_overlong_period_and_an_unknown_exercise():
    bad = periods("## Period 1: Too long\n\nClass activity: none.\n\n"
                  "| 5 | — | Log in | — | in |\n| 41 | `02_numerology` | Digit sums | `02.no-such-thing` | x |\n")
    assert sum(r.minutes for r in bad[0].rows) > PERIOD_MINUTES
    assert bad[0].rows[1].exercises == ["02.no-such-thing"] and "02.no-such-thing" not in answer_key.all_rows()
    assert not made_of_headings("Digits and sums", headings("02_numerology"))
