"""The class server in Chromium: the landing page (accessible, every lesson listed), the tables page
drawn with nothing fetched from outside the machine, and a closed tab freeing its kernel."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from tests.browser.jlab import ROOT, start_classroom

LOCAL = re.compile(r"^(data:|blob:|https?://(127\.0\.0\.1|localhost)[:/])")


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    yield from start_classroom(tmp_path_factory.mktemp("classroom"))


@pytest.fixture
def outside(page):
    """Every request the page tried to send off this machine (each one is refused)."""
    tried: list[str] = []

    def route(r):
        if LOCAL.match(r.request.url):
            r.continue_()
        else:
            tried.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return tried


def kernels(server, context) -> set[str]:
    """The kernels the browser ``context`` holds (each browser lists only its own)."""
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
    request = urllib.request.Request(f"{server.base}/api/kernels", headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=30) as r:
        return {k["id"] for k in json.load(r)}


def test_landing_page_is_accessible_and_lists_every_lesson(classroom, page, outside):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"{classroom.base}/?token={classroom.token}")
    page.get_by_role("heading", name="Lessons", exact=True).wait_for()
    links = page.locator("ol a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links == [f"/voila/render/{p.name}" for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))]
    found = Axe().run(page).response["violations"]
    serious = [f"{v['id']}: {v['help']}" for v in found if v.get("impact") in ("serious", "critical")]
    assert serious == []
    assert outside == []


def test_tables_page_draws_with_nothing_from_outside_and_a_closed_tab_frees_its_kernel(classroom, outside, page):
    page.goto(f"{classroom.base}/?token={classroom.token}")
    page.get_by_role("link", name="Patience tables").click()
    page.locator('[aria-roledescription="card table"]').first.wait_for(timeout=120_000)
    page.wait_for_load_state("networkidle")
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
    context = page.context
    assert kernel in kernels(classroom, context)
    assert outside == []
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 15
    while kernel in kernels(classroom, context) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernel not in kernels(classroom, context)


def test_the_login_page_asks_for_the_class_password_and_offers_nothing_else(classroom, page, outside):
    page.goto(f"{classroom.base}/tarot/")           # no password yet: the class's own login page
    page.get_by_label("Class password").wait_for()
    assert page.locator("input[type=password]").count() == 1
    assert page.locator("input").evaluate_all("els => els.map(e => e.name)") == ["_xsrf", "next", "password"]
    text = page.locator("body").inner_text().lower()
    assert "setup" not in text and "new password" not in text
    page.get_by_label("Class password").fill("not-the-password")
    page.get_by_role("button", name="Come in").click()
    page.get_by_role("alert").filter(has_text="not the class password").wait_for()
    page.get_by_label("Class password").fill(classroom.token)
    page.get_by_role("button", name="Come in").click()
    page.get_by_role("heading", name="Lessons", exact=True).wait_for()
    assert page.url.endswith("/tarot/")
    assert outside == []
