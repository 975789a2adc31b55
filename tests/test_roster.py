"""The roster, the kernels' journal and the class dashboard, without a server."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tarot_learn import userdata
from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.dashboard import Dashboard, build, to_csv
from tarot_learn.classroom.model.journal import Journal
from tarot_learn.classroom.model.roster import Roster, browser_digest, parse_names
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.errors import OptionError
from tarot_learn.lessons import progress

ADA, BEN, CY = "a" * 32, "b" * 32, "c" * 32
LESSONS = {"04": ("Tarot Solitaire", ["04.one", "04.two"]), "07": ("French Tarot", ["07.one"])}


def answer(item: str, given: str, right: bool, at: float, kind: str = "exercise") -> dict:
    return {"event": f"k-{item}-{given}-{at}", "kind": kind, "item": item, "answer": given, "right": right, "at": at}


@pytest.fixture
def roster(tmp_path) -> Roster:
    return Roster(ClassStore(tmp_path / "class"), clock=lambda: 1000.0)


def test_a_name_is_one_student_whatever_its_case_and_belongs_to_one_browser(roster):
    ben = roster.claim(BEN, "Ben")
    assert roster.claim(BEN, " BEN ") == ben                       # the same browser, typed again
    with pytest.raises(OptionError, match="taken by another browser"):
        roster.claim(ADA, "ben")
    with pytest.raises(OptionError, match="already Ben"):
        roster.claim(BEN, "Benjamin")
    assert [s.name for s in roster.students()] == ["Ben"]
    assert roster.student_of(BEN) == ben and roster.student_of(ADA) is None


def test_bad_names_are_refused_in_one_line(roster):
    for bad in ("", "x" * 41, "Ana\u200b", None, 7):
        with pytest.raises(OptionError) as err:
            roster.claim(ADA, bad)
        assert "\n" not in str(err.value)


def test_a_loaded_list_is_claimed_by_the_first_browser_that_types_a_name(roster):
    names = parse_names("name\nAda\n\nBen\n ben \nCy,extra column\n")
    assert names == ["Ada", "Ben", "ben", "Cy"]
    added, refused = roster.add(names)
    assert added == ["Ada", "Ben", "Cy"] and refused == ["ben: already in the class as Ben"]
    assert not any(s.bound for s in roster.students())
    assert roster.claim(BEN, "BEN").name == "Ben"                 # shown as loaded
    assert [s.bound for s in roster.students()] == [False, True, False]


def test_free_lets_the_next_browser_take_the_name_with_its_answers(roster):
    ben = roster.claim(BEN, "Ben")
    roster.file(BEN, [answer("04.one", "7", False, 10)])
    roster.free(ben.id)
    assert roster.student_of(BEN) is None
    assert roster.claim(CY, "ben").id == ben.id                  # Ben's new laptop
    roster.file(BEN, [answer("04.one", "9", True, 20)])          # the old browser: no longer Ben
    assert [(e[0], e[3]) for e in roster.events()] == [(ben.id, "7")]


def test_answers_before_a_name_join_the_name_the_browser_takes(roster):
    assert roster.file(ADA, [answer("04.one", "7", False, 10)]) == 1
    assert roster.events() == []
    ada = roster.claim(ADA, "Ada")
    assert [e[0] for e in roster.events()] == [ada.id]


def test_filing_keeps_each_answer_once_and_skips_malformed_ones(roster):
    roster.claim(ADA, "Ada")
    good = answer("04.one", "7", False, 10)
    bad = [{"event": "x", "kind": "shell", "item": "04.one", "right": True, "at": 1},
           {"event": "y", "kind": "exercise", "item": "04.one", "right": "yes", "at": 1},
           {"event": "", "kind": "exercise", "item": "04.one", "right": True, "at": 1},
           {"event": "z", "kind": "exercise", "item": "x" * 200, "right": True, "at": 1},
           {"event": "w", "kind": "exercise", "item": "04.one", "right": True, "at": float("inf")}, "text", None]
    assert roster.file(ADA, [good, good, *bad]) == 1
    assert roster.file(ADA, [good]) == 0


def test_rename_merge_and_remove(roster):
    ada, ben = roster.claim(ADA, "Ada"), roster.claim(BEN, "Ben")
    roster.file(ADA, [answer("04.one", "7", False, 10)])
    with pytest.raises(OptionError, match="merge the two"):
        roster.rename(ada.id, "BEN")
    assert roster.rename(ada.id, "Adeline").name == "Adeline"
    merged = roster.merge(ada.id, ben.id)
    assert merged.name == "Ben" and [s.name for s in roster.students()] == ["Ben"]
    assert {e[0] for e in roster.events()} == {ben.id}
    assert roster.student_of(ADA).name == "Ben"                  # Ada's browser now files under Ben
    with pytest.raises(OptionError, match="no such student"):
        roster.free(ada.id)
    with pytest.raises(OptionError, match="two different"):
        roster.merge(ben.id, ben.id)
    roster.remove(ben.id)
    assert roster.students() == [] and roster.events() == []


def test_the_dashboard_counts_first_tries_time_shares_and_the_common_wrong_answer(roster):
    ids = {n: roster.claim(k, n).id for n, k in (("Ada", ADA), ("Ben", BEN), ("Cy", CY))}
    roster.file(ADA, [answer("04.one", "7", False, 0), answer("04.one", "9", True, 60),
                      answer("04.two", "K", True, 1060)])            # a 1000 s pause counts 300
    roster.file(BEN, [answer("04.one", "9", True, 5), answer("07.one", "garde", False, 50)])
    roster.file(CY, [answer("04.one", "7", False, 3), answer("04.one", "8", False, 4),
                     answer("Trump 7", "6", False, 9, kind="drill"), answer("Trump 7", "7", True, 19, kind="drill"),
                     answer("Excuse", "0", False, 29, kind="drill")])
    board = build(roster.students(), roster.events(), LESSONS)
    lines = {s["name"]: s for s in board["students"]}
    assert lines["Ada"]["lessons"]["04"] == {"solved": 2, "first_try": 1, "answers": 3, "seconds": 360.0, "total": 2}
    assert lines["Ben"]["lessons"]["04"]["first_try"] == 1 and lines["Ben"]["lessons"]["07"]["solved"] == 0
    assert lines["Cy"]["lessons"]["04"]["solved"] == 0 and lines["Cy"]["weakest"] == ["Excuse", "Trump 7"]
    exercises = {e["id"]: e for e in board["exercises"]}
    assert exercises["04.one"] == {"id": "04.one", "lesson": "04", "tried": 3, "solved": 2, "share": 0.667,
                                   "wrong": "7", "wrong_count": 2}
    assert [e["id"] for e in board["exercises"]] == ["04.one", "04.two", "07.one"]
    assert board["summary"]["hardest"][0]["id"] == "07.one" and board["summary"]["named"] == 3
    assert set(ids.values()) == {s["id"] for s in board["students"]}


def test_the_gradebook_has_one_row_per_student_and_no_formula(roster):
    roster.claim(ADA, "=cmd|calc")
    roster.claim(BEN, "Ben")
    roster.file(BEN, [answer("04.one", "9", True, 5)])
    rows = list(csv.reader(io.StringIO(to_csv(build(roster.students(), roster.events(), LESSONS)))))
    assert rows[0][:4] == ["name", "lesson 04 solved", "lesson 04 first try", "lesson 04 minutes"]
    assert [r[0] for r in rows[1:]] == ["'=cmd|calc", "Ben"]       # by name, "=" first
    assert rows[2][1:3] == ["1", "1"]


def test_the_dashboard_shows_the_challenge_and_is_rebuilt_only_on_change(roster):
    book = ChallengeBook(roster.store)
    dash = Dashboard(roster, book, lambda: LESSONS)
    roster.claim(ADA, "Ada")
    first = dash.text()
    assert dash.text() is first
    challenge = book.create("tarot-solitaire", {}, "1", 20)
    book.join(challenge, "ADA", "d" * 32)
    assert json.loads(dash.text())["students"][0]["challenge"] == "joined"


def test_the_journal_files_each_kernels_answers_under_its_owner(tmp_path, roster, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(tmp_path / "class"))
    kernels = {"11111111-1111-4111-8111-111111111111": ADA, "22222222-2222-4222-8222-222222222222": None,
               "33333333-3333-4333-8333-333333333333": None}
    alive = {"22222222-2222-4222-8222-222222222222"}
    for kernel in kernels:
        monkeypatch.setattr(userdata, "kernel_id", lambda k=kernel: k)
        assert progress.record("04.one", False, name="Whoever", answer=["Trump 7", "Excuse"]) is not None
    ada = roster.claim(ADA, "Ada")
    owners = {k: v for k, v in kernels.items() if v}
    journal = Journal(tmp_path / "class", roster)
    assert journal.collect(owners, alive.__contains__) == 0                 # moved aside, not read yet
    owners.clear()                                                          # Ada closed her page at once
    assert journal.collect(owners, alive.__contains__) == 1                 # Ada's; the warm one waits
    assert [(e[0], e[2], e[3]) for e in roster.events()] == [(ada.id, "04.one", "Trump 7 Excuse")]
    left = sorted(p.name.split(".")[0] for p in userdata.journal_dir(tmp_path / "class").iterdir())
    assert left == ["22222222-2222-4222-8222-222222222222"]                 # the dead unowned one dropped
    assert journal.known == {}                                              # Ada's kernel filed and gone


def test_no_journal_off_a_class_server_or_outside_a_kernel(tmp_path, monkeypatch):
    monkeypatch.delenv("TAROT_LEARN_CLASS_DIR", raising=False)
    assert userdata.journal({"kind": "exercise", "item": "04.one", "answer": "7", "right": False}) is False
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(tmp_path))
    assert userdata.kernel_id() == ""                                       # pytest is no server's kernel
    assert userdata.journal({"kind": "exercise", "item": "04.one", "answer": "7", "right": False}) is False
    assert not userdata.journal_dir(tmp_path).exists()


# ----- the kernels learn their student from the server: the challenge ----------------------------------
K_BEN, K_EVE, K_NEW = ("44444444-4444-4444-8444-444444444444", "55555555-5555-4555-8555-555555555555",
                       "66666666-6666-4666-8666-666666666666")


def _page_in(kernel: str, book: ChallengeBook, monkeypatch, page_key: str):
    """A challenge page whose kernel is ``kernel``, its page's key sent."""
    from tarot_learn.classroom.challenge_page import ChallengePage

    monkeypatch.setattr(userdata, "kernel_id", lambda: kernel)
    page = ChallengePage(book)
    page.key_widget.receive({"event": "key", "key": page_key})
    return page


