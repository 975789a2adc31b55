"""French Tarot at one table across several laptops (FT-45 .. FT-48), four people in four browsers.

Two students create and join a private table (by its code typed in the lobby), a third is refused
with a wrong code, a spectator watches; the master fills two seats with robots; a whole deal is
played to its score sheet by clicking; one student's page is closed mid-deal, a robot plays for
them, and reopened within the hold time they go on with the same hand.  Four students then play a
whole deal by clicking card pictures, and the master deals again at the same table.  Every message
every page receives is checked: no page ever receives a card of another seat's hand, and every
card picture a page asks for is one that page was shown.
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
        obs = data["obs"]
        shown = {c for p in obs["piles"] for c in p["cards"]} | {c for t in obs["tricks"] for c in t["cards"]}
        own = {c for p in data["obs"]["piles"] if p["id"] == f"hand:{you}" for c in p["cards"]}
        if not set(data.get("names", {})) <= shown:          # a card named is a card this seat was shown
            self.leaks.append(f"seat {you} was told the names of {sorted(set(data['names']) - shown)}")
        if not set(data.get("notes", {})) <= own:            # reasons are given for one's own cards only
            self.leaks.append(f"seat {you} was told why {sorted(set(data['notes']) - own)} are held back")


def login(context, server) -> None:
    page = context.new_page()
    page.goto(f"{server.base}/tarot/?token={server.token}")
    page.close()


def take_turn(page) -> bool:
    """Click the first thing this player may do (a card, a bid, a chosen discard's confirmation);
    False when it is not their turn."""
    button = page.locator("#choice button.confirm:not([disabled]), #hand button:not([aria-disabled]), "
                          "#actions button, #controls button:text('Deal')").first
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
    ana.wait_for_url("**/tarot/tables/*")
    table_url = ana.url
    assert "?" not in table_url                                      # no name and no code in the address bar
    ana.get_by_text("Invitation code for this private table").wait_for()
    code = ana.locator("#code").inner_text().rsplit(": ", 1)[1]

    eve.goto(base)
    assert table_url.rsplit("/", 1)[1] not in eve.content()          # private tables are not listed
    eve.fill("#name", "Eve")
    eve.fill("#join input[name=code]", "ZZZZZZ")                     # a wrong code seats no one
    eve.click("#join button")
    eve.locator("#msg.err").wait_for()

    _join_by_code(ben, base, "Ben", code, table_url)
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
    ben.goto(table_url)                                              # this browser's seat comes back by itself
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


def _join_by_code(page, lobby: str, name: str, code: str, table_url: str) -> None:
    page.goto(lobby)
    page.fill("#name", name)
    page.fill("#join input[name=code]", code)
    page.click("#join button")
    page.wait_for_url(table_url)


def _sit(page, lobby: str, name: str, master: str, table_url: str) -> None:
    """Sit at ``master``'s open table from the lobby's list."""
    page.goto(lobby)
    page.fill("#name", name)
    page.locator("#tables li", has_text=f"{master}'s table").get_by_role("button", name="Sit").click()
    page.wait_for_url(table_url)


def _trick_shown(ana, ben, watcher) -> None:
    """A trick's four cards and its winner stay on every page; once the next trick is led the last
    trick lies beside the seat that won it, one click away;
    only the seat to play reads "Your turn"; buttons and cards speak French Tarot, not move codes."""
    _play_until(ana, ben, lambda: all(p.locator("#trick .won .played").count() == 4 for p in (ana, ben, watcher)))
    for page in (ana, ben, watcher):
        assert "Won by" in page.locator("#trick .won").inner_text()
    assert "Your turn" not in watcher.locator("#clock").inner_text()
    for _ in range(25):                    # once the next trick is led, the last one lies beside its winner
        if watcher.locator("#last-trick").count():
            break
        take_turn(ana) or take_turn(ben)
        watcher.wait_for_timeout(1000)
    pile = watcher.locator("#last-trick")
    winner = pile.get_attribute("aria-label").split(", won by ")[1].split(":")[0]
    assert watcher.locator(".seat", has=pile).locator(".where").inner_text() == winner
    assert pile.locator("img.card").count() == 4
    pile.click()
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


# ----- four people play a whole deal by clicking card pictures ------------------------------------
class Pictures:
    """Every card picture a page asks for: each must name a card that page was shown, or the back."""

    def __init__(self, page, watcher: Watcher) -> None:
        self.asked: list[str] = []
        self.watcher = watcher
        page.on("request", lambda r: self.asked.append(r.url) if "/tarot/cards/" in r.url else None)

    def unseen(self) -> list[str]:
        shown = {c for v in self.watcher.views for c in v.get("names", {})} | {"back"}
        return [u for u in self.asked if u.rsplit("/", 1)[1].removesuffix(".png") not in shown]


def _synced(pages) -> str:
    """Wait until every page has drawn the same view (deals on the sheet and moves); return it."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        states = {p.locator("#felt").get_attribute("data-state") for p in pages}
        if len(states) == 1 and None not in states:
            return states.pop()
        pages[0].wait_for_timeout(60)
    raise AssertionError(f"the pages never showed the same view: {states}")


def _mover(pages):
    """The one page that reads "Your turn" (the others read whose turn it is), or None."""
    mine = [p for p in pages if p.locator("#clock").inner_text().startswith("Your turn")]
    assert len(mine) <= 1, ("more than one page says 'Your turn'", [p.locator("#clock").inner_text() for p in pages])
    others = [p.locator("#clock").inner_text() for p in pages if p not in mine]
    assert all(" to play" in t for t in others) or not mine, others
    return mine[0] if mine else None


def _decide(page, took: list) -> None:
    """The seat to play decides by clicking: the first bidder takes (Prise), later ones pass; a
    discard is chosen card by card on the pictures then confirmed; a card is played by its picture."""
    if page.locator("#choice button.confirm").count():
        while page.locator("#choice button.confirm[disabled]").count():
            page.locator("#hand button.lit:not(.chosen) img").first.click()
        page.locator("#choice").get_by_text("Undo").click()                      # a choice can be taken back
        page.locator("#hand button.lit:not(.chosen) img").first.click()
        page.locator("#choice button.confirm").click()
        return
    actions = page.locator("#actions button")
    labels = actions.all_inner_texts()
    if "Prise" in labels and not took:
        took.append(page)
        return actions.get_by_text("Prise", exact=True).click()
    for word in ("Pass", "No chelem", "No poignée"):
        if word in labels:
            return actions.get_by_text(word, exact=True).click()
    if page.locator("#hand button.lit img").count():
        return page.locator("#hand button.lit img").first.click()
    actions.first.click()


def _check_trick_shown(pages, tricks_before: int) -> int:
    """After a trick's last card every page shows its four cards and its winner."""
    number = pages[0].evaluate("() => (document.querySelector('#trick .won') || {}).ariaLabel || ''")
    if not number or int(number.split()[1]) <= tricks_before:
        return tricks_before
    for p in pages:
        box = p.locator("#trick .won").first
        assert box.get_attribute("aria-label") == number and box.locator(".played img").count() == 4, number
        assert "Won by" in box.inner_text()
    return int(number.split()[1])


def test_four_people_play_a_whole_deal_by_clicking_card_pictures_then_deal_again(classroom, browser, artifacts) -> None:
    names = ("Nia", "Oto", "Pia", "Rex")   # names no earlier test here took (the roster holds them)
    contexts = [browser.new_context() for _ in names]
    for context in contexts:
        login(context, classroom)
    pages = [c.new_page() for c in contexts]
    watchers = [Watcher(p) for p in pages]
    pictures = [Pictures(p, w) for p, w in zip(pages, watchers)]
    pages[0].goto(f"{classroom.base}/tarot/tables")
    pages[0].fill("#name", names[0])
    pages[0].fill("input[name=seconds]", "0")
    pages[0].click("text=Create the table")
    pages[0].wait_for_url("**/tarot/tables/*")
    table_url = pages[0].url
    for page, name in zip(pages[1:], names[1:]):
        _sit(page, f"{classroom.base}/tarot/tables", name, names[0], table_url)
    for page in pages:
        page.locator("#hand button img").first.wait_for()
    seats = [p.locator(".seat b").all_inner_texts() for p in pages]
    assert all(sorted(s) == sorted(names) for s in seats)
    for page, name in zip(pages, names):                       # each page has its own seat at the bottom
        assert name in page.locator(".seat.place-s").inner_text()
    took: list = []
    tricks = 0
    deadline = time.monotonic() + 420
    while not pages[0].locator("#summary-box:not([hidden])").count():
        assert time.monotonic() < deadline, "the deal did not reach its score"
        state = _synced(pages)
        tricks = _check_trick_shown(pages, tricks)
        mover = _mover(pages)
        if mover is None:                                      # a deal thrown in: deal the next one
            mover = pages[0]
            mover.locator("#controls button", has_text="Deal").click()
            took.clear()
        else:
            _decide(mover, took)
        mover.wait_for_function(f"document.querySelector('#felt').dataset.state !== {state!r}")
    _synced(pages)
    assert _check_trick_shown(pages, tricks) == 18             # the last trick too, beside the summary
    pages[0].screenshot(path=str(artifacts / "shared-table-summary.png"), full_page=True)
    scores = [[int(x) for x in p.locator("#summary .deal-scores td.score").all_inner_texts()] for p in pages]
    assert all(s == scores[0] for s in scores) and len(scores[0]) == 4 and sum(scores[0]) == 0
    headline = pages[1].locator("#summary .headline").inner_text()
    assert re.search(r"took a Prise .* (made it|failed by)", headline), headline
    assert all(_mover(pages) is None for _ in (0,))            # nobody's turn once the game is over
    pages[0].get_by_text("Deal again at this table (same seats)").click()
    for page in pages:
        page.locator("#summary-box[hidden]").wait_for(state="attached")
        page.locator("#hand button img").nth(17).wait_for()
    _synced(pages)
    assert [p.locator(".seat b").all_inner_texts() for p in pages] == seats     # the same seats, the same places
    assert _mover(pages) is not None
    assert all("The game is over" not in p.locator("#status").inner_text() for p in pages)
    assert pages[0].locator("table[aria-label='Score sheet'] tr").count() >= 3  # deal 1 stays on the sheet
    for name, w, pic in zip(names, watchers, pictures):
        assert w.leaks == [], (name, w.leaks[:3])
        assert pic.asked and pic.unseen() == [], (name, pic.unseen()[:3])
    for context in contexts:
        context.close()


def test_the_table_looks_like_a_card_table_on_a_phone_and_a_desktop(classroom, browser, artifacts) -> None:
    """Screenshots for a person to look at, and the phone's table within the window's width."""
    for label, size in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844})):
        context = browser.new_context(viewport=size)
        login(context, classroom)
        page = context.new_page()
        page.goto(f"{classroom.base}/tarot/tables")
        page.fill("#name", f"Zoe{label[0]}")
        page.fill("input[name=seconds]", "0")
        page.click("text=Create the table")
        page.wait_for_url("**/tarot/tables/*")
        page.click("text=Fill empty seats with robots")
        page.locator("#hand button img").first.wait_for()
        for _ in range(6):                                     # a few decisions in, so the middle shows cards
            if not take_turn(page):
                break
            page.wait_for_timeout(400)
        page.wait_for_timeout(500)
        page.screenshot(path=str(artifacts / f"shared-table-{label}.png"), full_page=True)
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert page.locator("img.card").evaluate_all("imgs => imgs.every(i => i.complete && i.naturalWidth > 0)")
        first = page.locator("#hand button").first
        first.focus()
        page.keyboard.press("ArrowRight")                      # the arrow keys walk the hand, as on the boards
        at = page.evaluate("() => [...document.querySelectorAll('#hand button')].indexOf(document.activeElement)")
        assert at == 1
        if label == "desktop":
            _no_serious_axe_finding(page)
        context.close()


def _no_serious_axe_finding(page) -> None:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return
    found = Axe().run(page).response["violations"]
    serious = [f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
               for v in found if v["impact"] in ("serious", "critical")]
    assert serious == [], serious
