"""The roster and the teacher's dashboard on a real class server, attacked by a student who holds the
class password: the dashboard, its CSV, its live topic and the roster's controls stay the teacher's;
a name belongs to the browser that typed it first; a kernel's answers are filed under the browser the
server handed the kernel to, whatever a page says."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import time

import pytest

from tarot_learn import userdata
from tarot_learn.classroom.model.roster import Roster
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.classroom.server.base import NO_TEACHER_PASSWORD, ClassHandler
from tests.test_challenge import ClassServer, Client, _watch, free_port

TEACHER_ROUTES = ("tarot/teacher/dashboard", "tarot/teacher/dashboard/api", "tarot/teacher/dashboard.csv",
                  "tarot/teacher/projector")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("dashboard") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def teacher(server):
    t = Client(server)
    t.log_in()
    assert t.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    return t


def student(server) -> Client:
    s = Client(server)
    s.log_in()
    return s


def dashboard(teacher: Client) -> dict:
    status, body = teacher.call("tarot/teacher/dashboard/api")
    assert status == 200, body
    return json.loads(body)


def test_a_student_reads_and_changes_nothing_of_the_dashboard(server, teacher):
    eve = student(server)
    eve.call("tarot/name/api", {"name": "Eve"}, json_body=True)
    for path in TEACHER_ROUTES:
        status, body = eve.call(path)
        assert status == 403, path
        assert "Eve" not in body and "solved" not in body, path
    for action in ({"action": "add", "names": "Mallory"}, {"action": "remove", "id": 1}):
        assert eve.call("tarot/teacher/dashboard/api", action, json_body=True)[0] == 403
    assert asyncio.run(_watch(eve, "dashboard")) == 4003
    assert [s["name"] for s in dashboard(teacher)["students"]] == ["Eve"]
    stranger = Client(server)                                   # not even admitted
    status, body = stranger.call("tarot/teacher/dashboard/api")
    assert "Eve" not in body and "students" not in body


def test_a_name_is_bound_to_one_browser_case_insensitively(server, teacher):
    ben, other = student(server), student(server)
    status, body = ben.call("tarot/name/api", {"name": "Ben"}, json_body=True)
    assert status == 200 and json.loads(body)["name"] == "Ben"
    status, body = other.call("tarot/name/api", {"name": "ben"}, json_body=True)
    assert status == 400 and "taken by another browser" in json.loads(body)["error"]
    assert json.loads(ben.call("tarot/name/api")[1])["name"] == "Ben"        # kept across requests
    assert json.loads(other.call("tarot/name/api")[1])["name"] is None
    status, body = ben.call("tarot/name/api", {"name": "Ada"}, json_body=True)
    assert status == 400 and "already Ben" in json.loads(body)["error"]
    assert teacher.call("tarot/name/api", {"name": "Teach"}, json_body=True)[0] == 403
    for junk in ([1], {"name": 5}, {"name": "x" * 500}, {"name": "x" * 9000}):
        status, body = other.call("tarot/name/api", junk, json_body=True)
        assert 400 <= status < 500 and "\n" not in json.loads(body)["error"]
    (line,) = [s for s in dashboard(teacher)["students"] if s["name"] == "Ben"]
    status, body = teacher.call("tarot/teacher/dashboard/api", {"action": "free", "id": line["id"]}, json_body=True)
    assert status == 200 and "free" in json.loads(body)["said"]
    assert json.loads(ben.call("tarot/name/api")[1]) == {"name": None, "teacher": False, "progress": [], "freed": True}
    assert json.loads(other.call("tarot/name/api", {"name": "BEN"}, json_body=True)[1])["name"] == "Ben"


def test_the_teacher_loads_a_list_renames_and_merges(server, teacher):
    said = json.loads(teacher.call("tarot/teacher/dashboard/api", {"action": "add", "names": "name\nZoé\nYann\nzoé\n"},
                                   json_body=True)[1])["said"]
    assert said.startswith("Added 2 names.") and "already in the class as Zoé" in said
    ids = {s["name"]: s["id"] for s in dashboard(teacher)["students"]}
    status, _ = teacher.call("tarot/teacher/dashboard/api", {"action": "rename", "id": ids["Yann"], "name": "Yannick"},
                             json_body=True)
    assert status == 200
    status, body = teacher.call("tarot/teacher/dashboard/api", {"action": "merge", "id": ids["Zoé"],
                                                                "into": ids["Yann"]}, json_body=True)
    assert status == 200 and json.loads(body)["said"] == "Zoé is now part of Yannick."
    status, body = teacher.call("tarot/teacher/dashboard/api", {"action": "rename", "id": "1; DROP", "name": "x"},
                                json_body=True)
    assert status == 400 and "id" in json.loads(body)["error"]


def _answer(folder, kernel: str, item: str, given: str, right: bool) -> None:
    """What the kernel ``kernel`` writes when its learner answers (see userdata.journal)."""
    journal = userdata.journal_dir(folder)
    journal.mkdir(exist_ok=True)
    line = {"event": f"{kernel}-{item}-{given}", "kind": "exercise", "item": item, "answer": given, "right": right,
            "at": time.time()}
    with open(journal / f"{kernel}.jsonl", "a") as out:
        out.write(json.dumps(line) + "\n")


def test_answers_are_filed_under_the_browser_that_owns_the_kernel(server, teacher):
    cy, mallory = student(server), student(server)
    cy.call("tarot/name/api", {"name": "Cy"}, json_body=True)
    mallory.call("tarot/name/api", {"name": "Mallory"}, json_body=True)
    # Mallory's page claims to be Cy: the address's learner= is no one's name on the class server
    status, _ = mallory.call("voila/render/classroom.ipynb?learner=Cy")
    assert status == 200
    (kernel,) = {k["id"] for k in json.loads(mallory.call("api/kernels")[1])}
    _answer(server.folder, kernel, "04.fits-on-death", "Trump 3", False)
    _answer(server.folder, "00000000-0000-4000-8000-000000000000", "04.fits-on-death", "forged", True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        lines = {s["name"]: s for s in dashboard(teacher)["students"]}
        if lines["Mallory"]["lessons"]:
            break
        time.sleep(0.5)
    assert lines["Mallory"]["lessons"]["04"]["answers"] == 1 and lines["Cy"]["lessons"] == {}
    (mine,) = json.loads(mallory.call("tarot/name/api")[1])["progress"]        # her own line, on the class page
    assert (mine["lesson"], mine["solved"], mine["first_try"]) == ("04", 0, 0) and mine["total"] > 0
    assert json.loads(cy.call("tarot/name/api")[1])["progress"] == []
    # the server's record of whose the kernel is, which the kernel reads (the challenge's name)
    owner = (server.folder / "owners" / kernel).read_text()
    assert Roster(ClassStore(server.folder)).student_of_browser(owner).name == "Mallory"
    (exercise,) = dashboard(teacher)["exercises"]
    assert (exercise["wrong"], exercise["solved"]) == ("Trump 3", 0)        # the unowned kernel's is dropped
    rows = list(csv.DictReader(io.StringIO(teacher.call("tarot/teacher/dashboard.csv")[1])))
    assert {r["name"] for r in rows} == {s["name"] for s in dashboard(teacher)["students"]}
    assert next(r for r in rows if r["name"] == "Mallory")["lesson 04 solved"] == "0"


async def _sit_by_socket(client: Client, table_id: str, name: str) -> dict:
    """Open the table's socket as its page does, asking for a seat under ``name``; the first answer."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    cookies = "; ".join(f"{c.name}={c.value}" for c in client.jar)
    url = client.server.base.replace("http", "ws", 1) + f"tarot/tables/{table_id}/socket?name={name}"
    socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}))
    try:
        return json.loads(await asyncio.wait_for(socket.read_message(), 10))
    finally:
        socket.close()


