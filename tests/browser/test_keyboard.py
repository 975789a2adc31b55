"""A patience played with the keyboard alone, in Voila, on laptop-sized windows (1024 x 768 and
1366 x 768, where nothing of the board may reach past the right edge): Tab reaches the card table, the arrow keys
move between piles (and up a column's face-up cards), Enter picks a card up and puts it down,
space draws.  First a layout one move from the end is won; then the first ten moves of a real
deal are played, the page checked against a replica of the deal after each."""

from __future__ import annotations

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import dom_counts, open_in_voila, overflow, version, wait_newer
except ImportError:
    from boardkit import dom_counts, open_in_voila, overflow, version, wait_newer
from tarot_learn import games
from tarot_learn.core import Move

FOCUS = """() => { const a = document.activeElement; const p = a && a.closest('.tl-board [data-pile]');
  return p ? [p.dataset.pile, a.dataset.index === undefined ? null : Number(a.dataset.index),
              a.getAttribute('aria-label')] : null; }"""


def focused(page):
    return page.evaluate(FOCUS)


def tab_into_board(page) -> None:
    """Tab from the top of the page until a pile of the card table has the focus."""
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if focused(page):
            return
    raise AssertionError("Tab never reached the card table")


def arrow_to(page, pile: str, index: int | None = None) -> None:
    """Right arrow to ``pile``, then up its column to the card at ``index``."""
    for _ in range(40):
        if focused(page)[0] == pile:
            break
        page.keyboard.press("ArrowRight")
    assert focused(page)[0] == pile, focused(page)
    for _ in range(30):
        if index is None or focused(page)[1] == index:
            return
        page.keyboard.press("ArrowUp")
    raise AssertionError(f"no card {index} in {pile}: {focused(page)}")


def enter(page) -> None:
    v0 = version(page)
    page.keyboard.press("Enter")
    wait_newer(page, v0)


def play_by_keyboard(page, state, move: Move) -> None:
    if move.action != "move":
        v0 = version(page)
        page.keyboard.press(" ")
        wait_newer(page, v0)
        return
    n = state.observation().pile(move.src).size
    arrow_to(page, move.src, n - move.count if move.src[0] == "t" else None)
    enter(page)
    arrow_to(page, move.dst)
    enter(page)


def test_a_layout_one_move_from_the_end_is_won_with_the_keyboard(page, voila, console_errors):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_in_voila(page, voila, "board_one_move")
    assert overflow(page) == []
    tab_into_board(page)
    pile, index, name = focused(page)
    assert name and name.count(",") >= 1            # every stop is named
    arrow_to(page, "t1", 0)
    assert focused(page)[2] == "King of Spades, face up, column 1"
    enter(page)
    assert "picked up" in focused(page)[2]         # the focus stays on the card through the redraw
    lit = page.evaluate("() => [...document.querySelectorAll('.tl-board .tl-stop')]"
                        ".filter(e => /can take/.test(e.getAttribute('aria-label'))).length")
    assert lit >= 1
    arrow_to(page, "f1")
    enter(page)
    assert page.locator(".tl-board").get_attribute("data-status") == "won"


def test_the_first_ten_moves_of_a_real_deal_with_the_keyboard(page, voila, console_errors):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_in_voila(page, voila, "board_klondike")
    assert overflow(page) == []
    replica = games.new("klondike", seed=1)
    tab_into_board(page)
    for _ in range(10):
        moves = replica.legal_moves()
        move = next((m for m in moves if m.action == "move" and m.src[0] != "f"), moves[0])
        play_by_keyboard(page, replica, move)
        replica.play(move)
        assert dom_counts(page) == {p.id: p.size for p in replica.observation().piles}
    face_down = page.locator(".tl-board .tl-tableau img[alt='face-down card']")
    assert face_down.count() > 0 and not face_down.first.get_attribute("aria-label")
    assert not [e for e in console_errors if "Failed to load resource" not in e]
    page.set_viewport_size({"width": 1024, "height": 768})      # narrower: the cards shrink to fit
    page.wait_for_timeout(300)
    assert overflow(page) == []



def test_the_action_keys_come_from_python(page, voila, console_errors):
    """The page's keys are the board's action table (Python's ``key_map``): z and Ctrl+Z undo,
    y and Ctrl+Shift+Z redo, space draws, and a key the table lacks sends nothing."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_in_voila(page, voila, "board_klondike")
    tab_into_board(page)
    for key in (" ", " ", "z", "y", "Control+z", "Control+Shift+z"):
        v0 = version(page)
        page.keyboard.press(key)
        wait_newer(page, v0)
    replica = games.new("klondike", seed=1)        # two draws, each taken back and replayed
    for _ in range(2):
        replica.play(replica.parse_move("s"))
    assert dom_counts(page) == {p.id: p.size for p in replica.observation().piles}
    v0 = version(page)
    page.keyboard.press("q")                 # no action has q: nothing is sent, nothing redrawn
    page.wait_for_timeout(400)
    assert version(page) == v0


if __name__ == "__main__":   # pragma: no cover
    pytest.main([__file__, "-m", "browser"])
