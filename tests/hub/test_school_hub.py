"""A school's JupyterHub, as the teachers' school page (docs/teachers/school.md) sets it up: the shipped
``school/jupyterhub_config.py`` (the shared-password login, a home per student), the proxy from npm,
nbgitpuller and Voila in each student's server, and the solver's core compiled once into a shared
Numba cache.

Three students log in, each in a browser context of their own, open the school page's nbgitpuller link
(the lessons' git repository, here a local one), land on lesson 04 as a Voila app at
``/user/<name>/voila/render/...``, play a move, ask for a hint and answer an exercise.  Each one's
progress lands in their own home; no student's kernel compiles the core (the cache gains no file,
and no kernel spends the twenty CPU seconds a compile costs).
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import tempfile
import time
import urllib.parse

import pytest

from tarot_learn import games
from tests import answer_key
from tests.browser.boardkit import act, dom_counts, press_key, settle
from tests.browser.jlab import ARTIFACTS
from tests.browser.test_exercises_voila import check, enter
from tests.hub.hubkit import LESSON, PASSWORD, cache_files, start_hub, user_processes

pytestmark = pytest.mark.hub

STUDENTS = ("ana", "ben", "chloe")
# A kernel that compiles the solver's core spends about twenty CPU seconds on it; one that loads it
# from the shared cache runs the lesson and the hint in a few.
COMPILE_CPU_SECONDS = 15.0


@pytest.fixture(scope="module")
def hub():
    ARTIFACTS.mkdir(exist_ok=True)
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tl-school-hub-"))
    running = start_hub(folder, ARTIFACTS / "school-hub.log")
    try:
        yield running
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)


def log_in_and_pull(page, hub, name: str) -> None:
    """The student's first click: the hub's login page, then on to the nbgitpuller link."""
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{hub.base}/hub/login", timeout=60_000)
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    page.wait_for_url("**/hub/**", timeout=60_000)
    page.goto(hub.pull_link(), wait_until="commit", timeout=60_000)


def wait_for_board(page, name: str) -> None:
    page.wait_for_selector(".tl-board[data-version]", timeout=420_000)
    assert f"/user/{name}/voila/render/{LESSON}" in page.url, page.url
    settle(page)


def play_a_move(page) -> None:
    replica = games.new("tarot-solitaire", seed=2026)       # the lesson's deal
    assert dom_counts(page) == {p.id: p.size for p in replica.observation().piles}
    move = next(m for m in replica.legal_moves() if m.action == "move")
    n = replica.observation().pile(move.src).size
    act(page, f'[data-pile="{move.src}"] [data-index="{n - move.count}"]')
    act(page, f'[data-pile="{move.dst}"]', nth=0)
    replica.play(move)
    assert dom_counts(page) == {p.id: p.size for p in replica.observation().piles}


def ask_a_hint(page) -> str:
    press_key(page, "h")
    return page.locator(".tl-explain").first.inner_text()


def answer_first_exercise(page) -> str:
    box = page.locator(".lesson-exercise").first
    ex_id = box.locator("[data-exercise]").get_attribute("data-exercise")
    box.scroll_into_view_if_needed()
    enter(box, answer_key.rows("04_tarot_solitaire")[ex_id]["answer"])
    assert "Right" in check(box, "right")
    return ex_id


def kernel_cpu_seconds(hub) -> dict[str, float]:
    """CPU seconds spent so far by each student's kernels, by student."""
    spent: dict[str, float] = {}
    for proc in user_processes(hub.homes):
        if "ipykernel" in " ".join(proc.cmdline()):
            t = proc.cpu_times()
            name = pathlib.Path(proc.environ()["HOME"]).name
            spent[name] = spent.get(name, 0.0) + t.user + t.system
    return spent


@pytest.mark.timeout(900)
def test_three_students_pull_play_and_keep_their_progress(browser, hub):
    warmed = cache_files(hub.cache)
    assert warmed, "warming the core filled the shared cache"
    contexts = {name: browser.new_context() for name in STUDENTS}
    pages = {name: ctx.new_page() for name, ctx in contexts.items()}
    t0 = time.monotonic()
    for name, page in pages.items():         # all three start their servers together
        log_in_and_pull(page, hub, name)
    solved = {}
    for name, page in pages.items():
        wait_for_board(page, name)
        play_a_move(page)
        assert "Hint (solver)" in ask_a_hint(page)
        solved[name] = answer_first_exercise(page)
        page.screenshot(path=str(ARTIFACTS / f"school_hub_{name}.png"))
    print(f"three students from login to a played, hinted and answered lesson: {time.monotonic() - t0:.0f} s")
    time.sleep(5)      # a kernel compiling the core for itself would be writing its cache by now

    for name in STUDENTS:
        home = hub.homes / name
        assert (home / "tarot_learn" / "notebooks" / "04_tarot_solitaire.ipynb").is_file(), "nbgitpuller's copy"
        kept = sorted((home / ".local" / "share" / "tarot_learn" / "progress").glob("*.json"))
        assert [p.name for p in kept] == [f"{name}.json"], (name, kept)
        exercises = json.loads(kept[0].read_text())["exercises"]
        assert exercises[solved[name]]["solved"] is True, exercises
    assert cache_files(hub.cache) == warmed, "a student's kernel compiled the core instead of loading it"
    spent = kernel_cpu_seconds(hub)
    print("kernel CPU seconds:", {k: round(v, 1) for k, v in spent.items()})
    assert sorted(spent) == sorted(STUDENTS), spent
    assert max(spent.values()) < COMPILE_CPU_SECONDS, spent
    for ctx in contexts.values():
        ctx.close()


def test_the_school_page_gives_the_link_and_commands_this_test_uses():
    """The teachers' school page is the recipe this module runs: the same link, config and cache."""
    from tests.hub.hubkit import ROOT, Hub

    section = (ROOT / "docs" / "teachers" / "school.md").read_text(encoding="utf-8")
    link = re.search(r"http://HUB:8000(/hub/user-redirect/git-pull\?\S+)", section).group(1)
    ours = Hub(None, "", pathlib.Path(), pathlib.Path("/srv/lessons/tarot_learn"), pathlib.Path()).pull_link()
    theirs, mine = urllib.parse.urlsplit(link), urllib.parse.urlsplit(ours)
    assert theirs.path == mine.path
    readme_query, our_query = urllib.parse.parse_qs(theirs.query), urllib.parse.parse_qs(mine.query)
    assert sorted(readme_query) == sorted(our_query)
    assert readme_query["urlpath"] == our_query["urlpath"] and readme_query["branch"] == our_query["branch"]
    for step in ("jupyterhub -f school/jupyterhub_config.py", "npm install --prefix school/.hub-proxy",
                 "native.warm()", "NUMBA_CACHE_DIR", ".local/share/tarot_learn/progress/<name>.json"):
        assert step in section, step