def test_the_challenge_plays_under_the_browsers_roster_name_which_no_page_can_change(tmp_path, roster, monkeypatch):
    from tarot_learn.classroom.model.journal import kernel_browser, record_owner

    folder = tmp_path / "class"
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(folder))
    book = ChallengeBook(roster.store)
    challenge = book.create("tarot-solitaire", {}, "1", 20)
    roster.claim(BEN, "Ben")
    record_owner(folder, K_BEN, BEN)                      # what the server writes as it hands the kernels out
    record_owner(folder, K_EVE, "e" * 32)
    record_owner(folder, "../../roster", BEN)             # not a kernel id: nothing written
    assert kernel_browser(folder, "../../roster") is None and not (tmp_path / "roster").exists()
    ben = _page_in(K_BEN, book, monkeypatch, "1" * 32)
    assert ben.player == "Ben" and ben.board is not None and ben.name.value == "Ben"   # nothing typed
    eve = _page_in(K_EVE, book, monkeypatch, "2" * 32)
    assert eve.board is None                              # no roster name yet: Eve types one
    eve.join("BEN")
    assert eve.board is None and "taken by another browser" in eve.status.value
    eve.join("Eve")
    assert eve.player == "Eve" and roster.student_of("e" * 32).name == "Eve"       # bound by the roster's rule
    again = _page_in(K_EVE, book, monkeypatch, "2" * 32)  # Eve reloads and types Ben's name: hers is kept
    again.join("Ben")
    assert again.player == "Eve"
    assert [name for name, _ in book.players(challenge)] == ["Ben", "Eve"]


