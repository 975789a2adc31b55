"""What a learner knows of a deck, kept between sessions: one FSRS card per question and card.

The drill asks three kinds of question about each card (its name, its value, its group); each pair
such as ``"value:T19"`` is one flash card scheduled by FSRS (the ``fsrs`` package, pure Python, so it
runs in the static site too).  A miss sends the card back to a short relearning step (minutes); a
right answer moves it on to days, then weeks.  Fuzzing is off: the same answers at the same times
give the same plan, which a learner (and a test) can check.

One JSON file per learner and deck: ``userdata.data_dir("drill", deck) / "<learner>.json"``, so two
learners on one machine, or one learner with two decks, never mix.  Writes are atomic (written
beside, then ``os.replace``); a save merges with what is on disk, so two drills open at once keep
each other's answers.  A file that cannot be read is set aside (renamed, never deleted) and the
learner starts afresh, with one line in :attr:`Memory.notice`.

>>> from datetime import datetime, timezone
>>> m = Memory(remember=False)
>>> noon = datetime(2026, 11, 23, 12, tzinfo=timezone.utc)
>>> m.review("name:T19", False, 3.0, noon).fsrs.due < m.review("name:T18", True, 3.0, noon).fsrs.due
True
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Iterable

import fsrs

from tarot_learn import userdata
from tarot_learn.errors import SaveError

__all__ = ["Memory", "Record", "Progress", "default_learner", "SCHEDULER", "MAX_BYTES"]

VERSION = 1
MAX_BYTES = 2_000_000      # 234 cards of a few hundred bytes each; anything far larger is not ours
MAX_DAYS = 400             # practice days remembered for the streak
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
GROUPS = {"T": "Trumps", "PC": "Pentacles and Cups", "SW": "Swords and Wands"}


def default_learner() -> str:
    """The learner the lessons keep progress for (``userdata.learner``: the name chosen on the
    start-here page, ``TAROT_LEARN_LEARNER``, or the computer's user); ``""`` on a class server until
    the student gives a name."""
    return userdata.learner()


@dataclass
class Record:
    """One flash card: its FSRS state and the learner's answers to it over every session."""

    fsrs: fsrs.Card
    asked: int = 0
    correct: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return {"fsrs": self.fsrs.to_dict(), "asked": self.asked, "correct": self.correct,
                "seconds": round(self.seconds, 3)}

    @classmethod
    def from_dict(cls, data: dict) -> "Record":
        card = fsrs.Card.from_dict(data["fsrs"])
        asked, correct, seconds = int(data["asked"]), int(data["correct"]), float(data["seconds"])
        if not 0 <= correct <= asked or seconds < 0 or card.due.tzinfo is None:
            raise SaveError("inconsistent counts")
        return cls(card, asked, correct, seconds)

    @property
    def known(self) -> bool:
        """Graduated to FSRS's Review state (answered right across the learning steps, not lapsed since)."""
        return self.fsrs.state == fsrs.State.Review


@dataclass(frozen=True)
class Progress:
    """The progress panel's figures for a set of flash cards."""

    known: int
    total: int
    due_today: int                         # seen cards due again before the end of today
    new: int                               # never answered
    groups: dict[str, tuple[int, int]]     # group label -> (right, asked) over every session, groups drilled
    streak: int                            # days in a row with practice, up to today (or yesterday)

    def __str__(self) -> str:
        days = f"{self.streak} day{'s' if self.streak != 1 else ''}"
        accuracy = ", ".join(f"{label} {100 * r / a:.0f}%" for label, (r, a) in self.groups.items() if a)
        return (f"{self.known} of {self.total} known · {self.due_today} due today · {self.new} new · "
                f"streak {days}" + (f" · accuracy: {accuracy}" if accuracy else ""))


class Memory:
    """One learner's flash cards for one deck (``remember=False``: kept in memory only)."""

    def __init__(self, deck: str = "default", learner: str | None = None, *, remember: bool = True) -> None:
        name = learner if learner is not None else default_learner()
        self.deck = userdata.safe_name(deck)
        self.learner = userdata.safe_name(name)
        # no name (a class server before the student typed one): kept for no one, never a shared file
        self.path: Path | None = (userdata.data_dir("drill", self.deck) / f"{self.learner}.json"
                                  if remember and name.strip() else None)
        self.records: dict[str, Record] = {}
        self.days: list[str] = []
        self.notice = ("" if self.path or not remember else
                       "Not kept: type your name on the start-here page to keep your drill.")
        self._touched: set[str] = set()
        self._raw: dict[str, dict] = {}                 # the file's cards as written, for quick saves
        self._stamp: tuple[int, int, int] | None = None     # the file as this drill last read or wrote it
        if self.path is not None:
            self._load(self.path)

    def get(self, flashcard: str) -> Record | None:
        """The record of ``flashcard`` (``"name:T19"``), None when it was never asked."""
        return self.records.get(flashcard)

    def review(self, flashcard: str, correct: bool, seconds: float, when: datetime) -> Record:
        """Schedule ``flashcard`` after an answer at ``when`` (UTC) and save; returns its record."""
        record = self.records.get(flashcard) or Record(fsrs.Card(card_id=len(self.records) + 1, due=when))
        # Right is Good, wrong is Again.  Not Hard for a slow answer: a learner who reads slowly
        # would never leave the learning steps.
        rating = fsrs.Rating.Good if correct else fsrs.Rating.Again
        record.fsrs, _log = SCHEDULER.review_card(record.fsrs, rating, when)
        record.asked += 1
        record.correct += bool(correct)
        record.seconds += max(0.0, seconds)
        self.records[flashcard] = record
        self._touched.add(flashcard)
        day = _local_day(when).isoformat()
        if day not in self.days:
            self.days = sorted([*self.days, day])[-MAX_DAYS:]
        self.save([flashcard])
        return record

    def progress(self, flashcards: Iterable[str], now: datetime, group_of: dict[str, str]) -> Progress:
        """Figures for ``flashcards`` (``group_of`` maps each to ``"T"``, ``"PC"`` or ``"SW"``) at ``now``."""
        end_of_day = datetime.combine(_local_day(now) + timedelta(days=1), datetime.min.time()).astimezone()
        known = due = new = 0
        names = list(flashcards)
        present = {group_of[f] for f in names}
        groups = {label: (0, 0) for code, label in GROUPS.items() if code in present}
        for flashcard in names:
            record = self.records.get(flashcard)
            if record is None:
                new += 1
                continue
            known += record.known
            due += record.fsrs.due < end_of_day
            label = GROUPS[group_of[flashcard]]
            right, asked = groups[label]
            groups[label] = (right + record.correct, asked + record.asked)
        return Progress(known, len(names), due, new, groups, self.streak(now))

    def streak(self, now: datetime) -> int:
        """Days in a row with at least one answer, ending today or yesterday (0 when broken)."""
        days = {date.fromisoformat(d) for d in self.days}
        day = _local_day(now)
        if day not in days:
            day -= timedelta(days=1)
        count = 0
        while day in days:
            count, day = count + 1, day - timedelta(days=1)
        return count

    # ---- the file ------------------------------------------------------------------------------
    def save(self, changed: Iterable[str] | None = None) -> None:
        """Write the file atomically, keeping cards another drill saved meanwhile.

        ``changed`` names the cards answered since the last save (all this session's by default);
        when the file is as this drill last wrote it, only those are serialised again."""
        if self.path is None:
            return
        if self._stamp is None or self._stamp != _stamp(self.path):     # new, or written by another drill
            try:
                self._raw, days = self._read_raw(self.path)
            except (OSError, ValueError):      # gone or spoilt since: keep what this drill knows
                days = []
            self.days = sorted(set(days) | set(self.days))[-MAX_DAYS:]
            changed = self._touched
        self._raw.update((f, self.records[f].to_dict()) for f in (self._touched if changed is None
                                                                  else changed))
        data = {"version": VERSION, "deck": self.deck, "learner": self.learner, "days": self.days,
                "cards": dict(sorted(self._raw.items()))}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps(data, separators=(",", ":")))   # one C-encoded string: far quicker than dump
        os.replace(tmp, self.path)
        self._stamp = _stamp(self.path)

    @staticmethod
    def _read_raw(path: Path) -> tuple[dict[str, dict], list[str]]:
        """The file's cards as plain dicts and its days; raises SaveError (or OSError) when unreadable."""
        if path.stat().st_size > MAX_BYTES:
            raise SaveError("too large")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise SaveError("not JSON") from None
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("cards"), dict):
            raise SaveError("not a drill file")
        days = [date.fromisoformat(str(d)).isoformat() for d in data.get("days", [])][-MAX_DAYS:]
        return {str(k): v for k, v in data["cards"].items()}, days

    def _load(self, path: Path) -> None:
        """Read the learner's file; an unreadable one is set aside (renamed) and the drill starts afresh."""
        if not path.exists():
            return
        try:
            raw, days = self._read_raw(path)
            records = {k: Record.from_dict(v) for k, v in raw.items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            kept = path.with_name(f"{path.stem}.unreadable-{int(time.time())}.json")
            try:
                os.replace(path, kept)
            except OSError:
                kept = path
            self.notice = (f"The drill file {path.name} could not be read ({type(err).__name__}); "
                           f"it was kept as {kept.name} and your drill starts afresh.")
            return
        self.records, self.days, self._raw, self._stamp = records, days, raw, _stamp(path)


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells whether a file changed since we wrote it: every write replaces the file (a new
    inode), and its modification time and size."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def _local_day(when: datetime) -> date:
    """The learner's calendar day at ``when`` (their computer's time zone)."""
    return when.astimezone().date()
