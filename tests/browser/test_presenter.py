"""The Presenter in Voila on a projector-sized window: the arrow keys step through a student's
game (a result code, proved by replay); after each step the page shows the move's explanation and
exactly the position the replica reaches (by its digest), and the cards grow with the screen."""

from __future__ import annotations

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import dom_digest, open_in_voila, version, wait_newer
except ImportError:
    from boardkit import dom_digest, open_in_voila, version, wait_newer
from tarot_learn import games
from tarot_learn.widgets.board import observation_digest


def student_line() -> list:
    """The fixture's line: the first twelve moves of Klondike deal 7, as the notebook plays them."""
    state = games.new("klondike", seed=7)
    line = []
    for _ in range(12):
        moves = state.legal_moves()
        move = next((m for m in moves if m.action == "move"), moves[0])
        line.append(move)
        state.play(move)
    return line


def key(page, name: str) -> None:
    v0 = version(page)
    page.keyboard.press(name)
    wait_newer(page, v0)


def panel(page) -> str:
    return page.locator(".tl-present-panel").inner_text()


def test_presenter_steps_with_the_arrow_keys(page, voila, console_errors):
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_in_voila(page, voila, "presenter")
    line = student_line()
    replica = games.new("klondike", seed=7)
    assert dom_digest(page) == observation_digest(replica.observation())
    small = page.locator(".tl-board img.tl-card").first.bounding_box()["height"]
    assert small > 150                                  # projector-sized cards
    page.locator(".tl-board").focus()
    for k in range(1, 4):
        note = replica.explain(line[k - 1])
        replica.play(line[k - 1])
        key(page, "ArrowRight")
        page.wait_for_function("(k) => document.querySelector('.tl-present-panel').innerText"
                               ".includes(`Move ${k} of 12`)", arg=k, timeout=10_000)
        assert dom_digest(page) == observation_digest(replica.observation())
        assert note.split(" (")[0] in panel(page)
    key(page, "ArrowLeft")
    page.wait_for_function("() => document.querySelector('.tl-present-panel').innerText.includes('Move 2 of 12')",
                           timeout=10_000)
    key(page, "End")
    for move in line[3:]:
        replica.play(move)
    page.wait_for_function("() => document.querySelector('.tl-present-panel').innerText.includes('Move 12 of 12')",
                           timeout=10_000)
    assert dom_digest(page) == observation_digest(replica.observation())
    key(page, "Home")
    assert page.locator(".tl-btn-prev button, button.tl-btn-prev").first.is_disabled()
    assert not [e for e in console_errors if "Failed to load resource" not in e]


if __name__ == "__main__":   # pragma: no cover
    pytest.main([__file__, "-m", "browser"])
