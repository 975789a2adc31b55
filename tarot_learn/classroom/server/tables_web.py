"""The shared French Tarot tables on the class server: the lobby, each table's page and socket,
the class ranking.

A table's page talks to the server over one web socket: it sends intents (checked by
:func:`~tarot_learn.classroom.model.hall.read_table_intent`), and after every change each page at the
table receives its own seat's view (:func:`~tarot_learn.classroom.model.hall.seat_view`), never
another seat's cards.  A seated page presents its seat's key (:mod:`~tarot_learn.classroom.model.keys`).

Messages are counted per browser (:func:`~tarot_learn.classroom.model.keys.browser`), across all
its sockets: past :data:`RATE` a second its messages are dropped (it is told once a second), so
sixty sockets of one browser cost no more than one, and no flood closes anyone else's socket.
A browser opens at most a few tables; the teacher or a table's master may close one.
"""

from __future__ import annotations

import json
import time
import weakref
from typing import Any

from jupyter_server.base.websocket import WebSocketMixin
from tornado import ioloop, web, websocket

from tarot_learn.classroom.model import keys
from tarot_learn.classroom.model.hall import seat_view
from tarot_learn.classroom.model.names import MAX_NAME
from tarot_learn.classroom.server.base import MAX_BODY, ClassHandler
from tarot_learn.classroom.server.robot_pace import NotReady, deferring, play_robots, think_ahead
from tarot_learn.classroom.table_advice import advice_of, question
from tarot_learn.classroom.tables import TableOptions
from tarot_learn.errors import IllegalMove, TarotLearnError

__all__ = ["ROUTES", "RATE", "Budget"]

RATE = 20                 # intents per second one browser may send, all its table sockets together
STYLES, SCRIPTS = ("tables.css",), ("common.js",)
ADVICE_SETTING = "tarot_learn_table_advice"   # tornado setting: the launcher's --table-advice


class Budget:
    """Messages per browser: a bucket of :data:`RATE` refilled at :data:`RATE` a second (O(1) a message)."""

    def __init__(self, rate: float = RATE, clock: Any = time.monotonic) -> None:
        self.rate, self.clock = rate, clock
        self._left: dict[str, tuple[float, float]] = {}     # browser -> (messages left, when counted)
        self._told: dict[str, float] = {}

    def take(self, who: str) -> bool:
        """Whether ``who`` may send one more message now."""
        now = self.clock()
        left, then = self._left.get(who, (self.rate, now))
        left = min(self.rate, left + (now - then) * self.rate)
        if len(self._left) > 10_000:                  # forget browsers long quiet (a full bucket is no news)
            self._left = {k: v for k, v in self._left.items() if now - v[1] < 60}
        ok = left >= 1
        self._left[who] = (left - 1 if ok else left, now)
        return ok

    def tell(self, who: str) -> bool:
        """Whether ``who`` should be told it is sending too fast (once a second at most)."""
        now = self.clock()
        if now - self._told.get(who, -1.0) < 1.0:
            return False
        if len(self._told) > 10_000:
            self._told = {k: t for k, t in self._told.items() if now - t < 1.0}
        self._told[who] = now
        return True


_BUDGETS: "weakref.WeakKeyDictionary[Any, Budget]" = weakref.WeakKeyDictionary()


def budget_of(classroom: Any) -> Budget:
    """The one message budget of a class (every table socket of every browser)."""
    got = _BUDGETS.get(classroom)
    if got is None:
        got = _BUDGETS[classroom] = Budget()
    return got


def browser_of(handler: web.RequestHandler) -> str:
    """Who ``handler``'s request comes from (:func:`~tarot_learn.classroom.model.keys.browser`)."""
    return keys.browser(getattr(handler.current_user, "username", None), handler.request.remote_ip or "")


