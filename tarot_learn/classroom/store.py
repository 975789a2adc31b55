"""The class's SQLite file: one ``class.sqlite`` in the class folder, shared by every process.

The class server and every student's kernel open the same file, so it is in WAL mode (readers
never wait for the writer), every connection waits up to ``timeout`` seconds for a busy lock
instead of failing, and every write is one short ``BEGIN IMMEDIATE`` transaction.  Each feature
(the challenge, the shared tables, ...) keeps its own tables and its own numbered list of forward
migrations, recorded in the ``schema_version`` table, so one feature's upgrade never waits for
another's.

>>> import tempfile
>>> store = ClassStore(tempfile.mkdtemp())
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

from tarot_learn.errors import OptionError, SaveError

__all__ = ["ClassStore", "FILE_NAME", "split_statements"]

FILE_NAME = "class.sqlite"
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


class ClassStore:
    """The class file under ``path`` (a class folder, made if missing, or a ``.sqlite`` file).

    One connection per store, shared by the threads of one process behind a lock; open one
    store per process.  A file that is not a database raises :class:`SaveError`.
    """

    def __init__(self, path: str | Path, timeout: float = 30.0) -> None:
        path = Path(path)
        if path.suffix != ".sqlite":
            path.mkdir(parents=True, exist_ok=True)
            path = path / FILE_NAME
        self.file = path
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)
            self._db.row_factory = sqlite3.Row
            self._db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute(_VERSIONS)
        except sqlite3.DatabaseError as err:
            raise SaveError(f"{path} is not a class file ({err}): move it aside and start again") from None

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

    def migrate(self, feature: str, steps: Sequence[str]) -> int:
        """Bring ``feature``'s tables up to ``len(steps)``: step ``i`` (SQL, one or more statements)
        runs once, in order, each in its own transaction with its version number.  Steps are only
        ever appended.  A file from a newer tarot_learn (more steps than known) is refused."""
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
                for statement in split_statements(step):
                    db.execute(statement)
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


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value
