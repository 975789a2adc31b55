"""Shared French Tarot tables on the class server: the lobby, the table page and its web socket.

The one authoritative :class:`~tarot_learn.classroom.hall.Hall` lives in the Jupyter server's
process (no student's kernel holds it), behind the class password like every page.  A page opens a
web socket on Jupyter's own server (``/tarot/tables/<id>/socket``), sends small intents
(:func:`~tarot_learn.classroom.hall.check_intent`) and receives after every change the message
:func:`~tarot_learn.classroom.hall.seat_view` builds for its seat alone.  A player proves their seat
with a key the server gave them when they sat down (kept in the page's own storage), so a classmate
typing the same name cannot take their hand.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from tornado import ioloop, web, websocket

from tarot_learn.classroom.hall import Hall, seat_view
from tarot_learn.classroom.tables import TableOptions
from tarot_learn.classroom.tables_page import lobby_page, ranking_page, table_page
from tarot_learn.errors import IllegalMove, TarotLearnError

__all__ = ["handlers", "landing_links", "HALL_SETTING", "MAX_MESSAGE", "RATE"]

HALL_SETTING = "tarot_learn_hall"
CLASS_DIR_SETTING = "tarot_class_dir"   # the launcher's class folder (tornado settings)
MAX_MESSAGE = 4096        # bytes: an intent is a few dozen; anything longer is refused at the door
RATE = 20                 # intents per second a page may send before its socket is closed


def hall_of(settings: dict[str, Any]) -> Hall:
    """The server's one hall, opened on the class folder's SQLite file (created on first use)."""
    hall = settings.get(HALL_SETTING)
    if hall is None:
        folder = Path(settings.get(CLASS_DIR_SETTING) or ".")
        folder.mkdir(parents=True, exist_ok=True)
        hall = settings[HALL_SETTING] = Hall(folder / "class.sqlite")
        settings["tarot_learn_sockets"] = {}
        ioloop.PeriodicCallback(lambda: _tick(settings), 500).start()
    return hall


def _tick(settings: dict[str, Any]) -> None:
    for table in settings[HALL_SETTING].tick():
        _broadcast(settings, table.id)


def _broadcast(settings: dict[str, Any], table_id: str) -> None:
    for socket in list(settings["tarot_learn_sockets"].get(table_id, ())):
        socket.send_view()


class _Page(JupyterHandler):
    @property
    def hall(self) -> Hall:
        return hall_of(self.settings)

    def json_body(self) -> dict[str, Any]:
        if len(self.request.body) > MAX_MESSAGE:
            raise web.HTTPError(413, "request too large")
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise web.HTTPError(400, "the request is not JSON") from None
        if not isinstance(data, dict):
            raise web.HTTPError(400, "the request is a JSON object")
        return data

    def refuse(self, err: TarotLearnError) -> None:
        self.set_status(400)
        self.finish({"error": str(err)})


class LobbyPage(_Page):
    @web.authenticated
    def get(self) -> None:
        self.xsrf_token
        self.set_header("Cache-Control", "no-store")
        self.finish(lobby_page(self.base_url))


class LobbyApi(_Page):
    """``GET``: the open public tables; ``POST {"name", "options"}``: a new table, its master's key."""

    @web.authenticated
    def get(self) -> None:
        self.finish({"tables": self.hall.lobby(), "fields": list(TableOptions.__dataclass_fields__)})

    @web.authenticated
    def post(self) -> None:
        data = self.json_body()
        try:
            table = self.hall.create(data.get("name"), data.get("options") or {})
        except TarotLearnError as err:
            return self.refuse(err)
        self.finish({"id": table.id, "code": table.code, "key": self.hall.seat_key(table.id, table.master)})


class TablePage(_Page):
    @web.authenticated
    def get(self, table_id: str) -> None:
        self.xsrf_token
        try:
            self.hall.table(table_id)
        except TarotLearnError:
            raise web.HTTPError(404, "no such table") from None
        self.set_header("Cache-Control", "no-store")
        self.finish(table_page(self.base_url, table_id))


class RankingPage(_Page):
    @web.authenticated
    def get(self) -> None:
        self.finish(ranking_page(self.base_url, self.hall.ranking(), self.hall.points_on()))


class TableSocket(WebSocketMixin, websocket.WebSocketHandler, JupyterHandler):
    """One page at one table: a seated player (name and key) or a spectator (no name)."""

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE

    async def get(self, table_id: str) -> None:  # type: ignore[override]
        if self.current_user is None:
            raise web.HTTPError(403, "the class password is needed")
        self.table_id, self.name, self.sent = table_id, None, b""
        self.window: list[float] = []
        await super().get(table_id)

    def open(self, table_id: str) -> None:  # type: ignore[override]
        hall = hall_of(self.settings)
        arg = self.get_argument
        name, key, code = arg("name", "")[:40], arg("key", "")[:64], arg("code", "")[:32]
        try:
            table = hall.table(table_id)
            if name:
                self.key = hall.sit(table_id, name, key, code)
                self.name = name
            else:
                table.observation(None)          # refuses when spectators are not allowed
        except TarotLearnError as err:
            self.write_message(json.dumps({"error": str(err), "fatal": True}))
            return self.close(4003, "refused")
        self.settings["tarot_learn_sockets"].setdefault(table_id, set()).add(self)
        if self.name:
            self.write_message(json.dumps({"key": self.key, "name": self.name}))
        _broadcast(self.settings, table_id)

    def on_message(self, message: str | bytes) -> None:
        now = time.monotonic()
        self.window = [t for t in self.window if now - t < 1.0] + [now]
        if len(self.window) > RATE:
            return self.close(4008, "too many messages")
        hall = hall_of(self.settings)
        try:
            if self.name is None:
                raise IllegalMove("spectators watch; they do not play", rule="FT-48")
            hall.act(self.table_id, self.name, json.loads(message))
        except (TarotLearnError, ValueError) as err:
            self.write_message(json.dumps({"error": str(err)[:300]}))
            return None
        _broadcast(self.settings, self.table_id)

    def send_view(self) -> None:
        try:
            view = seat_view(hall_of(self.settings).table(self.table_id), self.name)
        except TarotLearnError as err:
            view = {"error": str(err)}
        data = json.dumps(view, sort_keys=True).encode()
        if data != self.sent:                     # unchanged views are not sent again
            self.sent = data
            self.write_message(data.decode())

    def on_close(self) -> None:
        sockets = self.settings["tarot_learn_sockets"].get(self.table_id, set())
        sockets.discard(self)
        if self.name and not any(s.name == self.name for s in sockets):
            hall = hall_of(self.settings)
            hall.leave(self.table_id, self.name)
            _broadcast(self.settings, self.table_id)


def landing_links(serverapp: Any) -> list[tuple[str, str, str]]:
    """The landing page's entries for the shared tables and the class ranking."""
    return [("Shared French Tarot tables", "tarot/tables", "play your classmates: open a table or sit at one"),
            ("Class ranking", "tarot/tables/ranking", "experience points and chips, when your teacher turns them on")]


def handlers(serverapp: Any) -> list[tuple[str, type, dict]]:
    """The lobby, its API, the ranking, each table's page and socket."""
    hall_of(serverapp.web_app.settings)
    return [
        ("/tarot/tables", LobbyPage, {}),
        ("/tarot/tables/api", LobbyApi, {}),
        ("/tarot/tables/ranking", RankingPage, {}),
        ("/tarot/tables/([0-9a-f]{8})", TablePage, {}),
        ("/tarot/tables/([0-9a-f]{8})/socket", TableSocket, {}),
    ]
