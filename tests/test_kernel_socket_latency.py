"""The kernel socket sends each frame at once: a move's answer is several small frames in a row,
and with Nagle's algorithm on, each waits for the page's (delayed) acknowledgement of the last."""

from __future__ import annotations

from types import SimpleNamespace

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from tarot_learn.classroom.server.guard import GuardedConnection


def _connection(handler: object) -> GuardedConnection:
    conn = GuardedConnection.__new__(GuardedConnection)
    conn._trait_values["websocket_handler"] = handler   # a stand-in socket: only its delay switch is used
    return conn


def test_a_kernel_socket_turns_nagle_off_when_its_page_connects(monkeypatch):
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: "connected")
    calls: list[bool] = []
    handler = SimpleNamespace(ws_connection=object(), set_nodelay=calls.append)
    assert _connection(handler).connect() == "connected"
    assert calls == [True]


def test_a_socket_already_gone_is_left_alone(monkeypatch):
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: None)
    calls: list[bool] = []
    assert _connection(SimpleNamespace(ws_connection=None, set_nodelay=calls.append)).connect() is None
    assert calls == []
