"""Every table of ``class.sqlite``, as each feature's numbered list of forward migrations.

A step is SQL (one or more statements) or a function of the open transaction, for a change SQL
cannot write (hashing keys kept in clear).  Steps are only ever appended: a file records in
``schema_version`` how many of each feature's steps it has, and the store runs the rest in order.

The shared tables' first step uses ``IF NOT EXISTS``: files written before the tables had
migrations already hold those tables, and the step adopts them as they are.
"""

from __future__ import annotations

import sqlite3
from typing import Callable, Union

from tarot_learn import results
from tarot_learn.classroom.model.keys import hash_any
from tarot_learn.classroom.model.leaderboard import cards_home
from tarot_learn.errors import SaveError

__all__ = ["Step", "MIGRATIONS", "CHALLENGE", "TABLES", "ROSTER"]

Step = Union[str, Callable[[sqlite3.Connection], None]]

def _key_games_by_moves(db: sqlite3.Connection) -> None:
    """Results were told apart by their code's text: key them by deal and moves as played, and drop
    a later copy of a game already handed in under another encoding (it never should have counted)."""
    seen: set[tuple[int, str]] = set()
    for row_id, challenge_id, code in db.execute("SELECT id, challenge_id, code FROM challenge_results "
                                                 "ORDER BY id").fetchall():
        try:
            key = results.game_key(results.verify(code))
        except SaveError:
            continue                      # kept as it was: the teacher's CSV still shows it
        if (challenge_id, key) in seen:
            db.execute("DELETE FROM challenge_results WHERE id = ?", (row_id,))
            continue
        seen.add((challenge_id, key))
        db.execute("UPDATE OR IGNORE challenge_results SET code_key = ? WHERE id = ?", (key, row_id))


def _results_know_cards_home(db: sqlite3.Connection) -> None:
    """Unfinished results are ranked by cards home: count them for the results already kept."""
    db.execute("ALTER TABLE challenge_results ADD COLUMN home INTEGER NOT NULL DEFAULT 0")
    for row_id, code in db.execute("SELECT id, code FROM challenge_results").fetchall():
        try:
            home = cards_home(results.verify(code).state)
        except SaveError:
            continue
        db.execute("UPDATE challenge_results SET home = ? WHERE id = ?", (home, row_id))


CHALLENGE: list[Step] = [
    """
    CREATE TABLE challenges (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, options TEXT NOT NULL,
        deal_code TEXT NOT NULL, time_limit REAL NOT NULL, started REAL NOT NULL, ended REAL);
    CREATE TABLE challenge_players (challenge_id INTEGER NOT NULL, name TEXT NOT NULL, joined REAL NOT NULL,
        PRIMARY KEY (challenge_id, name));
    CREATE TABLE challenge_results (id INTEGER PRIMARY KEY AUTOINCREMENT, challenge_id INTEGER NOT NULL,
        name TEXT NOT NULL, moves INTEGER NOT NULL, won INTEGER NOT NULL, seconds REAL NOT NULL,
        submitted REAL NOT NULL, code TEXT NOT NULL, code_key TEXT NOT NULL,
        UNIQUE (challenge_id, code_key));
    CREATE INDEX challenge_results_by_challenge ON challenge_results (challenge_id);
    """,
    # The digest of the key of the page that holds each name ('' : nobody holds it).
    "ALTER TABLE challenge_players ADD COLUMN key TEXT NOT NULL DEFAULT ''",
    _key_games_by_moves,
    _results_know_cards_home,
    # A challenge that fits a period: the solver's line of its deal ('' : not searched), each
    # player's progress (a partial game proved by replay, ranked when time runs out), how many
    # times a freed name was taken again (a new page starts a fresh board), and the presenter's
    # tickets (the digest of a link the teacher's page opened, and what it shows).
    """
    ALTER TABLE challenges ADD COLUMN line TEXT NOT NULL DEFAULT '';
    ALTER TABLE challenge_players ADD COLUMN seat INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE challenge_progress (challenge_id INTEGER NOT NULL, name TEXT NOT NULL, moves INTEGER NOT NULL,
        home INTEGER NOT NULL, seconds REAL NOT NULL, saved REAL NOT NULL, code TEXT NOT NULL,
        PRIMARY KEY (challenge_id, name));
    CREATE TABLE presentations (ticket TEXT PRIMARY KEY, what TEXT NOT NULL, made REAL NOT NULL);
    """,
]


