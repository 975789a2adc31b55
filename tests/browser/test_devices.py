"""The boards on a phone and a tablet, in Voila, with touch: Playwright's "Pixel 7" and
"iPad (gen 7)" (Chromium with the device's viewport, scale and touch).

A touch drag is real touch input (CDP ``Input.dispatchTouchEvent``: the browser makes the pointer
events and applies ``touch-action``), not synthetic DOM events.  Sizes are measured in the page.
"""

from __future__ import annotations

import pytest

try:
    from tests.browser.boardkit import dom_counts, open_in_voila, overflow, version, wait_newer
except ImportError:
    from boardkit import dom_counts, open_in_voila, overflow, version, wait_newer

from tarot_learn import games

PHONE, TABLET = "Pixel 7", "iPad (gen 7)"


@pytest.fixture
def device_page(browser, playwright, console_errors):
    """A function that opens a page emulating the named device (touch on), closed after the test."""
    contexts = []

    def open_page(name: str, viewport: dict | None = None):
        spec = {k: v for k, v in playwright.devices[name].items() if k != "default_browser_type"}
        if viewport:
            spec["viewport"] = viewport
        context = browser.new_context(**spec)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: console_errors.append(str(exc)))
        return context, page

    yield open_page
    for context in contexts:
        context.close()


def center(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).last.bounding_box()
    assert box, f"{selector} is not on the page"
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 30)


def touch_drag(context, page, start: tuple[float, float], end: tuple[float, float], while_down=None) -> None:
    """A finger put down at ``start``, moved in steps to ``end`` and lifted; ``while_down()`` runs
    before the finger is lifted (to look at the page mid-drag)."""
    cdp = context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start)
    for i in range(1, 11):
        touch("touchMove", start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10)
    if while_down is not None:
        while_down()
    touch("touchEnd", *end)
    cdp.detach()


def measures(page) -> dict:
    return page.evaluate("""() => {
      const board = document.querySelector('.tl-board');
      const cols = [...board.querySelectorAll('.tl-tableau > .tl-pile')].map(p => p.getBoundingClientRect().width);
      const cards = [...board.querySelectorAll('.tl-card')].map(c => c.getBoundingClientRect().width);
      return { top: board.getBoundingClientRect().top, height: innerHeight, width: innerWidth,
               scroll: document.scrollingElement.scrollWidth, cols, minCard: Math.min(...cards) }; }""")


@pytest.mark.parametrize("handset", [PHONE, TABLET])
def test_a_card_dragged_by_touch_lands_on_a_lit_foundation(handset, device_page, voila, console_errors):
    context, page = device_page(handset)
    open_in_voila(page, voila, "board_tarot_solitaire")
    replica = games.new("tarot-solitaire", seed=1)
    move = next(m for m in replica.legal_moves() if m.action == "move" and m.src[0] == "t" and m.dst[0] == "f")
    n = replica.observation().pile(move.src).size
    src = f'.tl-board [data-pile="{move.src}"] [data-index="{n - 1}"]'
    dst = f'.tl-board [data-pile="{move.dst}"]'
    lit: list[str] = []

    def look() -> None:         # mid-drag: the copy follows the finger, the legal drops light up
        page.wait_for_selector(f'{dst}.tl-drop', timeout=10_000)
        lit.extend(page.locator(".tl-board .tl-drop").evaluate_all("els => els.map(e => e.dataset.pile)"))
        assert page.locator(".tl-ghost .tl-card").count() == 1

    v0 = version(page)
    touch_drag(context, page, center(page, src), center(page, dst), look)
    wait_newer(page, v0)
    assert set(lit) == set(replica.legal_destinations(move.src, 1))
    replica.play(move)
    assert dom_counts(page) == {p.id: p.size for p in replica.observation().piles}
    assert page.locator(".tl-ghost").count() == 0 and page.locator(".tl-drop").count() == 0
    assert not console_errors, console_errors


@pytest.mark.parametrize("handset", [PHONE, TABLET])
def test_the_board_fits_the_device(handset, device_page, voila, console_errors):
    _, page = device_page(handset)
    open_in_voila(page, voila, "board_tarot_solitaire")
    got = measures(page)
    assert got["top"] < got["height"] * 0.5, got           # the table starts within the first screen
    assert got["scroll"] <= got["width"], got               # nothing makes the page scroll sideways
    assert overflow(page) == []
    assert page.get_by_text("Game options").count() == 1
    if handset == PHONE:
        assert len(got["cols"]) == 9 and min(got["cols"]) >= 40, got
    else:
        assert got["minCard"] >= 70, got
    assert not console_errors, console_errors


@pytest.mark.parametrize("notebook,root", [("board_tarot_solitaire", ".tl-board"), ("tarot_table", ".tt-table")])
def test_nothing_overflows_sideways_at_360_px(notebook, root, device_page, voila):
    _, page = device_page(PHONE, {"width": 360, "height": 740})
    open_in_voila(page, voila, notebook, root_sel=root)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert overflow(page, root) == []
    assert page.get_by_text("Game options").count() == 1
    if root == ".tt-table":     # your seat (the first to bid) starts within the first screen
        assert page.locator(".tt-me").bounding_box()["y"] < 740


def test_the_french_tarot_table_plays_a_card_by_touch(device_page, voila, console_errors):
    context, page = device_page(PHONE)
    open_in_voila(page, voila, "tarot_table", root_sel=".tt-table")
    table = ".tt-table"
    v0 = version(page, table)
    page.locator(".tl-btn-pass").first.tap()
    wait_newer(page, v0, table)
    page.wait_for_selector(".tt-table[data-phase=playing][data-to-play='0']", timeout=30_000)
    card = page.locator(".tt-hand .tt-legal").first.get_attribute("data-card")
    held = int(page.locator(".tt-me").get_attribute("data-count"))
    page.locator(".tt-me").scroll_into_view_if_needed()
    v1 = version(page, table)
    touch_drag(context, page, center(page, f'.tt-hand [data-card="{card}"]'), center(page, ".tt-trick"))
    wait_newer(page, v1, table)
    page.wait_for_function("(n) => Number(document.querySelector('.tt-me').dataset.count) === n", arg=held - 1,
                           timeout=15_000)
    assert page.locator(f'.tt-hand [data-card="{card}"]').count() == 0
    assert page.locator(".tt-ghost").count() == 0
    assert not console_errors, console_errors


def test_escape_after_a_pick_leaves_no_picked_up_message(device_page, voila, console_errors):
    _, page = device_page(TABLET)
    open_in_voila(page, voila, "board_tarot_solitaire")
    v0 = version(page)
    page.locator('.tl-board [data-pile="t6"] .tl-card').last.tap()
    wait_newer(page, v0)
    page.wait_for_function("() => document.querySelector('.tl-explain').textContent.includes('Picked up')",
                           timeout=15_000)
    v1 = version(page)
    page.keyboard.press("Escape")
    wait_newer(page, v1)
    page.wait_for_function("() => !document.querySelector('.tl-explain').textContent.includes('Picked up')",
                           timeout=15_000)
    assert page.locator(".tl-board .tl-sel").count() == 0
    assert not console_errors, console_errors
