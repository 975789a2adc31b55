"""The class challenge, the projector and the presenter, attacked as a student would: a real
``tarot-learn classroom`` (the trust boundary's server), the teacher and two students (two
browsers), spoken to as plain HTTP, live-socket and kernel-message clients.  Every attack is
refused or harmless: no student route, socket or page carries the deal code, a held name takes no
classmate's result, a forged or late game does not count, a freed name's old page stops, the
teacher's routes and topic need the teacher, and the presenter is the teacher's alone.  The
victim's board and the leaderboard are unchanged, and the server logs no traceback.

The tests share one challenge and run in order (the last ends it).
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
import uuid

import pytest

from tarot_learn import results
from tarot_learn.classroom.model import presentations
from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.classroom.server.probe import Page
from tests.test_challenge import GAME, OPTIONS, SEED, finished_code, forged_code, winning_line
from tests.test_trust_boundary import Browser, run, server  # noqa: F401 - the real class server

# ----- clients ----------------------------------------------------------------------------------------
def post_json(browser: Browser, path: str, data: dict, xsrf: bool = True) -> tuple[int, dict]:
    """A JSON post as the teacher's page makes it (the ``_xsrf`` cookie's value in a header)."""
    headers = {"Content-Type": "application/json"}
    if xsrf:
        headers["X-XSRFToken"] = browser.cookies().get("_xsrf", "")
    req = urllib.request.Request(browser.base + path, data=json.dumps(data).encode(), method="POST", headers=headers)
    try:
        with browser.opener.open(req, timeout=120) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as err:
        body = err.read()
        try:
            return err.code, json.loads(body)
        except ValueError:
            return err.code, {"page": body.decode("utf-8", "replace")}


async def live(browser: Browser, topic: str) -> dict | int:
    """The first state a live socket pushes on ``topic`` (or its close code)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    cookies = "; ".join(f"{k}={v}" for k, v in browser.cookies().items())
    url = browser.base.replace("http", "ws", 1) + f"tarot/live?topic={topic}"
    socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}))
    try:
        text = await asyncio.wait_for(socket.read_message(), 30)
        return socket.close_code if text is None else json.loads(text)
    finally:
        socket.close()


class Heard(asyncio.Queue):
    """A page's inbox that also keeps every message's text (what a snooping page could read)."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []

    async def put(self, msg) -> None:  # type: ignore[override]
        self.text.append(json.dumps(msg.content) + "".join(b.decode("latin-1") for b in msg.buffers))
        await super().put(msg)


class ChallengeTab:
    """One browser's ``challenge.ipynb`` page, driven by kernel messages as its widgets send them."""

    def __init__(self, browser: Browser, password: str, page: str = "challenge.ipynb") -> None:
        self.page = Page(browser.base, password, page=page, cookies=browser.cookies())
        self.page.inbox = Heard()
        self.key = uuid.uuid4().hex
        self.states: dict = {}

    async def open(self) -> None:
        await self.page.load()
        await self.page.connect()
        self.states = await self.page.widget_states()

    def find(self, model: str, **state) -> str:
        return next(i for i, s in self.states.items() if s.get("model_name") == model
                    and all(s["state"].get(k) == v for k, v in state.items()))

    def custom(self, widget: str, content: dict) -> None:
        self.page.send("comm_msg", {"comm_id": widget, "data": {"method": "custom", "content": content}})

    def update(self, widget: str, state: dict) -> None:
        self.page.send("comm_msg", {"comm_id": widget, "data": {"method": "update", "state": state,
                                                                "buffer_paths": []}})

    async def settle(self, seconds: float = 1.5) -> dict:
        await asyncio.sleep(seconds)
        self.states = await self.page.widget_states()
        return self.states

    def say(self) -> str:
        """Every HTML output's text (status, refusals, the board's words)."""
        return " ".join(s["state"].get("value", "") for s in self.states.values() if s.get("model_name") == "HTMLModel")

    def board(self) -> dict | None:
        board = self.page.board_id()
        return self.states[board]["state"]["view"] if board else None

    async def join(self, name: str, key: str | None = None) -> str:
        keeper = next(i for i, s in self.states.items() if "localStorage" in str(s["state"].get("_esm", "")))
        self.custom(keeper, {"event": "key", "key": key or self.key})
        self.update(self.find("TextModel", description="Your name"), {"value": name})
        self.custom(self.find("ButtonModel", description="Join the challenge"), {"event": "click"})
        await self.settle(3)
        return self.say()

    async def paste(self, code: str, settle: float = 1.5) -> str:
        self.update(self.find("TextareaModel"), {"value": code})
        self.custom(self.find("ButtonModel", description="Check and hand in"), {"event": "click"})
        await self.settle(settle)
        return self.say()

    def heard(self) -> str:
        return "\n".join(self.page.inbox.text) + json.dumps(self.states)


