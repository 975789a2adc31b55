"""A class at work while one student floods the server with page requests and socket messages.

    python benchmarks/classroom_attack.py --students 30          # the class figure
    python benchmarks/classroom_attack.py --students 4 --standby 4 --flood-seconds 20   # a quick check
    python benchmarks/classroom_attack.py --floods socket        # the socket flood alone

Starts a fresh ``tarot-learn classroom`` (as benchmarks/classroom_load.py does, whose protocol
students this reuses), waits for its warm kernels, then sends the students in over ``--within``
seconds while one attacker, a student of the class on a laptop of their own, runs the kernel flood
for ``--flood-seconds``: (1) one browser asking for the tables page again and again (each plain
request would start a kernel), and (2) a script that drops its cookie on every request, so each one
is a new browser; and (3) the socket flood, from one browser of the same laptop: it opens a shared
table, sits at it on ``--sockets`` table sockets and sends intents on them, ``--socket-rate`` a
second in all (0: as fast as it can), opening each again when the server closes it, and keeps
``--sockets`` live sockets open on the lobby and the
challenge, sending on them too and opening them again each time the server closes one.  The
attacker's laptop is another address of this machine (127.0.0.2: the server holds kernels per
address, except for its own machine's 127.0.0.1, where the students are); the socket flood runs in
a process of its own, as the attacker's laptop would, at the usual priority (so on this machine it
also takes CPU the server would have had).  The warm pool is the class's size, the attacker
included (``--standby``: students + 1).

Printed: the students' boards shown and time to board p50/p95 (goal p95 under 2 s), their moves'
round trip p50/p95 (goal p95 under 250 ms), and what the floods got: pages served, pages refused,
the most kernels the server held at once; table messages sent and how many the server answered with
"too many messages" or an error; table and live sockets opened, closed by the server, and refused.

Measured on this 2-core machine, shared with other work (load average 8 to 15), 30 students: page
flood alone, time to board p95 0.08 s, moves p95 26 ms, the server's process 1.4 CPU s; socket
flood alone (about 1,970 table messages a second), board p95 1.83 s, moves p95 1,220 ms, the
server's process 5.6 CPU s; both, board p95 0.56-0.70 s, moves p95 259-487 ms.  Since a flooding
browser's table sockets are closed, 8 students and a 20 s flood: the table sockets' flood alone
(``--live-sockets 0``) costs the server's process 1.4 CPU s instead of 3.2.  See docs/teachers/class_server.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from classroom_load import Watch, free_port, kernels, quantile, start_server, student, wait_for_pool  # noqa: E402

PAGE = "voila/render/classroom.ipynb"
ATTACKER = "127.0.0.2"   # the attacker's laptop
INTENT = json.dumps({"kind": "move", "move": "play T21"})   # well formed, read by the table, refused
FLOODS = ("kernel", "socket")


async def flood(base: str, password: str, seconds: float, out: dict, keep_cookie: bool,
                source: str | None) -> None:
    """Ask for the page again and again for ``seconds``; count what each answer was."""
    cookie = ""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        headers = {"Cookie": cookie} if cookie else {}
        request = HTTPRequest(f"{base}{PAGE}?token={password}", headers=headers, request_timeout=120,
                              network_interface=source)
        try:
            reply = await AsyncHTTPClient().fetch(request, raise_error=False)
        except Exception as err:  # the attacker's own failures are counted, not fatal
            out["flood_errors"].append(f"{type(err).__name__}: {err}")
            await asyncio.sleep(0.5)
            continue
        out["flood"][reply.code] = out["flood"].get(reply.code, 0) + 1
        if keep_cookie and not cookie:
            cookie = "; ".join(line.split(";", 1)[0] for line in reply.headers.get_list("Set-Cookie"))
        await asyncio.sleep(0.1)


class SocketFlood:
    """One browser of the attacker's laptop flooding its table sockets and the live sockets."""

    def __init__(self, base: str, password: str, sockets: int, rate: float, live_sockets: int) -> None:
        self.base, self.password, self.sockets, self.rate = base, password, sockets, rate
        self.live_sockets = live_sockets
        self.ws = base.replace("http", "ws", 1)
        self.cookies: dict[str, str] = {}
        self.out = {"sent": 0, "answers": {}, "live_opened": 0, "live_closed": 0, "live_refused": 0, "errors": [],
                    "table_opened": 0, "table_closed": 0, "table_refused": 0}

    def request(self, path: str, **kwargs) -> HTTPRequest:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **kwargs.pop("headers", {})}
        return HTTPRequest(self.base + path, headers=headers, network_interface=ATTACKER, **kwargs)

    async def fetch(self, path: str, **kwargs) -> dict:
        reply = await AsyncHTTPClient().fetch(self.request(path, **kwargs), raise_error=False)
        for line in reply.headers.get_list("Set-Cookie"):
            name, _, rest = line.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return json.loads(reply.body or b"{}") if reply.code == 200 and path.endswith("api") else {}

    async def table(self) -> tuple[str, str]:
        """Log in, open a table and return its id and the master's seat key."""
        await self.fetch(f"tarot/?token={self.password}")
        await self.fetch("tarot/tables")           # the page sets the XSRF cookie its posts carry
        made = await self.fetch("tarot/tables/api", method="POST",
                                body=json.dumps({"name": "Mallory", "options": {"players": 3}}),
                                headers={"X-XSRFToken": self.cookies.get("_xsrf", ""),
                                         "Content-Type": "application/json"})
        if "id" not in made:
            raise RuntimeError(f"the attacker could not open a table: {made}")
        return made["id"], made["key"]

    async def listen(self, socket) -> None:
        while (text := await socket.read_message()) is not None:    # ends when the server closes it
            line = json.loads(text).get("error", "view") if text.startswith("{") else "other"
            line = "too many messages" if line.startswith("too many") else line[:40]
            self.out["answers"][line] = self.out["answers"].get(line, 0) + 1

    async def tables(self, table_id: str, key: str, end: float) -> None:
        """Flood the table on ``--sockets`` sockets; a socket the server closes is opened again, as a
        script would, until the flood's time is up."""
        url = f"{self.ws}tarot/tables/{table_id}/socket?name=Mallory&key={key}"
        sockets: list = [None] * self.sockets
        gap, i = (1.0 / self.rate if self.rate > 0 else 0.0), 0
        start = time.monotonic()
        while time.monotonic() < end:
            slot = i % len(sockets)
            try:
                if sockets[slot] is None:
                    sockets[slot] = await self.table_socket(url)
                sockets[slot].write_message(INTENT)
            except Exception as err:  # closed or refused: counted, and tried again
                closed, sockets[slot] = sockets[slot], None
                self.out["table_closed" if closed is not None else "table_refused"] += 1
                if closed is None and "429" not in str(err):
                    self.out["errors"].append(f"table socket: {type(err).__name__}: {err}")
                await asyncio.sleep(0.05)
                continue
            i += 1
            self.out["sent"] = i
            ahead = start + i * gap - time.monotonic()
            if ahead > 0 or i % 50 == 0:
                await asyncio.sleep(max(ahead, 0))
        for s in sockets:
            if s is not None:
                s.close()

    async def table_socket(self, url: str):
        socket = await websocket_connect(self.request_ws(url))
        self.out["table_opened"] += 1
        asyncio.ensure_future(self.listen(socket))
        return socket

    def request_ws(self, url: str) -> HTTPRequest:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        return HTTPRequest(url, headers=headers, network_interface=ATTACKER)

    async def live(self, topic: str, end: float) -> None:
        """Keep a live socket open and talking, as a script would; open it again when closed."""
        while time.monotonic() < end:
            try:
                socket = await websocket_connect(self.request_ws(f"{self.ws}tarot/live?topic={topic}"))
            except Exception as err:  # refused (429: too many openings) or failed: the script tries again
                if "429" in str(err):
                    self.out["live_refused"] += 1
                else:
                    self.out["errors"].append(f"live socket: {type(err).__name__}: {err}")
                await asyncio.sleep(0.05)
                continue
            self.out["live_opened"] += 1
            while time.monotonic() < end and socket.close_code is None:
                try:
                    for _ in range(20):
                        socket.write_message(INTENT)
                except Exception:
                    break
                await asyncio.sleep(0.01)
            if socket.close_code is not None:
                self.out["live_closed"] += 1
            socket.close()

    async def run(self, seconds: float) -> dict:
        AsyncHTTPClient.configure(None, max_clients=4 * self.sockets + 10)
        end = time.monotonic() + seconds
        try:
            table_id, key = await self.table()
            lives = [self.live(("lobby", "challenge")[i % 2], end) for i in range(self.live_sockets)]
            await asyncio.gather(self.tables(table_id, key, end), *lives)
        except Exception as err:  # reported beside the figures, never lost
            self.out["errors"].append(f"socket flood: {type(err).__name__}: {err}")
        return self.out


