"""The roster and the teacher's class dashboard on the class server.

* ``/tarot/name/api``: a student's browser names itself once (``POST {"name"}``) and reads its name
  and its own progress, lesson by lesson (``GET``); the name is bound to the browser's server-made
  identity (:mod:`.identity`), so every page the browser opens afterwards (lessons, drills, the
  challenge, the shared tables) records under it (:func:`roster_name` for the tables' requests;
  the challenge's kernel reads whose it is from the server's record,
  :func:`~tarot_learn.classroom.model.journal.record_owner`);
* ``/tarot/teacher/dashboard``: the teacher's dashboard (per student and lesson, per exercise; live
  through the ``dashboard`` topic of :mod:`.live`), with the roster's controls;
* ``/tarot/teacher/dashboard/api``: the dashboard as JSON (``GET``) and the roster's changes
  (``POST {"action": "add", "names"}``, ``rename``, ``merge``, ``free``, ``remove``);
* ``/tarot/teacher/dashboard.csv``: the gradebook, one row per student;
* ``/tarot/teacher/projector``: the class summary, large and with no control, for the projector.

Every teacher route needs the teacher's login beside the class password.

Lesson answers are filed by the server, not sent by pages: each kernel writes its answers to the
class's journal, and :func:`start_filing` files them every :data:`FILE_EVERY_MS` under the browser
the server handed that kernel to (the kernel manager's own record).  A page cannot name anyone:
``?learner=`` in an address, or any value a page sets, never reaches the filing.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from tornado import web
from tornado.ioloop import PeriodicCallback

from tarot_learn.classroom.model import dashboard as board
from tarot_learn.classroom.model.journal import Journal, clear_owners, record_owner
from tarot_learn.classroom.model.names import check_name, name_key
from tarot_learn.classroom.model.roster import browser_digest, parse_names
from tarot_learn.classroom.server import identity
from tarot_learn.classroom.server.base import ClassHandler
from tarot_learn.classroom.server.classroom import CLASSROOM
from tarot_learn.errors import OptionError, TarotLearnError

__all__ = ["ROUTES", "start_filing", "FILE_EVERY_MS", "act", "roster_name", "free_roster_name"]

FILE_EVERY_MS = 2000        # how often the kernels' answers are filed
STYLES = ("teacher.css", "dashboard.css")
TITLE = "Class dashboard"
LOG_IN_FIRST = "The dashboard needs the teacher's password: log in, then open it again."


class NameApi(ClassHandler):
    """A student's browser and its roster name."""

    @web.authenticated
    def get(self) -> None:
        user = identity.current_identity(self)
        if user is None or user.username == identity.TEACHER:
            return self.finish({"name": None, "teacher": True})
        student = self.classroom.roster.student_of(user.username)
        if student is None:
            freed = self.classroom.roster.freed(browser_digest(user.username))
            return self.finish({"name": None, "teacher": False, "progress": [], "freed": freed})
        self.finish({"name": student.name, "teacher": False, "progress": own_progress(self.classroom, student.id)})

    @web.authenticated
    def post(self) -> None:
        user = identity.current_identity(self)
        if user is None or user.username == identity.TEACHER:
            return self.refuse(403, "the teacher's browser takes no student name: students name themselves "
                                    "on their own laptops")
        try:
            student = self.classroom.roster.claim(user.username, self.json_body().get("name"))
        except OptionError as err:
            return self.refuse(400, str(err))
        identity.bind_name(self, student.name)
        self.classroom.publish()
        self.finish({"name": student.name, "teacher": False})


def free_roster_name(roster: Any, name: object) -> bool:
    """The teacher freed ``name`` in the challenge: free it on the class list too (a student moved to
    another laptop, whose browser takes the name next).  Whether the list had it."""
    try:
        wanted = name_key(check_name(name))
    except OptionError:
        return False
    found = [s for s in roster.students() if name_key(s.name) == wanted]
    for student in found:
        roster.free(student.id)
    return bool(found)


def own_progress(classroom: Any, student_id: int) -> list[dict[str, Any]]:
    """What a student sees of their own line of the dashboard: per lesson they answered in, its
    title, exercises solved of its exercises and solved at the first try (never another student's)."""
    data = json.loads(classroom.dashboard.text())        # built once per change for the whole class
    mine = next((s for s in data["students"] if s["id"] == student_id), None)
    if mine is None:
        return []
    titles = {line["lesson"]: line["title"] for line in data["lessons"]}
    return [{"lesson": n, "title": titles.get(n, f"Lesson {n}"), "solved": v["solved"], "total": v["total"],
             "first_try": v["first_try"]} for n, v in sorted(mine["lessons"].items())]


