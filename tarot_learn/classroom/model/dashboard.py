"""The teacher's class dashboard, computed from the roster's filed answers.

Per student and lesson: exercises solved, solved at the first try (the student's first answer to
it was right), answers given and time spent; per student, the drill's weakest cards.  Per exercise:
the share of the class (every student on the roster) that solved it and the most common wrong
answer, which is what a teacher acts on.  Time spent in a lesson is the time between a student's
answers in it, each pause counted at most :data:`MAX_PAUSE` seconds (a student who left the room
does not pile up an hour).

>>> from tarot_learn.classroom.model.store import ClassStore
>>> from tarot_learn.classroom.model.roster import Roster
>>> roster = Roster(ClassStore(":memory:"))
>>> ben = roster.claim("a" * 32, "Ben")
>>> roster.file("a" * 32, [{"event": "k-1", "kind": "exercise", "item": "04.first", "answer": "7",
...                         "right": False, "at": 10.0},
...                        {"event": "k-2", "kind": "exercise", "item": "04.first", "answer": "9",
...                         "right": True, "at": 70.0}])
2
>>> board = build(roster.students(), roster.events(), {"04": ("Lesson 4", ["04.first", "04.second"])})
>>> board["students"][0]["lessons"]["04"]
{'solved': 1, 'first_try': 0, 'answers': 2, 'seconds': 60.0, 'total': 2}
>>> board["exercises"][0]["wrong"], board["exercises"][0]["share"]
('7', 1.0)
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter, defaultdict
from typing import Any, Callable, Iterable, Mapping, Sequence

from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.names import name_key
from tarot_learn.classroom.model.roster import Roster, Student

__all__ = ["Dashboard", "build", "to_csv", "challenge_lines", "carry_rename", "carry_free", "MAX_PAUSE", "WEAKEST"]

MAX_PAUSE = 300.0      # seconds: a longer pause between two answers counts as this much
WEAKEST = 3            # drill cards shown per student

Event = tuple[int, str, str, str, bool, float]          # student id, kind, item, answer, right, time
Lessons = Mapping[str, tuple[str, Sequence[str]]]       # lesson number -> (title, exercise ids)


def _lesson_of(exercise_id: str) -> str:
    return exercise_id.split(".", 1)[0]


def _seconds(times: list[float]) -> float:
    return float(sum(min(b - a, MAX_PAUSE) for a, b in zip(times, times[1:])))


def _student_lessons(events: list[Event], lessons: Lessons) -> dict[str, dict[str, Any]]:
    """One student's lines: lesson -> solved, first try, answers, seconds, exercises in it (one pass)."""
    lines: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    solved: set[str] = set()
    times: dict[str, list[float]] = defaultdict(list)
    for _, kind, item, _, right, at in events:
        if kind != "exercise":
            continue
        lesson = _lesson_of(item)
        line = lines.get(lesson)
        if line is None:
            total = len(lessons[lesson][1]) if lesson in lessons else 0
            line = lines[lesson] = {"solved": 0, "first_try": 0, "answers": 0, "seconds": 0.0, "total": total}
        line["answers"] += 1
        times[lesson].append(at)
        if item not in seen:
            seen.add(item)
            line["first_try"] += right
        if right and item not in solved:
            solved.add(item)
            line["solved"] += 1
    for lesson, line in lines.items():
        line["seconds"] = _seconds(times[lesson])
    return dict(sorted(lines.items()))


def _weakest(events: list[Event]) -> list[str]:
    """The drill's cards this student missed most (missed share, then misses), missed at least once."""
    asked: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    for _, kind, item, _, right, _ in events:
        if kind == "drill":
            asked[item] += 1
            missed[item] += 0 if right else 1
    ranked = sorted((c for c in missed if missed[c]), key=lambda c: (-missed[c] / asked[c], -missed[c], c))
    return ranked[:WEAKEST]


def _exercises(events: list[Event], lessons: Lessons, class_size: int) -> list[dict[str, Any]]:
    """Per exercise answered by someone: who solved it, the share of the class, the common wrong answer."""
    solvers: dict[str, set[int]] = defaultdict(set)
    tried: dict[str, set[int]] = defaultdict(set)
    wrong: dict[str, Counter[str]] = defaultdict(Counter)
    for student, kind, item, answer, right, _ in events:
        if kind != "exercise":
            continue
        tried[item].add(student)
        (solvers[item].add(student) if right else wrong[item].update([answer]))
    order = {i: n for n, i in enumerate(i for _, ids in lessons.values() for i in ids)}
    lines = []
    for item in sorted(tried, key=lambda i: (order.get(i, len(order)), i)):
        common = wrong[item].most_common(1)
        lines.append({"id": item, "lesson": _lesson_of(item), "tried": len(tried[item]),
                      "solved": len(solvers[item]),
                      "share": round(len(solvers[item]) / class_size, 3) if class_size else 0.0,
                      "wrong": common[0][0] if common else "", "wrong_count": common[0][1] if common else 0})
    return lines