def teacher_of(server) -> Browser:  # noqa: F811
    teacher = Browser(server.base)
    teacher.admit(server.password)
    teacher.request("tarot/challenge/teacher")
    assert teacher.post("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 302
    return teacher


@pytest.fixture(scope="module")
def room(server):  # noqa: F811
    """The teacher's browser with a challenge started, and two students: Ada joined on her page
    (a few moves played), Bob's page open and not joined."""
    teacher = teacher_of(server)
    status, data = post_json(teacher, "tarot/challenge/teacher/api", {"action": "create", "game": GAME,
                             "options": OPTIONS, "deal": str(SEED), "minutes": 30})
    assert status == 200, data
    ada, bob = Browser(server.base), Browser(server.base)
    ada.admit(server.password), bob.admit(server.password)
    ada.tab, bob.tab = ChallengeTab(ada, server.password), ChallengeTab(bob, server.password)

    async def open_pages():
        await ada.tab.open()
        await bob.tab.open()
        assert "Welcome, Ada" in await ada.tab.join("Ada")
        board = ada.tab.page.board_id()
        for _ in range(3):
            ada.tab.custom(board, {"event": "press", "name": "draw"})
        await ada.tab.settle(2)

    run(open_pages())
    book = ChallengeBook(ClassStore(server.tmp / "class"))
    ada.view = ada.tab.board()
    assert ada.view is not None and ada.view["moves"] == 3
    return {"teacher": teacher, "ada": ada, "bob": bob, "book": book, "challenge": book.current(),
            "deal": data["challenge"]["deal_code"]}


# ----- the teacher's routes ----------------------------------------------------------------------------
TEACHER_POSTS = ({"action": "end"}, {"action": "free", "name": "Ada"},
                 {"action": "create", "game": GAME, "options": {}, "deal": "7", "minutes": 5},
                 {"action": "present", "source": "position", "index": 0},
                 {"action": "present", "source": "result", "name": "Ada"})


def test_a_student_reaches_no_teacher_route_topic_or_action(server, room):  # noqa: F811
    bob = room["bob"]
    for path in ("tarot/challenge/teacher/api", "tarot/challenge/teacher/results.csv"):
        status, body, _ = bob.request(path)
        assert status == 403 and room["deal"] not in body, path
    status, body, _ = bob.request("tarot/challenge/teacher")
    assert status == 403 and room["deal"] not in body and "Teacher password" in body
    for action in TEACHER_POSTS:
        assert post_json(bob, "tarot/challenge/teacher/api", action)[0] == 403, action
    assert bob.post("tarot/challenge/teacher/login", {"password": server.password})[0] == 403
    assert run(live(bob, "teacher")) == 4003
    # the teacher's own browser, posting without the XSRF token (a page of another site would)
    for action in TEACHER_POSTS[:2]:
        assert post_json(room["teacher"], "tarot/challenge/teacher/api", action, xsrf=False)[0] == 403
    assert room["book"].players(room["challenge"]) == [("Ada", True)]
    assert room["book"].get(room["challenge"].id).ended is None


def test_no_student_route_socket_or_projector_carries_the_deal_code(server, room):  # noqa: F811
    bob, deal = room["bob"], room["deal"]
    for path in ("tarot/", "tarot/challenge/api", "tarot/challenge/board", "tarot/challenge"):
        status, body, _ = bob.request(path)
        assert status in (200, 302) and deal not in body, path
    seen = json.dumps(run(live(bob, "challenge")))
    assert deal not in seen and "TLR1" not in seen and "deal_code" not in seen
    assert deal not in room["ada"].tab.heard() and deal not in bob.tab.heard()   # her page, every message


def test_a_classmate_cannot_take_a_held_name_nor_hand_in_under_it(server, room):  # noqa: F811
    bob, book, ch = room["bob"], room["book"], room["challenge"]
    said = run(bob.tab.join("ada"))
    held = ("already playing this challenge on another page", "is taken by another browser")   # challenge, roster
    assert any(words in said for words in held) and bob.tab.board() is None
    said = run(bob.tab.join("Ada", key=uuid.uuid4().hex))          # a second key from the same page
    assert any(words in said for words in held) and bob.tab.board() is None
    said = run(bob.tab.paste(finished_code()))                       # not joined: counts for no one
    assert "Join the challenge with your name first" in said
    assert book.results(ch) == [] and book.players(ch) == [("Ada", True)]


def test_forged_late_and_flooded_hand_ins_are_refused_with_bounded_work(server, room):  # noqa: F811
    bob, book, ch, deal = room["bob"], room["book"], room["challenge"], room["deal"]
    assert "Welcome, Bob" in run(bob.tab.join("Bob"))
    line = list(winning_line())
    for code, words in ((forged_code(deal, ["t1>f1"] * 52), "is not legal"),
                        (forged_code(deal, line[:20]), "not finished"),
                        (finished_code(seed=4), "another deal"),
                        (forged_code(deal, ["draw"] * 30_000), "at most 20,000"),
                        ("TLR1." + "A" * 300_000, "Refused")):
        said = run(bob.tab.paste(code))
        assert words in said, (words, said[-300:])
    # a script pressing "Check and hand in" thirty times with the longest code a game can have
    longest = forged_code(deal, (["draw"] * 8 + ["redeal"]) * 2222)

    async def answer() -> float:
        t0 = time.monotonic()
        await bob.tab.settle(0)
        return time.monotonic() - t0

    async def flood() -> float:
        box, press = bob.tab.find("TextareaModel"), bob.tab.find("ButtonModel", description="Check and hand in")
        bob.tab.update(box, {"value": longest})
        for _ in range(30):
            bob.tab.custom(press, {"event": "click"})
        t0 = time.monotonic()
        await bob.tab.settle(0)                                        # the kernel answers after the flood
        return time.monotonic() - t0

    quiet = run(answer())                                              # the kernel's answer, unflooded
    took = run(flood())
    assert "one code a second is checked" in bob.tab.heard() and book.results(ch) == []
    assert took < quiet + 6, (quiet, took)          # 30 replays would be ~6 s of CPU on a quiet machine


def test_a_card_sent_home_and_back_in_a_loop_writes_the_class_file_once_a_second(tmp_path, monkeypatch):
    from tarot_learn.classroom import challenge_page
    from tarot_learn.classroom.challenge_page import ChallengePage

    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path / "data"))
    book = ChallengeBook(ClassStore(tmp_path / "class"))
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    line = list(winning_line())
    home = next(i for i, move in enumerate(line) if ">f" in move)
    writes: list[int] = []
    keep = book.progress
    monkeypatch.setattr(book, "progress", lambda *a: writes.append(1) or keep(*a))

    async def loop_home_and_back() -> None:
        page = ChallengePage(book)
        page.key_widget.receive({"event": "key", "key": uuid.uuid4().hex})
        page.join("Ada")
        for move in line[:home]:
            page.board.state.play(move)
        page.board.refresh()
        for _ in range(100):                                         # as fast as a script sends intents
            page.board.state.play(line[home])
            page.board.refresh()
            page.board.press("undo")
        page.board.state.play(line[home])
        page.board.refresh()
        await asyncio.sleep(challenge_page.PROGRESS_FLOOR + 0.5)

    asyncio.run(loop_home_and_back())
    assert 1 <= len(writes) <= 3, len(writes)
    (kept,) = book.progresses(ch)
    assert (kept.moves, kept.home) == (home + 1, 1)                  # the latest game, handed in after the floor


