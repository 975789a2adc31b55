"""The boards in a real browser: JupyterLab and Voila, real clicks, keys and drags, the page
checked against the kernel (cards per pile, the position digest) and against a replica of the
same deal played in this process."""

from __future__ import annotations

import random

import pytest

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import (act, act_locator, dom_counts, dom_digest, kernel_summary,
                                        open_in_lab, open_in_voila, press_key, save_image,
                                        settle, version, wait_newer)
except ImportError:
    from boardkit import (act, act_locator, dom_counts, dom_digest, kernel_summary, open_in_lab,
                          open_in_voila, press_key, save_image, settle, version, wait_newer)
from tarot_learn import games
from tarot_learn.core import Move

PATIENCE_FIXTURES = {"tarot-solitaire": "board_tarot_solitaire", "klondike": "board_klondike",
                     "american-toad": "board_american_toad"}


def our_errors(errors: list[str]) -> list[str]:
    """Console errors that are ours (JupyterLab may log unrelated network noise offline)."""
    return [e for e in errors if "Failed to load resource" not in e and "favicon" not in e]


def replica_counts(state) -> dict[str, int]:
    return {p.id: p.size for p in state.observation().piles}


def click_move(page, state, move: Move) -> None:
    """Pick up the card heading ``move`` by clicking it, then click the destination pile."""
    n = state.observation().pile(move.src).size
    act(page, f'[data-pile="{move.src}"] [data-index="{n - move.count}"]')
    act(page, f'[data-pile="{move.dst}"]', nth=0)


def pick_moves(state, k: int) -> list[Move]:
    """Up to ``k`` moves of cards (not draws), played on the replica as they are chosen."""
    out = []
    for _ in range(k):
        moves = [m for m in state.legal_moves() if m.action == "move"]
        if not moves:
            break
        out.append(moves[0])
        state.play(moves[0])
    for _ in out:
        state.undo()
    return out


@pytest.mark.parametrize("game", list(PATIENCE_FIXTURES))
def test_solitaire_board_plays_in_jupyterlab(page, jupyter_lab, artifacts, console_errors, game):
    if game not in games.names():
        pytest.skip(f"{game} is not registered yet")
    page.set_viewport_size({"width": 1500, "height": 1100})
    open_in_lab(page, jupyter_lab, PATIENCE_FIXTURES[game])
    replica = games.new(game, seed=1)
    assert dom_counts(page) == replica_counts(replica)

    # draw from the stock by clicking it
    act(page, '[data-pile="s"]', nth=0)
    replica.play("s")
    assert dom_counts(page) == replica_counts(replica)

    # three moves by clicking: the card lights its destinations, the destination takes it
    for move in pick_moves(replica, 3):
        n = replica.observation().pile(move.src).size
        act(page, f'[data-pile="{move.src}"] [data-index="{n - move.count}"]')
        lit = page.locator(".tl-board .tl-target").evaluate_all("els => els.map(e => e.dataset.pile)")
        assert set(lit) == set(replica.legal_destinations(move.src, move.count))
        act(page, f'[data-pile="{move.dst}"]', nth=0)
        replica.play(move)
        assert dom_counts(page) == replica_counts(replica)
    # the explanation is its own widget: wait for its message, which follows the board's view
    page.wait_for_function("() => /\\b(TS|KL|AT)-\\d+/.test(document.querySelector('.tl-explain').textContent)",
                           timeout=15_000)

    # drag and drop (HTML5) one more move between columns, when there is one
    drag = [m for m in replica.legal_moves() if m.action == "move" and m.src[0] == "t" and m.dst[0] == "t"]
    if drag:
        m = drag[0]
        n = replica.observation().pile(m.src).size
        v0 = version(page)
        page.drag_and_drop(f'.tl-board [data-pile="{m.src}"] [data-index="{n - m.count}"]',
                           f'.tl-board [data-pile="{m.dst}"]')
        wait_newer(page, v0)          # a drop is one move intent: one view comes back
        page.wait_for_timeout(300)
        assert version(page) == v0 + 1
        replica.play(m)
        assert dom_counts(page) == replica_counts(replica)

    # keys go to the board, not to JupyterLab: "d d" draws twice and deletes no cell
    cells = page.locator(".jp-Cell").count()
    for _ in range(2):
        press_key(page, "d")
        replica.play("s")
    assert page.locator(".jp-Cell").count() == cells
    assert dom_counts(page) == replica_counts(replica)
    for _ in range(2):
        press_key(page, "z")
        replica.undo()

    # undo with the keyboard (z) and with the Undo button
    press_key(page, "z")
    replica.undo()
    assert dom_counts(page) == replica_counts(replica)
    act_locator(page, page.locator(".tl-btn-undo").first)
    replica.undo()
    assert dom_counts(page) == replica_counts(replica)

    kernel = kernel_summary(page)
    assert kernel["counts"] == replica_counts(replica) == dom_counts(page)
    assert kernel["digest"] == dom_digest(page)
    name = {"tarot-solitaire": "board_tarot_solitaire.png", "klondike": "board_klondike.png",
            "american-toad": "board_american_toad.png"}[game]
    page.locator(".tl-solitaire-board").first.scroll_into_view_if_needed()
    save_image(page, ".tl-solitaire-board", name, artifacts)
    assert not our_errors(console_errors), console_errors