def build(students: Iterable[Student], events: Iterable[Event], lessons: Lessons,
          challenge: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The dashboard as JSON-ready data: ``students`` (one line each, by name), ``lessons`` (those
    someone answered in, with titles), ``exercises`` and the class ``summary``.  ``challenge`` maps
    a student's name key to what they did in the current challenge."""
    students, events = list(students), list(events)
    by_student: dict[int, list[Event]] = defaultdict(list)
    for event in events:
        by_student[event[0]].append(event)
    lines = []
    for s in students:
        mine = _student_lessons(by_student[s.id], lessons)
        lines.append({**s.to_json(), "lessons": mine, "weakest": _weakest(by_student[s.id]),
                      "solved": sum(v["solved"] for v in mine.values()),
                      "first_try": sum(v["first_try"] for v in mine.values()),
                      "seconds": sum(v["seconds"] for v in mine.values()),
                      "challenge": (challenge or {}).get(name_key(s.name), "")})
    used = sorted({lesson for line in lines for lesson in line["lessons"]})
    exercises = _exercises(events, lessons, len(students))
    return {"students": lines,
            "lessons": [{"lesson": n, "title": lessons[n][0] if n in lessons else f"Lesson {n}",
                         "total": len(lessons[n][1]) if n in lessons else 0} for n in used],
            "exercises": exercises,
            "summary": {"students": len(students), "named": sum(s.bound for s in students),
                        "answers": sum(e[1] == "exercise" for e in events),
                        "solved": sum(line["solved"] for line in lines),
                        "hardest": sorted(exercises, key=lambda e: (e["share"], -e["tried"]))[:5]}}


def _cell(value: Any) -> Any:
    """A cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``) gets an apostrophe:
    names and answers come from students."""
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@") else value


def to_csv(board: Mapping[str, Any]) -> str:
    """The gradebook: one row per student; per lesson answered in, solved, first try and minutes;
    then the totals, the weakest drill cards and the challenge."""
    lessons = [line["lesson"] for line in board["lessons"]]
    header = ["name"] + [f"lesson {n} {what}" for n in lessons for what in ("solved", "first try", "minutes")]
    header += ["solved", "first try", "minutes", "weakest drill cards", "challenge"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for s in board["students"]:
        cells: list[Any] = [s["name"]]
        for n in lessons:
            mine = s["lessons"].get(n, {"solved": 0, "first_try": 0, "seconds": 0.0})
            cells += [mine["solved"], mine["first_try"], round(mine["seconds"] / 60, 1)]
        cells += [s["solved"], s["first_try"], round(s["seconds"] / 60, 1), "; ".join(s["weakest"]), s["challenge"]]
        writer.writerow([_cell(c) for c in cells])
    return out.getvalue()


def challenge_lines(book: ChallengeBook) -> dict[str, str]:
    """Name key -> what that student did in the current challenge: their best result, else joined."""
    current = book.current()
    if current is None:
        return {}
    lines = {name_key(name): "joined" for name, _ in book.players(current)}
    for entry in reversed(book.leaderboard(current)):       # the best result is written last
        lines[name_key(entry.name)] = f"{'won' if entry.won else 'played'} in {entry.moves} moves"
    return lines


CHALLENGE_TABLES = ("challenge_players", "challenge_results", "challenge_progress")   # their rows carry a name


def carry_rename(book: ChallengeBook, old: str, new: str) -> int:
    """The roster renamed ``old`` to ``new``: the challenges' rows under ``old`` (whatever its case)
    follow, so the dashboard, the leaderboard and the student's page keep one name.  Where ``new``
    already joined a challenge (typed there before the roster had it), that challenge keeps both.
    Returns how many rows moved."""
    wanted, moved = name_key(old), 0
    with book.store.write() as db:
        for table in CHALLENGE_TABLES:
            rows = db.execute(f"SELECT DISTINCT challenge_id, name FROM {table}").fetchall()
            for row in rows:
                if name_key(row["name"]) == wanted:
                    moved += db.execute(f"UPDATE OR IGNORE {table} SET name = ? WHERE challenge_id = ? AND name = ?",
                                        (new, row["challenge_id"], row["name"])).rowcount
    return moved


def carry_free(book: ChallengeBook, name: str) -> bool:
    """The roster freed ``name``: the current challenge frees it too (the old page stops, the next
    browser to take the name starts a fresh board).  Whether it had joined."""
    current = book.current()
    return current is not None and book.free(current, name)


class Dashboard:
    """The dashboard of one class: ``roster`` and the challenge ``book``, with ``lessons()`` giving
    each lesson's title and exercises.  :meth:`text` is rebuilt only when something changed."""

    def __init__(self, roster: Roster, book: ChallengeBook, lessons: Callable[[], Lessons]) -> None:
        self.roster, self.book, self.lessons = roster, book, lessons
        self._cached: tuple[Any, str] | None = None
        self._lessons: Lessons | None = None

    def _version(self) -> tuple[Any, ...]:
        """What changes when the dashboard may: the roster's own changes, and the challenge's rows
        (written by the students' kernels, another process)."""
        row = self.roster.store.read("SELECT (SELECT max(id) FROM challenges), (SELECT count(*) FROM "
                                     "challenge_players), (SELECT max(id) FROM challenge_results)")[0]
        return (self.roster.revision, *tuple(row))

    def data(self) -> dict[str, Any]:
        """The dashboard now (see :func:`build`)."""
        if self._lessons is None:
            self._lessons = self.lessons()
        return build(self.roster.students(), self.roster.events(), self._lessons, challenge_lines(self.book))

    def text(self) -> str:
        """The dashboard as JSON text, the same text while nothing changed."""
        version = self._version()
        if self._cached is None or self._cached[0] != version:
            self._cached = (version, json.dumps(self.data(), sort_keys=True))
        return self._cached[1]
