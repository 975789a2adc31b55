"""The class challenge on the class server: the teacher's page and the students' way in.

* ``/tarot/challenge``: a student's link (from the landing page) to the challenge's Voila page
  (``challenge.ipynb``), whose kernel reads the challenge from the class file and submits results;
* ``/tarot/challenge/api``: the current challenge and its leaderboard (names, moves, time: never a
  code, since a result code names the deal);
* ``/tarot/challenge/teacher``: behind the teacher's password (a second password, beside the class
  password every page needs): set the game, options, deal and time limit, watch the leaderboard
  (pushed to the page as it changes, :mod:`.live`), end the challenge, download the results as CSV.

The teacher's login is a signed cookie holding a digest of the teacher's password, so a new
password at the next start logs every old session out.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from typing import Any

from tornado import web

from tarot_learn import games
from tarot_learn.classroom.model.challenge import MAX_MINUTES, ChallengeBook, board_json, patience_games, teacher_json
from tarot_learn.classroom.server.base import TEACHER_COOKIE, ClassHandler
from tarot_learn.errors import OptionError, TarotLearnError

__all__ = ["ROUTES", "game_choices", "STUDENT_PAGE"]

STUDENT_PAGE = "voila/render/challenge.ipynb"
WRONG_PASSWORD_DELAY = 1.0    # seconds: guessing the teacher's password by script is slow
STYLES = ("teacher.css",)
TITLE = "Class challenge: teacher"


def game_choices() -> dict[str, dict]:
    """Each challenge game's title and options (name, choices, default, help) for the teacher's form:
    a new option of a game appears there without a change to the page."""
    return {name: {"title": games.get(name).title,
                   "options": [{"name": o.name, "choices": [str(c) for c in o.choices], "default": str(o.default),
                                "help": o.help} for o in games.options(name)]}
            for name in patience_games()}


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
        if self.classroom.teacher_digest() is None:
            return self.page("teacher_login.html", TITLE, STYLES, status=403,
                             message="This server has no teacher password: start it with tarot-learn classroom.")
        if not self.is_teacher():
            return self.page("teacher_login.html", TITLE, STYLES, status=403, message="")
        setup = json.dumps({"games": game_choices(), "max_minutes": MAX_MINUTES})
        self.page("teacher.html", TITLE, STYLES, ("live.js", "teacher.js"), setup=setup)


class TeacherLogin(ClassHandler):
    @web.authenticated
    async def post(self) -> None:
        digest = self.classroom.teacher_digest()
        given = self.get_body_argument("password", "")[:200]
        expected = self.classroom.teacher_password or ""
        if digest is None or not hmac.compare_digest(given.encode(), expected.encode()):
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
            return self.page("teacher_login.html", TITLE, STYLES, status=403,
                             message="That is not the teacher's password.")
        self.set_secure_cookie(TEACHER_COOKIE, digest, expires_days=1, httponly=True, samesite="Strict")
        self.redirect(self.base_url + "tarot/challenge/teacher")


class TeacherApi(ClassHandler):
    """``GET``: the challenge, its leaderboard and the names that joined; ``POST {"action":
    "create", "game", "options", "deal", "minutes"}``, ``{"action": "end"}`` or ``{"action":
    "free", "name"}`` (the next page to join under that name takes it)."""

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
            await asyncio.get_running_loop().run_in_executor(None, act, self.classroom.book, data)
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.classroom.publish()
        book = self.classroom.book
        self.finish(board_json(book, book.current(), time.time()))


def act(book: ChallengeBook, data: dict[str, Any]) -> None:
    """Do what the teacher's form asked; a refusal raises one line."""
    action = data.get("action")
    if action == "create":
        book.create(str(data.get("game", "")), data.get("options") or {}, str(data.get("deal") or ""),
                    data.get("minutes", 20))
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
        raise OptionError("the action is 'create', 'end' or 'free'")


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
    ("/tarot/challenge/teacher", TeacherPage),
    ("/tarot/challenge/teacher/login", TeacherLogin),
    ("/tarot/challenge/teacher/api", TeacherApi),
    ("/tarot/challenge/teacher/results.csv", TeacherCsv),
]