def test_random_clicks_keep_the_page_true_to_the_kernel(page, jupyter_lab, artifacts, console_errors):
    """Three hundred random clicks, double-clicks and keys anywhere on the table (dispatched in
    the page, each waiting for the kernel's answer) and forty real mouse clicks; afterwards the
    page shows exactly the kernel's position and no JavaScript error was raised."""
    page.set_viewport_size({"width": 1500, "height": 1100})
    open_in_lab(page, jupyter_lab, "board_tarot_solitaire")
    board = page.locator(".tl-board").first
    board.scroll_into_view_if_needed()
    answered = page.evaluate(RANDOM_CLICKS, [300, 20261122])
    assert answered >= 250, "most random points fall on the table"
    rng = random.Random(20261122)
    for _ in range(40):
        box = board.bounding_box()
        x = box["x"] + rng.uniform(4, box["width"] - 4)
        y = box["y"] + rng.uniform(4, min(box["height"], 1090 - box["y"]) - 4)
        v0 = version(page)
        page.mouse.click(x, y)
        wait_newer(page, v0)
    kernel = kernel_summary(page)
    assert kernel["digest"] == dom_digest(page)
    assert kernel["counts"] == dom_counts(page)
    assert kernel["moves"] > 0
    page.screenshot(path=str(artifacts / "stress_tarot_solitaire.png"))
    assert not our_errors(console_errors), console_errors


# n random events at random points of the table, each awaited until the kernel's view arrives;
# returns how many were sent (points off screen are skipped).
RANDOM_CLICKS = """
async ([n, seed]) => {
  const board = document.querySelector(".tl-board");
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const newer = (v0) => new Promise((resolve, reject) => {
    if (board.dataset.version !== v0) return resolve();
    const obs = new MutationObserver(() => {
      if (board.dataset.version !== v0) { obs.disconnect(); resolve(); }
    });
    obs.observe(board, { attributes: true, attributeFilter: ["data-version"] });
    setTimeout(() => { obs.disconnect(); reject(new Error("the board did not answer")); }, 15000);
  });
  let sent = 0;
  for (let i = 0; i < n; i++) {
    const r = board.getBoundingClientRect();
    const x = r.left + 4 + rnd() * (r.width - 8), y = r.top + 4 + rnd() * (r.height - 8);
    const k = rnd(), key = ["z", "d", "y", "Escape", " "][Math.floor(rnd() * 5)];
    const target = document.elementFromPoint(x, y);
    if (!target || !board.contains(target)) continue;
    const v0 = board.dataset.version;
    if (k < 0.06) target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    else if (k < 0.12 && target.closest("[data-pile]"))     // a double-click on bare felt does nothing
      target.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
    else target.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: x, clientY: y }));
    sent += 1;
    await newer(v0);
  }
  return sent;
}
"""


