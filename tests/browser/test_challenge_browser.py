"""A whole class challenge in Chromium, on the class server as a teacher starts it.

The teacher logs in with the teacher's password and sets the challenge (a Klondike deal the solver
wins in 119 moves).  Ana plays the whole deal on her board with clicks (the solver's line, each
move a click on the card and a click on where it goes, as a student does): her result is handed
in when the game ends.  Ben hands in a finished game by pasting its result code (made in Python:
this part is about the leaderboard, not the clicks).  Cleo pastes a forged code: refused, with the
reason.  The teacher's page and Ana's page show the two verified results in order; the server
restarts; the leaderboard is still there.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.test_challenge import GAME, OPTIONS, SEED, ClassServer, finished_code, forged_code, free_port, winning_line
from tarot_learn import games
from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.store import ClassStore

# Plays a list of moves with clicks on the board, waiting after each click for the kernel's new view.
PLAY_BY_CLICKS = """
async (moves) => {
  const board = () => document.querySelector('.tl-board');
  const pile = (id) => board().querySelector(`[data-pile="${id}"]`);
  const click = async (el) => {
    const v0 = board().dataset.version;
    el.click();
    const t0 = performance.now();
    while (board().dataset.version === v0) {
      if (performance.now() - t0 > 15000) throw new Error('the board did not answer within 15 s');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  for (const move of moves) {
    if (move === 'draw' || move === 'redeal') { await click(pile('s')); continue; }
    const [, src, dst, n] = move.match(/^(\\w+)>(\\w+?)(?:x(\\d+))?$/);
    const count = Number(pile(src).dataset.count);
    const index = count - Number(n || 1);
    await click(pile(src).querySelector(`[data-index="${index}"]`));
    await click(pile(dst));
  }
  return board().dataset.status;
}
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("challenge-browser") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def leaderboard_rows(page, timeout: float = 20_000) -> list[list[str]]:
    page.wait_for_function("() => document.querySelectorAll('table.tl-leaderboard tbody tr').length >= 2",
                           timeout=timeout)
    return page.locator("table.tl-leaderboard tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))")


def open_teacher_page(page, server) -> None:
    page.goto(f"{server.base}tarot/challenge/teacher")
    if page.get_by_label("Teacher password").count():
        page.get_by_label("Teacher password").fill(server.teacher)
        page.get_by_role("button", name="Open the teacher page").click()
    page.get_by_role("heading", name="A new challenge").wait_for()


def open_challenge(browser, server, via_landing: bool):
    """A student's own browser on the challenge page: the class password, then the landing page's
    challenge link (or the page's address, opened without waiting, so several pages load at once)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}?token={server.password}")
    if via_landing:
        page.get_by_role("link", name=re.compile(r"^Challenge 1: Klondike")).click()
    else:
        page.goto(f"{server.base}tarot/challenge", wait_until="commit")
    return context, page


def join(page, name: str) -> None:
    page.get_by_role("button", name="Join the challenge").wait_for(timeout=120_000)
    page.locator(".widget-text input").first.fill(name)
    page.get_by_role("button", name="Join the challenge").click()
    page.locator(".tl-board[data-version]").wait_for(timeout=60_000)


def serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']}: {v['help']}" for v in found if v.get("impact") in ("serious", "critical")]


def test_a_whole_class_challenge(server, browser):
    teacher_context = browser.new_context()
    teacher = teacher_context.new_page()
    teacher.goto(f"{server.base}?token={server.password}")
    # A student with only the class password meets the teacher's password form, not the page.
    teacher.goto(f"{server.base}tarot/challenge/teacher")
    assert teacher.get_by_role("heading", name="A new challenge").count() == 0
    open_teacher_page(teacher, server)
    teacher.get_by_label("Game", exact=True).select_option(GAME)
    teacher.get_by_label(re.compile(r"^Cards turned per draw")).select_option("3")
    teacher.get_by_label(re.compile(r"^How cards build down")).select_option("any_suit")
    teacher.get_by_label("Deal", exact=True).fill(str(SEED))
    teacher.get_by_label("Time limit (minutes)").fill("30")
    teacher.get_by_role("button", name="Start the challenge").click()
    teacher.get_by_text(re.compile(r"Challenge 1: Klondike \(draw 3, build any suit\)")).first.wait_for()

    ben_context, ben = open_challenge(browser, server, via_landing=False)
    cleo_context, cleo = open_challenge(browser, server, via_landing=False)
    ana_context, ana = open_challenge(browser, server, via_landing=True)
    join(ana, "Ana")
    assert "KL3" not in ana.content()                      # no deal code reaches the student's page
    status = ana.evaluate(PLAY_BY_CLICKS, list(winning_line()))
    assert status.lower().startswith("won"), status
    ana.get_by_text(re.compile(r"Handed in for Ana: won in 119 moves")).wait_for(timeout=20_000)

    join(ben, "Ben")
    ben.locator(".widget-textarea textarea").fill(finished_code(cycles=1))
    ben.get_by_role("button", name="Check and hand in").click()
    ben.get_by_text(re.compile(r"Handed in for Ben: won in 128 moves")).wait_for(timeout=20_000)

    # A name belongs to the page that took it: Cleo's browser cannot join as Ana.
    cleo.get_by_role("button", name="Join the challenge").wait_for(timeout=120_000)
    cleo.locator(".widget-text input").first.fill("Ana")
    cleo.get_by_role("button", name="Join the challenge").click()
    cleo.get_by_text(re.compile(r"Ana is taken by another browser")).wait_for(timeout=20_000)   # the class list's
    teacher.get_by_role("button", name="Free this name").nth(1).wait_for(timeout=10_000)   # Ana's and Ben's
    join(cleo, "Cleo")
    forged = forged_code(games.new(GAME, seed=SEED, **OPTIONS).deal_code, ["t1>f1"] * 52)   # check word right
    cleo.locator(".widget-textarea textarea").fill(forged)
    cleo.get_by_role("button", name="Check and hand in").click()
    refusal = cleo.get_by_text(re.compile(r"^Refused: ")).first
    refusal.wait_for(timeout=20_000)
    assert "move 1 of the result, 't1>f1', is not legal" in refusal.inner_text()

    expected = [["1", "Ana", "won", "119"], ["2", "Ben", "won", "128"]]
    teacher_rows = [[r[0], r[1], r[2], r[4]] for r in leaderboard_rows(teacher)]   # its 4th column: cards home
    assert teacher_rows == expected                                       # the teacher's page, pushed
    assert [r[:4] for r in leaderboard_rows(ana)] == expected              # Ana's page, pushed by the server too
    assert serious_violations(teacher) == []
    assert serious_violations(ana) == []

    for context in (ana_context, ben_context, cleo_context):
        context.close()
    server.stop()
    server.start()
    teacher.reload()
    open_teacher_page(teacher, server)
    assert [[r[0], r[1], r[2], r[4]] for r in leaderboard_rows(teacher)] == expected
    teacher_context.close()


def test_a_freed_name_starts_afresh_the_old_page_stops_and_a_closed_challenge_says_so(server, browser):
    teacher_context = browser.new_context()
    teacher = teacher_context.new_page()
    teacher.goto(f"{server.base}?token={server.password}")
    open_teacher_page(teacher, server)
    teacher.wait_for_function("() => document.getElementById('game').options.length > 0")
    teacher.get_by_label("Game", exact=True).select_option(GAME)
    teacher.get_by_label("Deal", exact=True).fill(str(SEED))
    teacher.get_by_role("button", name="Start the challenge").click()
    teacher.get_by_text(re.compile(r"^Started: Klondike")).wait_for(timeout=30_000)

    old_context, old = open_challenge(browser, server, via_landing=False)
    join(old, "Dora")
    old.evaluate(PLAY_BY_CLICKS, ["draw", "draw"])
    book = ChallengeBook(ClassStore(server.folder))                   # the page hands its game in as it plays
    deadline = time.monotonic() + 20
    while not any(e.name == "Dora" for e in book.progresses(book.current())) and time.monotonic() < deadline:
        time.sleep(0.3)
    assert [e.name for e in book.progresses(book.current())] == ["Dora"]
    freed: list[str] = []
    teacher.once("dialog", lambda d: (freed.append(d.message), d.accept()))
    teacher.locator("#players li", has_text="Dora").get_by_role("button", name="Free this name").click()
    teacher.get_by_text("Dora may join again from any page.").wait_for(timeout=10_000)
    assert freed and "starts a fresh board" in freed[0]

    new_context, new = open_challenge(browser, server, via_landing=False)
    join(new, "dora")                                                  # another laptop, the name in any case
    status = new.locator(".tl-challenge-ok").first.inner_text()
    assert "Welcome, Dora" in status and "Welcome back" not in status
    assert new.locator('.tl-board [data-pile="w"]').get_attribute("data-count") == "0"   # a fresh board
    before = old.locator('.tl-board [data-pile="w"]').get_attribute("data-count")
    old.locator('.tl-board [data-pile="s"]').click()
    old.get_by_text(re.compile("Your teacher freed the name Dora")).wait_for(timeout=15_000)
    assert old.locator('.tl-board [data-pile="w"]').get_attribute("data-count") == before

    teacher.once("dialog", lambda d: d.accept())
    teacher.get_by_role("button", name="End the challenge now").click()
    new.get_by_text(re.compile(r"This challenge is closed")).wait_for(timeout=15_000)
    late_context, late = open_challenge(browser, server, via_landing=False)
    late.get_by_role("button", name="Join the challenge").wait_for(timeout=120_000)
    late.locator(".widget-text input").first.fill("Finn")
    late.get_by_role("button", name="Join the challenge").click()
    late.get_by_text(re.compile(r"Challenge \d+ is closed: results are no longer taken")).wait_for(timeout=20_000)
    assert late.get_by_text("play the deal below").count() == 0
    for context in (teacher_context, old_context, new_context, late_context):
        context.close()
