"""The shared French Tarot tables on the class server: the lobby, each table's page and socket,
the class ranking.

A table's page talks to the server over one web socket: it sends intents (checked by
:func:`~tarot_learn.classroom.model.hall.read_table_intent`), and after every change each page at the
table receives its own seat's view (:func:`~tarot_learn.classroom.model.hall.seat_view`), never
another seat's cards.  A seated page presents its seat's key (:mod:`~tarot_learn.classroom.model.keys`).

Messages are counted per browser (:func:`~tarot_learn.classroom.model.keys.browser`), across all
its sockets, before anything reads them: past :data:`RATE` a second they are dropped unread (it is
told once a second), so sixty sockets of one browser cost no more than one.  A browser that keeps
:data:`FLOOD_TIMES` times over that for :data:`FLOOD_SECONDS` whole seconds has each of its own
table sockets closed (1008) at its next frame, and new ones refused for :data:`FLOOD_BAR` seconds;
no flood closes anyone else's socket.  A frame over the body limit closes its socket unread (tornado).
A browser opens at most a few tables; the teacher or a table's master may close one.

A seat belongs to the browser that took it (its identity, never a name or a code in the address
bar): a private table is joined by typing its code in the lobby, and the browser's page comes back
to its seat with no key.  Players and spectators chat over the same socket
(:mod:`~tarot_learn.classroom.model.chat`); the teacher reads every table's chat and turns it off.
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.base.websocket import WebSocketMixin
from tornado import ioloop, web, websocket

from tarot_learn.classroom.model import keys
from tarot_learn.classroom.model.chat import Chat
from tarot_learn.classroom.model.flood import FloodWatch
from tarot_learn.classroom.model.pace import Budget, Pace
from tarot_learn.classroom.model.hall import seat_view
from tarot_learn.classroom.model.levels import BADGES
from tarot_learn.classroom.model.names import MAX_NAME
from tarot_learn.classroom.server import card_images
from tarot_learn.classroom.server.base import MAX_BODY, ClassHandler, PerClass
from tarot_learn.classroom.server.dashboard_web import roster_name
from tarot_learn.classroom.server.guard import REFUSED, send_at_once
from tarot_learn.classroom.server.robot_pace import NotReady, deferring, play_robots, think_ahead
from tarot_learn.classroom.table_advice import advice_of, question
from tarot_learn.classroom.tables import TableOptions
from tarot_learn.errors import IllegalMove, OptionError, TarotLearnError

__all__ = ["ROUTES", "RATE", "chat_of", "FLOOD_TIMES", "FLOOD_SECONDS", "FLOOD_BAR"]

RATE = 20                 # intents per second one browser may send, all its table sockets together
# A page sends a message per click; a burst (a page catching up) is only dropped past RATE, but a
# browser sending FLOOD_TIMES x RATE a second for FLOOD_SECONDS whole seconds is a script.
FLOOD_TIMES, FLOOD_SECONDS = 5, 2
FLOOD_BAR = 10.0          # seconds a browser closed for flooding waits before its table sockets reopen
STYLES, SCRIPTS = ("tables.css",), ("common.js",)
ADVICE_SETTING = "tarot_learn_table_advice"   # tornado setting: the launcher's --table-advice
TOO_MANY_CODES = "too many codes tried: wait a few seconds, then type it again"


_BUDGETS: PerClass[Budget] = PerClass(lambda _: Budget(RATE))
_FLOODS: PerClass[FloodWatch] = PerClass(lambda _: FloodWatch(RATE, FLOOD_TIMES, FLOOD_SECONDS))
_CHATS: PerClass[Chat] = PerClass(lambda classroom: Chat(classroom.hall.store))
# Invitation codes tried: per browser five in a row, then one every two seconds; for the whole
# class twenty in a row, then two a second.
_CODE_TRIES: PerClass[tuple[Pace, Pace]] = PerClass(lambda _: (Pace(every=2.0, burst=5), Pace(every=0.5, burst=20)))


def budget_of(classroom: Any) -> Budget:
    """The one message budget of a class (every table socket of every browser)."""
    return _BUDGETS.of(classroom)


def flood_of(classroom: Any) -> FloodWatch:
    """Which browsers of a class flood its table sockets."""
    return _FLOODS.of(classroom)


def chat_of(classroom: Any) -> Chat:
    """The chat of a class's tables (one per class, over its store)."""
    return _CHATS.of(classroom)


