"""The class server's trust boundary, attacked from outside: a real ``tarot-learn classroom``, two
students (two browsers, each admitted with the class password) and the teacher, spoken to as plain
HTTP and web socket clients.  Each attack is refused or harmless, and the victim's page and kernel
are unchanged.  The Jupyter folders the server would use (config and data, given by the
environment) are hashed before and after: nothing a student does writes there.

The order matters: the password change restarts the server, and the guessing test, which leaves
this address locked out for a minute, comes last.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
from concurrent.futures import ThreadPoolExecutor
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from tarot_learn.classroom.server.probe import Page

QUOTA = 2      # kernels per browser in this module's server
CULL = 5       # seconds a kernel may stay with no page connected
DRAW = {"event": "press", "name": "draw"}


class _Stay(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect (to the login page) is an answer
        return None


class Browser:
    """One browser: its own cookies, no redirect followed."""

    def __init__(self, base: str) -> None:
        self.base, self.jar = base, CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _Stay)

    def request(self, path: str, method: str = "GET", form: dict | None = None,
                headers: dict | None = None) -> tuple[int, str, dict]:
        data = urllib.parse.urlencode(form).encode() if form is not None else (b"" if method != "GET" else None)
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers or {})
        try:
            with self.opener.open(req, timeout=120) as r:
                return r.status, r.read().decode("utf-8", "replace"), dict(r.headers)
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode("utf-8", "replace"), dict(err.headers)

    def cookies(self) -> dict[str, str]:
        return {c.name: c.value for c in self.jar}

    def post(self, path: str, form: dict | None = None) -> tuple[int, str, dict]:
        """A form post as a page makes it: with the ``_xsrf`` cookie's value."""
        return self.request(path, "POST", {**(form or {}), "_xsrf": self.cookies().get("_xsrf", "")})

    def admit(self, password: str) -> None:
        status, _, _ = self.request(f"tarot/?token={urllib.parse.quote(password)}")
        assert status == 200

    def kernels(self) -> set[str]:
        status, body, _ = self.request("api/kernels")
        assert status == 200, status
        return {k["id"] for k in json.loads(body)}

    def page(self, password: str) -> Page:
        return Page(self.base, password, cookies=self.cookies())


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree_hashes(*folders: Path) -> dict[str, str]:
    """Every file under ``folders``, by path, with its content's digest."""
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for folder in folders if folder.exists() for p in sorted(folder.rglob("*")) if p.is_file()}


class ClassServer:
    """``tarot-learn classroom`` in a process of its own, with Jupyter folders of the test's."""

    def __init__(self, tmp: Path) -> None:
        self.tmp, self.port = tmp, _port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.password, self.teacher = "class-" + secrets.token_urlsafe(8), "teach-" + secrets.token_urlsafe(8)
        self.config_dir, self.data_dir = tmp / "home" / ".jupyter", tmp / "home" / "share" / "jupyter"
        for folder in (self.config_dir, self.data_dir):
            folder.mkdir(parents=True, exist_ok=True)
        (self.config_dir / "jupyter_server_config.json").write_text('{"ServerApp": {}}')
        (self.data_dir / "runtime").mkdir(exist_ok=True)
        self.env = {**os.environ, "HOME": str(tmp / "home"), "JUPYTER_CONFIG_DIR": str(self.config_dir),
                    "JUPYTER_DATA_DIR": str(self.data_dir)}
        self.proc: subprocess.Popen | None = None
        self.log_path = tmp / "server.log"

    def start(self) -> None:
        argv = [sys.executable, "-m", "tarot_learn", "classroom", "--port", str(self.port), "--password",
                self.password, "--teacher-password", self.teacher, "--class-dir", str(self.tmp / "class"),
                "--standby", "1", "--cull-idle", str(CULL), "--kernels-per-student", str(QUOTA)]
        mark = len(self.log())
        with self.log_path.open("a") as log:
            self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                         start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail("the class server stopped at start:\n" + self.log()[-2000:])
            if self.log().find("is filled with", mark) >= 0:
                return
            time.sleep(0.5)
        pytest.fail("the class server did not start in two minutes")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""


