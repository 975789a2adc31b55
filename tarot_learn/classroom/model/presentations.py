"""What the teacher's presenter shows, behind a ticket only the teacher's page is given.

The teacher's page asks the server to present a student's game (its result code), a challenge's
solver line or a lesson position; the server keeps that choice under the digest of a random ticket
and hands the ticket to the teacher's page, which opens the presenter's page with it.  The
presenter's kernel reads the choice back with the ticket.  A student who opens the presenter's page
has no ticket, so it shows nothing: no game, no line, no deal.

>>> store = ClassStore(":memory:")
>>> ticket = issue(store, {"code": "TLR1.x"}, now=100.0)
>>> read(store, ticket, now=200.0)
{'code': 'TLR1.x'}
>>> read(store, "0" * 32, now=200.0) is None, read(store, ticket, now=100.0 + TICKET_SECONDS + 1) is None
(True, True)
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from tarot_learn.classroom.model import keys
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.errors import OptionError

__all__ = ["issue", "read", "TICKET_SECONDS"]

TICKET_SECONDS = 12 * 3600      # a presenter's link works for the school day it was opened


def issue(store: ClassStore, what: dict[str, Any], now: float | None = None) -> str:
    """A new ticket (32 hex digits) for ``what``; only its digest is kept."""
    ticket = secrets.token_hex(16)
    now = time.time() if now is None else now
    with store.write() as db:
        db.execute("DELETE FROM presentations WHERE made < ?", (now - TICKET_SECONDS,))
        db.execute("INSERT INTO presentations (ticket, what, made) VALUES (?, ?, ?)",
                   (keys.digest(ticket), json.dumps(what, sort_keys=True), now))
    return ticket


def read(store: ClassStore, ticket: str, now: float | None = None) -> dict[str, Any] | None:
    """What ``ticket`` presents, or None (no such ticket, a malformed one, or one too old)."""
    try:
        digest = keys.digest(ticket)
    except OptionError:           # a malformed ticket is simply not one
        return None
    now = time.time() if now is None else now
    rows = store.read("SELECT what, made FROM presentations WHERE ticket = ?", (digest,))
    if not rows or now - float(rows[0]["made"]) > TICKET_SECONDS:
        return None
    return json.loads(rows[0]["what"])
