"""Who a request comes from: one identity per browser, made by the server, the teacher apart.

The class password only admits.  A browser that gives it (the login page, or ``?token=`` in an
address) gets an identity of its own: a random id the server makes, kept in a cookie signed with
the server's secret, so no page can choose or copy another's.  ``User.username`` is that id (what
owns kernels); ``User.display_name`` is the student's roster name once :func:`bind_name` gives one.
A browser holding the teacher's cookie (the teacher's password) is the one ``teacher`` identity.

Wrong passwords are counted by :mod:`.auth` (per address and overall): past the limit no password
is checked, not even the right one, until the minute has passed.

New identities are counted too (:class:`Minting`): a script that sends the class password without
its cookie gets a new browser, with fresh per-browser limits, on every request, so how fast an
address (and the whole room) is given new ones is bounded; past that the answer is a 429 in one
line, and a browser that keeps its cookie is never held back.
"""

from __future__ import annotations

import hmac
import json
import re
import math
import secrets
import time
from typing import Any, Callable

from jupyter_server.auth.identity import IdentityProvider, User
from tornado import web
from traitlets import Type, Unicode, default

from tarot_learn.classroom.model.pace import Pace
from tarot_learn.classroom.server.auth_limits import LOGINS
from tarot_learn.classroom.server.classroom import CLASSROOM

__all__ = ["ClassIdentityProvider", "current_identity", "is_teacher", "bind_name", "TEACHER",
           "IDENTITY_COOKIE", "TEACHER_COOKIE", "Minting", "MINTS"]

IDENTITY_COOKIE = "tarot_identity"
TEACHER_COOKIE = "tarot_teacher"
TEACHER = "teacher"                  # the teacher identity's username (a student's is 32 hex digits)
STUDENT_ID = re.compile(r"[0-9a-f]{32}")
MAX_NAME = 64
LOOPBACK = ("127.0.0.1", "::1")      # the server's own machine: the teacher's browsers, each a laptop
# New identities one address is given: 40 at once (a room of 30 laptops behind one school NAT all
# logging in together, and some opening a private window), then one every 2 s (30 a minute: a class
# arriving late); the whole room: 120 at once (60 students, twice), then 2 a second, so one address
# spending its own allowance leaves the room half of it.
ADDRESS_BURST, ADDRESS_EVERY = 40, 2.0
ROOM_BURST, ROOM_EVERY = 120, 0.5


class Minting:
    """How fast new browser identities are made, per network address and for the whole room.

    >>> now = [0.0]
    >>> mints = Minting(clock=lambda: now[0])
    >>> [mints.wait("10.0.0.9") for _ in range(ADDRESS_BURST)].count(0.0), mints.wait("10.0.0.9")
    (40, 2.0)
    >>> mints.wait("10.0.0.10"), mints.wait("127.0.0.1")
    (0.0, 0.0)
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address = Pace(every=ADDRESS_EVERY, burst=ADDRESS_BURST, clock=clock)
        self.room = Pace(every=ROOM_EVERY, burst=ROOM_BURST, clock=clock)

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may be given a new identity (0: now, and it is counted)."""
        if address not in LOOPBACK:
            wait = self.per_address.wait(address)
            if wait > 0:
                return wait
        return self.room.wait("room")


MINTS = Minting()


def _user(username: str, display_name: str) -> User:
    return User(username=username, name=username, display_name=display_name, initials=display_name[:1] or "S")


def is_teacher(handler: web.RequestHandler) -> bool:
    """Does the request carry the teacher's cookie for the teacher password the server runs with?"""
    classroom = handler.settings.get(CLASSROOM)
    digest = classroom.teacher_digest() if classroom is not None else None
    cookie = handler.get_secure_cookie(TEACHER_COOKIE, max_age_days=1)
    return bool(digest and cookie and hmac.compare_digest(cookie.decode(), digest))


def current_identity(handler: web.RequestHandler) -> User | None:
    """The identity of ``handler``'s request (None: not admitted)."""
    user = handler.current_user
    return user if isinstance(user, User) else None


