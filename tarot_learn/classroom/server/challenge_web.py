"""The class challenge on the class server: the teacher's page and the students' way in.

* ``/tarot/challenge``: a student's link (from the landing page) to the challenge's Voila page
  (``challenge.ipynb``), whose kernel reads the challenge from the class file and submits results;
* ``/tarot/challenge/api``: the current challenge and its leaderboard (names, moves, time: never a
  code, since a result code names the deal);
* ``/tarot/challenge/board``: the leaderboard for the projector, large and without a control;
* ``/tarot/challenge/teacher``: behind the teacher's password (a second password, beside the class
  password every page needs): set the game, options, deal (or a solver line length range) and time
  limit, watch the leaderboard (pushed to the page as it changes, :mod:`.live`), see and reuse the
  deal codes of past challenges, end the challenge, free a name, download the results as CSV, and
  open the presenter (:mod:`tarot_learn.classroom.presenter_page`) on a student's game, a
  challenge's solver line or a lesson position.

The teacher's login is a signed cookie holding a digest of the teacher's password, so a new
password at the next start logs every old session out.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import math
import time
from typing import Any

from tornado import web

from tarot_learn import games
from tarot_learn.classroom.model import presentations
from tarot_learn.classroom.model.challenge import MAX_MINUTES, ChallengeBook, board_json, patience_games, teacher_json
from tarot_learn.classroom.server.auth_limits import LoginLimits
from tarot_learn.classroom.server.base import LOGIN_PAGE, TEACHER_COOKIE, ClassHandler
from tarot_learn.classroom.server.dashboard_web import free_roster_name
from tarot_learn.errors import OptionError, TarotLearnError
from tarot_learn.lessons.strategy import DECISIONS

__all__ = ["ROUTES", "game_choices", "lesson_positions", "STUDENT_PAGE", "PRESENTER_PAGE", "COURSE_ORDER"]

STUDENT_PAGE = "voila/render/challenge.ipynb"
PRESENTER_PAGE = "voila/render/presenter.ipynb"
COURSE_ORDER = ("tarot-solitaire", "klondike", "american-toad")   # the patiences in the lessons' order (04, 05, 06)
WRONG_PASSWORD_DELAY = 1.0    # seconds: guessing the teacher's password by script is slow
# Wrong teacher passwords listened to a minute (per address, and from the whole room): a script's
# parallel tries would each wait the delay above side by side.  Apart from the class password's.
TEACHER_LOGINS = LoginLimits(per_address=10, overall=30)
STYLES = ("teacher.css",)
TITLE = "Class challenge: teacher"


def _word(value: object) -> str:
    """An option's value in words: ``True`` -> ``yes``, ``king_only`` -> ``king only``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def game_choices() -> list[dict]:
    """Each challenge game (in the course's order, so the first is the one the lessons start with),
    its title and options (name, label in words, choices with their words, default) for the teacher's
    form: a new option of a game appears there without a change to the page."""
    names = sorted(patience_games(), key=lambda n: (COURSE_ORDER.index(n) if n in COURSE_ORDER else 99, n))
    return [{"name": name, "title": games.get(name).title,
             "options": [{"name": o.name, "label": o.help[:1].upper() + o.help[1:],
                          "choices": [[str(c), _word(c)] for c in o.choices], "default": str(o.default)}
                         for o in games.options(name)]}
            for name in names]


def lesson_positions() -> list[str]:
    """The lesson positions the presenter can show (lesson 04's "keep it winnable" decisions)."""
    return [f"Lesson 04 (Tarot Solitaire): keep it winnable, position {i}" for i in range(1, len(DECISIONS) + 1)]