INJECTED = '<img src=x onerror="fetch(`/tarot/challenge/teacher/api`)">'


def test_a_page_cannot_deal_itself_another_game_ask_the_solver_or_write_markup(server, room):  # noqa: F811
    bob, deal = room["bob"], room["deal"]

    async def go() -> dict:
        board = bob.tab.page.board_id()
        seed = next(i for i, s in bob.tab.states.items() if s.get("model_name") == "TextModel"
                    and "seed" in s["state"].get("placeholder", ""))
        bob.tab.update(seed, {"value": "7"})                         # the hidden options' seed box
        bob.tab.update(seed, {"value": deal})
        for name in ("hint", "new", "share"):
            bob.tab.custom(board, {"event": "press", "name": name})
        bob.tab.custom(board, {"event": "press", "name": "draw"})
        for model, state in bob.tab.states.items():                 # markup into every output and live board
            if state.get("model_name") in ("HTMLModel", "AnyModel") and model != board:
                bob.tab.update(model, {"value": INJECTED, "part": INJECTED, "playing": 99})
        return await bob.tab.settle(2)

    run(go())
    assert INJECTED not in json.dumps(bob.tab.states)
    assert {s["state"].get("part") for s in bob.tab.states.values() if "part" in s["state"]} == {"heading",
                                                                                                 "leaderboard"}
    view = bob.tab.board()
    assert view["moves"] == 1 and "Hints are off" in bob.tab.heard()
    assert deal not in bob.tab.say() + json.dumps(view)       # the code typed in is echoed to no output
    book = room["book"]
    assert [e.name for e in book.progresses(room["challenge"])] in ([], ["Ada"], ["Ada", "Bob"], ["Bob", "Ada"])


