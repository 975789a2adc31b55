"""One French Tarot table: its seats, robots, turn clock, undo marks, vote to end and rewards.

French Tarot table model
------------------------
:class:`TableModel` owns what a table is, whoever sits at it: the seats (a person's or a robot's,
seat by seat, with the hold of a lost connection, FT-47), the :class:`~.match.Match` and its score
sheet, a robot (:mod:`.bots`) for every seat, the turn clock (an injected ``clock``; one deadline
per turn; at the deadline the seat's robot plays for the late player, FT-46), undo marks (where the
table allows undo: each decision of a person, taken back with the robots' replies), the vote to end
by agreement (FT-43) and the game's :class:`~.rewards.Outcome`.  It runs no thread and no timer:
its adapter drives time, calling :meth:`TableModel.settle` after each step (the robots play, the
clock starts for the next person) and :meth:`TableModel.tick` when the clock may have run out.
The class server's shared tables (``classroom/tables.py``: names, options, invitations, saving)
and the notebook's ``TarotTable`` (``widgets/table.py``: the page, buttons and words) are adapters
over it.  Each seat sees only :meth:`TableModel.observation` of its seat.

>>> clock = FakeClock()
>>> t = TableModel(3, clock=clock, seconds_per_turn=30)
>>> [t.sit(name) for name in ("Ana", "Ben")]
[0, 1]
>>> t.fill_with_robots()
>>> t.start(seed=5)
[]
>>> _ = t.settle()                       # the robot plays up to a person's turn
>>> t.seats[t.to_play].robot, t.deadline == clock.now + 30
(False, True)
>>> moves = len(t.match.deal.history)
>>> clock.now += 31                      # nobody moves for 31 s: the seat's robot plays for them
>>> t.tick(), len(t.match.deal.history) > moves
(1, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ...core import Move
from ...errors import IllegalMove, OptionError
from .bots import Bot, HeuristicBot
from .match import Match
from .rewards import Outcome

__all__ = ["TableModel", "Seat", "Played", "Votes", "FakeClock", "SPECTATOR_VIEW", "ROBOT_PREFIX", "robot_name"]

SPECTATOR_VIEW = -1
ROBOT_PREFIX = "robot"     # robots' names start with it; a person's name may not


def robot_name(seat: int) -> str:
    """The name a robot takes at ``seat``."""
    return f"{ROBOT_PREFIX} {seat + 1}"


class FakeClock:
    """A clock for tests and demonstrations: ``clock.now`` moves only when told."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


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
        return self.name is not None and not self.name.startswith(ROBOT_PREFIX + " ") and not self.abandoned


@dataclass(frozen=True)
class Played:
    """A move the table made for a seat: ``by`` is ``"robot"`` (a robot's seat) or ``"clock"``
    (the late player's time ran out, FT-46; ``explanation`` then says why the move is legal)."""

    seat: int
    move: Move
    by: str = "robot"
    explanation: str = ""


@dataclass
class Votes:
    """The proposal to end the game by agreement (FT-43) and who has accepted it."""

    proposer: str | None = None
    accepted: set[str] = field(default_factory=set)