def code_wait(classroom: Any, who: str) -> float:
    """Seconds ``who`` must wait before its next invitation code is checked (0: checked now, and
    counted).  A student who makes a fresh browser identity every few tries still meets the class's
    limit, so 24 million codes stay out of reach while a room of students types theirs at once."""
    per_browser, whole_class = _CODE_TRIES.of(classroom)
    return per_browser.wait(who) or whole_class.wait("class")


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
        hall = self.classroom.hall
        self.finish({"tables": hall.lobby(), "mine": hall.tables_of(browser_of(self)),
                     "fields": list(TableOptions.__dataclass_fields__)})

    @web.authenticated
    def post(self) -> None:
        data, hall = self.json_body(), self.classroom.hall
        try:
            name = roster_name(self, data.get("name"))
            table = hall.create(name, data.get("options") or {}, owner=browser_of(self))
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.classroom.publish()
        self.finish({"id": table.id, "code": table.code, "name": name,
                     "key": hall.new_seat_key(table.id, table.master)})


class JoinApi(ClassHandler):
    """``POST {"name", "code"}`` (a private table's invitation code) or ``{"name", "id"}`` (an open
    table): this browser takes a seat; the answer names the table, never another player."""

    @web.authenticated
    def post(self) -> None:
        data, hall, who = self.json_body(), self.classroom.hall, browser_of(self)
        try:
            if data.get("code"):
                if code_wait(self.classroom, who) > 0:
                    return self.refuse(429, TOO_MANY_CODES)
                table = hall.by_code(data["code"])
            else:
                table = hall.table(str(data.get("id") or ""))
            name = roster_name(self, data.get("name"))
            name, key = hall.sit(table.id, name, "", table.code if data.get("code") else "", owner=who)
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.classroom.publish()
        self.classroom.broadcast(table.id)
        self.finish({"id": table.id, "name": name, "key": key})


class CloseApi(ClassHandler):
    """``POST {"id", "key"}``: close a table for good, by its master (the browser that holds the
    master's seat, or the master's seat key) or the teacher."""

    @web.authenticated
    def post(self) -> None:
        data, hall = self.json_body(), self.classroom.hall
        table_id, key = str(data.get("id") or "")[:16], data.get("key")
        try:
            allowed = self.is_teacher() or hall.closes(table_id, browser_of(self)) or hall.may_close(table_id, key)
        except TarotLearnError as err:
            return self.refuse(404, str(err))
        if not allowed:
            return self.refuse(403, "only the table's master or the teacher may close it")
        hall.close(table_id)
        chat_of(self.classroom).forget(table_id)
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
        self.page("table.html", "French Tarot table", STYLES, (*SCRIPTS, "chat.js", "table.js"), table_id=table_id,
                  art=card_images.art_url(self))


class RankingPage(ClassHandler):
    @web.authenticated
    def get(self) -> None:
        hall = self.classroom.hall
        self.page("ranking.html", "Class ranking", STYLES, SCRIPTS, ranking=hall.ranking(), points_on=hall.points_on(),
                  badges=BADGES)


class TeacherTablesPage(ClassHandler):
    """The teacher's view of the shared tables: every table (closing any), the chat of each, and
    the class's switches for chat and points."""

    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        self.page("teacher_tables.html", "Shared tables", ("teacher.css",), (*SCRIPTS, "teacher_tables.js"))


