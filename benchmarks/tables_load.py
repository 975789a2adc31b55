"""Shared French Tarot tables under a class's load: 10 tables of 4 players on one class server.

Starts a fresh ``tarot-learn classroom``, creates ``--tables`` tables over HTTP, seats four players
at each as protocol clients (what a table page does over its web socket: the view of its seat in,
intents out; so only the server is measured), adds ``--browsers`` real Chromium pages watching
tables as spectators, and plays every table's deals until ``--moves`` moves have been made at each,
each player taking about ``--think`` seconds a move as a person would (``--think 0`` is a stress run).
Prints the time from a move's intent to the moment each other player at the table has the view
that shows it (p50/p95), and the server's CPU seconds.  Goal on a 2-core machine: p95 < 300 ms.
Every player also chats, a line about every ``--chat`` seconds (``--chat 0``: no chat), and the
time from a line sent to each other page at the table having it is printed beside the moves'.

    python benchmarks/tables_load.py --tables 10 --browsers 4

With ``--robot-level LEVEL`` (``beginner``, ``club``, ``strong``) a class of ``--students`` (30) sits
at ``--tables`` tables (give 8) as evenly as it can, and each master fills the empty seats with robots
of that level: the echo figures are printed for the tables with robots and for those without, so a
robot that holds the server's loop shows as a slower echo at the tables it does not sit at.

    python benchmarks/tables_load.py --tables 8 --students 30 --robot-level strong --browsers 0
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]


def start_server(folder: Path) -> tuple[subprocess.Popen, str, str]:
    port = next(p for p in range(9900, 9999) if socket.socket().connect_ex(("127.0.0.1", p)) != 0)
    token = secrets.token_urlsafe(8)
    argv = [sys.executable, "-m", "tarot_learn", "classroom", "--port", str(port), "--password", token,
            "--class-dir", str(folder / "class"), "--standby", "1"]
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=open(folder / "server.log", "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            return proc, base, token
        except OSError:
            time.sleep(0.5)
    raise SystemExit("the class server did not start: see " + str(folder / "server.log"))


def create_table(base: str, token: str, master: str) -> str:
    body = json.dumps({"name": master, "options": {"players": 4, "seconds_per_turn": None}}).encode()
    request = urllib.request.Request(f"{base}/tarot/tables/api", data=body, method="POST",
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        data = json.load(answer)
    return data["id"], data["key"]


class Player:
    """One seat's page over the wire: keeps its latest view and when each move count arrived."""

    def __init__(self, name: str) -> None:
        self.name, self.view, self.arrived = name, None, {}
        self.heard: dict[str, float] = {}       # chat line -> when it arrived

    async def run(self, url: str, table: "TableRun") -> None:
        self.ws = await websocket_connect(url, max_message_size=1 << 20)
        while True:
            message = await self.ws.read_message()
            if message is None:
                return
            data = json.loads(message)
            if "obs" not in data:
                for line in data.get("chat", {}).get("lines", ()):
                    self.heard.setdefault(line["text"], time.perf_counter())
                continue
            self.view = data
            self.arrived.setdefault(deal_key(data), time.perf_counter())
            # the move is thought over beside the reading, so a chat line arriving meanwhile is
            # timed when it arrives, not when the player is done thinking (a move is sent once)
            thought = asyncio.ensure_future(table.maybe_move(self))
            table.thinking.add(thought)                  # held until done: a loop keeps only weak references
            thought.add_done_callback(table.thinking.discard)


def deal_key(view: dict) -> tuple[int, int]:
    """Which deal of the table (finished deals so far) and how many moves into it."""
    return (len(view["sheet"]["rows"]) if view["sheet"] else 0, view["moves"])


class TableRun:
    def __init__(self, table_id: str, players: list[Player], moves: int, think: float) -> None:
        self.id, self.players, self.left, self.think = table_id, players, moves, think
        self.sent: dict[tuple[int, int], float] = {}
        self.done = asyncio.Event()
        self.thinking: set[asyncio.Future] = set()

    async def maybe_move(self, player: Player) -> None:
        view = player.view
        if self.left <= 0:
            self.done.set()
            return
        if view["between_deals"] and player is self.players[0]:
            player.ws.write_message(json.dumps({"kind": "deal"}))
        elif view["actions"]:
            rows, moves = deal_key(view)
            key = (rows, moves + 1)
            if key not in self.sent:
                self.sent[key] = 0.0
                await asyncio.sleep(self.think * random.uniform(0.5, 1.5))   # a person takes a moment
                self.sent[key] = time.perf_counter()
                self.left -= 1
                player.ws.write_message(json.dumps({"kind": "move", "move": player.view["actions"][0]}))

    def echoes(self) -> list[float]:
        out = []
        for key, t0 in self.sent.items():
            for p in self.players:
                if key in p.arrived:
                    out.append((p.arrived[key] - t0) * 1000)
        return out


