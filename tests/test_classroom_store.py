"""The class file (tarot_learn.classroom.model.store): WAL, per-feature forward migrations, short write
transactions that many processes share, a restart that loses nothing, and CSV export."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.hall import Hall
from tarot_learn.classroom.model.keys import hash_any
from tarot_learn import results
from tarot_learn.classroom.model.schema import MIGRATIONS
from tarot_learn.classroom.model.store import FILE_NAME, ClassStore, split_statements
from tarot_learn.errors import IllegalMove, SaveError

NOTES = ["CREATE TABLE notes (id INTEGER PRIMARY KEY, who TEXT NOT NULL, n INTEGER NOT NULL)"]


def test_one_file_in_the_class_folder_in_wal_mode(tmp_path):
    store = ClassStore(tmp_path / "class")
    assert store.file == tmp_path / "class" / FILE_NAME and store.file.is_file()
    assert store.read("PRAGMA journal_mode")[0][0] == "wal"
    assert store.read("PRAGMA busy_timeout")[0][0] >= 10_000
    store.close()


def test_migrations_run_once_in_order_and_only_new_steps_later(tmp_path):
    with ClassStore(tmp_path) as store:
        assert store.migrate("notes", NOTES) == 1
        assert store.migrate("notes", NOTES) == 1             # nothing runs twice
        with store.write() as db:
            db.execute("INSERT INTO notes (who, n) VALUES ('Ana', 1)")
    steps = NOTES + ["ALTER TABLE notes ADD COLUMN late INTEGER NOT NULL DEFAULT 0; "
                     "CREATE INDEX notes_by_who ON notes (who);"]
    with ClassStore(tmp_path) as store:
        assert store.migrate("notes", steps) == 2
        assert [tuple(r) for r in store.read("SELECT who, n, late FROM notes")] == [("Ana", 1, 0)]
        assert store.migrate("other", ["CREATE TABLE other_things (x TEXT)"]) == 1
        assert (store.version("notes"), store.version("other"), store.version("unknown")) == (2, 1, 0)


def test_a_file_from_a_newer_version_or_not_a_database_is_refused(tmp_path):
    with ClassStore(tmp_path) as store:
        store.migrate("notes", NOTES + ["CREATE TABLE notes_more (x TEXT)"])
    with ClassStore(tmp_path) as store, pytest.raises(SaveError, match="newer tarot_learn"):
        store.migrate("notes", NOTES)
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / FILE_NAME).write_bytes(b"this is not a database at all, just text " * 100)
    with pytest.raises(SaveError, match="not a class file"):
        ClassStore(junk)


def test_a_failed_write_leaves_nothing(tmp_path):
    with ClassStore(tmp_path) as store:
        store.migrate("notes", NOTES)
        with pytest.raises(sqlite3.IntegrityError):
            with store.write() as db:
                db.execute("INSERT INTO notes (who, n) VALUES ('Ana', 1)")
                db.execute("INSERT INTO notes (who, n) VALUES (NULL, 2)")
        assert store.read("SELECT COUNT(*) FROM notes")[0][0] == 0
        with store.write() as db:                                  # the store is still usable
            db.execute("INSERT INTO notes (who, n) VALUES ('Ben', 3)")
        assert store.read("SELECT who FROM notes")[0][0] == "Ben"


def _writer(folder: str, who: str, count: int) -> int:
    store = ClassStore(folder)
    for n in range(count):
        with store.write() as db:
            last = db.execute("SELECT COALESCE(MAX(n), 0) FROM notes").fetchone()[0]
            db.execute("INSERT INTO notes (who, n) VALUES (?, ?)", (who, last + 1))
    store.close()
    return count


def test_many_processes_write_at_once_and_nothing_is_lost(tmp_path):
    with ClassStore(tmp_path) as store:
        store.migrate("notes", NOTES)
    with concurrent.futures.ProcessPoolExecutor(6) as pool:
        done = list(pool.map(_writer, [str(tmp_path)] * 6, [f"p{i}" for i in range(6)], [40] * 6))
    assert done == [40] * 6
    with ClassStore(tmp_path) as store:
        rows = store.read("SELECT who, n FROM notes ORDER BY n")
    # Each read-then-insert was one transaction: the counter went up by one each time, no gaps.
    assert [r["n"] for r in rows] == list(range(1, 241))
    assert {r["who"] for r in rows} == {f"p{i}" for i in range(6)}


def test_what_was_written_is_there_after_a_restart(tmp_path):
    store = ClassStore(tmp_path)
    store.migrate("notes", NOTES)
    with store.write() as db:
        db.execute("INSERT INTO notes (who, n) VALUES ('Ana', 7)")
    del store                                              # no close: the process just went away
    again = ClassStore(tmp_path)
    assert [tuple(r) for r in again.read("SELECT who, n FROM notes")] == [("Ana", 7)]
    again.close()


def test_csv_export_has_a_header_quotes_and_no_formulas(tmp_path):
    with ClassStore(tmp_path) as store:
        store.migrate("notes", NOTES)
        with store.write() as db:
            db.executemany("INSERT INTO notes (who, n) VALUES (?, ?)",
                           [("Ana, B.", 1), ('say "hi"', 2), ("=HYPERLINK(\"x\")", 3)])
        out = io.StringIO()
        text = store.export_csv("SELECT who, n FROM notes ORDER BY n", out=out)
    assert out.getvalue() == text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows == [["who", "n"], ["Ana, B.", "1"], ['say "hi"', "2"], ["'=HYPERLINK(\"x\")", "3"]]


def test_split_statements_keeps_semicolons_inside_strings():
    assert split_statements("CREATE TABLE a (x TEXT DEFAULT 'a;b'); ;\nCREATE INDEX i ON a (x)") == [
        "CREATE TABLE a (x TEXT DEFAULT 'a;b');", "CREATE INDEX i ON a (x);"]


# ----- a class file written before every table had migrations -----------------------------------
BEFORE = Path(__file__).parent / "data" / "class_before_migrations.sqlite"


def _rows(file: Path) -> dict[str, list[tuple]]:
    db = sqlite3.connect(file)
    query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    tables = [n for (n,) in db.execute(query)]
    rows = {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
    db.close()
    return rows


def test_a_class_file_from_before_opens_with_every_row_kept(tmp_path):
    """``class_before_migrations.sqlite`` was written by the class server of the commit before the
    one store (ClassStore for the challenge, Hall with its own connection and ``CREATE TABLE IF NOT
    EXISTS``): two challenges, players, a result, a finished shared game with points on, an open
    private table and seat keys kept in clear."""
    file = tmp_path / FILE_NAME
    shutil.copyfile(BEFORE, file)
    before = _rows(file)
    assert before["schema_version"] == [("challenge", 2)] and before["shared_keys"]
    with ClassStore(file) as store:
        assert {f: store.version(f) for f in MIGRATIONS} == {f: len(s) for f, s in MIGRATIONS.items()}
        book, hall = ChallengeBook(store), Hall(store)
        first, second = book.get(1), book.current()
        assert (first.game, second.id, second.game) == ("klondike", 2, "tarot-solitaire")
        assert [e.name for e in book.leaderboard(first)] == ["Ana"]
        assert book.players(first) == [("Ana", True), ("Ben", False), ("Zoé", True)]
        assert book.join(first, "Ana", "0a" * 16) == ("Ana", False)      # the same page still holds its name
        assert hall.points_on() and len(hall.games()) == 1 and len(hall.ranking()) == 3
        assert len(hall.tables) == 2
    after = _rows(file)
    # later steps append columns: every column a row had keeps its value
    after = {t: [r[:len(before[t][0])] if before.get(t) else r for r in rows] for t, rows in after.items()}
    for table, rows in before.items():
        if table not in ("schema_version", "shared_keys", "challenge_results"):
            assert after[table] == rows, table
    # results are keyed by their game (deal and moves as played), no longer by their code's text
    assert [r[:-1] for r in after["challenge_results"]] == [r[:-1] for r in before["challenge_results"]]
    assert [r[-1] for r in after["challenge_results"]] == [results.game_key(results.verify(r[-2]))
                                                          for r in before["challenge_results"]]
    assert after["schema_version"] == sorted((feature, len(steps)) for feature, steps in MIGRATIONS.items())
    # seat keys are kept as digests now, and a page presenting its old key gets its seat back
    old = {(t, n): k for t, n, k in before["shared_keys"]}
    assert {(t, n): k for t, n, k in after["shared_keys"]} == {tn: hash_any(k) for tn, k in old.items()}
    with ClassStore(file) as store:
        hall = Hall(store)
        (table_id, name), key = next((tn, k) for tn, k in old.items() if hall.table(tn[0]).seat_of(tn[1]) is not None)
        assert hall.sit(table_id, name, key) == (name, key)
        with pytest.raises(IllegalMove, match="already sits"):
            hall.sit(table_id, name, "0" * 32)


def test_the_class_model_loads_no_server_jupyter_or_widget_library():
    code = ("import sys, tarot_learn.classroom.model.challenge, tarot_learn.classroom.model.hall; "
            "bad = [m for m in ('jupyter_server', 'tornado', 'voila', 'ipywidgets', 'traitlets', 'jinja2', "
            "'tarot_learn.classroom.server', 'tarot_learn.widgets') if m in sys.modules]; assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
