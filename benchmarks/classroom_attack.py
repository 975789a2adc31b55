"""A class at work while one student floods the server with page requests.

    python benchmarks/classroom_attack.py --students 30          # the class figure
    python benchmarks/classroom_attack.py --students 4 --standby 4 --flood-seconds 20   # a quick check

Starts a fresh ``tarot-learn classroom`` (as benchmarks/classroom_load.py does, whose protocol
students this reuses), waits for its warm kernels, then sends the students in over ``--within``
seconds while one attacker, a student of the class on a laptop of their own, runs the kernel flood
for ``--flood-seconds``: (1) one browser asking for the tables page again and again (each plain
request would start a kernel), and (2) a script that drops its cookie on every request, so each one
is a new browser.  The attacker's laptop is another address of this machine (127.0.0.2: the server
holds kernels per address, except for its own machine's 127.0.0.1, where the students are).  The
warm pool is the class's size, the attacker included (``--standby``: students + 1).

Printed: the students' boards shown and time to board p50/p95 (goal p95 under 2 s), their moves'
round trip p50/p95 (goal p95 under 250 ms), and what the flood got: pages served, pages refused,
the most kernels the server held at once.

Measured on this 2-core machine, shared with other work (load average 13): 30 students within 10 s
and the flood for 30 s: 30/30 boards, time to board p50 0.08 s, p95 0.19 s; moves p50 15 ms, p95
53 ms (150 moves); the flood was served 3 pages (its laptop's first from the warm pool, two more
started once the machine was quiet) and refused the rest.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import tempfile
import time
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from classroom_load import Watch, free_port, kernels, quantile, start_server, student, wait_for_pool  # noqa: E402

PAGE = "voila/render/classroom.ipynb"
ATTACKER = "127.0.0.2"   # the attacker's laptop


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
    flooders = [flood(base, password, args.flood_seconds, out, True, ATTACKER),
                flood(base, password, args.flood_seconds, out, False, ATTACKER)]
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
                         "flood": {}, "flood_errors": [], "most_kernels": 0, "standby": standby}
            asyncio.run(attack(args, base, password, out, server.pid))
        finally:
            watch.running = False
            server.terminate()
            server.wait(30)
    return out


def report(args: argparse.Namespace, out: dict) -> None:
    n, ms = args.students, [m * 1000 for m in out["moves"]]
    print(f"classroom under a kernel flood: {n} students within {args.within:.0f} s, warm pool {out['standby']}, "
          f"one attacker flooding for {args.flood_seconds:.0f} s")
    print(f"  boards shown: {len(out['board'])}/{n}   time to board: p50 {quantile(out['board'], .5):.2f} s, "
          f"p95 {quantile(out['board'], .95):.2f} s (goal p95 < 2 s)")
    print(f"  moves: p50 {quantile(ms, .5):.0f} ms, p95 {quantile(ms, .95):.0f} ms (goal p95 < 250 ms; "
          f"{len(ms)} moves)")
    answers = ", ".join(f"{count} x {code}" for code, count in sorted(out["flood"].items()))
    print(f"  the flood's page requests: {answers or 'none'} (200 served, 429 refused); "
          f"most kernels held at once: {out['most_kernels']}")
    for line in (out["errors"] + out["flood_errors"])[:10]:
        print(f"  ! {line}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--within", type=float, default=10.0, help="seconds over which the students arrive")
    p.add_argument("--moves", type=int, default=5)
    p.add_argument("--standby", type=int, default=None,
                   help="warm kernels (default: the class's size, the attacker included)")
    p.add_argument("--flood-seconds", type=float, default=30.0)
    p.add_argument("--port", type=int, default=None)
    args = p.parse_args()
    if args.students < 1 or args.flood_seconds <= 0:
        p.error("give --students 1 or more and --flood-seconds above 0")
    report(args, run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
