"""The learner's progress file: kept across kernels, one file per learner, atomic, and a broken file
set aside (never deleted) with one line and a fresh start."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tarot_learn import userdata
from tarot_learn.errors import OptionError
from tarot_learn.lessons import kit, progress
from tarot_learn.lessons.progress_view import ProgressPanel


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    monkeypatch.setenv("TAROT_LEARN_LEARNER", "ana")
    return tmp_path


def test_attempts_solved_and_first_try_are_kept():
    progress.record("02.a", False)
    progress.record("02.a", True)
    progress.record("02.a", False)           # a wrong answer after solving does not unsolve
    progress.record("02.b", True)
    kept = progress.load()
    assert kept["02.a"] == {"attempts": 3, "solved": True, "first_try": False}
    assert kept["02.b"] == {"attempts": 1, "solved": True, "first_try": True}


def test_progress_survives_a_kernel_restart(data):
    """Another Python process (a restarted kernel) reads what the first one recorded."""
    ex = kit.Exercise("02.temperance-value", prompt="?", answer=5, rule="TS-5", step="1 + 4.")
    ex.submit(14)
    ex.submit(5)
    code = ("from tarot_learn.lessons import progress; import json; "
            "print(json.dumps(progress.load()['02.temperance-value']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "TAROT_LEARN_DATA": str(data), "TAROT_LEARN_LEARNER": "ana"})
    assert json.loads(out.stdout) == {"attempts": 2, "solved": True, "first_try": False}


def test_two_learners_on_one_machine_do_not_mix():
    progress.record("03.x", True, "Ana")
    progress.record("03.x", False, "Bo")
    assert progress.load("Ana")["03.x"]["solved"] is True
    assert progress.load("Bo")["03.x"] == {"attempts": 1, "solved": False, "first_try": False}
    assert progress.progress_file("Ana") != progress.progress_file("Bo")


def test_the_chosen_name_wins_then_the_environment_then_the_os_user(monkeypatch):
    assert progress.learner() == "ana"
    assert progress.set_learner("  Ana   María ") == "Ana María"
    assert progress.learner() == "Ana María"
    assert progress.progress_file().name == "ana-maria.json"
    monkeypatch.delenv("TAROT_LEARN_LEARNER")
    (progress.progress_file().parent / "learner.json").unlink()
    assert progress.learner()    # the computer's user name
    with pytest.raises(OptionError):
        progress.set_learner("   ")


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b'{"exercises": {"02.a": {"attempts": -1}}}',
                                     b"\xff\xfe\x00", b'{"exercises": []}'])
def test_a_broken_file_is_set_aside_with_one_line_and_a_fresh_start(content, capsys):
    path = progress.progress_file()
    path.write_bytes(content)
    assert progress.load() == {}
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "set aside" not in err and "kept it as" in err, err
    kept = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == content, "the bad file is kept, never deleted"
    assert progress.record("02.a", True)["solved"] and progress.load()["02.a"]["solved"]


def test_a_huge_file_is_not_read(capsys):
    path = progress.progress_file()
    path.write_bytes(b" " * (progress.MAX_BYTES + 1))
    assert progress.load() == {}
    assert "too large" in capsys.readouterr().err


def test_writes_are_atomic_and_leave_no_temporary_files(monkeypatch):
    progress.record("02.a", True)
    before = progress.progress_file().read_bytes()

    def crash(*_):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        entry = progress.record("02.b", False)       # the disk is full: said, not raised
    assert entry["attempts"] == 1
    assert progress.progress_file().read_bytes() == before, "a failed write leaves the old file whole"
    assert not [p for p in progress.progress_file().parent.iterdir() if p.suffix == ".tmp"]
    assert any("not saved" in n for n in progress.notices())


def test_summary_counts_each_lessons_exercises():
    lessons = progress.lesson_exercises()
    two = lessons["02"][1]
    assert two, "lesson 02 has exercises"
    progress.record(two[0], True)
    progress.record(two[1], False)
    line = next(p for p in progress.summary() if p.lesson == "02")
    assert (line.solved, line.total, line.first_try) == (1, len(two), 1)


def test_start_page_panel_uses_a_name_and_shows_the_table():
    panel = ProgressPanel()
    assert panel.name.value == "ana"
    progress.record(progress.lesson_exercises()["02"][1][0], True, "Cleo")
    assert panel.use_name("Cleo") == "Cleo" and progress.learner() == "Cleo"
    total = len(progress.lesson_exercises()["02"][1])
    assert f"1 / {total}" in panel.table.value
    assert panel.use_name("") == "Cleo" and "type a name" in panel.message.value


def test_a_page_address_names_the_learner(monkeypatch):
    """Voila gives its kernel the page's query string: ``?learner=Ana`` keeps Ana's progress apart."""
    progress.set_learner("Shared laptop")
    monkeypatch.setenv("QUERY_STRING", "learner=Dev%20Kaur&theme=dark")
    assert progress.learner() == "Dev Kaur"
    progress.record("04.x", True)
    assert progress.load("Dev Kaur")["04.x"]["solved"] and "04.x" not in progress.load("Shared laptop")
    monkeypatch.setenv("QUERY_STRING", "theme=dark")
    assert progress.learner() == "Shared laptop"


def test_the_static_site_falls_back_to_one_write(monkeypatch):
    """Pyodide's browser-kept /drive may not rename: there the file is written in one go."""
    def no_rename(*_):
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(os, "replace", no_rename)
    monkeypatch.setattr(sys, "platform", "emscripten")
    progress.record("02.a", True)
    monkeypatch.setattr(sys, "platform", "linux")
    assert progress.load()["02.a"]["solved"] is True


def test_on_a_class_server_a_chosen_name_stays_in_its_kernel(monkeypatch, data):
    """Students' kernels share the class folder: one student's chosen name must not rename the others'."""
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(data))
    monkeypatch.setattr(userdata, "_chosen_here", [])
    assert progress.set_learner("Eve") == "Eve" and progress.learner() == "Eve"
    assert not (data / "progress" / "learner.json").exists()
    code = "from tarot_learn.lessons import progress; print(progress.learner())"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "TAROT_LEARN_LEARNER": "ana"}).stdout.strip()
    assert other == "", "another student's kernel has no name (nothing kept) until its student gives one"


def test_on_a_class_server_no_attempt_is_kept_under_a_shared_name(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(tmp_path))
    monkeypatch.setenv("TAROT_LEARN_LEARNER", "everyone")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(userdata, "_chosen_here", [])
    assert progress.learner() == ""
    progress.record("04.fits-on-death", True)
    assert list((tmp_path / "progress").glob("*.json")) == []
    progress.set_learner("Ana")
    progress.record("04.fits-on-death", True)
    assert progress.load("Ana")["04.fits-on-death"]["solved"]


def test_on_the_class_server_the_panel_sends_the_student_to_the_class_page(monkeypatch, tmp_path):
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(tmp_path))
    panel = ProgressPanel()
    assert panel.box.children == (panel.message,)                  # no name box, no empty table
    assert "typed once on the" in panel.message.value and "href='../../tarot/'" in panel.message.value
    assert "which names you" not in panel.message.value
    panel.use_name("Cleo")
    assert "There is no name to type here" in panel.message.value
