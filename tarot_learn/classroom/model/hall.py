"""The hall of shared French Tarot tables: the lobby, what each player is sent, and what is kept.

:class:`Hall` holds every open :class:`~tarot_learn.classroom.tables.Table` of the class, keeps
each one in the class file (:class:`~.store.ClassStore`) after every change, so a server restart
loses no finished deal, writes each finished game with its score sheet, and, when the teacher has
turned the pretend points on, the experience points and chips of FT-49 and FT-50 and the class
ranking (FT-51).

:func:`seat_view` is the one message a player or a spectator receives: built from that seat's
observation only, so two positions that look the same to the seat give byte-identical messages.

>>> from tarot_learn.classroom.tables import FakeClock
>>> hall = Hall(":memory:", clock=FakeClock())
>>> t = hall.create("Ana", {"players": 3, "private": True})
>>> [row["id"] for row in hall.lobby()]           # private tables are joined by code, not listed
[]
>>> hall.join(t.id, "Ben", code=t.code).seat_of("Ben")
1
"""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import Any, Callable

from tarot_learn.classroom.model import keys
from tarot_learn.classroom.model.codes import normal_code
from tarot_learn.classroom.model.levels import TEN, game_badges, level_of
from tarot_learn.classroom.model.names import check_name
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.classroom.rewards import rewards
from tarot_learn.classroom.tables import Table, TableOptions, page_words
from tarot_learn.errors import IllegalMove, OptionError, SaveError

__all__ = ["Hall", "seat_view", "read_table_intent", "MAX_TABLES", "TABLES_PER_BROWSER"]

MAX_TABLES = 200        # open tables: a class never needs more; a script creating tables in a loop is stopped
TABLES_PER_BROWSER = 3  # open tables one browser may have opened at once


