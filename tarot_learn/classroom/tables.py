"""A shared French Tarot table: seats, the master's options, the clock, lost connections, ending by
agreement (FT-43 .. FT-50).  One authoritative :class:`Table` lives on the class server; each seat
and each spectator is sent only its own observation.

The table knows nothing of web sockets: the server calls :meth:`Table.sit`, :meth:`Table.play`,
:meth:`Table.tick` (the server's clock) and so on, and sends every player ``view(name)``.  The clock
is injected, so tests run hours of table time in no time.

>>> clock = FakeClock()
>>> t = Table("t1", "Ana", TableOptions(players=3, seconds_per_turn=30), clock=clock, seed=5)
>>> t.sit("Ben")
1
>>> t.fill_with_robots("Ana")
>>> t.started, [s.robot for s in t.seats]
(True, [False, False, True])
>>> late = t.to_play_name()
>>> clock.now += 31                 # nobody moves for 31 s: the game plays for the late player
>>> t.tick() >= 1 and t.to_play_name() != late
True
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable

from tarot_learn.classroom.model.codes import new_code
from tarot_learn.classroom.model.names import MAX_NAME, check_name, same_name
from tarot_learn.classroom.table_words import card_notes, card_words, deal_summary, move_label, trick_won
from tarot_learn.errors import IllegalMove, OptionError, SaveError
from tarot_learn.games.french_tarot.bots import Bot, for_level, levels
from tarot_learn.games.french_tarot.match import Match
from tarot_learn.games.french_tarot.rewards import Outcome
from tarot_learn.games.french_tarot.table import (ROBOT_PREFIX, SPECTATOR_VIEW, FakeClock, Seat,
                                                   TableModel, Votes)

__all__ = ["TableOptions", "Seat", "Table", "FakeClock", "SPECTATOR_VIEW", "MAX_NAME", "page_words"]

_OPTION_LIMITS = {"seconds_per_turn": (5, 600), "rounds": (1, 20), "bet": (0, 1000), "hold_seconds": (10, 1800)}


@dataclass(frozen=True)
class TableOptions:
    """The master's options (FT-45).  ``seconds_per_turn=None`` means no clock; ``robots`` is the
    level of the robots that fill empty seats and play for a late player (``"beginner"``,
    ``"club"``, ``"strong"``)."""

    players: int = 4
    seconds_per_turn: int | None = 60
    rounds: int = 1
    competitive: bool = False
    bet: int = 0
    private: bool = False
    spectators: bool = True
    hold_seconds: int = 180
    robots: str = "club"

    def __post_init__(self) -> None:
        if self.players not in (3, 4, 5):
            raise OptionError(f"a table seats 3, 4 or 5 players, not {self.players!r}")
        for name, (low, high) in _OPTION_LIMITS.items():
            value = getattr(self, name)
            if value is None and name == "seconds_per_turn":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise OptionError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
        for name in ("competitive", "private", "spectators"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(f"{name} is true or false, not {getattr(self, name)!r}")
        if not isinstance(self.robots, str) or self.robots not in levels():
            raise OptionError(f"robots is one of {', '.join(levels())}, not {str(self.robots)[:40]!r}")

    def robot_players(self, seed: int | None) -> list[Bot]:
        """A robot of the chosen level for each seat (repeatable with the table's seed)."""
        return [for_level(self.robots, seed=(seed or 0) + seat) for seat in range(self.players)]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "TableOptions":
        """Options from a page's or a save's dictionary; an unknown key is refused by name."""
        if not isinstance(data, dict):
            raise OptionError("table options are a mapping of option names to values")
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise OptionError(f"unknown table option {str(unknown[0])[:40]!r}: the options are "
                              f"{', '.join(cls.__dataclass_fields__)}")
        return cls(**data)


class Table:
    """One shared table over a :class:`~tarot_learn.games.french_tarot.table.TableModel` (which owns
    the seats, robots, clock, votes and match).  Names identify players; the first to sit is the
    master (FT-45), who sets the options; a private table asks for its invitation code (FT-48)."""

    def __init__(self, table_id: str, master: str, options: TableOptions | None = None, *,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.id = table_id
        self.options = options or TableOptions()
        self.pending: TableOptions | None = None
        self.seed = seed
        self.code = new_code() if self.options.private else ""
        self.model = TableModel(self.options.players, clock=clock, seconds_per_turn=self.options.seconds_per_turn,
                                bots=self.options.robot_players(seed))
        self.master = _check_name(master)
        self.refused_by: str | None = None      # who last refused to end by agreement (said to every page)
        self.dealt_before = 0                   # scored deals of the earlier games at this table
        self.games = 1                          # games begun at this table (the master deals again)
        self.sit(master)

    # ----- what the model keeps --------------------------------------------------------------------
    @property
    def clock(self) -> Callable[[], float]:
        return self.model.clock

    @property
    def seats(self) -> list[Seat]:
        return self.model.seats

    @property
    def match(self) -> Match | None:
        return self.model.match

    @property
    def deadline(self) -> float | None:
        return self.model.deadline

    @property
    def votes(self) -> Votes:
        return self.model.votes

    @property
    def events(self) -> int:
        """Bumps on every change: the server sends views when it moves."""
        return self.model.events

    @property
    def started(self) -> bool:
        return self.model.started

    # ----- seats ---------------------------------------------------------------------------------
    def sit(self, name: str, code: str = "") -> int:
        """Sit ``name`` at the first empty seat (or give back their own seat: a reconnection)."""
        name = self.known_name(name)
        mine = self.seat_of(name)
        if mine is not None:
            self.reconnect(name)
            return mine
        if self.options.private and name != self.master and not secrets.compare_digest(code, self.code):
            raise IllegalMove("this table is private: ask its master for the invitation code", rule="FT-48")
        seat = self.model.sit(name)
        self._start_if_full()
        return seat

    def seat_of(self, name: str) -> int | None:
        """The seat of ``name`` (``Ben`` and ``ben`` are one player), or ``None``."""
        try:
            return self.model.seat_of(self.known_name(name))
        except OptionError:
            return None

    def known_name(self, name: object) -> str:
        """``name`` checked by the class's rule, as a seated player typed it first."""
        name = _check_name(name)
        return next((s.name for s in self.seats if s.name and same_name(s.name, name)), name)

    def fill_with_robots(self, by: str) -> None:
        """The master fills every empty seat with a robot (FT-44, FT-45); the game starts."""
        self._master_only(by, "fill the empty seats with robots")
        self.model.fill_with_robots()
        self._start_if_full()

    def _start_if_full(self) -> None:
        if self.started or any(s.name is None for s in self.seats):
            return
        ghosts = [i for i, s in enumerate(self.seats) if not s.robot and not s.connected]
        for i in ghosts:          # left before the start: counted as connected, so a robot can stand in
            self.seats[i].connected = True
        self.model.start(seed=self.seed, practice=not self.options.competitive)
        for i in ghosts:          # a robot plays the seat, held for the player's return (FT-47)
            self.model.disconnect(i, self.options.hold_seconds)
        self.model.settle(restart=True)

    # ----- options -------------------------------------------------------------------------------
    def set_options(self, by: str, /, **changes: Any) -> TableOptions:
        """The master changes options; during a deal they apply from the next deal (FT-45)."""
        self._master_only(by, "change the table's options")
        new = TableOptions.from_dict({**asdict(self.options), **changes})
        if new.players != self.options.players and self.started:
            raise IllegalMove("the number of players is chosen before the game starts", rule="FT-45")
        if self.match is not None and self.match.in_progress:
            self.pending = new
        else:
            self._apply(new)
        self.model.events += 1
        return new

    def _apply(self, new: TableOptions) -> None:
        self.model.bots = new.robot_players(self.seed)     # one per seat of the new size
        if new.players != len(self.seats):
            self.model.resize(new.players)
        if new.private and not self.code:
            self.code = new_code()
        self.options, self.pending = new, None
        self.model.seconds_per_turn = new.seconds_per_turn

    # ----- play ----------------------------------------------------------------------------------
    def to_play_name(self) -> str | None:
        seat = self.model.to_play
        return None if seat is None else self.seats[seat].name

    def play(self, name: str, move: str) -> None:
        """``name`` plays ``move``; refused unless it is their turn (nothing changes then)."""
        seat = self.model.seat_of(self.known_name(name))
        self.model.play(-1 if seat is None else seat, move)
        self.model.settle(restart=True)

    def next_deal(self, by: str) -> None:
        """Deal the next deal after a finished one (any seated human may ask); once the game is
        over, the master's word deals again at this table (:meth:`deal_again`)."""
        if self.model.seat_of(self.known_name(by)) is None or not self.started:
            raise IllegalMove("only a player at this table may deal", rule="FT-45")
        if self.game_over():
            return self.deal_again(by)
        if self.pending is not None:
            self._apply(self.pending)
        if self.game_over():
            raise IllegalMove("the game is over", rule="FT-41")
        self.model.next_deal(practice=not self.options.competitive)
        self.refused_by = None            # a refusal is news for the deal it was made in
        self.model.settle(restart=True)

    def deal_again(self, by: str) -> None:
        """The master deals again at this table once its game is over: the same seats, a new game of
        the table's rounds; the deals go on being numbered and the score sheet's totals carry."""
        self._master_only(by, "deal again at this table")
        if not self.game_over() or self.match.cancelled:
            raise IllegalMove("a table deals again once its game is over (a game ended by agreement "
                              "is over for good: open a new table)", rule="FT-41")
        if self.pending is not None:
            self._apply(self.pending)
        self.dealt_before = self.deals_played()
        self.games += 1
        self.model.votes = Votes()
        self.model.next_deal(practice=not self.options.competitive)
        self.refused_by = None
        self.model.settle(restart=True)

    def tick(self) -> int:
        """Apply the server's clock: late players are played for (FT-46) and expired holds become
        abandoned seats (FT-47).  Returns how many things changed."""
        return self.model.tick()

    # ----- connections -----------------------------------------------------------------------------
    def disconnect(self, name: str) -> None:
        """A player's page is gone: during a game a stand-in plays and the seat is held (FT-47)."""
        seat = self.seat_of(name)
        if seat is not None:
            self.model.disconnect(seat, self.options.hold_seconds)

    def reconnect(self, name: str) -> None:
        """The player is back: within the hold they take their seat and hand again (FT-47)."""
        seat = self.seat_of(name)
        if seat is not None:
            self.model.reconnect(seat)

    # ----- ending by agreement ---------------------------------------------------------------------
    def voters(self) -> set[str]:
        """Players who still hold their seat vote (FT-43)."""
        return self.model.voters()

    def propose_end(self, name: str) -> bool:
        """A human proposes to end the game by agreement; it counts as their acceptance."""
        done = self.model.propose_end(name)
        self.refused_by = None
        return done

    def accept_end(self, name: str) -> bool:
        return self.model.accept_end(name)

    def refuse_end(self, name: str) -> None:
        """``name`` refuses the proposal; every page is told who refused."""
        if self.votes.proposer is not None and self.known_name(name) in self.voters():
            self.refused_by = self.known_name(name)
        self.model.refuse_end(name)

    # ----- results ---------------------------------------------------------------------------------
    def game_over(self) -> bool:
        """Ended by agreement, or the present game has had its rounds (FT-41)."""
        return self.model.game_over(self.dealt_before + self.options.rounds)

    def deals_played(self) -> int:
        """Deals played to their score, practice ones included (thrown-in deals do not count)."""
        return self.model.deals_played()

    def outcome(self) -> Outcome:
        """What the rewards need (FT-49, FT-50); only once the game is over."""
        return self.model.outcome(self.options.rounds, self.options.bet, self.options.competitive,
                                  since=self.dealt_before)

    def observation(self, name: str | None) -> Any:
        """What ``name`` may see (a spectator, ``None``, sees only what every player sees, FT-48)."""
        if not self.started:
            return None
        seat = self.seat_of(name) if name else None
        if seat is None and not self.options.spectators:
            raise IllegalMove("this table does not allow spectators", rule="FT-48")
        return self.model.observation(seat)

    # ----- saving ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"id": self.id, "master": self.master, "options": asdict(self.options),
                           "pending": asdict(self.pending) if self.pending else None, "code": self.code,
                           "seed": self.seed, "seats": [asdict(s) for s in self.seats],
                           "dealt_before": self.dealt_before, "games": self.games,
                           "match": self.match.to_json() if self.match else None})

    @classmethod
    def from_json(cls, text: str, clock: Callable[[], float] = time.monotonic) -> "Table":
        """A table saved by :meth:`to_json` (after a server restart); the match is checked by replay."""
        try:
            data = json.loads(text)
            table = cls.__new__(cls)
            table.id, table.master, table.code, table.seed = data["id"], data["master"], data["code"], data["seed"]
            table.options = TableOptions.from_dict(data["options"])
            table.pending = TableOptions.from_dict(data["pending"]) if data["pending"] else None
            table.model = TableModel(table.options.players, clock=clock,
                                     seconds_per_turn=table.options.seconds_per_turn,
                                     bots=table.options.robot_players(table.seed))
            table.model.seats = [Seat(**s) for s in data["seats"]]
            table.model.match = Match.from_json(data["match"]) if data["match"] else None
            table.refused_by = None
            table.dealt_before = int(data.get("dealt_before", 0))
            table.games = int(data.get("games", 1))
        except (KeyError, TypeError, ValueError) as err:
            raise SaveError(f"a saved table cannot be read: {str(err)[:80]}") from None
        for seat in table.seats:          # after a restart everyone reconnects: held seats stay held
            seat.connected = False
            if seat.held_until is not None:
                seat.held_until = clock() + table.options.hold_seconds
        table.model.arm_clock(restart=True)
        return table

    # ----- checks ----------------------------------------------------------------------------------
    def _master_only(self, by: str, what: str) -> None:
        if not isinstance(by, str) or not by.strip() or not same_name(by, self.master):
            raise IllegalMove(f"only the table's master may {what}", rule="FT-45")