def test_a_table_seats_each_browser_under_its_roster_name_only(server):
    dora, fay, grace, ivy = student(server), student(server), student(server), student(server)
    dora.call("tarot/name/api", {"name": "Dora"}, json_body=True)
    ivy.call("tarot/name/api", {"name": "Ivy"}, json_body=True)          # on the class list, at no table
    status, body = dora.call("tarot/tables/api", {"name": "Queen of Cups", "options": {"players": 3}}, json_body=True)
    assert status == 200 and json.loads(body)["name"] == "Dora"           # her roster name, whatever was sent
    table = json.loads(body)["id"]
    status, body = fay.call("tarot/tables/api/join", {"id": table, "name": "DORA"}, json_body=True)
    assert status == 400 and "taken by another browser" in json.loads(body)["error"]
    assert asyncio.run(_sit_by_socket(grace, table, "IVY")) == {
        "error": "Ivy is taken by another browser: pick another name, or ask your teacher to free it", "fatal": True}
    assert "already sits" in asyncio.run(_sit_by_socket(grace, table, "dora"))["error"]
    status, body = fay.call("tarot/tables/api/join", {"id": table, "name": "Fay"}, json_body=True)
    assert status == 200 and json.loads(body)["name"] == "Fay"
    assert json.loads(fay.call("tarot/name/api")[1])["name"] == "Fay"     # typed at the table: her roster name
    status, body = fay.call("tarot/tables/api/join", {"id": table, "name": "Grace"}, json_body=True)
    assert json.loads(body).get("name") != "Grace"                         # one browser, one name
    assert json.loads(grace.call("tarot/name/api")[1])["name"] is None