class StudentLink(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        self.redirect(self.base_url + STUDENT_PAGE)


class StudentApi(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        book = self.classroom.book
        self.finish(board_json(book, book.current(), time.time()))


class TeacherPage(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        if not self.teacher_or_login(TITLE, STYLES):
            return
        setup = json.dumps({"games": game_choices(), "max_minutes": MAX_MINUTES, "positions": lesson_positions()})
        self.page("teacher.html", TITLE, STYLES, ("live.js", "teacher.js"), setup=setup)


class ProjectorPage(ClassHandler):
    """The leaderboard for the projector: the challenge's title, the time left and the ranking, large,
    with nothing to press (it shows what every page may know, pushed live)."""

    @web.authenticated
    def get(self) -> None:
        self.page("projector.html", "Class challenge", ("projector.css",), ("live.js", "projector.js"))


class TeacherLogin(ClassHandler):
    @web.authenticated
    async def post(self) -> None:
        address = self.request.remote_ip or "?"
        wait = TEACHER_LOGINS.wait(address)
        if wait > 0:
            self.set_header("Retry-After", str(math.ceil(wait)))
            return self.page(LOGIN_PAGE, TITLE, STYLES, status=429,
                             message=f"Too many wrong passwords: try again in {math.ceil(wait)} seconds.")
        digest = self.classroom.teacher_digest()
        given = self.get_body_argument("password", "")[:200]
        expected = self.classroom.teacher_password or ""
        if digest is None or not hmac.compare_digest(given.encode(), expected.encode()):
            TEACHER_LOGINS.failed(address)
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
            return self.page(LOGIN_PAGE, TITLE, STYLES, status=403,
                             message="That is not the teacher's password.")
        self.set_secure_cookie(TEACHER_COOKIE, digest, expires_days=1, httponly=True, samesite="Strict")
        self.redirect(self.base_url + "tarot/challenge/teacher")


class TeacherApi(ClassHandler):
    """``GET``: the challenge, its leaderboard and the names that joined; ``POST {"action":
    "create", "game", "options", "deal", "minutes", "lines"}`` (``lines``: ``[shortest, longest]``
    or none), ``{"action": "end"}``, ``{"action": "free", "name"}`` (the next page to join under
    that name takes it) or ``{"action": "present", "source": "result" | "line" | "position", ...}``
    (answers ``present``, the presenter's address with its ticket)."""

    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        self.finish(teacher_json(self.classroom.book, time.time()))

    @web.authenticated
    async def post(self) -> None:
        self.require_teacher()
        data = self.json_body()
        try:
            # In a thread: a "winnable" deal is searched by the solver, and the students' pages
            # must not wait for it.
            extra = await asyncio.get_running_loop().run_in_executor(None, act, self.classroom.book, data)
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        if data.get("action") == "free":            # the class list frees the name too: one name everywhere
            free_roster_name(self.classroom.roster, data.get("name"))
        self.classroom.publish()
        answer = teacher_json(self.classroom.book, time.time())
        if "ticket" in extra:
            answer["present"] = f"{self.base_url}{PRESENTER_PAGE}?ticket={extra['ticket']}"
        self.finish(answer)


def act(book: ChallengeBook, data: dict[str, Any]) -> dict[str, str]:
    """Do what the teacher's form asked (a presenter's ticket, when asked for); a refusal raises one line."""
    action = data.get("action")
    if action == "create":
        book.create(str(data.get("game", "")), data.get("options") or {}, str(data.get("deal") or ""),
                    data.get("minutes", 20), data.get("lines"))
    elif action == "present":
        return {"ticket": presentations.issue(book.store, presented(book, data))}
    elif action == "end":
        current = book.current()
        if current is None:
            raise OptionError("there is no challenge to end")
        book.end(current)
    elif action == "free":
        current = book.current()
        if current is None or not book.free(current, data.get("name")):
            raise OptionError("no one joined the challenge under that name")
    else:
        raise OptionError("the action is 'create', 'end', 'free' or 'present'")
    return {}


def presented(book: ChallengeBook, data: dict[str, Any]) -> dict[str, Any]:
    """What the presenter is to show: a student's best game of the current challenge (``name``), a
    challenge's solver line (``challenge``: its number) or a lesson position (``index``, from 0)."""
    source = data.get("source")
    if source == "result":
        current = book.current()
        name = str(data.get("name") or "")[:80]
        code = book.entry_code(current, name) if current is not None else None
        if code is None:
            raise OptionError(f"{name or 'that name'} has no game on the leaderboard yet")
        return {"code": code, "title": f"{name}'s game in challenge {current.id}"}   # type: ignore[union-attr]
    if source == "line":
        try:
            number = int(data.get("challenge"))   # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):    # JSON's Infinity is a float too
            raise OptionError("the challenge is given by its number") from None
        if not 0 < number < 2 ** 62:      # a number the class file can hold
            raise OptionError(f"there is no challenge {number}")
        found = book.get(number)
        if not found.line:
            raise OptionError(f"challenge {found.id}'s deal was not searched by the solver (only winnable deals "
                              "and line length ranges are): present a student's game instead")
        return {"deal": found.deal_code, "moves": list(found.line),
                "title": f"The solver's line for challenge {found.id}: {found.title}"}
    if source == "position":
        index = data.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(DECISIONS):
            raise OptionError(f"a lesson position is a number from 0 to {len(DECISIONS) - 1}")
        return {"position": index, "title": lesson_positions()[index]}
    raise OptionError("the presenter shows a 'result', a 'line' or a 'position'")


class TeacherCsv(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        book = self.classroom.book
        current = book.current()
        if current is None:
            raise web.HTTPError(404, "no challenge yet")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="challenge-{current.id}.csv"')
        self.finish(book.csv(current))


ROUTES: list[tuple[str, type]] = [
    ("/tarot/challenge", StudentLink),
    ("/tarot/challenge/api", StudentApi),
    ("/tarot/challenge/board", ProjectorPage),
    ("/tarot/challenge/teacher", TeacherPage),
    ("/tarot/challenge/teacher/login", TeacherLogin),
    ("/tarot/challenge/teacher/api", TeacherApi),
    ("/tarot/challenge/teacher/results.csv", TeacherCsv),
]
