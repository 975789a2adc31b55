"""The shared tables' chat on a real class server, by plain socket clients: players and spectators
chat over the table socket, every page receives the same lines as text and no message names another
seat's card; a message over the limit, too fast, or while the teacher has turned the chat off is
refused in one line; the teacher reads every table's chat; the chat arithmetic with a fake clock."""

from __future__ import annotations

import asyncio
import json

import pytest

from tarot_learn.classroom.model.chat import BURST, EVERY, MAX_CHAT, Chat, check_text
from tarot_learn.classroom.model.pace import Pace
from tarot_learn.classroom.tables import FakeClock
from tarot_learn.errors import OptionError
from tests.test_challenge import ClassServer, Client, free_port
from tests.test_table_sockets import connect, drain, new_table, student

SCRIPT = "<script>document.title='owned'</script><img src=x onerror=\"alert(1)\">"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("chat") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def teacher_of(server: ClassServer) -> Client:
    t = student(server)
    assert t.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    return t


def hidden_cards(message: dict | None, you: int | None) -> list[str]:
    """Cards of another seat's hand in one message (an empty list: the message keeps the rule)."""
    if not message or not message.get("obs"):
        return []
    return [c for p in message["obs"]["piles"] if p["id"].startswith("hand:") and p["id"] != f"hand:{you}"
            for c in p["cards"]]


def test_players_and_spectators_chat_as_text_and_no_message_shows_a_hidden_card(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")

    async def chat() -> dict[str, list]:
        player = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        watcher = await connect(server, eve, table["id"])
        await player.write_message(json.dumps({"kind": "robots"}))
        got = {"ana": await drain(player, 1.0), "eve": await drain(watcher, 1.0)}
        await player.write_message(json.dumps({"kind": "chat", "text": SCRIPT}))
        await watcher.write_message(json.dumps({"kind": "chat", "text": "  good   luck  "}))
        got["ana"] += await drain(player, 1.0)
        got["eve"] += await drain(watcher, 1.0)
        player.close(), watcher.close()
        return got

    got = asyncio.run(chat())
    for who, messages in got.items():
        lines = [line for m in messages if m and "chat" in m for line in m["chat"].get("lines", [])]
        assert [(x["name"], x["text"]) for x in lines] == [("Ana", SCRIPT), ("a spectator", "good luck")], who
        assert all(set(x) == {"name", "text", "sent"} for x in lines)
        you = 0 if who == "ana" else None
        assert all(hidden_cards(m, you) == [] for m in messages), who
        views = [m for m in messages if m and m.get("obs")]
        assert views and all(m["you"] == you for m in views)
        assert all(m["social"]["chat"] and not m["social"]["shared_seats"] for m in views)


def test_too_long_too_fast_and_chat_off_are_refused_in_one_line(server):
    ben = student(server)
    table = new_table(ben, "Ben")
    teacher = teacher_of(server)

    async def refused() -> list[str]:
        ws = await connect(server, ben, table["id"], name="Ben", key=table["key"])
        await drain(ws, 0.3)
        errors = []
        for text in ("x" * (MAX_CHAT + 1), "", *[f"line {i}" for i in range(BURST + 1)]):
            await ws.write_message(json.dumps({"kind": "chat", "text": text}))
            errors += [m["chat"]["error"] for m in await drain(ws, 0.3) if m and "error" in m.get("chat", {})]
        assert teacher.call("tarot/tables/teacher/api", {"switch": "chat", "on": False}, json_body=True)[0] == 200
        views = await drain(ws, 0.5)
        assert views and views[-1]["social"]["chat"] is False
        await asyncio.sleep(EVERY)
        await ws.write_message(json.dumps({"kind": "chat", "text": "anyone?"}))
        errors += [m["chat"]["error"] for m in await drain(ws, 0.3) if m and "error" in m.get("chat", {})]
        ws.close()
        return errors

    errors = asyncio.run(refused())
    try:
        assert len(errors) == 4 and all("\n" not in e for e in errors), errors
        assert "at most 200 characters" in errors[0] and "empty" in errors[1]
        assert errors[2].startswith("too fast") and "chat is off" in errors[3]
    finally:
        teacher.call("tarot/tables/teacher/api", {"switch": "chat", "on": True}, json_body=True)


def test_the_teacher_reads_every_tables_chat_and_a_student_cannot(server):
    cy, dee = student(server), student(server)
    first, second = new_table(cy, "Cy", private=True), new_table(dee, "Dee")

    async def talk() -> None:
        for client, table, name in ((cy, first, "Cy"), (dee, second, "Dee")):
            ws = await connect(server, client, table["id"], name=name, key=table["key"])
            await drain(ws, 0.2)
            await ws.write_message(json.dumps({"kind": "chat", "text": f"hello from {name}"}))
            await drain(ws, 0.3)
            ws.close()

    asyncio.run(talk())
    assert cy.call("tarot/tables/teacher/api")[0] == 403
    assert cy.call("tarot/tables/teacher/api", {"switch": "chat", "on": False}, json_body=True)[0] == 403
    assert cy.call("tarot/tables/teacher")[0] == 403
    teacher = teacher_of(server)
    status, page = teacher.call("tarot/tables/teacher")
    assert status == 200 and "Every table's chat" in page
    data = json.loads(teacher.call("tarot/tables/teacher/api")[1])
    chats = {c["table"]: [x["text"] for x in c["lines"]] for c in data["chats"]}
    assert chats[first["id"]] == ["hello from Cy"] and chats[second["id"]] == ["hello from Dee"]
    rows = {t["id"]: t for t in data["tables"]}
    assert rows[first["id"]]["private"] and rows[first["id"]]["code"] == first["code"]   # private ones too
    assert "tarot/tables/teacher" in teacher.call("tarot/challenge/teacher")[1]        # linked from the teacher pages
    status, _ = teacher.call("tarot/tables/teacher/api", {"switch": "loud", "on": 1}, json_body=True)
    assert status == 400


# ----- the chat's arithmetic ---------------------------------------------------------------------------------
def test_a_browser_sends_a_burst_then_one_message_every_few_seconds() -> None:
    clock = FakeClock()
    pace = Pace(every=2.0, burst=3, clock=clock)
    assert [pace.wait("id:a") for _ in range(4)][:3] == [0.0, 0.0, 0.0]
    assert pace.wait("id:b") == 0.0                                     # another browser is not held back
    clock.now += 1.0
    assert pace.wait("id:a") > 0                                        # refused messages earn nothing
    clock.now += 1.0
    assert pace.wait("id:a") == 0.0 and pace.wait("id:a") > 0


@pytest.mark.parametrize("text, words", [(7, "is text"), ("  ", "empty"), ("a\u202eb", r"U\+202E"),
                                         ("y" * 900, "at most 200"), ("z" * 201, "has 201")])
def test_a_wrong_message_is_refused_in_one_line(text, words) -> None:
    with pytest.raises(OptionError, match=words) as err:
        check_text(text)
    assert "\n" not in str(err.value)


def test_the_chat_keeps_its_lines_across_a_restart_and_its_switch(tmp_path) -> None:
    clock = FakeClock()
    chat = Chat(tmp_path / "class.sqlite", clock=clock)
    for i in range(3):
        chat.say("t1", f"id:{i}", f"P{i}", f"line {i}")
    chat.set_on(False)
    again = Chat(tmp_path / "class.sqlite")
    assert [x["text"] for x in again.lines("t1")] == ["line 0", "line 1", "line 2"] and not again.on
    with pytest.raises(OptionError, match="chat is off"):
        again.say("t1", "id:9", "P9", "hello")
    assert again.every_table()[0]["table"] == "t1"
