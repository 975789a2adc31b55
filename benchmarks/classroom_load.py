"""A class joining the class server at once: N students as protocol clients plus M real browsers.

    python benchmarks/classroom_load.py --students 30 --browsers 3          # make bench runs this
    python benchmarks/classroom_load.py --students 60 --within 60

Starts a fresh ``tarot-learn classroom`` on a free port, waits for its warm kernels, then sends the
students in, spread evenly over ``--within`` seconds.  Each protocol student does what the tables
page does over HTTP and the v1 kernel socket (tarot_learn.classroom.server.probe): the page with the class
password, the widgets' states (the board's view and card pictures), then five moves (draws) a second
apart; the browsers open the same page in Chromium and wait for the board.  The browsers stand for
the students' own laptops: they run in a process of their own in the idle scheduling class
(``--browsers-priority idle``, the default; Chromium resets its processes' nice values, but not
their class), so that the server's two cores measure the server and the clients' clocks, not
Chromium beside them (``--clients-nice`` lowers the clients too).  Then everyone leaves:
even-numbered students close their tab (the page's closing request), odd ones just drop.  Two
minutes later the kernels still alive are counted.

Printed: boards shown / N, time to board p50/p95, move round trip p50/p95 during the rush, server
CPU seconds per student (server and every kernel, from the first arrival to the last move), MB per
student (proportional set size of the server and its kernels at the peak, over N), kernels alive two
minutes after everyone left (and the warm pool it keeps), requests that left the machine (browser
requests to any other host, and sockets of the server's processes to any non-local address).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import multiprocessing
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tarot_learn.classroom.server.probe import Page  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def kernels(server_pid: int) -> int:
    """The kernels alive under the server (warm or held: each browser's kernel list shows only its own)."""
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return 0
    count = 0
    for child in children:
        try:
            count += "ipykernel_launcher" in " ".join(child.cmdline())
        except psutil.Error:
            pass
    return count


class Watch(threading.Thread):
    """Samples the server's process tree: CPU seconds per process, memory, outside sockets."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.cpu: dict[int, float] = {}
        self.outside: set[str] = set()
        self.running = True
        self.lock = threading.Lock()

    def tree(self) -> list[psutil.Process]:
        try:
            return [self.root, *self.root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def sample(self) -> None:
        tree = self.tree()
        for p in tree:
            try:
                t = p.cpu_times()
                with self.lock:
                    self.cpu[p.pid] = t.user + t.system
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        # One system-wide read of the sockets, not one per process: asked of each of 60 kernels, it took
        # a fifth of a core in this process and delayed the clients' clocks beside it.
        pids = {p.pid for p in tree}
        for c in psutil.net_connections(kind="inet"):
            if c.pid in pids and c.raddr and not _local(c.raddr.ip):
                self.outside.add(f"{c.raddr.ip}:{c.raddr.port}")

    def total_cpu(self) -> float:
        self.sample()
        with self.lock:
            return sum(self.cpu.values())

    def pss_mb(self) -> float:
        total = 0
        for p in self.tree():
            try:
                total += p.memory_full_info().pss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        return total / 2 ** 20

    def run(self) -> None:
        while self.running:
            self.sample()
            time.sleep(1.0)


def _local(ip: str) -> bool:
    addr = ipaddress.ip_address(ip)
    return addr.is_loopback or addr.is_private or addr.is_link_local


async def student(i: int, base: str, password: str, delay: float, moves: int, out: dict, everyone_in: asyncio.Event):
    await asyncio.sleep(delay)
    t0 = time.monotonic()
    page = Page(base, password)
    try:
        await page.load(timeout=180)
        await page.connect()
        await page.widget_states(timeout=180)
        board = page.board_id()
        if board is None:
            out["errors"].append(f"student {i}: no board")
            return
        out["board"].append(time.monotonic() - t0)
        for _ in range(moves):
            await asyncio.sleep(1.0)
            out["moves"].append(await page.intent(board, {"event": "press", "name": "draw"}))
        out["done"] += 1
        if out["done"] == out["expected"]:
            everyone_in.set()
        await everyone_in.wait()
    except Exception as err:  # a student who could not play is counted, not fatal
        out["errors"].append(f"student {i}: {type(err).__name__}: {err}")
        out["done"] += 1
        if out["done"] == out["expected"]:
            everyone_in.set()
    finally:
        await page.close(free_kernel=i % 2 == 0)


async def until(event) -> None:
    """Wait for a multiprocessing event without blocking the loop."""
    while not event.is_set():
        await asyncio.sleep(0.2)


def browsers_apart(count: int, base: str, password: str, within: float, priority: str, everyone_in,
                   results) -> None:
    """The browsers in a process of their own: a class's pages run on the students' laptops, so here
    they must neither take the server's cores nor delay the clients' clocks.  Idle: Chromium and
    every process it starts run only when nothing else wants the CPU."""
    if priority == "idle":
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    out: dict = {"browser_board": [], "outside": [], "errors": []}
    try:
        asyncio.run(browsers(count, base, password, within, out, everyone_in))
    except Exception as err:  # reported beside the figures, never lost
        out["errors"].append(f"browsers: {type(err).__name__}: {err}")
    results.put(out)


async def browsers_elsewhere(args: argparse.Namespace, base: str, password: str, out: dict,
                             everyone_in: asyncio.Event) -> None:
    if args.browsers == 0 or not os.path.exists(CHROMIUM):
        if args.browsers:
            out["errors"].append("chromium is not installed: no browsers")
        return
    mp = multiprocessing.get_context("spawn")
    go_home, results = mp.Event(), mp.Queue()
    proc = mp.Process(target=browsers_apart, daemon=True,
                      args=(args.browsers, base, password, args.within, args.browsers_priority, go_home, results))
    proc.start()
    await everyone_in.wait()
    go_home.set()
    try:
        got = await asyncio.to_thread(results.get, True, 300)
    except Exception as err:
        got = {"errors": [f"browsers: no report ({type(err).__name__})"]}
    for key, values in got.items():
        out[key] += values
    await asyncio.to_thread(proc.join, 30)


async def browsers(count: int, base: str, password: str, within: float, out: dict, everyone_in) -> None:
    from playwright.async_api import async_playwright

    local = {"127.0.0.1", "localhost"}

    async def route(r):
        host = re.sub(r"^[a-z]+://([^/:]+).*$", r"\1", r.request.url)
        if r.request.url.startswith(("data:", "blob:")) or host in local:
            await r.continue_()
        else:
            out["outside"].append(r.request.url)
            await r.abort()

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)

        async def one(i: int) -> None:
            await asyncio.sleep(i * within / count)
            t0 = time.monotonic()
            page = await browser.new_page(viewport={"width": 1366, "height": 768})
            said: list[str] = []
            page.on("console", lambda m: said.append(m.text[:160]) if m.type == "error" else None)
            await page.route("**/*", route)
            try:
                await page.goto(f"{base}?token={password}")
                await page.goto(f"{base}voila/render/classroom.ipynb", timeout=180_000)
                await page.wait_for_selector('[aria-roledescription="card table"]', timeout=180_000)
                out["browser_board"].append(time.monotonic() - t0)
                await until(everyone_in)
            except Exception as err:
                out["errors"].append(f"browser {i}: {type(err).__name__}: {str(err)[:120]} (page said: "
                                     f"{' | '.join(said[-3:]) or 'no error'})")
            finally:
                await page.close(run_before_unload=True)

        await asyncio.gather(*(one(i) for i in range(count)))
        await asyncio.sleep(1.0)  # let the closing requests leave
        await browser.close()


def start_server(port: int, password: str, standby: int, class_dir: Path, log: Path) -> subprocess.Popen:
    argv = [sys.executable, "-m", "tarot_learn", "classroom", "--port", str(port), "--password", password,
            "--class-dir", str(class_dir), "--standby", str(standby)]
    return subprocess.Popen(argv, stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=class_dir)


def stop_server(server: subprocess.Popen, watch: Watch) -> None:
    """Stop sampling the server, then the server (killed if it has not stopped within 30 seconds)."""
    watch.running = False
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()


def wait_for_pool(base: str, password: str, standby: int, watch: Watch, limit: float = 600) -> float:
    """Seconds until the warm pool is full and the machine quiet again."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        try:
            if kernels(watch.root.pid) >= standby:
                break
        except OSError:
            pass
        time.sleep(1.0)
    before = watch.total_cpu()
    while time.monotonic() - t0 < limit:  # quiet: the tree used under 5% of a core for 3 s
        time.sleep(3.0)
        now = watch.total_cpu()
        if now - before < 0.15:
            break
        before = now
    return time.monotonic() - t0


def run(args: argparse.Namespace) -> dict:
    port, password = args.port or free_port(), secrets.token_urlsafe(8)
    base = f"http://127.0.0.1:{port}/"
    standby = args.standby if args.standby is not None else args.students + args.browsers
    with tempfile.TemporaryDirectory(prefix="tarot-class-") as tmp:
        log = Path(tmp) / "server.log"
        server = start_server(port, password, standby, Path(tmp), log)
        watch = Watch(server.pid)
        watch.start()
        try:
            ready = wait_for_pool(base, password, standby, watch)
            out = {"board": [], "moves": [], "errors": [], "outside": [], "browser_board": [], "done": 0,
                   "expected": args.students, "ready": ready, "standby": standby}
            cpu0, t0, machine0 = watch.total_cpu(), time.monotonic(), sum(psutil.cpu_times()[:3])
            out["pool_cpu"] = cpu0 / max(standby, 1)
            os.nice(args.clients_nice)  # the server was started before this, at the usual priority
            asyncio.run(rush(args, base, password, out, watch))
            out["cpu"] = out.pop("cpu_at_end") - cpu0
            out["machine_cpu"] = out.pop("machine_at_end") - machine0
            out["rush_seconds"] = out.pop("rush_end") - t0
            time.sleep(args.linger)
            out["alive"] = kernels(server.pid)
            out["outside"] += sorted(watch.outside)
            out["log"] = log.read_text(errors="replace")
        finally:
            stop_server(server, watch)
    return out


async def rush(args: argparse.Namespace, base: str, password: str, out: dict, watch: Watch) -> None:
    from tornado.httpclient import AsyncHTTPClient

    # Every student is their own browser: no client-side queue of 10 connections in front of the server.
    AsyncHTTPClient.configure(None, max_clients=args.students + 10)
    everyone_in = asyncio.Event()
    if args.students == 0:
        everyone_in.set()
    spread = args.within / max(args.students, 1)
    tasks = [student(i, base, password, i * spread, args.moves, out, everyone_in) for i in range(args.students)]
    tasks.append(browsers_elsewhere(args, base, password, out, everyone_in))
    done = asyncio.ensure_future(everyone_in.wait())

    async def peak() -> None:
        await done
        out["cpu_at_end"], out["rush_end"] = watch.total_cpu(), time.monotonic()
        out["machine_at_end"], out["load"] = sum(psutil.cpu_times()[:3]), os.getloadavg()[0]
        out["pss_mb"] = watch.pss_mb()

    await asyncio.gather(peak(), *tasks)


def report(args: argparse.Namespace, out: dict) -> None:
    n = args.students
    ms = [m * 1000 for m in out["moves"]]
    print(f"classroom load: {n} students joining within {args.within:.0f} s + {args.browsers} browsers; "
          f"warm pool {out['standby']} (ready {out['ready']:.0f} s after start, "
          f"{out['pool_cpu']:.2f} CPU s per warm kernel before the class)")
    print(f"  boards shown: {len(out['board'])}/{n}   browsers' boards: {len(out['browser_board'])}/{args.browsers}")
    print(f"  time to board: p50 {quantile(out['board'], .5):.2f} s, p95 {quantile(out['board'], .95):.2f} s"
          f"   (browsers p50 {quantile(out['browser_board'], .5):.2f} s)")
    print(f"  move round trip during the rush: p50 {quantile(ms, .5):.0f} ms, p95 {quantile(ms, .95):.0f} ms "
          f"({len(ms)} moves)")
    print(f"  server CPU per student: {out['cpu'] / max(n, 1):.2f} s (server and kernels, "
          f"{out['rush_seconds']:.0f} s from the first arrival to the last move)")
    others = out["machine_cpu"] - out["cpu"]
    print(f"  the machine meanwhile: load average {out['load']:.1f} on {psutil.cpu_count()} cores; "
          f"{others:.0f} CPU s used by other processes (this benchmark's clients and browsers included, "
          f"clients at nice {args.clients_nice}, browsers at {args.browsers_priority} priority) "
          f"against {out['cpu']:.0f} by the server and its kernels")
    print(f"  memory per student: {out['pss_mb'] / max(n, 1):.0f} MB "
          f"(PSS of the server and all its kernels at the peak)")
    print(f"  kernels alive {args.linger:.0f} s after everyone left: {out['alive']} "
          f"(the warm pool keeps {out['standby']}; {max(out['alive'] - out['standby'], 0)} beyond it)")
    print(f"  requests that left the machine: {len(out['outside'])}")
    warm = out["log"].count("Using pre-heated kernel")
    print(f"  pages served from the warm pool: {warm}; {refill_line(out['log'], out['standby'])}")
    for line in out["errors"][:10]:
        print(f"  ! {line}")


STAMP = re.compile(r"^\[I (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+) ClassroomServer\] (Using pre-heated|Kernel started)")


def refill_line(log: str, standby: int) -> str:
    """When the pool's refill began after the first warm page was taken, and its pace."""
    from datetime import datetime

    events = [(datetime.fromisoformat(m.group(1)).timestamp(), m.group(2))
              for m in map(STAMP.match, log.splitlines()) if m]
    taken = [t for t, what in events if what == "Using pre-heated"]
    started = [t for t, what in events if what == "Kernel started"][standby:]  # after the pool's first fill
    if not taken or not started:
        return f"kernels started after the warm pool filled: {len(started)}"
    first = started[0] - taken[0]
    pace = (started[-1] - started[0]) / (len(started) - 1) if len(started) > 1 else float("nan")
    return (f"kernels started after the warm pool filled: {len(started)}, the first {first:.0f} s after the "
            f"first warm page was taken, then one per {pace:.1f} s")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--browsers", type=int, default=3)
    p.add_argument("--within", type=float, default=10.0, help="seconds over which the students arrive")
    p.add_argument("--moves", type=int, default=5)
    p.add_argument("--browsers-priority", choices=("idle", "normal"), default="idle",
                   help="the browsers' scheduling (they stand for the students' own laptops, so by default they "
                        "use only the CPU the server and the clients leave; normal: share it equally)")
    p.add_argument("--clients-nice", type=int, default=0, help="the protocol clients' niceness during the rush")
    p.add_argument("--standby", type=int, default=None, help="warm kernels (default: students + browsers)")
    p.add_argument("--linger", type=float, default=120.0, help="seconds after leaving before kernels are counted")
    p.add_argument("--port", type=int, default=None)
    args = p.parse_args()
    report(args, run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