def test_rename_and_free_in_the_roster_carry_to_the_challenge(tmp_path, roster, monkeypatch):
    from tarot_learn.classroom.model.journal import record_owner
    from tarot_learn.classroom.server.dashboard_web import act

    folder = tmp_path / "class"
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(folder))
    book = ChallengeBook(roster.store)
    challenge = book.create("tarot-solitaire", {}, "1", 20)
    ben_id = roster.claim(BEN, "Ben").id
    record_owner(folder, K_BEN, BEN)
    record_owner(folder, K_NEW, CY)
    page = _page_in(K_BEN, book, monkeypatch, "1" * 32)
    assert act(roster, {"action": "rename", "id": ben_id, "name": "Benjamin"}, book) == "Renamed to Benjamin."
    assert page.stopped() is None and page.player == "Benjamin"
    assert [name for name, _ in book.players(challenge)] == ["Benjamin"]
    assert Dashboard(roster, book, lambda: LESSONS).data()["students"][0]["challenge"] == "joined"
    page.board.on_intent({"event": "press", "name": "draw"})
    assert page.board.state.moves_made == 1               # still Ben's page, under his new name
    act(roster, {"action": "free", "id": ben_id}, book)
    assert "freed the name Benjamin" in page.stopped()
    page.board.on_intent({"event": "press", "name": "draw"})
    assert page.board.state.moves_made == 1 and "freed the name" in page.board.message   # the old page stops
    laptop = _page_in(K_NEW, book, monkeypatch, "3" * 32)
    laptop.join("benjamin")                               # the new laptop takes the name: a fresh board
    assert laptop.player == "Benjamin" and laptop.board is not None and "Welcome back" not in laptop.status.value
    assert book.holds(challenge, "Benjamin", "3" * 32) and not book.holds(challenge, "Benjamin", "1" * 32)