class _Loop:
    """One event loop in a thread of its own for the whole module: the victim's page stays
    connected (a page with no socket is culled) while the tests run."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    def run(self, coro, timeout: float = 240):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)


LOOP = _Loop()
run = LOOP.run


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("trust"))
    s.hashes = tree_hashes(s.config_dir, s.data_dir)
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def victim(server):
    """Ada's browser with her page open on the tables, its board's view as first seen."""
    ada = Browser(server.base)
    ada.admit(server.password)

    async def open_page():
        page = ada.page(server.password)
        await page.load()
        await page.connect()
        await page.widget_states()
        await page.intent(page.board_id(), DRAW)
        return page

    ada.live = run(open_page())   # her page stays open, connected, for the whole module
    ada.kernel, ada.view = ada.live.kernel_id, run(_board_view(ada))
    return ada


async def _board_view(browser: Browser) -> dict:
    """The victim's board's view, as her own page reads it now (her page still answers)."""
    states = await browser.live.widget_states()
    return states[browser.live.board_id()]["state"]["view"]


def test_the_console_prints_the_address_and_passwords_and_no_warning(server):
    log = server.log()
    assert f"Students open: http://127.0.0.1:{server.port}/\n" in log
    assert "token=" not in log.split("Students open:")[1].split("\n")[0]
    assert "is not trusted" not in log and "without encryption" not in log
    assert "Setup a Password" not in log


def test_each_browser_lists_only_its_own_kernels(server, victim):
    bob = Browser(server.base)
    bob.admit(server.password)
    assert victim.kernel in victim.kernels()
    assert bob.kernels() == set()
    stranger = Browser(server.base)  # not admitted
    assert stranger.request("api/kernels")[0] in (302, 403)


def test_another_browser_cannot_connect_to_a_kernel_or_shut_it_down(server, victim):
    bob = Browser(server.base)
    bob.admit(server.password)

    async def connect():
        page = bob.page(server.password)
        page.kernel_id = victim.kernel
        with pytest.raises(Exception, match="403"):
            await page.connect()

    run(connect())
    for path, method in ((f"api/kernels/{victim.kernel}", "DELETE"),
                         (f"api/kernels/{victim.kernel}/interrupt", "POST"),
                         (f"api/kernels/{victim.kernel}/restart", "POST"),
                         (f"api/kernels/{victim.kernel}", "GET"),
                         (f"voila/api/shutdown/{victim.kernel}", "POST"),
                         ("api/sessions", "GET")):
        assert bob.request(path + f"?token={server.password}", method)[0] == 403, path
        if method == "POST":  # and as a page would post it, with the XSRF cookie
            assert bob.post(path)[0] == 403, path
    assert victim.kernel in victim.kernels()
    view = run(_board_view(victim))
    assert view == victim.view  # the victim's table is as she left it


def test_a_page_cannot_shut_its_own_kernel_down_by_message(server):
    eve = Browser(server.base)
    eve.admit(server.password)

    async def go():
        page = eve.page(server.password)
        await page.load()
        await page.connect()
        for channel in ("shell", "control"):
            page.send("shutdown_request", {"restart": False}, channel=channel)
        await asyncio.sleep(2)
        await page.widget_states(timeout=20)  # the kernel still answers
        await page.close()
        return page.kernel_id

    kernel = run(go())
    assert kernel in eve.kernels()
    assert eve.post(f"voila/api/shutdown/{kernel}")[0] == 204  # its own closing request frees it
    assert kernel not in eve.kernels()


def test_a_kernel_flood_is_held_to_the_quota_and_culled(server, victim):
    mallory = Browser(server.base)
    mallory.admit(server.password)
    # all at once, as a script would: a kernel culled meanwhile (no page ever connects) cannot free a place
    with ThreadPoolExecutor(QUOTA + 3) as pool:
        answers = list(pool.map(lambda _: mallory.request("voila/render/classroom.ipynb"), range(QUOTA + 3)))
    statuses, bodies = [a[0] for a in answers], [a[1] for a in answers]
    assert statuses.count(200) == QUOTA and statuses.count(429) == 3, statuses
    refusal = bodies[statuses.index(429)]
    assert "close one" in refusal and len(re.sub(r"<[^>]+>", "", refusal).strip().splitlines()) == 1
    assert len(mallory.kernels()) <= QUOTA
    deadline = time.monotonic() + CULL + 30
    while mallory.kernels() and time.monotonic() < deadline:
        time.sleep(1)
    assert mallory.kernels() == set()  # no page ever connected: culled
    assert mallory.request("voila/render/classroom.ipynb")[0] == 200  # the quota is free again
    view = run(_board_view(victim))
    assert view == victim.view



def test_a_socket_that_talks_on_a_live_topic_is_closed_and_cannot_reopen_at_will(server, victim):
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    eve = Browser(server.base)
    eve.admit(server.password)
    url = server.base.replace("http", "ws", 1) + "tarot/live?topic=lobby"
    cookie = {"Cookie": "; ".join(f"{k}={v}" for k, v in eve.cookies().items())}

    async def go():
        listener = await websocket_connect(HTTPRequest(url, headers=cookie))
        talker = await websocket_connect(HTTPRequest(url, headers=cookie))
        first = json.loads(await listener.read_message())
        await talker.read_message()
        for _ in range(500):                       # a flood: the first frame already closes the socket
            talker.write_message('{"topic": "teacher"}')
        while await asyncio.wait_for(talker.read_message(), 10) is not None:
            pass
        with pytest.raises(asyncio.TimeoutError):  # the listening page stays open (a closed one reads None)
            await asyncio.wait_for(listener.read_message(), 1.0)
        opened = refused = 0
        for _ in range(30):                        # reopening at once, as a script would: held to a pace
            try:
                (await websocket_connect(HTTPRequest(url, headers=cookie))).close()
                opened += 1
            except Exception as err:
                refused += "429" in str(err)
        listener.close()
        return talker.close_code, first, opened, refused

    code, first, opened, refused = run(go())
    assert code == 1008 and "tables" in first
    assert opened < 20 and opened + refused == 30, (opened, refused)
    assert run(_board_view(victim)) == victim.view

def test_the_login_page_only_admits(server):
    bob = Browser(server.base)
    status, body, _ = bob.request("login")
    assert status == 200
    assert body.count('type="password"') == 1 and "new_password" not in body and "Setup" not in body
    status, _, _ = bob.post("login", {"password": server.password, "new_password": "mine-now-123"})
    assert status == 302
    assert bob.request("tarot/")[0] == 200  # admitted by the login cookie
    carol = Browser(server.base)
    carol.request("login")
    assert carol.post("login", {"password": "mine-now-123"})[0] == 403  # no password was set
    assert tree_hashes(server.config_dir, server.data_dir) == server.hashes


def test_the_teacher_is_an_identity_of_their_own(server, victim):
    teacher = Browser(server.base)
    teacher.admit(server.password)
    teacher.request("tarot/challenge/teacher")
    assert teacher.post("tarot/challenge/teacher/login", {"password": "not-it"})[0] == 403
    assert teacher.post("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 302
    assert victim.kernel in teacher.kernels()  # the teacher sees every held kernel

    async def connect():
        page = teacher.page(server.password)
        page.kernel_id = victim.kernel
        with pytest.raises(Exception, match="403"):
            await page.connect()  # but does not take over a student's page

    run(connect())
    bob = Browser(server.base)
    bob.admit(server.password)
    bob.request("voila/render/classroom.ipynb")
    (kernel,) = bob.kernels()
    assert teacher.request(f"api/kernels/{kernel}?token={server.password}", "DELETE")[0] == 204
    assert bob.kernels() == set()


def test_no_secret_reaches_the_log(server, victim):
    """Every line but the console's one line for the teacher (the passwords, printed at start)."""
    log = "\n".join(line for line in server.log().splitlines() if not line.startswith("Class password: "))
    assert log.count("\n") > 20  # the requests above were logged
    cookies = victim.cookies()
    assert server.password not in log and server.teacher not in log
    for name in ("tarot_identity", "_xsrf"):
        assert cookies[name].strip('"') not in log, name
    assert not re.search(r"token=(?!\*\*\*)", log)


