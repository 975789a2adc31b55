"""Live updates: the server pushes what changed to the pages watching it, over one web socket.

A page opens ``/tarot/live?topic=NAME`` and receives that topic's state as JSON at once, then
again each time it changes; it never asks.  The server computes each watched topic once per
tick of the class's clock (and at once after a change it made itself), whoever changed it: a
student's kernel handing a result in writes the class file from another process.

* ``lobby``: the open public tables (the lobby page);
* ``challenge``: the current challenge and its leaderboard (what every page may know);
* ``teacher``: that and the names that joined (the teacher's page; the teacher's login is needed,
  else the socket closes with code 4003);
* ``dashboard``: the roster and what each student solved (the teacher's dashboard; the teacher's
  login is needed too).

A shared table's page has a socket of its own (:mod:`.tables_web`): it also carries the player's
intents, and each seat's view differs.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.base.websocket import WebSocketMixin
from tornado import web, websocket

from tarot_learn.classroom.model import keys
from tarot_learn.classroom.server.base import MAX_BODY, ClassHandler, PerClass
from tarot_learn.classroom.server.classroom import TEACHER_TOPICS, TOPICS
from tarot_learn.classroom.server.guard import send_at_once
from tarot_learn.classroom.model.pace import Budget

__all__ = ["LiveSocket", "ROUTES", "TEACHER_NEEDED", "LISTEN_ONLY", "OPENS_PER_SECOND"]

TEACHER_NEEDED = 4003     # the close code of a teacher topic opened without the teacher's login
LISTEN_ONLY = 1008        # the close code of a socket that sent something (WebSocket "policy violation")
# Live sockets one browser may open a second (and at once): a page opens one, and again 2 s after
# losing it; a script reopening the sockets the server closes is held to this pace.
OPENS_PER_SECOND = 5

_OPENS: PerClass[Budget] = PerClass(lambda _: Budget(OPENS_PER_SECOND))


def opens_of(classroom: Any) -> Budget:
    """The one budget of live socket openings of a class, per browser."""
    return _OPENS.of(classroom)


class LiveSocket(WebSocketMixin, websocket.WebSocketHandler, ClassHandler):
    """One page watching one topic.  A live page only listens: a socket that sends anything is not
    one of the class's pages, and is closed before its frames cost the server more."""

    @property
    def max_message_size(self) -> int:
        return MAX_BODY

    async def get(self) -> None:  # type: ignore[override]
        if self.current_user is None:
            raise web.HTTPError(403, "the class password is needed")
        self.topic, self.sent = self.get_argument("topic", ""), ""
        if self.topic not in TOPICS:
            raise web.HTTPError(400, f"the topic is one of {', '.join(TOPICS)}")
        who = keys.browser(getattr(self.current_user, "username", None), self.request.remote_ip or "")
        if not opens_of(self.classroom).take(who):     # refused before the upgrade: it costs no socket
            raise web.HTTPError(429, f"at most {OPENS_PER_SECOND} live connections a second: wait a second")
        await super().get()

    def open(self) -> None:  # type: ignore[override]
        if self.topic in TEACHER_TOPICS and not self.is_teacher():
            return self.close(TEACHER_NEEDED, "the teacher's password is needed")
        send_at_once(self)         # a topic's news goes out at once, not behind an unacknowledged frame
        self.classroom.watch(self.topic, self)
        self.push(self.classroom.snapshot(self.topic))

    def push(self, text: str) -> None:
        """Send ``text`` unless this page has it already."""
        if text != self.sent:
            self.sent = text
            self.write_message(text)

    def on_message(self, message: str | bytes) -> None:
        self.close(LISTEN_ONLY, "a live page only listens")   # again later: nothing (the socket is gone)

    def on_close(self) -> None:
        self.classroom.unwatch(getattr(self, "topic", ""), self)


ROUTES: list[tuple[str, type]] = [("/tarot/live", LiveSocket)]
