"""The class server, started once for this module as a teacher starts it (tarot-learn classroom),
and spoken to as student pages do (tarot_learn.classroom.server.probe) or as a misbehaving client would."""

from __future__ import annotations

import asyncio
import threading
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from tarot_learn.classroom.server import classroot, extension
from tarot_learn.classroom.server.guard import v1_frame
from tarot_learn.classroom.server.probe import Page

ROOT = Path(__file__).resolve().parents[1]
CULL = 4  # seconds a dropped page's kernel may stay idle in this module's server


class _Stay(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect (to the login page) is an answer
        return None


OPENER = urllib.request.build_opener(_Stay)


class Server:
    def __init__(self, tmp: Path, port: int) -> None:
        self.port, self.password = port, secrets.token_urlsafe(8)
        self.base = f"http://127.0.0.1:{port}/"
        self.log = (tmp / "server.log").open("w")
        argv = [sys.executable, "-m", "tarot_learn", "classroom", "--port", str(port), "--password",
                self.password, "--class-dir", str(tmp / "class"), "--standby", "1", "--cull-idle", str(CULL)]
        self.proc = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def get(self, path: str, token: bool = True, cookie: str = "", **kw) -> tuple[int, str]:
        url = self.base + path + (("&" if "?" in path else "?") + f"token={self.password}" if token else "")
        headers = {"Cookie": cookie} if cookie else {}
        try:
            with OPENER.open(urllib.request.Request(url, headers=headers, **kw), timeout=60) as r:
                return r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as err:
            return err.code, ""

    def kernels(self, cookie: str = "") -> set[str]:
        """The kernels the browser holding ``cookie`` owns (none: a new browser's, so none)."""
        return {k["id"] for k in json.loads(self.get("api/kernels", cookie=cookie)[1])}

    def ready(self) -> bool:
        """Has the warm pool's first kernel started (the server is up and can hand out pages)?"""
        return "is filled with" in (Path(self.log.name).read_text())

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def _port() -> int:
    import socket

    for port in range(9120, 9199):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) != 0:
                return port
    raise RuntimeError("no free port in 9120-9199")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("classroom"), _port())
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if s.proc.poll() is not None:
                pytest.fail("the class server stopped at start")
            if s.ready():
                break
            time.sleep(0.5)
        yield s
    finally:
        s.stop()


def run(coro):
    """Run ``coro`` on a loop of its own thread: the browser tests' Playwright keeps an event loop
    running in the main thread, where ``asyncio.run`` refuses to start."""
    outcome: dict = {}

    def work() -> None:
        try:
            outcome["value"] = asyncio.run(coro)
        except BaseException as err:   # handed to the test's own thread, assertion and all
            outcome["error"] = err

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def test_landing_page_lists_every_lesson_and_the_tables(server):
    status, body = server.get("tarot/")
    assert status == 200
    for nb in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        assert f'href="/voila/render/{nb.name}"' in body, nb.name
    assert 'href="/voila/render/classroom.ipynb"' in body
    assert "No challenge yet" in body
    status, sheet = server.get("tarot/rules/TS")
    assert status == 200 and 'id="TS-5"' in sheet and "digit sum" in sheet


def test_the_class_pages_load_their_scripts_and_styles_as_files_behind_the_password(server):
    status, lobby = server.get("tarot/tables")
    assert status == 200 and "<script>" not in lobby and "<style>" not in lobby
    files = re.findall(r'(?:src|href)="/(tarot/static/[a-z]+\.(?:js|css))\?v=[0-9a-f]{12}"', lobby)
    assert sorted(files) == ["tarot/static/common.js", "tarot/static/live.js", "tarot/static/lobby.js",
                             "tarot/static/tables.css"]
    for path in files:
        assert server.get(path)[0] == 200
        assert server.get(path, token=False)[0] in (302, 403)
    assert server.get("tarot/static/../templates/base.html")[0] in (403, 404)


def test_a_page_without_the_password_gets_no_kernel(server):
    assert server.get("voila/render/classroom.ipynb", token=False)[0] in (302, 403)
    assert server.get("tarot/", token=False)[0] in (302, 403)
    assert server.get("api/kernels", token=False, method="POST", data=b"{}")[0] == 403

    async def socket_without_password():
        owner = Page(server.base, server.password)
        await owner.load()
        page = Page(server.base, "not-the-password")
        page.kernel_id = owner.kernel_id
        with pytest.raises(Exception, match="403"):
            await page.connect()
        await owner.close(free_kernel=True)

    run(socket_without_password())


