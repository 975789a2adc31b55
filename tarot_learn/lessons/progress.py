"""A learner's progress through the lessons' exercises, kept in a file so it outlives the kernel.

Every judged answer to a :class:`~tarot_learn.lessons.exercise.Exercise` is recorded here under the
exercise's id (``"04.fits-on-death"``): attempts, whether it was solved, whether on the first try.
Each learner has one JSON file under ``tarot_learn.userdata.data_dir("progress")``: on a laptop the
user's data folder, on a class server the class folder, in the static site the browser-kept
``/drive`` (so progress survives a reload there too).

The learner is named by ``learner=NAME`` in the page's address when Voila serves the lesson, else
the name chosen on the start-here page (:func:`set_learner`), else the ``TAROT_LEARN_LEARNER``
environment variable, else the computer's user name.  On a class server every answer also goes to
the class's journal (:func:`tarot_learn.userdata.journal`), filed by the server under the roster
name of the browser that owns the kernel.

Files are replaced atomically (written beside, then ``os.replace``), so a kernel stopped mid-write
leaves the old file whole.  A file that cannot be read is set aside (renamed, never deleted) and the
learner starts afresh, with one line saying so.

>>> import os, tempfile
>>> before = os.environ.get("TAROT_LEARN_DATA"); os.environ["TAROT_LEARN_DATA"] = tempfile.mkdtemp()
>>> _ = record("04.fits-on-death", False, "Ana"); _ = record("04.fits-on-death", True, "Ana")
>>> load("Ana")["04.fits-on-death"] == {"attempts": 2, "solved": True, "first_try": False}
True
>>> load("Bo")
{}
>>> _ = os.environ.pop("TAROT_LEARN_DATA") if before is None else os.environ.update(TAROT_LEARN_DATA=before)
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tarot_learn import userdata

__all__ = ["learner", "set_learner", "on_class_server", "record", "load", "summary", "lesson_exercises",
           "LessonProgress", "progress_file", "notices", "MAX_BYTES"]

VERSION = 1
MAX_BYTES = 1_000_000      # a progress file is a few kilobytes; anything larger is not ours
# an exercise id is a string literal "NN.slug" in a code cell (given to kit.Exercise directly or
# through a lesson's helper); the slug has a letter, so a number such as "02.5" is not one
_EXERCISE_ID = re.compile(r"[\"'](\d\d\.(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*)[\"']")
_notices: list[str] = []


def notices() -> list[str]:
    """The one-line messages about files set aside in this session (newest last)."""
    return list(_notices)


def _folder() -> Path:
    return userdata.data_dir("progress")


# The learner's name is the same for the drill and the lessons: kept by ``userdata``.
learner = userdata.learner
set_learner = userdata.set_learner
on_class_server = userdata.on_class_server


def progress_file(name: str | None = None) -> Path:
    """The JSON file holding ``name``'s progress (the current learner's by default)."""
    return _folder() / f"{userdata.safe_name(name or learner())}.json"


def _valid(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("attempts"), int) and entry["attempts"] >= 0
            and isinstance(entry.get("solved"), bool) and isinstance(entry.get("first_try"), bool))


def _set_aside(path: Path, why: str) -> None:
    aside = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    try:
        os.replace(path, aside)
        where = f"kept it as {aside.name}"
    except OSError:
        where = "left it in place"
    line = f"Progress file {path.name} could not be read ({why}); {where} and started afresh."
    _notices.append(line)
    sys.stderr.write(line + "\n")


def load(name: str | None = None) -> dict[str, dict[str, Any]]:
    """``name``'s progress: exercise id -> ``{"attempts", "solved", "first_try"}``."""
    path = progress_file(name)
    try:
        if path.stat().st_size > MAX_BYTES:
            _set_aside(path, "too large")
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        _set_aside(path, type(err).__name__)
        return {}
    exercises = data.get("exercises") if isinstance(data, dict) else None
    if not isinstance(exercises, dict) or not all(_valid(e) for e in exercises.values()):
        _set_aside(path, "not a progress file")
        return {}
    return {str(k): dict(v) for k, v in exercises.items()}


def record(exercise_id: str, right: bool, name: str | None = None, answer: Any = "") -> dict[str, Any]:
    """Record one judged answer; returns the exercise's entry.  A folder that cannot be written is
    said in one line (the lesson goes on; the attempt is simply not kept).

    On a class server the answer (``answer``: what the learner gave, which the teacher's dashboard
    counts among the common wrong ones) also goes to the kernel's journal, which the server files
    under the roster name of the browser it handed this kernel to: a name in the page's address
    names no one there."""
    userdata.journal({"kind": "exercise", "item": exercise_id, "answer": _answer_text(answer), "right": bool(right)})
    name = name or learner()
    if not name:
        return {"attempts": 1, "solved": right, "first_try": right}
    exercises = load(name)
    entry = exercises.get(exercise_id, {"attempts": 0, "solved": False, "first_try": False})
    entry["attempts"] += 1
    if right and not entry["solved"]:
        entry["first_try"] = entry["attempts"] == 1
        entry["solved"] = True
    exercises[exercise_id] = entry
    try:
        userdata.write_json(progress_file(name), {"version": VERSION, "learner": name, "exercises": exercises})
    except OSError as err:
        line = f"Progress not saved: {err.strerror or err} in {progress_file(name).parent}."
        _notices.append(line)
        sys.stderr.write(line + "\n")
    return entry


def _answer_text(answer: Any) -> str:
    """An answer as the dashboard shows it: cards by their names, a list joined by spaces."""
    if isinstance(answer, (list, tuple)):
        return " ".join(str(a) for a in answer)
    return "" if answer is None else str(answer)


def _notebooks() -> Path:
    """The lesson notebooks: the copy shipped in the package when present, else the checkout's."""
    try:
        from tarot_learn import resources   # the package's files (lessons, rule sheets, results)

        return Path(resources.path("notebooks"))
    except ImportError:
        here = Path(__file__).resolve().parents[1]
        shipped = here / "_data" / "notebooks"
        return shipped if shipped.exists() else here.parent / "notebooks"


def lesson_exercises(folder: Path | None = None) -> dict[str, tuple[str, list[str]]]:
    """Each lesson's number -> (its title, the ids of its exercises in order), read from the notebooks."""
    lessons: dict[str, tuple[str, list[str]]] = {}
    for path in sorted((folder or _notebooks()).glob("[0-9][0-9]_*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        sources = ["".join(c.get("source", "")) for c in cells if isinstance(c, dict)]
        code = [s for c, s in zip(cells, sources) if c.get("cell_type") == "code"]
        title = next((s.splitlines()[0].lstrip("# ").strip() for s in sources if s.startswith("# ")), path.stem)
        ids = list(dict.fromkeys(i for s in code for i in _EXERCISE_ID.findall(s) if i[:2] == path.stem[:2]))
        lessons[path.stem[:2]] = (title, ids)
    return lessons


@dataclass(frozen=True)
class LessonProgress:
    """One lesson's line of the summary."""

    lesson: str
    title: str
    solved: int
    total: int
    first_try: int


def summary(name: str | None = None, folder: Path | None = None) -> list[LessonProgress]:
    """Per lesson: exercises solved (and solved on the first try) out of the lesson's exercises."""
    done = load(name)
    lines = []
    for lesson, (title, ids) in lesson_exercises(folder).items():
        entries = [done[i] for i in ids if i in done]
        lines.append(LessonProgress(lesson, title, sum(e["solved"] for e in entries), len(ids),
                                    sum(e["first_try"] for e in entries)))
    return lines
