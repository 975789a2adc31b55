"""What a search returns: a verdict, the moves of a solution, and what it cost.

>>> r = Result(Status.SOLVED, (), 12, 0.01)
>>> r.solved, r.decided, str(r)
(True, True, 'solved in 0 moves (12 states, 0.01 s)')
>>> Result(Status.UNDECIDED, (), 5000, 1.0).decided
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..core import Move
from ..errors import OptionError

__all__ = ["Status", "Result", "SolveError"]


class SolveError(OptionError):
    """A request the solver cannot serve: a game it does not know how to search, a bad budget.
    An :class:`~tarot_learn.errors.OptionError`, so one ``except TarotLearnError`` catches it."""


class Status(str, Enum):
    """The three verdicts: a winning line was found, no line can win, or the budget ran out."""

    SOLVED = "solved"
    IMPOSSIBLE = "impossible"
    UNDECIDED = "undecided"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Result:
    """``status``; ``moves`` (a solution when solved: replays through ``play()`` from the position
    searched); ``states`` examined; ``seconds`` spent; ``reason`` says why an undecided search
    stopped (``'states'`` or ``'seconds'``); ``reason_lost`` says in a sentence why an impossible
    position is lost, where the reason is simple (empty otherwise)."""

    status: Status
    moves: tuple[Move, ...]
    states: int
    seconds: float
    reason: str = field(default="", compare=False)
    reason_lost: str = field(default="", compare=False)

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def impossible(self) -> bool:
        return self.status is Status.IMPOSSIBLE

    @property
    def decided(self) -> bool:
        return self.status is not Status.UNDECIDED

    def __str__(self) -> str:
        cost = f"({self.states} states, {self.seconds:.2f} s)"
        if self.solved:
            return f"solved in {len(self.moves)} moves {cost}"
        if self.impossible:
            why = f": {self.reason_lost}" if self.reason_lost else ""
            return f"proved impossible{why} {cost}"
        why = f": the {self.reason} budget ran out" if self.reason else ""
        return f"undecided{why} {cost}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able summary (the explorer's cache lines)."""
        out = {"status": self.status.value, "moves": [str(m) for m in self.moves],
               "states": self.states, "seconds": round(self.seconds, 4)}
        if self.reason_lost:
            out["reason_lost"] = self.reason_lost
        return out
