"""The class's roster: each student once, the browsers bound to them, and what their pages answered.

A student types their name once on the class page (or the teacher loads the class list); the name
follows the one name rule (:mod:`.names`: ``Ben`` and ``ben`` are one student) and is bound to that
browser's server-made identity, which the class file keeps only as a digest.  A name held by a
browser is refused to every other browser until the teacher frees it; a name the teacher loaded, or
freed, goes to the first browser that types it.  The teacher can also rename a student and merge two
(their browsers and answers become one student's).

Lesson and drill answers reach the roster through :meth:`Roster.file`: the server files them under
the browser that owns the kernel that wrote them (never under a name a page gives).  Answers from a
browser with no name yet wait, and join the student the browser names itself as.

>>> from tarot_learn.classroom.model.store import ClassStore
>>> roster = Roster(ClassStore(":memory:"))
>>> roster.claim("a" * 32, " Ben ").name
'Ben'
>>> roster.claim("a" * 32, "BEN").name          # the same browser, the same student
'Ben'
>>> roster.claim("b" * 32, "ben")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: Ben is taken by another browser: pick another name, or ask your teacher to free it
"""

from __future__ import annotations

import csv
import io
import json
import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from tarot_learn.classroom.model.keys import hash_any
from tarot_learn.classroom.model.names import check_name, name_key
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.errors import OptionError

__all__ = ["Roster", "Student", "parse_names", "KINDS", "MAX_LIST", "MAX_ANSWER", "MAX_ITEM"]

KINDS = ("exercise", "drill")   # what a page's answer is to: a lesson's exercise, a drill's card
MAX_LIST = 200                  # names in one class list the teacher loads
MAX_ANSWER = 120                # characters kept of an answer (the dashboard shows the common wrong ones)
MAX_ITEM = 60                   # characters of an exercise id or a card's name
MAX_EVENT = 80                  # characters of an answer's own id (kernel id and a counter)


@dataclass(frozen=True)
class Student:
    """One student of the roster: ``bound`` when a browser holds the name now."""

    id: int
    name: str
    bound: bool

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "bound": self.bound}


def browser_digest(identity: str) -> str:
    """What the class file keeps of a browser's server-made identity."""
    return hash_any(f"roster:{identity}")


def parse_names(text: str) -> list[str]:
    """The names of a pasted list (one a line) or a CSV file (the first column; a header line whose
    first cell is ``name`` is skipped), blank lines left out."""
    if len(text) > MAX_LIST * 200:
        raise OptionError(f"a class list is at most {MAX_LIST} names: load it in parts")
    names = []
    for row in csv.reader(io.StringIO(text)):
        cell = row[0].strip() if row else ""
        if cell and not (not names and cell.casefold() in ("name", "names", "student", "first name")):
            names.append(cell)
    if len(names) > MAX_LIST:
        raise OptionError(f"a class list is at most {MAX_LIST} names: load it in parts")
    return names


