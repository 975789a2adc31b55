"""French Tarot at one table across several laptops (FT-45 .. FT-48), four people in four browsers.

Two students create and join a private table, a third is refused without its code, a spectator
watches; the master fills two seats with robots; a whole deal is played to its score sheet by
clicking; one student's page is closed mid-deal, a robot plays for them, and reopened within the
hold time they go on with the same hand.  Every message every page receives is checked: no page
ever receives a card of another seat's hand.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.jlab import start_classroom


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    yield from start_classroom(tmp_path_factory.mktemp("tables"))


class Watcher:
    """Every view a page receives over its table socket, checked for other seats' cards."""

    def __init__(self, page) -> None:
        self.views: list[dict] = []
        self.leaks: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame) if "/tarot/tables/" in ws.url else None)

    def _frame(self, payload) -> None:
        data = json.loads(payload if isinstance(payload, str) else payload.decode())
        if "obs" not in data or data["obs"] is None:
            return
        self.views.append(data)
        you = data["you"]
        turn = data.get("turn")
        if turn and turn["mine"] != (you is not None and turn["seat"] == you):
            self.leaks.append(f"seat {you} was told 'your turn' for seat {turn['seat']}")
        for pile in data["obs"]["piles"]:
            if pile["id"].startswith("hand:") and pile["id"] != f"hand:{you}" and pile["cards"]:
                self.leaks.append(f"seat {you} received {pile['id']}: {pile['cards']}")


def login(context, server) -> None:
    page = context.new_page()
    page.goto(f"{server.base}/tarot/?token={server.token}")
    page.close()


def take_turn(page) -> bool:
    """Click the first thing this player may do (a card or a bid); False when it is not their turn."""
    button = page.locator("#hand button:not([aria-disabled]), #actions button, #controls button:text('Deal')").first
    if button.count() == 0:
        return False
    try:
        button.click(timeout=5000)
    except PlaywrightTimeout:          # the view changed under the click (a robot moved): look again
        return False
    return True


def hand_of(page) -> list[str]:
    return page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")


def test_four_people_at_a_private_table(classroom, browser, artifacts) -> None:
    contexts = [browser.new_context() for _ in range(4)]
    for context in contexts:
        login(context, classroom)
    ana, ben, eve, watcher = (c.new_page() for c in contexts)
    seen = {name: Watcher(p) for name, p in (("ana", ana), ("ben", ben), ("watcher", watcher))}
    base = f"{classroom.base}/tarot/tables"

    ana.goto(base)
    ana.fill("#name", "Ana")
    ana.check("input[name=private]")
    ana.fill("input[name=seconds]", "0")
    ana.click("text=Create the table")
    ana.wait_for_url("**/tarot/tables/*?name=Ana&code=*")
    table_url = ana.url.split("?")[0]
    code = ana.url.split("code=")[1]
    ana.get_by_text("Invitation code for this private table").wait_for()

    eve.goto(base)
    assert table_url.rsplit("/", 1)[1] not in eve.content()          # private tables are not listed
    eve.goto(f"{table_url}?name=Eve")
    eve.locator("#msg", has_text="private").wait_for()

    ben.goto(f"{table_url}?name=Ben&code={code}")
    ben.locator(".seat", has_text="Ben").first.wait_for()
    watcher.goto(table_url)
    ana.click("text=Fill empty seats with robots")
    ben.locator(".seat", has_text="robot").first.wait_for()

    ana.fill("#options input[name=seconds]", "45")                   # the master's options, mid-deal
    ana.click("text=Change the options")
    ana.get_by_text("Your changes apply from the next deal.").wait_for()
    _play_until(ana, ben, lambda: len(seen["ben"].views) > 8 and hand_size(ben) < hand_size_start(seen["ben"]))
    before = hand_of(ben)
    ben.close()                                                      # Ben's laptop drops mid-deal
    ana.locator(".seat", has_text="away: a robot stands in").wait_for()
    for _ in range(3):
        take_turn(ana)
    ben = contexts[1].new_page()
    seen["ben"] = Watcher(ben)
    ben.goto(f"{table_url}?name=Ben&code={code}")
    ben.locator(".seat", has_text="Ben").first.wait_for()
    after = hand_of(ben)
    assert after and set(after) <= set(before)                       # the same hand, less what the robot played
    _keyboard_card(ana, ben)
    _trick_shown(ana, ben, watcher)

    scored = re.compile("made|failed")            # a deal everyone passed is thrown in and dealt again
    _play_until(ana, ben, lambda: ana.locator("table[aria-label='Score sheet']", has_text=scored).count() > 0)
    watcher.locator("table[aria-label='Score sheet']", has_text=scored).wait_for()
    ana.screenshot(path=str(artifacts / "shared-table.png"), full_page=True)
    assert min(len(w.views) for w in seen.values()) > 5, {n: len(w.views) for n, w in seen.items()}
    for name, w in seen.items():
        assert w.leaks == [], (name, w.leaks[:3])
    assert all(v["you"] is None for v in seen["watcher"].views)
    for context in contexts:
        context.close()


def _trick_shown(ana, ben, watcher) -> None:
    """A trick's four cards and its winner stay on every page; then the last trick is one click away;
    only the seat to play reads "Your turn"; buttons and cards speak French Tarot, not move codes."""
    _play_until(ana, ben, lambda: all(p.locator("#trick .won .played").count() == 4 for p in (ana, ben, watcher)))
    for page in (ana, ben, watcher):
        assert "Won by" in page.locator("#trick .won").inner_text()
    assert "Your turn" not in watcher.locator("#clock").inner_text()
    for _ in range(25):                    # at a person's pace, the finished trick gives way to the next
        if watcher.locator("#last-trick").count():
            break
        take_turn(ana) or take_turn(ben)
        watcher.wait_for_timeout(4500)
    watcher.click("#last-trick")
    watcher.locator("#trick .won", has_text="Won by").wait_for()
    words = " ".join(hand_of(ben) + ana.locator("#actions button").all_inner_texts())
    assert not re.search(r"\b(Jack|Queen|King|bid|declare|garde_)\b", words), words


def hand_size(page) -> int:
    return page.locator("#hand button").count()


def hand_size_start(watcher: Watcher) -> int:
    return max((len(p["cards"]) for v in watcher.views for p in v["obs"]["piles"]
                if p["id"] == f"hand:{v['you']}"), default=0)


def _keyboard_card(ana, ben) -> None:
    """Ben plays a card with the keyboard alone, and the redraw leaves his focus in his hand."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        card = ben.locator("#hand button:not([aria-disabled])").first
        if card.count() and hand_size(ben) > 1:
            n = hand_size(ben)
            card.focus()
            ben.keyboard.press("Enter")
            ben.wait_for_function(f"document.querySelectorAll('#hand button').length < {n}")
            assert ben.evaluate("() => !!document.activeElement.closest('#hand')")
            return
        moved = take_turn(ana) or (ben.locator("#actions button").count() > 0 and take_turn(ben))
        ben.wait_for_timeout(120 if moved else 250)
    raise AssertionError("Ben never had a card to play")


def _play_until(ana, ben, done, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds          # a failure says so in minutes, never hangs the run
    while time.monotonic() < deadline:
        if done():
            return
        moved = take_turn(ana) or take_turn(ben)
        (ana if moved else ben).wait_for_timeout(120 if moved else 250)
    raise AssertionError("the deal did not get there")