def socket_flood_apart(base: str, password: str, sockets: tuple[int, int], rate: float, seconds: float,
                       results) -> None:
    """The socket flood in a process of its own (the attacker's laptop)."""
    results.put(asyncio.run(SocketFlood(base, password, sockets[0], rate, sockets[1]).run(seconds)))


async def socket_flood(args: argparse.Namespace, base: str, password: str, out: dict) -> None:
    mp = multiprocessing.get_context("spawn")
    results = mp.Queue()
    proc = mp.Process(target=socket_flood_apart, daemon=True,
                      args=(base, password, (args.sockets, args.live_sockets), args.socket_rate, args.flood_seconds,
                            results))
    proc.start()
    try:
        out["socket"] = await asyncio.to_thread(results.get, True, args.flood_seconds + 120)
    except Exception as err:
        out["flood_errors"].append(f"socket flood: no report ({type(err).__name__})")
    await asyncio.to_thread(proc.join, 30)


async def held(server_pid: int, seconds: float, out: dict) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        out["most_kernels"] = max(out["most_kernels"], kernels(server_pid))
        await asyncio.sleep(1.0)


async def attack(args: argparse.Namespace, base: str, password: str, out: dict, server_pid: int) -> None:
    AsyncHTTPClient.configure(None, max_clients=args.students + 10)
    everyone_in = asyncio.Event()
    spread = args.within / max(args.students, 1)
    students = [student(i, base, password, i * spread, args.moves, out, everyone_in) for i in range(args.students)]
    flooders = []
    if "kernel" in args.floods:
        flooders += [flood(base, password, args.flood_seconds, out, True, ATTACKER),
                     flood(base, password, args.flood_seconds, out, False, ATTACKER)]
    if "socket" in args.floods:
        flooders.append(socket_flood(args, base, password, out))
    await asyncio.gather(held(server_pid, args.flood_seconds, out), *flooders, *students)