def test_only_the_class_pages_are_served_and_they_are_read_only(server):
    listing = json.loads(server.get("api/contents/")[1])
    names = {item["name"] for item in listing["content"]}
    extra = {name for name in getattr(classroot, "EXTRA_PAGES", ()) if (ROOT / "notebooks" / name).is_file()}
    lessons = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    assert names == {classroot.TABLES_PAGE, *extra, *lessons}
    body = json.dumps({"type": "notebook", "content": {"cells": [], "metadata": {}, "nbformat": 4,
                                                        "nbformat_minor": 5}}).encode()
    assert server.get("api/contents/classroom.ipynb", method="PUT", data=body)[0] == 403
    assert server.get("voila/files/../../pyproject.toml")[0] in (403, 404)


def test_the_class_password_opens_no_writing_door(server):
    for path, method in (("api/shutdown", "POST"), ("api/kernels", "POST"), ("api/sessions", "POST"),
                         ("api/config/notebook", "PATCH"), ("nbconvert/html/classroom.ipynb", "GET")):
        assert server.get(path, method=method, data=b"{}" if method != "GET" else None)[0] == 403, path

    async def owned_kernel() -> Page:
        page = Page(server.base, server.password)
        await page.load()
        return page

    page = run(owned_kernel())
    owner = page.headers()["Cookie"]
    assert server.get(f"api/kernels/{page.kernel_id}", method="DELETE")[0] == 403  # another browser
    assert server.get("tarot/")[0] == 200 and page.kernel_id in server.kernels(owner)
    assert server.get(f"api/kernels/{page.kernel_id}", method="DELETE", cookie=owner)[0] == 204  # its own
    assert page.kernel_id not in server.kernels(owner)


def test_a_page_cannot_run_code(server, tmp_path):
    witness = tmp_path / "ran"

    async def go():
        page = Page(server.base, server.password)
        await page.load()
        await page.connect()
        sent = page.send("execute_request", {"code": f"open({str(witness)!r}, 'w')", "silent": False,
                                             "store_history": False, "user_expressions": {},
                                             "allow_stdin": False, "stop_on_error": True})
        with pytest.raises(asyncio.TimeoutError):
            await page.reply_to(sent, lambda m: m.header["msg_type"] == "execute_reply", timeout=3)
        await page.close(free_kernel=True)

    run(go())
    assert not witness.exists()


def test_legacy_and_garbage_clients_leave_the_server_answering(server):
    async def go():
        student = Page(server.base, server.password)
        await student.load()
        await student.connect()
        await student.widget_states()
        board = student.board_id()
        assert board is not None

        legacy = Page(server.base, server.password, cookies=student.cookies)  # the same browser
        legacy.kernel_id = student.kernel_id
        with pytest.raises(Exception, match="400"):
            await legacy.connect(subprotocols=[])  # the legacy protocol is refused at the door

        rogue = Page(server.base, server.password, cookies=student.cookies)
        rogue.kernel_id = student.kernel_id
        await rogue.connect()
        rogue.socket.write_message(b"\xff" * 64, binary=True)              # 2**64 - 1 "offsets"
        rogue.socket.write_message(os.urandom(4096), binary=True)           # noise
        rogue.socket.write_message(json.dumps({"channel": "shell", "header": {}}))  # a legacy text frame
        rogue.socket.write_message(v1_frame("shell", [b"not json"] * 4), binary=True)

        t0 = time.monotonic()
        await student.intent(board, {"event": "press", "name": "draw"}, timeout=1.0)
        status, _ = await asyncio.to_thread(server.get, "tarot/")
        assert status == 200 and time.monotonic() - t0 < 1.0
        await asyncio.sleep(0.2)
        assert rogue.socket is None or rogue.socket.close_code == 1008
        await rogue.close()
        await student.close(free_kernel=True)

    run(go())


def _login(server) -> urllib.request.OpenerDirector:
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(server.base + f"?token={server.password}", timeout=60).read()
    return opener, jar