async def chat_while_playing(run: "TableRun", every: float, said: dict[str, float]) -> None:
    """Each player of ``run`` says a line about every ``every`` seconds until the table is done
    (within the chat's pace: three in a row, then one every two seconds)."""
    count = 0
    while not run.done.is_set():
        await asyncio.sleep(every * random.uniform(0.5, 1.5) / len(run.players))
        player = random.choice(run.players)
        if getattr(player, "ws", None) is None:
            continue
        count += 1
        text = f"{run.id} {player.name} says {count}: nice trick"
        said[text] = time.perf_counter()
        player.ws.write_message(json.dumps({"kind": "chat", "text": text}))


def chat_echoes(runs: list["TableRun"], said: dict[str, float]) -> list[float]:
    """Milliseconds from each line sent to each page at its table having it."""
    return [(p.heard[text] - t0) * 1000 for r in runs for p in r.players for text, t0 in said.items()
            if text in p.heard and text.startswith(r.id)]


async def sit_down(base: str, token: str, run: "TableRun", master_key: str) -> list[asyncio.Future]:
    """Each of ``run``'s players opens its socket to the table (the first with the master's key),
    20 ms apart as students arriving; the running players, to cancel when the run is over."""
    ws_base = base.replace("http://", "ws://")
    tasks = []
    for k, player in enumerate(run.players):
        key = f"&key={master_key}" if k == 0 else ""
        url = f"{ws_base}/tarot/tables/{run.id}/socket?token={token}&name={player.name}{key}"
        tasks.append(asyncio.ensure_future(player.run(url, run)))
        await asyncio.sleep(0.02)
    return tasks


async def run_tables(base: str, token: str, tables: list[tuple[str, str]], moves: int,
                     think: float, chat: float = 0.0, said: dict[str, float] | None = None,
                     heard: list[float] | None = None) -> list[float]:
    runs, tasks = [], []
    for t, (table_id, master_key) in enumerate(tables):
        run = TableRun(table_id, [Player(f"p{t}-{k}") for k in range(4)], moves, think)
        runs.append(run)
        tasks += await sit_down(base, token, run, master_key)
        if chat > 0 and said is not None:
            tasks.append(asyncio.ensure_future(chat_while_playing(run, chat, said)))
    await asyncio.wait_for(asyncio.gather(*(r.done.wait() for r in runs)), timeout=600)
    for task in tasks:
        task.cancel()
    if heard is not None and said is not None:
        heard.extend(chat_echoes(runs, said))
    return [e for r in runs for e in r.echoes()]