def page_words(table: Table, seat: int | None, obs: Any) -> dict[str, Any]:
    """What a page at ``table`` says in words, from ``seat``'s observation ``obs`` and what every
    seat sees (the seats, whose turn, the clock): cards, move labels, the trick just won, the turn."""
    to_play = table.model.to_play if table.started and not table.game_over() else None
    left = table.deadline
    turn = None
    if to_play is not None:
        turn = {"seat": to_play, "mine": to_play == seat,
                "where": table.match.deal.seat_names[to_play],
                "seconds_left": None if left is None else max(0, round(left - table.clock()))}
    legal = [str(m) for m in table.match.deal.legal_moves()] if turn and turn["mine"] else []
    sheet = table.match.sheet if table.started else None
    return {"names": card_words(obs), "labels": {m: move_label(m) for m in legal},
            "trick_won": trick_won(obs), "turn": turn, "refused_by": table.refused_by,
            "practice": sheet is not None and _practice_only(sheet.rows),
            "cancelled": sheet is not None and bool(sheet.cancelled),
            "notes": card_notes(table.match.deal, seat) if turn and turn["mine"] else {},
            "summary": _summary(table, obs), "may_deal_again": _may_deal_again(table, seat)}


def _summary(table: Table, obs: Any) -> dict[str, Any] | None:
    """The deal just scored, in words, until the next deal is dealt (public: every seat sees it)."""
    if obs is None or table.match.in_progress or not table.match.sheet.rows:
        return None
    row = table.match.sheet.rows[-1]
    if row.score is None:
        return None
    return deal_summary(row.number, row.score, table.match.sheet.names, obs.seat_names, row.practice)


def _may_deal_again(table: Table, seat: int | None) -> bool:
    """Whether this page is the master's, at a game over (not ended by agreement): it may deal again."""
    return (seat is not None and table.started and table.game_over() and not table.match.cancelled
            and same_name(table.seats[seat].name or "", table.master))


def _practice_only(rows: Any) -> bool:
    """Whether every scored deal is practice (a thrown-in deal scores nothing either way)."""
    return any(r.practice for r in rows) and not any(r.counted for r in rows)


def _check_name(name: object) -> str:
    """The class's one name rule (:mod:`~tarot_learn.classroom.model.names`), and no robot's name."""
    text = check_name(name)
    if text.casefold().startswith(ROBOT_PREFIX):
        raise OptionError(f"a player's name cannot start with {ROBOT_PREFIX!r}: that is a robot's name")
    return text