def bind_name(handler: web.RequestHandler, name: str) -> User:
    """Give the request's (student) identity its roster name; the browser keeps it in its cookie
    from this answer on.  The id, and so every kernel it owns, stays the same."""
    user = current_identity(handler)
    if user is None or user.username == TEACHER:
        raise web.HTTPError(403, "only an admitted student's browser takes a name")
    named = _user(user.username, name.strip()[:MAX_NAME] or "Student")
    handler.settings["identity_provider"].set_login_cookie(handler, named)
    return named


class ClassIdentityProvider(IdentityProvider):
    """The class server's identities (see the module)."""

    cookie_name = Unicode(IDENTITY_COOKIE, config=True)
    login_handler_class = Type(default_value="tarot_learn.classroom.server.auth.ClassLogin",
                               klass=web.RequestHandler, config=True, help="the class's own login page")

    @default("updatable_fields")
    def _default_updatable_fields(self) -> list:
        return []  # a page changes nothing of its identity

    def user_to_cookie(self, user: User) -> str:
        return json.dumps({"id": user.username, "name": user.display_name})

    def user_from_cookie(self, cookie_value: str) -> User | None:
        data = json.loads(cookie_value)
        if not (isinstance(data, dict) and isinstance(data.get("id"), str) and STUDENT_ID.fullmatch(data["id"])):
            return None
        name = data.get("name") if isinstance(data.get("name"), str) else "Student"
        return _user(data["id"], name[:MAX_NAME])

    def new_student(self, handler: web.RequestHandler) -> User:
        """A fresh identity: a random id no one chose, within :data:`MINTS`' pace for the request's
        address (else an HTTP 429 that says how long to wait)."""
        wait = MINTS.wait(handler.request.remote_ip or "?")
        if wait > 0:
            handler.current_user = None        # the error page asks who is logged in: nobody
            raise web.HTTPError(429, f"too many new browsers from this address: wait {math.ceil(wait)} seconds "
                                     "(a browser that keeps its cookie is not held back)")
        return _user(secrets.token_hex(16), "Student")

    def admits(self, handler: web.RequestHandler, password: str) -> bool:
        """Is ``password`` the class password?  Counted, and refused while the address or the class
        is over its limit of wrong tries."""
        address = handler.request.remote_ip or "?"
        if LOGINS.wait(address) > 0:
            return False
        if self.token and hmac.compare_digest(password.encode(), self.token.encode()):
            return True
        LOGINS.failed(address)
        return False

    async def get_user_token(self, handler: web.RequestHandler) -> User | None:
        """The class password in the address (``?token=``) or an ``Authorization`` header admits:
        the browser keeps its identity, or is given a new one."""
        supplied = self.get_token(handler)
        if not supplied or not self.admits(handler, supplied):
            return None
        return self.get_user_cookie(handler) or self.new_student(handler)  # type: ignore[return-value]

    def generate_anonymous_user(self, handler: web.RequestHandler) -> User:
        return self.new_student(handler)

    async def get_user(self, handler: web.RequestHandler) -> User | None:  # type: ignore[override]
        """The browser's identity (Jupyter's token-then-cookie order); the teacher's cookie makes it
        the teacher."""
        user = await super().get_user(handler)  # type: ignore[misc]
        if user is not None and user.username != TEACHER and is_teacher(handler):
            # ``name`` keeps the browser's own id: the pages it opened before the teacher's login
            # stay its own.
            return User(username=TEACHER, name=user.username, display_name="Teacher", initials="T")
        return user

    def process_login_form(self, handler: web.RequestHandler) -> User | None:
        """The login form's password: the browser's identity (kept, or a new one) or None."""
        if not self.admits(handler, handler.get_argument("password", default="")):
            return None
        user = self.get_user_cookie(handler)
        return user if isinstance(user, User) else self.new_student(handler)

    def validate_security(self, app: Any, ssl_options: dict[str, Any] | None = None) -> None:
        """Nothing to warn about: the launcher prints what the class server guarantees."""
