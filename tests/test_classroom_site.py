"""``tarot-learn classroom --site DIR``: the class server also serves the static site on the room's
network, read-only and with the types a browser needs, and nothing outside the site's folder."""

from __future__ import annotations

import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tarot_learn.classroom.server.site import checked_site
from tarot_learn.errors import OptionError


def fake_site(folder: Path) -> Path:
    """The files a built site has where the server looks, and a kernel file of each kind."""
    (folder / "lab").mkdir(parents=True)
    (folder / "static" / "pyodide").mkdir(parents=True)
    (folder / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}')
    (folder / "index.html").write_text("<html>the site's front</html>")
    (folder / "lab" / "index.html").write_text("<html><body><div id=tl-progress></div></body></html>")
    (folder / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(64))
    (folder / "static" / "pyodide" / "x-1.0-py3-none-any.whl").write_bytes(b"PK\3\4")
    return folder


def test_a_folder_that_is_no_site_is_refused_in_one_line(tmp_path):
    with pytest.raises(OptionError, match="not a folder"):
        checked_site(tmp_path / "missing")
    with pytest.raises(OptionError, match="no static site there.*make lite"):
        checked_site(tmp_path)
    assert checked_site(fake_site(tmp_path / "lite")) == (tmp_path / "lite").resolve()


def fetch(url: str) -> tuple[int, dict, bytes]:
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    try:
        with urllib.request.build_opener(Stay).open(url, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), b""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from tests.browser.jlab import free_port

    tmp = tmp_path_factory.mktemp("site-class")
    site = fake_site(tmp / "lite")
    (tmp / "secret.txt").write_text("outside the site")
    port = free_port()
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "tarot_learn", "classroom", "--port", str(port), "--password",
                             secrets.token_urlsafe(8), "--class-dir", str(tmp / "class"), "--standby", "0",
                             "--site", str(site)], stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(240):
            if proc.poll() is not None:
                pytest.fail((tmp / "server.log").read_text()[-3000:])
            try:
                urllib.request.urlopen(base + "site/index.html", timeout=2).read()
                break
            except OSError:
                time.sleep(0.5)
        yield base, tmp
    finally:
        proc.terminate()
        proc.wait(30)
        log.close()


def test_the_class_server_serves_the_site_without_the_class_password(served):
    base, tmp = served
    status, _, body = fetch(base + "site/")
    assert status == 200 and body == b"<html>the site's front</html>"
    status, headers, _ = fetch(base + "site")
    assert status in (301, 302) and headers["Location"].endswith("/site/")
    status, headers, body = fetch(base + "site/lab/index.html")
    assert status == 200 and b"tl-progress" in body and headers["Cache-Control"] == "no-cache"
    status, headers, _ = fetch(base + "site/static/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Type"] == "application/wasm"     # streamed compilation needs it
    assert fetch(base + "site/static/pyodide/x-1.0-py3-none-any.whl")[1]["Content-Type"] == "application/zip"
    assert "outside the site" in (tmp / "secret.txt").read_text()
    for path in ("site/../secret.txt", "site/%2e%2e/secret.txt", "site/..%2fsecret.txt", "site/nothing.js"):
        status, _, body = fetch(base + path)
        assert status in (403, 404) and b"outside the site" not in body, path
    # The class's own pages still ask for the password.
    status, headers, _ = fetch(base + "tarot/")
    assert status in (302, 403) or "login" in headers.get("Location", "")


def test_scripts_and_webassembly_cross_the_room_gzipped_and_zips_as_they_are(served):
    import gzip

    base, tmp = served
    wasm = tmp / "lite" / "static" / "pyodide" / "pyodide.asm.wasm"

    def get(path: str, **headers: str) -> tuple[int, dict, bytes]:
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip", **headers})
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), b""

    status, headers, body = get("site/static/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
    assert gzip.decompress(body) == wasm.read_bytes() and len(body) < wasm.stat().st_size
    assert get("site/static/pyodide/pyodide.asm.wasm", **{"If-None-Match": headers["Etag"]})[0] == 304
    status, headers, body = get("site/lab/index.html")
    assert headers["Content-Encoding"] == "gzip" and b"tl-progress" in gzip.decompress(body)
    status, headers, body = get("site/static/pyodide/x-1.0-py3-none-any.whl")
    assert "Content-Encoding" not in headers and body == b"PK\3\4"
    status, headers, body = fetch(base + "site/static/pyodide/pyodide.asm.wasm")     # no Accept-Encoding
    assert "Content-Encoding" not in headers and body == wasm.read_bytes()
    assert get("site/../secret.txt")[0] in (403, 404)