def test_a_freed_browsers_answers_go_nowhere_and_the_last_answers_are_filed_at_shutdown(tmp_path, roster, monkeypatch):
    folder = tmp_path / "class"
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(folder))
    ben = roster.claim(BEN, "Ben")
    roster.free(ben.id)
    assert roster.freed(browser_digest(BEN)) and roster.file(BEN, [answer("04.one", "7", False, 10)]) == 0
    roster.claim(BEN, "Benoît")                           # the old laptop names itself again: files again
    assert not roster.freed(browser_digest(BEN))
    monkeypatch.setattr(userdata, "kernel_id", lambda: K_BEN)
    assert progress.record("04.one", True, name="Whoever", answer="9") is not None
    journal = Journal(folder, roster)
    assert journal.flush({K_BEN: BEN}) == 1               # written a moment ago, filed as the server stops
    assert [(e[0], e[3]) for e in roster.events()] == [(roster.student_of(BEN).id, "9")]
    assert list(userdata.journal_dir(folder).iterdir()) == []


def test_freeing_a_name_in_the_challenge_frees_it_on_the_class_list(roster):
    from tarot_learn.classroom.server.dashboard_web import free_roster_name

    roster.claim(BEN, "Ben")
    assert not free_roster_name(roster, "Nobody") and not free_roster_name(roster, "x" * 500)
    assert roster.student_of(BEN) is not None
    assert free_roster_name(roster, "BEN") and roster.student_of(BEN) is None
    assert roster.claim(CY, "ben").name == "Ben"                 # the new laptop takes it
