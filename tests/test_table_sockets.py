"""The table socket on a real class server, played by plain socket clients: malformed and
out-of-order messages are answered in one line and never break a socket, a flood is counted per
browser across its sockets (a burst is dropped; a sustained flood closes the flooder's own sockets,
never anyone else's, and keeps it out a while), a browser opens at most three tables, and a table's
master or the teacher closes it for good."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from tornado import httpclient, websocket

from tests.test_challenge import ClassServer, Client, free_port
from tarot_learn.classroom.server.tables_web import FLOOD_TIMES, RATE


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("tables") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def student(server: ClassServer) -> Client:
    c = Client(server)
    c.log_in()
    c.call("tarot/tables")                                              # the lobby sets the _xsrf cookie
    return c


def new_table(c: Client, name: str, **options) -> dict:
    status, body = c.call("tarot/tables/api", {"name": name, "options": {"players": 3, **options}}, json_body=True)
    assert status == 200, body
    return json.loads(body)


async def connect(server: ClassServer, c: Client, table: str, **query) -> websocket.WebSocketClientConnection:
    cookie = "; ".join(f"{k.name}={k.value}" for k in c.jar)
    qs = "&".join(f"{k}={v}" for k, v in query.items())
    request = httpclient.HTTPRequest(f"ws://127.0.0.1:{server.port}/tarot/tables/{table}/socket?{qs}",
                                     headers={"Cookie": cookie})
    return await websocket.websocket_connect(request)


async def drain(ws: websocket.WebSocketClientConnection, seconds: float = 0.5) -> list[dict]:
    """Every message that arrives within ``seconds``; a closed socket ends the list with None."""
    got: list = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            text = await asyncio.wait_for(ws.read_message(), left)
        except asyncio.TimeoutError:
            break
        got.append(None if text is None else json.loads(text))
        if text is None:
            break
    return got


def log_of(server: ClassServer) -> str:
    return (server.folder.parent / "server.log").read_text(errors="replace")


def test_malformed_and_out_of_order_messages_are_answered_and_break_nothing(server):
    ana = student(server)
    table = new_table(ana, "Ana")

    async def play() -> None:
        ws = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        await drain(ws)
        for bad in ("[" * 4000, "not json", "\udcff", json.dumps({"kind": "options", "options": {"by": 1}}),
                    json.dumps({"kind": "move", "move": "play T21"}), json.dumps({"kind": "deal"}),
                    json.dumps({"kind": "accept_end"}), json.dumps([1, 2]), json.dumps({"kind": "move"})):
            if bad == "\udcff":                                          # a binary frame, not UTF-8
                await ws.write_message(b"\xff\xfe{", binary=True)
            else:
                await ws.write_message(bad)
            got = await drain(ws, 0.4)
            assert got and None not in got, bad[:30]
            assert all("error" in m and "\n" not in m["error"] for m in got), got
        await ws.write_message(json.dumps({"kind": "robots"}))           # the socket still plays
        views = await drain(ws, 1.0)
        assert views and views[-1]["started"]
        ws.close()

    asyncio.run(play())
    assert "Uncaught exception" not in log_of(server) and "Traceback" not in log_of(server)


def test_a_flood_is_counted_per_browser_and_closes_no_one_elses_socket(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Bea")

    async def flood() -> None:
        player = await connect(server, ana, table["id"], name="Bea", key=table["key"])
        await drain(player)
        watchers = [await connect(server, eve, table["id"]) for _ in range(20)]   # one browser, many sockets
        for w in watchers:
            await drain(w, 0.1)
        start = time.monotonic()
        for _ in range(30):
            for w in watchers:
                w.write_message(json.dumps({"kind": "deal"}))
        answers = [m for w in watchers for m in await drain(w, 1.0)]
        seconds = time.monotonic() - start
        assert None not in answers                                        # no flooding socket was closed
        refused = [m for m in answers if "spectators watch" in m.get("error", "")]
        assert len(refused) <= RATE * (seconds + 1) + RATE                # 600 sent, about RATE a second read
        assert any("too many messages" in m.get("error", "") for m in answers)
        await player.write_message(json.dumps({"kind": "robots"}))         # the player is not held back
        got = await drain(player, 1.0)
        assert got and None not in got and got[-1]["started"]
        for w in watchers:
            w.close()
        player.close()

    asyncio.run(flood())


def test_a_sustained_flood_closes_the_flooders_own_sockets_only_and_keeps_it_out(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Gus")

    async def flood() -> None:
        player = await connect(server, ana, table["id"], name="Gus", key=table["key"])
        watcher = await connect(server, ana, table["id"])                # the victim's browser watches too
        flooders = [await connect(server, eve, table["id"]) for _ in range(3)]
        for ws in (player, watcher, *flooders):
            await drain(ws, 0.2)
        async def read_all(ws: websocket.WebSocketClientConnection) -> None:   # so the close frame is read
            while await ws.read_message() is not None:
                pass
        readers = [asyncio.ensure_future(read_all(f)) for f in flooders]
        start, open_ = time.monotonic(), set(flooders)
        while time.monotonic() - start < 8 and open_:
            for f in list(open_):
                try:
                    for _ in range(FLOOD_TIMES * RATE // 10):          # twice the flood line, in all
                        f.write_message(json.dumps({"kind": "deal"}))
                except websocket.WebSocketClosedError:
                    open_.discard(f)
            await watcher.write_message(json.dumps({"kind": "deal"}))  # the victim keeps talking, slowly
            await asyncio.sleep(0.05)
        await asyncio.wait(readers, timeout=5)
        assert [f.close_code for f in flooders] == [1008] * 3
        with pytest.raises(httpclient.HTTPClientError) as refused:        # it cannot come straight back
            await connect(server, eve, table["id"])
        assert refused.value.code == 429
        await player.write_message(json.dumps({"kind": "robots"}))     # the victim's sockets still play
        got = await drain(player, 1.0)
        assert got and None not in got and got[-1]["started"]
        assert watcher.close_code is None and player.close_code is None
        player.close()
        watcher.close()

    asyncio.run(flood())


def test_a_browser_opens_three_tables_and_a_master_or_the_teacher_closes_one(server):
    cy, dee = student(server), student(server)
    tables = [new_table(cy, f"Cy{i}") for i in range(3)]
    status, body = cy.call("tarot/tables/api", {"name": "Cy4", "options": {"players": 3}}, json_body=True)
    assert status == 400 and "this browser already has 3 open tables" in body
    first = tables[0]
    status, body = dee.call("tarot/tables/api/close", {"id": first["id"], "key": ""}, json_body=True)
    assert status == 403 and "master or the teacher" in body

    async def close() -> None:
        ws = await connect(server, dee, first["id"])
        await drain(ws, 0.3)
        status, _ = cy.call("tarot/tables/api/close", {"id": first["id"], "key": first["key"]}, json_body=True)
        assert status == 200
        got = await drain(ws, 1.0)
        assert any(m and m.get("fatal") and "closed" in m["error"] for m in got)

    asyncio.run(close())
    lobby = json.loads(cy.call("tarot/tables/api")[1])["tables"]
    assert first["id"] not in [t["id"] for t in lobby]
    assert new_table(cy, "Cy4")["id"]                                     # the closed table made room


def test_the_budget_refills_per_browser_and_says_so_once_a_second():
    from tarot_learn.classroom.model.pace import Budget

    now = [0.0]
    budget = Budget(rate=20, clock=lambda: now[0])
    assert sum(budget.take("id:a") for _ in range(100)) == 20           # a burst of one second's worth
    assert sum(budget.take("id:b") for _ in range(5)) == 5              # another browser is not held back
    now[0] = 0.5
    assert sum(budget.take("id:a") for _ in range(100)) == 10           # refilled at 20 a second
    assert budget.tell("id:a") and not budget.tell("id:a")
    now[0] = 2.0
    assert budget.tell("id:a")


def test_card_pictures_come_from_one_versioned_address_per_face_up_card_and_one_back(server):
    import re
    import urllib.error
    import urllib.request

    ana = student(server)
    table = new_table(ana, "Pia")
    status, page = ana.call(f"tarot/tables/{table['id']}")
    art = re.search(r'data-art="([^"]+)"', page).group(1)
    assert status == 200 and re.fullmatch(r"/tarot/cards/[0-9a-f]{12}/", art)

    def fetch(client, path: str) -> tuple[int, dict, bytes]:
        try:
            with client.opener.open(urllib.request.Request(server.base + path.lstrip("/")), timeout=60) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), err.read()

    for card in ("T21", "10C", "back"):
        status, headers, body = fetch(ana, f"{art}{card}.png")
        assert status == 200 and headers["Content-Type"] == "image/png" and body.startswith(b"\x89PNG")
        assert "immutable" in headers["Cache-Control"] and "private" in headers["Cache-Control"]
    stale = re.sub(r"[0-9a-f]{12}", "0" * 12, art)
    for path in (f"{stale}T21.png", f"{art}T22.png", f"{art}XX.png", f"{art}..%2Fback.png"):
        status, headers, _ = fetch(ana, path)
        assert status == 404 and "immutable" not in headers.get("Cache-Control", ""), path   # a refusal is never kept
    stranger = Client(server)                                  # no class password: no picture
    status, _, body = fetch(stranger, f"{art}T21.png")
    assert not body.startswith(b"\x89PNG")


def test_a_private_table_is_joined_by_its_code_and_listed_to_its_players_only(server):
    from tarot_learn.classroom.model.codes import LETTERS

    ana, ben, eve = student(server), student(server), student(server)
    table = new_table(ana, "Anna", private=True)           # one name per student in the class: not Ana
    assert len(table["code"]) == 6 and set(table["code"]) <= set(LETTERS)
    lobby = lambda c: json.loads(c.call("tarot/tables/api")[1])              # noqa: E731
    assert table["id"] not in [t["id"] for t in lobby(ben)["tables"] + lobby(ben)["mine"]]
    assert [t["id"] for t in lobby(ana)["mine"]] == [table["id"]] and lobby(ana)["mine"][0]["is_master"]
    typed = "-".join((table["code"][:3].lower(), table["code"][3:]))         # read aloud, typed in any case
    status, body = ben.call("tarot/tables/api/join", {"code": typed, "name": "Ben"}, json_body=True)
    assert status == 200 and json.loads(body)["id"] == table["id"] and table["code"] not in body
    assert [t["yours"] for t in lobby(ben)["mine"]] == [["Ben"]] and not lobby(ben)["mine"][0]["is_master"]
    status, body = ben.call("tarot/tables/api/join", {"id": table["id"], "name": "Bo"}, json_body=True)
    assert json.loads(body).get("name") != "Bo" and [t["yours"] for t in lobby(ben)["mine"]] == [["Ben"]]
    wrong = [eve.call("tarot/tables/api/join", {"code": "AAAAAA", "name": "Eve"}, json_body=True) for _ in range(6)]
    assert "no open table has this code" in wrong[0][1] and wrong[-1][0] == 429
    assert lobby(eve)["mine"] == []
    assert ben.call("tarot/tables/api/close", {"id": table["id"], "key": ""}, json_body=True)[0] == 403

    async def seats() -> None:
        mine = await connect(server, ben, table["id"])                          # no name, no key, no code
        got = await drain(mine, 0.5)
        assert got[0]["name"] == "Ben" and [m["you"] for m in got if "you" in m][-1] == 1
        thief = await connect(server, eve, table["id"], name="Ben")
        assert any(m and m.get("fatal") and "already sits" in m["error"] for m in await drain(thief, 0.5))
        mine.close()

    asyncio.run(seats())
    status, _ = ana.call("tarot/tables/api/close", {"id": table["id"], "key": ""}, json_body=True)
    assert status == 200                                                       # the master's browser closes it


def test_one_browser_at_two_seats_is_told_it_scores_nothing(server):
    fay = student(server)      # the teacher's browser: a student's takes one roster name, so one seat
    assert fay.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    table = new_table(fay, "Fay")
    assert fay.call("tarot/tables/api/join", {"id": table["id"], "name": "Fae"}, json_body=True)[0] == 200

    async def told() -> None:
        ws = await connect(server, fay, table["id"], name="Fae")                # its own seat, no key needed
        views = [m for m in await drain(ws, 0.5) if m and "social" in m]
        assert views and views[-1]["social"]["shared_seats"] and views[-1]["you"] == 1
        ws.close()

    asyncio.run(told())
