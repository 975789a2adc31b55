"""A class challenge: one deal for the whole class, results proved by replay, a leaderboard.

The teacher sets the game, its options, the deal and a time limit.  The deal code stays on the
server (it names the shuffle, so it would show every face-down card): students get a board built
from it and never the code.  A result arrives as a result code (:mod:`tarot_learn.results`), is
replayed against *this* challenge's deal and options (a valid code of another deal is refused),
and is kept in the class file (:class:`~.store.ClassStore`).  Time is counted
by the server, from the moment the student joined (or the challenge started, if later).

A challenge fits a period: the teacher may ask for a deal whose solver line is in a length range
(:mod:`.challenge_deals`) and sees the deal code, to use the deal again.  While a student plays, the
page hands in its progress (the game so far, proved by replay like a result); when time runs out,
every student still playing is ranked by it (most cards home, then fewest moves), after the won games.

A name belongs to the page that joined with it first.  Each student's page keeps a random key in
the browser's storage and hands it to its kernel; the class file keeps only the key's digest
beside the name (:mod:`.keys`).  Joining or handing in under a name held by another key is refused, so a
classmate cannot post under your name; the same page (reloaded) joins again.  The teacher may free
a name (:meth:`ChallengeBook.free`), for a student who changed laptops.

>>> import tempfile
>>> from tarot_learn import results
>>> from tarot_learn.classroom.model.store import ClassStore
>>> book = ChallengeBook(ClassStore(tempfile.mkdtemp()), clock=lambda: 1000.0)
>>> ch = book.create("klondike", {"draw": "3"}, deal="7", minutes=20)
>>> ch.title
'Klondike (draw 3)'
>>> book.join(ch, "Ana", "0a" * 16)
('Ana', True)
>>> book.join(ch, "Ana", "1b" * 16)            # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: Ana is already playing this challenge on another page: ...
>>> book.submit(ch, "Ana", results.result_code(ch.new_state()), "0a" * 16)
Traceback (most recent call last):
...
tarot_learn.errors.SaveError: this game is not finished (0 moves): play on until it is won or no move is left
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tarot_learn import games
from tarot_learn.classroom.model import keys
from tarot_learn.classroom.model.challenge_deals import choose_deal, patience_games
from tarot_learn.classroom.model.leaderboard import Entry, cards_home, game_fingerprint, judge, ordered
from tarot_learn.classroom.model.names import check_name, name_key
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.core import State
from tarot_learn.errors import OptionError, SaveError

__all__ = ["Challenge", "ChallengeBook", "open_book", "patience_games", "board_json", "teacher_json", "MAX_MINUTES",
           "CLASS_DIR_ENV", "HISTORY"]

MAX_MINUTES = 240
HISTORY = 30                                 # past challenges the teacher's page lists
CLASS_DIR_ENV = "TAROT_LEARN_CLASS_DIR"      # the class folder, exported to kernels by the launcher


@dataclass(frozen=True)
class Challenge:
    """One challenge as stored; ``deal_code`` never leaves the server."""

    id: int
    game: str
    options: dict[str, Any]
    deal_code: str
    time_limit: float
    started: float
    ended: float | None = None
    line: tuple[str, ...] = ()          # the solver's winning line (empty: not searched)

    @property
    def title(self) -> str:
        """The game and the options that differ from the game's defaults (no deal code)."""
        changed = [f"{o.name.replace('_', ' ')} {str(self.options[o.name]).replace('_', ' ')}"
                   for o in games.options(self.game)
                   if o.name in self.options and self.options[o.name] != o.default]
        name = games.get(self.game).title
        return f"{name} ({', '.join(changed)})" if changed else name

    @property
    def closes(self) -> float:
        """When results stop being taken (the time limit, or the moment the teacher ended it)."""
        limit = self.started + self.time_limit
        return limit if self.ended is None else min(limit, self.ended)

    def seconds_left(self, now: float) -> float:
        return max(0.0, self.closes - now)

    def describe(self, now: float) -> str:
        """One line for the class: the game and the time left."""
        left = self.seconds_left(now)
        when = f"{int(left // 60)} min {int(left % 60):02d} s left" if left else "closed"
        return f"Challenge {self.id}: {self.title}, {when}"

    def new_state(self) -> State:
        """A fresh deal of the challenge (the board the students get)."""
        return games.from_code(self.deal_code)

    @classmethod
    def from_row(cls, row: Any) -> "Challenge":
        line = row["line"] if "line" in row.keys() else ""
        return cls(int(row["id"]), row["game"], json.loads(row["options"]), row["deal_code"],
                   float(row["time_limit"]), float(row["started"]),
                   None if row["ended"] is None else float(row["ended"]), tuple(line.split(";")) if line else ())


