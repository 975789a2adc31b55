"""Advice at a shared table in a real browser (a class server started with --table-advice): on her
card turn the player presses Advice, the page shows the advised card, every legal card's expected
score and why, only her page receives it, and the advised card is accepted when she plays it."""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.jlab import start_classroom
from tests.browser.test_shared_tables import login, take_turn


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    yield from start_classroom(tmp_path_factory.mktemp("advice"), "--table-advice")


class Frames:
    """What one page receives over its table socket: its views and any advice."""

    def __init__(self, page) -> None:
        self.views: list[dict] = []
        self.advice: list[dict] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame) if "/tarot/tables/" in ws.url else None)

    def _frame(self, payload) -> None:
        data = json.loads(payload if isinstance(payload, str) else payload.decode())
        if "advice" in data:
            self.advice.append(data["advice"])
        elif data.get("obs") is not None:
            self.views.append(data)


def test_advice_button_at_a_shared_table(classroom, browser, artifacts) -> None:
    contexts = [browser.new_context() for _ in range(2)]
    for context in contexts:
        login(context, classroom)
    ana, watcher = (c.new_page() for c in contexts)
    mine, theirs = Frames(ana), Frames(watcher)
    ana.goto(f"{classroom.base}/tarot/tables")
    ana.fill("#name", "Ana")
    ana.fill("input[name=seconds]", "0")
    ana.click("text=Create the table")
    ana.wait_for_url("**/tarot/tables/*")
    watcher.goto(ana.url.split("?")[0])
    ana.click("text=Fill empty seats with robots")
    deadline = time.monotonic() + 240
    while not (mine.views and any(a.startswith("play ") for a in mine.views[-1]["actions"])):
        assert time.monotonic() < deadline, "Ana never got a card to play"
        ana.wait_for_timeout(150 if take_turn(ana) else 300)
    view = mine.views[-1]
    ana.click("#advice button")
    ana.locator("#advice", has_text="Expected score for the deal").wait_for(timeout=60_000)
    advice = mine.advice[-1]
    legal = sorted(a.split()[1] for a in view["actions"] if a.startswith("play "))
    assert sorted(c for c, _ in advice["expected"]) == legal and advice["cards"][0] in legal
    assert advice["text"] in ana.locator("#advice").inner_text()
    ana.screenshot(path=str(artifacts / "shared-table-advice.png"), full_page=True)
    name = view["names"][advice["cards"][0]]["name"]
    ana.locator(f"#hand button[aria-label='{name}']").click()
    ana.wait_for_timeout(1500)
    assert not theirs.advice                                           # the spectator never hears it
    assert any(v["moves"] > view["moves"] for v in mine.views), "the advised card was not played"
    for context in contexts:
        context.close()
