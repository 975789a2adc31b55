"""The class challenge on the class server: the teacher's page and the students' way in.

* ``/tarot/challenge``: a student's link (from the landing page) to the challenge's Voila page
  (``challenge.ipynb``), whose kernel reads the challenge from the class file and submits results;
* ``/tarot/challenge/api``: the current challenge and its leaderboard (names, moves, time: never a
  code, since a result code names the deal);
* ``/tarot/challenge/teacher``: behind the teacher's password (a second password, beside the class
  password every page needs): set the game, options, deal and time limit, watch the leaderboard
  (the page asks for it every 2 seconds), end the challenge, download the results as CSV.

The teacher's login is a signed cookie holding a digest of the teacher's password, so a new
password at the next start logs every old session out.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from tarot_learn.classroom.challenge import Challenge, ChallengeBook, book_of
from tarot_learn.classroom.launcher import TEACHER_PASSWORD
from tarot_learn.classroom.teacher_page import login_page, teacher_page
from tarot_learn.errors import OptionError, TarotLearnError

__all__ = ["handlers", "TEACHER_SETTING", "TEACHER_COOKIE", "STUDENT_PAGE", "MAX_BODY"]

TEACHER_SETTING = TEACHER_PASSWORD      # the launcher puts the teacher's password in the tornado settings
TEACHER_COOKIE = "tarot_teacher"
STUDENT_PAGE = "voila/render/challenge.ipynb"
MAX_BODY = 8192
WRONG_PASSWORD_DELAY = 1.0    # seconds: guessing the teacher's password by script is slow


def _public(entries: list, now: float) -> list[dict[str, Any]]:
    return [{"rank": i, "name": e.name, "won": e.won, "moves": e.moves, "seconds": round(e.seconds or 0, 1)}
            for i, e in enumerate(entries, 1)]


def board_json(book: ChallengeBook, challenge: Challenge | None, now: float) -> dict[str, Any]:
    """What every page may know: the challenge's title and time left, the ranked results."""
    if challenge is None:
        return {"challenge": None, "leaderboard": []}
    return {"challenge": {"id": challenge.id, "title": challenge.title, "line": challenge.describe(now),
                          "seconds_left": round(challenge.seconds_left(now))},
            "leaderboard": _public(book.leaderboard(challenge), now)}


class _Base(JupyterHandler):
    @property
    def book(self) -> ChallengeBook:
        return book_of(self.settings)

    def refuse(self, status: int, line: str) -> None:
        self.set_status(status)
        self.finish({"error": line})


class StudentLink(_Base):
    @web.authenticated
    def get(self) -> None:
        self.redirect(self.base_url + STUDENT_PAGE)


class StudentApi(_Base):
    @web.authenticated
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.finish(board_json(self.book, self.book.current(), time.time()))


class _Teacher(_Base):
    """A page that also needs the teacher's password (the class password is not enough)."""

    def teacher_digest(self) -> str | None:
        password = self.settings.get(TEACHER_SETTING)
        if not password:
            return None
        return hashlib.sha256(f"tarot-teacher:{password}".encode()).hexdigest()[:32]

    def is_teacher(self) -> bool:
        digest = self.teacher_digest()
        cookie = self.get_secure_cookie(TEACHER_COOKIE, max_age_days=1)
        return bool(digest and cookie and hmac.compare_digest(cookie.decode(), digest))

    def require_teacher(self) -> None:
        if not self.is_teacher():
            raise web.HTTPError(403, "the teacher's password is needed for this page")


class TeacherPage(_Teacher):
    @web.authenticated
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        if self.teacher_digest() is None:
            self.set_status(403)
            return self.finish(login_page(self.base_url, self.xsrf_form_html(),
                                          "This server has no teacher password: start it with tarot-learn classroom."))
        if not self.is_teacher():
            self.set_status(403)
            return self.finish(login_page(self.base_url, self.xsrf_form_html(), ""))
        self.xsrf_token
        self.finish(teacher_page(self.base_url))


class TeacherLogin(_Teacher):
    @web.authenticated
    async def post(self) -> None:
        digest = self.teacher_digest()
        given = self.get_body_argument("password", "")[:200]
        expected = self.settings.get(TEACHER_SETTING) or ""
        if digest is None or not hmac.compare_digest(given.encode(), expected.encode()):
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
            self.set_status(403)
            return self.finish(login_page(self.base_url, self.xsrf_form_html(),
                                          "That is not the teacher's password."))
        self.set_secure_cookie(TEACHER_COOKIE, digest, expires_days=1, httponly=True, samesite="Strict")
        self.redirect(self.base_url + "tarot/challenge/teacher")


class TeacherApi(_Teacher):
    """``GET``: the challenge, its leaderboard and the names that joined; ``POST {"action":
    "create", "game", "options", "deal", "minutes"}``, ``{"action": "end"}`` or ``{"action":
    "free", "name"}`` (the next page to join under that name takes it)."""

    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        self.set_header("Cache-Control", "no-store")
        book = self.book
        data = board_json(book, book.current(), time.time())
        current = book.current()
        data["handed_in"] = len(book.results(current)) if current else 0
        data["joined"] = book.joined(current) if current else 0
        data["players"] = [{"name": n, "held": held} for n, held in book.players(current)] if current else []
        self.finish(data)

    @web.authenticated
    async def post(self) -> None:
        self.require_teacher()
        if len(self.request.body) > MAX_BODY:
            return self.refuse(413, "the request is too large")
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            return self.refuse(400, "the request is not JSON")
        if not isinstance(data, dict):
            return self.refuse(400, "the request is a JSON object")
        try:
            # In a thread: a "winnable" deal is searched by the solver, and the students' pages
            # must not wait for it.
            await asyncio.get_running_loop().run_in_executor(None, self._act, data)
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.finish(board_json(self.book, self.book.current(), time.time()))

    def _act(self, data: dict[str, Any]) -> None:
        action = data.get("action")
        if action == "create":
            self.book.create(str(data.get("game", "")), data.get("options") or {}, str(data.get("deal") or ""),
                             data.get("minutes", 20))
        elif action == "end":
            current = self.book.current()
            if current is None:
                raise OptionError("there is no challenge to end")
            self.book.end(current)
        elif action == "free":
            current = self.book.current()
            if current is None or not self.book.free(current, data.get("name")):
                raise OptionError("no one joined the challenge under that name")
        else:
            raise OptionError("the action is 'create', 'end' or 'free'")


class TeacherCsv(_Teacher):
    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        current = self.book.current()
        if current is None:
            raise web.HTTPError(404, "no challenge yet")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="challenge-{current.id}.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(self.book.csv(current))


def handlers(serverapp: Any) -> list[tuple[str, type, dict]]:
    """The challenge's pages (the class file is opened, and migrated, at start)."""
    book_of(serverapp.web_app.settings)
    return [
        ("/tarot/challenge", StudentLink, {}),
        ("/tarot/challenge/api", StudentApi, {}),
        ("/tarot/challenge/teacher", TeacherPage, {}),
        ("/tarot/challenge/teacher/login", TeacherLogin, {}),
        ("/tarot/challenge/teacher/api", TeacherApi, {}),
        ("/tarot/challenge/teacher/results.csv", TeacherCsv, {}),
    ]
