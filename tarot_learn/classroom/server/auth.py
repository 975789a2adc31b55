"""The class server's own login page: the class password, and nothing else.

Jupyter's stock page would offer to set or change a server password (and write it into a Jupyter
config folder); this one only checks the class password, counted by :mod:`.auth_limits`, and admits
the browser as its own identity (:mod:`.identity`; a new one only within the pace of new identities
an address and the room are given).  A refusal says what to do in one line.
"""

from __future__ import annotations

import math
from urllib.parse import urlparse

from jupyter_server.auth.decorator import allow_unauthenticated
from tornado import web

from tarot_learn.classroom.server.auth_limits import LOGINS
from tarot_learn.classroom.server.base import ClassHandler

__all__ = ["ClassLogin", "safe_next"]

TITLE = "Come into the class"
STYLES = ("pages.css",)


def safe_next(target: str, base_url: str) -> str:
    """Where to go after logging in: a path of this server, else its landing page.

    >>> safe_next("/voila/render/a.ipynb", "/"), safe_next("//evil.example/", "/"), safe_next("http://x/", "/")
    ('/voila/render/a.ipynb', '/tarot/', '/tarot/')
    """
    parsed = urlparse(target)
    if parsed.scheme or parsed.netloc or not target.startswith(base_url) or target.startswith("//") \
            or "\\" in target:
        return base_url + "tarot/"
    return target


class ClassLogin(ClassHandler):
    """``/login``: the class password admits this browser."""

    def show(self, message: str = "", status: int = 200) -> None:
        self.page("login.html", TITLE, STYLES, status=status, message=message,
                  next=safe_next(self.get_argument("next", ""), self.base_url))

    @allow_unauthenticated
    def get(self) -> None:
        if self.current_user:
            return self.redirect(safe_next(self.get_argument("next", ""), self.base_url))
        self.show()

    @allow_unauthenticated
    def post(self) -> None:
        address = self.request.remote_ip or "?"
        wait = LOGINS.wait(address)
        if wait > 0:
            self.set_header("Retry-After", str(math.ceil(wait)))
            return self.show(f"Too many wrong passwords: try again in {math.ceil(wait)} seconds.", 429)
        try:
            user = self.identity_provider.process_login_form(self)
        except web.HTTPError as err:       # too many new browsers from this address (identity.MINTS)
            if err.status_code != 429:
                raise
            return self.show(f"{err.log_message[:1].upper()}{err.log_message[1:]}.", 429)
        if user is None:
            return self.show("That is not the class password: ask your teacher for it.", 403)
        self.identity_provider.set_login_cookie(self, user)
        self.redirect(safe_next(self.get_argument("next", ""), self.base_url))