def _hash_seat_keys(db: sqlite3.Connection) -> None:
    """Seat keys were kept in clear: keep their digests, so the pages holding them still match."""
    for table_id, name, key in db.execute("SELECT table_id, name, key FROM shared_keys").fetchall():
        db.execute("UPDATE shared_keys SET key = ? WHERE table_id = ? AND name = ?", (hash_any(key), table_id, name))


TABLES: list[Step] = [
    """
    CREATE TABLE IF NOT EXISTS shared_tables (id TEXT PRIMARY KEY, state TEXT NOT NULL, updated REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS shared_games (id INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL,
        finished REAL NOT NULL, players INTEGER NOT NULL, names TEXT NOT NULL, sheet TEXT NOT NULL,
        cancelled INTEGER NOT NULL, xp TEXT NOT NULL, chips TEXT NOT NULL, bank INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS shared_ranking (name TEXT PRIMARY KEY, xp INTEGER NOT NULL DEFAULT 0,
        chips INTEGER NOT NULL DEFAULT 0, games INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS shared_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS shared_keys (table_id TEXT NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL,
        PRIMARY KEY (table_id, name));
    """,
    _hash_seat_keys,
    # Who opened each table (a digest of the browser's identity): the per-browser quota.
    "CREATE TABLE shared_owners (table_id TEXT PRIMARY KEY, owner TEXT NOT NULL)",
    # Each seat's browser (a digest of its identity): one person, one seat; the tables' chat; the
    # badges each name has earned at the class's tables.
    """
    CREATE TABLE shared_seat_owners (table_id TEXT NOT NULL, name TEXT NOT NULL, owner TEXT NOT NULL,
        PRIMARY KEY (table_id, name));
    CREATE TABLE shared_chat (id INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL, name TEXT NOT NULL,
        text TEXT NOT NULL, sent REAL NOT NULL);
    CREATE INDEX shared_chat_by_table ON shared_chat (table_id, id);
    CREATE TABLE shared_badges (name TEXT NOT NULL, badge TEXT NOT NULL, table_id TEXT NOT NULL,
        earned REAL NOT NULL, PRIMARY KEY (name, badge));
    """,
]

# The roster: each student once (``name_key``, the case-folded name, is unique), the browsers bound to
# them (a digest of the server-made identity; ``active`` 0 once the teacher frees the name), and what
# their lesson and drill pages answered, filed by the server under the browser that owned the kernel.
ROSTER: list[Step] = [
    """
    CREATE TABLE roster_students (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE, added REAL NOT NULL);
    CREATE TABLE roster_browsers (browser TEXT PRIMARY KEY, student_id INTEGER NOT NULL,
        active INTEGER NOT NULL, bound REAL NOT NULL);
    CREATE INDEX roster_browsers_by_student ON roster_browsers (student_id);
    CREATE TABLE learning_events (id INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL UNIQUE,
        browser TEXT NOT NULL, student_id INTEGER, kind TEXT NOT NULL, item TEXT NOT NULL,
        answer TEXT NOT NULL, right INTEGER NOT NULL, at REAL NOT NULL);
    CREATE INDEX learning_events_by_student ON learning_events (student_id);
    CREATE INDEX learning_events_by_browser ON learning_events (browser);
    """,
]

# Every feature of the class file, migrated in this order whenever a store opens it.
MIGRATIONS: dict[str, list[Step]] = {"challenge": CHALLENGE, "tables": TABLES, "roster": ROSTER}