class Hall:
    """Every shared table of one class, kept in its :class:`ClassStore` (or a store opened on
    ``path``: a class folder, a ``.sqlite`` file, ``":memory:"`` in tests)."""

    def __init__(self, store: ClassStore | str | Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.store = store if isinstance(store, ClassStore) else ClassStore(store)
        self.tables: dict[str, Table] = {}
        self._standing: dict[str, dict[str, Any] | None] = {}     # name -> level and badges (None: no game yet)
        self._load()

    def _load(self) -> None:
        """Tables saved before a restart come back; a corrupt one is set aside, never fatal."""
        for row in self.store.read("SELECT id, state FROM shared_tables WHERE id NOT LIKE 'unreadable-%'"):
            try:
                self.tables[row["id"]] = Table.from_json(row["state"], clock=self.clock)
            except SaveError:
                with self.store.write() as db:
                    db.execute("UPDATE shared_tables SET id = ? WHERE id = ?", (f"unreadable-{row['id']}", row["id"]))

    # ----- the lobby -----------------------------------------------------------------------------
    def create(self, master: str, options: dict[str, Any] | None = None, owner: str = "") -> Table:
        """A new table whose master is ``master`` (FT-45), opened by the browser ``owner`` (its
        identity, :func:`~.keys.browser`): at most :data:`TABLES_PER_BROWSER` open tables each, and
        :data:`MAX_TABLES` for the class (finished tables make room)."""
        master, options_ = check_name(master), TableOptions.from_dict(options or {})
        mine = keys.hash_any(owner) if owner else ""
        open_tables = [t.id for t in self.tables.values() if not t.game_over()]
        if mine and sum(self._owner(i) == mine for i in open_tables) >= TABLES_PER_BROWSER:
            raise OptionError(f"this browser already has {TABLES_PER_BROWSER} open tables: play or close one first")
        if len(open_tables) >= MAX_TABLES:
            raise OptionError(f"the class already has {MAX_TABLES} open tables: ask your teacher to close some")
        for done in [i for i, t in self.tables.items() if t.game_over()][:max(0, len(self.tables) - MAX_TABLES + 1)]:
            self.close(done)                    # its game and score sheet stay in the class file
        table = Table(secrets.token_hex(4), master, options_, clock=self.clock)
        self.tables[table.id] = table
        self.save(table)
        if mine:
            with self.store.write() as db:
                db.execute("INSERT OR REPLACE INTO shared_owners (table_id, owner) VALUES (?, ?)", (table.id, mine))
                db.execute("INSERT OR REPLACE INTO shared_seat_owners (table_id, name, owner) VALUES (?, ?, ?)",
                           (table.id, table.master, mine))
        return table

    def _owner(self, table_id: str) -> str:
        rows = self.store.read("SELECT owner FROM shared_owners WHERE table_id = ?", (table_id,))
        return rows[0]["owner"] if rows else ""

    def may_close(self, table_id: str, key: str) -> bool:
        """Whether ``key`` is the seat key of ``table_id``'s master (the teacher needs none)."""
        table = self.table(table_id)
        kept = self.store.read("SELECT key FROM shared_keys WHERE table_id = ? AND name = ?", (table.id, table.master))
        return bool(kept) and keys.matches(key, kept[0]["key"])

    def close(self, table_id: str) -> None:
        """Close ``table_id`` for good (the teacher's or its master's word, checked by the caller):
        it leaves the lobby and the class file's open tables; a finished game stays recorded."""
        table = self.table(table_id)
        del self.tables[table.id]
        with self.store.write() as db:
            for sql in ("DELETE FROM shared_tables WHERE id = ?", "DELETE FROM shared_keys WHERE table_id = ?",
                        "DELETE FROM shared_owners WHERE table_id = ?",
                        "DELETE FROM shared_seat_owners WHERE table_id = ?"):
                db.execute(sql, (table.id,))

    def table(self, table_id: str) -> Table:
        try:
            return self.tables[str(table_id)[:16]]
        except KeyError:
            raise OptionError("no such table: it may have closed; go back to the lobby") from None

    def join(self, table_id: str, name: str, code: str = "") -> Table:
        table = self.table(table_id)
        table.sit(check_name(name), code)
        self.save(table)
        return table

    def sit(self, table_id: str, name: str, key: str = "", code: str = "", owner: str = "") -> tuple[str, str]:
        """Seat ``name`` (a newcomer) or give their seat back (``key`` proves it is them, or the
        browser ``owner`` that took the seat asks); returns the name as kept and the seat's key,
        which the page keeps so that only this player can come back to this seat (:mod:`.keys`)."""
        table = self.table(table_id)
        name = table.known_name(name)          # "ben" is Ben, seated as he typed it first
        if table.seat_of(name) is not None:
            known = self.store.read("SELECT key FROM shared_keys WHERE table_id = ? AND name = ?", (table.id, name))
            theirs = bool(owner) and self.seat_owner(table.id, name) == keys.hash_any(owner)
            if not theirs and (not known or not keys.matches(key, known[0]["key"])):
                raise IllegalMove(f"{name} already sits at this table: choose another name", rule="FT-45")
            table.sit(name, code)
            self.save(table)
            return name, key if not theirs else self.new_seat_key(table.id, name)
        table.sit(name, code)
        self.save(table)
        if owner:
            with self.store.write() as db:
                db.execute("INSERT OR REPLACE INTO shared_seat_owners (table_id, name, owner) VALUES (?, ?, ?)",
                           (table.id, name, keys.hash_any(owner)))
        return name, self.new_seat_key(table.id, name)

    # ----- one person, one seat; joining by code ---------------------------------------------------
    def seat_owner(self, table_id: str, name: str) -> str:
        """The digest of the browser that took ``name``'s seat at ``table_id`` ('' : not known)."""
        rows = self.store.read("SELECT owner FROM shared_seat_owners WHERE table_id = ? AND name = ?", (table_id, name))
        return rows[0]["owner"] if rows else ""

    def seats_of(self, table_id: str, owner: str) -> list[str]:
        """The names the browser ``owner`` seated at ``table_id``, in the order they sat."""
        rows = self.store.read("SELECT name FROM shared_seat_owners WHERE table_id = ? AND owner = ? ORDER BY rowid",
                               (table_id, keys.hash_any(owner)))
        return [r["name"] for r in rows]

    def shared_seats(self, table_id: str) -> bool:
        """Whether one browser holds two seats or more at ``table_id``: its games then score nothing."""
        rows = self.store.read("SELECT 1 FROM shared_seat_owners WHERE table_id = ? GROUP BY owner HAVING COUNT(*) > 1",
                               (table_id,))
        return bool(rows)

    def by_code(self, code: object) -> Table:
        """The open private table whose invitation code is ``code`` (typed: case, spaces and dashes
        do not matter)."""
        typed = normal_code(code)
        for table in self.tables.values():
            if table.code and not table.game_over() and secrets.compare_digest(normal_code(table.code), typed):
                return table
        raise OptionError("no open table has this code: check it with the table's master")

    def tables_of(self, owner: str) -> list[dict[str, Any]]:
        """The open tables, private ones included, where the browser ``owner`` holds a seat (its
        lobby lists them, with ``master`` true where it holds the master's seat)."""
        mine = keys.hash_any(owner)
        rows = self.store.read("SELECT table_id, name FROM shared_seat_owners WHERE owner = ?", (mine,))
        held: dict[str, set[str]] = {}
        for r in rows:
            held.setdefault(r["table_id"], set()).add(r["name"])
        tables = [self.tables[i] for i in held if i in self.tables and not self.tables[i].game_over()]
        return [{**_lobby_row(t), "yours": sorted(held[t.id]), "is_master": t.master in held[t.id]} for t in tables]

    def closes(self, table_id: str, owner: str) -> bool:
        """Whether the browser ``owner`` holds ``table_id``'s master seat (and so may close it)."""
        table = self.table(table_id)
        return bool(owner) and self.seat_owner(table.id, table.master) == keys.hash_any(owner)

    def new_seat_key(self, table_id: str, name: str) -> str:
        """A new key for ``name``'s seat at ``table_id`` (the page that gets it holds the seat)."""
        key = keys.new_key()
        with self.store.write() as db:
            db.execute("INSERT OR REPLACE INTO shared_keys (table_id, name, key) VALUES (?, ?, ?)",
                       (table_id, name, keys.digest(key)))
        return key

    def leave(self, table_id: str, name: str) -> None:
        """``name``'s page is gone: a robot stands in and the seat is held (FT-47)."""
        table = self.table(table_id)
        table.disconnect(name)
        self.save(table)

    def lobby(self) -> list[dict[str, Any]]:
        """The open, public tables: what the lobby lists (private ones are joined by code, FT-48)."""
        return [_lobby_row(t) for t in self.tables.values() if not t.options.private and not t.game_over()]

    def every_table(self) -> list[dict[str, Any]]:
        """Every table the class keeps, private and finished ones too (the teacher's list)."""
        return [_lobby_row(t) for t in self.tables.values()]

    # ----- keeping -------------------------------------------------------------------------------
    def save(self, table: Table) -> None:
        """Keep ``table`` now; a game that just ended is written with its rewards, once, in the
        same transaction."""
        with self.store.write() as db:
            db.execute("INSERT OR REPLACE INTO shared_tables (id, state, updated) VALUES (?, ?, ?)",
                       (table.id, table.to_json(), time.time()))
            if table.game_over() and db.execute("SELECT COUNT(*) FROM shared_games WHERE table_id = ?",
                                                (table.id,)).fetchone()[0] < table.games:
                self._record(db, table)

    def _record(self, db: Any, table: Table) -> None:
        outcome = table.outcome()
        points = db.execute("SELECT value FROM shared_settings WHERE key = 'points'").fetchone()
        doubled = db.execute("SELECT 1 FROM shared_seat_owners WHERE table_id = ? GROUP BY owner HAVING COUNT(*) > 1",
                             (table.id,)).fetchone()
        # one browser at two seats: no points and no chips at this table (the seed's same-address rule)
        got = rewards(outcome) if points and points[0] == "on" and not doubled else None
        names = [s.name or "" for s in table.seats]
        xp = list(got.xp) if got else [0] * len(names)
        chips = list(got.chips) if got else [0] * len(names)
        db.execute("INSERT INTO shared_games (table_id, finished, players, names, sheet, cancelled, xp, "
                   "chips, bank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (table.id, time.time(), outcome.players, json.dumps(names), table.match.sheet.to_json(),
                    int(outcome.cancelled), json.dumps(xp), json.dumps(chips), got.bank if got else 0))
        for seat in outcome.humans if got else ():
            db.execute("INSERT INTO shared_ranking (name, xp, chips, games) VALUES (?, ?, ?, 1) "
                       "ON CONFLICT(name) DO UPDATE SET xp = xp + excluded.xp, "
                       "chips = chips + excluded.chips, games = games + 1",
                       (names[seat], xp[seat], chips[seat]))
        if got and outcome.competitive and not outcome.cancelled:
            self._award(db, table, names, outcome.humans)
        self._standing.clear()

    def _award(self, db: Any, table: Table, names: list[str], humans: Any) -> None:
        """The badges this counted game earns (each name earns a badge once)."""
        earned = game_badges(names, table.match.sheet, humans)
        for seat in humans:
            games = db.execute("SELECT games FROM shared_ranking WHERE name = ?", (names[seat],)).fetchone()
            badges = earned.get(names[seat], set()) | ({"ten_games"} if games and games[0] >= TEN else set())
            for badge in sorted(badges):
                db.execute("INSERT OR IGNORE INTO shared_badges (name, badge, table_id, earned) VALUES (?, ?, ?, ?)",
                           (names[seat], badge, table.id, time.time()))

    def standing(self, names: list[str]) -> dict[str, dict[str, Any]]:
        """Level and badges of each of ``names`` that has any (none while points are off); kept in
        memory until the next game is recorded, so every move's view costs no read."""
        if not self.points_on():
            return {}
        out = {}
        for name in names:
            if name not in self._standing:
                xp = self.store.read("SELECT xp FROM shared_ranking WHERE name = ?", (name,))
                badges = self.store.read("SELECT badge FROM shared_badges WHERE name = ? ORDER BY earned", (name,))
                self._standing[name] = {"level": level_of(xp[0]["xp"]), "badges": [b["badge"] for b in badges]} \
                    if xp else None
            if self._standing[name] is not None:
                out[name] = self._standing[name]
        return out

    def points_on(self) -> bool:
        """Whether the teacher turned the pretend points on (off by default)."""
        row = self.store.read("SELECT value FROM shared_settings WHERE key = 'points'")
        return bool(row and row[0]["value"] == "on")

    def set_points(self, on: bool) -> None:
        with self.store.write() as db:
            db.execute("INSERT OR REPLACE INTO shared_settings (key, value) VALUES ('points', ?)",
                       ("on" if on else "off",))

    def ranking(self) -> list[dict[str, Any]]:
        """The class ranking by experience points, then chips (FT-51), with each name's level and badges."""
        rows = self.store.read("SELECT name, xp, chips, games FROM shared_ranking ORDER BY xp DESC, chips DESC, name")
        badges: dict[str, list[str]] = {}
        for b in self.store.read("SELECT name, badge FROM shared_badges ORDER BY earned"):
            badges.setdefault(b["name"], []).append(b["badge"])
        return [{"name": r["name"], "xp": r["xp"], "chips": r["chips"], "games": r["games"], "level": level_of(r["xp"]),
                 "badges": badges.get(r["name"], [])} for r in rows]

    def games(self) -> list[dict[str, Any]]:
        """Every finished game with its score sheet, newest first."""
        rows = self.store.read("SELECT table_id, names, sheet, cancelled, xp, chips FROM shared_games ORDER BY id DESC")
        return [{"table": r["table_id"], "names": json.loads(r["names"]), "sheet": json.loads(r["sheet"]),
                 "cancelled": bool(r["cancelled"]), "xp": json.loads(r["xp"]), "chips": json.loads(r["chips"])}
                for r in rows]

    def act(self, table_id: str, name: str, message: Any) -> Table:
        """Apply a page's checked intent for ``name``; a refusal raises and changes nothing."""
        intent, table = read_table_intent(message), self.table(table_id)
        kind = intent["kind"]
        if kind == "move":
            table.play(name, intent["move"])
        elif kind == "deal":
            table.next_deal(name)
        elif kind == "robots":
            table.fill_with_robots(name)
        elif kind == "options":
            table.set_options(name, **intent["options"])
        elif kind == "propose_end":
            table.propose_end(name)
        elif kind == "accept_end":
            table.accept_end(name)
        else:
            table.refuse_end(name)
        self.save(table)
        return table

    def tick(self) -> list[Table]:
        """Run the server's clock on every table; returns the tables that changed."""
        changed = [t for t in self.tables.values() if t.started and t.tick()]
        for table in changed:
            self.save(table)
        return changed