def test_a_new_password_logs_everyone_out(server, victim):
    ada = victim
    assert ada.request("tarot/")[0] == 200
    server.stop()
    server.start()  # the same passwords: everyone stays in
    assert ada.request("tarot/")[0] == 200
    server.stop()
    old = server.password
    server.password = "class-" + secrets.token_urlsafe(8)
    server.start()
    assert ada.request("tarot/")[0] in (302, 403)  # her cookie no longer admits
    assert Browser(server.base).request(f"tarot/?token={old}")[0] in (302, 403)
    ada.admit(server.password)
    assert ada.request("tarot/")[0] == 200
    assert tree_hashes(server.config_dir, server.data_dir) == server.hashes


def _from_another_laptop(server, path: str, method: str = "GET", body: str = "",
                         cookie: str = "") -> tuple[int, str, dict]:
    """A plain HTTP request from 127.0.0.2 (another address than the tests' own)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60, source_address=("127.0.0.2", 0))
    headers = {"Cookie": cookie} if cookie else {}
    if body:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, "/" + path, body=body or None, headers=headers)
        reply = conn.getresponse()
        return reply.status, reply.read().decode("utf-8", "replace"), {"cookies": reply.msg.get_all("Set-Cookie") or []}
    finally:
        conn.close()


def test_new_identities_are_minted_at_a_bounded_pace_per_address(server):
    from tarot_learn.classroom.server.identity import ADDRESS_BURST

    token = urllib.parse.quote(server.password)
    first = _from_another_laptop(server, f"tarot/?token={token}")
    assert first[0] == 200
    kept = "; ".join(c.split(";", 1)[0] for c in first[2]["cookies"])
    statuses = [_from_another_laptop(server, f"tarot/?token={token}")[0] for _ in range(ADDRESS_BURST + 5)]
    assert statuses.count(200) <= ADDRESS_BURST and statuses[-1] == 429, statuses   # the cookie-dropping script
    status, body, _ = _from_another_laptop(server, f"tarot/?token={token}")
    assert status == 429 and "too many new browsers from this address: wait" in body, body
    assert _from_another_laptop(server, f"tarot/?token={token}", cookie=kept)[0] == 200   # a kept cookie passes
    xsrf = "xsrf-" + secrets.token_hex(8)
    status, body, _ = _from_another_laptop(server, "login", "POST", f"password={token}&_xsrf={xsrf}",
                                           cookie=f"_xsrf={xsrf}")
    assert status == 429 and "Too many new browsers from this address" in body    # the login form too
    Browser(server.base).admit(server.password)                                  # another laptop is admitted


def test_password_guessing_is_limited(server):
    guesser = Browser(server.base)
    guesser.request("login")
    statuses = [guesser.post("login", {"password": f"guess-{i}"})[0] for i in range(12)]
    wrong = statuses.count(403)   # the old password tried after the restart counted as one already
    assert 9 <= wrong <= 10 and statuses == [403] * wrong + [429] * (12 - wrong), statuses
    status, body, headers = guesser.post("login", {"password": server.password})
    assert status == 429 and "try again in" in body and int(headers["Retry-After"]) > 0
    assert Browser(server.base).request(f"tarot/?token={server.password}")[0] in (302, 403)
    assert tree_hashes(server.config_dir, server.data_dir) == server.hashes


# ----- the launcher's credentials, without a server ------------------------------------------------
def test_the_cookie_secret_changes_with_either_password_only(tmp_path):
    from tarot_learn.classroom.server.launcher import cookie_secret

    first = cookie_secret(tmp_path, "tulip-river-seven", "oak-lantern-forty-two")
    assert cookie_secret(tmp_path, "tulip-river-seven", "oak-lantern-forty-two") == first
    assert cookie_secret(tmp_path, "tulip-river-eight", "oak-lantern-forty-two") != first
    assert cookie_secret(tmp_path, "tulip-river-seven", "oak-lantern-forty-one") != first
    assert (tmp_path / "cookie.key").stat().st_mode & 0o077 == 0   # the key is the teacher's alone
    assert cookie_secret(tmp_path / "other", "tulip-river-seven", "oak-lantern-forty-two") != first


def test_https_takes_the_teachers_certificate_or_makes_one(tmp_path):
    import shutil

    from tarot_learn.classroom.server.auth_tls import certificate
    from tarot_learn.errors import OptionError

    with pytest.raises(OptionError, match="go together"):
        certificate(tmp_path, ["127.0.0.1"], certfile="a.pem")
    with pytest.raises(OptionError, match="no such file"):
        certificate(tmp_path, ["127.0.0.1"], certfile="a.pem", keyfile="b.pem")
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a certificate")
    cert, key = certificate(tmp_path / "tls", ["192.168.1.20"])
    assert Path(cert).read_text().startswith("-----BEGIN CERTIFICATE-----")
    assert Path(key).stat().st_mode & 0o077 == 0
    assert certificate(tmp_path / "tls", ["192.168.1.20"]) == (cert, key)  # kept: browsers see the same one
    assert certificate(tmp_path, [], certfile=cert, keyfile=key) == (cert, key)


def test_the_launcher_refuses_bad_credential_options():
    import argparse

    from tarot_learn.classroom.server.launcher import _checked, add_arguments
    from tarot_learn.errors import OptionError

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    for argv, reason in ((["--password", "abc"], "4 to 200"), (["--certfile", "c.pem"], "add --https"),
                         (["--kernels-per-student", "0"], "from 1 to 20"),
                         (["--kernels-per-address", "-1"], "0 \\(no address limit\\) to 200"),
                         (["--password", "same-pass", "--teacher-password", "same-pass"], "must differ")):
        with pytest.raises(OptionError, match=reason):
            _checked(parser.parse_args(argv))
    _checked(parser.parse_args(["--password", "tulip-river-seven", "--teacher-password", "oak-lantern-forty-two"]))


def test_an_identity_takes_its_roster_name_and_keeps_its_id():
    from jupyter_server.auth.identity import User
    from tornado import web

    from tarot_learn.classroom.server.identity import ClassIdentityProvider, bind_name

    from types import SimpleNamespace

    provider = ClassIdentityProvider(token="tulip-river-seven")
    asking = SimpleNamespace(request=SimpleNamespace(remote_ip="127.0.0.1"))
    ada = provider.new_student(asking)
    assert re.fullmatch(r"[0-9a-f]{32}", ada.username) and ada.username != provider.new_student(asking).username

    class Handler:
        base_url, request = "/", None
        set_cookies: list = []

        def __init__(self, user):
            self.current_user, self.settings = user, {"identity_provider": provider}

        def set_secure_cookie(self, name, value, **options):
            self.set_cookies.append((name, value))

    handler = Handler(ada)
    provider.secure_cookie = False
    named = bind_name(handler, "  Ada Lovelace ")
    assert (named.username, named.display_name) == (ada.username, "Ada Lovelace")
    name, value = handler.set_cookies[-1]
    assert name == "tarot_identity" and provider.user_from_cookie(value) == named
    # a cookie naming an id the server did not make the way it makes them is no identity
    assert provider.user_from_cookie(json.dumps({"id": "teacher", "name": "x"})) is None
    assert provider.user_from_cookie(json.dumps({"id": "../etc", "name": "x"})) is None
    with pytest.raises(web.HTTPError):
        bind_name(Handler(User(username="teacher")), "Ada")
    with pytest.raises(web.HTTPError):
        bind_name(Handler(None), "Ada")
