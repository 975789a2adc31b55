"""Solvers, hints and the winnability explorer (floor 2: reads the rules core, never the art).

* :func:`solve` decides a position seeing every card (thoughtful solving): ``Result(status,
  moves, states, seconds)`` with ``status`` solved, impossible or undecided;
* :func:`hint` suggests a move seeing only what the player sees (determinized search);
* :func:`can_still_win` says ``False`` only when the position is proved lost, and
  :func:`lost_reason` says why in one sentence where the reason is simple;
* :func:`explore` measures win rates over many seeded deals of a game or a rule variant, on every
  core or on any ``concurrent.futures.Executor`` (a Dask cluster: ``explorer.dask_executor``),
  cached on disk.

>>> from tarot_learn import games
>>> r = solve(games.new("tarot-solitaire", seed=1, face_down_row=False), seconds=5)
>>> r.status
<Status.SOLVED: 'solved'>
"""

from .result import Result, SolveError, Status
from .search import solve
from .player import can_still_win, hint, determinize, winnable_deal
from .lost import lost_reason

__all__ = ["Result", "SolveError", "Status", "solve", "hint", "can_still_win", "determinize",
           "winnable_deal", "lost_reason", "explore"]


def explore(*args, **kwargs):  # noqa: D103 - documented in explorer.explore
    from .explorer import explore as _explore

    return _explore(*args, **kwargs)


explore.__doc__ = "Win rates over many seeded deals: see :func:`tarot_learn.solve.explorer.explore`."