class Roster:
    """The roster of one class file (see the module).  ``revision`` grows with every change made
    through this object, so a page built from the roster is rebuilt only when it changed.  The
    filed answers are read again only after a change to them: the server is their one writer."""

    def __init__(self, store: ClassStore, clock: Callable[[], float] = time.time) -> None:
        self.store, self.clock, self.revision = store, clock, 0
        self._events: list[tuple[int, str, str, str, bool, float]] | None = None

    # ----- reading -------------------------------------------------------------------------------
    def students(self) -> list[Student]:
        """Every student, by name."""
        rows = self.store.read("SELECT s.id, s.name, EXISTS (SELECT 1 FROM roster_browsers b WHERE "
                               "b.student_id = s.id AND b.active) AS bound FROM roster_students s")
        return sorted((Student(r["id"], r["name"], bool(r["bound"])) for r in rows), key=lambda s: name_key(s.name))

    def student_of(self, identity: str) -> Student | None:
        """The student a browser is bound to now (None: no name yet, or freed)."""
        return self.student_of_browser(browser_digest(identity))

    def student_of_browser(self, browser: str) -> Student | None:
        """:meth:`student_of` for the browser whose digest (:func:`browser_digest`) is ``browser``: how
        a kernel, which the server told only that digest, finds its student."""
        rows = self.store.read("SELECT s.id, s.name FROM roster_browsers b JOIN roster_students s ON "
                               "s.id = b.student_id WHERE b.browser = ? AND b.active", (browser,))
        return Student(rows[0]["id"], rows[0]["name"], True) if rows else None

    def freed(self, browser: str) -> bool:
        """Whether the teacher freed the name the browser (its digest) held and it has taken none since."""
        rows = self.store.read("SELECT active FROM roster_browsers WHERE browser = ?", (browser,))
        return bool(rows) and not rows[0]["active"]

    def get(self, student_id: object) -> Student:
        """The student ``student_id``, or one line saying there is none."""
        if not isinstance(student_id, int) or isinstance(student_id, bool):
            raise OptionError("a student is given by their id (a number): reload the page")
        found = [s for s in self.students() if s.id == student_id]
        if not found:
            raise OptionError("there is no such student (renamed or merged meanwhile?): reload the page")
        return found[0]

    # ----- a student names themself ------------------------------------------------------------------
    def claim(self, identity: str, name: object) -> Student:
        """Bind the browser ``identity`` to the student named ``name`` (made if new); a name another
        browser holds, or a second name for a named browser, is refused in one line."""
        return self.claim_browser(browser_digest(identity), name)

    def claim_browser(self, browser: str, name: object) -> Student:
        """:meth:`claim` for the browser whose digest is ``browser`` (a kernel's page names itself)."""
        shown = check_name(name)
        key, now = name_key(shown), self.clock()
        with self.store.write() as db:
            mine = db.execute("SELECT s.id, s.name, s.name_key FROM roster_browsers b JOIN roster_students s "
                              "ON s.id = b.student_id WHERE b.browser = ? AND b.active", (browser,)).fetchone()
            if mine is not None:
                if mine["name_key"] != key:
                    raise OptionError(f"this browser is already {mine['name']}: ask your teacher to rename you")
                return Student(mine["id"], mine["name"], True)
            row = db.execute("SELECT id, name FROM roster_students WHERE name_key = ?", (key,)).fetchone()
            if row is None:
                student_id = db.execute("INSERT INTO roster_students (name, name_key, added) VALUES (?, ?, ?)",
                                        (shown, key, now)).lastrowid
                row = {"id": student_id, "name": shown}
            elif db.execute("SELECT 1 FROM roster_browsers WHERE student_id = ? AND active", (row["id"],)).fetchone():
                raise OptionError(f"{row['name']} is taken by another browser: pick another name, or ask your "
                                  "teacher to free it")
            db.execute("INSERT OR REPLACE INTO roster_browsers (browser, student_id, active, bound) "
                       "VALUES (?, ?, 1, ?)", (browser, row["id"], now))
            db.execute("UPDATE learning_events SET student_id = ? WHERE browser = ? AND student_id IS NULL",
                       (row["id"], browser))
        self.revision, self._events = self.revision + 1, None
        return Student(int(row["id"]), str(row["name"]), True)

    # ----- the teacher ---------------------------------------------------------------------------
    def add(self, names: Iterable[str]) -> tuple[list[str], list[str]]:
        """Add the class list ``names``: (the names added, one line per name refused or there already)."""
        added, refused = [], []
        with self.store.write() as db:
            for typed in names:
                try:
                    shown = check_name(typed)
                except OptionError as err:
                    refused.append(f"{str(typed)[:MAX_ITEM]!r}: {err}")
                    continue
                known = db.execute("SELECT name FROM roster_students WHERE name_key = ?", (name_key(shown),)).fetchone()
                if known is not None:
                    refused.append(f"{shown}: already in the class as {known['name']}")
                    continue
                db.execute("INSERT INTO roster_students (name, name_key, added) VALUES (?, ?, ?)",
                           (shown, name_key(shown), self.clock()))
                added.append(shown)
        self.revision += 1
        return added, refused

    def rename(self, student_id: object, name: object) -> Student:
        """Give a student another name (not another student's: merge them instead)."""
        student, shown = self.get(student_id), check_name(name)
        with self.store.write() as db:
            other = db.execute("SELECT name FROM roster_students WHERE name_key = ? AND id != ?",
                               (name_key(shown), student.id)).fetchone()
            if other is not None:
                raise OptionError(f"{other['name']} is another student: merge the two instead")
            db.execute("UPDATE roster_students SET name = ?, name_key = ? WHERE id = ?",
                       (shown, name_key(shown), student.id))
        self.revision += 1
        return self.get(student.id)

    def merge(self, source_id: object, target_id: object) -> Student:
        """Make ``source`` part of ``target``: its browsers and answers become target's, its name goes."""
        source, target = self.get(source_id), self.get(target_id)
        if source.id == target.id:
            raise OptionError("pick two different students to merge")
        with self.store.write() as db:
            db.execute("UPDATE roster_browsers SET student_id = ? WHERE student_id = ?", (target.id, source.id))
            db.execute("UPDATE learning_events SET student_id = ? WHERE student_id = ?", (target.id, source.id))
            db.execute("DELETE FROM roster_students WHERE id = ?", (source.id,))
        self.revision, self._events = self.revision + 1, None
        return self.get(target.id)

    def free(self, student_id: object) -> Student:
        """Unbind a student's name from their browsers (a moved laptop): the next browser that types
        it takes it, with the answers kept; the old browser's further answers wait unfiled."""
        student = self.get(student_id)
        with self.store.write() as db:
            db.execute("UPDATE roster_browsers SET active = 0 WHERE student_id = ?", (student.id,))
        self.revision += 1
        return self.get(student.id)

    def remove(self, student_id: object) -> None:
        """Take a student off the roster with their answers (a name typed by mistake)."""
        student = self.get(student_id)
        with self.store.write() as db:
            db.execute("DELETE FROM roster_browsers WHERE student_id = ?", (student.id,))
            db.execute("DELETE FROM learning_events WHERE student_id = ?", (student.id,))
            db.execute("DELETE FROM roster_students WHERE id = ?", (student.id,))
        self.revision, self._events = self.revision + 1, None

    # ----- answers -------------------------------------------------------------------------------
    def file(self, identity: str, events: Iterable[object]) -> int:
        """File answers written by a kernel that ``identity`` owns, under the student that browser is
        now (or unfiled until it names itself); malformed ones are skipped, and so is everything a
        browser whose name the teacher freed answers until it names itself again (the name is
        someone else's now).  Filing the same answer twice keeps one.  Returns how many were new."""
        browser, rows = browser_digest(identity), [r for r in (_event_row(e) for e in events) if r is not None]
        if not rows:
            return 0
        with self.store.write() as db:
            owner = db.execute("SELECT student_id, active FROM roster_browsers WHERE browser = ?",
                               (browser,)).fetchone()
            if owner is not None and not owner["active"]:
                return 0
            student_id = owner["student_id"] if owner is not None else None
            before = db.total_changes
            db.executemany("INSERT OR IGNORE INTO learning_events (event, browser, student_id, kind, item, answer, "
                           "right, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           [(r[0], browser, student_id, *r[1:]) for r in rows])
            new = db.total_changes - before
        if new and student_id is not None:      # unnamed answers show nowhere until the browser is named
            self.revision, self._events = self.revision + 1, None
        return new

    def events(self) -> list[tuple[int, str, str, str, bool, float]]:
        """Every filed answer: (student id, kind, item, answer, right, time), oldest first."""
        if self._events is None:
            rows = self.store.read("SELECT student_id, kind, item, answer, right, at FROM learning_events "
                                   "WHERE student_id IS NOT NULL ORDER BY at, id")
            self._events = [(r[0], r[1], r[2], r[3], bool(r[4]), float(r[5])) for r in rows]
        return list(self._events)


def _event_row(event: object) -> tuple[str, str, str, str, int, float] | None:
    """An answer as a kernel wrote it (``{"event", "kind", "item", "answer", "right", "at"}``) as a row."""
    if not isinstance(event, dict):
        return None
    eid, kind, item, right, at = (event.get(k) for k in ("event", "kind", "item", "right", "at"))
    answer = event.get("answer", "")
    if not (isinstance(eid, str) and 0 < len(eid) <= MAX_EVENT and kind in KINDS and isinstance(item, str)
            and 0 < len(item) <= MAX_ITEM and isinstance(right, bool) and isinstance(at, (int, float))
            and not isinstance(at, bool) and math.isfinite(at)):
        return None
    text = answer if isinstance(answer, str) else json.dumps(answer, default=str)
    return eid, str(kind), item, " ".join(text.split())[:MAX_ANSWER], int(right), float(at)
