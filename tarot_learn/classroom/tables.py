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
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from tarot_learn.errors import IllegalMove, OptionError, SaveError
from tarot_learn.games.french_tarot.bots import HeuristicBot
from tarot_learn.games.french_tarot.match import Match

from tarot_learn.classroom.rewards import Outcome

__all__ = ["TableOptions", "Seat", "Table", "FakeClock", "SPECTATOR_VIEW"]

SPECTATOR_VIEW = -1
MAX_NAME = 40
_OPTION_LIMITS = {"seconds_per_turn": (5, 600), "rounds": (1, 20), "bet": (0, 1000), "hold_seconds": (10, 1800)}


class FakeClock:
    """A clock for tests and demonstrations: ``clock.now`` moves only when told."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class TableOptions:
    """The master's options (FT-45).  ``seconds_per_turn=None`` means no clock."""

    players: int = 4
    seconds_per_turn: int | None = 60
    rounds: int = 1
    competitive: bool = False
    bet: int = 0
    private: bool = False
    spectators: bool = True
    hold_seconds: int = 180

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


@dataclass
class Seat:
    """One seat: a player's name (or a robot's), whether a robot plays it now, and the hold on it."""

    name: str | None = None
    robot: bool = False
    connected: bool = False
    held_until: float | None = None
    abandoned: bool = False

    @property
    def human(self) -> bool:
        """A person sits here (even if a robot stands in while they reconnect)."""
        return self.name is not None and not self.name.startswith("robot ") and not self.abandoned


@dataclass
class _Votes:
    proposer: str | None = None
    accepted: set[str] = field(default_factory=set)


