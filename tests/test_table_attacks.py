"""The shared tables attacked as a student would: a real ``tarot-learn classroom``, two student
browsers (Ana, the victim, and Eve, the attacker) and the teacher, spoken to as plain HTTP and
table-socket clients.  Every attack is refused or harmless, the victim's view and results are
unchanged, and the server's log holds no traceback."""

from __future__ import annotations

import asyncio
import copy
import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tarot_learn.classroom.model.chat import BURST, TABLE_BURST, TABLE_EVERY
from tarot_learn.classroom.model.hall import seat_view
from tarot_learn.classroom.server.base import MAX_BODY
from tarot_learn.classroom.server.card_images import ClassDeck
from tarot_learn.classroom.tables import FakeClock, Table, TableOptions
from tests.test_challenge import ClassServer, Client, free_port
from tests.test_table_chat import hidden_cards, teacher_of
from tests.test_table_sockets import connect, drain, log_of, new_table, student


@pytest.fixture()
def server(tmp_path):
    """A class server of its own for each attack: a name a browser takes is held by the class's
    roster for the whole class, so each attack starts with every name free."""
    s = ClassServer(tmp_path / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def clean_log(server: ClassServer) -> None:
    log = log_of(server)
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]


def lobby(c: Client) -> dict:
    return json.loads(c.call("tarot/tables/api")[1])


def fatal(messages: list) -> str:
    """The one line a refused socket was told before it closed ('' : not refused)."""
    return next((m["error"] for m in messages if m and m.get("fatal")), "")


def views(messages: list) -> list[dict]:
    return [m for m in messages if m and m.get("obs")]


async def play_out(pages: dict, seen: dict | None = None, seconds: float = 60.0) -> dict[str, list]:
    """Each seated page plays its first legal move whenever it is its turn, until the game is over
    (or ``seconds`` pass); returns every message each page received (after ``seen``, those before)."""
    got: dict[str, list] = {who: list((seen or {}).get(who, [])) for who in pages}
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        for who, ws in pages.items():
            got[who] += await drain(ws, 0.05)
        last = {who: views(m)[-1] for who, m in got.items() if views(m)}
        if last and all(v["over"] for v in last.values()):
            break
        for who, view in last.items():
            if view["actions"]:
                await pages[who].write_message(json.dumps({"kind": "move", "move": view["actions"][0]}))
            elif view["between_deals"]:                  # every seat passed: the deal is dealt again
                await pages[who].write_message(json.dumps({"kind": "deal"}))
    return got