def test_the_answers_of_the_last_seconds_are_filed_as_the_server_stops(tmp_path):
    s = ClassServer(tmp_path / "class", free_port())
    try:
        s.start()
        ida = student(s)
        ida.call("tarot/name/api", {"name": "Ida"}, json_body=True)
        assert ida.call("voila/render/classroom.ipynb")[0] == 200
        (kernel,) = {k["id"] for k in json.loads(ida.call("api/kernels")[1])}
        _answer(s.folder, kernel, "04.fits-on-death", "Trump 9", False)
    finally:
        s.stop()                              # at once: no filing round has come yet
    roster = Roster(ClassStore(s.folder))
    (ida_line,) = roster.students()
    assert [(e[0], e[3]) for e in roster.events()] == [(ida_line.id, "Trump 9")]
    assert not (s.folder / "owners" / kernel).exists()          # the record goes with the kernel


TEACHER_PAGES = ("tarot/teacher/dashboard", "tarot/challenge/teacher")
TEACHER_APIS = ("tarot/teacher/dashboard/api", "tarot/challenge/teacher/api")
LOGIN_FORM = 'action="/tarot/challenge/teacher/login"'


def _teacher_answers(client: Client) -> list[tuple[int, bool, str]]:
    """Each teacher page's and API's status, whether it shows the login form, and an API's error line."""
    answers = []
    for path in TEACHER_PAGES + TEACHER_APIS:
        status, body = client.call(path)
        error = json.loads(body).get("error", "") if path.endswith("/api") and status != 200 else ""
        answers.append((status, LOGIN_FORM in body, error))
    return answers


def test_both_teacher_pages_check_the_teachers_password_alike(server):
    missing, wrong, right = student(server), student(server), student(server)
    status, body = wrong.call("tarot/challenge/teacher/login", {"password": server.teacher + "x"})
    assert status == 403 and "That is not the teacher" in body
    assert right.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    refused = "the teacher's password is needed for this page"
    for client in (missing, wrong):                 # no teacher cookie: the login form, and one JSON line
        assert _teacher_answers(client) == [(403, True, ""), (403, True, ""), (403, False, refused),
                                            (403, False, refused)]
    assert _teacher_answers(right) == [(200, False, "")] * 4
    assert "The dashboard needs the teacher" in missing.call(TEACHER_PAGES[0])[1]


class _Page:
    """Stands for a handler: its class's teacher password, whether its cookie is the teacher's, and
    the page it answered with."""

    def __init__(self, digest: str | None, teacher: bool) -> None:
        self.classroom = type("Class", (), {"teacher_digest": lambda _: digest})()
        self.teacher, self.answered = teacher, None

    def is_teacher(self) -> bool:
        return self.teacher

    def page(self, template: str, title: str, styles: tuple[str, ...], status: int, message: str) -> None:
        self.answered = (template, status, message)


@pytest.mark.parametrize("digest, teacher, expected", [
    (None, False, ("teacher_login.html", 403, NO_TEACHER_PASSWORD)),
    (None, True, ("teacher_login.html", 403, NO_TEACHER_PASSWORD)),      # an old cookie, no password now
    ("d", False, ("teacher_login.html", 403, "log in first")),
    ("d", True, None),
])
def test_the_teacher_check_answers_with_the_login_form_unless_the_teacher_is_there(digest, teacher, expected):
    handler = _Page(digest, teacher)
    assert ClassHandler.teacher_or_login(handler, "Title", (), "log in first") is (expected is None)  # type: ignore[arg-type]
    assert handler.answered == expected