def test_tarot_table_plays_in_jupyterlab(page, jupyter_lab, artifacts, console_errors):
    page.set_viewport_size({"width": 1400, "height": 1300})
    open_in_lab(page, jupyter_lab, "tarot_table", root_sel=".tt-table")
    table = ".tt-table"
    assert page.locator(f"{table}[data-phase=bidding][data-to-play='0']").count() == 1
    act_locator(page, page.locator(".tl-btn-pass").first, root_sel=table)
    page.wait_for_selector(f"{table}[data-phase=playing][data-to-play='0']")
    dimmed = page.locator(".tt-hand .tt-illegal")
    if dimmed.count():
        assert "(rule FT-" in dimmed.first.get_attribute("title")
    lit = page.locator(".tt-hand .tt-legal")
    assert lit.count() >= 1
    for _ in range(3):            # three of your cards, the bots answering in between
        if page.locator(f"{table}[data-phase=playing][data-to-play='0']").count() == 0:
            break
        act_locator(page, page.locator(".tt-hand .tt-legal").first, root_sel=table)
    kernel = kernel_summary(page)
    seats = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('.tt-table [data-seat][data-count]')]
        .filter(e => e.classList.contains('tt-seat')).map(e => [e.dataset.seat, Number(e.dataset.count)]))""")
    assert [seats[str(s)] for s in range(len(kernel["counts"]))] == kernel["counts"]
    assert int(page.locator(".tt-trick").get_attribute("data-count")) == kernel["trick"]
    assert kernel["saved"], "the page sends its resume token and the kernel keeps the match under it"
    page.locator(".tl-tarot-table").first.scroll_into_view_if_needed()
    save_image(page, ".tl-tarot-table", "tarot_table.png", artifacts)
    assert not our_errors(console_errors), console_errors


def test_boards_play_in_voila(page, voila, artifacts, console_errors):
    page.set_viewport_size({"width": 1500, "height": 1100})
    open_in_voila(page, voila, "board_tarot_solitaire")
    replica = games.new("tarot-solitaire", seed=1)
    assert dom_counts(page) == replica_counts(replica)
    act(page, '[data-pile="s"]', nth=0)
    replica.play("s")
    up = [m for m in replica.legal_moves() if m.action == "move" and m.dst[0] == "f"]
    if up:                         # a double-click sends a card to its foundation
        n = replica.observation().pile(up[0].src).size
        act(page, f'[data-pile="{up[0].src}"] [data-index="{n - 1}"]', how="dblclick")
        replica.play(up[0])
        assert dom_counts(page) == replica_counts(replica)
    for move in pick_moves(replica, 2):
        click_move(page, replica, move)
        replica.play(move)
    assert dom_counts(page) == replica_counts(replica)
    press_key(page, "z")
    replica.undo()
    assert dom_counts(page) == replica_counts(replica)
    page.screenshot(path=str(artifacts / "voila_tarot_solitaire.png"), full_page=True)

    open_in_voila(page, voila, "tarot_table", root_sel=".tt-table")
    act_locator(page, page.locator(".tl-btn-pass").first, root_sel=".tt-table")
    page.wait_for_selector(".tt-table[data-phase=playing][data-to-play='0']")
    act_locator(page, page.locator(".tt-hand .tt-legal").first, root_sel=".tt-table")
    page.screenshot(path=str(artifacts / "voila_tarot_table.png"), full_page=True)
    assert not our_errors(console_errors), console_errors


def test_make_classroom_serves_the_boards_with_voila(page, artifacts, console_errors):
    """``make classroom`` serves notebooks/classroom.ipynb with Voila on loopback; the patience
    board plays there and the French Tarot tab opens its table."""
    import os
    import subprocess

    try:
        from tests.browser.jlab import ROOT, free_port, wait_for
    except ImportError:
        from jlab import ROOT, free_port, wait_for

    port = free_port()
    log = artifacts / "make-classroom.log"
    with open(log, "w") as out:
        class_args = f"CLASS_ARGS=--password boards-pw --standby 1 --class-dir {artifacts / 'make-classroom'}"
        proc = subprocess.Popen(["make", "classroom", f"CLASSROOM_PORT={port}", class_args], cwd=ROOT,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/", timeout=120)
        page.set_viewport_size({"width": 1500, "height": 1100})
        page.goto(f"http://127.0.0.1:{port}/?token=boards-pw", timeout=120_000)  # the class's start page
        page.goto(f"http://127.0.0.1:{port}/voila/render/classroom.ipynb", timeout=120_000)
        page.wait_for_selector(".tl-board[data-version]", timeout=120_000)
        settle(page)
        before = dom_counts(page)["s"]
        act(page, '[data-pile="s"]', nth=0)
        # The page's hello (its resume token) is answered with a view too, and that answer may be
        # the one act() saw: wait for the view that shows the draw.
        page.wait_for_function("n => Number(document.querySelector('.tl-board [data-pile=\"s\"]')"
                               ".dataset.count) < n", arg=before, timeout=15_000)
        page.locator(".lm-TabBar-tab", has_text="French Tarot").first.click()
        page.wait_for_selector(".tt-table[data-version]", timeout=120_000)
        page.screenshot(path=str(artifacts / "classroom.png"), full_page=True)
        assert not our_errors(console_errors), console_errors
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(30)


def test_tarot_table_clock_lets_the_bot_play_for_you_in_voila(page, voila, console_errors):
    """With two seconds per turn and no clicks, Python's clock runs out (the page only shows the
    countdown) and the bot bids and then plays for you; the kernel says so in the explanation
    panel.  The first turn's clock may run out before the page has drawn it, so the countdown is
    looked for on whichever of your turns the page shows first."""
    open_in_voila(page, voila, "tarot_table_clock", root_sel=".tt-table")
    page.wait_for_selector(".tt-table[data-to-play='0'] .tt-clock", timeout=30_000)
    page.wait_for_selector(".tt-table[data-phase=playing]", timeout=30_000)
    page.wait_for_function("() => document.querySelector('.tl-explain').textContent.includes('Time is up')",
                           timeout=30_000)
    hand = int(page.locator(".tt-me").get_attribute("data-count"))
    page.wait_for_function("(n) => Number(document.querySelector('.tt-me').dataset.count) < n",
                           arg=hand, timeout=30_000)
    assert not our_errors(console_errors), console_errors


# ----- resilience: a lost kernel is said, and a reload resumes the game -----------------------------
@pytest.fixture
def voila_with_data(artifacts, tmp_path):
    """A Voila of our own whose kernels keep their autosaves in a test folder."""
    import os
    import pathlib
    import sys

    try:
        from tests.browser.jlab import Server, free_port, wait_for
    except ImportError:
        from jlab import Server, free_port, wait_for
    port = free_port()
    voila = pathlib.Path(sys.executable).with_name("voila")
    argv = [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "tests/browser/notebooks"]
    os.environ["TAROT_LEARN_DATA"], before = str(tmp_path), os.environ.get("TAROT_LEARN_DATA")
    try:
        server = Server(argv, port, "", artifacts / "voila-resume.log")
    finally:
        if before is None:
            del os.environ["TAROT_LEARN_DATA"]
        else:
            os.environ["TAROT_LEARN_DATA"] = before
    try:
        wait_for(f"{server.base}/")
        yield server, tmp_path
    finally:
        server.stop()


def kernel_pids(server) -> list[int]:
    import psutil

    return [p.pid for p in psutil.Process(server.proc.pid).children(recursive=True)
            if "ipykernel" in " ".join(p.cmdline())]


def test_a_lost_kernel_says_so_and_a_reload_resumes_the_game(page, voila_with_data, console_errors):
    import os
    import signal

    server, data = voila_with_data
    page.set_viewport_size({"width": 1366, "height": 768})
    open_in_voila(page, server, "board_resume")
    page.wait_for_function("() => document.querySelector('.tl-explain') !== null")
    act(page, '[data-pile="s"]', nth=0)                     # two draws from a random deal
    act(page, '[data-pile="s"]', nth=0)
    digest = dom_digest(page)
    page.wait_for_function("() => /Moves: 2/.test(document.querySelector('.tl-counter').innerText)")
    saves = list((data / "autosave").glob("*.json"))
    assert len(saves) == 1
    for pid in kernel_pids(server):                          # the kernel dies (the server may restart it)
        os.kill(pid, signal.SIGKILL)
    page.wait_for_selector(".tl-lost.tl-lost-on", timeout=20_000)
    assert page.locator(".tl-lost").inner_text() == "Connection lost: reload to resume."
    page.reload()
    page.wait_for_selector(".tl-board[data-version]", timeout=120_000)
    page.wait_for_function("(d) => document.querySelector('.tl-board').dataset.digest === d", arg=digest,
                           timeout=30_000)
    page.wait_for_function("() => /Moves: 2/.test(document.querySelector('.tl-counter').innerText)")
    assert "Resumed your game" in page.locator(".tl-explain").inner_text()
    assert page.locator(".tl-lost.tl-lost-on").count() == 0
