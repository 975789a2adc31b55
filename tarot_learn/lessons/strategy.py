"""Strategy judged by the solver: Tarot Solitaire positions where a tempting move loses the deal.

Each :class:`Decision` is a position (a layout) with two moves: the tempting one, a card sent up to its
foundation, after which the solver proves the deal lost; and one that keeps it winnable, for which the
solver finds a win.  Lesson 04 asks "which move keeps this deal winnable?" and shows the proof;
:func:`verdict` runs the solver on the position after a move.  The positions were found by a search
with the solver over small end games (foundations mostly built), so each proof takes a fraction of
a second.

>>> verdict(DECISIONS[0], DECISIONS[0].keeps).status.value
'solved'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tarot_learn import games
from tarot_learn.solve import Result, solve

__all__ = ["Decision", "DECISIONS", "position", "verdict", "SECONDS"]

SECONDS = 5.0       # the solver's budget for one proof; each takes well under a second


@dataclass(frozen=True)
class Decision:
    """A position, the tempting move that loses it and a move that keeps it winnable."""

    layout: str
    tempting: str
    keeps: str


DECISIONS = (
    Decision('f1: ..QW\nf2: ..NC\nf3: ..AS\nf4: ..QP\nf5: ..T20\nt1: [PS T0 QS] QC\n'
             't2: [KS KC 2S] KW\nt3: [10S T21 9S] KP\nt4: [5S 4S NS] 6S\ns: 3S 7S 8S',
             tempting='t1>f2', keeps='t2>f1'),
    Decision('f1: ..QW\nf2: ..QC\nf3: ..AS\nf4: ..10P\nf5: ..T20\nt1: [4S PP 2S 8S] KC\n'
             't2: [10S 9S 5S PS] KW\nt3: [QP NS 7S] T21\nt4: [KP 3S QS] KS\ns: NP 6S',
             tempting='t1>f2', keeps='t3>f5'),
    Decision('f1: ..NW\nf2: ..QC\nf3: ..QS\nf4: ..AP\nf5: ..T21\nt1: [9P 3P KC QP] QW\n'
             't2: [KW T0 KS 2P] KP\nt3: [10P PP 5P 6P] NP\ns: 4P 7P 8P',
             tempting='t1>f1', keeps='t3>t1'),
    Decision('f1: ..NW\nf2: ..AC\nf3: ..NS\nf4: ..QP\nf5: ..T20\nt1: [8C QC 2C 3C KW] KS\n'
             't2: [QS PC 5C 9C KC] NC\nt3: [T21 7C 6C KP] QW\ns: 4C 10C',
             tempting='t3>f1', keeps='t2>t3'),
    Decision('f1: ..2W\nf2: ..PC\nf3: ..NS\nf4: ..QP\nf5: ..T20\nt1: [QW NW 9W] T21\n'
             't2: [KP KC 5W] NC\nt3: [3W PW] 7W\nt4: [QC QS] KW\nt5: [6W KS] T0\ns: 8W 4W 10W',
             tempting='t2>f2', keeps='t1>f5'),
    Decision('f1: ..QW\nf2: ..10C\nf3: ..AS\nf4: ..QP\nf5: ..T21\nt1: [4S 3S PS KC T0] KP\n'
             't2: [10S 6S 2S NS QC] 9S\nt3: [KS 8S PC NC] KW\ns: 7S 5S QS',
             tempting='t3>f1', keeps='t1>f4'),
)


def position(decision: Decision) -> Any:
    """The decision's position, as a Tarot Solitaire state."""
    return games.from_layout("tarot-solitaire", decision.layout)


def verdict(decision: Decision, move: str, seconds: float = SECONDS) -> Result:
    """The solver's verdict on the position after ``move``: solved (a win exists) or impossible."""
    after = position(decision)
    after.play(move)
    return solve(after, seconds=seconds)