def seats_per_table(students: int, tables: int) -> list[int]:
    """How many students sit at each table: as even as it goes, at most 4 (the rest are robots)."""
    if not 0 < students <= 4 * tables:
        raise SystemExit(f"--students must be 1 to {4 * tables} for {tables} tables of 4")
    return [students // tables + (t < students % tables) for t in range(tables)]


def create_robot_table(base: str, token: str, master: str, level: str) -> tuple[str, str]:
    """A table whose robots (the empty seats, filled by the master) are of ``level``."""
    body = json.dumps({"name": master, "options": {"players": 4, "seconds_per_turn": None,
                                                  "robots": level}}).encode()
    request = urllib.request.Request(f"{base}/tarot/tables/api", data=body, method="POST",
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        data = json.load(answer)
    return data["id"], data["key"]


class RobotTableRun(TableRun):
    """A table of ``len(players)`` students: once they have all sat, the master fills the rest with robots."""

    async def maybe_move(self, player: Player) -> None:
        view = player.view
        if view["over"]:                 # the match is played out before the students' moves ran out
            self.done.set()
            return
        if not view["started"]:
            seated = sum(1 for s in view["seats"] if s["name"] and not s["robot"])
            if player is self.players[0] and seated == len(self.players) and not getattr(self, "filled", False):
                self.filled = True
                player.ws.write_message(json.dumps({"kind": "robots"}))
            return
        await super().maybe_move(player)


async def run_robot_tables(base: str, token: str, tables: list[tuple[str, str]], seats: list[int], moves: int,
                           think: float) -> dict[str, list[float]]:
    """Every table played by its students beside the robots; the echoes of the tables with robots
    and of those without."""
    runs, tasks = [], []
    for t, ((table_id, master_key), count) in enumerate(zip(tables, seats)):
        run = RobotTableRun(table_id, [Player(f"p{t}-{k}") for k in range(count)], moves, think)
        runs.append(run)
        tasks += await sit_down(base, token, run, master_key)
    await asyncio.wait_for(asyncio.gather(*(r.done.wait() for r in runs)), timeout=900)
    for task in tasks:
        task.cancel()
    out: dict[str, list[float]] = {"with robots": [], "without robots": []}
    for run, count in zip(runs, seats):
        out["with robots" if count < 4 else "without robots"] += run.echoes()
    return out


def robot_class(args: argparse.Namespace) -> None:
    """``--robot-level``: a class of ``--students`` at ``--tables`` tables, robots in the empty seats."""
    seats = seats_per_table(args.students, args.tables)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base, token = start_server(Path(tmp))
        try:
            tables = [create_robot_table(base, token, f"p{t}-0", args.robot_level) for t in range(args.tables)]
            browsers = watch_in_browsers(base, token, [t[0] for t in tables], args.browsers) if args.browsers else None
            before, start = cpu_seconds(proc.pid), time.perf_counter()
            echoes: dict[str, list[float]] = {}
            worker = threading.Thread(target=lambda: echoes.update(asyncio.run(
                run_robot_tables(base, token, tables, seats, args.moves, args.think))))
            worker.start()
            worker.join()
            used, wall = cpu_seconds(proc.pid) - before, time.perf_counter() - start
            if browsers:
                browsers[1].close()
                browsers[0].stop()
        finally:
            os.killpg(proc.pid, 15)
    print(f"shared tables: {args.students} students at {args.tables} tables ({', '.join(map(str, seats))} a table), "
          f"{args.robot_level} robots in the {4 * args.tables - args.students} empty seats "
          f"(about {args.think:g} s a move) + {args.browsers} Chromium pages watching")
    for group, values in echoes.items():
        if len(values) > 1:
            q = statistics.quantiles(values, n=20)
            print(f"  moves echoed at the tables {group}: {len(values)}; p50 {statistics.median(values):.0f} ms, "
                  f"p95 {q[18]:.0f} ms (goal p95 < 300 ms)")
    print(f"  server CPU seconds for the run: {used:.1f} in {wall:.0f} s of wall time")


def watch_in_browsers(base: str, token: str, table_ids: list[str], count: int):
    """``count`` real Chromium pages watching tables as spectators (closed by the caller)."""
    from playwright.sync_api import sync_playwright

    play = sync_playwright().start()
    browser = play.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"])
    for k in range(count):
        browser.new_page().goto(f"{base}/tarot/tables/{table_ids[k % len(table_ids)]}?token={token}")
    return play, browser


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of the server and everything it started (kernels included)."""
    import psutil

    procs = [psutil.Process(pid)]
    procs += procs[0].children(recursive=True)
    total = 0.0
    for proc in procs:
        try:
            times = proc.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--browsers", type=int, default=4)
    parser.add_argument("--moves", type=int, default=80, help="moves played at each table")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a player takes for a move, on average (0: as fast as the server answers)")
    parser.add_argument("--chat", type=float, default=5.0,
                        help="seconds between a table's player's chat lines, on average (0: no chat)")
    parser.add_argument("--robot-level", choices=("beginner", "club", "strong"),
                        help="seat --students at the tables and fill the empty seats with robots of this level")
    parser.add_argument("--students", type=int, default=30, help="the class size with --robot-level")
    args = parser.parse_args()
    if args.robot_level:
        return robot_class(args)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base, token = start_server(Path(tmp))
        try:
            tables = [create_table(base, token, f"p{t}-0") for t in range(args.tables)]
            browsers = watch_in_browsers(base, token, [t[0] for t in tables], args.browsers) if args.browsers else None
            before = cpu_seconds(proc.pid)
            echoes: list[float] = []   # the clients run beside Playwright's own loop, in a thread of their own
            said: dict[str, float] = {}
            heard: list[float] = []
            worker = threading.Thread(target=lambda: echoes.extend(asyncio.run(
                run_tables(base, token, tables, args.moves, args.think, args.chat, said, heard))))
            worker.start()
            worker.join()
            used = cpu_seconds(proc.pid) - before
            if browsers:
                browsers[1].close()
                browsers[0].stop()
        finally:
            os.killpg(proc.pid, 15)
    q = statistics.quantiles(echoes, n=20)
    print(f"shared tables: {args.tables} tables x 4 players as protocol clients (about {args.think:g} s a move) "
          f"+ {args.browsers} Chromium pages watching")
    print(f"  moves echoed to the other players: {len(echoes)}; p50 {statistics.median(echoes):.0f} ms, "
          f"p95 {q[18]:.0f} ms (goal p95 < 300 ms)")
    if heard:
        c = statistics.quantiles(heard, n=20) if len(heard) > 1 else heard * 19
        print(f"  chat: {len(said)} lines sent, {len(heard)} received by the table's pages; "
              f"p50 {statistics.median(heard):.0f} ms, p95 {c[18]:.0f} ms")
    print(f"  server CPU seconds for the run: {used:.1f}")


if __name__ == "__main__":
    main()
