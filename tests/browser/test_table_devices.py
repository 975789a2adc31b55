"""The shared French Tarot table page on a phone and a tablet with touch (Playwright's "Pixel 7" and
"iPad (gen 7)"): a person plays against three robots, a card is played by a finger's drag and by a
tap, the hand wraps within the window, the seat to play is on the screen, nothing overflows
sideways at 360 px, and the cards are wide enough to tap.  Sizes are measured in the page."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.browser.jlab import start_classroom
from tests.browser import test_devices
from tests.browser.test_devices import PHONE, TABLET, center, touch_drag
from tests.browser.test_shared_tables import login

device_page = test_devices.device_page          # the boards' device fixture: a page emulating a handset


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    yield from start_classroom(tmp_path_factory.mktemp("table-devices"))


def seated_with_robots(context, page, classroom, name: str) -> None:
    """``name`` creates a table without a clock and fills the three other seats with robots."""
    login(context, classroom)
    page.goto(f"{classroom.base}/tarot/tables")
    page.fill("#name", name)
    page.fill("input[name=seconds]", "0")
    page.locator("text=Create the table").tap()
    page.wait_for_url("**/tarot/tables/*")
    page.locator("text=Fill empty seats with robots").tap()
    page.locator("#hand button img").first.wait_for()


def until_a_card_to_play(page, seconds: float = 120) -> None:
    """Pass every bid (a robot takes, or the deal is thrown in and dealt again) until this seat
    may play a card; every decision is a tap."""
    deadline = time.monotonic() + seconds
    while not page.locator("#hand button.lit").count():
        assert time.monotonic() < deadline, "this seat never came to play a card"
        for target in ("#actions button:text-is('Pass')", "#controls button:text('Deal')"):
            if page.locator(target).count():
                page.locator(target).first.tap()
                break
        page.wait_for_timeout(300)


def played_by_touch(context, page, drag: bool) -> None:
    """Play the first lit card, by a finger's drag to the middle or by a tap; the hand loses it."""
    button = page.locator("#hand button.lit").first
    card, held = button.get_attribute("data-card"), page.locator("#hand button").count()
    button.scroll_into_view_if_needed()
    if drag:
        lifted: list[int] = []
        touch_drag(context, page, center(page, f'#hand button[data-card="{card}"]'), center(page, "#middle"),
                   lambda: lifted.append(page.locator("img.card.ghost").count()))
        assert lifted == [1]                              # mid-drag the card follows the finger
    else:
        button.tap()
    page.wait_for_function("n => document.querySelectorAll('#hand button').length === n", arg=held - 1,
                           timeout=15_000)
    assert page.locator(f'#hand button[data-card="{card}"]').count() == 0
    assert page.locator("img.card.ghost").count() == 0


def measures(page) -> dict:
    """The window, the page's width, the hand's cards (their width and the strip a finger can touch,
    the part not covered by the next card) and the rows the hand wraps into."""
    return page.evaluate("""() => {
      const cards = [...document.querySelectorAll('#hand button')].map(b => b.getBoundingClientRect());
      const strips = cards.map((r, i) => i + 1 < cards.length && cards[i + 1].top === r.top ?
                                         cards[i + 1].left - r.left : r.width);
      return {width: innerWidth, height: innerHeight, scroll: document.scrollingElement.scrollWidth,
              card: Math.min(...cards.map(r => r.width)), strip: Math.min(...strips),
              rows: new Set(cards.map(r => Math.round(r.top))).size,
              right: Math.max(...cards.map(r => r.right))}; }""")


def on_screen(page, selector: str) -> bool:
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector)


@pytest.mark.parametrize("handset", [PHONE, TABLET])
def test_a_card_is_played_by_touch_and_the_table_fits(handset, classroom, device_page, artifacts) -> None:
    context, page = device_page(handset)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seated_with_robots(context, page, classroom, "Pia" if handset == PHONE else "Tom")
    until_a_card_to_play(page)
    page.locator("#clock", has_text="Your turn").wait_for()
    page.wait_for_function("() => [...document.querySelectorAll('#hand img')].every(i => i.complete && i.naturalWidth)")
    got = measures(page)
    page.screenshot(path=str(artifacts / f"shared-table-{'phone' if handset == PHONE else 'tablet'}-touch.png"))
    assert got["scroll"] <= got["width"] and got["right"] <= got["width"], got
    assert page.locator(".seat.turn").count() == 1 and on_screen(page, ".seat.turn"), "the seat to play is hidden"
    if handset == PHONE:          # the hand wraps; each card shows a strip a finger can hit
        assert got["rows"] >= 2 and got["strip"] >= 28 and got["card"] >= 44, got
    else:
        assert got["card"] >= 70 and got["strip"] >= 36, got
    played_by_touch(context, page, drag=True)
    until_a_card_to_play(page)
    played_by_touch(context, page, drag=False)
    assert errors == [], errors


