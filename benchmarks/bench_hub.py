"""A class on the school's JupyterHub: N students logging in together, each to a first board.

    python benchmarks/bench_hub.py                 # make bench: 30 students
    python benchmarks/bench_hub.py --users 5

Starts JupyterHub with the shipped ``school/jupyterhub_config.py`` on free loopback ports (its
proxy from ``school/.hub-proxy``, installed by ``make test-hub``), the solver's core warmed once into
the shared Numba cache, and a local git repository of the lessons.  Then every student, each in a
thread of their own and all at once, does over HTTP what the browser does: the login form with the
class password, the start of their server (``/hub/spawn``), nbgitpuller's pull of the lessons (its
``git-pull/api`` stream), and lesson 04 as a Voila app: the page, then its board's widget state asked
through the kernel's socket, as the page's widget manager asks for it.

Printed: servers started / N, seconds from login to the server up and to the first board (the Voila
page of lesson 04 received), median and p95, and MB per student (resident set size of their
single-user server and its kernels once all boards are served), median and p95.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

import requests
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tarot_learn.classroom.server.guard import V1, v1_frame  # noqa: E402
from tarot_learn.classroom.server.probe import KERNEL_ID, Page, parse_frame  # noqa: E402
from tests.hub.hubkit import LESSON, PASSWORD, PROXY, start_hub, user_processes  # noqa: E402



def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def log_in(session: requests.Session, base: str, name: str) -> None:
    form = session.get(f"{base}/hub/login", timeout=60).text
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
    data = {"username": name, "password": PASSWORD, **({"_xsrf": xsrf.group(1)} if xsrf else {})}
    answer = session.post(f"{base}/hub/login", data=data, timeout=120, allow_redirects=False)
    if answer.status_code != 302:
        raise RuntimeError(f"{name}: the login answered {answer.status_code}")


def wait_for_server(session: requests.Session, base: str, name: str, timeout: float = 900) -> None:
    session.get(f"{base}/hub/spawn/{name}", timeout=120, allow_redirects=False)   # no form: it starts
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # The proxy routes /user/<name>/ to the server once it is up; until then the hub answers.
        answer = session.get(f"{base}/user/{name}/api", timeout=60, allow_redirects=False)
        if answer.status_code == 200 and "version" in answer.text:
            return
        time.sleep(1)
    raise TimeoutError(f"{name}: the server did not start within {timeout:.0f} s")


def pull(session: requests.Session, base: str, name: str, repo: str) -> None:
    """nbgitpuller's pull, as its page runs it (the page's address also logs the server in by OAuth)."""
    query = {"repo": repo, "branch": "main", "targetpath": "tarot_learn"}
    session.get(f"{base}/user/{name}/git-pull?" + urllib.parse.urlencode(query), timeout=120)
    with session.get(f"{base}/user/{name}/git-pull/api?" + urllib.parse.urlencode(query),
                     stream=True, timeout=300) as events:
        text = "".join(chunk.decode(errors="replace") for chunk in events.iter_content(None))
    if '"phase": "finished"' not in text:
        raise RuntimeError(f"{name}: nbgitpuller did not finish: {text[-300:]}")


async def board_state(server: str, kernel: str, cookies: str, timeout: float = 300) -> None:
    """The board's widget state through the kernel's socket, as the page's widget manager asks for it."""
    url = f"{server.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
    socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}), subprotocols=[V1],
                                     max_message_size=64 << 20)
    try:
        comm, asked = uuid.uuid4().hex, uuid.uuid4().hex
        send(socket, "comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}})
        send(socket, "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}, asked)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            frame = await asyncio.wait_for(socket.read_message(), max(deadline - time.monotonic(), 0.001))
            if frame is None:
                break
            if not isinstance(frame, bytes):
                continue
            msg = parse_frame(frame)
            if msg.parent.get("msg_id") == asked and msg.header.get("msg_type") == "comm_msg":
                page = Page("", "")
                page.states = msg.content["data"]["states"]
                if page.board_id() is None:
                    raise RuntimeError("the widgets' state holds no board")
                return
        raise TimeoutError("the kernel sent no widget state")
    finally:
        socket.close()


def send(socket, msg_type: str, content: dict, msg_id: str | None = None) -> None:
    header = {"msg_id": msg_id or uuid.uuid4().hex, "msg_type": msg_type, "session": "", "username": "",
              "date": "", "version": "5.3"}
    parts = [json.dumps(x).encode() for x in (header, {}, {"version": "1.0.0"}, content)]
    socket.write_message(v1_frame("shell", parts), binary=True)


def student(base: str, name: str, repo: str, out: dict) -> None:
    session = requests.Session()
    t0 = time.monotonic()
    try:
        log_in(session, base, name)
        wait_for_server(session, base, name)
        out["server"] = time.monotonic() - t0
        pull(session, base, name, repo)
        page = session.get(f"{base}/user/{name}/voila/render/{LESSON}", timeout=900)
        kernel = KERNEL_ID.search(page.text)
        if page.status_code != 200 or kernel is None:
            raise RuntimeError(f"{name}: lesson 04 answered {page.status_code} without a kernel")
        cookies = "; ".join(f"{c.name}={c.value}" for c in session.cookies)
        asyncio.run(board_state(f"{base}/user/{name}", kernel.group(1), cookies))
        out["board"] = time.monotonic() - t0
    except Exception as exc:   # one student's failure is counted, not the end of the class
        out["error"] = f"{type(exc).__name__}: {exc}"


def memory_mb(homes: Path) -> dict[str, float]:
    """Resident MB of each student's server and kernels, by student."""
    used: dict[str, float] = {}
    for proc in user_processes(homes):
        try:
            name = Path(proc.environ()["HOME"]).name
            used[name] = used.get(name, 0.0) + proc.memory_info().rss / 2**20
        except Exception:
            continue
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=30, help="students logging in together (default 30)")
    args = parser.parse_args()
    if args.users < 1:
        parser.error("--users must be at least 1")
    missing = [what for what, ok in (("jupyterhub (pip install -e '.[hub]')", Path(sys.executable).with_name(
        "jupyterhub").exists()), ("the hub's proxy (npm install --prefix school/.hub-proxy configurable-http-proxy)",
        PROXY.exists() or shutil.which("configurable-http-proxy"))) if not ok]
    if missing:    # make bench runs every benchmark: say what to install (make test-hub does) and let the rest run
        print(f"bench_hub: not run, install {' and '.join(missing)}; `make test-hub` installs both")
        return
    folder = Path(tempfile.mkdtemp(prefix="tl-bench-hub-"))
    hub = start_hub(folder, folder / "hub.log")
    try:
        results = {f"student{i:02d}": {} for i in range(args.users)}
        threads = [threading.Thread(target=student, args=(hub.base, name, hub.repo.as_uri(), out))
                   for name, out in results.items()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        report(results, memory_mb(hub.homes))
    finally:
        hub.stop()
        shutil.rmtree(folder, ignore_errors=True)


def report(results: dict[str, dict], memory: dict[str, float]) -> None:
    n = len(results)
    servers = [r["server"] for r in results.values() if "server" in r]
    boards = [r["board"] for r in results.values() if "board" in r]
    print(f"hub class of {n}: servers started {len(servers)}/{n}, first boards {len(boards)}/{n}")
    for label, values, unit in (("login to server up", servers, "s"), ("login to first board", boards, "s"),
                                ("memory per student (server + kernel RSS)", list(memory.values()), "MB")):
        if values:
            print(f"  {label}: median {statistics.median(values):.1f} {unit}, p95 {p95(values):.1f} {unit}")
    for name, r in results.items():
        if "error" in r:
            print(f"  {name}: {r['error']}")


if __name__ == "__main__":
    main()