class TableModel:
    """A French Tarot table of ``players`` seats; see the module's description.

    ``seconds_per_turn`` (``None``: no clock) is read at the start of each turn; ``bots`` gives
    each seat its robot (one :class:`~.bots.HeuristicBot` for all by default); ``undo`` lets
    :meth:`undo` take back a person's decisions; ``redeal_thrown_in`` deals again at once when a
    deal is thrown in (else the players ask for the next deal).
    """

    def __init__(self, players: int, *, clock: Callable[[], float] = time.monotonic,
                 seconds_per_turn: int | None = None, bots: Sequence[Bot] | None = None,
                 undo: bool = False, redeal_thrown_in: bool = False) -> None:
        if isinstance(players, bool) or players not in (3, 4, 5):
            raise OptionError(f"a table seats 3, 4 or 5 players, not {players!r}")
        self.clock = clock
        self.seconds_per_turn = seconds_per_turn
        self.bots: list[Bot] = _check_bots(bots, players)
        self.undo_allowed = bool(undo)
        self.redeal_thrown_in = bool(redeal_thrown_in)
        self.seats = [Seat() for _ in range(players)]
        self.match: Match | None = None
        self.deadline: float | None = None     # when the present turn's time runs out
        self.clock_turn: str | None = None     # the turn (see turn_key) the deadline was set for
        self.marks: list[int] = []             # the deal's history length before each decision
        self.votes = Votes()
        self.events = 0                        # bumps on every change: adapters redraw when it moves

    # ----- seats ---------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def started(self) -> bool:
        return self.match is not None

    def seat_of(self, name: str | None) -> int | None:
        """The seat ``name`` sits at, or ``None``."""
        for i, seat in enumerate(self.seats):
            if name is not None and seat.name == name:
                return i
        return None

    def sit(self, name: str) -> int:
        """Seat a person at the first empty seat; refused once the table is full or playing."""
        empty = [i for i, s in enumerate(self.seats) if s.name is None]
        if not empty or self.started:
            raise IllegalMove("this table is full: choose another table or watch", rule="FT-45")
        self.seats[empty[0]] = Seat(name=name, connected=True)
        self._changed()
        return empty[0]

    def fill_with_robots(self) -> None:
        """A robot takes every empty seat (FT-44)."""
        for i, seat in enumerate(self.seats):
            if seat.name is None:
                self.seats[i] = Seat(name=robot_name(i), robot=True, connected=True)
        self._changed()

    def resize(self, players: int) -> None:
        """Change the number of seats before the game starts (people keep theirs, in order)."""
        if self.started and players != self.players:
            raise IllegalMove("the number of players is chosen before the game starts", rule="FT-45")
        self.seats = (self.seats + [Seat() for _ in range(players)])[:players]
        shared = len({id(bot) for bot in self.bots}) == 1       # one robot plays every seat
        self.bots = [self.bots[0]] * players if shared else _check_bots(self.bots, players)

    def start(self, names: Sequence[str] | None = None, rounds: int | None = None,
              seed: int | None = None, practice: bool = False) -> list[str]:
        """Deal the first deal of a match between the seated players (``names`` on the score sheet,
        the seats' names by default); people are the seats no robot plays.  Returns the reasons of
        deals thrown in and dealt again (with ``redeal_thrown_in``)."""
        if any(s.name is None for s in self.seats):
            raise IllegalMove("every seat needs a player or a robot before the game starts", rule="FT-45")
        humans = [i for i, s in enumerate(self.seats) if not s.robot]
        self.match = Match(self.players, list(names) if names else [s.name or "" for s in self.seats],
                           rounds=rounds, seed=seed, practice=practice, humans=humans)
        self.votes = Votes()
        return self._deal(None)

    # ----- turns ---------------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        """The seat whose decision it is, or ``None`` between deals and before the start."""
        if self.match is None or not self.match.in_progress or self.match.deal.to_play < 0:
            return None
        return self.match.deal.to_play

    def turn_key(self) -> str:
        """Names the present turn (deals dealt and moves made): a deadline belongs to one turn."""
        if self.match is None or self.match.deal is None:
            return "0:0"
        return f"{self.match.dealt}:{len(self.match.deal.history)}"

    def play(self, seat: int, move: Move | str) -> Move:
        """``seat`` plays ``move``: refused (IllegalMove with its rule, nothing changed) unless the
        seat is a person's and it is their turn and the rules allow the move.  Call :meth:`settle`
        after it."""
        if not self.started or not 0 <= seat < self.players or self.seats[seat].robot:
            raise IllegalMove("you have no seat in play at this table", rule="FT-45")
        if self.to_play != seat:
            raise IllegalMove("it is not your turn", rule="FT-17")
        return self._play(seat, move)

    def _play(self, seat: int, move: Move | str) -> Move:
        before = len(self.match.deal.history)
        done = self.match.play(move, seat)
        if self.undo_allowed:
            self.marks.append(before)
        self._changed()
        return done

    def settle(self, restart: bool = False) -> list[Played]:
        """Robots play until a person is to play or the deal ends; then the clock starts for the
        new turn (``restart``: for the present one again too).  Returns the robots' moves."""
        played: list[Played] = []
        while (seat := self.to_play) is not None and self.seats[seat].robot:
            deal = self.match.deal
            move = self.bots[seat].act(deal.observation(seat))
            self.match.play(move, seat)
            played.append(Played(seat, move))
        self.arm_clock(restart)
        self._changed()
        return played

    def next_deal(self, practice: bool | None = None) -> list[str]:
        """Deal the next deal (refused while one is being played or once the match is over);
        returns the reasons of deals thrown in and dealt again.  Call :meth:`settle` after it."""
        if self.match is None:
            raise IllegalMove("the game has not started yet", rule="FT-45")
        return self._deal(practice)

    def _deal(self, practice: bool | None) -> list[str]:
        self.match.next_deal(practice=practice)
        self.marks = []
        thrown: list[str] = []
        while self.redeal_thrown_in and not self.match.in_progress and not self.match.is_over():
            thrown.append(self.match.deal.reason)         # petit sec (FT-4): on the sheet, deal on
            self.match.next_deal(practice=practice)
        self._changed()
        return thrown

    def undo(self) -> None:
        """Take back the last decision of a person in this deal and the robots' moves after it."""
        if not self.undo_allowed or not self.marks:
            raise IllegalMove("there is nothing of yours to take back in this deal", rule="undo")
        target = self.marks.pop()
        while len(self.match.deal.history) > target:
            self.match.undo()
        self._changed()

    # ----- the clock -----------------------------------------------------------------------------
    def arm_clock(self, restart: bool = False) -> None:
        """Start the turn's clock when a person's turn begins (once per turn), stop it otherwise."""
        seat = self.to_play
        if not self.seconds_per_turn or seat is None or self.seats[seat].robot:
            self.deadline = self.clock_turn = None
            return
        turn = self.turn_key()
        if restart or turn != self.clock_turn or self.deadline is None:
            self.deadline, self.clock_turn = self.clock() + self.seconds_per_turn, turn

    def due(self) -> bool:
        """Whether the present turn's time has run out."""
        return (self.deadline is not None and self.clock_turn == self.turn_key()
                and self.to_play is not None and self.clock() >= self.deadline)

    def seconds_left(self) -> int:
        """Whole seconds left in the present turn (0 without a clock)."""
        if self.deadline is None:
            return 0
        return max(0, math.ceil(self.deadline - self.clock()))

    def timeout(self, turn: str | None = None) -> Played | None:
        """The time of the player to move ran out: their seat's robot plays for them (FT-46).
        ``turn`` is the :meth:`turn_key` the clock started on; a stale one does nothing.  Call
        :meth:`settle` after it."""
        seat = self.to_play
        if seat is None or (turn is not None and turn != self.turn_key()):
            return None
        self.deadline = self.clock_turn = None
        deal = self.match.deal
        move = self.bots[seat].act(deal.observation(seat))
        explanation = deal.explain(move)
        self._play(seat, move)
        return Played(seat, move, "clock", explanation)

    def tick(self) -> int:
        """Apply the clock: expired holds become abandoned seats (FT-47) and a late player is
        played for (FT-46), then the robots answer.  Returns how many things changed."""
        now, changed = self.clock(), 0
        for seat in self.seats:
            if seat.held_until is not None and now >= seat.held_until:
                seat.held_until, seat.abandoned = None, True
                changed += 1
        if self.due():
            self.timeout()
            self.settle(restart=True)
            changed += 1
        if changed:
            self._changed()
        return changed

    # ----- connections -----------------------------------------------------------------------------
    def disconnect(self, seat: int, hold_seconds: float) -> None:
        """A player's page is gone: during a game a robot stands in and the seat is held (FT-47)."""
        s = self.seats[seat]
        if s.abandoned or not s.connected:
            return
        s.connected = False
        if self.started:
            s.robot, s.held_until = True, self.clock() + hold_seconds
            self.settle(restart=True)
        self._changed()

    def reconnect(self, seat: int) -> None:
        """The player is back: within the hold they take their seat and hand again (FT-47)."""
        s = self.seats[seat]
        if s.abandoned:
            raise IllegalMove("your seat was held for the hold time and has been given to a robot", rule="FT-47")
        s.connected, s.robot, s.held_until = True, False, None
        if self.to_play == seat:
            self.arm_clock(restart=True)
        self._changed()

    # ----- ending by agreement ---------------------------------------------------------------------
    def voters(self) -> set[str]:
        """People who still hold their seat vote; robots do not (FT-43)."""
        return {s.name for s in self.seats if s.human and s.name}

    def propose_end(self, name: str) -> bool:
        """A person proposes to end the game by agreement; it counts as their acceptance.  Returns
        whether the game ended (it does at once when they are the only voter)."""
        if name not in self.voters() or not self.started:
            raise IllegalMove("only a human player at this table may propose to end it", rule="FT-43")
        self.votes = Votes(proposer=name, accepted={name})
        return self._maybe_cancel()

    def accept_end(self, name: str) -> bool:
        """``name`` accepts the proposal; returns whether the game ended."""
        if self.votes.proposer is None:
            raise IllegalMove("nobody has proposed to end the game", rule="FT-43")
        if name not in self.voters():
            raise IllegalMove("only the human players vote to end a game", rule="FT-43")
        self.votes.accepted.add(name)
        return self._maybe_cancel()

    def refuse_end(self, name: str) -> None:
        """``name`` refuses: the proposal is dropped."""
        if name in self.voters():
            self.votes = Votes()
            self._changed()

    def _maybe_cancel(self) -> bool:
        done = self.voters() <= self.votes.accepted and self.match.cancel(self.match.humans)
        if done:
            self.votes, self.deadline, self.clock_turn = Votes(), None, None
        self._changed()
        return done

    # ----- results ---------------------------------------------------------------------------------
    def deals_played(self) -> int:
        """Deals played to their score, practice ones included (thrown-in deals do not count)."""
        return 0 if self.match is None else sum(1 for row in self.match.sheet.rows if row.score is not None)

    def game_over(self, deals: int | None = None) -> bool:
        """Cancelled, or over: after ``deals`` played deals when given, else when the match is."""
        if self.match is None:
            return False
        if deals is None:
            return self.match.is_over()
        return self.match.cancelled or (not self.match.in_progress and self.deals_played() >= deals)

    def outcome(self, rounds: int, bet: int = 0, competitive: bool = True, since: int = 0) -> Outcome:
        """What the rewards need (FT-49, FT-50) of a game of ``rounds`` deals, once it is over.
        ``since`` is how many scored deals earlier games at this table played (the same seats
        dealing again): this game's totals leave theirs out."""
        if not self.game_over(since + rounds):
            raise IllegalMove("the game is not over yet", rule="FT-41")
        humans = tuple(i for i, s in enumerate(self.seats) if s.name and not s.name.startswith(ROBOT_PREFIX + " "))
        attack: tuple[int, ...] = ()
        made = False
        rows = [r for r in self.match.sheet.rows if r.score is not None]
        if rounds == 1 and rows:
            score = rows[-1].score
            attack = (score.taker,) + ((score.partner,) if score.partner not in (None, -1) else ())
            made = score.made
        totals = self.match.totals()
        if since and not self.match.cancelled:
            totals = tuple(a - b for a, b in zip(totals, rows[since - 1].totals))
        return Outcome(self.players, rounds, humans, totals, bet=bet, competitive=competitive,
                       cancelled=self.match.cancelled, attack=attack, made=made,
                       abandoned=tuple(i for i, s in enumerate(self.seats) if s.abandoned))

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may see (``None``: a spectator, who sees what every player sees, FT-48)."""
        if self.match is None:
            return None
        return self.match.deal.observation(SPECTATOR_VIEW if seat is None else seat)

    def _changed(self) -> None:
        self.events += 1


def _check_bots(bots: Sequence[Bot] | None, players: int) -> list[Bot]:
    if not bots:
        return [HeuristicBot()] * players
    if isinstance(bots, (str, bytes)) or len(bots) < players or not all(hasattr(b, "act") for b in bots):
        raise OptionError(f"give a bot for each of the {players} seats (a late player's turn is "
                          "played by their seat's bot)")
    return list(bots)[:players]