def _lobby_row(t: Table) -> dict[str, Any]:
    return {"id": t.id, "master": t.master, "players": t.options.players, "private": t.options.private,
            "seated": [s.name for s in t.seats if s.name], "started": t.started,
            "spectators": t.options.spectators, "rounds": t.options.rounds, "competitive": t.options.competitive}


def seat_view(table: Table, name: str | None) -> dict[str, Any]:
    """Everything ``name`` (or a spectator, ``None``) may see of ``table``, as JSON-able data."""
    seat = table.seat_of(name) if name else None
    obs = table.observation(name)
    my_turn = seat is not None and table.started and table.match.in_progress and table.match.deal.to_play == seat
    left = max(0, round(table.deadline - table.clock())) if table.deadline is not None and my_turn else None
    return {
        "table": table.id, "you": seat, "master": table.master, "is_master": name == table.master,
        "code": table.code if name == table.master else "",
        "options": dict(vars(table.options)), "pending": table.pending is not None,
        "seats": [{"name": s.name, "robot": s.robot, "held": s.held_until is not None,
                   "abandoned": s.abandoned} for s in table.seats],
        "started": table.started, "obs": obs.to_json() if obs is not None else None,
        "moves": len(table.match.deal.history) if table.started else 0,
        "actions": [str(m) for m in table.match.deal.legal_moves()] if my_turn else [],
        "seconds_left": left, "over": table.game_over(),
        "between_deals": table.started and not table.match.in_progress and not table.game_over(),
        "sheet": _sheet(table) if table.started else None,
        "vote": {"proposer": table.votes.proposer, "accepted": sorted(table.votes.accepted)},
        "voters": sorted(table.voters()),
        **page_words(table, seat, obs),        # cards, moves, the trick just won and the turn in words
    }


