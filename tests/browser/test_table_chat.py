"""Joining by code and the chat at a shared table, in three browsers and the teacher's.

Ana creates a private table: her address bar holds the table and nothing else (no name, no code).
Ben types the code in the lobby and sits; Eve's lobby does not list the table, and its address
makes her a spectator.  Chat lines holding ``<script>`` and ``<img onerror>`` show as text on
every page and run nothing; a line too long or too fast is refused in one line; no page receives
another seat's card in any message, chat included.  The teacher reads the chat as text and turns
it off and on again.  Ana closes her table from the lobby.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.test_challenge_browser import open_teacher_page
from tests.test_challenge import ClassServer, free_port

SCRIPT = "<script>window.__owned = 1</script>hi"
IMAGE = "<img src=x onerror=\"window.__owned = 2\">"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("chat-browser") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


class Frames:
    """Every message a page receives over its table socket, checked for other seats' cards."""

    def __init__(self, page) -> None:
        self.messages: list[dict] = []
        self.leaks: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame) if "/tarot/tables/" in ws.url else None)

    def _frame(self, payload) -> None:
        data = json.loads(payload if isinstance(payload, str) else payload.decode())
        self.messages.append(data)
        you = data.get("you")
        for pile in (data.get("obs") or {}).get("piles", []):
            if pile["id"].startswith("hand:") and pile["id"] != f"hand:{you}" and pile["cards"]:
                self.leaks.append(f"seat {you} received {pile['id']}")


def enter(context, server):
    page = context.new_page()
    page.goto(f"{server.base}tarot/?token={server.password}")
    page.goto(f"{server.base}tarot/tables")
    return page


def test_join_by_code_and_chat_as_text_on_every_page(classroom, browser, artifacts) -> None:
    contexts = [browser.new_context() for _ in range(3)]
    ana, ben, eve = (enter(c, classroom) for c in contexts)
    frames = {name: Frames(p) for name, p in (("ana", ana), ("ben", ben), ("eve", eve))}
    ana.fill("#name", "Ana")
    ana.check("input[name=private]")
    ana.click("text=Create the table")
    ana.wait_for_url("**/tarot/tables/*")
    table_url = ana.url
    assert "?" not in table_url and "Ana" not in table_url
    ana.get_by_text("Invitation code for this private table").wait_for()
    code = ana.locator("#code").inner_text().rsplit(" ", 1)[1]
    assert len(code) == 6 and code not in table_url

    eve.reload()
    eve.locator("#mine li").first.wait_for()
    assert table_url.rsplit("/", 1)[1] not in eve.content()          # a private table is listed to its players
    ben.fill("#name", "Ben")
    ben.fill("#join input[name=code]", code.lower())
    ben.click("#join button")
    ben.wait_for_url(table_url)
    assert ben.url == table_url                                      # Ben's address names no one and no code
    ben.locator("#chat-seats", has_text="Ben").wait_for()
    eve.goto(table_url)                                              # the address alone: a spectator
    eve.locator("#chat-seats", has_text="Ana").wait_for()

    ana.fill("#chat-text", SCRIPT)
    ana.click("#chat-form button")
    eve.fill("#chat-text", IMAGE)
    eve.click("#chat-form button")
    for page in (ana, ben, eve):
        page.locator("#chat-lines li", has_text=IMAGE).wait_for()
        assert page.locator("#chat-lines li").all_inner_texts() == [f"Ana: {SCRIPT}", f"a spectator: {IMAGE}"]
        assert page.locator("#chat-lines img, #chat-lines script").count() == 0
    ben.wait_for_timeout(500)                                         # an image's error would have fired by now
    assert [p.evaluate("() => window.__owned === undefined") for p in (ana, ben, eve)] == [True] * 3

    ben.evaluate("() => send({kind: 'chat', text: 'x'.repeat(201)})")     # past the box's maxlength, by hand
    ben.locator("#chat-note", has_text="at most 200 characters").wait_for()
    ben.evaluate("() => { for (let i = 0; i < 4; i++) send({kind: 'chat', text: 'quick ' + i}); }")
    ben.locator("#chat-note", has_text="too fast").wait_for()
    assert "\n" not in ben.locator("#chat-note").inner_text()
    ana.screenshot(path=str(artifacts / "shared-table-chat.png"), full_page=True)

    for name, f in frames.items():
        assert f.leaks == [], (name, f.leaks[:3])
        assert any("chat" in m for m in f.messages), name

    _the_teacher_reads_the_chat_and_turns_it_off(browser, classroom, ben)
    ana.goto(f"{classroom.base}tarot/tables")
    ana.locator("#mine li", has_text="private").get_by_text("Close table").click()
    ana.locator("#msg", has_text="closed").wait_for()
    eve.locator("#msg", has_text="closed").wait_for()
    for context in contexts:
        context.close()


def _the_teacher_reads_the_chat_and_turns_it_off(browser, server, ben) -> None:
    """The teacher's tables page shows every table's chat as text; turning the chat off reaches Ben."""
    context = browser.new_context()
    teacher = context.new_page()
    teacher.goto(f"{server.base}tarot/?token={server.password}")
    open_teacher_page(teacher, server)
    teacher.get_by_role("link", name="Shared tables").click()
    teacher.locator("#chats li", has_text=IMAGE).wait_for()
    assert teacher.locator("#chats img, #chats script").count() == 0
    assert teacher.locator("#tables li", has_text="private").get_by_text("Close table").count() == 1
    teacher.wait_for_function("() => document.getElementById('chat-on').checked")    # on unless turned off
    teacher.uncheck("#chat-on")
    teacher.locator("#msg", has_text="Chat off").wait_for()
    ben.locator("#chat-note", has_text="The chat is off").wait_for()
    assert ben.locator("#chat-text").is_disabled()
    teacher.check("#chat-on")
    teacher.locator("#msg", has_text="Chat on").wait_for()
    ben.wait_for_function("() => !document.getElementById('chat-text').disabled")
    assert teacher.evaluate("() => window.__owned === undefined")
    context.close()
