"""The class's SQLite file: one ``class.sqlite`` in the class folder, shared by every process.

The class server and every student's kernel open the same file, so it is in WAL mode (readers
never wait for the writer), every connection waits up to ``timeout`` seconds for a busy lock
instead of failing, and every write is one short ``BEGIN IMMEDIATE`` transaction.  :func:`connect`
is the only place a connection is made.  Each feature (the challenge, the shared tables) keeps its
own tables and its own numbered list of forward migrations (:mod:`.schema`), recorded in the
``schema_version`` table; opening a store brings every feature up to date.

>>> import tempfile
>>> store = ClassStore(tempfile.mkdtemp())
>>> store.version("challenge") == len(MIGRATIONS["challenge"])
True
>>> store.migrate("notes", ["CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)",
...                         "ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT ''"])
2
>>> with store.write() as db:
...     _ = db.execute("INSERT INTO notes (text, author) VALUES (?, ?)", ("first", "Ana"))
>>> [tuple(r) for r in store.read("SELECT text, author FROM notes")]
[('first', 'Ana')]
>>> store.version("notes"), store.version("nothing yet")
(2, 0)
>>> store.close()
"""

from __future__ import annotations

import contextlib
import csv
import io
import sqlite3
import threading
from pathlib import Path
from typing import IO, Any, Iterator, Sequence

from tarot_learn.classroom.model.schema import MIGRATIONS, Step
from tarot_learn.errors import OptionError, SaveError

__all__ = ["ClassStore", "FILE_NAME", "TIMEOUT", "connect", "split_statements"]

FILE_NAME = "class.sqlite"
TIMEOUT = 30.0          # seconds a connection waits for a busy lock before it fails
MEMORY = ":memory:"     # a store that lives and dies with its process (tests, doctests)
_VERSIONS = "CREATE TABLE IF NOT EXISTS schema_version (feature TEXT PRIMARY KEY, version INTEGER NOT NULL)"


def split_statements(script: str) -> list[str]:
    """The SQL statements of ``script`` (a migration step may hold several), each complete.

    >>> split_statements("CREATE TABLE a (x TEXT DEFAULT ';'); CREATE INDEX i ON a (x);")
    ["CREATE TABLE a (x TEXT DEFAULT ';');", 'CREATE INDEX i ON a (x);']
    """
    statements, current = [], ""
    for piece in script.split(";"):
        current += piece + ";"
        if sqlite3.complete_statement(current):
            if current.strip(" \n\t;"):
                statements.append(current.strip())
            current = ""
    if current.strip(" \n\t;"):
        statements.append(current.strip().rstrip(";"))
    return statements


def connect(file: str, timeout: float = TIMEOUT) -> sqlite3.Connection:
    """The one way into a class file: autocommit (transactions are explicit), shared by threads,
    rows by name, WAL, a busy lock waited for ``timeout`` seconds."""
    db = sqlite3.connect(file, timeout=timeout, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    db.execute("PRAGMA journal_mode = WAL")
    return db


def _file_of(path: str | Path) -> str:
    """The database file of ``path``: a ``.sqlite`` file, ``":memory:"``, or a folder (made if missing)."""
    if str(path) == MEMORY:
        return MEMORY
    path = Path(path)
    if path.suffix != ".sqlite":
        path.mkdir(parents=True, exist_ok=True)
        path = path / FILE_NAME
    return str(path)


class ClassStore:
    """The class file under ``path`` (a class folder, made if missing, a ``.sqlite`` file, or
    ``":memory:"``), with every feature's tables migrated up to date.

    One connection per store, shared by the threads of one process behind a lock; open one
    store per process.  A file that is not a database raises :class:`SaveError`.
    """

    def __init__(self, path: str | Path, timeout: float = TIMEOUT) -> None:
        file = _file_of(path)
        self.file = Path(file)
        self._lock = threading.RLock()
        try:
            self._db = connect(file, timeout)
            self._db.execute(_VERSIONS)
        except sqlite3.DatabaseError as err:
            raise SaveError(f"{file} is not a class file ({err}): move it aside and start again") from None
        for feature, steps in MIGRATIONS.items():
            self.migrate(feature, steps)

    # ----- transactions ------------------------------------------------------------------------
    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``) so it never deadlocks a
        reader turned writer; committed on leaving, rolled back on an error.  Keep it short."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one query (a consistent snapshot: WAL readers never wait for a writer)."""
        with self._lock:
            return self._db.execute(sql, tuple(params)).fetchall()

    # ----- schema --------------------------------------------------------------------------------
    def version(self, feature: str) -> int:
        """How many of ``feature``'s migrations this file has (0: none yet)."""
        row = self.read("SELECT version FROM schema_version WHERE feature = ?", (feature,))
        return int(row[0][0]) if row else 0

    def migrate(self, feature: str, steps: Sequence[Step]) -> int:
        """Bring ``feature``'s tables up to ``len(steps)``: step ``i`` (SQL, one or more statements,
        or a function of the open transaction) runs once, in order, each in its own transaction
        with its version number.  Steps are only ever appended.  A file from a newer tarot_learn
        (more steps than known) is refused."""
        if not feature or len(feature) > 40:
            raise OptionError("a feature name is 1 to 40 characters")
        if self.version(feature) == len(steps):      # the usual case: a read, no write lock
            return len(steps)
        for number, step in enumerate(steps, 1):
            with self.write() as db:
                row = db.execute("SELECT version FROM schema_version WHERE feature = ?", (feature,)).fetchone()
                have = int(row[0]) if row else 0
                if have > len(steps):
                    raise SaveError(f"{self.file} was written by a newer tarot_learn ({feature} version {have}, "
                                    f"this one knows {len(steps)}): upgrade tarot_learn")
                if have >= number:
                    continue
                _run(db, step)
                db.execute("INSERT OR REPLACE INTO schema_version (feature, version) VALUES (?, ?)", (feature, number))
        return self.version(feature)

    # ----- export -----------------------------------------------------------------------------
    def export_csv(self, sql: str, params: Sequence[Any] = (), out: IO[str] | None = None) -> str:
        """The rows of ``sql`` as CSV with a header line (written to ``out`` too when given).

        Cells that a spreadsheet would run as a formula (starting ``=``, ``+``, ``-``, ``@``) get
        a leading apostrophe: names come from students."""
        with self._lock:
            cursor = self._db.execute(sql, tuple(params))
            header = [d[0] for d in cursor.description]
            rows = cursor.fetchall()
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        for row in rows:
            writer.writerow([_cell(value) for value in row])
        text = buffer.getvalue()
        if out is not None:
            out.write(text)
        return text

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> "ClassStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _run(db: sqlite3.Connection, step: Step) -> None:
    if callable(step):
        step(db)
        return
    for statement in split_statements(step):
        db.execute(statement)


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value