def test_a_closed_page_frees_its_kernel(server):
    """What the page does on closing: navigator.sendBeacon(voila/api/shutdown/<kernel>) with the
    _xsrf cookie's value as a form field, and the login cookie (no token in the URL)."""
    opener, jar = _login(server)
    html = opener.open(server.base + "voila/render/classroom.ipynb", timeout=120).read().decode()
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', html).group(1)
    cookies = {c.name: c.value for c in jar}
    mine = "; ".join(f"{k}={v}" for k, v in cookies.items())
    assert kernel in server.kernels(mine)
    xsrf = cookies["_xsrf"]
    reply = opener.open(urllib.request.Request(server.base + f"voila/api/shutdown/{kernel}", method="POST",
                                               data=urllib.parse.urlencode({"_xsrf": xsrf}).encode()), timeout=30)
    assert reply.status == 204
    assert kernel not in server.kernels(mine)


def test_a_dropped_page_is_culled(server):
    async def go():
        page = Page(server.base, server.password)
        await page.load()
        await page.connect()
        await page.widget_states()
        await page.close(free_kernel=False)  # the laptop's Wi-Fi goes: no closing request
        return page.kernel_id, page.headers()["Cookie"]

    kernel, owner = run(go())
    assert kernel in server.kernels(owner)
    deadline = time.monotonic() + CULL + 15
    while kernel in server.kernels(owner) and time.monotonic() < deadline:
        time.sleep(1)
    assert kernel not in server.kernels(owner)


def test_every_class_route_is_under_tarot_and_a_failed_load_stops_the_launcher(tmp_path):
    from tarot_learn.classroom.server.classroom import CLASSROOM, Classroom

    assert all(pattern.startswith("/tarot/") for pattern, _ in extension.ROUTES)

    class Web:
        settings = {CLASSROOM: Classroom(tmp_path)}

        def add_handlers(self, host, rules):
            raise RuntimeError("no room for the class's routes")

    class App:
        base_url, web_app = "/", Web()
        config = template_paths = voila_configuration = None

    with pytest.raises(RuntimeError, match="no room"):
        extension._load_jupyter_server_extension(App())
    assert App.web_app.settings[CLASSROOM].load_error == "RuntimeError: no room for the class's routes"


def test_warm_pools_are_checked_before_the_server_starts(tmp_path):
    import argparse

    from tarot_learn.classroom.server import launcher
    from tarot_learn.errors import OptionError

    pages = classroot.build(tmp_path)
    parser = argparse.ArgumentParser()
    launcher.add_arguments(parser)
    args = parser.parse_args(["--standby", "5", "--warm", "02_numerology.ipynb=3"])
    assert launcher.warm_pools(args, pages) == {"classroom.ipynb": 5, "02_numerology.ipynb": 3}
    for bad in ("nope.ipynb=3", "02_numerology.ipynb=many", "../x.ipynb=1", "02_numerology.ipynb=61"):
        with pytest.raises(OptionError, match="--warm"):
            launcher.warm_pools(parser.parse_args(["--warm", bad]), pages)


def test_the_warm_pool_refills_only_once_the_class_has_settled(monkeypatch, tmp_path):
    """A refill waits until no warm kernel was taken for ``settle`` seconds (the students arriving
    together play their first moves without a kernel starting beside them) and the CPU is quiet;
    ``max_wait`` bounds the wait on a machine that never settles."""
    import asyncio
    import time

    from tarot_learn.classroom.server import pool

    from traitlets.config import Configurable

    class Server(Configurable):            # what Voila's manager reads of its server: an empty folder
        root_dir, notebook_path = str(tmp_path), None

    manager = pool.ClassroomKernelManager(parent=Server(), pools={"classroom.ipynb": 2}, refill_gap=0.01,
                                          settle=0.3, max_wait=5)
    cpu = [10.0]
    monkeypatch.setattr(pool.psutil, "cpu_percent", lambda interval=None: cpu[0])
    manager.fill_if_needed(delay=0, notebook_name="other.ipynb")          # the start: not a page taken
    assert manager.last_taken == float("-inf")
    manager.fill_if_needed(delay=None, notebook_name="other.ipynb")       # a warm kernel handed to a page
    start = time.monotonic()
    asyncio.run(manager.wait_until_quiet())
    assert 0.3 <= time.monotonic() - start < 2
    cpu[0] = 95.0                                                         # a busy machine: only max_wait ends it
    manager.max_wait, manager.last_taken = 0.2, float("-inf")
    start = time.monotonic()
    asyncio.run(manager.wait_until_quiet())
    assert 0.2 <= time.monotonic() - start < 1


