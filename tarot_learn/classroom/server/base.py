"""The one base of the class's handlers: no caching, XSRF, JSON bodies, refusals, the teacher's
password and the page templates; and the objects a server keeps one of per class.

* every answer carries ``Cache-Control: no-store`` (a page shows a class's live state, and a
  shared laptop's cache must not keep a student's view);
* a ``POST`` passes Jupyter's XSRF check (the ``_xsrf`` cookie, set by every page rendered here);
* :meth:`ClassHandler.json_body` reads a JSON object of at most :data:`MAX_BODY` bytes;
* :meth:`ClassHandler.refuse` answers ``{"error": one line}`` with a status;
* :meth:`ClassHandler.require_teacher` asks an API for the teacher's cookie beside the class
  password, :meth:`ClassHandler.teacher_or_login` a teacher's page (else the login form answers);
* :meth:`ClassHandler.page` renders a template of ``templates/`` (all extend ``base.html``);
* :class:`PerClass` keeps one object per class (a budget, a chat), made at first use and
  forgotten with the class.
"""

from __future__ import annotations

import json
import weakref
from typing import Any, Callable, Generic, TypeVar

from jupyter_server.base.handlers import FileFindHandler, JupyterHandler
from tornado import httputil, web

from tarot_learn.classroom.server import identity
from tarot_learn.classroom.server.classroom import CLASSROOM, STATIC, Classroom
from tarot_learn.classroom.server.identity import TEACHER_COOKIE

__all__ = ["ClassHandler", "StaticFiles", "PerClass", "MAX_BODY", "TEACHER_COOKIE", "NO_TEACHER_PASSWORD",
           "LOGIN_PAGE"]

MAX_BODY = 8192           # bytes: a request or a socket message is a few dozen; more is refused at the door
NO_TEACHER_PASSWORD = "This server has no teacher password: start it with tarot-learn classroom."
LOGIN_PAGE = "teacher_login.html"

T = TypeVar("T")


def classroom_of(settings: dict[str, Any]) -> Classroom:
    """The class of a server's tornado ``settings``."""
    return settings[CLASSROOM]


class PerClass(Generic[T]):
    """One object per class, made by ``make(classroom)`` at first use and forgotten with the class
    (a weak dictionary: a test's or a restarted server's class takes its budgets with it)."""

    def __init__(self, make: Callable[[Any], T]) -> None:
        self.make = make
        self._of: weakref.WeakKeyDictionary[Any, T] = weakref.WeakKeyDictionary()

    def of(self, classroom: Any) -> T:
        """``classroom``'s one object."""
        got = self._of.get(classroom)
        if got is None:
            got = self._of[classroom] = self.make(classroom)
        return got


class ClassHandler(JupyterHandler):
    """A page or an API of the class (behind the class password: decorate with ``web.authenticated``)."""

    @property
    def classroom(self) -> Classroom:
        return classroom_of(self.settings)

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "no-store")

    # ----- requests ------------------------------------------------------------------------------
    def json_body(self) -> dict[str, Any]:
        """The request's JSON object; anything else is answered with one line and a 4xx status."""
        if len(self.request.body) > MAX_BODY:
            raise web.HTTPError(413, "the request is too large")
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise web.HTTPError(400, "the request is not JSON") from None
        if not isinstance(data, dict):
            raise web.HTTPError(400, "the request is a JSON object")
        return data

    def refuse(self, status: int, line: str) -> None:
        """Answer ``{"error": line}`` with ``status``: what to fix, in one line."""
        self.set_status(status)
        self.finish({"error": line})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """An API's error is JSON (one line); a page's is Jupyter's error page."""
        if self.request.path.endswith("/api") or "/api/" in self.request.path:    # ``.../api/join`` too
            error = kwargs.get("exc_info", (None, None, None))[1]
            line = getattr(error, "log_message", None) or httputil.responses.get(status_code, "error")
            self.finish({"error": str(line)})
            return
        super().write_error(status_code, **kwargs)

    # ----- the teacher ---------------------------------------------------------------------------
    def is_teacher(self) -> bool:
        return identity.is_teacher(self)

    def require_teacher(self) -> None:
        """An API's check: without the teacher's login, a 403 with one line (JSON under ``/api``)."""
        if not self.is_teacher():
            raise web.HTTPError(403, "the teacher's password is needed for this page")

    def teacher_or_login(self, title: str, styles: tuple[str, ...], message: str = "") -> bool:
        """A teacher's page's check: True for the teacher; else the login form has answered with a
        403, saying the server has no teacher password, or ``message``."""
        if self.classroom.teacher_digest() is None:
            self.page(LOGIN_PAGE, title, styles, status=403, message=NO_TEACHER_PASSWORD)
            return False
        if not self.is_teacher():
            self.page(LOGIN_PAGE, title, styles, status=403, message=message)
            return False
        return True

    # ----- pages -----------------------------------------------------------------------------------
    def static(self, name: str) -> str:
        """The address of a file of ``static/``."""
        return f"{self.base_url}tarot/static/{name}?v={self.classroom.static_version(name)}"

    def page(self, template: str, title: str, styles: tuple[str, ...] = (), scripts: tuple[str, ...] = (),
             status: int = 200, **context: Any) -> None:
        """Render ``template`` and finish; reading the XSRF token sets the cookie the page's posts carry."""
        self.xsrf_token
        self.set_status(status)
        self.finish(self.classroom.render(template, title=title, base_url=self.base_url, static=self.static,
                                          styles=styles, scripts=scripts, xsrf_form_html=self.xsrf_form_html,
                                          **context))


class StaticFiles(FileFindHandler):
    """The class pages' scripts and style sheets (``static/``), behind the class password."""

    def initialize(self, **kwargs: Any) -> None:  # type: ignore[override]
        super().initialize(path=str(STATIC))

    @web.authenticated
    def get(self, path: str, include_body: bool = True) -> Any:  # type: ignore[override]
        return super().get(path, include_body)