class Table:
    """One shared table.  Names identify players; the first to sit is the master (FT-45)."""

    def __init__(self, table_id: str, master: str, options: TableOptions | None = None, *,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.id = table_id
        self.options = options or TableOptions()
        self.pending: TableOptions | None = None
        self.clock = clock
        self.seed = seed
        self.code = secrets.token_urlsafe(6) if self.options.private else ""
        self.seats = [Seat() for _ in range(self.options.players)]
        self.master = _check_name(master)
        self.match: Match | None = None
        self.deadline: float | None = None
        self.votes = _Votes()
        self.events = 0          # bumps on every change: the server sends views when it moves
        self._bot = HeuristicBot()
        self.sit(master)

    # ----- seats ---------------------------------------------------------------------------------
    def sit(self, name: str, code: str = "") -> int:
        """Sit ``name`` at the first empty seat (or give back their own seat: a reconnection)."""
        name = _check_name(name)
        mine = self.seat_of(name)
        if mine is not None:
            self.reconnect(name)
            return mine
        if self.options.private and name != self.master and not secrets.compare_digest(code, self.code):
            raise IllegalMove("this table is private: ask its master for the invitation code", rule="FT-48")
        empty = [i for i, s in enumerate(self.seats) if s.name is None]
        if not empty or self.started:
            raise IllegalMove("this table is full: choose another table or watch", rule="FT-45")
        self.seats[empty[0]] = Seat(name=name, connected=True)
        self._changed()
        self._start_if_full()
        return empty[0]

    def seat_of(self, name: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.name == name:
                return i
        return None

    def fill_with_robots(self, by: str) -> None:
        """The master fills every empty seat with a robot (FT-44, FT-45); the game starts."""
        self._master_only(by, "fill the empty seats with robots")
        for i, seat in enumerate(self.seats):
            if seat.name is None:
                self.seats[i] = Seat(name=f"robot {i + 1}", robot=True, connected=True)
        self._start_if_full()

    def _start_if_full(self) -> None:
        if self.started or any(s.name is None for s in self.seats):
            return
        humans = [i for i, s in enumerate(self.seats) if not s.robot]
        self.match = Match(self.options.players, [s.name or "" for s in self.seats], rounds=None,
                           seed=self.seed, practice=not self.options.competitive, humans=humans)
        self.match.next_deal()
        self._after_move()

    @property
    def started(self) -> bool:
        return self.match is not None

    # ----- options -------------------------------------------------------------------------------
    def set_options(self, by: str, **changes: Any) -> TableOptions:
        """The master changes options; during a deal they apply from the next deal (FT-45)."""
        self._master_only(by, "change the table's options")
        new = TableOptions.from_dict({**asdict(self.options), **changes})
        if new.players != self.options.players and self.started:
            raise IllegalMove("the number of players is chosen before the game starts", rule="FT-45")
        if self.match is not None and self.match.in_progress:
            self.pending = new
        else:
            self._apply(new)
        self._changed()
        return new

    def _apply(self, new: TableOptions) -> None:
        if new.players != len(self.seats):
            self.seats = (self.seats + [Seat() for _ in range(new.players)])[:new.players]
        if new.private and not self.code:
            self.code = secrets.token_urlsafe(6)
        self.options, self.pending = new, None

    # ----- play ----------------------------------------------------------------------------------
    def to_play_name(self) -> str | None:
        if not self.started or not self.match.in_progress:
            return None
        return self.seats[self.match.deal.to_play].name

    def play(self, name: str, move: str) -> None:
        """``name`` plays ``move``; refused unless it is their turn (nothing changes then)."""
        seat = self.seat_of(_check_name(name))
        if seat is None or not self.started or self.seats[seat].robot:
            raise IllegalMove("you have no seat in play at this table", rule="FT-45")
        if not self.match.in_progress or self.match.deal.to_play != seat:
            raise IllegalMove("it is not your turn", rule="FT-17")
        self.match.play(move, seat)
        self._after_move()

    def next_deal(self, by: str) -> None:
        """Deal again after a finished deal (any seated human may ask)."""
        if self.seat_of(_check_name(by)) is None or not self.started:
            raise IllegalMove("only a player at this table may deal", rule="FT-45")
        if self.pending is not None:
            self._apply(self.pending)
        if self.game_over():
            raise IllegalMove("the game is over", rule="FT-41")
        self.match.next_deal(practice=not self.options.competitive)
        self._after_move()

    def _after_move(self) -> None:
        """Robots play until a connected human is to play; the turn clock restarts."""
        while self.match.in_progress and self.seats[self.match.deal.to_play].robot:
            seat = self.match.deal.to_play
            self.match.play(self._bot.act(self.match.deal.observation(seat)), seat)
        if self.match.in_progress and self.options.seconds_per_turn is not None:
            self.deadline = self.clock() + self.options.seconds_per_turn
        else:
            self.deadline = None
        self._changed()

    def tick(self) -> int:
        """Apply the server's clock: late players are played for (FT-46) and expired holds become
        abandoned seats (FT-47).  Returns how many things changed."""
        now, changed = self.clock(), 0
        for seat in self.seats:
            if seat.held_until is not None and now >= seat.held_until:
                seat.held_until, seat.abandoned = None, True
                changed += 1
        if self.deadline is not None and now >= self.deadline and self.match.in_progress:
            seat = self.match.deal.to_play
            self.match.play(self._bot.act(self.match.deal.observation(seat)), seat)
            self._after_move()
            changed += 1
        if changed:
            self._changed()
        return changed

    # ----- connections -----------------------------------------------------------------------------
    def disconnect(self, name: str) -> None:
        """A player's page is gone: a robot stands in, the seat is held (FT-47)."""
        seat = self.seat_of(name)
        s = self.seats[seat] if seat is not None else None
        if s is None or s.abandoned or not s.connected:
            return
        s.connected = False
        if self.started:
            s.robot, s.held_until = True, self.clock() + self.options.hold_seconds
            self._after_move()
        self._changed()

    def reconnect(self, name: str) -> None:
        """The player is back: within the hold they take their seat and hand again (FT-47)."""
        seat = self.seat_of(name)
        if seat is None:
            return
        s = self.seats[seat]
        if s.abandoned:
            raise IllegalMove("your seat was held for the hold time and has been given to a robot", rule="FT-47")
        s.connected, s.robot, s.held_until = True, False, None
        if self.started and self.match.in_progress and self.match.deal.to_play == seat \
                and self.options.seconds_per_turn is not None:
            self.deadline = self.clock() + self.options.seconds_per_turn
        self._changed()

    # ----- ending by agreement ---------------------------------------------------------------------
    def voters(self) -> set[str]:
        """Humans who still hold their seat vote; robots do not (FT-43)."""
        return {s.name for s in self.seats if s.human and s.name}

    def propose_end(self, name: str) -> bool:
        """A human proposes to end the game by agreement; it counts as their acceptance."""
        if name not in self.voters() or not self.started:
            raise IllegalMove("only a human player at this table may propose to end it", rule="FT-43")
        self.votes = _Votes(proposer=name, accepted={name})
        return self._maybe_cancel()

    def accept_end(self, name: str) -> bool:
        if self.votes.proposer is None:
            raise IllegalMove("nobody has proposed to end the game", rule="FT-43")
        if name not in self.voters():
            raise IllegalMove("only the human players vote to end a game", rule="FT-43")
        self.votes.accepted.add(name)
        return self._maybe_cancel()

    def refuse_end(self, name: str) -> None:
        if name in self.voters():
            self.votes = _Votes()
            self._changed()

    def _maybe_cancel(self) -> bool:
        done = self.voters() <= self.votes.accepted and self.match.cancel(self.match.humans)
        if done:
            self.votes, self.deadline = _Votes(), None
        self._changed()
        return done

    # ----- results ---------------------------------------------------------------------------------
    def game_over(self) -> bool:
        if not self.started:
            return False
        return self.match.cancelled or (not self.match.in_progress and self.deals_played() >= self.options.rounds)

    def deals_played(self) -> int:
        """Deals played to their score, practice ones included (thrown-in deals do not count)."""
        return sum(1 for row in self.match.sheet.rows if row.score is not None)

    def outcome(self) -> Outcome:
        """What the rewards need (FT-49, FT-50); only once the game is over."""
        if not self.game_over():
            raise IllegalMove("the game is not over yet", rule="FT-41")
        humans = tuple(i for i, s in enumerate(self.seats) if s.name and not s.name.startswith("robot "))
        attack, made = (), False
        rows = [r for r in self.match.sheet.rows if r.score is not None]
        if self.options.rounds == 1 and rows:
            score = rows[-1].score
            attack = (score.taker,) + ((score.partner,) if score.partner not in (None, -1) else ())
            made = score.made
        return Outcome(self.options.players, self.options.rounds, humans, self.match.totals(),
                       bet=self.options.bet, competitive=self.options.competitive,
                       cancelled=self.match.cancelled, attack=attack, made=made,
                       abandoned=tuple(i for i, s in enumerate(self.seats) if s.abandoned))

    def observation(self, name: str | None) -> Any:
        """What ``name`` may see (a spectator, ``None``, sees only what every player sees, FT-48)."""
        if not self.started:
            return None
        seat = self.seat_of(name) if name else None
        if seat is None and not self.options.spectators:
            raise IllegalMove("this table does not allow spectators", rule="FT-48")
        return self.match.deal.observation(SPECTATOR_VIEW if seat is None else seat)

    # ----- saving ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"id": self.id, "master": self.master, "options": asdict(self.options),
                           "pending": asdict(self.pending) if self.pending else None, "code": self.code,
                           "seed": self.seed, "seats": [asdict(s) for s in self.seats],
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
            table.seats = [Seat(**s) for s in data["seats"]]
            table.match = Match.from_json(data["match"]) if data["match"] else None
        except (KeyError, TypeError, ValueError) as err:
            raise SaveError(f"a saved table cannot be read: {str(err)[:80]}") from None
        table.clock, table.deadline, table.votes, table.events = clock, None, _Votes(), 0
        table._bot = HeuristicBot()
        for seat in table.seats:          # after a restart everyone reconnects: held seats stay held
            seat.connected = False
            if seat.held_until is not None:
                seat.held_until = clock() + table.options.hold_seconds
        if table.match is not None and table.match.in_progress and table.options.seconds_per_turn:
            table.deadline = clock() + table.options.seconds_per_turn
        return table

    # ----- helpers ---------------------------------------------------------------------------------
    def _master_only(self, by: str, what: str) -> None:
        if by != self.master:
            raise IllegalMove(f"only the table's master may {what}", rule="FT-45")

    def _changed(self) -> None:
        self.events += 1


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
            or name.strip().lower().startswith("robot"):
        raise OptionError(f"a player's name is 1 to {MAX_NAME} characters and not 'robot…'")
    return name.strip()