class LobbyPage(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        self.page("lobby.html", "French Tarot tables", STYLES, (*SCRIPTS, "live.js", "lobby.js"), max_name=MAX_NAME)


class LobbyApi(ClassHandler):
    """``GET``: the open public tables; ``POST {"name", "options"}``: a new table, its master's key."""

    @web.authenticated
    def get(self) -> None:
        self.finish({"tables": self.classroom.hall.lobby(), "fields": list(TableOptions.__dataclass_fields__)})

    @web.authenticated
    def post(self) -> None:
        data, hall = self.json_body(), self.classroom.hall
        try:
            table = hall.create(data.get("name"), data.get("options") or {}, owner=browser_of(self))
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.classroom.publish()
        self.finish({"id": table.id, "code": table.code, "key": hall.new_seat_key(table.id, table.master)})


class CloseApi(ClassHandler):
    """``POST {"id", "key"}``: close a table for good, by its master (the master's seat key) or the teacher."""

    @web.authenticated
    def post(self) -> None:
        data, hall = self.json_body(), self.classroom.hall
        table_id, key = str(data.get("id") or "")[:16], data.get("key")
        try:
            allowed = self.is_teacher() or hall.may_close(table_id, key)
        except TarotLearnError as err:
            return self.refuse(404, str(err))
        if not allowed:
            return self.refuse(403, "only the table's master or the teacher may close it")
        hall.close(table_id)
        for page in list(self.classroom.sockets.pop(table_id, ())):
            page.send_text(json.dumps({"error": "this table was closed: go back to the lobby", "fatal": True}))
            page.close(4004, "closed")
        self.classroom.publish()
        self.finish({"closed": table_id})


class TablePage(ClassHandler):
    @web.authenticated
    def get(self, table_id: str) -> None:
        try:
            self.classroom.hall.table(table_id)
        except TarotLearnError:
            raise web.HTTPError(404, "no such table") from None
        self.page("table.html", "French Tarot table", STYLES, (*SCRIPTS, "table.js"), table_id=table_id)


class RankingPage(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        hall = self.classroom.hall
        self.page("ranking.html", "Class ranking", STYLES, SCRIPTS, ranking=hall.ranking(), points_on=hall.points_on())


class TableSocket(WebSocketMixin, websocket.WebSocketHandler, ClassHandler):
    """One page at one table: a seated player (name and key) or a spectator (no name)."""

    @property
    def max_message_size(self) -> int:
        return MAX_BODY

    async def get(self, table_id: str) -> None:  # type: ignore[override]
        if self.current_user is None:
            raise web.HTTPError(403, "the class password is needed")
        self.table_id, self.name, self.sent = table_id, None, b""
        self.browser = browser_of(self)
        await super().get(table_id)

    def open(self, table_id: str) -> None:  # type: ignore[override]
        hall, arg = self.classroom.hall, self.get_argument
        name, key, code = arg("name", "")[:200], arg("key", "")[:64], arg("code", "")[:32]
        try:
            table = hall.table(table_id)
            if name:
                self.name, self.key = hall.sit(table_id, name, key, code)
            else:
                table.observation(None)          # refuses when spectators are not allowed
        except TarotLearnError as err:
            self.send_text(json.dumps({"error": str(err), "fatal": True}))
            return self.close(4003, "refused")
        self.classroom.sockets.setdefault(table_id, set()).add(self)
        if self.name:
            self.send_text(json.dumps({"key": self.key, "name": self.name}))
        self.classroom.broadcast(table_id)

    def on_message(self, message: str | bytes) -> None:
        who = self.browser
        budget = budget_of(self.classroom)
        if not budget.take(who):                  # dropped unread; the flood closes no socket
            if budget.tell(who):
                self.send_text(json.dumps({"error": f"too many messages: at most {RATE} a second; slow down"}))
            return None
        try:
            intent = json.loads(message)
            if intent == {"kind": "advice"}:        # answered to this page only, off the server's loop
                return self.advise()
            if self.name is None:
                raise IllegalMove("spectators watch; they do not play", rule="FT-48")
            self.apply_intent(intent)
        except (TarotLearnError, ValueError, RecursionError) as err:
            return self.send_text(json.dumps({"error": str(err)[:300] or "the page sent something unreadable"}))
        except Exception as err:  # a page's message must never break the socket or the server's loop
            self.log.warning("table %s: a page message failed (%s)", self.table_id, type(err).__name__)
            return self.send_text(json.dumps({"error": "the table could not take that message; nothing changed"}))
        self.classroom.broadcast(self.table_id)

    def apply_intent(self, intent: Any) -> None:
        """Apply the page's intent; strong robots then think beside the loop (:mod:`.robot_pace`)."""
        table = self.classroom.hall.table(self.table_id)
        think_ahead(table)
        with deferring():
            try:
                self.classroom.hall.act(self.table_id, self.name, intent)
            except NotReady:
                ioloop.IOLoop.current().spawn_callback(play_robots, self.classroom, table)

    def advise(self) -> None:
        """The strong robot's advice for this seat's turn (:mod:`~tarot_learn.classroom.table_advice`),
        when the class server was started with ``--table-advice``; one question at a time per page."""
        if not self.settings.get(ADVICE_SETTING):
            raise IllegalMove("the teacher has not turned advice on for this class's tables", rule="page")
        if getattr(self, "advising", False):
            raise IllegalMove("the advice is on its way: one question at a time", rule="page")
        obs, seed = question(self.classroom.hall.table(self.table_id), self.name)
        self.advising = True

        async def answer() -> None:
            try:
                found = await ioloop.IOLoop.current().run_in_executor(None, advice_of, obs, seed)
                self.send_text(json.dumps(found))
            except TarotLearnError as err:
                self.send_text(json.dumps({"error": str(err)[:300]}))
            finally:
                self.advising = False
        ioloop.IOLoop.current().spawn_callback(answer)

    def send_text(self, text: str) -> None:
        """Send ``text`` unless the page has gone (a closed socket is simply skipped)."""
        try:
            self.write_message(text)
        except websocket.WebSocketClosedError:
            self.classroom.sockets.get(self.table_id, set()).discard(self)

    def send_view(self) -> None:
        try:
            view = seat_view(self.classroom.hall.table(self.table_id), self.name)
        except TarotLearnError as err:
            view = {"error": str(err)}
        data = json.dumps(view, sort_keys=True).encode()
        if data != self.sent:                     # unchanged views are not sent again
            self.sent = data
            self.send_text(data.decode())

    def on_close(self) -> None:
        sockets = self.classroom.sockets.get(self.table_id, set())
        sockets.discard(self)
        if self.name and not any(s.name == self.name for s in sockets):
            try:
                self.classroom.hall.leave(self.table_id, self.name)
            except TarotLearnError:
                return                            # the table was closed meanwhile: nobody to tell
            self.classroom.broadcast(self.table_id)


ROUTES: list[tuple[str, type]] = [
    ("/tarot/tables", LobbyPage),
    ("/tarot/tables/api", LobbyApi),
    ("/tarot/tables/api/close", CloseApi),
    ("/tarot/tables/ranking", RankingPage),
    ("/tarot/tables/([0-9a-f]{8})", TablePage),
    ("/tarot/tables/([0-9a-f]{8})/socket", TableSocket),
]