def run(args: argparse.Namespace) -> dict:
    port, password = args.port or free_port(), secrets.token_urlsafe(12)
    base = f"http://127.0.0.1:{port}/"
    standby = args.standby if args.standby is not None else args.students + 1
    with tempfile.TemporaryDirectory(prefix="tarot-attack-") as tmp:
        server = start_server(port, password, standby, Path(tmp), Path(tmp) / "server.log")
        watch = Watch(server.pid)
        watch.start()
        try:
            wait_for_pool(base, password, standby, watch)
            out: dict = {"board": [], "moves": [], "errors": [], "done": 0, "expected": args.students,
                         "flood": {}, "flood_errors": [], "most_kernels": 0, "standby": standby, "socket": {}}
            main, kernels0, t0 = psutil.Process(server.pid), watch.total_cpu(), time.monotonic()
            main0 = sum(main.cpu_times()[:2])
            asyncio.run(attack(args, base, password, out, server.pid))
            out["server_cpu"] = sum(main.cpu_times()[:2]) - main0
            out["kernels_cpu"] = watch.total_cpu() - kernels0 - out["server_cpu"]
            out["seconds"], out["load"] = time.monotonic() - t0, os.getloadavg()[0]
        finally:
            watch.running = False
            server.terminate()
            server.wait(30)
    return out