def test_the_presenter_is_the_teachers_alone(server, room):  # noqa: F811
    teacher, bob = room["teacher"], room["bob"]
    status, data = post_json(teacher, "tarot/challenge/teacher/api",
                             {"action": "present", "source": "position", "index": 0})
    assert status == 200 and "?ticket=" in data["present"]
    ticket_path = data["present"].lstrip("/")
    status, body, _ = bob.request(ticket_path)                         # a ticket read off the projector
    assert status == 403 and "kernelId" not in body
    for guess in ("voila/render/presenter.ipynb?ticket=" + "0" * 32, "voila/render/presenter.ipynb"):
        assert bob.request(guess)[0] == 403
    assert teacher.request(ticket_path)[0] == 200                      # the teacher's browser opens it


def test_the_teachers_malformed_requests_are_refused_in_one_line(server, room):  # noqa: F811
    teacher = room["teacher"]
    for body in ({"action": "present", "source": "line", "challenge": 1e308},
                 {"action": "present", "source": "line", "challenge": float("inf")},
                 {"action": "present", "source": "line", "challenge": -1},
                 {"action": "create", "game": GAME, "options": [1], "deal": "", "minutes": 5},
                 {"action": "create", "game": GAME, "options": {}, "deal": {"x": 1}, "minutes": float("nan")},
                 {"action": "free", "name": ["Ada"]}, {"action": ["end"]}):
        status, answer = post_json(teacher, "tarot/challenge/teacher/api", body)
        assert status == 400 and "\n" not in answer["error"], (body, answer)
    assert room["book"].current().id == room["challenge"].id


def test_a_ticket_of_another_class_or_too_old_shows_nothing(tmp_path):
    from tarot_learn.classroom.presenter_page import presenter_page

    ours, theirs = ChallengeBook(ClassStore(tmp_path / "ours")), ChallengeBook(ClassStore(tmp_path / "theirs"))
    other = presentations.issue(theirs.store, {"position": 0, "title": "theirs"})
    old = presentations.issue(ours.store, {"position": 0, "title": "old"},
                              now=time.time() - presentations.TICKET_SECONDS - 5)
    for ticket in (other, old, other.upper(), "0" * 32, "../" * 20):
        shown = presenter_page(f"ticket={ticket}", ours)
        assert "unknown or too old" in shown.value, ticket
    assert presenter_page(f"ticket={other}", theirs).children       # the same ticket in its own class