def roster_name(handler: Any, typed: object, cookie: bool = True) -> str:
    """The name a student's request plays under (the shared tables): the browser's roster name,
    whatever ``typed`` says, or ``typed`` taken in the roster for this browser (one line refusing a
    name another browser holds).  The teacher's browser plays under what it types.  ``cookie``:
    the answer may still carry the browser's new name (not a web socket's)."""
    typed = "" if typed is None else typed
    if not isinstance(typed, str):
        raise OptionError("a name is text: type your first name")
    user = identity.current_identity(handler)
    if user is None or user.username == identity.TEACHER:
        return typed
    roster = handler.classroom.roster
    student = roster.student_of(user.username)
    if student is None:
        student = roster.claim(user.username, typed)
        if cookie:
            identity.bind_name(handler, student.name)
        handler.classroom.publish()
    return student.name


class TeacherPage(ClassHandler):
    """A teacher's page: the login form until the teacher's password is given."""

    template = "teacher_dashboard.html"
    scripts: tuple[str, ...] = ("common.js", "live.js", "dashboard.js")

    @web.authenticated
    def get(self) -> None:
        if self.teacher_or_login(TITLE, STYLES, LOG_IN_FIRST):
            self.page(self.template, TITLE, STYLES, self.scripts)


class ProjectorPage(TeacherPage):
    template = "projector_dashboard.html"
    scripts = ("live.js", "dashboard.js")


class DashboardApi(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(self.classroom.dashboard.text())

    @web.authenticated
    def post(self) -> None:
        self.require_teacher()
        try:
            said = act(self.classroom.roster, self.json_body(), self.classroom.book)
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.classroom.publish()
        self.finish({"said": said})


def act(roster: Any, data: dict[str, Any], book: Any = None) -> str:
    """Do what the teacher asked of the roster; returns one line saying what was done (a refusal
    raises one line).  A rename or a freed name carries to the challenge ``book``'s rows."""
    action = data.get("action")
    if action == "add":
        text = data.get("names")
        if not isinstance(text, str):
            raise OptionError("paste the names, one a line, or a CSV file whose first column holds them")
        added, refused = roster.add(parse_names(text))
        return f"Added {len(added)} name{'s' * (len(added) != 1)}." + (" " + "; ".join(refused) if refused else "")
    if action == "rename":
        old = roster.get(data.get("id")).name
        new = roster.rename(data.get("id"), data.get("name")).name
        if book is not None:
            board.carry_rename(book, old, new)
        return f"Renamed to {new}."
    if action == "merge":
        source = roster.get(data.get("id")).name
        return f"{source} is now part of {roster.merge(data.get('id'), data.get('into')).name}."
    if action == "free":
        name = roster.free(data.get("id")).name
        if book is not None:
            board.carry_free(book, name)
        return f"{name} is free: the next browser that types it takes it."
    if action == "remove":
        name = roster.get(data.get("id")).name
        roster.remove(data.get("id"))
        return f"{name} is off the roster."
    raise OptionError("the action is 'add', 'rename', 'merge', 'free' or 'remove'")


class DashboardCsv(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-dashboard.csv"')
        self.finish(board.to_csv(self.classroom.dashboard.data()))


def _forget_owners(serverapp: Any, class_dir: Any) -> None:
    try:
        clear_owners(class_dir)
    except OSError as err:       # said; a stale record names a kernel id no kernel will have again
        serverapp.log.warning("Forgetting whose the kernels were failed: %s", err)


def start_filing(serverapp: Any, every_ms: int = FILE_EVERY_MS) -> Callable[[], None]:
    """File the kernels' answers on the server's loop (see the module); returns what stops it.  With
    a kernel manager that records no owners (a plain Jupyter Server), nothing is filed."""
    classroom, km = serverapp.web_app.settings[CLASSROOM], serverapp.kernel_manager
    owners = getattr(km, "owners", None)
    if owners is None:
        return lambda: None
    journal = Journal(classroom.class_dir, classroom.roster)

    def owned(kernel: str, username: str | None) -> None:
        try:
            record_owner(classroom.class_dir, kernel, username)
        except OSError as err:     # the kernel's page then asks for a name, as off the class server
            serverapp.log.warning("Recording whose kernel %s is failed: %s", kernel, err)

    def collect(final: bool = False) -> None:
        try:
            journal.flush(owners) if final else journal.collect(owners, lambda kernel: kernel in km)
        except (OSError, TarotLearnError) as err:   # a class folder gone read-only: said, tried again
            serverapp.log.warning("Filing the lessons' answers failed: %s", err)

    _forget_owners(serverapp, classroom.class_dir)     # a record left by the last run names no kernel of this one
    km.on_owner = owned
    km.on_stop = lambda: stop()     # the last seconds' answers are filed as the server stops
    clock = PeriodicCallback(collect, every_ms)
    clock.start()

    def stop() -> None:
        """Stop the clock and file the last seconds' answers (the server is stopping)."""
        clock.stop()
        collect(final=True)
        _forget_owners(serverapp, classroom.class_dir)

    return stop


ROUTES: list[tuple[str, type]] = [
    ("/tarot/name/api", NameApi),
    ("/tarot/teacher/dashboard", TeacherPage),
    ("/tarot/teacher/dashboard/api", DashboardApi),
    ("/tarot/teacher/dashboard.csv", DashboardCsv),
    ("/tarot/teacher/projector", ProjectorPage),
]