def test_nothing_overflows_sideways_at_360_px(classroom, device_page) -> None:
    context, page = device_page(PHONE, {"width": 360, "height": 740})
    seated_with_robots(context, page, classroom, "Sam")
    until_a_card_to_play(page)
    found = page.evaluate("""() => [...document.querySelectorAll('main, main *')].filter(e => {
      const r = e.getBoundingClientRect(); return r.width && r.right > innerWidth && !e.closest('.sr');
    }).map(e => `${e.tagName}.${e.className} ends at ${Math.round(e.getBoundingClientRect().right)}px`).slice(0, 5)""")
    assert found == [], found
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert on_screen(page, ".seat.turn")


def _with_a_poignee(text: str) -> str:
    """A view of this seat's turn to play, as if it held the twelve trumps 21 to 10: the page is
    offered the lowest ten as its poignée.  Only what the page draws is changed; the server still
    holds the real hand and judges what the page sends."""
    data = json.loads(text)
    if not data.get("obs") or not any(a.startswith("play ") for a in data.get("actions") or []):
        return text
    hand = next(p for p in data["obs"]["piles"] if p["id"] == f"hand:{data['you']}")
    hand["cards"] = [f"T{n}" for n in range(21, 9, -1)] + [c for c in hand["cards"] if not c.startswith("T")][:6]
    data["actions"] = [f"play {c}" for c in hand["cards"]] + ["declare poignee " + " ".join(TEN_LOWEST)]
    return json.dumps(data)


TEN_LOWEST = [f"T{n}" for n in range(19, 9, -1)]


def test_a_poignee_is_chosen_trump_by_trump_and_the_server_judges_it(classroom, device_page) -> None:
    context, page = device_page(TABLET)
    sent: list[dict] = []

    def route(ws) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda text: ws.send(_with_a_poignee(text)))
        ws.on_message(lambda text: (sent.append(json.loads(text)), server.send(text)))

    page.route_web_socket(re.compile(r".*/socket\?.*"), route)
    seated_with_robots(context, page, classroom, "Uma")
    until_a_card_to_play(page)
    page.locator("#actions button", has_text="Choose a poignée of 10 trumps").tap()
    chosen = "#hand button[aria-pressed=true]"
    assert sorted(page.locator(chosen).evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted(TEN_LOWEST)
    show = page.locator("#choice button.confirm")
    page.locator('#hand button[data-card="T21"]').tap()          # ten chosen already: no eleventh
    assert page.locator(chosen).count() == 10 and not show.is_disabled()
    page.locator('#hand button[data-card="T10"]').tap()          # the 10 kept back, the 21 shown instead
    assert show.is_disabled()
    page.locator('#hand button[data-card="T21"]').tap()
    assert page.locator('#hand button.dim[aria-disabled=true]').count() >= 1      # a plain suit card: not a trump
    held = page.locator("#hand button").count()
    show.tap()
    want = "declare poignee " + " ".join(["T21"] + TEN_LOWEST[:-1])
    page.wait_for_function("() => document.querySelector('#msg').textContent.includes('FT-15')", timeout=15_000)
    assert {"kind": "move", "move": want} in sent
    assert page.locator("#hand button").count() == held      # the real hand lacks those trumps: refused, unchanged


def test_levels_and_badges_sit_beside_the_names_only_when_sent(classroom, device_page) -> None:
    """The server sends ``social.standing`` only while points are on (off by default: no level
    shows); given one, the seat box carries the level and the badges in words."""
    context, page = device_page(PHONE)
    standing: dict = {}

    def route(ws) -> None:
        server = ws.connect_to_server()

        def down(text: str) -> None:
            data = json.loads(text)
            if standing and "social" in data:
                data["social"]["standing"] = standing
            ws.send(json.dumps(data))
        server.on_message(down)
        ws.on_message(lambda text: server.send(text))

    page.route_web_socket(re.compile(r".*/socket\?.*"), route)
    seated_with_robots(context, page, classroom, "Val")
    assert page.locator(".seat .tag.level").count() == 0
    standing["Val"] = {"level": 3, "badges": ["contract", "ten_games"]}
    page.reload()
    me = page.locator(".seat.me")
    me.locator(".tag.level", has_text="level 3").wait_for()
    assert me.locator(".tag.badge").all_inner_texts() == ["first contract made", "ten games played"]
    assert page.locator(".seat:not(.me) .tag.level").count() == 0