def _sheet(table: Table) -> dict[str, Any]:
    sheet = table.match.sheet
    rows = [{"scores": list(r.scores), "practice": r.practice, "result": r.result} for r in sheet.rows]
    return {"names": list(sheet.names), "rows": rows, "totals": list(sheet.totals()), "cancelled": sheet.cancelled}


def read_table_intent(message: Any) -> dict[str, Any]:
    """A page's intent, checked against the small schema; anything else raises one line."""
    kinds = {"move": {"move"}, "deal": set(), "robots": set(), "options": {"options"},
             "propose_end": set(), "accept_end": set(), "refuse_end": set()}
    if not isinstance(message, dict) or not isinstance(message.get("kind"), str) or message["kind"] not in kinds:
        raise IllegalMove("the page sent something the table does not understand; nothing changed", rule="page")
    expected = kinds[message["kind"]] | {"kind"}
    if set(message) != expected:
        raise IllegalMove("the page's message has the wrong fields; nothing changed", rule="page")
    if "move" in message and (not isinstance(message["move"], str) or len(message["move"]) > 200):
        raise IllegalMove("a move is a short text such as 'play T21'", rule="page")
    if "options" in message and not isinstance(message["options"], dict):
        raise IllegalMove("options are a mapping of names to values", rule="page")
    return message
