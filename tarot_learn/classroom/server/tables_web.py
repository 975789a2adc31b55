"""The shared French Tarot tables on the class server: the lobby, each table's page and socket,
the class ranking.

A table's page talks to the server over one web socket: it sends intents (checked by
:func:`~tarot_learn.classroom.model.hall.check_intent`), and after every change each page at the
table receives its own seat's view (:func:`~tarot_learn.classroom.model.hall.seat_view`), never
another seat's cards.  A seated page presents its seat's key (:mod:`~tarot_learn.classroom.model.keys`).
"""

from __future__ import annotations

import json
import time

from jupyter_server.base.websocket import WebSocketMixin
from tornado import web, websocket

from tarot_learn.classroom.model.hall import seat_view
from tarot_learn.classroom.model.names import MAX_NAME
from tarot_learn.classroom.server.base import MAX_BODY, ClassHandler
from tarot_learn.classroom.tables import TableOptions
from tarot_learn.errors import IllegalMove, TarotLearnError

__all__ = ["ROUTES", "RATE"]

RATE = 20                 # intents per second a page may send before its socket is closed
STYLES, SCRIPTS = ("tables.css",), ("common.js",)


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
            table = hall.create(data.get("name"), data.get("options") or {})
        except TarotLearnError as err:
            return self.refuse(400, str(err))
        self.classroom.publish()
        self.finish({"id": table.id, "code": table.code, "key": hall.new_seat_key(table.id, table.master)})


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
        self.window: list[float] = []
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
            self.write_message(json.dumps({"error": str(err), "fatal": True}))
            return self.close(4003, "refused")
        self.classroom.sockets.setdefault(table_id, set()).add(self)
        if self.name:
            self.write_message(json.dumps({"key": self.key, "name": self.name}))
        self.classroom.broadcast(table_id)

    def on_message(self, message: str | bytes) -> None:
        now = time.monotonic()
        self.window = [t for t in self.window if now - t < 1.0] + [now]
        if len(self.window) > RATE:
            return self.close(4008, "too many messages")
        try:
            if self.name is None:
                raise IllegalMove("spectators watch; they do not play", rule="FT-48")
            self.classroom.hall.act(self.table_id, self.name, json.loads(message))
        except (TarotLearnError, ValueError) as err:
            self.write_message(json.dumps({"error": str(err)[:300]}))
            return None
        self.classroom.broadcast(self.table_id)

    def send_view(self) -> None:
        try:
            view = seat_view(self.classroom.hall.table(self.table_id), self.name)
        except TarotLearnError as err:
            view = {"error": str(err)}
        data = json.dumps(view, sort_keys=True).encode()
        if data != self.sent:                     # unchanged views are not sent again
            self.sent = data
            self.write_message(data.decode())

    def on_close(self) -> None:
        sockets = self.classroom.sockets.get(self.table_id, set())
        sockets.discard(self)
        if self.name and not any(s.name == self.name for s in sockets):
            self.classroom.hall.leave(self.table_id, self.name)
            self.classroom.broadcast(self.table_id)


ROUTES: list[tuple[str, type]] = [
    ("/tarot/tables", LobbyPage),
    ("/tarot/tables/api", LobbyApi),
    ("/tarot/tables/ranking", RankingPage),
    ("/tarot/tables/([0-9a-f]{8})", TablePage),
    ("/tarot/tables/([0-9a-f]{8})/socket", TableSocket),
]
