"""A student's page, spoken over the wire: what a browser does on the tables page, without one.

The load benchmark and the class server's tests use it; a teacher can use it to check, from another
machine, that the server answers a student (``python -m tarot_learn.classroom.server.probe URL PASSWORD``).

A page (1) loads ``/voila/render/<page>`` with the class password and reads its kernel's id (the
server admits it as a browser of its own: the identity cookie it answers with goes with every later
request of the page, as a browser's would; pages built with the same ``cookies`` are one browser), (2)
opens that kernel's web socket with the v1 protocol, (3) asks the widgets' control channel for every
widget's state, which holds the card table's ``view`` and its card pictures, then (4) sends the
table intents (``{"event": "press", "name": "draw"}``) and waits for the table's new view.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from tarot_learn.classroom.server.guard import V1, v1_frame

__all__ = ["Page", "Message", "parse_frame", "main"]

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


@dataclass
class Message:
    """One kernel message received on the page's socket."""

    channel: str
    header: dict
    parent: dict
    content: dict
    buffers: list[bytes] = field(default_factory=list)


def parse_frame(frame: bytes) -> Message:
    """A v1 frame as a :class:`Message` (what the page's JavaScript does).

    >>> m = parse_frame(v1_frame("iopub", [b'{"msg_type": "status"}', b"{}", b"{}", b'{"a": 1}', b"x"]))
    >>> m.channel, m.header["msg_type"], m.content, m.buffers
    ('iopub', 'status', {'a': 1}, [b'x'])
    """
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[a:b] for a, b in zip(offsets, offsets[1:])]
    header, parent, _meta, content = (json.loads(p) for p in parts[1:5])
    return Message(parts[0].decode(), header, parent, content, parts[5:])


class Page:
    """One student's page on one class server."""

    def __init__(self, base_url: str, password: str, page: str = "classroom.ipynb",
                 cookies: dict[str, str] | None = None) -> None:
        self.base = base_url.rstrip("/") + "/"
        self.password = password
        self.page = page
        self.cookies: dict[str, str] = {} if cookies is None else cookies  # shared: one browser
        self.session = uuid.uuid4().hex
        self.kernel_id: str | None = None
        self.socket: WebSocketClientConnection | None = None
        self.states: dict[str, dict] = {}
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.reader: asyncio.Task | None = None

    async def load(self, timeout: float = 120.0) -> str:
        """GET the page with the password; return its kernel's id."""
        url = f"{self.base}voila/render/{quote(self.page)}?token={quote(self.password)}"
        reply = await AsyncHTTPClient().fetch(HTTPRequest(url, request_timeout=timeout, headers=self.headers()))
        self.keep_cookies(reply.headers.get_list("Set-Cookie"))
        found = KERNEL_ID.search(reply.body.decode("utf-8", "replace"))
        if found is None:
            raise RuntimeError("the page names no kernel")
        self.kernel_id = found.group(1)
        return self.kernel_id

    def headers(self) -> dict[str, str]:
        """The browser's cookies, as its requests carry them."""
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}

    def keep_cookies(self, lines: list[str]) -> None:
        for line in lines:
            name, _, rest = line.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]

    async def connect(self, subprotocols: list[str] | None = None) -> None:
        """Open the kernel's web socket (the v1 protocol unless told otherwise)."""
        ws = self.base.replace("http", "ws", 1)
        url = f"{ws}api/kernels/{self.kernel_id}/channels?session_id={self.session}&token={quote(self.password)}"
        self.socket = await websocket_connect(HTTPRequest(url, headers=self.headers()),
                                              subprotocols=[V1] if subprotocols is None else subprotocols,
                                              max_message_size=64 << 20)
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while self.socket is not None:
            frame = await self.socket.read_message()
            if frame is None:
                return
            if isinstance(frame, bytes):
                await self.inbox.put(parse_frame(frame))

    def send(self, msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> str:
        """Send one kernel message; return its id."""
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session, "username": "",
                  "date": "", "version": "5.3"}
        parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
        assert self.socket is not None
        self.socket.write_message(v1_frame(channel, parts), binary=True)
        return header["msg_id"]

    async def reply_to(self, msg_id: str, want: Any, timeout: float) -> Message:
        """The first message answering ``msg_id`` for which ``want(message)`` is true."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            msg = await asyncio.wait_for(self.inbox.get(), max(left, 0.001))
            if msg.parent.get("msg_id") == msg_id and want(msg):
                return msg

    async def widget_states(self, timeout: float = 60.0) -> dict[str, dict]:
        """Every widget's state, through the widgets' control channel (as the page's manager does)."""
        comm = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                  metadata={"version": "1.0.0"})
        asked = self.send("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
        msg = await self.reply_to(asked, lambda m: m.header.get("msg_type") == "comm_msg", timeout)
        self.states = msg.content["data"]["states"]
        return self.states

    def board_id(self) -> str | None:
        """The card table's widget id, once its view and pictures have arrived."""
        for model_id, model in self.states.items():
            state = model.get("state", {})
            if model.get("model_name") == "AnyModel" and state.get("view", {}).get("piles") and "images" in state:
                return model_id
        return None

    async def intent(self, board: str, content: dict, timeout: float = 30.0) -> float:
        """Send one table intent; seconds until the table's new view arrives."""
        start = time.monotonic()
        sent = self.send("comm_msg", {"comm_id": board, "data": {"method": "custom", "content": content}})

        def new_view(m: Message) -> bool:
            data = m.content.get("data", {})
            return m.header.get("msg_type") == "comm_msg" and "view" in data.get("state", {})

        await self.reply_to(sent, new_view, timeout)
        return time.monotonic() - start

    async def close(self, free_kernel: bool = False) -> None:
        """Leave: close the socket; with ``free_kernel``, first the page's closing request."""
        if free_kernel and self.kernel_id:
            url = f"{self.base}voila/api/shutdown/{self.kernel_id}?token={quote(self.password)}"
            await AsyncHTTPClient().fetch(url, method="POST", body=b"", raise_error=False, headers=self.headers())
        if self.socket is not None:
            self.socket.close()
            self.socket = None
        if self.reader is not None:
            self.reader.cancel()


async def _check(base_url: str, password: str) -> int:
    t0 = time.monotonic()
    page = Page(base_url, password)
    await page.load()
    await page.connect()
    await page.widget_states()
    board = page.board_id()
    if board is None:
        print("the page loaded but shows no card table")
        return 1
    shown = time.monotonic() - t0
    rtt = await page.intent(board, {"event": "press", "name": "draw"})
    print(f"board shown in {shown:.2f} s; a draw answered in {rtt * 1000:.0f} ms")
    await page.close(free_kernel=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m tarot_learn.classroom.server.probe http://HOST:PORT/ PASSWORD``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m tarot_learn.classroom.server.probe http://HOST:PORT/ PASSWORD")
        return 2
    return asyncio.run(_check(*args))


if __name__ == "__main__":
    sys.exit(main())