def test_a_freed_name_stops_its_old_page_and_its_taker_starts_afresh(server, room):  # noqa: F811
    ada, teacher, book, ch = room["ada"], room["teacher"], room["book"], room["challenge"]
    assert post_json(teacher, "tarot/challenge/teacher/api", {"action": "free", "name": "ada"})[0] == 200
    cleo = Browser(server.base)
    cleo.admit(server.password)
    cleo.tab = ChallengeTab(cleo, server.password)

    async def go() -> None:
        board = ada.tab.page.board_id()
        ada.tab.custom(board, {"event": "press", "name": "draw"})     # the old page after the free
        await ada.tab.settle(2)
        await cleo.tab.open()
        await cleo.tab.join("ADA")

    run(go())
    assert ada.tab.board()["moves"] == ada.view["moves"] and "freed the name Ada" in ada.tab.say()
    said = cleo.tab.say()
    assert "Welcome, Ada" in said and "Welcome back" not in said and cleo.tab.board()["moves"] == 0
    assert book.players(ch) == [("Ada", True), ("Bob", True)]


def test_after_the_challenge_closes_nothing_more_is_taken(server, room):  # noqa: F811
    bob, teacher, book, ch = room["bob"], room["teacher"], room["book"], room["challenge"]
    assert post_json(teacher, "tarot/challenge/teacher/api", {"action": "end"})[0] == 200
    before = [(e.name, e.moves) for e in book.leaderboard(ch)]
    said = run(bob.tab.paste(finished_code(cycles=3)))
    assert "is closed" in said
    with pytest.raises(Exception, match="closed"):
        book.progress(ch, "Bob", results.result_code(ch.new_state()))
    assert [(e.name, e.moves) for e in book.leaderboard(ch)] == before
    assert json.loads(bob.request("tarot/challenge/api")[1])["challenge"]["closed"] is True


def test_guessing_the_teachers_password_is_limited_however_parallel(server, room):  # noqa: F811
    from concurrent.futures import ThreadPoolExecutor

    from tarot_learn.classroom.server.challenge_web import TEACHER_LOGINS

    eve = Browser(server.base)
    eve.admit(server.password)
    eve.request("tarot/challenge/teacher")                             # the page's XSRF cookie
    with ThreadPoolExecutor(14) as pool:
        statuses = list(pool.map(lambda i: eve.post("tarot/challenge/teacher/login",
                                                    {"password": f"guess-{i}"})[0], range(14)))
    assert statuses.count(403) <= TEACHER_LOGINS.per_address and statuses.count(429) >= 4, statuses
    status, body, headers = eve.post("tarot/challenge/teacher/login", {"password": server.teacher})
    assert status == 429 and "try again in" in body and int(headers["Retry-After"]) > 0
    assert eve.request("tarot/challenge/teacher/api")[0] == 403


def test_the_server_logged_no_traceback_and_no_ticket(server, room):  # noqa: F811
    lines = server.log().splitlines()
    assert not [line for line in lines if "Traceback" in line or "Error" in line]
    assert not [line for line in lines if "ticket=" in line.replace("ticket=***", "")]


def test_the_threat_model_page_states_the_challenges_own_figures():
    from pathlib import Path

    from tarot_learn.classroom import challenge_page
    from tarot_learn.classroom.server import challenge_web

    page = (Path(__file__).resolve().parents[1] / "docs" / "teachers" / "what_the_browser_sees.md").read_text()
    text = " ".join(page.split("## The class challenge, the projector and the presenter")[1].split())
    assert f"checks {challenge_page.PASTE_BURST} pasted codes at once, then one a second" in text
    assert challenge_page.PASTE_EVERY == challenge_page.PROGRESS_FLOOR == 1.0 and "at most once a second" in text
    assert f"over {results.MAX_MOVES:,} moves" in text
    assert f"valid {presentations.TICKET_SECONDS // 3600} hours" in text and "128 random bits" in text
    limits = challenge_web.TEACHER_LOGINS
    assert f"answered {limits.per_address} a minute per address and {limits.overall} for the room" in text