def report(args: argparse.Namespace, out: dict) -> None:
    n, ms = args.students, [m * 1000 for m in out["moves"]]
    print(f"classroom under attack ({' and '.join(args.floods)} flood): {n} students within {args.within:.0f} s, "
          f"warm pool {out['standby']}, one attacker flooding for {args.flood_seconds:.0f} s")
    print(f"  boards shown: {len(out['board'])}/{n}   time to board: p50 {quantile(out['board'], .5):.2f} s, "
          f"p95 {quantile(out['board'], .95):.2f} s (goal p95 < 2 s)")
    print(f"  moves: p50 {quantile(ms, .5):.0f} ms, p95 {quantile(ms, .95):.0f} ms (goal p95 < 250 ms; "
          f"{len(ms)} moves)")
    if "kernel" in args.floods:
        answers = ", ".join(f"{count} x {code}" for code, count in sorted(out["flood"].items()))
        print(f"  the kernel flood's page requests: {answers or 'none'} (200 served, 429 refused); "
              f"most kernels held at once: {out['most_kernels']}")
    if "socket" in args.floods:
        sock = out["socket"]
        answers = ", ".join(f"{count} x {line!r}" for line, count in sorted(sock.get("answers", {}).items()))
        print(f"  the socket flood: {sock.get('sent', 0)} table messages on {args.sockets} sockets "
              f"({sock.get('sent', 0) / args.flood_seconds:.0f} a second), answered: {answers or 'nothing'}")
        print(f"    table sockets opened {sock.get('table_opened', 0)}, closed by the server for flooding "
              f"{sock.get('table_closed', 0)}, openings refused (429) {sock.get('table_refused', 0)}")
        print(f"    live sockets opened {sock.get('live_opened', 0)}, closed by the server for talking "
              f"{sock.get('live_closed', 0)}, openings refused (429) {sock.get('live_refused', 0)}")
    print(f"  CPU meanwhile: the server's process {out['server_cpu']:.1f} s, its kernels {out['kernels_cpu']:.1f} s, "
          f"over {out['seconds']:.0f} s (load average {out['load']:.1f} on {psutil.cpu_count()} cores)")
    for line in (out["errors"] + out["flood_errors"] + out["socket"].get("errors", []))[:10]:
        print(f"  ! {line}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--within", type=float, default=10.0, help="seconds over which the students arrive")
    p.add_argument("--moves", type=int, default=5)
    p.add_argument("--standby", type=int, default=None,
                   help="warm kernels (default: the class's size, the attacker included)")
    p.add_argument("--flood-seconds", type=float, default=30.0)
    p.add_argument("--floods", default=",".join(FLOODS),
                   help="which floods the attacker runs, comma-separated: kernel (page requests), socket "
                        "(table and live sockets); default both")
    p.add_argument("--sockets", type=int, default=10, help="table sockets (and live sockets) the socket flood opens")
    p.add_argument("--live-sockets", type=int, default=None,
                   help="live sockets the socket flood keeps talking and reopening (default: as many as --sockets)")
    p.add_argument("--socket-rate", type=float, default=2000.0,
                   help="table messages a second the socket flood sends in all (0: as fast as it can)")
    p.add_argument("--port", type=int, default=None)
    args = p.parse_args()
    args.floods = tuple(f.strip() for f in args.floods.split(",") if f.strip())
    if args.students < 1 or args.flood_seconds <= 0:
        p.error("give --students 1 or more and --flood-seconds above 0")
    if not args.floods or any(f not in FLOODS for f in args.floods):
        p.error(f"--floods takes {', '.join(FLOODS)} (comma-separated)")
    args.live_sockets = args.sockets if args.live_sockets is None else args.live_sockets
    if not 1 <= args.sockets <= 200 or not 0 <= args.live_sockets <= 200 or args.socket_rate < 0:
        p.error("give --sockets from 1 to 200, --live-sockets from 0 to 200 and --socket-rate 0 (as fast as it "
                "can) or more")
    report(args, run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
