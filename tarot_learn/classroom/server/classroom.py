"""The class server's one object: the class folder, its store, the challenge book, the hall of
shared tables, the roster and the teacher's dashboard, the open sockets (tables and live topics),
the class's clock, the teacher's password and the page templates.

The launcher makes it and hands it to Jupyter Server under the one tornado settings key
:data:`CLASSROOM`; every handler reaches the class through it (``self.classroom``), and nothing
else of the class lives in the settings.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any, Callable

import jinja2
from tornado import ioloop

from tarot_learn.classroom.model.challenge import ChallengeBook, board_json, teacher_json
from tarot_learn.classroom.model.dashboard import Dashboard
from tarot_learn.classroom.model.hall import Hall
from tarot_learn.classroom.model.roster import Roster
from tarot_learn.classroom.model.store import ClassStore

__all__ = ["Classroom", "CLASSROOM", "DEFAULT_CLASS_DIR", "TEMPLATES", "STATIC", "TICK_MS", "TOPICS",
           "TEACHER_TOPICS"]

CLASSROOM = "tarot_learn_classroom"     # the one tornado settings key of the class
DEFAULT_CLASS_DIR = "tarot_class"       # the class folder when none is given (command line and server)
TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = Path(__file__).resolve().parent / "static"
TICK_MS = 500                           # how often the tables' clocks run and live topics are sent
TOPICS = ("lobby", "challenge", "teacher", "dashboard")   # what a page may watch live (:mod:`.live`)
TEACHER_TOPICS = ("teacher", "dashboard")                  # ... only with the teacher's login


def _lessons() -> dict[str, tuple[str, list[str]]]:
    """Each lesson's title and exercise ids, read from the lessons the package ships."""
    from tarot_learn.lessons import progress

    return progress.lesson_exercises()


class Classroom:
    """Everything the class server knows about one class (see the module)."""

    def __init__(self, class_dir: str | Path = DEFAULT_CLASS_DIR, teacher_password: str | None = None) -> None:
        self.class_dir = Path(class_dir).resolve()
        self.teacher_password = teacher_password or None
        self.store = ClassStore(self.class_dir)
        self.book = ChallengeBook(self.store)
        self.hall = Hall(self.store)
        self.roster = Roster(self.store)
        self.dashboard = Dashboard(self.roster, self.book, _lessons)
        self.sockets: dict[str, set[Any]] = {}       # table id -> the pages watching it
        self.watchers: dict[str, set[Any]] = {}      # live topic -> the pages watching it
        self.templates = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                                            autoescape=True, undefined=jinja2.StrictUndefined)
        self.load_error: str | None = "the class extension did not load"
        self._versions: dict[str, str] = {}
        self._clock: ioloop.PeriodicCallback | None = None

    # ----- the teacher ---------------------------------------------------------------------------
    def teacher_digest(self) -> str | None:
        """What the teacher's login cookie holds: a digest of the password (None: no password), so a
        new password at the next start logs every old session out."""
        if not self.teacher_password:
            return None
        return hashlib.sha256(f"tarot-teacher:{self.teacher_password}".encode()).hexdigest()[:32]

    # ----- pages -----------------------------------------------------------------------------------
    def render(self, template: str, **context: Any) -> str:
        return self.templates.get_template(template).render(**context)

    def static_version(self, name: str) -> str:
        """A short digest of a static file, so a browser fetches it again only when it changed."""
        if name not in self._versions:
            self._versions[name] = hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]
        return self._versions[name]

    # ----- the shared tables' live pages ------------------------------------------------------------
    def broadcast(self, table_id: str) -> None:
        """Send every page at ``table_id`` its own view (a page whose view did not change gets nothing)."""
        for socket in list(self.sockets.get(table_id, ())):
            socket.send_view()

    # ----- live topics ---------------------------------------------------------------------------
    def watch(self, topic: str, page: Any) -> None:
        self.watchers.setdefault(topic, set()).add(page)

    def unwatch(self, topic: str, page: Any) -> None:
        self.watchers.get(topic, set()).discard(page)

    def snapshot(self, topic: str) -> str:
        """A live topic's state now, as JSON text (see :mod:`.live`)."""
        if topic == "lobby":
            data = {"tables": self.hall.lobby()}
        elif topic == "challenge":
            data = board_json(self.book, self.book.current(), time.time())
        elif topic == "dashboard":
            return self.dashboard.text()
        else:
            data = teacher_json(self.book, time.time())
        return json.dumps(data, sort_keys=True)

    def publish(self) -> None:
        """Each watched topic's state, computed once, to every page watching it (a page that has
        it already gets nothing)."""
        for topic, pages in self.watchers.items():
            if pages:
                text = self.snapshot(topic)
                for page in list(pages):
                    page.push(text)

    def start_clock(self, every_ms: int = TICK_MS) -> Callable[[], None]:
        """Run the tables' clocks on the server's loop; returns what stops it."""
        if self._clock is None:
            self._clock = ioloop.PeriodicCallback(self._tick, every_ms)
            self._clock.start()
        return self._clock.stop

    def _tick(self) -> None:
        for table in self.hall.tick():
            self.broadcast(table.id)
        self.publish()