class _Kernels:
    """The parts of ClassroomKernelManager its ownership and culling read, without Jupyter."""

    def __init__(self, alive: set[str]) -> None:
        import logging

        from tarot_learn.classroom.server.pool import ClassroomKernelManager as K

        self.alive, self.shut = alive, []
        self.owners, self.places, self.last_seen, self.opening = {}, {}, {}, {}
        self._kernel_connections: dict[str, int] = {}
        self._orphan_clock = object()   # no clock started in a test
        self.told: list[tuple[str, str | None]] = []       # what the class's owner record was told
        self.on_owner = lambda kernel_id, username: self.told.append((kernel_id, username))
        self.per_identity, self.per_address, self.orphan_after = 2, 3, 10.0
        self.log = logging.getLogger("test")
        for name in ("owned_by", "quota_left", "may_take_warm", "record_owner", "cull_orphans", "forget"):
            setattr(self, name, getattr(K, name).__get__(self))

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.alive

    async def shutdown_kernel(self, kernel_id: str) -> None:
        self.shut.append(kernel_id)
        self.alive.discard(kernel_id)


def test_kernels_are_owned_held_to_quotas_and_culled_only_when_no_page_is_connected(monkeypatch):
    from tarot_learn.classroom.server import pool

    clock = [1000.0]
    monkeypatch.setattr(pool.time, "monotonic", lambda: clock[0])
    km = _Kernels({"warm", "ada1", "ada2", "bob1"})
    km.record_owner("warm")                      # started outside a page's request: no one's
    for kernel, owner in (("ada1", ("ada", "10.0.0.5")), ("ada2", ("ada", "10.0.0.5")),
                          ("bob1", ("bob", "10.0.0.5"))):
        token = pool.PAGE_OWNER.set(owner)
        km.record_owner(kernel)
        pool.PAGE_OWNER.reset(token)
    assert km.owners == {"ada1": "ada", "ada2": "ada", "bob1": "bob"}
    assert km.quota_left("ada", "10.0.0.5") == 0          # her own quota
    assert km.quota_left("bob", "10.0.0.5") == 0          # the address's: three held there
    assert km.quota_left("bob", "10.0.0.6") == 1 and km.quota_left("bob", "127.0.0.1") == 1
    # the warm pool is for a browser's first page, from an address that holds few kernels
    assert km.may_take_warm("cy", "10.0.0.6") and not km.may_take_warm("ada", "10.0.0.6")
    assert not km.may_take_warm("cy", "10.0.0.5") and km.may_take_warm("cy", "127.0.0.1")
    km.per_address = 0                                    # a class behind one address: no address limit
    assert km.quota_left("bob", "10.0.0.5") == 1 and km.may_take_warm("cy", "10.0.0.5")
    km.per_address = 3

    km._kernel_connections["ada1"] = 1                    # her page is open
    clock[0] += 9.0                                       # bob's just-handed kernel is not culled yet
    run(km.cull_orphans())
    assert km.shut == []
    clock[0] += 2.0
    run(km.cull_orphans())
    assert sorted(km.shut) == ["ada2", "bob1"]            # no page for 11 s, whatever they did
    assert "warm" in km and "ada1" in km and km.owners == {"ada1": "ada"}
    km._kernel_connections["ada1"] = 0                    # her laptop drops: 10 s from the last sight
    clock[0] += 9.0
    run(km.cull_orphans())
    assert "ada1" in km
    clock[0] += 11.0
    run(km.cull_orphans())
    assert "ada1" not in km and km.owners == {} and "warm" in km
    assert km.told == [("ada1", "ada"), ("ada2", "ada"), ("bob1", "bob"), ("ada2", None), ("bob1", None),
                       ("ada1", None)]                    # each handed kernel, then each gone one


def test_a_student_who_opens_the_presenter_gets_no_page_and_no_kernel(server):
    """The presenter's page is the teacher's: a student's browser, with a ticket or without, is
    refused before any kernel starts (what a ticket shows: tests/test_challenge.py; a ticket read
    off the projector: tests/test_challenge_attacks.py)."""
    for path in ("voila/render/presenter.ipynb", "voila/render/presenter.ipynb?ticket=" + "0" * 32,
                 "voila/render/./presenter.ipynb", "voila/render/x/../presenter.ipynb"):
        assert server.get(path)[0] == 403, path
    assert server.get("voila/render/challenge.ipynb")[0] == 200       # the students' own pages still open