def _checked_options(game: str, options: dict[str, Any] | None) -> dict[str, Any]:
    if game not in patience_games():
        raise OptionError(f"a challenge plays one of {', '.join(patience_games())}, not {str(game)[:40]!r}")
    if options is not None and not isinstance(options, dict):
        raise OptionError("the options are a set of names and values")
    known = {o.name for o in games.options(game)}
    unknown = sorted(set(options or {}) - known)
    if unknown:
        raise OptionError(f"{games.get(game).title} has no option {str(unknown[0])[:40]!r}; its options are "
                          f"{', '.join(sorted(known))}")
    return dict(options or {})


class ChallengeBook:
    """The challenges of one class, kept in its :class:`ClassStore` (``clock``: seconds, epoch)."""

    def __init__(self, store: ClassStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # ----- the teacher ----------------------------------------------------------------------------
    def create(self, game: str, options: dict[str, Any] | None = None, deal: str = "",
               minutes: float = 20, lines: Any = None) -> Challenge:
        """A new challenge, which becomes the current one (the previous one ends); ``lines``: a
        solver line length range ``(shortest, longest)``, which searches a winnable deal that fits."""
        options = _checked_options(game, options)
        try:
            minutes = float(minutes)
        except (TypeError, ValueError):
            raise OptionError(f"the time limit is a number of minutes from 1 to {MAX_MINUTES}") from None
        if not 1 <= minutes <= MAX_MINUTES:
            raise OptionError(f"the time limit is a number of minutes from 1 to {MAX_MINUTES}")
        pick = choose_deal(game, options, deal, lines)
        state, now = pick.state, self.clock()
        with self.store.write() as db:
            db.execute("UPDATE challenges SET ended = ? WHERE ended IS NULL", (now,))
            cursor = db.execute(
                "INSERT INTO challenges (game, options, deal_code, time_limit, started, line) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (state.name, json.dumps(state.options, sort_keys=True), state.deal_code, minutes * 60, now,
                 ";".join(pick.line)))
            new_id = cursor.lastrowid
        return self.get(int(new_id))

    def end(self, challenge: Challenge) -> Challenge:
        """Stop taking results for ``challenge`` now."""
        with self.store.write() as db:
            db.execute("UPDATE challenges SET ended = ? WHERE id = ? AND ended IS NULL", (self.clock(), challenge.id))
        return self.get(challenge.id)

    def get(self, challenge_id: int) -> Challenge:
        rows = self.store.read("SELECT * FROM challenges WHERE id = ?", (int(challenge_id),))
        if not rows:
            raise OptionError(f"there is no challenge {challenge_id}: the teacher may have started a new one")
        return Challenge.from_row(rows[0])

    def current(self) -> Challenge | None:
        """The latest challenge (open or closed), None before the first one."""
        rows = self.store.read("SELECT * FROM challenges ORDER BY id DESC LIMIT 1")
        return Challenge.from_row(rows[0]) if rows else None

    def history(self, limit: int = HISTORY) -> list[tuple[Challenge, int, int]]:
        """The latest challenges, newest first, each with how many joined and how many won."""
        rows = self.store.read(
            "SELECT c.*, (SELECT COUNT(*) FROM challenge_players p WHERE p.challenge_id = c.id) AS joined, "
            "(SELECT COUNT(DISTINCT r.name) FROM challenge_results r WHERE r.challenge_id = c.id AND r.won = 1) "
            "AS winners FROM challenges c ORDER BY c.id DESC LIMIT ?", (int(limit),))
        return [(Challenge.from_row(r), int(r["joined"]), int(r["winners"])) for r in rows]

    # ----- the students -------------------------------------------------------------------------
    def join(self, challenge: Challenge, name: str, key: str) -> tuple[str, bool]:
        """Record that ``name`` joined from the page holding ``key`` (32 hex digits the page keeps)
        and start its clock; returns the name as kept and whether this page starts afresh (False:
        this page joined before, and finds its game again).  A name the teacher freed starts
        afresh on the page that takes it (its :meth:`seat` moves on).  A name held by another page
        is refused in one line."""
        name, digest = check_name(name), keys.digest(key)
        with self.store.write() as db:
            rows = db.execute("SELECT name, key FROM challenge_players WHERE challenge_id = ?",
                              (challenge.id,)).fetchall()
            row = _named(rows, name)
            held = next((r["name"] for r in rows if r["key"] == digest and r is not row), None)
            if held is not None:
                raise OptionError(f"this browser already plays this challenge as {held}: one name per browser "
                                  f"(ask your teacher to free {held} to change it)")
            if row is None:
                db.execute("INSERT INTO challenge_players (challenge_id, name, joined, key) VALUES (?, ?, ?, ?)",
                           (challenge.id, name, self.clock(), digest))
                return name, True
            name = row["name"]                  # as the student typed it first
            if row["key"] == digest:
                return name, False
            if row["key"] != "":
                raise OptionError(f"{name} is already playing this challenge on another page: choose another "
                                  "name, or ask your teacher to free it")
            db.execute("UPDATE challenge_players SET key = ?, seat = seat + 1 WHERE challenge_id = ? AND name = ?",
                       (digest, challenge.id, name))
        return name, True

    def seat(self, challenge: Challenge, name: str) -> int:
        """How many times ``name`` was taken again after the teacher freed it (a board's save is
        bound to it, so the page that takes a freed name starts a fresh board)."""
        row = _named(self.store.read("SELECT name, seat FROM challenge_players WHERE challenge_id = ?",
                                     (challenge.id,)), check_name(name))
        return int(row["seat"]) if row is not None else 0

    def holds(self, challenge: Challenge, name: str, key: str | None) -> bool:
        """Whether the page holding ``key`` still holds ``name`` (False once the teacher freed it)."""
        if key is None:
            return False
        row = _named(self.store.read("SELECT name, key FROM challenge_players WHERE challenge_id = ?",
                                     (challenge.id,)), check_name(name))
        return row is not None and row["key"] == keys.digest(key)

    def free(self, challenge: Challenge, name: str) -> bool:
        """Let the next page that joins as ``name`` take it (the teacher's word); whether the name
        had joined.  Its results and its clock stay."""
        name = check_name(name)
        with self.store.write() as db:
            row = _named(db.execute("SELECT name, key FROM challenge_players WHERE challenge_id = ?",
                                    (challenge.id,)).fetchall(), name)
            name = row["name"] if row is not None else name
            cursor = db.execute("UPDATE challenge_players SET key = '' WHERE challenge_id = ? AND name = ?",
                                (challenge.id, name))
            return cursor.rowcount == 1

    def players(self, challenge: Challenge) -> list[tuple[str, bool]]:
        """Each name that joined, in the order they came, and whether a page holds it now."""
        rows = self.store.read("SELECT name, key FROM challenge_players WHERE challenge_id = ? ORDER BY joined, name",
                               (challenge.id,))
        return [(r["name"], bool(r["key"])) for r in rows]

    def submit(self, challenge: Challenge, name: str, code: str, key: str | None = None) -> Entry:
        """Check ``code`` by replay against ``challenge`` and keep it for ``name``; a name a page
        holds takes results only with that page's ``key``.  Refusals are one line
        (:class:`SaveError` or :class:`OptionError`)."""
        name = check_name(name)
        digest = keys.digest(key) if key is not None else ""
        now = self.clock()
        challenge = self.get(challenge.id)          # the teacher may have ended it meanwhile
        if challenge.ended is not None or now >= challenge.closes:
            raise SaveError(f"challenge {challenge.id} is closed: results are no longer taken")
        verified = judge(code, challenge.deal_code, finished=True)
        fingerprint, home = game_fingerprint(verified), cards_home(verified.state)
        with self.store.write() as db:
            name, seconds = self._player(db, challenge, name, digest, now)
            if db.execute("SELECT 1 FROM challenge_results WHERE challenge_id = ? AND code_key = ?",
                          (challenge.id, fingerprint)).fetchone():
                raise SaveError("this exact game was already handed in: each game counts once")
            db.execute("INSERT INTO challenge_results (challenge_id, name, moves, won, seconds, submitted, code, "
                       "code_key, home) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (challenge.id, name, verified.moves_made, int(verified.won), seconds, now, code.strip(),
                        fingerprint, home))
        return Entry(name, verified.moves_made, verified.won, seconds, now, code.strip(), home)

    def progress(self, challenge: Challenge, name: str, code: str, key: str | None = None) -> Entry:
        """Keep ``code``, the game ``name`` is playing (finished or not), proved by replay like a
        result: when time runs out it ranks ``name`` by its cards home.  Refused like :meth:`submit`
        once the challenge is closed or for a page that does not hold the name."""
        name = check_name(name)
        digest = keys.digest(key) if key is not None else ""
        now = self.clock()
        challenge = self.get(challenge.id)
        if challenge.ended is not None or now >= challenge.closes:
            raise SaveError(f"challenge {challenge.id} is closed: results are no longer taken")
        verified = judge(code, challenge.deal_code, finished=False)
        home = cards_home(verified.state)
        with self.store.write() as db:
            name, seconds = self._player(db, challenge, name, digest, now)
            db.execute("INSERT OR REPLACE INTO challenge_progress (challenge_id, name, moves, home, seconds, saved, "
                       "code) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (challenge.id, name, verified.moves_made, home, seconds, now, code.strip()))
        return Entry(name, verified.moves_made, verified.won, seconds, now, code.strip(), home, ended=False)

    @staticmethod
    def _player(db: Any, challenge: Challenge, name: str, digest: str, now: float) -> tuple[str, float]:
        """The name as kept and the seconds it has played; a name another page holds is refused."""
        row = _named(db.execute("SELECT name, joined, key FROM challenge_players WHERE challenge_id = ?",
                                (challenge.id,)).fetchall(), name)
        name = row["name"] if row is not None else name
        if row is not None and row["key"] not in ("", digest):
            raise OptionError(f"{name} is held by another page in this challenge: the result was not counted")
        return name, now - max(challenge.started, float(row["joined"]) if row else challenge.started)

    def joined(self, challenge: Challenge) -> int:
        """How many names joined ``challenge``."""
        return int(self.store.read("SELECT COUNT(*) FROM challenge_players WHERE challenge_id = ?",
                                   (challenge.id,))[0][0])

    def results(self, challenge: Challenge) -> list[Entry]:
        """Every result handed in, in the order they arrived."""
        rows = self.store.read("SELECT name, moves, won, seconds, submitted, code, home FROM challenge_results "
                               "WHERE challenge_id = ? ORDER BY id", (challenge.id,))
        return [Entry(r["name"], int(r["moves"]), bool(r["won"]), float(r["seconds"]), float(r["submitted"]),
                      r["code"], int(r["home"])) for r in rows]

    def progresses(self, challenge: Challenge) -> list[Entry]:
        """Each player's game in progress, as last handed in (not a result until time runs out)."""
        rows = self.store.read("SELECT name, moves, home, seconds, saved, code FROM challenge_progress "
                               "WHERE challenge_id = ? ORDER BY saved", (challenge.id,))
        return [Entry(r["name"], int(r["moves"]), False, float(r["seconds"]), float(r["saved"]), r["code"],
                      int(r["home"]), ended=False) for r in rows]

    def leaderboard(self, challenge: Challenge) -> list[Entry]:
        """Each player's best result, best first (won, fewest moves, then time; the rest by most cards
        home).  Once the challenge is closed, every player's game in progress counts too."""
        entries = self.results(challenge)
        if self.clock() >= challenge.closes:
            entries += self.progresses(challenge)
        return ordered(entries)

    def entry_code(self, challenge: Challenge, name: str) -> str | None:
        """The result code of ``name``'s best game on the leaderboard (the presenter's source), or None."""
        wanted = name_key(check_name(name))
        return next((e.code for e in self.leaderboard(challenge) if name_key(e.name) == wanted), None)

    def csv(self, challenge: Challenge) -> str:
        """Every result of ``challenge`` as CSV (for a spreadsheet), with the codes to check again."""
        return self.store.export_csv(
            "SELECT r.challenge_id AS challenge, r.name, "
            "CASE r.won WHEN 1 THEN 'won' ELSE 'no move left' END AS result, r.moves, "
            "ROUND(r.seconds, 1) AS seconds, datetime(r.submitted, 'unixepoch') AS handed_in_utc, "
            "r.code AS result_code, r.home AS cards_home FROM challenge_results r WHERE r.challenge_id = ? "
            "UNION ALL SELECT p.challenge_id, p.name, 'time ran out', p.moves, ROUND(p.seconds, 1), "
            "datetime(p.saved, 'unixepoch'), p.code, p.home FROM challenge_progress p "
            "WHERE p.challenge_id = ? AND ? >= ?",
            (challenge.id, challenge.id, self.clock(), challenge.closes))


def _named(rows: list[Any], name: str) -> Any:
    """The row of ``rows`` whose name is ``name`` by the class's rule (``Ben`` is ``ben``), or None."""
    wanted = name_key(name)
    return next((r for r in rows if name_key(r["name"]) == wanted), None)


def open_book(class_dir: str | Path | None = None) -> ChallengeBook | None:
    """The challenge book of ``class_dir`` (default: the class folder the server gave the kernel,
    ``$TAROT_LEARN_CLASS_DIR``); None when there is no class folder (not on a class server)."""
    folder = class_dir or os.environ.get(CLASS_DIR_ENV)
    if not folder:
        return None
    return ChallengeBook(ClassStore(folder))


# ----- what pages may know --------------------------------------------------------------------------
def _public(entries: list) -> list[dict[str, Any]]:
    return [{"rank": i, "name": e.name, "won": e.won, "result": e.outcome, "home": e.home, "moves": e.moves,
             "seconds": round(e.seconds or 0, 1)} for i, e in enumerate(entries, 1)]


def board_json(book: ChallengeBook, challenge: Challenge | None, now: float) -> dict[str, Any]:
    """What every page may know: the challenge's title and time left, the ranked results."""
    if challenge is None:
        return {"challenge": None, "leaderboard": []}
    return {"challenge": {"id": challenge.id, "title": challenge.title, "line": challenge.describe(now),
                          "seconds_left": round(challenge.seconds_left(now)), "closed": now >= challenge.closes},
            "leaderboard": _public(book.leaderboard(challenge))}


def _past(challenge: Challenge, joined: int, winners: int) -> dict[str, Any]:
    return {"id": challenge.id, "title": challenge.title, "game": challenge.game, "deal_code": challenge.deal_code,
            "line_moves": len(challenge.line), "minutes": round(challenge.time_limit / 60, 1),
            "started": challenge.started, "joined": joined, "winners": winners}


def teacher_json(book: ChallengeBook, now: float) -> dict[str, Any]:
    """What the teacher's page shows: the board, how many joined and handed in, the names taken,
    the deal code (to use the deal again) and the past challenges.  Never sent to a student."""
    current = book.current()
    data = board_json(book, current, now)
    data["handed_in"] = len(book.results(current)) if current else 0
    data["joined"] = book.joined(current) if current else 0
    data["players"] = [{"name": n, "held": held} for n, held in book.players(current)] if current else []
    data["history"] = [_past(*row) for row in book.history()]
    if current is not None:
        data["challenge"].update(deal_code=current.deal_code, line_moves=len(current.line))
    return data
