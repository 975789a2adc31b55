"""The kernel web socket's door: only the v1 protocol, only well-formed frames.

Jupyter's v1 kernel protocol sends binary frames that start with a count of offsets.  The stock
reader believes that count, so a frame that says "2**60 offsets" (a legacy-protocol frame read as
v1, or garbage) keeps the server busy for ever and every student waits.  :class:`GuardedConnection`
refuses a client that does not speak v1 before the socket opens, checks each frame's offsets before
anything reads them, and closes the socket of a client that sends a frame that is not a message.

>>> frame = v1_frame("shell", [b"{}", b"{}", b"{}", b"{}"])
>>> frame_problem(frame) is None
True
>>> frame_problem(b"\\xff" * 64)
'a frame announcing 18446744073709551615 parts'
>>> frame_problem('{"channel": "shell"}')
'a text frame (the legacy protocol)'
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.handlers import MainKernelHandler
from tornado import web
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

from tarot_learn.classroom.server.identity import TEACHER

__all__ = ["V1", "MAX_PARTS", "GuardedConnection", "ClassAuthorizer", "OwnKernels", "OwnShutdown",
           "frame_problem", "v1_frame", "offers_v1", "may_use_kernel", "hold_to_owners", "PAGE_MESSAGES",
           "send_at_once"]

# What a page of widgets sends its kernel: nothing runs code, nothing shuts the kernel down.
PAGE_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request"]

V1 = "v1.kernel.websocket.jupyter.org"
# channel, header, parent header, metadata, content, then the buffers of a widget message
MAX_PARTS = 64
CHANNELS = frozenset({"shell", "control", "stdin", "iopub"})
REFUSED = 1008  # WebSocket close code "policy violation"


def v1_frame(channel: str, parts: list[bytes]) -> bytes:
    """A v1 frame (what a page sends): offset count, offsets, channel, then the message parts."""
    body = [channel.encode(), *parts]
    offsets = [8 * (len(body) + 2)]
    for part in body:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), *body])


def frame_problem(frame: object) -> str | None:
    """Why ``frame`` is not a v1 kernel message, or None when its layout is sound (cheap: O(parts))."""
    if isinstance(frame, str):
        return "a text frame (the legacy protocol)"
    if not isinstance(frame, (bytes, bytearray, memoryview)) or len(frame) < 8:
        return "a frame too short to be a message"
    frame = bytes(frame)
    count = int.from_bytes(frame[:8], "little")
    if not 3 <= count <= MAX_PARTS:
        return f"a frame announcing {count} parts"
    if len(frame) < 8 * (count + 1):
        return "a frame shorter than its own offsets"
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] < 8 * (count + 1) or offsets[-1] > len(frame):
        return "a frame whose offsets point outside it"
    if any(a > b for a, b in zip(offsets, offsets[1:])):
        return "a frame whose offsets go backwards"
    try:
        channel = frame[offsets[0]: offsets[1]].decode("ascii")
    except UnicodeDecodeError:
        return "a frame with an unreadable channel name"
    return None if channel in CHANNELS else "a frame for an unknown channel"


def send_at_once(handler: Any) -> None:
    """Send each frame of ``handler``'s open web socket at once (TCP_NODELAY).

    A move is answered by a few small frames in a row (busy, the changed widgets, idle; a table's
    views): with Nagle's algorithm on, each waits for the page to acknowledge the one before, and a
    page acknowledges late (up to 40 ms) when it has nothing to send."""
    if getattr(handler, "ws_connection", None) is not None:
        handler.set_nodelay(True)


def offers_v1(header: str | None) -> bool:
    """Does a ``Sec-WebSocket-Protocol`` header offer the v1 kernel protocol?

    >>> offers_v1("v1.kernel.websocket.jupyter.org"), offers_v1(None), offers_v1("chat, superchat")
    (True, False, False)
    """
    return V1 in [p.strip() for p in (header or "").split(",")]


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel connection with the door checks above."""

    kernel_ws_protocol = V1
    refused = False

    def connect(self) -> Any:
        send_at_once(self.websocket_handler)
        return super().connect()

    async def prepare(self) -> None:
        if not offers_v1(self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol")):
            raise web.HTTPError(400, f"this server speaks only the {V1} kernel protocol")
        await super().prepare()

    def handle_incoming_message(self, incoming_msg: object) -> None:
        if self.refused:
            return  # frames still in flight after the door closed are dropped unread
        # Once a socket is closing its subprotocol reads as None, and Jupyter would read the frame
        # as a legacy one (whose own offset count is believed just the same): never let it.
        problem = frame_problem(incoming_msg) if self.subprotocol == V1 else "a frame after the socket closed"
        if problem is None:
            try:
                return super().handle_incoming_message(incoming_msg)
            except Exception as err:  # any frame that cannot be read closes its socket, nothing else
                problem = f"a message that cannot be read ({type(err).__name__})"
        self.refused = True
        self.log.warning("Closing a kernel socket of %s: it sent %s", self.kernel_id, problem)
        self.websocket_handler.close(REFUSED, "not a v1 kernel message")


def may_use_kernel(handler: Any, user: Any, kernel_id: str, action: str) -> bool:
    """May ``user`` do ``action`` on ``kernel_id``?  Its owner may do anything its page does
    (connect, interrupt, restart, shut down); the teacher may also read or shut down any kernel;
    a warm kernel no one holds yet is no one's to touch."""
    owner = getattr(handler.kernel_manager, "owners", {}).get(kernel_id)
    username = getattr(user, "username", None)
    if owner is not None and (owner == username or (username == TEACHER and owner == getattr(user, "name", None))):
        return True
    return username == TEACHER and action in ("read", "write") and owner is not None


class ClassAuthorizer(Authorizer):
    """What an admitted browser may do on Jupyter's own API: read, and use its own kernels.

    Every student knows the class password, so it must not open Jupyter's writing doors: shutting
    the server down (``POST /api/shutdown``), starting kernels by hand, sessions, server-side config,
    saving files, or nbconvert (a CPU-heavy export on request).  A kernel (its socket, its
    interrupt, restart and shutdown) is its owner's alone (:func:`may_use_kernel`); the list of
    kernels shows one's own (:class:`OwnKernels`).  The class's pages under ``/tarot/`` check their
    own rights.
    """

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        if resource in ("nbconvert", "sessions"):
            return False
        if resource == "kernels":
            kernel_id = handler.path_kwargs.get("kernel_id")
            if kernel_id is not None:
                return may_use_kernel(handler, user, kernel_id, action)
        return action != "write"


class OwnKernels(MainKernelHandler):
    """``GET /api/kernels``: the kernels the asking browser holds (the teacher: all that are held)."""

    @web.authenticated
    async def get(self) -> None:
        owners = getattr(self.kernel_manager, "owners", {})
        username = getattr(self.current_user, "username", None)
        kernels = [k for k in self.kernel_manager.list_kernels()
                   if owners.get(k["id"]) is not None and (owners[k["id"]] == username or username == TEACHER)]
        self.finish(json.dumps(kernels, default=str))


class OwnShutdown(VoilaShutdownKernelHandler):
    """Voila's closing request (``POST voila/api/shutdown/<kernel>``): only for one's own kernel."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        if not may_use_kernel(self, self.current_user, kernel_id, "write"):
            raise web.HTTPError(403, "this kernel is not your page's")
        await self.kernel_manager.shutdown_kernel(kernel_id)
        self.set_status(204)
        self.finish()


def hold_to_owners(app: web.Application) -> int:
    """Serve Jupyter's kernel list and Voila's shutdown route with :class:`OwnKernels` and
    :class:`OwnShutdown` (their routes are Jupyter's and Voila's own); returns how many were found."""
    swaps = {MainKernelHandler: OwnKernels, VoilaShutdownKernelHandler: OwnShutdown}
    found = 0
    for host in app.default_router.rules:
        for rule in getattr(host.target, "rules", ()):
            new = swaps.get(getattr(rule, "target", None))
            if new is not None:
                rule.target = rule.handler_class = new
                found += 1
    return found