class TeacherTablesApi(ClassHandler):
    """``GET``: every table, every table's chat, the switches; ``POST {"switch": "chat"|"points",
    "on": true|false}``: the teacher turns one on or off for the class."""

    @web.authenticated
    def get(self) -> None:
        self.require_teacher()
        hall, chat = self.classroom.hall, chat_of(self.classroom)
        tables = [{**row, "over": hall.table(row["id"]).game_over(), "code": hall.table(row["id"]).code,
                   "shared_seats": hall.shared_seats(row["id"])} for row in hall.every_table()]
        self.finish({"tables": tables, "chats": chat.every_table(), "chat": chat.on, "points": hall.points_on()})

    @web.authenticated
    def post(self) -> None:
        self.require_teacher()
        data = self.json_body()
        switch, on = data.get("switch"), data.get("on")
        if switch not in ("chat", "points") or not isinstance(on, bool):
            return self.refuse(400, 'send {"switch": "chat" or "points", "on": true or false}')
        if switch == "chat":
            chat_of(self.classroom).set_on(on)
        else:
            self.classroom.hall.set_points(on)
        for table_id in list(self.classroom.sockets):
            self.classroom.broadcast(table_id)
        self.finish({"switch": switch, "on": on})


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
        wait = flood_of(self.classroom).barred(self.browser)
        if wait > 0:                               # refused before the upgrade: it costs no socket
            raise web.HTTPError(429, f"this browser flooded its tables: wait {wait:.0f} seconds")
        await super().get(table_id)

    def open(self, table_id: str) -> None:  # type: ignore[override]
        hall, arg = self.classroom.hall, self.get_argument
        name, key, code = arg("name", "")[:200], arg("key", "")[:64], arg("code", "")[:32]
        try:
            table = hall.table(table_id)
            name = name or next(iter(hall.seats_of(table.id, self.browser)), "")    # this browser's own seat
            if code and code_wait(self.classroom, self.browser) > 0:    # a code is counted wherever it is typed
                raise OptionError(TOO_MANY_CODES)
            if name and table.seat_of(table.known_name(name)) is None:   # a new seat: under the roster's name
                name = roster_name(self, name, cookie=False)
            if name:
                self.name, self.key = hall.sit(table_id, name, key, code, owner=self.browser)
            else:
                self.check_watcher(table)
        except TarotLearnError as err:
            return self.turn_away(str(err))
        send_at_once(self)
        self.classroom.sockets.setdefault(table_id, set()).add(self)
        if self.name:
            self.send_text(json.dumps({"key": self.key, "name": self.name}))
        chat = chat_of(self.classroom)
        self.send_text(json.dumps({"chat": {"lines": list(chat.lines(table_id)), "on": chat.on}}))
        self.classroom.broadcast(table_id)

    @staticmethod
    def check_watcher(table: Any) -> None:
        """Refuse a page with no seat at a table whose master allows no spectators (FT-48: where
        spectators are allowed, anyone may watch, a private table too; only a seat needs its code)."""
        if not table.options.spectators:
            raise IllegalMove("this table does not allow spectators", rule="FT-48")

    def turn_away(self, line: str) -> None:
        """Tell this page ``line`` and close its socket (it is no longer sent the table)."""
        self.classroom.sockets.get(self.table_id, set()).discard(self)
        self.send_text(json.dumps({"error": line, "fatal": True}))
        self.close(4003, "refused")

    def chat(self, text: object) -> None:
        """Say ``text`` to every page at this table (a refusal is told to this page alone)."""
        user = self.current_user
        shown = getattr(user, "display_name", "") or ""
        who = self.name or (f"{shown} (watching)" if shown and shown not in ("Student", "Teacher") else "a spectator")
        try:
            line = chat_of(self.classroom).say(self.table_id, self.browser, who, text)
        except TarotLearnError as err:
            return self.send_text(json.dumps({"chat": {"error": str(err)}}))
        text_out = json.dumps({"chat": {"lines": [line]}})
        for page in list(self.classroom.sockets.get(self.table_id, ())):
            page.send_text(text_out)

    def on_message(self, message: str | bytes) -> None:
        if self.over_budget():
            return None
        try:
            intent = json.loads(message)
            if isinstance(intent, dict) and intent.get("kind") == "chat" and set(intent) == {"kind", "text"}:
                return self.chat(intent["text"])
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

    def over_budget(self) -> bool:
        """Count this frame, unread: is it past the browser's budget (dropped, or the socket closed)?"""
        who, classroom = self.browser, self.classroom
        if flood_of(classroom).count(who):         # this browser's own socket, never anyone else's
            if self.ws_connection is not None and not self.ws_connection.is_closing():
                self.shut_out()
            return True
        budget = budget_of(classroom)
        if budget.take(who):
            return False
        if budget.tell(who):
            self.send_text(json.dumps({"error": f"too many messages: at most {RATE} a second; slow down"}))
        return True

    def shut_out(self) -> None:
        """Close this flooding socket (1008) and keep its browser out :data:`FLOOD_BAR` seconds.  The
        connection is dropped a moment after the close frame, not after the 5 s a script that never
        answers the close would otherwise keep the server reading its frames."""
        flood_of(self.classroom).bar(self.browser, FLOOD_BAR)
        self.log.warning("table %s: closing a socket of a browser that floods its tables", self.table_id)
        self.classroom.sockets.get(self.table_id, set()).discard(self)
        stream = self.ws_connection.stream
        self.close(REFUSED, f"more than {FLOOD_TIMES * RATE} messages a second: reopen the table later")
        ioloop.IOLoop.current().call_later(0.2, stream.close)

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
        hall = self.classroom.hall
        if self.name is None and self.table_id in hall.tables:      # a spectator, and the master turned them off
            try:
                self.check_watcher(hall.table(self.table_id))
            except TarotLearnError as err:
                return self.turn_away(str(err))
        try:
            table = hall.table(self.table_id)
            view = seat_view(table, self.name)
            view["social"] = {"standing": hall.standing([s.name for s in table.seats if s.name and not s.robot]),
                              "shared_seats": hall.shared_seats(table.id), "chat": chat_of(self.classroom).on}
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
    ("/tarot/tables/api/join", JoinApi),
    ("/tarot/tables/ranking", RankingPage),
    ("/tarot/tables/teacher", TeacherTablesPage),
    ("/tarot/tables/teacher/api", TeacherTablesApi),
    ("/tarot/tables/([0-9a-f]{8})", TablePage),
    ("/tarot/tables/([0-9a-f]{8})/socket", TableSocket),
]
