"""The chat of the shared tables: short messages from the players and spectators at one table.

A message is text (NFKC, spaces made single, no control, invisible or direction character, at most
:data:`MAX_CHAT` characters), sent at most :data:`BURST` in a row and then one every
:data:`EVERY` seconds by one browser, and :data:`TABLE_BURST` in a row then one every
:data:`TABLE_EVERY` seconds at one table, whoever sends them (a student who opens sockets under
fresh browser identities still cannot flood a table).  A refusal is one line saying what to fix.
Pages show the text as text, never as markup.  The class file keeps every line (the teacher reads every table's
chat); each table keeps its last :data:`KEPT` lines in memory for the pages that open it.

>>> from tarot_learn.classroom.tables import FakeClock
>>> clock = FakeClock()
>>> chat = Chat(":memory:", clock=clock)
>>> chat.say("t1", "id:a", "Ana", "  hello   <b>all</b> ")["text"]
'hello <b>all</b>'
>>> chat.say("t1", "id:a", "Ana", "x" * 201)
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: a message is at most 200 characters (this one has 201): make it shorter
>>> [line["text"] for line in chat.lines("t1")]
['hello <b>all</b>']
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from pathlib import Path
from typing import Any, Callable

from tarot_learn.classroom.model.pace import Pace
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.errors import OptionError

__all__ = ["Chat", "check_text", "MAX_CHAT", "EVERY", "BURST", "KEPT", "TABLE_BURST", "TABLE_EVERY"]

MAX_CHAT = 200      # characters in one message
EVERY = 2.0         # seconds between messages of one browser, once its burst is spent
BURST = 3           # messages one browser may send in a row
KEPT = 50           # lines a table's page receives when it opens
TABLE_BURST = 10    # lines one table takes in a row, from all its pages together
TABLE_EVERY = 0.5   # seconds between a table's lines once that burst is spent


def check_text(text: object) -> str:
    """``text`` as the table shows it, or :class:`OptionError` in one line."""
    if not isinstance(text, str):
        raise OptionError("a message is text")
    if len(text) > 4 * MAX_CHAT:
        raise OptionError(f"a message is at most {MAX_CHAT} characters (this one has {len(text)}): make it shorter")
    shown = " ".join(unicodedata.normalize("NFKC", text).split())
    bad = next((c for c in shown if unicodedata.category(c) in ("Cf", "Cc", "Cn", "Co", "Cs")), None)
    if bad is not None:
        raise OptionError(f"a message cannot hold an invisible or control character (U+{ord(bad):04X})")
    if not shown:
        raise OptionError("the message is empty: type something first")
    if len(shown) > MAX_CHAT:
        raise OptionError(f"a message is at most {MAX_CHAT} characters (this one has {len(shown)}): make it shorter")
    return shown


class Chat:
    """Every table's chat in one class (kept in its :class:`ClassStore`), and the class's switch."""

    def __init__(self, store: ClassStore | str | Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store if isinstance(store, ClassStore) else ClassStore(store)
        self.pace = Pace(every=EVERY, burst=BURST, clock=clock)
        # one table's lines, whoever sends them: fresh browser identities do not flood a table
        self.table_pace = Pace(every=TABLE_EVERY, burst=TABLE_BURST, clock=clock)
        self._recent: dict[str, deque[dict[str, Any]]] = {}
        row = self.store.read("SELECT value FROM shared_settings WHERE key = 'chat'")
        self.on = not (row and row[0]["value"] == "off")

    def set_on(self, on: bool) -> None:
        """The teacher turns the chat on or off for every table of the class."""
        with self.store.write() as db:
            db.execute("INSERT OR REPLACE INTO shared_settings (key, value) VALUES ('chat', ?)",
                       ("on" if on else "off",))
        self.on = bool(on)

    def say(self, table_id: str, who: str, name: str, text: object) -> dict[str, Any]:
        """``name`` (from the browser ``who``) says ``text`` at ``table_id``; returns the line as
        pages receive it.  Refused in one line when the chat is off, the text is wrong, or too fast."""
        if not self.on:
            raise OptionError("the chat is off in this class: your teacher turned it off")
        shown = check_text(text)
        wait = self.pace.wait(who)
        if wait > 0:
            raise OptionError(f"too fast: wait {wait:.0f} s before your next message")
        wait = self.table_pace.wait(table_id)
        if wait > 0:
            raise OptionError(f"this table's chat is busy: wait {max(1, round(wait))} s, then send it again")
        line, recent = {"name": name, "text": shown, "sent": round(time.time())}, self.lines(table_id)
        with self.store.write() as db:
            db.execute("INSERT INTO shared_chat (table_id, name, text, sent) VALUES (?, ?, ?, ?)",
                       (table_id, name, shown, line["sent"]))
        recent.append(line)
        return line

    def lines(self, table_id: str) -> deque[dict[str, Any]]:
        """The last :data:`KEPT` lines of ``table_id``'s chat, oldest first."""
        got = self._recent.get(table_id)
        if got is None:
            rows = self.store.read("SELECT name, text, sent FROM shared_chat WHERE table_id = ? ORDER BY id DESC "
                                   "LIMIT ?", (table_id, KEPT))
            got = self._recent[table_id] = deque(({"name": r["name"], "text": r["text"], "sent": r["sent"]}
                                                  for r in reversed(rows)), maxlen=KEPT)
        return got

    def forget(self, table_id: str) -> None:
        """A table closed: its lines leave memory (the class file keeps them for the teacher)."""
        self._recent.pop(table_id, None)

    def every_table(self, limit: int = 200) -> list[dict[str, Any]]:
        """Every table's chat for the teacher, the most recently active table first, each with its
        last ``limit`` lines oldest first."""
        tables = self.store.read("SELECT table_id, MAX(id) AS last FROM shared_chat GROUP BY table_id "
                                 "ORDER BY last DESC")
        out = []
        for t in tables:
            rows = self.store.read("SELECT name, text, sent FROM shared_chat WHERE table_id = ? "
                                   "ORDER BY id DESC LIMIT ?", (t["table_id"], limit))
            out.append({"table": t["table_id"], "lines": [dict(r) for r in reversed(rows)]})
        return out