# ----- private tables: not joined, not closed, not listed by a stranger; watched only where spectators are ------
def test_a_stranger_who_knows_a_private_tables_address_takes_no_seat_and_learns_no_code(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana", private=True)
    closed = new_table(ana, "Ana", private=True, spectators=False)
    assert table["id"] not in [t["id"] for t in lobby(eve)["tables"] + lobby(eve)["mine"]]

    async def attack() -> tuple[list, list, list]:
        mine = await connect(server, ana, table["id"])
        await drain(mine, 0.3)
        watcher = await connect(server, eve, table["id"])                     # FT-48: anyone may watch
        watched = await drain(watcher, 0.5)
        intruder = await connect(server, eve, table["id"], name="Eve")           # a seat with no code
        intruded = await drain(intruder, 0.5)
        shut = await connect(server, eve, closed["id"])                          # no spectators: no watching
        intruded += await drain(shut, 0.5)
        ana_got = await drain(mine, 0.5)
        mine.close(), watcher.close()
        return watched, intruded, ana_got

    watched, intruded, ana_got = asyncio.run(attack())
    assert not fatal(watched) and all(m["you"] is None and m["code"] == "" for m in watched if m and "seats" in m)
    assert table["code"] not in json.dumps(watched)
    assert sum(bool(m and m.get("fatal")) for m in intruded) == 2 and not any(m and "seats" in m for m in intruded)
    assert "private" in fatal(intruded) and not fatal(ana_got)
    assert all(m["you"] == 0 for m in ana_got if m and "seats" in m)
    for body in ({"id": table["id"], "key": ""}, {"id": table["id"], "key": "0" * 32}, {"id": table["id"]}):
        assert eve.call("tarot/tables/api/close", body, json_body=True)[0] == 403
    status, body = eve.call("tarot/tables/api/join", {"id": table["id"], "name": "Eve"}, json_body=True)
    assert status == 400 and table["code"] not in body
    assert {t["id"] for t in lobby(ana)["mine"]} == {table["id"], closed["id"]}     # still open, still Ana's
    clean_log(server)


def test_invitation_codes_cannot_be_guessed_through_the_socket(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana", private=True)

    async def guess() -> list[str]:
        lines = []
        for i in range(8):
            ws = await connect(server, eve, table["id"], name="Eve", code=f"AAAAA{'ACEFHJKM'[i]}")
            lines.append(fatal(await drain(ws, 0.4)))
        return lines

    lines = asyncio.run(guess())
    assert all(lines) and "private" in lines[0] and "too many codes" in lines[-1], lines
    clean_log(server)


def test_fresh_browsers_guessing_codes_are_held_to_a_limit_for_the_whole_class(server):
    ana = student(server)
    table = new_table(ana, "Ana", private=True)
    statuses, start = [], time.monotonic()
    for _ in range(12):                              # a new identity for every five tries
        eve = student(server)
        statuses += [eve.call("tarot/tables/api/join", {"code": "AAAAAA", "name": "Eve"}, json_body=True)[0]
                     for _ in range(5)]
    checked = statuses.count(400)                    # codes the server compared: 20, then two a second
    assert 429 in statuses and checked <= 20 + 2 * (time.monotonic() - start) + 1, statuses
    status, body = ana.call("tarot/tables/api/join", {"code": table["code"], "name": "Ana"}, json_body=True)
    assert status in (200, 429)                      # the master's own seat, or a wait: never another's
    clean_log(server)


# ----- the socket's frames and the chat ------------------------------------------------------------------------------
def test_hostile_frames_and_a_forged_chat_name_break_nothing_and_fool_no_one(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")

    async def attack() -> tuple[list, list]:
        player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        await player.write_message(json.dumps({"kind": "robots"}))
        await drain(player, 0.5)
        watcher = await connect(server, eve, table["id"])
        await drain(watcher, 0.3)
        for frame in (json.dumps({"kind": "chat", "text": "I resign", "name": "Ana"}),
                      json.dumps({"kind": "chat", "text": {"name": "Ana"}}), "[" * 5000, "{" * 900 + "}" * 900,
                      b"\xc3\x28\xa0\xa1", "\x00" * 100, json.dumps({"kind": "chat", "text": "\u202eana\u200b"}),
                      json.dumps({"kind": "move", "move": "play T21", "seat": 0}),
                      json.dumps({"kind": "accept_end"}), json.dumps({"kind": "deal", "by": "Ana"})):
            await watcher.write_message(frame, binary=isinstance(frame, bytes))
            got = await drain(watcher, 0.3)
            assert got and None not in got and all("error" in m or "chat" in m for m in got), (frame[:20], got)
        await asyncio.sleep(2.1)
        await watcher.write_message(json.dumps({"kind": "chat", "text": "hello"}))
        said = await drain(watcher, 0.3)
        big = await connect(server, eve, table["id"])
        await drain(big, 0.2)
        await big.write_message("x" * (MAX_BODY + 1))                      # over the size: only this socket goes
        await drain(big, 0.5)
        ana_got = await drain(player, 0.5)
        player.close(), watcher.close()
        return said, ana_got

    said, ana_got = asyncio.run(attack())
    lines = [x for m in ana_got if m and "chat" in m for x in m["chat"].get("lines", [])]
    assert [(x["name"], x["text"]) for x in lines] == [("a spectator", "hello")], lines
    assert [(x["name"], x["text"]) for m in said if "chat" in m for x in m["chat"].get("lines", [])] == \
        [("a spectator", "hello")]
    assert not any(m and m.get("over") for m in ana_got)                   # the watcher ended nothing
    clean_log(server)


def test_chat_is_refused_at_every_table_once_the_teacher_turns_it_off(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")
    teacher = teacher_of(server)
    assert eve.call("tarot/tables/teacher/api", {"switch": "chat", "on": True}, json_body=True)[0] == 403
    assert eve.call("tarot/tables/teacher/api", {"switch": "points", "on": True}, json_body=True)[0] == 403
    assert eve.call("tarot/tables/teacher")[0] == 403 and eve.call("tarot/tables/teacher/api")[0] == 403
    assert teacher.call("tarot/tables/teacher/api", {"switch": "chat", "on": False}, json_body=True)[0] == 200
    try:
        async def talk() -> tuple[list, list]:
            player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
            watcher = await connect(server, eve, table["id"])
            await drain(player, 0.3), await drain(watcher, 0.3)
            for ws in (player, watcher):
                await ws.write_message(json.dumps({"kind": "chat", "text": "still here?"}))
            got = await drain(player, 0.5), await drain(watcher, 0.5)
            player.close(), watcher.close()
            return got

        ana_got, eve_got = asyncio.run(talk())
    finally:
        teacher.call("tarot/tables/teacher/api", {"switch": "chat", "on": True}, json_body=True)
    for got in (ana_got, eve_got):
        assert not any(m and m.get("chat", {}).get("lines") for m in got)
        assert any(m and "chat is off" in m.get("chat", {}).get("error", "") for m in got)


# ----- what a spectator and a seat see -----------------------------------------------------------------------------
def test_a_spectator_sees_no_hand_and_no_dog_before_it_is_shown_through_a_whole_deal(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana", seconds_per_turn=None)

    async def game() -> dict[str, list]:
        player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        await player.write_message(json.dumps({"kind": "robots"}))
        watcher = await connect(server, eve, table["id"])
        got = await play_out({"ana": player})
        got["eve"] = await drain(watcher, 1.0)
        player.close(), watcher.close()
        return got

    got = asyncio.run(game())
    assert views(got["ana"]) and views(got["ana"])[-1]["over"]
    for who, you in (("ana", 0), ("eve", None)):
        assert all(hidden_cards(m, you) == [] for m in got[who]), who
        for m in views(got[who]):
            dog = next(p for p in m["obs"]["piles"] if p["id"] == "dog")
            if m["obs"]["phase"] == "bidding":
                assert dog["cards"] == [], (who, m["obs"]["phase"])
            assert m["you"] == you and m["actions"] == [] if you is None else True
    spectator = views(got["eve"])
    assert all(m["code"] == "" and not m["is_master"] and not m["notes"] for m in spectator)
    clean_log(server)


def test_positions_alike_to_a_seat_or_a_spectator_give_byte_identical_messages():
    """Two deals shuffled apart, the same moment: every page that sees no hand (the spectator) gets
    the same bytes, and each seat's message differs only where its own hand does."""
    def table(seed: int) -> Table:
        t = Table("t1", "Ana", TableOptions(players=3, seconds_per_turn=None), clock=FakeClock(), seed=seed)
        t.sit("Ben"), t.sit("Cy")
        return t

    one, two = table(1), table(2)
    assert one.match.deal.observation(0).hand != two.match.deal.observation(0).hand
    assert json.dumps(seat_view(one, None), sort_keys=True) == json.dumps(seat_view(two, None), sort_keys=True)
    for name, seat in (("Ana", 0), ("Ben", 1), ("Cy", 2)):
        a, b = seat_view(one, name), seat_view(two, name)
        for view in (a, b):
            view["obs"]["piles"] = [p for p in view["obs"]["piles"] if p["id"] != f"hand:{seat}"]
            view.pop("names")                              # each card of the seat's own hand, in words
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), name


# ----- dealing, discarding, one person one seat ---------------------------------------------------------------
def test_a_forged_move_another_seats_turn_or_deal_again_by_a_guest_change_nothing(server):
    ana, ben = student(server), student(server)
    table = new_table(ana, "Ana", seconds_per_turn=None)
    assert ben.call("tarot/tables/api/join", {"id": table["id"], "name": "Ben"}, json_body=True)[0] == 200

    async def game() -> tuple[dict, list, dict]:
        pages = {"ana": await connect(server, ana, table["id"]), "ben": await connect(server, ben, table["id"])}
        await pages["ana"].write_message(json.dumps({"kind": "robots"}))
        first = {who: await drain(ws, 0.8) for who, ws in pages.items()}
        refused = []
        for forged in ({"kind": "deal"}, {"kind": "move", "move": "discard T21 T20 T19 T18 T17 T16"},
                       {"kind": "move", "move": "play KS"}, {"kind": "options", "options": {"players": 5}}):
            await pages["ben"].write_message(json.dumps(forged))
            refused += [m["error"] for m in await drain(pages["ben"], 0.3) if m and "error" in m]
        got = await play_out(pages, first)
        await pages["ben"].write_message(json.dumps({"kind": "deal"}))      # deal again: the master's word
        refused += [m["error"] for m in await drain(pages["ben"], 0.5) if m and "error" in m]
        after = {who: await drain(ws, 0.3) for who, ws in pages.items()}
        for ws in pages.values():
            ws.close()
        return first, refused, {"got": got, "after": after}

    first, refused, rest = asyncio.run(game())
    assert len(refused) == 5 and all("\n" not in e for e in refused), refused
    assert "master" in refused[-1]
    last = views(rest["got"]["ben"])[-1]
    assert last["over"] and not last["may_deal_again"] and views(rest["got"]["ana"])[-1]["may_deal_again"]
    assert not views(rest["after"]["ana"]) or views(rest["after"]["ana"])[-1]["over"]    # no new deal began
    clean_log(server)


def test_one_browser_at_two_seats_earns_no_points_and_no_badge(server):
    teacher, ivy = teacher_of(server), student(server)
    fay = student(server)      # the teacher's browser: a student's takes one roster name, so one seat
    assert fay.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    assert teacher.call("tarot/tables/teacher/api", {"switch": "points", "on": True}, json_body=True)[0] == 200
    try:
        table = new_table(fay, "Fay", competitive=True, seconds_per_turn=None)
        assert fay.call("tarot/tables/api/join", {"id": table["id"], "name": "Fae"}, json_body=True)[0] == 200
        mine = new_table(ivy, "Ivy")                            # a student asking for a second seat gets her own
        status, body = ivy.call("tarot/tables/api/join", {"id": mine["id"], "name": "Iva"}, json_body=True)
        assert status == 200 and json.loads(body)["name"] == "Ivy", body

        async def game() -> dict:
            pages = {"fay": await connect(server, fay, table["id"], name="Fay"),
                     "fae": await connect(server, fay, table["id"], name="Fae")}
            await pages["fay"].write_message(json.dumps({"kind": "robots"}))
            got = await play_out(pages)
            for ws in pages.values():
                ws.close()
            return got

        got = asyncio.run(game())
        assert views(got["fay"])[-1]["over"] and views(got["fay"])[-1]["social"]["shared_seats"]
        status, page = fay.call("tarot/tables/ranking")
        assert status == 200 and not re.search(r">\s*Fa[ye]\s*<", page), page[-2000:]
    finally:
        teacher.call("tarot/tables/teacher/api", {"switch": "points", "on": False}, json_body=True)
    clean_log(server)


# ----- identity and seats ------------------------------------------------------------------------------------------
def test_a_forged_identity_cookie_or_another_seats_name_takes_no_seat(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")
    forged = Client(server)                                                # Eve's cookies, her id altered
    for cookie in eve.jar:
        cookie = copy.copy(cookie)
        if cookie.name == "tarot_identity":
            cookie.value = re.sub(r"[0-9a-f]{8}", "00000000", cookie.value, count=1)
        forged.jar.set_cookie(cookie)

    async def attack() -> tuple[list, list, list]:
        mine = await connect(server, ana, table["id"])
        await drain(mine, 0.3)
        by_name = await connect(server, eve, table["id"], name="ana")        # another case, no key
        taken = await drain(by_name, 0.4)
        by_key = await connect(server, eve, table["id"], name="Ana", key="f" * 32)
        taken += await drain(by_key, 0.4)
        try:
            fake = await connect(server, forged, table["id"])
            faked = await drain(fake, 0.4)
        except Exception as err:                                             # refused at the door
            faked = [{"error": str(err), "fatal": True}]
        ana_got = await drain(mine, 0.3)
        mine.close()
        return taken, faked, ana_got

    taken, faked, ana_got = asyncio.run(attack())
    assert sum("already sits" in (m or {}).get("error", "") for m in taken) == 2
    assert fatal(faked) and not views(faked)
    assert all(v["you"] == 0 for v in views(ana_got))
    clean_log(server)


# ----- card pictures -----------------------------------------------------------------------------------------------
def test_card_picture_addresses_name_no_hidden_card_and_reach_no_file(server):
    ana = student(server)
    table = new_table(ana, "Ana")
    art = re.search(r'data-art="([^"]+)"', ana.call(f"tarot/tables/{table['id']}")[1]).group(1)
    for path in (f"{art}..%2F..%2Fclass.sqlite", f"{art}%2e%2e/T21.png", f"{art}T21.png%00.txt",
                 f"{art}t21.png", f"{art}T21.PNG", f"{art}hand:1.png", "tarot/cards/../static/tables.css",
                 f"{art}?.png", f"{art}T21.png/../../../etc/passwd"):
        status, body = ana.call(path.lstrip("/"))
        assert status in (400, 403, 404) or "PNG" not in body[:8], path
    clean_log(server)


def test_a_hostile_deck_folder_falls_back_to_the_default_art(tmp_path: Path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "T21.png").symlink_to("/etc/passwd")
    (deck / "AW.png").write_bytes(b"GIF89a" + b"\0" * 64)
    (deck / "manifest.json").write_text('{"cards": {"T20": "../../../etc/passwd"}}')
    got = ClassDeck(tmp_path)
    assert got.deck.id == ClassDeck(tmp_path / "nowhere").deck.id and got.png("T21").startswith(b"\x89PNG")


# ----- a crowd of sockets ------------------------------------------------------------------------------------------
def test_a_crowd_of_watching_sockets_does_not_slow_the_players_down(server):
    ana = student(server)
    table = new_table(ana, "Ana", seconds_per_turn=None)
    crowd = [student(server) for _ in range(4)]

    async def crowded() -> list[float]:
        player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        await player.write_message(json.dumps({"kind": "robots"}))
        seen = await drain(player, 1.0)
        watchers = [await connect(server, eve, table["id"]) for eve in crowd for _ in range(20)]
        seen += await drain(player, 0.5)
        echoes = []
        while len(echoes) < 5 and views(seen) and views(seen)[-1]["actions"]:
            sent = time.monotonic()
            await player.write_message(json.dumps({"kind": "move", "move": views(seen)[-1]["actions"][0]}))
            seen = [json.loads(await asyncio.wait_for(player.read_message(), 10))]
            echoes.append(time.monotonic() - sent)
            seen += await drain(player, 1.5)                  # the robots' turns, until Ana's next one
        for w in watchers:
            w.close()
        player.close()
        return echoes

    echoes = asyncio.run(crowded())
    assert echoes and max(echoes) < 2.0, echoes              # eighty sockets watching: the move still echoes
    clean_log(server)


def test_odd_json_to_the_lobbys_apis_is_answered_in_one_line(server):
    eve = student(server)
    bodies = [("tarot/tables/api/join", b) for b in (
        {"code": 5, "name": "Eve"}, {"code": ["AAAAAA"], "name": "Eve"}, {"code": "A" * 10_000},
        {"id": {"x": 1}, "name": "Eve"}, {"id": "../../etc", "name": "Eve"}, {"id": None, "name": ["Eve"]},
        {"name": "Eve\u202e"}, {})]
    bodies += [("tarot/tables/api/close", b) for b in ({"id": ["x"]}, {"id": None, "key": {"k": 1}}, {"key": 5})]
    bodies += [("tarot/tables/api", b) for b in (
        {"name": "Eve", "options": [1]}, {"name": "Eve", "options": {"players": "4"}}, {"name": 7},
        {"name": "Eve", "options": {"seconds_per_turn": 1e308}}, {"name": "Eve", "options": {"__class__": 1}},
        {"name": "robot Eve"})]
    for path, body in bodies:        # a create from a browser of its own: a name once taken is the browser's
        status, text = (student(server) if path == "tarot/tables/api" else eve).call(path, body, json_body=True)
        assert status in (400, 403, 404, 413, 429), (path, body, status, text[:300])
        assert "\n" not in json.loads(text)["error"], (path, body, text[:300])
    xsrf = next(c.value for c in eve.jar if c.name == "_xsrf")
    for raw in (b"\xff\xfe", b"[]", b"{" * 5000, b"null", b"x" * (MAX_BODY + 10)):
        request = urllib.request.Request(server.base + "tarot/tables/api/join", data=raw,
                                         headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"})
        try:
            status = eve.opener.open(request, timeout=60).status
        except urllib.error.HTTPError as err:
            status = err.code
        assert 400 <= status < 500, (raw[:10], status)
    clean_log(server)


def test_a_spectator_is_sent_away_when_the_master_turns_spectators_off(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")

    async def turned(option: str, value: bool) -> list:
        player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        watcher = await connect(server, eve, table["id"])
        await drain(player, 0.3), await drain(watcher, 0.3)
        await player.write_message(json.dumps({"kind": "options", "options": {option: value}}))
        got = await drain(watcher, 0.8)
        await player.write_message(json.dumps({"kind": "chat", "text": f"{option} now"}))
        got += await drain(watcher, 0.3)
        again = await connect(server, eve, table["id"])
        got += await drain(again, 0.5)
        await player.write_message(json.dumps({"kind": "options", "options": {option: not value}}))
        await drain(player, 0.3)
        player.close()
        return got

    for option, value in (("spectators", False),):
        got = asyncio.run(turned(option, value))
        assert sum(bool(m and m.get("fatal")) for m in got) == 2, got
        assert not any(m and m.get("chat", {}).get("lines") for m in got[2:]), got
        assert not any(m and m.get("code") for m in got)
    clean_log(server)


def test_fresh_browser_identities_cannot_flood_a_tables_chat(server):
    ana = student(server)
    table = new_table(ana, "Ana")
    crowd = [student(server) for _ in range(8)]               # eight identities, three lines each at once

    async def flood() -> tuple[list, list, float]:
        player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        await drain(player, 0.3)
        socks = [await connect(server, eve, table["id"]) for eve in crowd]
        for ws in socks:
            await drain(ws, 0.1)
        start = time.monotonic()
        for ws in socks:
            for i in range(BURST):
                await ws.write_message(json.dumps({"kind": "chat", "text": f"spam {i}"}))
        told = [m for ws in socks for m in await drain(ws, 0.5)]
        heard = await drain(player, 0.5)
        seconds = time.monotonic() - start
        for ws in socks:
            ws.close()
        player.close()
        return heard, told, seconds

    heard, told, seconds = asyncio.run(flood())
    lines = [x for m in heard if m and "chat" in m for x in m["chat"].get("lines", [])]
    assert TABLE_BURST <= len(lines) <= TABLE_BURST + seconds / TABLE_EVERY + 1, (len(lines), seconds)
    assert any("chat is busy" in m.get("chat", {}).get("error", "") for m in told if m)
    clean_log(server)


def test_a_seat_key_replayed_by_another_browser_stops_working_once_the_seats_browser_comes_back(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")

    async def replay() -> tuple[list, list, list]:
        stolen = await connect(server, eve, table["id"], name="Ana", key=table["key"])    # a key given away
        first = await drain(stolen, 0.4)
        stolen.close()
        mine = await connect(server, ana, table["id"])                                   # Ana's own browser
        back = await drain(mine, 0.4)
        again = await connect(server, eve, table["id"], name="Ana", key=table["key"])
        second = await drain(again, 0.4)
        mine.close()
        return first, back, second

    first, back, second = asyncio.run(replay())
    assert not fatal(first) and not fatal(back)
    fresh = next(m["key"] for m in back if m and "key" in m)
    assert fresh != table["key"] and "already sits" in fatal(second)
    clean_log(server)
